//! Random complete grids drawn straight from a random stream, with no help
//! from `sudoku_core`'s solver.
//!
//! The three diagonal boxes are filled with independent random permutations
//! (they share no row, column or box, and every such filling can be
//! completed). The other 54 cells are filled by a small depth-first search
//! on bit masks: it always fills the open cell with the fewest candidates,
//! choosing among them at random, and backs up on a dead end. A search that
//! backs up too often starts over with new diagonal boxes, which bounds the
//! work. Last, the grid goes through a random validity-preserving
//! transformation (band and stack order, line order within each band and
//! stack, an optional transposition), so neither the diagonal start nor the
//! order in which the search breaks ties leaves a pattern in where digits
//! sit.
//!
//! Every choice draws from the stream given, so a stream determines its
//! grid through this module alone: a change to the solver can never change
//! which grid a seed gives.

use rand::seq::SliceRandom;
use rand::Rng;
use sudoku_core::{Candidates, Grid, BOX, COL, ROW};

/// A random complete, valid grid drawn from `rng`.
pub fn random_grid(rng: &mut impl Rng) -> Grid {
    let mut fill = Fill::new();
    loop {
        fill.start(rng);
        let mut budget = PLACEMENT_BUDGET;
        if fill.complete(rng, &mut budget) {
            break;
        }
    }
    let grid = transform(&fill.digits, rng);
    // Digits 1-9 in every cell: `from_array` accepts it.
    Grid::from_array(grid).unwrap_or(Grid::EMPTY)
}

/// Placements one search may make before it starts over. A search from
/// the diagonal boxes needs 54 when it never backs up, and rarely more
/// than a few dozen beyond that.
const PLACEMENT_BUDGET: u32 = 500;

/// A grid being filled: digits (0 for open cells) and, per unit, the
/// digits placed as 9-bit masks.
struct Fill {
    digits: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// `open[..n_open]`: the cells still to fill, in no particular order.
    open: [u8; 81],
    n_open: usize,
}

impl Fill {
    fn new() -> Fill {
        Fill { digits: [0; 81], rows: [0; 9], cols: [0; 9], boxes: [0; 9], open: [0; 81], n_open: 0 }
    }

    /// Clears the grid and fills the three diagonal boxes at random.
    fn start(&mut self, rng: &mut impl Rng) {
        *self = Fill::new();
        let mut perm: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for box_idx in [0, 4, 8] {
            perm.shuffle(rng);
            let (r0, c0) = (box_idx / 3 * 3, box_idx % 3 * 3);
            for (k, &digit) in perm.iter().enumerate() {
                self.place((r0 + k / 3) * 9 + c0 + k % 3, digit);
            }
        }
        for cell in 0..81u8 {
            if self.digits[usize::from(cell)] == 0 {
                self.open[self.n_open] = cell;
                self.n_open += 1;
            }
        }
    }

    fn place(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.digits[cell] = digit;
        self.rows[usize::from(ROW[cell])] |= bit;
        self.cols[usize::from(COL[cell])] |= bit;
        self.boxes[usize::from(BOX[cell])] |= bit;
    }

    fn unplace(&mut self, cell: usize) {
        let bit = !(1 << (self.digits[cell] - 1));
        self.digits[cell] = 0;
        self.rows[usize::from(ROW[cell])] &= bit;
        self.cols[usize::from(COL[cell])] &= bit;
        self.boxes[usize::from(BOX[cell])] &= bit;
    }

    /// The digits `cell` can still take.
    fn free(&self, cell: usize) -> Candidates {
        Candidates::ALL.without(Candidates::from_bits(
            self.rows[usize::from(ROW[cell])]
                | self.cols[usize::from(COL[cell])]
                | self.boxes[usize::from(BOX[cell])],
        ))
    }

    /// Fills the open cells; false on a dead end or when `budget`
    /// placements were spent.
    fn complete(&mut self, rng: &mut impl Rng, budget: &mut u32) -> bool {
        if self.n_open == 0 {
            return true;
        }
        // The open cell with the fewest candidates.
        let (mut best_idx, mut best_free, mut best_n) = (0, 0, u8::MAX);
        for (open_idx, &cell) in self.open[..self.n_open].iter().enumerate() {
            let free = self.free(usize::from(cell)).bits();
            let n = N_DIGITS[usize::from(free)];
            if n < best_n {
                (best_idx, best_free, best_n) = (open_idx, free, n);
                if n <= 1 {
                    break;
                }
            }
        }
        // Move it past the open cells; a failed search puts it back.
        self.n_open -= 1;
        self.open.swap(best_idx, self.n_open);
        let cell = usize::from(self.open[self.n_open]);
        let mut free = best_free;
        while free != 0 && *budget > 0 {
            *budget -= 1;
            let bit = random_bit(free, rng);
            free &= !bit;
            self.place(cell, bit.trailing_zeros() as u8 + 1);
            if self.complete(rng, budget) {
                return true;
            }
            self.unplace(cell);
        }
        self.n_open += 1;
        false
    }
}

/// The number of digits in each 9-bit mask (a table: the default target
/// has no population-count instruction).
static N_DIGITS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// One set bit of `mask` (not 0), chosen at random; no draw when there is
/// only one.
fn random_bit(mut mask: u16, rng: &mut impl Rng) -> u16 {
    let n = u32::from(N_DIGITS[usize::from(mask)]);
    if n > 1 {
        for _ in 0..rng.gen_range(0..n) {
            mask &= mask - 1;
        }
    }
    mask & mask.wrapping_neg()
}

/// `digits` (a complete grid) under a random transformation that keeps
/// valid grids valid: rows permuted within bands and bands permuted, the
/// same for columns, then an optional transposition.
fn transform(digits: &[u8; 81], rng: &mut impl Rng) -> [u8; 81] {
    let rows = line_permutation(rng);
    let cols = line_permutation(rng);
    let transpose = rng.gen::<bool>();
    let mut out = [0u8; 81];
    for (r, &src_row) in rows.iter().enumerate() {
        for (c, &src_col) in cols.iter().enumerate() {
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            out[r * 9 + c] = digits[src_row * 9 + src_col];
        }
    }
    out
}

/// A random permutation of the 9 rows (or columns) that keeps bands
/// together: bands shuffled, and lines shuffled within each band.
fn line_permutation(rng: &mut impl Rng) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    let mut out = [0usize; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut lines = [0usize, 1, 2];
        lines.shuffle(rng);
        for (j, &line) in lines.iter().enumerate() {
            out[i * 3 + j] = band * 3 + line;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle_rng;

    #[test]
    fn grids_are_complete_valid_and_distinct() {
        let mut rng = puzzle_rng(7, 0);
        let grids: Vec<Grid> = (0..200).map(|_| random_grid(&mut rng)).collect();
        for g in &grids {
            assert!(g.is_complete() && g.is_consistent(), "{g}");
        }
        let mut lines: Vec<String> = grids.iter().map(Grid::to_line).collect();
        lines.sort_unstable();
        lines.dedup();
        assert_eq!(lines.len(), grids.len());
    }

    #[test]
    fn every_digit_is_about_as_common_in_every_cell() {
        // 900 grids: each (cell, digit) is expected 100 times. Bounds far
        // outside chance (about 10 standard deviations) catch a position
        // bias, such as the diagonal boxes or the search order showing.
        let mut rng = puzzle_rng(1, 3);
        let mut counts = [[0u32; 9]; 81];
        for _ in 0..900 {
            let g = random_grid(&mut rng).to_array();
            for (cell, &digit) in g.iter().enumerate() {
                counts[cell][usize::from(digit - 1)] += 1;
            }
        }
        for (cell, row) in counts.iter().enumerate() {
            for (digit, &n) in row.iter().enumerate() {
                assert!((40..=160).contains(&n), "cell {cell} digit {}: {n}", digit + 1);
            }
        }
    }

    #[test]
    fn the_stream_alone_decides_the_grid() {
        let a = random_grid(&mut puzzle_rng(5, 9));
        let b = random_grid(&mut puzzle_rng(5, 9));
        assert_eq!(a, b);
        assert_ne!(a, random_grid(&mut puzzle_rng(5, 10)));
    }
}
