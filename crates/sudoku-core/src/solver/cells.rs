//! The state seen cell by cell: the 81 masks that extra rules read and
//! narrow ([`State::cells`], [`State::restrict`]), the digits cells are
//! limited to from the start ([`kept_words`], [`State::limit`]), and the
//! grid of a solution ([`State::to_grid`]).

use super::state::{unit, State, Units};
use super::tables::BAND;
use crate::grid::Grid;

/// Each digit's cells as band words, in the layout of `State::cand`.
pub(super) type DigitWords = [[u32; 9]; 3];

/// Each cell's digits `masks` allows (as [`State::cells`] gives cells) as
/// each digit's cells.
pub(super) fn kept_words(masks: &[u16; 81]) -> DigitWords {
    let mut kept = [[0u32; 9]; 3];
    for (i, &mask) in masks.iter().enumerate() {
        for (d, word) in kept[i / 27].iter_mut().enumerate() {
            *word |= u32::from(mask >> d & 1) << (i % 27);
        }
    }
    kept
}

impl State {
    /// Each cell's digits, row-major, bit `d` for digit `d + 1`.
    ///
    /// Every bit of every word, without branches: the cells of a band are
    /// lanes, each shifting the digit's word by its own place (the search
    /// inlines this where it is compiled with AVX2, whose variable shifts
    /// do eight cells at once). It runs at each fixpoint of a search with
    /// extra rules.
    #[inline(always)]
    pub(super) fn cells(&self) -> [u16; 81] {
        let mut cells = [0u16; 81];
        for (band, words) in cells.chunks_exact_mut(27).zip(&self.cand) {
            for (d, &word) in words.iter().enumerate() {
                for (i, cell) in band.iter_mut().enumerate() {
                    *cell |= (((word >> i) & 1) as u16) << d;
                }
            }
        }
        cells
    }

    /// Keeps of each digit's cells only those of `kept` (as
    /// [`kept_words`] makes them); false when a cell is left no digit.
    pub(super) fn limit(&mut self, kept: &DigitWords) -> bool {
        for (words, kept) in self.cand.iter_mut().zip(kept) {
            let mut left = 0;
            for (word, &kept) in words.iter_mut().zip(kept) {
                *word &= kept;
                left |= *word;
            }
            if left != BAND {
                return false;
            }
        }
        true
    }

    /// Takes out the digits `before` has and `after` has not (both as
    /// [`State::cells`] gives them, `before` this state's); returns the
    /// units that changed, or `None` when a cell is left no digit.
    pub(super) fn restrict(&mut self, before: &[u16; 81], after: &[u16; 81]) -> Option<Units> {
        let mut dirty = 0;
        for (i, (&was, &is)) in before.iter().zip(after).enumerate() {
            if was == is {
                continue;
            }
            if is & was == 0 {
                return None;
            }
            let (band, bit) = (i / 27, i % 27);
            let mut gone = was & !is;
            while gone != 0 {
                let d = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.cand[band][d] &= !(1 << bit);
                dirty |= unit(d, band);
            }
        }
        Some(dirty)
    }

    /// The grid of a complete state: a walk over its 81 bits (once per
    /// solution of every search, so not [`State::cells`]' 729 lanes).
    pub(super) fn to_grid(self) -> Grid {
        let mut digits = [0u8; 81];
        for (b, words) in self.cand.iter().enumerate() {
            // Highest digit first: a cell's lowest digit is the one left.
            for (d, &word) in words.iter().enumerate().rev() {
                let mut w = word;
                while w != 0 {
                    digits[27 * b + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        // Every cell of a complete state holds one digit 1-9.
        Grid::from_array(digits).unwrap_or(Grid::EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{random_state, xorshift};
    use super::*;

    /// `cells` (every lane, no branches) and `to_grid` (a walk over the set
    /// bits) against a walk over each word's set bits, cell by cell, on
    /// random words of every density.
    #[test]
    fn cells_and_the_grid_read_every_set_bit() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..2000 {
            // Denser and sparser words as the rounds go.
            let s = random_state(&mut next, round % 4);
            let mut want = [0u16; 81];
            for (band, words) in s.cand.iter().enumerate() {
                for (d, &word) in words.iter().enumerate() {
                    for bit in (0..27).filter(|&b| word >> b & 1 == 1) {
                        want[27 * band + bit] |= 1 << d;
                    }
                }
            }
            assert_eq!(s.cells(), want, "round {round}");
            // One digit a cell: the grid holds it (else the lowest).
            if want.iter().all(|&m| m != 0) {
                let grid = s.to_grid();
                for (i, &m) in want.iter().enumerate() {
                    assert_eq!(grid.to_array()[i], m.trailing_zeros() as u8 + 1, "round {round}, cell {i}");
                }
            }
        }
    }

    /// `limit` with `kept_words` refuses exactly the states where some
    /// cell is left no digit, and keeps of each cell of the others the
    /// digits its mask and its own words have in common, on random words
    /// and masks.
    #[test]
    fn limit_keeps_each_cells_mask() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut refused = 0;
        for round in 0..2000 {
            let mut s = random_state(&mut next, 0);
            let before = s.cells();
            let masks: [u16; 81] = std::array::from_fn(|_| match next() % 2 {
                0 => 0x1ff,
                _ => (next() | next()) as u16 & 0x1ff,
            });
            let kept = s.limit(&kept_words(&masks));
            let want: Vec<u16> = before.iter().zip(&masks).map(|(&c, &m)| c & m).collect();
            assert_eq!(kept, want.iter().all(|&c| c != 0), "round {round}");
            // (A refused state is dropped as it is.)
            if kept {
                assert_eq!(s.cells().to_vec(), want, "round {round}");
            }
            refused += usize::from(!kept);
        }
        assert!(refused > 100 && refused < 1900, "{refused}");
    }
}
