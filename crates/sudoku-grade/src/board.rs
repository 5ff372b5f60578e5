//! The grader's working state: one candidate mask per open cell, the digits
//! placed so far, and [`Found`], the set of deductions a technique makes on
//! a snapshot of the board.
//!
//! Layout: `cands[c]` holds the candidates of open cell `c` (bit `d - 1` is
//! digit `d`) and is 0 once the cell is solved; `value[c]` is the placed
//! digit or 0. Placing a digit removes it from the peers at once (the 20
//! of a classic grid, more on a grid with extra houses), so the masks
//! never hold a digit already placed in a peer. `units` is the grid's unit
//! table ([`crate::units::Units`]).
//!
//! `Pos` is the transposed view: for each unit and each digit, the mask of
//! the unit's positions (bit `k` is `units.cells[u][k]`) where the digit is
//! still a candidate; the entries past the table's units are 0.

use sudoku_core::{Candidates, Grid};

use crate::units::{Units, MAX_UNITS, N_CLASSIC_UNITS};

/// Every digit, as the raw mask the board stores.
pub(crate) const ALL: u16 = Candidates::ALL.bits();

/// Positions of each digit in each unit: `pos[u][d - 1]`.
pub(crate) type Pos = [[u16; 9]; MAX_UNITS];

/// The working state of a solve. See the module docs for the layout.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    pub cands: [u16; 81],
    pub value: [u8; 81],
    pub units: &'static Units,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.cands == other.cands && self.value == other.value && std::ptr::eq(self.units, other.units)
    }
}

impl Eq for Board {}

impl Board {
    /// An empty classic board: every candidate everywhere.
    pub fn open() -> Board {
        Board { cands: [ALL; 81], value: [0; 81], units: Units::classic() }
    }

    /// A classic board with no candidate and no digit, to fill in.
    #[cfg(test)]
    pub fn bare() -> Board {
        Board { cands: [0; 81], value: [0; 81], units: Units::classic() }
    }

    /// The classic board of `grid` with every given placed. `None` when
    /// two givens clash.
    #[cfg(test)]
    pub fn from_grid(grid: &Grid) -> Option<Board> {
        Board::from_grid_in(grid, Units::classic())
    }

    /// The board of `grid` on the grid of `units`, with every given
    /// placed. `None` when two givens clash.
    pub fn from_grid_in(grid: &Grid, units: &'static Units) -> Option<Board> {
        let mut b = Board { cands: [ALL; 81], value: [0; 81], units };
        for (cell, digit) in grid.filled() {
            let (c, d) = (cell.index(), digit.get());
            if b.cands[c] & bit(d) == 0 {
                return None;
            }
            b.place(c, d);
        }
        Some(b)
    }

    /// Places `digit` in `cell` and removes it from the peers (and its
    /// neighbours' digits from the cells side by side, under
    /// non-consecutive).
    #[inline]
    pub fn place(&mut self, cell: usize, digit: u8) {
        let m = bit(digit);
        self.value[cell] = digit;
        self.cands[cell] = 0;
        for &p in &self.units.peers[cell] {
            self.cands[p as usize] &= !m;
        }
        for &p in &self.units.nc_neighbours[cell] {
            self.cands[p as usize] &= !consecutive(m);
        }
    }

    /// Whether a rule between cells may tell the two solutions of a deadly
    /// pattern through `cell` on `digits` apart, so that the pattern proves
    /// nothing (SE's rule): a peer only a rule of moves makes
    /// ([`Units::move_peer_set`]) holds one of `digits`, or a cell side by
    /// side under non-consecutive holds a digit next to one of them.
    pub fn rule_may_break(&self, cell: usize, digits: u16) -> bool {
        cells_of(self.units.move_peer_set[cell]).any(|p| self.cands[p] & digits != 0)
            || self.units.nc_neighbours[cell]
                .iter()
                .any(|&p| self.cands[usize::from(p)] & consecutive(digits) != 0)
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The cells of each digit: bit `c` of `planes[d - 1]` for cell `c`.
    pub fn planes(&self) -> [u128; 9] {
        let mut planes = [0u128; 9];
        for (c, &m) in self.cands.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                planes[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        planes
    }

    /// Positions of each digit in each unit.
    pub fn positions(&self) -> Pos {
        positions_of(self.units, &self.planes())
    }
}

/// Positions of each digit in each unit of `units`, from the digits'
/// planes ([`Board::planes`]): the classic units as [`classic_positions`]
/// cuts them out, the extra ones cell by cell.
pub(crate) fn positions_of(units: &Units, planes: &[u128; 9]) -> Pos {
    let mut pos = classic_positions(planes);
    for (unit_pos, cells) in pos.iter_mut().zip(&units.cells).take(units.len).skip(N_CLASSIC_UNITS) {
        for (d, &p) in planes.iter().enumerate() {
            unit_pos[d] = (0..9).filter(|&k| p >> cells[k] & 1 != 0).fold(0, |m, k| m | 1 << k);
        }
    }
    pos
}

/// Positions of each digit in each unit of the classic table
/// ([`crate::units`]: rows, columns, boxes), cut out of the digits' planes
/// ([`Board::planes`]): a row is 9 bits of its plane as they are, a box three runs of 3, and
/// a column 9 bits 9 apart, gathered by one multiplication (bit `9r` goes
/// to bit `72 + r`; the other products land on distinct bits, so nothing
/// carries).
fn classic_positions(planes: &[u128; 9]) -> Pos {
    const COLUMN_0: u128 = {
        let (mut m, mut r) = (0u128, 0);
        while r < 9 {
            m |= 1 << (9 * r);
            r += 1;
        }
        m
    };
    const GATHER: u128 = {
        let (mut m, mut r) = (0u128, 0);
        while r < 9 {
            m |= 1 << (72 - 8 * r);
            r += 1;
        }
        m
    };
    let mut pos = [[0u16; 9]; MAX_UNITS];
    for (d, &p) in planes.iter().enumerate() {
        let row = |r: usize| (p >> (9 * r)) as u16 & 0x1FF;
        let (rows, rest) = pos.split_at_mut(9);
        let (cols, rest) = rest.split_at_mut(9);
        let boxes = &mut rest[..9];
        for (i, ((r, c), b)) in rows.iter_mut().zip(cols).zip(boxes).enumerate() {
            r[d] = row(i);
            c[d] = (((p >> i) & COLUMN_0).wrapping_mul(GATHER) >> 72) as u16 & 0x1FF;
            let (r0, c0) = (3 * (i / 3), 3 * (i % 3));
            let part = |k: usize| (row(r0 + k) >> c0) & 7;
            b[d] = part(0) | part(1) << 3 | part(2) << 6;
        }
    }
    pos
}

impl Board {
    /// Applies `found`: placements first, then eliminations.
    pub fn apply(&mut self, found: &Found) {
        for c in 0..81 {
            let p = found.place[c];
            if p != 0 && self.value[c] == 0 {
                self.place(c, p.trailing_zeros() as u8 + 1);
            }
        }
        for c in 0..81 {
            self.cands[c] &= !found.elim[c];
        }
    }
}

/// The digits next to those of `m` (d-1 and d+1; 1 and 9 are not next).
pub(crate) fn consecutive(m: u16) -> u16 {
    (m << 1 | m >> 1) & ALL
}

/// The cells of the set `m`, ascending.
pub(crate) fn cells_of(m: u128) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// The digits (1–9) of a mask, ascending.
pub(crate) fn digits_of(m: u16) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |d| m & (1 << d) != 0).map(|d| d + 1)
}

/// The mask of one digit 1–9.
#[inline]
pub(crate) const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The deductions of one technique on one snapshot: digits to place and
/// candidates to remove, per cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    pub place: [u16; 81],
    pub elim: [u16; 81],
}

impl Default for Found {
    fn default() -> Self {
        Found { place: [0; 81], elim: [0; 81] }
    }
}

impl Found {
    /// Removes `mask` from `cell`, limited to what the board still holds.
    /// Returns whether anything new was added.
    #[inline]
    pub fn eliminate(&mut self, board: &Board, cell: usize, mask: u16) -> bool {
        let m = mask & board.cands[cell] & !self.elim[cell];
        self.elim[cell] |= m;
        m != 0
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.place = [0; 81];
        self.elim = [0; 81];
    }

    /// Places `digit` in an open `cell`.
    #[inline]
    pub fn place_digit(&mut self, cell: usize, digit: u8) {
        self.place[cell] |= bit(digit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::ExtraHouses;

    #[test]
    fn placing_removes_the_digit_from_every_peer_and_only_there() {
        let mut b = Board::open();
        b.place(40, 5);
        let n_without: usize = (0..81).filter(|&c| c != 40 && b.cands[c] & bit(5) == 0).count();
        assert_eq!(n_without, 20);
        assert_eq!(b.cands[40], 0);
    }

    /// Positions are the unit-by-unit view of the candidates: checked
    /// against the definition on boards with every digit in every number
    /// of places.
    #[test]
    fn positions_list_each_digit_where_it_is_a_candidate() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200 {
            let extra = ExtraHouses {
                x: i % 2 == 1,
                windoku: i % 4 >= 2,
                disjoint_groups: i % 8 >= 4,
                anti_knight: i % 16 >= 8,
                anti_king: i % 32 >= 16,
                non_consecutive: i % 64 >= 32,
            };
            let mut b = Board { cands: [0; 81], value: [0; 81], units: Units::with(extra) };
            for c in &mut b.cands {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *c = (state as u16) & ALL;
            }
            let pos = b.positions();
            for (unit, pos) in b.units.cells[..b.units.len].iter().zip(pos) {
                for (d, &got) in pos.iter().enumerate() {
                    let want = (0..9)
                        .filter(|&k| b.cands[unit[k] as usize] & (1 << d) != 0)
                        .fold(0, |m, k| m | 1 << k);
                    assert_eq!(got, want, "unit {unit:?} digit {}", d + 1);
                }
            }
        }
    }
}
