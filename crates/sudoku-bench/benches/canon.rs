//! The minlex form (`sudoku_canon::Canonicalizer`) on one thread, against
//! the `sudoku` crate 0.8's `Sudoku::canonicalized` (the one published Rust
//! crate that tells equivalent puzzles apart: it solves the puzzle and
//! canonicalizes the solution grid) on the same puzzles.
//!
//! Set: the 49,158 17-clue puzzles (`../shared/datasets/solve/puzzles2_17_clue`),
//! else the 10 of `fixtures/17clue.txt`. Target (issue 21): at least 50,000
//! puzzles a second on one core. With `SUDOKU_BASELINE=path/to/sudoku`, this
//! build's `sudoku canon` against that one's on the same set, as whole
//! processes (`sudoku_bench::BaselineRun`).

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use sudoku_canon::Canonicalizer;
use sudoku_core::Grid;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = sudoku_bench::datasets_dir()
        .map(|d| d.join("solve/puzzles2_17_clue"))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| root.join("fixtures/17clue.txt"));
    let lines = sudoku_bench::read_puzzle_lines(&path).expect("the 17-clue file");
    let grids: Vec<Grid> =
        lines.iter().map(|l| Grid::parse_line(&l[..81.min(l.len())]).expect("a puzzle")).collect();
    println!("## Canonical form, one thread: {} ({} puzzles)\n", path.display(), grids.len());

    let mut c = Canonicalizer::new();
    let t = Instant::now();
    let mut forms = HashSet::with_capacity(grids.len());
    for g in &grids {
        forms.insert(c.canonical(g).0);
    }
    let ours = t.elapsed().as_secs_f64();

    let peer_grids: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(&l[..81.min(l.len())]).expect("a puzzle"))
        .collect();
    let t = Instant::now();
    let mut peer_forms = HashSet::with_capacity(grids.len());
    for g in &peer_grids {
        peer_forms.insert(g.canonicalized().map(|(s, _)| s.to_bytes()));
    }
    let peer = t.elapsed().as_secs_f64();

    let n = grids.len() as f64;
    println!("| | puzzles/s | µs/puzzle | classes |");
    println!("|---|---:|---:|---:|");
    println!("| ours (minlex of the puzzle) | {:.0} | {:.2} | {} |", n / ours, ours / n * 1e6, forms.len());
    println!(
        "| sudoku 0.8 (`canonicalized`, via the solution) | {:.0} | {:.2} | {} |",
        n / peer,
        peer / n * 1e6,
        peer_forms.len()
    );
    println!(
        "\nratio: ours {:.1}x the peer's speed; target 50,000 puzzles/s: {}",
        peer / ours,
        if n / ours >= 50_000.0 { "met" } else { "NOT met" }
    );
    against_baseline(&lines);
}

/// With `SUDOKU_BASELINE` set: `sudoku canon` of this build against the
/// baseline's, one job, on the set (repeated to at least 10,000 puzzles):
/// forms, forms with transformations as CSV, and `--dedupe`.
fn against_baseline(lines: &[String]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku canon`, one job");
    let (file, n) = run.write_lines("17clue.txt", lines, 10_000);
    let file = file.to_string_lossy();
    run.row(&["canon", "--jobs", "1", &file], n);
    run.row(&["canon", "--transform", "-f", "csv", "--jobs", "1", &file], n);
    run.row(&["canon", "--dedupe", "--jobs", "1", &file], n);
}
