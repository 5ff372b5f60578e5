//! The variant ladder (`Puzzle::rate`) against Sudoku Explainer's ratings
//! of classic puzzles: for each SE rating, how often our ER is the same,
//! and how many puzzles need a trial. A measurement for issue 45 (the
//! ladder's techniques and difficulties should meet SE's where SE has
//! them), not a test.
//!
//! `cargo run --release -p sudoku-variant --example ladder_vs_se -- FILE.csv [EVERY]`
//! with lines `puzzle,se_rating,...` (the `../shared` rated sets), taking
//! every EVERY-th line (default 1).

use std::collections::BTreeMap;

use sudoku_variant::Puzzle;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a CSV of puzzle,se_rating");
    let every: usize = args.next().map_or(1, |n| n.parse().expect("EVERY is a number"));
    let text = std::fs::read_to_string(&path).expect("a readable file");
    // SE rating -> (puzzles, our ER equal, trials, sum of our ER).
    let mut rows: BTreeMap<u32, (u32, u32, u32, u32)> = BTreeMap::new();
    for line in text.lines().skip(1).step_by(every) {
        let mut fields = line.split(',');
        let (Some(givens), Some(se)) = (fields.next(), fields.next()) else { continue };
        let Ok(se) = se.parse::<f64>() else { continue };
        let Ok(puzzle) = Puzzle::parse_line(givens, Some(9)) else { continue };
        let Ok(rating) = puzzle.rate() else { continue };
        let se = (se * 10.0).round() as u32;
        let row = rows.entry(se).or_default();
        row.0 += 1;
        row.1 += u32::from(u32::from(rating.er) == se);
        row.2 += u32::from(rating.trial);
        row.3 += u32::from(rating.er);
    }
    println!("| SE ER | puzzles | our ER equal | trial | our mean ER |");
    println!("|---:|---:|---:|---:|---:|");
    for (se, (n, equal, trial, sum)) in rows {
        println!(
            "| {:.1} | {n} | {:.0} % | {:.0} % | {:.2} |",
            f64::from(se) / 10.0,
            100.0 * f64::from(equal) / f64::from(n),
            100.0 * f64::from(trial) / f64::from(n),
            f64::from(sum) / f64::from(n) / 10.0
        );
    }
}
