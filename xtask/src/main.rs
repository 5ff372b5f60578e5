//! Development automation: `cargo xtask <task>`.
//!
//! - `cargo xtask bench [NAME ...]`: runs the benchmarks of `sudoku-bench`
//!   (every one when no NAME is given) in release mode; they read
//!   `../shared/datasets` when present and print markdown tables. Before
//!   `solve` it builds the release `sudoku` binary and the `peer_solve`
//!   example, which that bench runs as whole processes.

use std::process::{Command, ExitCode};

/// The benchmarks `cargo xtask bench` runs, in order: files in
/// `crates/sudoku-bench/benches/`.
const BENCHES: &[&str] = &["solve"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask bench [{}]", BENCHES.join("|"));
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

fn project_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}
