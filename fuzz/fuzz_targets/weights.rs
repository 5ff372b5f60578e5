//! Fuzz target: `Weights::parse` never panics, errors are located, and
//! accepted weights drive a bounded max-score search whose answer (if any)
//! is a valid completion scoring exactly what it reports.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{max_score, Cell, Grid, MaxScoreOptions, Weights};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Weights::parse(&text) {
        Ok(w) => {
            // A puzzle with many givens keeps each run short.
            let puzzle = Grid::parse_line(
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            )
            .unwrap();
            let solution = puzzle.solve_one().unwrap();
            let mut givens = solution;
            for c in Cell::ALL.into_iter().step_by(3) {
                givens.set(c, None);
            }
            let options = MaxScoreOptions { node_limit: Some(2_000), time_limit: None };
            let r = max_score(&givens, &w, &options);
            if let Some((grid, score)) = r.best() {
                assert!(grid.is_solution_of(&givens));
                assert_eq!(w.score(&grid), score);
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            let _ = e.to_string();
        }
    }
});
