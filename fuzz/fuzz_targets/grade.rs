//! Fuzz target: the grader on any grid (unsolvable, contradictory and
//! many-solution ones included) never panics, its answer agrees with the
//! solver's count, and on a puzzle with one solution every explained step
//! is true in that solution: each placement is the solution's digit, and no
//! elimination removes it. `is_in_band` agrees with the grade's band, and
//! a puzzle `solves_with_chains` solves is rated 7.9 or less.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, Solver};
use sudoku_grade::{Band, GradeError, GradeOptions, Grader};

/// Fewer givens than this never have one solution (McGuire et al., 2012),
/// and near-empty grids are where grading costs the most: skip them.
const MIN_GIVENS: usize = 17;

fuzz_target!(|data: &[u8]| {
    // 81 cells, each byte % 10 (0 is a blank); missing bytes are blanks.
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(data) {
        *cell = b % 10;
    }
    let Some(puzzle) = Grid::from_array(cells) else { return };
    if puzzle.n_clues() < MIN_GIVENS {
        return;
    }
    let mut grader = Grader::new();
    // Takes any grid and stops; what it says is checked below.
    let by_chains = grader.solves_with_chains(&puzzle);
    let n_conflicts = puzzle.conflicts().len();
    let mut solver = Solver::new();
    let count = solver.count_solutions_up_to(&puzzle, 2);
    let result = grader.grade_with(&puzzle, &GradeOptions { explain: true });
    let grade = match result {
        Ok(g) => g,
        Err(GradeError::Conflict(_)) => return assert!(n_conflicts > 0, "{puzzle}"),
        Err(GradeError::Unsolvable) => return assert_eq!(count, 0, "{puzzle}"),
        Err(GradeError::NotUnique) => return assert_eq!(count, 2, "{puzzle}"),
        Err(GradeError::Solved) => return assert!(puzzle.is_complete() && count == 1, "{puzzle}"),
        Err(e) => panic!("{puzzle}: unexpected error {e}"),
    };
    assert_eq!(count, 1, "graded a puzzle without one solution: {puzzle}");
    assert!(grade.rating.is_finite() && grade.rating >= 0.0, "{puzzle}: {}", grade.rating);
    assert_eq!(grade.band, Band::from_rating(grade.rating), "{puzzle}");
    assert!(!by_chains || grade.rating < 8.0, "{puzzle}: solved by static chains, rated {}", grade.rating);
    for band in Band::ALL {
        assert_eq!(grader.is_in_band(&puzzle, band), Ok(band == grade.band), "{puzzle}: {band}");
    }

    assert!(!grade.steps.is_empty() || puzzle.is_complete(), "{puzzle}");
    let solution = solver.solve_unique(&puzzle).expect("one solution");
    for step in &grade.steps {
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{puzzle}: {step} places {p} falsely");
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{puzzle}: {step} removes {e}, the solution");
        }
    }
});
