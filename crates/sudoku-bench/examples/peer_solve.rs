//! The peer of `sudoku solve` for whole-process benchmarks: the same job
//! done with the `sudoku` crate (AGPL, a dev-dependency of this bench-only
//! crate, never shipped).
//!
//! `peer_solve FILE` prints the first solution of each puzzle line (or
//! `no solution`); `peer_solve --count N FILE` prints the number of
//! solutions up to N. Blank lines and lines starting with `#` are skipped,
//! like `sudoku solve` does.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sudoku::Sudoku;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (limit, path) = match args.as_slice() {
        [flag, n, path] if flag == "--count" => match n.parse::<usize>() {
            Ok(n) => (Some(n), path),
            Err(_) => return usage(),
        },
        [path] => (None, path),
        _ => return usage(),
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("peer_solve: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let cells = line.split_whitespace().next().unwrap_or("");
        let Ok(sudoku) = Sudoku::from_str_line(cells) else {
            eprintln!("peer_solve: invalid line: {line}");
            return ExitCode::from(2);
        };
        let written = match limit {
            Some(n) => writeln!(out, "{}", sudoku.solutions_count_up_to(n)),
            None => match sudoku.some_solution() {
                Some(s) => writeln!(out, "{}", s.to_str_line()),
                None => writeln!(out, "no solution"),
            },
        };
        if written.is_err() {
            return ExitCode::from(2);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: peer_solve [--count N] FILE");
    ExitCode::from(2)
}
