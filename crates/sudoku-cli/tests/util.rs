//! Helpers shared by the CLI tests.

use std::path::PathBuf;

use assert_cmd::Command;

/// The `sudoku` binary under test.
pub fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary")
}

/// A file of the workspace's `fixtures/` folder.
pub fn fixture_path(name: &str) -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name)
}
