//! `cargo xtask kills [--runs N] [--seed S]`: the random-kill harness of
//! issue 31. For each scenario (a command that replaces an older set of
//! output files), it makes the old set and, elsewhere, the new one, then
//! N times: puts the old set back, starts the command over it, sends a
//! signal (SIGTERM, SIGINT or SIGHUP, drawn at random) at a random time
//! between the start and a little past the command's usual end, and looks
//! at the directory: it must hold the old set whole or the new set whole,
//! never a mix and never a temporary file, and the exit code must say
//! which (0 with the new set; 128 + the signal with the old one).
//!
//! Whole processes, so it runs the release `sudoku` binary (built first).
//! It fails (exit 1) on the first bad outcome, naming the scenario, the
//! delay and what the directory held. Unix only (it sends signals with
//! `kill`).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// One scenario: what makes the old set, and the command that replaces it.
struct Scenario {
    name: &'static str,
    old: &'static [&'static str],
    new: &'static [&'static str],
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "generate CSV",
        old: &["generate", "-n", "50", "--seed", "1", "-q", "-o", "s.csv"],
        new: &["generate", "-n", "400", "--seed", "2", "-q", "-o", "s.csv", "--force"],
    },
    Scenario {
        name: "book PDF and CSV",
        old: &["book", "-n", "6", "--seed", "1", "-q", "-o", "b.pdf", "--csv", "b.csv"],
        new: &["book", "-n", "24", "--seed", "2", "-q", "-o", "b.pdf", "--csv", "b.csv", "--force"],
    },
    Scenario {
        name: "SVG page set over a longer one",
        old: &["book", "-n", "60", "--seed", "1", "-q", "--per-page", "1", "-o", "b.svg", "--csv", "b.csv"],
        new: &["book", "-n", "30", "--seed", "2", "-q", "-o", "b.svg", "--csv", "b.csv", "--force"],
    },
    Scenario {
        name: "print --each over a larger set",
        old: &["print", "six.txt", "-q", "--each", "img", "--answers"],
        new: &["print", "three.txt", "-q", "--each", "img", "--force"],
    },
];

/// The files under `dir` (recursively) and their bytes; the inputs
/// (`*.txt`) left out.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_none_or(|x| x != "txt") {
                out.insert(p.strip_prefix(dir).unwrap().to_path_buf(), fs::read(&p).unwrap_or_default());
            }
        }
    }
    out
}

/// Makes `dir` hold exactly `files` (and the inputs).
fn restore(dir: &Path, files: &BTreeMap<PathBuf, Vec<u8>>) {
    for p in snapshot(dir).keys() {
        let _ = fs::remove_file(dir.join(p));
    }
    for (p, bytes) in files {
        let path = dir.join(p);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }
}

/// A small deterministic generator (xorshift64*), so a run can be repeated.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn write_inputs(dir: &Path, root: &Path) {
    let top: Vec<String> =
        fs::read_to_string(root.join("fixtures/top95.txt")).unwrap().lines().map(String::from).collect();
    fs::write(dir.join("six.txt"), top[..6].join("\n") + "\n").unwrap();
    fs::write(dir.join("three.txt"), top[10..13].join("\n") + "\n").unwrap();
}

/// Runs the harness; `runs` kills per scenario.
pub fn kills(args: &[String], root: &Path) -> ExitCode {
    let mut runs = 100u32;
    let mut seed = 1u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--runs", Some(v)) => runs = v as u32,
            ("--seed", Some(v)) => seed = v.max(1),
            _ => {
                eprintln!("usage: cargo xtask kills [--runs N] [--seed S]");
                return ExitCode::from(2);
            }
        }
    }
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "sudoku-cli"])
        .current_dir(root)
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("xtask: cannot build the sudoku binary");
        return ExitCode::from(1);
    }
    let bin = root.join("target/release/sudoku");
    let base = std::env::temp_dir().join(format!("sudoku-kills-{}", std::process::id()));
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    println!("| scenario | runs | old set | new set | usual run (ms) |");
    println!("|---|---:|---:|---:|---:|");
    let mut failed = false;
    for (i, s) in SCENARIOS.iter().enumerate() {
        let (work, other) = (base.join(format!("{i}-work")), base.join(format!("{i}-new")));
        for d in [&work, &other] {
            fs::create_dir_all(d).unwrap();
            write_inputs(d, root);
        }
        let run = |dir: &Path, args: &[&str]| Command::new(&bin).args(args).current_dir(dir).status();
        if !run(&work, s.old).is_ok_and(|st| st.success()) {
            eprintln!("xtask: {}: the old set was not made", s.name);
            return ExitCode::from(1);
        }
        let old = snapshot(&work);
        // The new set, and how long the command usually takes.
        restore(&other, &old);
        let started = Instant::now();
        if !run(&other, s.new).is_ok_and(|st| st.success()) {
            eprintln!("xtask: {}: the new set was not made", s.name);
            return ExitCode::from(1);
        }
        let usual = started.elapsed();
        let new = snapshot(&other);
        let (mut n_old, mut n_new) = (0, 0);
        for _ in 0..runs {
            restore(&work, &old);
            let limit = (usual.as_micros() as u64 * 5 / 4).max(1);
            let delay = Duration::from_micros(rng.next() % limit);
            let signal = ["TERM", "INT", "HUP"][(rng.next() % 3) as usize];
            let mut child = Command::new(&bin)
                .args(s.new)
                .current_dir(&work)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(delay);
            let _ = Command::new("kill")
                .args([format!("-{signal}"), child.id().to_string()])
                .stderr(Stdio::null())
                .status();
            let code = child.wait().unwrap().code();
            let now = snapshot(&work);
            let signalled = code.is_some_and(|c| c > 128);
            let outcome = if now == old && (signalled || code.is_none()) {
                n_old += 1;
                "old"
            } else if now == new && code == Some(0) {
                n_new += 1;
                "new"
            } else {
                "bad"
            };
            if outcome == "bad" {
                let differ: Vec<String> = now
                    .iter()
                    .filter(|(p, b)| old.get(*p) != Some(b) && new.get(*p) != Some(b))
                    .map(|(p, _)| p.display().to_string())
                    .collect();
                eprintln!(
                    "xtask: {}: SIG{signal} after {delay:?}: exit {code:?}, {} files, neither set whole \
                     (files of neither: {differ:?}; old set whole: {}, new set whole: {})",
                    s.name,
                    now.len(),
                    now == old,
                    now == new
                );
                failed = true;
                break;
            }
        }
        println!("| {} | {runs} | {n_old} | {n_new} | {} |", s.name, usual.as_millis());
    }
    let _ = fs::remove_dir_all(&base);
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
