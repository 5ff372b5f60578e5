//! Property tests of the solver: solutions are valid, distinct and keep the
//! givens; counts do not change under the symmetries of sudoku; and counts
//! agree with a small, independent brute-force counter kept here (not in
//! the library).

use std::collections::HashSet;

use proptest::prelude::*;
use sudoku_core::{Grid, Solver};

mod common;
use common::{brute_force_count, scattered};

/// A symmetry of sudoku: relabel digits, permute bands, rows within a band,
/// stacks, columns within a stack, and optionally transpose.
#[derive(Debug, Clone)]
struct Symmetry {
    digits: Vec<u8>,
    bands: Vec<usize>,
    rows: Vec<Vec<usize>>,
    stacks: Vec<usize>,
    cols: Vec<Vec<usize>>,
    transpose: bool,
}

fn perm(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        perm(3),
        prop::collection::vec(perm(3), 3),
        perm(3),
        prop::collection::vec(perm(3), 3),
        any::<bool>(),
    )
        .prop_map(|(digits, bands, rows, stacks, cols, transpose)| Symmetry {
            digits,
            bands,
            rows,
            stacks,
            cols,
            transpose,
        })
}

impl Symmetry {
    fn apply(&self, g: &Grid) -> Grid {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let src_r = 3 * self.bands[r / 3] + self.rows[r / 3][r % 3];
                let src_c = 3 * self.stacks[c / 3] + self.cols[c / 3][c % 3];
                let v = g.get(src_r * 9 + src_c).map_or(0, |d| self.digits[usize::from(d - 1)]);
                let (tr, tc) = if self.transpose { (c, r) } else { (r, c) };
                out[tr * 9 + tc] = v;
            }
        }
        Grid::from_array(out).expect("digits stay 0-9")
    }
}

/// A puzzle: a random valid solution grid (a fixed one moved by a random
/// symmetry) with only the cells in `keep` given.
fn puzzle(min_givens: usize, max_givens: usize) -> impl Strategy<Value = Grid> {
    (symmetry(), prop::sample::subsequence((0..81).collect::<Vec<usize>>(), min_givens..=max_givens))
        .prop_map(|(sym, keep)| {
            let base = Grid::EMPTY.solve_one().expect("the empty grid has solutions");
            let full = sym.apply(&base);
            let mut cells = [0u8; 81];
            for c in keep {
                cells[c] = full.get(c).unwrap_or(0);
            }
            Grid::from_array(cells).expect("digits")
        })
}

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
