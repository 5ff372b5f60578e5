//! Hints from positions (`Grader::hint`): the time of one call, on every
//! position met when following the hints from the givens to the end, for
//! the puzzles of `fixtures/grade/se_calibration_sample.csv` (SE 1.2–9.3)
//! and, when `../shared/datasets` is present, 40 puzzles of SE 9.0 and up
//! from `se_rated_calibration.csv`. Targets (issue 18): at
//! most 1 ms a call for puzzles rated up to 7, 20 ms for the hardest.
//!
//! There is no peer in this run: the tools that give hints (Sudoku
//! Explainer, HoDoKu) do it inside desktop programs. The serate line of
//! `cargo xtask bench grade` (a whole path, one puzzle) is the nearest.

use std::path::PathBuf;
use std::time::Instant;

use sudoku_core::{Grid, Position};
use sudoku_grade::hint::{Level, Status};
use sudoku_grade::Grader;

fn read(path: &std::path::Path, min_er: f64) -> Vec<(Grid, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let er = f.get(1)?.parse::<f64>().ok()?;
            (er >= min_er).then_some((Grid::parse_line(f[0]).ok()?, er))
        })
        .collect()
}

/// Times every hint from the givens to the end: (calls, mean µs, worst µs).
fn measure(grader: &mut Grader, puzzles: &[(Grid, f64)]) -> (usize, f64, f64) {
    let (mut n, mut total, mut worst) = (0, 0.0f64, 0.0f64);
    for (puzzle, _) in puzzles {
        let mut p = Position::from_givens(*puzzle);
        loop {
            let t = Instant::now();
            let h = grader.hint(&p, Level::Full);
            let us = t.elapsed().as_secs_f64() * 1e6;
            if h.status != Status::Hint {
                break;
            }
            n += 1;
            total += us;
            worst = worst.max(us);
            p = h.apply_to(&p);
        }
    }
    (n, total / n.max(1) as f64, worst)
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = read(&root.join("fixtures/grade/se_calibration_sample.csv"), 0.0);
    let datasets = std::env::var_os("SUDOKU_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/datasets"));
    // 40 of them, spread through the file: each has about 60 positions.
    let all_hardest = read(&datasets.join("grade/se_rated_calibration.csv"), 9.0);
    let hardest: Vec<(Grid, f64)> =
        all_hardest.iter().copied().step_by((all_hardest.len() / 40).max(1)).take(40).collect();
    let mut grader = Grader::new();
    println!("## Hints: one `Grader::hint` call, every position from the givens to the end, one thread\n");
    println!("| puzzles | SE ER | positions | mean | worst | target |");
    println!("|---|---|---:|---:|---:|---:|");
    let easy: Vec<(Grid, f64)> = sample.iter().copied().filter(|p| p.1 <= 7.0).collect();
    let hard: Vec<(Grid, f64)> = sample.iter().copied().filter(|p| p.1 > 7.0).collect();
    for (name, set, range, target) in [
        ("calibration sample", &easy, "≤ 7.0", "1 ms"),
        ("calibration sample", &hard, "> 7.0", "-"),
        ("bank, hardest (SE 9.0+)", &hardest, "≥ 9.0", "20 ms"),
    ] {
        if set.is_empty() {
            continue;
        }
        let (n, mean, worst) = measure(&mut grader, set);
        println!(
            "| {name} ({} puzzles) | {range} | {n} | {:.3} ms | {:.3} ms | {target} |",
            set.len(),
            mean / 1000.0,
            worst / 1000.0
        );
    }
}
