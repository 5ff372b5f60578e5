//! # sudoku-bench
//!
//! Benchmark helpers shared by the files in `benches/`: locating the shared
//! datasets, reading puzzle files, timing, and timing this build's `sudoku`
//! against another build's when `SUDOKU_BASELINE` is set ([`BaselineRun`],
//! in `baseline.rs`). Run everything with `cargo xtask bench`; nothing here
//! is shipped.

mod baseline;

use std::path::{Path, PathBuf};

pub use baseline::{BaselineRun, Comparison, MIN_SAMPLE, ROUNDS};

/// The shared datasets folder, if present: `$SUDOKU_DATASETS` when set,
/// else the first `shared/datasets` beside the workspace or one of its
/// ancestors (a git worktree may sit deeper than the main checkout).
pub fn datasets_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOKU_DATASETS") {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.ancestors().skip(1).map(|a| a.join("shared/datasets")).find(|d| d.is_dir())
}

/// The puzzle lines of a file: non-empty lines not starting with `#`, first
/// whitespace-separated token.
pub fn read_puzzle_lines(path: &Path) -> std::io::Result<Vec<String>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect())
}

/// CPU time consumed so far by the calling thread, from
/// `/proc/thread-self/schedstat` (Linux); `None` elsewhere. Unlike wall
/// time it does not grow when other processes compete for the cores.
pub fn thread_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// CPU time (user + system) of the waited-for children of this process, from
/// `/proc/self/stat` (Linux, in clock ticks of 10 ms); `None` elsewhere.
pub fn children_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line (1-based),
    // that is 13 and 14 after the state field.
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(ticks * 10))
}
