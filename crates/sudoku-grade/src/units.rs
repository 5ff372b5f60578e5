//! The units of the grid (rows, columns and boxes; some call them houses)
//! as data: each unit's cells and kind, the units of each cell, and the
//! sets they make. The rules look units up here instead of computing them,
//! so that a variant grid can add units (diagonals) or replace the boxes
//! (jigsaw) by changing this table: a rule that scans "every unit" scans
//! [`UNITS`], and one that needs a unit's kind asks its [`UnitKind`].
//!
//! The classic table's order is the board's: rows 0–8, columns 9–17,
//! boxes 18–26 ([`crate::board::Pos`] holds one entry per unit, in this
//! order). Every cell lies in three units.

use sudoku_core::UNITS as CORE_UNITS;

/// What kind of unit a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl UnitKind {
    /// The kind's name in our own texts: `row`, `column` or `box`.
    pub const fn word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        }
    }

    /// The word Sudoku Explainer's texts use for the kind: `row`, `column`
    /// or `block` (its word for a box).
    pub const fn se_word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "block",
        }
    }
}

/// The number of units.
pub(crate) const N_UNITS: usize = 27;

/// The cells of each unit, in the board's order of units (rows, columns,
/// boxes) and each in the order of its positions: bit `k` of a position
/// mask is `UNIT_CELLS[u][k]`.
pub(crate) const UNIT_CELLS: [[u8; 9]; N_UNITS] = CORE_UNITS;

/// The kind of each unit.
pub(crate) const UNIT_KINDS: [UnitKind; N_UNITS] = {
    let mut t = [UnitKind::Row; N_UNITS];
    let mut unit_idx = 0;
    while unit_idx < N_UNITS {
        t[unit_idx] = match unit_idx / 9 {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        unit_idx += 1;
    }
    t
};

/// The number of each unit among the units of its kind, from 1 (`row 3`).
pub(crate) const UNIT_NUMBERS: [u8; N_UNITS] = {
    let mut t = [0u8; N_UNITS];
    let mut unit_idx = 0;
    while unit_idx < N_UNITS {
        let mut earlier = 0;
        while earlier < unit_idx {
            if UNIT_KINDS[earlier] as u8 == UNIT_KINDS[unit_idx] as u8 {
                t[unit_idx] += 1;
            }
            earlier += 1;
        }
        t[unit_idx] += 1;
        unit_idx += 1;
    }
    t
};

/// The rows and the columns, as unit indices: the lines a fish stands on.
/// A row's positions are columns, and a column's are rows.
pub(crate) const ROWS: std::ops::Range<usize> = 0..9;

/// See [`ROWS`].
pub(crate) const COLUMNS: std::ops::Range<usize> = 9..18;

/// The three units of each cell, in the order of [`UNITS`].
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut n_found = [0usize; 81];
    let mut unit_idx = 0;
    while unit_idx < N_UNITS {
        let mut k = 0;
        while k < 9 {
            let c = UNIT_CELLS[unit_idx][k] as usize;
            t[c][n_found[c]] = unit_idx as u8;
            n_found[c] += 1;
            k += 1;
        }
        unit_idx += 1;
    }
    t
};

/// The position of each cell inside each of its units (same order as
/// [`CELL_UNITS`]).
pub(crate) const CELL_UNIT_POS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 3 {
            let cells = UNIT_CELLS[CELL_UNITS[c][i] as usize];
            let mut k = 0;
            while cells[k] as usize != c {
                k += 1;
            }
            t[c][i] = k as u8;
            i += 1;
        }
        c += 1;
    }
    t
};

/// The cells of each unit as an 81-bit set.
pub(crate) const UNIT_SET: [u128; N_UNITS] = {
    let mut t = [0u128; N_UNITS];
    let mut unit_idx = 0;
    while unit_idx < N_UNITS {
        let mut k = 0;
        while k < 9 {
            t[unit_idx] |= 1 << UNIT_CELLS[unit_idx][k];
            k += 1;
        }
        unit_idx += 1;
    }
    t
};

/// The peers of each cell (the other cells of its units) as an 81-bit
/// set.
pub(crate) const PEER_SET: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 3 {
            t[c] |= UNIT_SET[CELL_UNITS[c][i] as usize];
            i += 1;
        }
        t[c] &= !(1 << c);
        c += 1;
    }
    t
};

/// The units of kind `kind`, as a mask: bit `u` for unit `u`.
pub(crate) const fn units_of_kind(kind: UnitKind) -> u32 {
    let (mut out, mut unit_idx) = (0u32, 0);
    while unit_idx < N_UNITS {
        if UNIT_KINDS[unit_idx] as u8 == kind as u8 {
            out |= 1 << unit_idx;
        }
        unit_idx += 1;
    }
    out
}

/// The kind of unit `unit_idx`.
#[inline]
pub(crate) fn kind(unit_idx: usize) -> UnitKind {
    UNIT_KINDS[unit_idx]
}

/// Every cell of unit `unit_idx`, in position order.
pub(crate) fn cells_of_unit(unit_idx: usize) -> impl Iterator<Item = usize> {
    UNIT_CELLS[unit_idx].into_iter().map(usize::from)
}

/// The cells of unit `unit_idx` at the positions of `mask`.
pub(crate) fn cells_at(unit_idx: usize, mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |k| mask & (1 << k) != 0).map(move |k| usize::from(UNIT_CELLS[unit_idx][k]))
}

/// The units holding every cell of the set `m`, as one mask: bit `u` for
/// unit `u` (every unit for an empty set).
pub(crate) fn units_holding(m: u128) -> u32 {
    let mut out = u32::MAX >> (32 - N_UNITS);
    let mut m = m;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        out &= CELL_UNITS[c].iter().fold(0, |k, &u| k | 1 << u);
    }
    out
}

/// The units, boxes first, each kind in table order: the order in which
/// SE looks for hidden singles and a hint for its region.
pub(crate) fn boxes_first() -> impl Iterator<Item = usize> {
    let is_box = |u: &usize| kind(*u) == UnitKind::Box;
    (0..N_UNITS).filter(is_box).chain((0..N_UNITS).filter(move |u| !is_box(u)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::PEERS;

    /// The table against the grid's geometry, computed here from rows and
    /// columns.
    #[test]
    fn the_units_are_the_rows_columns_and_boxes() {
        for c in 0..81usize {
            let (r, col) = (c / 9, c % 9);
            let bx = r / 3 * 3 + col / 3;
            assert_eq!(CELL_UNITS[c], [r as u8, 9 + col as u8, 18 + bx as u8]);
            assert_eq!(CELL_UNIT_POS[c], [col as u8, r as u8, (r % 3 * 3 + col % 3) as u8]);
            let peers = PEERS[c].iter().fold(0u128, |m, &p| m | 1 << p);
            assert_eq!(PEER_SET[c], peers);
            assert_eq!(PEER_SET[c].count_ones(), 20);
        }
        let kinds: Vec<(UnitKind, u8)> =
            [0, 8, 9, 17, 18, 26].iter().map(|&u| (kind(u), UNIT_NUMBERS[u])).collect();
        use UnitKind::*;
        assert_eq!(kinds, [(Row, 1), (Row, 9), (Column, 1), (Column, 9), (Box, 1), (Box, 9)]);
        assert_eq!(units_holding(1 << 0 | 1 << 2), 1 << 0 | 1 << 18);
        assert_eq!(units_holding(1 << 0 | 1 << 80), 0);
        assert_eq!(boxes_first().take(10).collect::<Vec<_>>(), [18, 19, 20, 21, 22, 23, 24, 25, 26, 0]);
    }
}
