//! What the API tests share: a server on a free loopback port in this
//! process, a client, and a sudoku checker written here, independently of
//! the code under test.

#![allow(dead_code)]

use std::net::SocketAddr;

use serde_json::Value;
use sudoku_web::Limits;

/// A server on a free loopback port, serving until the test's runtime ends.
pub async fn start(limits: Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        sudoku_web::serve(
            listener,
            sudoku_web::router(limits.clone(), sudoku_web::Access::default()),
            &limits,
        )
        .await
    });
    addr
}

/// `POST http://addr/api/{path}` with `body`; the status and the JSON answer.
pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let response =
        reqwest::Client::new().post(format!("http://{addr}/api/{path}")).json(body).send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}

/// `POST` of raw bytes with a content type; the status and the body.
pub async fn post_raw(addr: SocketAddr, path: &str, content_type: &str, body: Vec<u8>) -> (u16, Vec<u8>) {
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/api/{path}"))
        .header("Content-Type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.bytes().await.unwrap().to_vec())
}

/// The 81 cells of a line (`.` or `0` is 0).
pub fn cells(line: &str) -> Vec<u8> {
    line.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect()
}

/// Whether `grid` is a full, valid sudoku grid that keeps every given.
pub fn solves(givens: &str, grid: &str) -> bool {
    let (g, s) = (cells(givens), cells(grid));
    if g.len() != 81 || s.len() != 81 || (0..81).any(|i| g[i] != 0 && g[i] != s[i]) {
        return false;
    }
    let unit_ok = |unit: Vec<usize>| {
        let mut seen = [false; 10];
        unit.into_iter()
            .all(|i| (1..=9).contains(&s[i]) && !std::mem::replace(&mut seen[s[i] as usize], true))
    };
    (0..9).all(|k| {
        unit_ok((0..9).map(|c| k * 9 + c).collect())
            && unit_ok((0..9).map(|r| r * 9 + k).collect())
            && unit_ok((0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3).collect())
    })
}

/// The index (0-80) of a cell written `rRcC`.
pub fn cell_index(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "not a cell: {name}");
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// The error object of an answer, checked to carry its status.
pub fn error_of(status: u16, body: &Value) -> &Value {
    let e = &body["error"];
    assert_eq!(e["status"].as_u64(), Some(status as u64), "{body}");
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    e
}

/// The first record of a variant fixture, with its solution (pencilmark's,
/// proven unique by CP-SAT when the fixtures were made).
pub fn fixture(name: &str) -> (String, Value) {
    let path = format!("{}/../../fixtures/variant/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| l.contains("\"solution\"")).unwrap().to_string();
    let value: Value = serde_json::from_str(&line).unwrap();
    (line, value)
}

/// The canvas index of a cell name (`r10c3`) on a grid of side `side`.
pub fn canvas_index(name: &str, side: usize) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * side + c.parse::<usize>().unwrap() - 1
}

/// The digits of a line (`1-9`, letters for 10 and up, `.` for 0),
/// whitespace and other characters skipped.
pub fn digits(text: &str) -> Vec<u8> {
    text.bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'.')
        .map(|b| match b {
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' => b - b'a' + 10,
            _ => 0,
        })
        .collect()
}
