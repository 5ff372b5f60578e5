//! `sudoku serve` under load (issue 35): 200 clients on loopback, each
//! asking for a hint or a grade and the next as soon as the answer comes
//! (no think time), for 30 s (`SERVE_SECONDS`). Hints are asked from the
//! positions met when following the hints of the medium and hard puzzles of
//! `fixtures/grade/se_calibration_sample.csv` (ER 2.6–5.9) from their
//! givens; grades are of those puzzles' givens; three hints to one grade.
//!
//! A quarter of these requests are on variant puzzles (issue 46), of eight
//! families: X, windoku and anti-knight puzzles of the same ER band, from
//! serate's ratings in `fixtures/grade/variant/`, and the unique killer,
//! jigsaw, thermo, 6x6 and 16x16 puzzles of `fixtures/variant/`. They are
//! graded, and hinted from their givens and from positions with a quarter,
//! a half and three quarters of their open cells filled with the solution's
//! digits (the solver's; cells drawn with a fixed seed); three hints to one
//! grade here too.
//!
//! Prints p50/p90/p99/max latency and throughput per kind, the statuses
//! (every classic request must answer 200; a variant hint or grade is heavy
//! work for the server, answered 429 when its heavy slots are taken, and
//! those are counted per kind), the server's resident memory each 5 s (it
//! must stay flat), and the peer in the same run: each request's work done
//! by the library in this process on one thread, with no HTTP, per kind
//! and per variant family, and its rate for the mix the server answered,
//! which gives the server's efficiency.
//!
//! Beside them (issue 43), the hostile part of the load: clients that ask
//! for heavy work without pause (variant solves of the fixtures' killer and
//! jigsaw puzzles and of an empty 16x16 non-consecutive, which runs to the
//! time budget; books; lists of 300 grades), answered 200, 422 (budget
//! spent) or 429 (busy); and clients that trickle a body a byte a second,
//! cut off at the read timeout, then come back. After the load, the
//! server's memory is followed for `SERVE_SETTLE` seconds (60): it must go
//! back near its idle figure.
//!
//! Needs the release binary (`cargo xtask bench serve` builds it).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::{json, Map, Value};
use sudoku_commands::grade::GradeRequest;
use sudoku_commands::hint::{HintRequest, Steps};
use sudoku_commands::solve::SolveMode;
use sudoku_commands::variant::answer_within;
use sudoku_core::{Grid, Position};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;
use sudoku_io::{variant_records, VariantRecord, VariantSpec};
use sudoku_variant::digit_char;

const CLIENTS: usize = 200;

/// Left out of the latencies and rates: connecting and warming up.
const WARM_UP: Duration = Duration::from_secs(2);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The ordinary requests' kinds, by index: name and path.
const KINDS: [(&str, &str); 4] = [
    ("hint", "api/hint"),
    ("grade", "api/grade"),
    ("variant hint", "api/hint"),
    ("variant grade", "api/grade"),
];

/// The kind of a client's `i`th ordinary request: every fourth is on a
/// variant puzzle, and of four classic or variant requests, one a grade.
fn kind_of(i: usize) -> usize {
    let grade = usize::from(i % 16 < 4);
    let variant = usize::from(i % 4 == 3);
    grade + 2 * variant
}

/// Variant rules rated by Sudoku Explainer, their puzzles read from
/// `fixtures/grade/variant/RULE.tsv` (serate's ratings): those of
/// [`ER_BAND`], as the classic part's.
const RATED_RULES: [&str; 3] = ["x", "windoku", "anti-knight"];

/// The other variant families, their unique puzzles read from
/// `fixtures/variant/NAME.jsonl`.
const VARIANT_FIXTURES: [&str; 5] = ["killer9", "jigsaw9", "thermo9", "classic6", "classic16"];

/// The Sudoku Explainer ratings of the puzzles asked for where there is
/// one: medium and hard.
const ER_BAND: std::ops::Range<f64> = 2.6..6.0;

/// Search nodes of one variant puzzle, as `sudoku serve`'s
/// `Limits::variant_nodes`.
const VARIANT_NODES: u64 = 500_000;

/// One request's body, and the family of its puzzle (`classic`, or the
/// variant fixture's name).
struct Request {
    family: &'static str,
    body: String,
}

/// The requests of each kind (as [`KINDS`]).
fn workload() -> [Vec<Request>; 4] {
    let (hints, grades) = classic_workload();
    let (variant_hints, variant_grades) = variant_workload();
    let classic =
        |bodies: Vec<String>| bodies.into_iter().map(|body| Request { family: "classic", body }).collect();
    [classic(hints), classic(grades), variant_hints, variant_grades]
}

/// The puzzles of a file of rated puzzles (`puzzle<sep>ER<sep>...`, a
/// header line first) whose ER is in [`ER_BAND`].
fn rated_in_band(path: &str, sep: char) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(sep).collect();
            let er: f64 = f.get(1)?.parse().ok()?;
            ER_BAND.contains(&er).then(|| f[0].to_string())
        })
        .collect()
}

/// Classic hints (positions along the hint paths) and grades.
fn classic_workload() -> (Vec<String>, Vec<String>) {
    let puzzles: Vec<Grid> = rated_in_band("fixtures/grade/se_calibration_sample.csv", ',')
        .iter()
        .filter_map(|line| Grid::parse_line(line).ok())
        .collect();
    let mut grader = Grader::new();
    let mut hints = Vec::new();
    for puzzle in &puzzles {
        let mut p = Position::from_givens(*puzzle);
        loop {
            hints.push(sudoku_io::position_json(&p).to_string());
            let h = grader.hint(&p, Level::Full);
            if h.status != Status::Hint {
                break;
            }
            p = h.apply_to(&p);
        }
    }
    let grades = puzzles.iter().map(|g| json!({ "input": g.to_line() }).to_string()).collect();
    (hints, grades)
}

/// The variant puzzles asked for, each its family's name and its JSON
/// form: [`RATED_RULES`], then [`VARIANT_FIXTURES`].
fn variant_puzzles() -> Vec<(&'static str, Map<String, Value>)> {
    let mut puzzles = Vec::new();
    for rule in RATED_RULES {
        for givens in rated_in_band(&format!("fixtures/grade/variant/{rule}.tsv"), '\t') {
            let puzzle = json!({ "size": 9, "rules": [rule], "givens": givens });
            puzzles.push((rule, puzzle.as_object().unwrap().clone()));
        }
    }
    for name in VARIANT_FIXTURES {
        let text = std::fs::read_to_string(root().join(format!("fixtures/variant/{name}.jsonl"))).unwrap();
        for line in text.lines() {
            let mut puzzle: Map<String, Value> = serde_json::from_str(line).unwrap();
            // The unique puzzles (the others are there to fail).
            if puzzle.remove("solution").is_some() {
                puzzle.remove("id");
                puzzles.push((name, puzzle));
            }
        }
    }
    puzzles
}

/// Variant hints (each puzzle's JSON form with `placed`: its givens, then
/// a quarter, a half and three quarters of its open cells filled with the
/// solution's digits, the cells drawn with a fixed seed) and grades (the
/// JSON form).
fn variant_workload() -> (Vec<Request>, Vec<Request>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(46);
    let (mut hints, mut grades) = (Vec::new(), Vec::new());
    for (family, mut puzzle) in variant_puzzles() {
        let text = Value::Object(puzzle.clone()).to_string();
        grades.push(Request { family, body: json!({ "input": text }).to_string() });
        let parsed = variant(&text).puzzle.unwrap();
        let solution = answer_within(&parsed, SolveMode::First, VARIANT_NODES).first.unwrap();
        let givens = parsed.givens();
        let mut open: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
        open.shuffle(&mut rng);
        for quarter in 0..4 {
            let mut placed = givens.to_vec();
            for &c in &open[..open.len() * quarter / 4] {
                placed[c] = solution[c];
            }
            puzzle.insert("placed".into(), placed.iter().map(|&d| digit_char(d)).collect::<String>().into());
            hints.push(Request { family, body: Value::Object(puzzle.clone()).to_string() });
        }
    }
    (hints, grades)
}

/// The first variant record of `text`.
fn variant(text: &str) -> VariantRecord {
    variant_records(text.as_bytes(), "body", VariantSpec::default()).next().unwrap()
}

/// One request's work in this process, as the server does it, without
/// HTTP: the peer.
fn work_in_process(kind: usize, body: &str, grader: &mut Grader) {
    let input =
        |body: &str| serde_json::from_str::<Value>(body).unwrap()["input"].as_str().unwrap().to_string();
    match kind {
        0 => {
            let p = sudoku_io::position_from_json(body).unwrap();
            std::hint::black_box(grader.hint(&p, Level::Full));
        }
        1 => {
            let g = Grid::parse_line(&input(body)).unwrap();
            std::hint::black_box(grader.grade(&g).ok());
        }
        2 => {
            let record = variant(body);
            let puzzle = record.puzzle.unwrap();
            // The server's work the first time it sees the puzzle: the
            // count, then the hint from the solution it found.
            let answer = answer_within(&puzzle, SolveMode::Count(2), VARIANT_NODES);
            let solution = answer.first.filter(|_| answer.count == Some(1));
            let request =
                HintRequest { level: Level::Full, steps: Steps::First(1), scale: Default::default() };
            std::hint::black_box(
                request.run_variant_with(&puzzle, record.placed.as_deref(), solution.as_deref()).ok(),
            );
        }
        _ => {
            let puzzle = variant(&input(body)).puzzle.unwrap();
            let answer = answer_within(&puzzle, SolveMode::Count(2), VARIANT_NODES);
            let solution = answer.first.filter(|_| answer.count == Some(1));
            let request = GradeRequest { explain: false, scale: Default::default() };
            std::hint::black_box(request.grade_variant_with(&puzzle, solution.as_deref()));
        }
    }
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
    /// Latencies of the ordinary requests answered 200, by kind (as
    /// [`KINDS`]), and those answered 429 (busy).
    ms: [Vec<f64>; 4],
    busy: [u64; 4],
    /// Statuses by kind, warm-up included.
    statuses: BTreeMap<(&'static str, u16), u64>,
    errors: u64,
    /// The hostile part: statuses per kind, and trickling bodies cut off.
    heavy: BTreeMap<(&'static str, u16), u64>,
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

/// A table row of the latencies `ms` (sorted here) of the requests done
/// in `seconds`: count, rate, percentiles.
fn latency_row(name: &str, ms: &mut [f64], seconds: f64) -> String {
    ms.sort_by(f64::total_cmp);
    format!(
        "| {name} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} |",
        ms.len(),
        ms.len() as f64 / seconds,
        percentile(ms, 0.5),
        percentile(ms, 0.9),
        percentile(ms, 0.99),
        percentile(ms, 1.0)
    )
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
    let work = workload();
    let grades: Vec<String> = work[1].iter().map(|r| r.body.clone()).collect();
    let heavy = heavy_work(&grades);
    let server = Server::start();
    let url = server.addr.clone();
    std::thread::sleep(Duration::from_millis(200));
    let (idle, idle_anon) = (server.rss_mib(), server.anon_mib());
    println!(
        "## sudoku serve under load: {CLIENTS} clients, {seconds} s, {} hint positions, {} puzzles; \
         variants {RATED_RULES:?} (ER {ER_BAND:?}) and {VARIANT_FIXTURES:?}: {} hint positions, {} puzzles; heavy clients {HEAVY_CLIENTS:?}; \
         {TRICKLERS} trickling bodies",
        work[0].len(),
        work[1].len(),
        work[2].len(),
        work[3].len()
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
        let work = Arc::new(work);
        let mut tasks = Vec::new();
        for k in 0..CLIENTS {
            let (client, tally, stop, work, url) =
                (client.clone(), tally.clone(), stop.clone(), work.clone(), url.clone());
            tasks.push(tokio::spawn(async move {
                let mut i = k * 7919;
                // Each kind's next body for this client.
                let mut next = [i; 4];
                while !stop.load(Ordering::Relaxed) {
                    i += 1;
                    let kind = kind_of(i);
                    next[kind] += 1;
                    let path = KINDS[kind].1;
                    let body = work[kind][next[kind] % work[kind].len()].body.clone();
                    let t = Instant::now();
                    let status = post(&client, &format!("{url}{path}"), body).await;
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    // The first seconds open the connections and warm the
                    // server's threads: their latencies are left out.
                    let measured = start.elapsed() >= WARM_UP;
                    let mut tally = tally.lock().unwrap();
                    match status {
                        Some(s) => *tally.statuses.entry((KINDS[kind].0, s)).or_default() += 1,
                        None => tally.errors += 1,
                    }
                    match status {
                        Some(200) if measured => tally.ms[kind].push(ms),
                        Some(429) if measured => tally.busy[kind] += 1,
                        _ => {}
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
    println!("| kind | requests | per second | p50 ms | p90 ms | p99 ms | max ms | busy (429) |");
    println!("|---|---|---|---|---|---|---|---|");
    for (k, (name, _)) in KINDS.iter().enumerate() {
        println!("{} {} |", latency_row(name, &mut tally.ms[k], elapsed), tally.busy[k]);
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

    // The peer: each request's work in this process, one thread, no HTTP;
    // its rate for the mix the server answered.
    let work = workload();
    let mut grader = Grader::new();
    let mut peer: [Vec<f64>; 4] = Default::default();
    let mut families: BTreeMap<(&str, usize), Vec<f64>> = BTreeMap::new();
    for (kind, requests) in work.iter().enumerate() {
        for request in requests {
            let t = Instant::now();
            work_in_process(kind, &request.body, &mut grader);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            peer[kind].push(ms);
            families.entry((request.family, kind)).or_default().push(ms);
        }
    }
    println!();
    println!(
        "| peer kind (in-process, 1 thread) | requests | per second | p50 ms | p90 ms | p99 ms | max ms |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mean_ms = |ms: &[f64]| ms.iter().sum::<f64>() / ms.len() as f64;
    for ((name, _), ms) in KINDS.iter().zip(&mut peer) {
        let seconds = ms.iter().sum::<f64>() / 1e3;
        println!("{}", latency_row(name, ms, seconds));
    }
    println!();
    println!("| variant family (in-process) | hints | mean ms | max ms | grades | mean ms | max ms |");
    println!("|---|---|---|---|---|---|---|");
    for name in RATED_RULES.iter().chain(&VARIANT_FIXTURES) {
        let cells: Vec<String> = [2, 3]
            .iter()
            .map(|&kind| {
                let ms = &families[&(*name, kind)];
                let max = ms.iter().copied().fold(0.0, f64::max);
                format!("{} | {:.1} | {max:.1}", ms.len(), mean_ms(ms))
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    let n_done: Vec<usize> = tally.ms.iter().map(Vec::len).collect();
    let library_seconds: f64 = n_done.iter().zip(&peer).map(|(&n, ms)| n as f64 * mean_ms(ms) / 1e3).sum();
    let n_done: usize = n_done.iter().sum();
    let library_rate = n_done as f64 / library_seconds;
    let server_rate = n_done as f64 / elapsed;
    println!(
        "peer (the library in-process, 1 thread, the mix the server answered): {library_rate:.0} requests/s; \
         the server over HTTP: {server_rate:.0} requests/s = {:.2}x the library on one core",
        server_rate / library_rate
    );
    drop(server);
    let refused = tally.heavy.keys().any(|&(_, s)| ![200, 422, 429].contains(&s));
    // Variant hints and grades are heavy work for the server: 429 when its
    // heavy slots are taken.
    let failed =
        tally.statuses.keys().any(|&(kind, s)| s != 200 && !(kind.starts_with("variant") && s == 429));
    if tally.errors > 0 || failed || refused {
        eprintln!("serve bench: some requests failed");
        std::process::exit(1);
    }
}
