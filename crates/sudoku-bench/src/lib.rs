//! # sudoku-bench
//!
//! Benchmark helpers shared by the files in `benches/`: locating the shared
//! datasets, reading puzzle files, timing. Run everything with
//! `cargo xtask bench`; nothing here is shipped.

use std::path::{Path, PathBuf};

/// The shared datasets folder (`../shared/datasets` beside the workspace),
/// if present.
pub fn datasets_dir() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("../shared/datasets");
    dir.is_dir().then_some(dir)
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
