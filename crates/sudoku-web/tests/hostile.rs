//! Hostile and careless requests: each gets a JSON error with its status
//! (and the record, line and column of a bad input), in bounded time, and
//! the server goes on answering.

use std::time::{Duration, Instant};

use crate::common::{error_of, post, post_raw, start};
use serde_json::json;
use sudoku_web::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Malformed JSON, unknown fields, wrong types, deep nesting, a bad record,
/// too many records, an oversized body, a wrong content type, unknown
/// names: 4xx with a message, and a bad record's place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_json_errors_that_say_where() {
    let addr = start(Limits::default()).await;
    let raw = |body: &str| post_raw(addr, "solve", "application/json", body.as_bytes().to_vec());

    let (status, body) = raw("{\"input\": \"1\",").await;
    assert_eq!(status, 400);
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(error_of(400, &body)["message"].as_str().unwrap().contains("line 1 column"), "{body}");

    let (status, body) = post(addr, "solve", &json!({ "input": PUZZLE, "mood": "count" })).await;
    assert!(error_of(status, &body)["message"].as_str().unwrap().contains("mood"), "{body}");
    assert_eq!(status, 400);

    let deep = "[".repeat(100_000);
    let (status, _) = raw(&format!("{{\"input\": {deep}")).await;
    assert_eq!(status, 400);

    let input = format!("{PUZZLE}\n{PUZZLE}\n4....x8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
    let (status, body) = post(addr, "grade", &json!({ "input": input })).await;
    let e = error_of(status, &body);
    assert_eq!(status, 400);
    assert_eq!(
        (e["record"].as_u64(), e["line"].as_u64(), e["column"].as_u64()),
        (Some(3), Some(3), Some(6)),
        "{body}"
    );

    let many = format!("{PUZZLE}\n").repeat(10_000);
    let (status, body) = post(addr, "solve", &json!({ "input": many })).await;
    assert_eq!(status, 413);
    assert!(error_of(413, &body)["message"].as_str().unwrap().contains("1000"), "{body}");

    let huge = json!({ "input": "1".repeat(2 << 20) }).to_string();
    let (status, _) = raw(&huge).await;
    assert_eq!(status, 413);

    let (status, _) = post_raw(addr, "solve", "application/x-www-form-urlencoded", b"input=1".to_vec()).await;
    assert_eq!(status, 415);

    for (path, body) in [
        ("generate", json!({ "band": "impossible" })),
        ("generate", json!({ "number": 0 })),
        ("hint", json!({ "givens": PUZZLE, "level": "everything" })),
        ("hint", json!({ "givens": "123" })),
        ("hint", json!({ "givens": PUZZLE, "steps": 1000 })),
        ("book", json!({ "trim": "1x1" })),
        ("book", json!({ "number": 100_000 })),
        ("solve", json!({ "input": PUZZLE, "mode": "all", "limit": 1_000_000 })),
        ("solve", json!({ "input": "" })),
        ("canon", json!({ "input": "{\"size\":4,\"givens\":\"1...............\"}" })),
        ("solve", json!({ "input": "{\"size\":4,\"givens\":\"1...............\"}", "mode": "max-score" })),
        ("solve", json!({ "input": "{\"size\":4,\"givens\":\"1...............\",\"rules\":[\"chess\"]}" })),
    ] {
        let (status, answer) = post(addr, path, &body).await;
        assert!((400..500).contains(&status), "{path} {body}: {status} {answer}");
        error_of(status, &answer);
    }
    let (status, _) = post(addr, "health", &json!({})).await;
    assert_eq!(status, 405);
    assert_still_up(addr).await;
}

/// The server still answers.
async fn assert_still_up(addr: std::net::SocketAddr) {
    let r = reqwest::get(format!("http://{addr}/api/health")).await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
}

/// A band out of reach in the time budget stops at the budget and says so
/// (422), and so does a long grade list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_stops_at_the_time_budget() {
    let limits = Limits { time_budget: Duration::from_millis(100), ..Limits::default() };
    let addr = start(limits).await;
    let t = Instant::now();
    let (status, body) =
        post(addr, "generate", &json!({ "band": "extreme", "number": 100, "seed": 1 })).await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(422, &body)["message"].as_str().unwrap().contains("stopped"), "{body}");
    let (status, body) = post(addr, "grade", &json!({ "input": hardest(1000) })).await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(422, &body)["message"].as_str().unwrap().contains("time budget"), "{body}");
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
}

/// `n` puzzles from the hardest sample, repeated: seconds of grading.
fn hardest(n: usize) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/grade/se_hardest_sample.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles: Vec<&str> = text.lines().skip(1).map(|l| l.split('\t').next().unwrap()).collect();
    puzzles.iter().cycle().take(n).map(|p| format!("{p}\n")).collect()
}

/// A heavy request beyond the cap is refused at once with 429 and
/// Retry-After, while light ones are still answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_beyond_the_cap_is_refused() {
    let limits = Limits { time_budget: Duration::from_secs(3), max_heavy: 1, ..Limits::default() };
    let addr = start(limits).await;
    // A long grade list holds the only heavy slot for the whole budget.
    let long = tokio::spawn(async move { post(addr, "grade", &json!({ "input": hardest(1000) })).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/api/generate"))
        .json(&json!({ "band": "easy" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429);
    assert_eq!(response.headers()["retry-after"], "1");
    let (status, _) = post(addr, "hint", &json!({ "givens": PUZZLE })).await;
    assert_eq!(status, 200);
    let (status, _) = long.await.unwrap();
    assert_eq!(status, 422);
    let (status, _) = post(addr, "generate", &json!({ "band": "easy" })).await;
    assert_eq!(status, 200);
}

/// Issue 46: with the heavy slot taken, an ordinary variant hint, grade
/// and model (a killer of the fixtures: its search ends within the light
/// budget) are still answered; a hopeless search is refused with 429 at
/// once instead of holding a light slot past its light budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ordinary_variant_work_is_light_work() {
    let limits = Limits { time_budget: Duration::from_secs(3), max_heavy: 1, ..Limits::default() };
    let addr = start(limits).await;
    let long = tokio::spawn(async move { post(addr, "grade", &json!({ "input": hardest(1000) })).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (line, mut killer) = crate::common::fixture("killer9");
    killer.as_object_mut().unwrap().remove("solution");
    let (status, body) = post(addr, "hint", &killer).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["steps"][0]["status"], "hint", "{body}");
    for path in ["grade", "puzzle"] {
        let (status, body) = post(addr, path, &json!({ "input": line })).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    let jigsaw = r#"{"size":9,"regions":"111222333111222333112122333444555666444555666444555666777888999777888999777888999"}"#;
    let t = Instant::now();
    let (status, _) = post(addr, "hint", &serde_json::from_str(jigsaw).unwrap()).await;
    assert_eq!(status, 429);
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    let (status, _) = long.await.unwrap();
    assert_eq!(status, 422);
}

/// A client that trickles its headers, or never sends its body, is cut off
/// after the read timeout, while others are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off() {
    let limits = Limits { read_timeout: Duration::from_millis(400), ..Limits::default() };
    let addr = start(limits).await;
    let t = Instant::now();
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n").await.unwrap();
    let mut half_body = tokio::net::TcpStream::connect(addr).await.unwrap();
    half_body
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"in")
        .await
        .unwrap();
    let (status, _) = post(addr, "solve", &json!({ "input": PUZZLE })).await;
    assert_eq!(status, 200);
    for stream in [&mut slow, &mut half_body] {
        // The server ends the connection (with or without a 408 first).
        let mut buf = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut buf)).await;
        assert!(read.is_ok(), "the connection was not closed");
        let text = String::from_utf8_lossy(&buf);
        assert!(buf.is_empty() || text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(buf.is_empty() || text.contains("did not arrive in time"), "{text}");
    }
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_still_up(addr).await;
}

/// Connections beyond the cap are closed at once, idle ones are closed
/// after the read timeout, and then the server answers again: a crowd of
/// silent sockets cannot hold it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_cannot_hold_the_server() {
    let limits = Limits { max_connections: 8, read_timeout: Duration::from_millis(400), ..Limits::default() };
    let addr = start(limits).await;
    let mut idle = Vec::new();
    for _ in 0..8 {
        idle.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The ninth is accepted and closed at once: it reads the end.
    let mut extra = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = extra.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await;
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), extra.read_to_end(&mut buf)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "{read:?} {}", String::from_utf8_lossy(&buf));
    // The silent ones are cut off after the read timeout.
    for stream in &mut idle {
        let read = tokio::time::timeout(Duration::from_secs(3), stream.read_to_end(&mut buf)).await;
        assert!(read.is_ok(), "an idle connection was kept");
    }
    assert_still_up(addr).await;
}

/// A variant puzzle whose search never ends (an empty jigsaw with no
/// solution, which only the law of leftovers would see) stops at the node
/// budget and says `stopped`, in bounded time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hopeless_variant_search_stops() {
    let limits = Limits { variant_nodes: 20_000, ..Limits::default() };
    let addr = start(limits).await;
    let jigsaw = r#"{"size":9,"regions":"111222333111222333112122333444555666444555666444555666777888999777888999777888999"}"#;
    let t = Instant::now();
    let (status, body) = post(addr, "solve", &json!({ "input": jigsaw, "mode": "count" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"][0]["status"], "stopped", "{body}");
    assert!(body["rows"][0]["nodes"].as_u64().unwrap() <= 20_001, "{body}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

/// Issue 46: grading and hinting a variant puzzle search its solutions
/// within the same node budget: the hopeless jigsaw above is `stopped`
/// there too, in bounded time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hopeless_variant_grade_or_hint_stops() {
    let limits = Limits { variant_nodes: 20_000, ..Limits::default() };
    let addr = start(limits).await;
    let jigsaw = r#"{"size":9,"regions":"111222333111222333112122333444555666444555666444555666777888999777888999777888999"}"#;
    let t = Instant::now();
    let (status, body) = post(addr, "grade", &json!({ "input": jigsaw })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"][0]["status"], "stopped", "{body}");
    let position: serde_json::Value = serde_json::from_str(jigsaw).unwrap();
    let (status, body) = post(addr, "hint", &position).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "stopped", "{body}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert_still_up(addr).await;
}

/// One request written as `head` (its lines, without the blank line) and
/// `body` on a fresh connection; the status and the whole answer.
async fn exchange(addr: std::net::SocketAddr, head: &str, body: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut buf)).await.unwrap().unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text)
}

/// Issue 43: another site's page cannot use the server. A "simple" request
/// (text/plain or no content type, which a browser sends cross-site without
/// asking) is refused with 415 before any work, a foreign `Origin` with
/// 403, a `Host` that is not this server's (DNS rebinding) with 403, for
/// the page and the API alike; the server's own page (its origin, its
/// host) is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_page_may_use_it() {
    let addr = start(Limits::default()).await;
    let port = addr.port();
    let book = r#"{"sections": [["easy", 1]]}"#;
    let own = format!("Host: 127.0.0.1:{port}");
    let t = Instant::now();
    for content_type in ["Content-Type: text/plain", "Content-Type: application/x-www-form-urlencoded", ""] {
        let head =
            format!("POST /api/book HTTP/1.1\r\n{own}\r\nOrigin: https://evil.example\r\n{content_type}");
        let (status, answer) = exchange(addr, head.trim_end(), book).await;
        assert_eq!(status, 403, "{content_type}: {answer}");
        let head = format!("POST /api/book HTTP/1.1\r\n{own}\r\n{content_type}");
        let (status, answer) = exchange(addr, head.trim_end(), book).await;
        assert_eq!(status, 415, "{content_type}: {answer}");
        assert!(answer.contains("application/json"), "{answer}");
    }
    assert!(t.elapsed() < Duration::from_secs(2), "work was done: {:?}", t.elapsed());
    let json = "Content-Type: application/json";
    for origin in ["https://evil.example", "null", "http://127.0.0.1:1", "http://evil.example"] {
        let head = format!("POST /api/solve HTTP/1.1\r\n{own}\r\n{json}\r\nOrigin: {origin}");
        let (status, answer) = exchange(addr, &head, &format!(r#"{{"input": "{PUZZLE}"}}"#)).await;
        assert_eq!(status, 403, "{origin}: {answer}");
        assert!(answer.contains("only this server's own page"), "{answer}");
    }
    // Names an attacker could re-point at this machine are refused, page
    // and API; this machine's names are served (with their own origin).
    let refused = [
        format!("evil.example:{port}"),
        "evil.example".to_string(),
        format!("127.0.0.1.evil.example:{port}"),
    ];
    let served = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let solve = format!(r#"{{"input": "{PUZZLE}"}}"#);
    for (host, want) in refused.iter().map(|h| (h, 403)).chain(served.iter().map(|h| (h, 200))) {
        let (status, answer) = exchange(addr, &format!("GET / HTTP/1.1\r\nHost: {host}"), "").await;
        assert_eq!(status, want, "{host}: {answer}");
        let head = format!("POST /api/solve HTTP/1.1\r\nHost: {host}\r\n{json}\r\nOrigin: http://{host}");
        let (status, answer) = exchange(addr, &head, &solve).await;
        assert_eq!(status, want, "{host}: {answer}");
        let said = if want == 200 { "\"status\":\"solved\"" } else { "does not name this server" };
        assert!(answer.contains(said), "{host}: {answer}");
    }
}

/// Issue 43: the whole body must arrive within the read timeout; one that
/// trickles in a byte at a time (each byte well within the timeout) is cut
/// off at it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trickling_body_is_cut_off_at_the_read_timeout() {
    let limits = Limits { read_timeout: Duration::from_millis(600), ..Limits::default() };
    let addr = start(limits).await;
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    writer
        .write_all(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        .await
        .unwrap();
    let t = Instant::now();
    // A byte every 50 ms, until the server closes the connection.
    let trickle = tokio::spawn(async move {
        for _ in 0..100 {
            if writer.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), reader.read_to_end(&mut buf)).await;
    trickle.abort();
    assert!(read.is_ok(), "the connection was not closed");
    let text = String::from_utf8_lossy(&buf);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(t.elapsed() < Duration::from_millis(2500), "{:?}", t.elapsed());
    assert_still_up(addr).await;
}

/// Issue 43: a variant search is bounded by the request's time budget as
/// well as by nodes, and so is a list of them as a whole (not per record).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variant_searches_stop_at_the_time_budget_of_the_request() {
    let limits =
        Limits { time_budget: Duration::from_millis(800), variant_nodes: u64::MAX, ..Limits::default() };
    let addr = start(limits).await;
    let empty25 = format!(
        r#"{{"size":25,"rules":["non-consecutive","x","anti-knight","disjoint-groups"],"givens":"{}"}}"#,
        ".".repeat(625)
    );
    let t = Instant::now();
    let (status, body) = post(addr, "solve", &json!({ "input": empty25, "mode": "count" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"][0]["status"], "stopped", "{body}");
    assert!(t.elapsed() < Duration::from_millis(1800), "{:?}", t.elapsed());
    // Fifty long records: the budget is the request's, not each record's
    // (each of them alone would search for the whole budget).
    let many = format!("{empty25}\n").repeat(50);
    let t = Instant::now();
    let (status, body) = post(addr, "solve", &json!({ "input": many, "mode": "count" })).await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(422, &body)["message"].as_str().unwrap().contains("time budget"), "{body}");
    assert!(t.elapsed() < Duration::from_millis(1800), "{:?}", t.elapsed());
    assert_still_up(addr).await;
}

/// Issue 43: errors point at the place. A 256-cell position is refused as a
/// variant (not "after 81 cells"); a bad character in a JSON record's
/// givens has the column of the request's `input` line it is on, and the
/// message does not contradict it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_name_the_place_and_the_reason() {
    let addr = start(Limits::default()).await;
    // A 256-cell position is a 16x16 variant (issue 46: hinted), not a
    // 9x9 one "after 81 cells": an empty one has many solutions.
    let (status, body) = post(addr, "hint", &json!({ "givens": ".".repeat(256) })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "not unique", "{body}");
    assert!(!body.to_string().contains("81 cells"), "{body}");
    // Any field a classic position does not have (`size`, even 9; a
    // constraint) makes a variant record (issue 44: told by what the record
    // holds, as the CLI tells it): its answer names the variant, and 81
    // givens for a 16x16 are the variant reader's error.
    for extra in [json!({ "size": 9 }), json!({ "constraints": [] })] {
        let mut position = json!({ "givens": PUZZLE });
        position.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let (status, body) = post(addr, "hint", &position).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["variant"], "classic", "{body}");
    }
    let (status, body) = post(addr, "hint", &json!({ "givens": PUZZLE, "size": 16 })).await;
    let message = error_of(400, &body)["message"].as_str().unwrap().to_string();
    assert!(message.contains("position") && message.contains("256"), "{status} {message}");
    let record = format!(r#"{{"size":9,"rules":["x"],"givens":"{}x{}"}}"#, ".".repeat(40), ".".repeat(40));
    let (status, body) = post(addr, "solve", &json!({ "input": record })).await;
    let e = error_of(400, &body);
    assert_eq!(status, 400, "{body}");
    let column = e["column"].as_u64().unwrap() as usize;
    assert_eq!(record.chars().nth(column - 1), Some('x'), "{body}");
    assert!(e["message"].as_str().unwrap().contains("givens: unexpected 'x'"), "{body}");
    let said = format!("column {column})");
    assert!(e["message"].as_str().unwrap().contains(&said), "the message says another column: {body}");
}
