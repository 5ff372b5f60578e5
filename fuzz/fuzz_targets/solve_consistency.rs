//! Fuzz target: solve/count consistency on arbitrary grids. A solution found
//! must be valid and keep the givens; count >= 1 iff a solution is found;
//! contradictory givens give 0; the lazy iterator agrees with the count.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, Solver};

fuzz_target!(|data: &[u8]| {
    // Pairs (cell, digit) place givens on an empty grid; later pairs win.
    let mut cells = [0u8; 81];
    for pair in data.chunks_exact(2).take(40) {
        cells[pair[0] as usize % 81] = pair[1] % 10;
    }
    let Some(puzzle) = Grid::from_array(cells) else { return };
    let mut solver = Solver::new();
    let first = solver.solve_one(&puzzle);
    let count = solver.count_solutions_up_to(&puzzle, 3);
    assert_eq!(first.is_some(), count >= 1, "{puzzle}");
    if let Some(s) = first {
        assert!(s.is_solution_of(&puzzle), "{puzzle} -> {s}");
    }
    if !puzzle.is_consistent() {
        assert_eq!(count, 0, "{puzzle}");
        assert!(!puzzle.conflicts().is_empty());
    }
    let listed: Vec<Grid> = puzzle.solutions().take(3).collect();
    assert_eq!(listed.len() as u64, count, "{puzzle}");
    assert!(listed.iter().all(|s| s.is_solution_of(&puzzle)));
    assert_eq!(solver.solve_unique(&puzzle).is_some(), count == 1);
});
