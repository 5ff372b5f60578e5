//! `Solver::solve_one_excluding` against the independent brute-force search
//! of `util`: a solution exists with the cell off the digit exactly when the
//! brute force finds one, and any solution returned is valid, keeps the
//! givens and avoids the excluded digit. Then the use it is made for:
//! blanking a clue of a unique puzzle keeps it unique exactly when no
//! solution avoids the clue's digit.

use proptest::prelude::*;
use sudoku_core::{Candidate, Cell, Digit, Grid, Solver};

use crate::util::{brute_force_count, relabelled_puzzle, scattered};

fn check(p: &Grid, cell_idx: usize, digit: u8) -> Result<(), TestCaseError> {
    let (cell, digit) = (Cell::ALL[cell_idx], Digit::new(digit).expect("a digit 1-9"));
    let found = Solver::new().solve_one_excluding(p, Candidate::new(cell, digit));
    let expected = brute_force_count(p, 1, Some((cell_idx, digit.get())));
    prop_assume!(expected.is_some(), "the brute force gave up");
    prop_assert_eq!(found.is_some(), expected == Some(1), "{} cell {} digit {}", p, cell, digit);
    if let Some(s) = found {
        prop_assert!(s.is_solution_of(p), "{s} does not solve {p}");
        prop_assert_ne!(s.get(cell), Some(digit));
    }
    Ok(())
}

proptest! {
    #[test]
    fn agrees_with_brute_force(p in relabelled_puzzle(24, 50), cell in 0..81usize, digit in 1..=9u8) {
        check(&p, cell, digit)?;
    }

    #[test]
    fn agrees_with_brute_force_on_a_solved_digit(p in relabelled_puzzle(24, 50), cell in 0..81usize) {
        // The digit of the cell in some solution: often the only one
        // possible, so the answer is often `None`.
        let some = p.solve_one().expect("a subset of a solution grid is solvable");
        check(&p, cell, some.get(Cell::ALL[cell]).map_or(1, Digit::get))?;
    }

    #[test]
    fn agrees_with_brute_force_on_scattered_givens(p in scattered(), cell in 0..81usize, digit in 1..=9u8) {
        check(&p, cell, digit)?;
    }
}

#[test]
fn a_given_cell_cannot_leave_its_digit() {
    let p: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
    let mut solver = Solver::new();
    let r1c1 = |d| Candidate::new(Cell::ALL[0], Digit::new(d).unwrap());
    assert_eq!(solver.solve_one_excluding(&p, r1c1(4)), None);
    // Any other digit of a given cell excludes nothing.
    assert_eq!(solver.solve_one_excluding(&p, r1c1(5)), solver.solve_one(&p));
}

/// Blanking a clue of a unique puzzle keeps it unique exactly when no
/// solution of the blanked puzzle avoids the clue's digit; checked against
/// the solution counter on every clue of a few hard puzzles, each with a
/// few extra clues from its solution (the puzzles are minimal: without
/// extras no clue could go).
#[test]
fn blanking_a_clue_keeps_uniqueness_exactly_when_nothing_avoids_it() {
    let text = include_str!("../../../fixtures/top95.txt");
    let mut solver = Solver::new();
    let (mut n_kept, mut n_lost) = (0, 0);
    for line in text.lines().take(12) {
        let minimal: Grid = line.trim().parse().expect("fixture puzzle");
        let solution = solver.solve_unique(&minimal).expect("top95 puzzles are unique");
        let mut p = minimal;
        for cell in Cell::ALL.into_iter().step_by(7).filter(|&c| minimal.get(c).is_none()) {
            p.set(cell, solution.get(cell).expect("complete"));
        }
        for cell in Cell::ALL.into_iter().filter(|&c| p.get(c).is_some()) {
            let mut blanked = p;
            blanked.set(cell, None);
            let digit = solution.get(cell).expect("complete");
            let unique = solver.count_solutions_up_to(&blanked, 2) == 1;
            let other = solver.solve_one_excluding(&blanked, Candidate::new(cell, digit));
            assert_eq!(other.is_none(), unique, "{p} cell {cell}");
            if let Some(s) = other {
                assert!(s.is_solution_of(&blanked) && s != solution);
                n_lost += 1;
            } else {
                n_kept += 1;
            }
        }
    }
    assert!(n_kept > 0 && n_lost > 0, "kept {n_kept}, lost {n_lost}: both cases must occur");
}
