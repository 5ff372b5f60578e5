//! Development automation: `cargo xtask <task>`.
//!
//! - `cargo xtask bench [NAME ...]`: runs the benchmarks of `sudoku-bench`
//!   (every one when no NAME is given) in release mode; they read
//!   `../shared/datasets` when present and print markdown tables. Before
//!   `solve` it builds the release `sudoku` binary and the `peer_solve`
//!   example, which that bench runs as whole processes.
//! - `cargo xtask fuzz [--seconds N] [TARGET ...]`: runs each fuzz target
//!   of `fuzz/` (every one when none is named) for N seconds (default 60)
//!   with `cargo fuzz`, and reports how long each ran, how many inputs it
//!   tried, and whether it found anything. Needs `cargo install cargo-fuzz`;
//!   on a stable toolchain it sets `RUSTC_BOOTSTRAP=1` for the sanitizer
//!   flags. A crash leaves its input in `fuzz/artifacts/TARGET/`: make it a
//!   fixture and a regression test.

use std::process::{Command, ExitCode};

/// The benchmarks `cargo xtask bench` runs, in order: files in
/// `crates/sudoku-bench/benches/`.
const BENCHES: &[&str] = &["solve", "stream", "generate", "max_score", "print", "grade"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask bench [{}]", BENCHES.join("|"));
            eprintln!("       cargo xtask fuzz [--seconds N] [{}]", FUZZ_TARGETS.join("|"));
            ExitCode::from(2)
        }
    }
}

fn bench(names: &[String]) -> ExitCode {
    let chosen: Vec<&str> =
        if names.is_empty() { BENCHES.to_vec() } else { names.iter().map(String::as_str).collect() };
    for name in chosen {
        if !BENCHES.contains(&name) {
            eprintln!("xtask: unknown benchmark {name:?}; known: {}", BENCHES.join(", "));
            return ExitCode::from(2);
        }
        if name == "solve" {
            for args in [
                &["build", "--release", "-p", "sudoku-cli"][..],
                &["build", "--release", "-p", "sudoku-bench", "--example", "peer_solve"][..],
            ] {
                match Command::new(env!("CARGO")).args(args).current_dir(project_root()).status() {
                    Ok(s) if s.success() => {}
                    _ => {
                        eprintln!("xtask: `cargo {}` failed", args.join(" "));
                        return ExitCode::from(1);
                    }
                }
            }
        }
        let status = Command::new(env!("CARGO"))
            .args(["bench", "-p", "sudoku-bench", "--bench", name])
            .current_dir(project_root())
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => {
                eprintln!("xtask: benchmark {name} failed: {s}");
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("xtask: cannot run cargo: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// The fuzz targets in `fuzz/fuzz_targets/`.
const FUZZ_TARGETS: &[&str] =
    &["parse_line", "parse_block", "parse_noip", "records", "weights", "solve_consistency"];

fn fuzz(args: &[String]) -> ExitCode {
    let mut seconds = 60u64;
    let mut targets: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--seconds" {
            match it.next().and_then(|s| s.parse().ok()) {
                Some(n) => seconds = n,
                None => {
                    eprintln!("xtask: --seconds takes a whole number");
                    return ExitCode::from(2);
                }
            }
        } else if FUZZ_TARGETS.contains(&a.as_str()) {
            targets.push(a);
        } else {
            eprintln!("xtask: unknown fuzz target {a:?}; known: {}", FUZZ_TARGETS.join(", "));
            return ExitCode::from(2);
        }
    }
    if targets.is_empty() {
        targets = FUZZ_TARGETS.to_vec();
    }
    let has_cargo_fuzz = Command::new(env!("CARGO"))
        .args(["fuzz", "--version"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !has_cargo_fuzz {
        eprintln!("xtask: cargo fuzz is not installed; run `cargo install cargo-fuzz`");
        return ExitCode::from(2);
    }
    println!("| target | seconds | runs | result |");
    println!("|---|---:|---:|---|");
    let mut failed = false;
    for target in targets {
        let out = Command::new(env!("CARGO"))
            .args(["fuzz", "run", target, "--", &format!("-max_total_time={seconds}")])
            .env("RUSTC_BOOTSTRAP", "1")
            .current_dir(project_root())
            .output();
        let out = match out {
            Ok(o) => o,
            Err(e) => {
                eprintln!("xtask: cannot run cargo fuzz: {e}");
                return ExitCode::from(2);
            }
        };
        let log = String::from_utf8_lossy(&out.stderr);
        // libFuzzer ends with "Done N runs in S second(s)".
        let runs = log
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("Done ").and_then(|r| r.split_whitespace().next()))
            .unwrap_or("?");
        let result =
            if out.status.success() { "nothing found" } else { "FOUND A FAILURE (see fuzz/artifacts)" };
        failed |= !out.status.success();
        println!("| {target} | {seconds} | {runs} | {result} |");
        if !out.status.success() {
            eprintln!(
                "{}",
                log.lines()
                    .rev()
                    .take(40)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn project_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}
