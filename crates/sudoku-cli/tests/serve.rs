//! `sudoku serve`: the binary serves the same answers as the commands (a
//! book byte for byte, generated sets row for row), says where it serves,
//! and fails clearly when the address is taken.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use crate::util::sudoku;

/// A `sudoku serve --port 0` child, killed when dropped.
struct Served {
    child: Child,
    addr: String,
}

impl Served {
    fn start() -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
            .args(["serve", "--port", "0"])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("{line}"));
        Served { child, addr: url.trim_start_matches("http://").trim_end_matches('/').to_string() }
    }

    /// `POST /api/{path}` with a JSON body over a plain socket: the status
    /// and the body.
    fn post(&self, path: &str, body: &serde_json::Value) -> (u16, Vec<u8>) {
        let body = body.to_string();
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        write!(
            stream,
            "POST /api/{path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("the end of the headers");
        let head = String::from_utf8_lossy(&answer[..split]).to_string();
        assert!(!head.to_ascii_lowercase().contains("transfer-encoding: chunked"), "{head}");
        let status = head[9..12].parse().unwrap();
        (status, answer[split + 4..].to_vec())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `/api/book` answers the very bytes `sudoku book` writes with the same
/// options: the PDF and its CSV.
#[test]
fn r35_the_api_book_is_the_book_command_s_book() {
    let dir = tempfile::tempdir().unwrap();
    let (pdf, csv) = (dir.path().join("b.pdf"), dir.path().join("b.csv"));
    sudoku()
        .args([
            "book",
            "--sections",
            "easy:2,medium:3",
            "--seed",
            "9",
            "--trim",
            "6x9",
            "--title",
            "Nine",
            "-q",
            "-o",
        ])
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .assert()
        .success();
    let served = Served::start();
    let ask = |format: &str| {
        serde_json::json!({
            "sections": [["easy", 2], ["medium", 3]], "seed": 9, "trim": "6x9", "title": "Nine", "format": format
        })
    };
    let (status, body) = served.post("book", &ask("pdf"));
    assert_eq!(status, 200);
    assert!(body == std::fs::read(&pdf).unwrap(), "the PDFs differ");
    let (status, body) = served.post("book", &ask("csv"));
    assert_eq!(status, 200);
    assert_eq!(String::from_utf8(body).unwrap(), std::fs::read_to_string(&csv).unwrap());
}

/// `/api/generate` gives `sudoku generate`'s rows for the same seed and
/// band.
#[test]
fn r35_the_api_generates_the_generate_command_s_puzzles() {
    let out = sudoku()
        .args([
            "generate",
            "--seed",
            "21",
            "-n",
            "3",
            "--difficulty",
            "hard",
            "--symmetry",
            "mirror",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let cli: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let served = Served::start();
    let (status, body) = served.post(
        "generate",
        &serde_json::json!({ "seed": 21, "number": 3, "band": "hard", "symmetry": "mirror" }),
    );
    assert_eq!(status, 200);
    let api: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let rows = api["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for (a, c) in rows.iter().zip(&cli) {
        for key in ["id", "puzzle", "solution", "rating", "band", "technique"] {
            assert_eq!(a[key], c[key], "{key}");
        }
    }
}

/// A port in use is a clear error (exit 2) that names the address and the
/// way out; the help teaches the API.
#[test]
fn r35_a_taken_port_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = sudoku().args(["serve", "--port", &port]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("127.0.0.1:{port}")) && err.contains("--port 0"), "{err}");
    let help = sudoku().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for word in ["/api/hint", "/api/book", "Ctrl-C", "--bind"] {
        assert!(help.contains(word), "{word} is not in the help");
    }
}

/// The CPU time (user + system) the process `pid` has used, in seconds,
/// from `/proc/PID/stat` (clock ticks of 1/100 s).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    ticks as f64 / 100.0
}

/// The request of issue 43's report: an empty 25x25 with four extra rules,
/// whose search runs for minutes.
fn endless_record() -> serde_json::Value {
    let record = format!(
        r#"{{"size":25,"rules":["non-consecutive","x","anti-knight","disjoint-groups"],"givens":"{}"}}"#,
        ".".repeat(625)
    );
    serde_json::json!({ "input": record, "mode": "count" })
}

/// Issue 43: a variant search whose client hangs up stops within a second
/// (the server's CPU time stands still after it), and variant solves are
/// heavy work: beyond two at once, 429.
#[test]
fn r43_a_variant_search_stops_when_its_client_leaves_and_counts_as_heavy() {
    let served = Served::start();
    let pid = served.child.id();
    let body = endless_record().to_string();
    let send = || {
        let mut stream = TcpStream::connect(&served.addr).unwrap();
        write!(
            stream,
            "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            served.addr,
            body.len()
        )
        .unwrap();
        stream
    };
    let first = send();
    let second = send();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // A third long search at once is refused at once.
    let (status, answer) = served.post("solve", &endless_record());
    assert_eq!(status, 429, "{}", String::from_utf8_lossy(&answer));
    // The two searches run: half a second of the server's CPU within ten
    // seconds of wall time (a loaded machine gives it less than its cores).
    let busy = cpu_seconds(pid);
    let started = std::time::Instant::now();
    while cpu_seconds(pid) - busy <= 0.5 {
        assert!(started.elapsed().as_secs() < 10, "the two searches were not running");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // Both clients hang up: the searches stop.
    drop(first);
    drop(second);
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let after = cpu_seconds(pid);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let spent = cpu_seconds(pid) - after;
    assert!(spent < 0.2, "the server kept working after its clients left: {spent} s of CPU in 1.5 s");
    // And it answers.
    let (status, _) =
        served.post("solve", &serde_json::json!({ "input": "1...............", "mode": "count" }));
    assert_eq!(status, 200);
}
