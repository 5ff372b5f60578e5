//! The units of the grid (rows, columns and boxes, and on a variant grid
//! its extra houses: disjoint groups, windoku windows, X diagonals) as a
//! value, [`Units`]: each unit's cells and kind, the units of each cell,
//! and the sets they make. The board holds the table of its grid and the
//! rules look units up there instead of computing them: a rule that scans
//! "every unit" scans [`Units::len`] units, and one that needs a unit's
//! kind asks its [`UnitKind`].
//!
//! The order of units is the board's: rows 0–8, columns 9–17, boxes 18–26
//! ([`crate::board::Pos`] holds one entry per unit, in this order), then
//! the extra houses in Sukaku Explainer's order of region types: the nine
//! disjoint groups, the nine window groups, the main diagonal (r1c1 to
//! r9c9) and the anti-diagonal (r1c9 to r9c1). The classic table has the
//! first 27.
//!
//! Windoku's rule names four windows (rows and columns 2–4 and 6–8); with
//! the rows, columns and boxes they make five more groups of nine cells
//! that hold every digit once, and SE counts all nine as houses: the four
//! windows, then rows 1, 5 and 9 across columns 2–4 and across 6–8, rows
//! 2–4 and 6–8 down columns 1, 5 and 9, and rows 1, 5, 9 by columns 1, 5,
//! 9.
//!
//! The rules of moves (anti-knight, anti-king) add no unit: they add
//! peers. A cell sees the cells a knight's (or a king's) move away as it
//! sees its row, so every rule that asks what a cell sees ([`Units::peer_set`])
//! takes them, and a chain's "on" turns them off after the houses' peers.

use std::sync::OnceLock;

use arrayvec::ArrayVec;
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
    /// A disjoint group (the cells at one position of every box).
    Group,
    /// A windoku window group (a window or one of the five groups the
    /// windows imply).
    Window,
    /// The main diagonal.
    MainDiagonal,
    /// The anti-diagonal.
    AntiDiagonal,
}

impl UnitKind {
    /// The kind's name in our own texts: `row`, `column`, `box`, …
    pub const fn word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Group => "disjoint group",
            UnitKind::Window => "window",
            UnitKind::MainDiagonal => "main diagonal",
            UnitKind::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The word Sudoku Explainer's texts use for the kind: `row`, `column`,
    /// `block` (its word for a box), `disjoint group`, `window group`,
    /// `Main Diagonal`, `Anti Diagonal`.
    pub const fn se_word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "block",
            UnitKind::Group => "disjoint group",
            UnitKind::Window => "window group",
            UnitKind::MainDiagonal => "Main Diagonal",
            UnitKind::AntiDiagonal => "Anti Diagonal",
        }
    }

    /// The kind as Sukaku Explainer numbers region types: 0 a box, 1 a
    /// row, 2 a column, 3 a disjoint group, 4 a window, 5 and 6 the
    /// diagonals.
    pub const fn se_code(self) -> u8 {
        match self {
            UnitKind::Box => 0,
            UnitKind::Row => 1,
            UnitKind::Column => 2,
            UnitKind::Group => 3,
            UnitKind::Window => 4,
            UnitKind::MainDiagonal => 5,
            UnitKind::AntiDiagonal => 6,
        }
    }
}

/// The most units a table has: 27, nine disjoint groups, nine window
/// groups and two diagonals.
pub(crate) const MAX_UNITS: usize = 47;

/// The number of units of the classic grid.
pub(crate) const N_CLASSIC_UNITS: usize = 27;

/// The classic table's units of each cell (its row, column and box,
/// ascending), a static for the loops compiled for the classic grid alone
/// (`CLASSIC` const parameters): fixed lengths at a fixed address.
pub(crate) static CLASSIC_CELL_UNITS: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        out[c] = [r as u8, 9 + col as u8, 18 + (r / 3 * 3 + col / 3) as u8];
        c += 1;
    }
    out
};

/// The classic table's units as 81-bit sets (see [`CLASSIC_CELL_UNITS`]).
pub(crate) static CLASSIC_UNIT_SET: [u128; N_CLASSIC_UNITS] = {
    let mut out = [0u128; N_CLASSIC_UNITS];
    let mut c = 0;
    while c < 81 {
        let units = CLASSIC_CELL_UNITS[c];
        let mut k = 0;
        while k < 3 {
            out[units[k] as usize] |= 1 << c;
            k += 1;
        }
        c += 1;
    }
    out
};

/// The most units a cell lies in: its row, column and box, a group, a
/// window and both diagonals.
const MAX_CELL_UNITS: usize = 7;

/// The rows and the columns, as unit indices: the lines a fish stands on.
/// A row's positions are columns, and a column's are rows.
pub(crate) const ROWS: std::ops::Range<usize> = 0..9;

/// See [`ROWS`].
pub(crate) const COLUMNS: std::ops::Range<usize> = 9..18;

/// Which extra houses a 9×9 grid with boxes has, on top of its rows,
/// columns and boxes, and which rules of moves add peers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ExtraHouses {
    /// Both main diagonals (rule `x`).
    pub x: bool,
    /// The windoku windows (and the five groups they imply).
    pub windoku: bool,
    /// The nine disjoint groups.
    pub disjoint_groups: bool,
    /// Cells a chess knight's move apart see each other (rule
    /// `anti-knight`): peers, not a house.
    pub anti_knight: bool,
    /// Cells that touch, even only at a corner, see each other (rule
    /// `anti-king`): peers, not a house.
    pub anti_king: bool,
    /// Cells side by side never hold consecutive digits (rule
    /// `non-consecutive`, 1 and 9 not consecutive): neither peers nor a
    /// house: a relation between the digits of cells side by side.
    pub non_consecutive: bool,
}

/// A knight's moves as (column, row) steps, in the order Sukaku
/// Explainer's chains turn their cells off.
const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)];

/// A king's diagonal moves, as [`KNIGHT_STEPS`] (the others are row and
/// column peers already).
const KING_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The four cells side by side with a cell, as [`KNIGHT_STEPS`]: right,
/// left, below, above.
const SIDE_STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The cells one of `steps` away from cell `c` of the 9×9 grid, in the
/// order of the steps.
fn moves_from(c: usize, steps: &[(i32, i32)]) -> impl Iterator<Item = usize> + '_ {
    let (r, col) = ((c / 9) as i32, (c % 9) as i32);
    steps.iter().filter_map(move |&(dc, dr)| {
        let (r2, c2) = (r + dr, col + dc);
        ((0..9).contains(&r2) && (0..9).contains(&c2)).then_some((9 * r2 + c2) as usize)
    })
}

impl ExtraHouses {
    /// The classic grid: no extra house.
    pub const NONE: ExtraHouses = ExtraHouses {
        x: false,
        windoku: false,
        disjoint_groups: false,
        anti_knight: false,
        anti_king: false,
        non_consecutive: false,
    };

    /// The index of this combination among the 64.
    fn index(self) -> usize {
        usize::from(self.x)
            | usize::from(self.windoku) << 1
            | usize::from(self.disjoint_groups) << 2
            | usize::from(self.anti_knight) << 3
            | usize::from(self.anti_king) << 4
            | usize::from(self.non_consecutive) << 5
    }

    /// Both sets of houses and peers.
    pub fn union(self, other: ExtraHouses) -> ExtraHouses {
        ExtraHouses {
            x: self.x | other.x,
            windoku: self.windoku | other.windoku,
            disjoint_groups: self.disjoint_groups | other.disjoint_groups,
            anti_knight: self.anti_knight | other.anti_knight,
            anti_king: self.anti_king | other.anti_king,
            non_consecutive: self.non_consecutive | other.non_consecutive,
        }
    }

    /// The non-consecutive rule, when `pairs` (cells 0..81 of a 9×9) are
    /// exactly the pairs of cells side by side; `None` otherwise.
    pub fn of_not_consecutive(pairs: &[(u16, u16)]) -> Option<ExtraHouses> {
        let mut given: Vec<(usize, usize)> =
            pairs.iter().map(|&(a, b)| (usize::from(a.min(b)), usize::from(a.max(b)))).collect();
        given.sort_unstable();
        given.dedup();
        let mut side_by_side: Vec<(usize, usize)> =
            (0..81).flat_map(|c| moves_from(c, &SIDE_STEPS).map(move |p| (c.min(p), c.max(p)))).collect();
        side_by_side.sort_unstable();
        side_by_side.dedup();
        (given == side_by_side).then_some(ExtraHouses { non_consecutive: true, ..ExtraHouses::NONE })
    }

    /// The rule of moves whose groups of different digits on a 9×9 (cell
    /// lists, cells 0..81) are `pairs`, when the ladder models it: every
    /// pair of cells a knight's move apart (anti-knight), or every pair
    /// that touches, orthogonally or at a corner (anti-king); `None` for
    /// any other set of groups.
    pub fn of_pairs(pairs: &[Vec<u16>]) -> Option<ExtraHouses> {
        let as_set = |pairs: &mut dyn Iterator<Item = (usize, usize)>| {
            let mut set: Vec<(usize, usize)> = pairs.map(|(a, b)| (a.min(b), a.max(b))).collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let mut given = pairs.iter().map(|p| match p[..] {
            [a, b] if a != b => Some((usize::from(a), usize::from(b))),
            _ => None,
        });
        let given: Option<Vec<(usize, usize)>> = given.by_ref().collect();
        let given = as_set(&mut given?.into_iter());
        let of_steps = |steps: &[(i32, i32)]| {
            as_set(&mut (0..81).flat_map(|c| moves_from(c, steps).map(move |p| (c, p)).collect::<Vec<_>>()))
        };
        let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let king: Vec<(i32, i32)> = KING_STEPS.iter().chain(&orthogonal).copied().collect();
        if given == of_steps(&KNIGHT_STEPS) {
            Some(ExtraHouses { anti_knight: true, ..ExtraHouses::NONE })
        } else if given == of_steps(&king) {
            Some(ExtraHouses { anti_king: true, ..ExtraHouses::NONE })
        } else {
            None
        }
    }

    /// The family a rule's extra houses on a 9×9 (cell lists, cells
    /// 0..81) are, when the ladder models it: both main diagonals (X), the
    /// four windoku windows, or the nine disjoint groups; `None` for any
    /// other set of houses.
    pub fn of_houses(houses: &[Vec<u16>]) -> Option<ExtraHouses> {
        let sorted = |mut list: Vec<Vec<u16>>| {
            for h in &mut list {
                h.sort_unstable();
            }
            list.sort();
            list
        };
        let at = |r: usize, c: usize| (9 * r + c) as u16;
        let diagonals = vec![(0..9).map(|k| at(k, k)).collect(), (0..9).map(|k| at(k, 8 - k)).collect()];
        let windows = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r, c)| (0..9).map(|k| at(r + k / 3, c + k % 3)).collect())
            .collect();
        let groups =
            (0..9).map(|k| (0..9).map(|b| at(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3)).collect()).collect();
        let given = sorted(houses.to_vec());
        let mut extra = ExtraHouses::NONE;
        if given == sorted(diagonals) {
            extra.x = true;
        } else if given == sorted(windows) {
            extra.windoku = true;
        } else if given == sorted(groups) {
            extra.disjoint_groups = true;
        } else {
            return None;
        }
        Some(extra)
    }
}

/// The unit table of one grid. See the module docs for the order.
#[derive(Debug)]
pub(crate) struct Units {
    /// Which extra houses the table has.
    pub extra: ExtraHouses,
    /// The number of units.
    pub len: usize,
    /// The cells of each unit, each in the order of its positions: bit
    /// `k` of a position mask is `cells[u][k]`.
    pub cells: [[u8; 9]; MAX_UNITS],
    /// The kind of each unit.
    pub kinds: [UnitKind; MAX_UNITS],
    /// The number of each unit among the units of its kind, from 1
    /// (`row 3`).
    pub numbers: [u8; MAX_UNITS],
    /// The units of each cell, ascending.
    pub cell_units: [ArrayVec<u8, MAX_CELL_UNITS>; 81],
    /// The position of each cell inside each of its units (same order as
    /// [`Units::cell_units`]).
    pub cell_unit_pos: [ArrayVec<u8, MAX_CELL_UNITS>; 81],
    /// The cells of each unit as an 81-bit set.
    pub unit_set: [u128; MAX_UNITS],
    /// The peers of each cell (the other cells of its units) as an 81-bit
    /// set.
    pub peer_set: [u128; 81],
    /// The peers of each cell, ascending.
    pub peers: [ArrayVec<u8, 80>; 81],
    /// The peers of each cell that only a rule of moves makes (a king's
    /// diagonal step inside the box is a box peer, not one of these). A
    /// unique loop or a BUG is no deadly pattern when one of its cells has
    /// such a peer holding either of its digits: the rule may tell the two
    /// solutions apart, so Sukaku Explainer refuses it, and so do we.
    pub move_peer_set: [u128; 81],
    /// The cells side by side with each cell under the non-consecutive
    /// rule (none without it): placing d there rules out d-1 and d+1.
    pub nc_neighbours: [ArrayVec<u8, 4>; 81],
    /// The peers of each cell in the order a chain's "on" turns them off,
    /// as SE takes them: its box, then the rest of its row and of its
    /// column (the 20 every cell has), then in `extra_peer_order` those of
    /// its extra houses in table order, then its move peers in the order of
    /// [`KNIGHT_STEPS`] (kings' first). Split so that the classic grid's
    /// loop has a fixed length.
    pub peer_order: [[u8; 20]; 81],
    /// See [`Units::peer_order`].
    pub extra_peer_order: [ArrayVec<u8, 60>; 81],
    /// The units of each cell with the cell's position in each, in the
    /// order a chain's "off" looks for the digit's last place, as SE does:
    /// its box, its row, its column, then its extra houses in table order.
    pub chain_units: [ArrayVec<(u8, u8), MAX_CELL_UNITS>; 81],
    /// For each unit, the other units it shares two cells or more with,
    /// ascending: `(other, positions in this unit, positions in other)`
    /// of the shared cells (the candidates of a lock, as bit masks).
    pub overlaps: [ArrayVec<(u8, u16, u16), MAX_UNITS>; MAX_UNITS],
    /// The units of each cell as a mask (bit `u` for unit `u`).
    cell_unit_mask: [u64; 81],
    /// The units of each kind as a mask, by `UnitKind as usize`.
    kind_mask: [u64; N_KINDS],
}

/// The number of [`UnitKind`]s.
const N_KINDS: usize = 7;
const _: () = assert!(UnitKind::AntiDiagonal as usize + 1 == N_KINDS, "N_KINDS counts every kind");

impl Units {
    /// The classic table: rows, columns and boxes.
    pub fn classic() -> &'static Units {
        Units::with(ExtraHouses::NONE)
    }

    /// The table of a 9×9 grid with boxes and `extra` houses (built once,
    /// then shared).
    pub fn with(extra: ExtraHouses) -> &'static Units {
        static TABLES: [OnceLock<Units>; 64] = [const { OnceLock::new() }; 64];
        TABLES[extra.index()].get_or_init(|| Units::build(extra))
    }

    fn build(extra: ExtraHouses) -> Units {
        let mut units: Vec<(UnitKind, [u8; 9])> = Vec::with_capacity(MAX_UNITS);
        for (u, cells) in CORE_UNITS.iter().enumerate() {
            let kind = [UnitKind::Row, UnitKind::Column, UnitKind::Box][u / 9];
            units.push((kind, *cells));
        }
        let at = |r: usize, c: usize| (9 * r + c) as u8;
        if extra.disjoint_groups {
            for k in 0..9 {
                let cells = std::array::from_fn(|b| at(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3));
                units.push((UnitKind::Group, cells));
            }
        }
        if extra.windoku {
            // Window group rows (or columns) by class: 2–4, 6–8, and 1, 5, 9.
            const CLASSES: [[usize; 3]; 3] = [[1, 2, 3], [5, 6, 7], [0, 4, 8]];
            for (rows, cols) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2)] {
                let cells = std::array::from_fn(|k| at(CLASSES[rows][k / 3], CLASSES[cols][k % 3]));
                units.push((UnitKind::Window, cells));
            }
        }
        if extra.x {
            units.push((UnitKind::MainDiagonal, std::array::from_fn(|k| at(k, k))));
            units.push((UnitKind::AntiDiagonal, std::array::from_fn(|k| at(k, 8 - k))));
        }
        let mut t = Units {
            extra,
            len: units.len(),
            cells: [[0; 9]; MAX_UNITS],
            kinds: [UnitKind::Row; MAX_UNITS],
            numbers: [0; MAX_UNITS],
            cell_units: std::array::from_fn(|_| ArrayVec::new()),
            cell_unit_pos: std::array::from_fn(|_| ArrayVec::new()),
            unit_set: [0; MAX_UNITS],
            peer_set: [0; 81],
            peers: std::array::from_fn(|_| ArrayVec::new()),
            move_peer_set: [0; 81],
            nc_neighbours: std::array::from_fn(|_| ArrayVec::new()),
            peer_order: [[0; 20]; 81],
            extra_peer_order: std::array::from_fn(|_| ArrayVec::new()),
            chain_units: std::array::from_fn(|_| ArrayVec::new()),
            overlaps: std::array::from_fn(|_| ArrayVec::new()),
            cell_unit_mask: [0; 81],
            kind_mask: [0; N_KINDS],
        };
        for (u, &(kind, cells)) in units.iter().enumerate() {
            t.cells[u] = cells;
            t.kinds[u] = kind;
            t.numbers[u] = 1 + units[..u].iter().filter(|(k, _)| *k == kind).count() as u8;
            t.kind_mask[kind as usize] |= 1 << u;
            for (k, &c) in cells.iter().enumerate() {
                t.cell_unit_mask[usize::from(c)] |= 1 << u;
                t.cell_units[usize::from(c)].push(u as u8);
                t.cell_unit_pos[usize::from(c)].push(k as u8);
                t.unit_set[u] |= 1 << c;
            }
        }
        for u in 0..t.len {
            for o in (0..t.len).filter(|&o| o != u) {
                let positions = |of: usize, with: usize| {
                    (0..9)
                        .filter(|&k| t.unit_set[with] & 1 << t.cells[of][k] != 0)
                        .fold(0u16, |m, k| m | 1 << k)
                };
                let (in_u, in_o) = (positions(u, o), positions(o, u));
                if in_u.count_ones() >= 2 {
                    t.overlaps[u].push((o as u8, in_u, in_o));
                }
            }
        }
        for c in 0..81 {
            let near = t.cell_units[c].iter().fold(0u128, |m, &u| m | t.unit_set[usize::from(u)]);
            let mut moves: ArrayVec<u8, 12> = ArrayVec::new();
            let steps = [(extra.anti_king, &KING_STEPS[..]), (extra.anti_knight, &KNIGHT_STEPS[..])];
            for (_, steps) in steps.into_iter().filter(|(on, _)| *on) {
                moves.extend(moves_from(c, steps).filter(|&p| near & 1 << p == 0).map(|p| p as u8));
            }
            t.move_peer_set[c] = moves.iter().fold(0u128, |m, &p| m | 1 << p);
            if extra.non_consecutive {
                t.nc_neighbours[c] = moves_from(c, &SIDE_STEPS).map(|p| p as u8).collect();
            }
            t.peer_set[c] = (near | t.move_peer_set[c]) & !(1 << c);
            t.peers[c] = (0..81u8).filter(|&p| t.peer_set[c] & 1 << p != 0).collect();
            let (lines, rest) = t.cell_units[c].split_at(2);
            for k in [2, 0, 1].into_iter().chain(3..t.cell_units[c].len()) {
                t.chain_units[c].push((t.cell_units[c][k], t.cell_unit_pos[c][k]));
            }
            let mut order: ArrayVec<u8, 80> = ArrayVec::new();
            for &u in rest[..1].iter().chain(lines).chain(&rest[1..]) {
                for &q in &t.cells[usize::from(u)] {
                    if usize::from(q) != c && !order.contains(&q) {
                        order.push(q);
                    }
                }
            }
            order.extend(moves);
            t.peer_order[c].copy_from_slice(&order[..20]);
            t.extra_peer_order[c] = order[20..].iter().copied().collect();
        }
        t
    }

    /// Whether the non-consecutive rule holds ([`Units::nc_neighbours`]).
    pub fn has_nc(&self) -> bool {
        self.extra.non_consecutive
    }

    /// Whether a rule of moves (anti-knight, anti-king) adds peers: then
    /// cells that all see each other need not share a unit.
    pub fn has_moves(&self) -> bool {
        self.extra.anti_knight || self.extra.anti_king
    }

    /// The kind of unit `unit_idx`.
    #[inline]
    pub fn kind(&self, unit_idx: usize) -> UnitKind {
        self.kinds[unit_idx]
    }

    /// Every cell of unit `unit_idx`, in position order.
    pub fn cells_of_unit(&self, unit_idx: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells[unit_idx].iter().map(|&c| usize::from(c))
    }

    /// The cells of unit `unit_idx` at the positions of `mask`.
    pub fn cells_at(&self, unit_idx: usize, mask: u16) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(move |k| mask & (1 << k) != 0).map(move |k| usize::from(self.cells[unit_idx][k]))
    }

    /// The units of cell `c` as a mask: bit `u` for unit `u`.
    #[inline]
    pub fn units_of_cell(&self, c: usize) -> u64 {
        self.cell_unit_mask[c]
    }

    /// The units holding every cell of the set `m`, as one mask: bit `u`
    /// for unit `u` (every unit for an empty set).
    pub fn units_holding(&self, m: u128) -> u64 {
        let mut out = u64::MAX >> (64 - self.len);
        let mut m = m;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            out &= self.units_of_cell(c);
        }
        out
    }

    /// The units of kind `kind`, as a mask: bit `u` for unit `u`.
    pub fn units_of_kind(&self, kind: UnitKind) -> u64 {
        self.kind_mask[kind as usize]
    }

    /// The units, boxes first, each kind in table order: the order in which
    /// SE looks for hidden singles and a hint for its region.
    pub fn boxes_first(&self) -> impl Iterator<Item = usize> + '_ {
        let is_box = |u: &usize| self.kind(*u) == UnitKind::Box;
        (0..self.len).filter(is_box).chain((0..self.len).filter(move |u| !is_box(u)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::PEERS;

    /// The classic table against the grid's geometry, computed here from
    /// rows and columns.
    #[test]
    fn the_units_are_the_rows_columns_and_boxes() {
        let t = Units::classic();
        assert_eq!(t.len, 27);
        assert_eq!(t.unit_set[..27], CLASSIC_UNIT_SET);
        for (c, core_peers) in PEERS.iter().enumerate() {
            let (r, col) = (c / 9, c % 9);
            let bx = r / 3 * 3 + col / 3;
            assert_eq!(t.cell_units[c].as_slice(), [r as u8, 9 + col as u8, 18 + bx as u8]);
            assert_eq!(t.cell_units[c].as_slice(), CLASSIC_CELL_UNITS[c]);
            assert_eq!(t.cell_unit_pos[c].as_slice(), [col as u8, r as u8, (r % 3 * 3 + col % 3) as u8]);
            let peers = core_peers.iter().fold(0u128, |m, &p| m | 1 << p);
            assert_eq!(t.peer_set[c], peers);
            assert_eq!(t.peers[c].as_slice(), core_peers);
        }
        let kinds: Vec<(UnitKind, u8)> =
            [0, 8, 9, 17, 18, 26].iter().map(|&u| (t.kind(u), t.numbers[u])).collect();
        use UnitKind::*;
        assert_eq!(kinds, [(Row, 1), (Row, 9), (Column, 1), (Column, 9), (Box, 1), (Box, 9)]);
        assert_eq!(t.units_holding(1 << 0 | 1 << 2), 1 << 0 | 1 << 18);
        assert_eq!(t.units_holding(1 << 0 | 1 << 80), 0);
        assert_eq!(t.boxes_first().take(10).collect::<Vec<_>>(), [18, 19, 20, 21, 22, 23, 24, 25, 26, 0]);
    }

    /// The extra houses against their definitions, by coordinates: r1c1 is
    /// on the main diagonal, in disjoint group 1 and window group 9; r5c5
    /// on both diagonals, in disjoint group 5 and window group 9; r2c2 in
    /// window 1; r9c1 on the anti-diagonal and in window group 9.
    #[test]
    fn the_extra_houses_hold_the_cells_their_rules_name() {
        let t =
            Units::with(ExtraHouses { x: true, windoku: true, disjoint_groups: true, ..Default::default() });
        assert_eq!(t.len, 47);
        let kinds_of = |c: usize| -> Vec<(UnitKind, u8)> {
            t.cell_units[c]
                .iter()
                .map(|&u| (t.kind(usize::from(u)), t.numbers[usize::from(u)]))
                .skip(3)
                .collect()
        };
        use UnitKind::*;
        assert_eq!(kinds_of(0), [(Group, 1), (Window, 9), (MainDiagonal, 1)]);
        assert_eq!(kinds_of(40), [(Group, 5), (Window, 9), (MainDiagonal, 1), (AntiDiagonal, 1)]);
        assert_eq!(kinds_of(10), [(Group, 5), (Window, 1), (MainDiagonal, 1)]);
        assert_eq!(kinds_of(72), [(Group, 7), (Window, 9), (AntiDiagonal, 1)]);
        assert_eq!(kinds_of(1), [(Group, 2), (Window, 5)]);
        assert_eq!(kinds_of(9), [(Group, 4), (Window, 7)]);
        for u in 0..t.len {
            assert_eq!(t.unit_set[u].count_ones(), 9);
        }
        // Peers by coordinates, for every combination of extra houses.
        // The window group of a cell: its row's and its column's class
        // (2–4, 6–8, or one of 1, 5, 9).
        let window = |r: usize, c: usize| {
            let class = |x: usize| if x % 4 == 0 { 2 } else { x / 4 };
            (class(r), class(c))
        };
        for bits in 0..64 {
            let extra = ExtraHouses {
                x: bits & 1 != 0,
                windoku: bits & 2 != 0,
                disjoint_groups: bits & 4 != 0,
                anti_knight: bits & 8 != 0,
                anti_king: bits & 16 != 0,
                non_consecutive: bits & 32 != 0,
            };
            let t = Units::with(extra);
            let n_extra = 2 * usize::from(extra.x)
                + 9 * usize::from(extra.windoku)
                + 9 * usize::from(extra.disjoint_groups);
            assert_eq!(t.len, 27 + n_extra);
            for a in 0..81 {
                for b in 0..81 {
                    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                    let seen = a != b
                        && (ra == rb
                            || ca == cb
                            || (ra / 3, ca / 3) == (rb / 3, cb / 3)
                            || extra.disjoint_groups && (ra % 3, ca % 3) == (rb % 3, cb % 3)
                            || extra.windoku && window(ra, ca) == window(rb, cb)
                            || extra.x && (ra == ca && rb == cb || ra + ca == 8 && rb + cb == 8)
                            || extra.anti_knight && ra.abs_diff(rb) * ca.abs_diff(cb) == 2
                            || extra.anti_king && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1);
                    assert_eq!(
                        t.peer_set[a] >> b & 1 != 0,
                        seen,
                        "{extra:?} {} {}",
                        sudoku_core::Coord::of(a, 9),
                        sudoku_core::Coord::of(b, 9)
                    );
                }
                // Every list of a cell's peers holds each peer once.
                let set = |cells: &mut dyn Iterator<Item = u8>| cells.fold(0u128, |m, p| m | 1 << p);
                assert_eq!(set(&mut t.peers[a].iter().copied()), t.peer_set[a]);
                assert_eq!(t.peers[a].len(), t.peer_set[a].count_ones() as usize);
                let order = t.peer_order[a].iter().chain(&t.extra_peer_order[a]);
                assert_eq!(set(&mut order.clone().copied()), t.peer_set[a]);
                assert_eq!(order.count(), t.peer_set[a].count_ones() as usize);
                let of_units = t.cell_units[a].iter().fold(0u128, |m, &u| m | t.unit_set[usize::from(u)]);
                assert_eq!(t.move_peer_set[a], t.peer_set[a] & !of_units, "{extra:?}");
                // Side by side, by coordinates; non-consecutive adds no peer.
                let side: Vec<u8> = (0..81u8)
                    .filter(|&b| {
                        let (b, a) = (usize::from(b), a);
                        extra.non_consecutive && (a / 9).abs_diff(b / 9) + (a % 9).abs_diff(b % 9) == 1
                    })
                    .collect();
                let mut got = t.nc_neighbours[a].to_vec();
                got.sort_unstable();
                assert_eq!(got, side, "{extra:?}");
            }
        }
    }

    /// The rules of moves are recognised from their pairs, and only from
    /// exactly those pairs.
    #[test]
    fn the_rules_of_moves_are_known_by_their_pairs() {
        let pairs = |ok: &dyn Fn(usize, usize) -> bool| -> Vec<Vec<u16>> {
            let mut out = Vec::new();
            for a in 0..81u16 {
                for b in a + 1..81 {
                    let (dr, dc) = ((a / 9).abs_diff(b / 9), (a % 9).abs_diff(b % 9));
                    if ok(usize::from(dr), usize::from(dc)) {
                        out.push(vec![b, a]);
                    }
                }
            }
            out
        };
        let knight = pairs(&|dr, dc| dr * dc == 2);
        let king = pairs(&|dr, dc| dr.max(dc) == 1);
        assert_eq!(ExtraHouses::of_pairs(&knight).map(|e| (e.anti_knight, e.anti_king)), Some((true, false)));
        assert_eq!(ExtraHouses::of_pairs(&king).map(|e| (e.anti_knight, e.anti_king)), Some((false, true)));
        assert_eq!(ExtraHouses::of_pairs(&knight[1..]), None);
        assert_eq!(ExtraHouses::of_pairs(&pairs(&|dr, dc| dr == 1 && dc == 1)), None);
        assert_eq!(ExtraHouses::of_not_consecutive(&[]), None);
        let sides: Vec<(u16, u16)> = pairs(&|dr, dc| dr + dc == 1).iter().map(|p| (p[0], p[1])).collect();
        assert_eq!(ExtraHouses::of_not_consecutive(&sides).map(|e| e.non_consecutive), Some(true));
        assert_eq!(ExtraHouses::of_not_consecutive(&sides[1..]), None);
        let mut triple = king.clone();
        triple[0].push(40);
        assert_eq!(ExtraHouses::of_pairs(&triple), None);
    }
}
