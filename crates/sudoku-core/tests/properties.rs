//! Property tests of the solver: solutions are valid, distinct and keep the
//! givens; counts do not change under the symmetries of sudoku; and counts
//! agree with a small, independent brute-force counter kept in `util` (not in
//! the library).

use std::collections::HashSet;

use proptest::prelude::*;
use sudoku_core::{Grid, Solver};

use crate::util::{brute_force_count, puzzle, scattered, symmetry};

proptest! {
    #[test]
    fn every_solution_is_valid_distinct_and_keeps_the_givens(p in puzzle(17, 40)) {
        let mut iter = p.solutions();
        let all: Vec<Grid> = iter.by_ref().take(30).collect();
        prop_assert!(!all.is_empty(), "a subset of a solution grid is solvable");
        prop_assert!(all.iter().all(|s| s.is_solution_of(&p)));
        prop_assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len());
        let mut solver = Solver::new();
        prop_assert_eq!(solver.solve_one(&p), Some(all[0]));
        prop_assert_eq!(solver.count_solutions_up_to(&p, 30), all.len() as u64);
        prop_assert_eq!(solver.solve_unique(&p).is_some(), all.len() == 1);
    }

    #[test]
    fn counts_do_not_change_under_symmetries(p in puzzle(17, 40), sym in symmetry()) {
        let mut solver = Solver::new();
        let n = solver.count_solutions_up_to(&p, 40);
        prop_assert_eq!(solver.count_solutions_up_to(&sym.apply(&p), 40), n);
    }

    #[test]
    fn counts_agree_with_brute_force(p in puzzle(26, 50)) {
        let expected = brute_force_count(&p, 20, None);
        prop_assume!(expected.is_some(), "the brute force gave up");
        prop_assert_eq!(Some(p.count_solutions_up_to(20)), expected);
    }

    #[test]
    fn counts_of_scattered_givens_agree_with_brute_force(p in scattered()) {
        let n = p.count_solutions_up_to(5);
        let expected = brute_force_count(&p, 5, None);
        prop_assume!(expected.is_some(), "the brute force gave up");
        prop_assert_eq!(Some(n), expected);
        prop_assert_eq!(n == 0, !p.is_consistent() || p.solve_one().is_none());
        if let Some(s) = p.solve_one() {
            prop_assert!(s.is_solution_of(&p));
        }
    }
}
