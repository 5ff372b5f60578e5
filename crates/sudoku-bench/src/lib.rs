//! # sudoku-bench
//!
//! Benchmark helpers shared by the files in `benches/`: locating the shared
//! datasets, reading puzzle files, timing. Run everything with
//! `cargo xtask bench`; nothing here is shipped.

use std::path::{Path, PathBuf};

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
