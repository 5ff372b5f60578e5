//! `sudoku serve` under load (issue 35): 200 clients on loopback, each
//! asking for a hint or a grade and the next as soon as the answer comes
//! (no think time), for 30 s (`SERVE_SECONDS`). Hints are asked from the
//! positions met when following the hints of the medium and hard puzzles of
//! `fixtures/grade/se_calibration_sample.csv` (ER 2.6–5.9) from their
//! givens; grades are of those puzzles' givens; three hints to one grade.
//!
//! Prints p50/p90/p99/max latency and throughput per kind, the statuses
//! (every request must answer 200: none is refused on purpose here), the
//! server's resident memory each 5 s (it must stay flat), and the peer in
//! the same run: the same requests answered by the library in this process
//! on one thread, with no HTTP, which gives the server's efficiency.
//!
//! Beside them (issue 43), the hostile part of the load: clients that ask
//! for heavy work without pause (variant solves of the fixtures' killer and
//! jigsaw puzzles and of an empty 16x16 non-consecutive, which runs to the
//! time budget; books; lists of 50 grades), answered 200, 422 (budget
//! spent) or 429 (busy); and clients that trickle a body a byte a second,
//! cut off at the read timeout, then come back. After the load, the
//! server's memory is followed for `SERVE_SETTLE` seconds (60): it must go
//! back near its idle figure.
//!
//! Needs the release binary (`cargo xtask bench serve` builds it).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Position};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;

const CLIENTS: usize = 200;

/// Left out of the latencies and rates: connecting and warming up.
const WARM_UP: Duration = Duration::from_secs(2);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The request bodies: hints (positions along the hint paths) and grades.
fn workload() -> (Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(root().join("fixtures/grade/se_calibration_sample.csv")).unwrap();
    let puzzles: Vec<Grid> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let er: f64 = f.get(1)?.parse().ok()?;
            (2.6..6.0).contains(&er).then(|| Grid::parse_line(f[0]).ok()).flatten()
        })
        .collect();
    let mut grader = Grader::new();
    let mut hints = Vec::new();
    for puzzle in &puzzles {
        let mut p = Position::from_givens(*puzzle);
        loop {
            let mut body = sudoku_io::position_json(&p);
            body["level"] = "full".into();
            hints.push(body.to_string());
            let h = grader.hint(&p, Level::Full);
            if h.status != Status::Hint {
                break;
            }
            p = h.apply_to(&p);
        }
    }
    let grades = puzzles.iter().map(|g| serde_json::json!({ "input": g.to_line() }).to_string()).collect();
    (hints, grades)
}

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let bin = root().join("target/release/sudoku");
        let mut child = Command::new(&bin)
            .args(["serve", "--port", "0"])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e} (cargo xtask bench serve builds it)", bin.display()));
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
        let addr =
            line.split_whitespace().find(|w| w.starts_with("http://")).expect("the address").to_string();
        Server { child, addr }
    }

    /// Resident memory, in MiB: all of it.
    fn rss_mib(&self) -> f64 {
        self.status_mib("VmRSS:")
    }

    /// Resident memory, in MiB: the anonymous part (heap, stacks), not the
    /// pages of the binary's code and data that have been read.
    fn anon_mib(&self) -> f64 {
        self.status_mib("RssAnon:")
    }

    fn status_mib(&self, field: &str) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .map_or(f64::NAN, |kib| kib / 1024.0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Default)]
struct Tally {
    hint_ms: Vec<f64>,
    grade_ms: Vec<f64>,
    statuses: std::collections::BTreeMap<u16, u64>,
    errors: u64,
    /// The hostile part: statuses per kind, and trickling bodies cut off.
    heavy: std::collections::BTreeMap<(&'static str, u16), u64>,
    heavy_errors: u64,
    trickles_cut: u64,
    trickle_ms: Vec<f64>,
}

/// Posts `body` as JSON; the answer's status once its body is read.
async fn post(client: &reqwest::Client, url: &str, body: String) -> Option<u16> {
    let sent = client.post(url).header("Content-Type", "application/json").body(body).send().await;
    match sent {
        Ok(r) => {
            let status = r.status().as_u16();
            r.bytes().await.map(|_| status).ok()
        }
        Err(_) => None,
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Clients asking for heavy work, by kind.
const HEAVY_CLIENTS: [(&str, usize); 4] =
    [("variant solve", 4), ("long variant", 2), ("book", 2), ("grade list", 2)];

/// Clients trickling a body.
const TRICKLERS: usize = 16;

/// The heavy requests' paths and bodies, by kind.
fn heavy_work(grades: &[String]) -> Vec<(&'static str, &'static str, Vec<String>)> {
    let fixture = |name: &str| -> Vec<String> {
        let text = std::fs::read_to_string(root().join("fixtures/variant").join(name)).unwrap();
        text.lines().map(|l| serde_json::json!({ "input": l, "mode": "count" }).to_string()).collect()
    };
    let mut variants = fixture("killer9.jsonl");
    variants.extend(fixture("jigsaw9.jsonl"));
    let empty16 = format!(r#"{{"size":16,"rules":["non-consecutive"],"givens":"{}"}}"#, ".".repeat(256));
    let long = vec![serde_json::json!({ "input": empty16, "mode": "count" }).to_string()];
    let books = (0..8).map(|seed| serde_json::json!({ "number": 100, "seed": seed }).to_string()).collect();
    let input: Vec<String> = grades
        .iter()
        .map(|g| serde_json::from_str::<serde_json::Value>(g).unwrap()["input"].as_str().unwrap().to_string())
        .collect();
    let lists = (0..4)
        .map(|k| {
            let list: Vec<&str> = input.iter().cycle().skip(k * 13).take(300).map(String::as_str).collect();
            serde_json::json!({ "input": list.join("\n"), "explain": true }).to_string()
        })
        .collect();
    vec![
        ("variant solve", "api/solve", variants),
        ("long variant", "api/solve", long),
        ("book", "api/book", books),
        ("grade list", "api/grade", lists),
    ]
}

/// One trickling client: headers, then the body a byte a second, until
/// the server closes the connection; its time to be cut off is tallied.
fn trickle(addr: &str, stop: &AtomicBool, tally: &Mutex<Tally>) {
    use std::io::{Read, Write};
    let host = addr.trim_start_matches("http://").trim_end_matches('/');
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = std::net::TcpStream::connect(host) else {
            tally.lock().unwrap().heavy_errors += 1;
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_millis(1000)));
        let head = format!(
            "POST /api/grade HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        );
        let t = Instant::now();
        let mut cut = stream.write_all(head.as_bytes()).is_err();
        let mut buf = [0u8; 512];
        while !cut && !stop.load(Ordering::Relaxed) {
            if stream.write_all(b" ").is_err() {
                cut = true;
                break;
            }
            match stream.read(&mut buf) {
                Ok(0) => cut = true,
                Ok(_) => {
                    // The 408 answer; the close follows.
                    cut = true;
                }
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => cut = true,
            }
        }
        if cut {
            let mut tally = tally.lock().unwrap();
            tally.trickles_cut += 1;
            tally.trickle_ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
}

fn main() {
    let seconds: u64 = std::env::var("SERVE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let settle: u64 = std::env::var("SERVE_SETTLE").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let (hints, grades) = workload();
    let heavy = heavy_work(&grades);
    let server = Server::start();
    let url = server.addr.clone();
    std::thread::sleep(Duration::from_millis(200));
    let (idle, idle_anon) = (server.rss_mib(), server.anon_mib());
    println!(
        "## sudoku serve under load: {CLIENTS} clients, {seconds} s, {} hint positions, {} puzzles; \
         heavy clients {HEAVY_CLIENTS:?}; {TRICKLERS} trickling bodies",
        hints.len(),
        grades.len()
    );

    let tally = Arc::new(Mutex::new(Tally::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let tricklers: Vec<_> = (0..TRICKLERS)
        .map(|_| {
            let (url, stop, tally) = (url.clone(), stop.clone(), tally.clone());
            std::thread::spawn(move || trickle(&url, &stop, &tally))
        })
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut memory = Vec::new();
    let start = Instant::now();
    runtime.block_on(async {
        let client = reqwest::Client::builder().pool_max_idle_per_host(CLIENTS + 16).build().unwrap();
        let hints = Arc::new(hints);
        let grades = Arc::new(grades);
        let mut tasks = Vec::new();
        for k in 0..CLIENTS {
            let (client, tally, stop, hints, grades, url) =
                (client.clone(), tally.clone(), stop.clone(), hints.clone(), grades.clone(), url.clone());
            tasks.push(tokio::spawn(async move {
                let mut i = k * 7919;
                while !stop.load(Ordering::Relaxed) {
                    i += 1;
                    let is_grade = i % 4 == 0;
                    let (path, body) = match is_grade {
                        true => ("api/grade", grades[i % grades.len()].clone()),
                        false => ("api/hint", hints[i % hints.len()].clone()),
                    };
                    let t = Instant::now();
                    let status = post(&client, &format!("{url}{path}"), body).await;
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    // The first seconds open the connections and warm the
                    // server's threads: their latencies are left out.
                    let measured = start.elapsed() >= WARM_UP;
                    let mut tally = tally.lock().unwrap();
                    match status {
                        Some(s) => *tally.statuses.entry(s).or_default() += 1,
                        None => tally.errors += 1,
                    }
                    if status == Some(200) && measured {
                        match is_grade {
                            true => tally.grade_ms.push(ms),
                            false => tally.hint_ms.push(ms),
                        }
                    }
                }
            }));
        }
        for (kind, path, bodies) in heavy {
            let clients = HEAVY_CLIENTS.iter().find(|(k, _)| *k == kind).map_or(1, |(_, n)| *n);
            let bodies = Arc::new(bodies);
            for k in 0..clients {
                let (client, tally, stop, bodies, url) =
                    (client.clone(), tally.clone(), stop.clone(), bodies.clone(), url.clone());
                tasks.push(tokio::spawn(async move {
                    let mut i = k * 31;
                    while !stop.load(Ordering::Relaxed) {
                        i += 1;
                        let status =
                            post(&client, &format!("{url}{path}"), bodies[i % bodies.len()].clone()).await;
                        match status {
                            Some(s) => *tally.lock().unwrap().heavy.entry((kind, s)).or_default() += 1,
                            None => tally.lock().unwrap().heavy_errors += 1,
                        }
                        if status != Some(200) {
                            // Busy, or the budget spent: a pause, as a page would.
                            tokio::time::sleep(Duration::from_millis(200)).await;
                        }
                    }
                }));
            }
        }
        for second in 0..seconds {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if second % 5 == 0 || second + 1 == seconds {
                memory.push((second + 1, server.rss_mib()));
            }
        }
        stop.store(true, Ordering::Relaxed);
        for t in tasks {
            let _ = t.await;
        }
    });
    // The clients' connections close with the runtime that drives them.
    drop(runtime);
    for t in tricklers {
        let _ = t.join();
    }
    let peak = memory.iter().map(|(_, m)| *m).fold(f64::NAN, f64::max);
    let mut after = Vec::new();
    let quiet = Instant::now();
    for second in 1..=settle {
        std::thread::sleep(Duration::from_secs(second).saturating_sub(quiet.elapsed()));
        if second % 10 == 0 || second <= 2 || second == settle {
            after.push((second, server.rss_mib(), server.anon_mib()));
        }
    }
    let elapsed = (start.elapsed() - WARM_UP).as_secs_f64();
    let mut guard = tally.lock().unwrap();
    let tally = &mut *guard;
    println!();
    println!("| kind | requests | per second | p50 ms | p90 ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|---|---|");
    for (name, ms) in [("hint", &mut tally.hint_ms), ("grade", &mut tally.grade_ms)] {
        ms.sort_by(f64::total_cmp);
        println!(
            "| {name} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} |",
            ms.len(),
            ms.len() as f64 / elapsed,
            percentile(ms, 0.5),
            percentile(ms, 0.9),
            percentile(ms, 0.99),
            percentile(ms, 1.0)
        );
    }
    println!();
    println!(
        "statuses (warm-up included): {:?}; failed connections: {}; latencies and rates after a {} s warm-up",
        tally.statuses,
        tally.errors,
        WARM_UP.as_secs()
    );
    println!();
    println!("| heavy kind | status | answers |");
    println!("|---|---|---|");
    for ((kind, status), n) in &tally.heavy {
        println!("| {kind} | {status} | {n} |");
    }
    tally.trickle_ms.sort_by(f64::total_cmp);
    println!(
        "heavy clients' failed connections: {}; trickling bodies cut off: {} (after {:.1} s at the median, {:.1} s at most)",
        tally.heavy_errors,
        tally.trickles_cut,
        percentile(&tally.trickle_ms, 0.5) / 1e3,
        percentile(&tally.trickle_ms, 1.0) / 1e3
    );
    let rss: Vec<String> = memory.iter().map(|(s, m)| format!("{s} s: {m:.1}")).collect();
    println!(
        "server memory (MiB resident): idle {idle:.1} ({idle_anon:.1} of it anonymous); under load {}",
        rss.join(", ")
    );
    let rss: Vec<String> = after.iter().map(|(s, m, a)| format!("{s} s: {m:.1} ({a:.1})")).collect();
    println!("after the load (anonymous in brackets): {}", rss.join(", "));
    let (last, last_anon) = after.last().map_or((f64::NAN, f64::NAN), |&(_, m, a)| (m, a));
    println!(
        "memory {settle} s after the load: {last:.1} MiB = idle + {:.1} MiB; anonymous {last_anon:.1} MiB = \
         idle + {:.1} MiB (peak {peak:.1} MiB)",
        last - idle,
        last_anon - idle_anon
    );

    // The peer: the same requests' work in this process, one thread, no HTTP.
    let n_done = tally.hint_ms.len() + tally.grade_ms.len();
    let (hints, grades) = workload();
    let mut grader = Grader::new();
    let t = Instant::now();
    let mut n = 0;
    for (i, body) in hints.iter().enumerate().take(20_000) {
        let p = sudoku_io::position_from_json(body.replace(",\"level\":\"full\"", "").as_str()).unwrap();
        std::hint::black_box(grader.hint(&p, Level::Full));
        n += 1;
        if i % 3 == 0 {
            let v: serde_json::Value = serde_json::from_str(&grades[i % grades.len()]).unwrap();
            let g = Grid::parse_line(v["input"].as_str().unwrap()).unwrap();
            std::hint::black_box(grader.grade(&g).ok());
            n += 1;
        }
    }
    let library_rate = n as f64 / t.elapsed().as_secs_f64();
    let server_rate = n_done as f64 / elapsed;
    println!(
        "peer (the library in-process, 1 thread, same mix): {library_rate:.0} requests/s; the server over HTTP: \
         {server_rate:.0} requests/s = {:.2}x the library on one core",
        server_rate / library_rate
    );
    drop(server);
    let refused = tally.heavy.keys().any(|&(_, s)| ![200, 422, 429].contains(&s));
    if tally.errors > 0 || tally.statuses.keys().any(|&s| s != 200) || refused {
        eprintln!("serve bench: some requests failed");
        std::process::exit(1);
    }
}
