//! How much work each puzzle of a JSON Lines file takes, by measures the
//! rating does not read: the variant ladder's path (its steps, and the
//! candidates they remove and digits they place) and the backtracking
//! solver's nodes to prove one solution. A measurement for issue 45
//! (bands should be monotone in measured solving effort), not a test.
//!
//! `cargo run --release -p sudoku-variant --example effort -- FILE.jsonl`
//! prints, a puzzle a line: `index er steps facts trial nodes`.

use sudoku_variant::{Puzzle, VariantSolver};

fn main() {
    let path = std::env::args().nth(1).expect("a JSON Lines file of variant puzzles");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    println!("index\ter\tsteps\tfacts\ttrial\tnodes");
    for (k, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let Ok(read) = Puzzle::from_json(line) else {
            eprintln!("{}: not a puzzle", k + 1);
            continue;
        };
        let puzzle = read.puzzle;
        let Ok(rating) = puzzle.rate() else {
            eprintln!("{}: no rating", k + 1);
            continue;
        };
        let facts: usize = rating.steps.iter().map(|s| s.place.len() + s.elim.len()).sum();
        let mut solver = VariantSolver::new(&puzzle);
        solver.count_up_to(puzzle.givens(), 2);
        println!(
            "{k}\t{}.{}\t{}\t{facts}\t{}\t{}",
            rating.er / 10,
            rating.er % 10,
            rating.steps.len(),
            u8::from(rating.trial),
            solver.nodes()
        );
    }
}
