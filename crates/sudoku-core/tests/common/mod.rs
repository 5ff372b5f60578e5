//! Helpers shared by the property tests: an independent brute-force counter
//! and a strategy for arbitrary (possibly clashing) givens.

use proptest::prelude::*;
use sudoku_core::Grid;

/// The digits `cells` allows at `c` (bit `d - 1` for digit `d`), ignoring
/// what `c` holds itself. Plain loops, sharing no code with the solver.
pub fn allowed(cells: &[u8; 81], c: usize) -> u16 {
    let (r, k) = (c / 9, c % 9);
    let mut used = 0u16;
    for i in 0..9 {
        let box_cell = (r / 3 * 3 + i / 3) * 9 + k / 3 * 3 + i % 3;
        for p in [r * 9 + i, i * 9 + k, box_cell] {
            if p != c && cells[p] != 0 {
                used |= 1 << (cells[p] - 1);
            }
        }
    }
    !used & 0x1ff
}

/// Random givens anywhere, clashing or not.
pub fn scattered() -> impl Strategy<Value = Grid> {
    prop::collection::vec((0..81usize, 1..=9u8), 0..16).prop_map(|givens| {
        let mut cells = [0u8; 81];
        for (c, d) in givens {
            cells[c] = d;
        }
        Grid::from_array(cells).expect("digits")
    })
}

/// Search nodes the brute force may visit before it gives up: a few sparse,
/// unsolvable grids take it minutes without this bound.
pub const BRUTE_FORCE_BUDGET: u32 = 200_000;

/// The independent counter: plain depth-first search on the emptiest-choice
/// cell, no propagation, counting solutions up to `limit`; with `excluded =
/// Some((cell, digit))` only the solutions whose `cell` is not `digit`.
/// `None` when it gives up after [`BRUTE_FORCE_BUDGET`] nodes: the caller
/// then skips the case rather than trusting a guess.
pub fn brute_force_count(g: &Grid, limit: u64, excluded: Option<(usize, u8)>) -> Option<u64> {
    fn go(
        cells: &mut [u8; 81],
        limit: u64,
        excluded: (usize, u16),
        found: &mut u64,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut best: Option<(usize, u16)> = None;
        for c in 0..81 {
            if cells[c] == 0 {
                let mut m = allowed(cells, c);
                if c == excluded.0 {
                    m &= !excluded.1;
                }
                if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                    best = Some((c, m));
                }
            }
        }
        let Some((c, m)) = best else {
            *found += 1;
            return true;
        };
        for d in 0..9u8 {
            if m & 1 << d != 0 && *found < limit {
                cells[c] = d + 1;
                let finished = go(cells, limit, excluded, found, budget);
                cells[c] = 0;
                if !finished {
                    return false;
                }
            }
        }
        true
    }
    let mut cells = g.to_array();
    if (0..81).any(|c| cells[c] != 0 && allowed(&cells, c) & 1 << (cells[c] - 1) == 0) {
        return Some(0);
    }
    let excluded = match excluded {
        Some((cell, digit)) if cells[cell] == digit => return Some(0),
        Some((cell, digit)) => (cell, 1 << (digit - 1)),
        None => (usize::MAX, 0),
    };
    let (mut found, mut budget) = (0, BRUTE_FORCE_BUDGET);
    go(&mut cells, limit, excluded, &mut found, &mut budget).then_some(found)
}
