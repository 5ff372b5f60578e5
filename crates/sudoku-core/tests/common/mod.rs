//! Helpers shared by the property tests: an independent brute-force
//! building block and a strategy for arbitrary (possibly clashing) givens.

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
