//! The typed coordinates of a grid: [`Cell`] (0–80, row-major), [`Digit`]
//! (1–9) and [`Candidate`] (a digit in a cell). Every row, column and box
//! computation on a cell index lives here, so no other code decodes
//! `idx / 9` and `idx % 9` by hand.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::index::{BOX, COL, PEERS, ROW};

/// A cell of the 9×9 grid, numbered 0–80 row-major; its `Display` is
/// `r1c2` (row and column from 1).
///
/// ```
/// use sudoku_core::Cell;
/// let c = Cell::at(0, 1).unwrap();
/// assert_eq!((c.index(), c.row(), c.col(), c.box_idx()), (1, 0, 1, 0));
/// assert_eq!(c.to_string(), "r1c2");
/// assert_eq!(Cell::new(81), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The 81 cells in row-major order.
    pub const ALL: [Cell; 81] = {
        let mut t = [Cell(0); 81];
        let mut i = 0;
        while i < 81 {
            t[i] = Cell(i as u8);
            i += 1;
        }
        t
    };

    /// The cell of row-major index `cell_idx`; `None` from 81 on.
    pub const fn new(cell_idx: usize) -> Option<Cell> {
        if cell_idx < 81 {
            Some(Cell(cell_idx as u8))
        } else {
            None
        }
    }

    /// The cell in row `row` and column `col` (both 0–8); `None` when
    /// either is 9 or more.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 {
            Some(Cell((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// The row-major index, 0–80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0–8 from the top.
    pub const fn row(self) -> usize {
        ROW[self.0 as usize] as usize
    }

    /// The column, 0–8 from the left.
    pub const fn col(self) -> usize {
        COL[self.0 as usize] as usize
    }

    /// The box, 0–8 row-major.
    pub const fn box_idx(self) -> usize {
        BOX[self.0 as usize] as usize
    }

    /// The 20 other cells of its row, column and box, in increasing order.
    pub fn peers(self) -> impl Iterator<Item = Cell> {
        PEERS[self.0 as usize].into_iter().map(Cell)
    }

    /// The nine cells of row `row` (0–8), left to right.
    ///
    /// # Panics
    /// When `row` is 9 or more.
    pub fn row_cells(row: usize) -> &'static [Cell] {
        &Cell::ALL[row * 9..row * 9 + 9]
    }
}

impl fmt::Display for Cell {
    /// `r3c5`, as every cell of every size is named ([`crate::Coord`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::Coord { row: self.row(), col: self.col() }.fmt(f)
    }
}

impl From<Cell> for usize {
    fn from(cell: Cell) -> usize {
        cell.index()
    }
}

/// An array or slice of 81 per-cell values (such as `[Candidates; 81]`) is
/// indexed by a [`Cell`] directly: `marks[cell]`. A `Vec` is not (its
/// `Index` wants a `SliceIndex`): index `v[cell.index()]` there.
impl<T> Index<Cell> for [T] {
    type Output = T;

    fn index(&self, cell: Cell) -> &T {
        &self[cell.index()]
    }
}

impl<T> IndexMut<Cell> for [T] {
    fn index_mut(&mut self, cell: Cell) -> &mut T {
        &mut self[cell.index()]
    }
}

/// A digit 1–9.
///
/// ```
/// use sudoku_core::Digit;
/// let d = Digit::new(5).unwrap();
/// assert_eq!((d.get(), d.index(), d.bit()), (5, 4, 0b1_0000));
/// assert_eq!(d.to_string(), "5");
/// assert_eq!(Digit::new(0), None);
/// assert_eq!(Digit::new(10), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The nine digits, 1 to 9.
    pub const ALL: [Digit; 9] =
        [Digit(1), Digit(2), Digit(3), Digit(4), Digit(5), Digit(6), Digit(7), Digit(8), Digit(9)];

    /// The digit `value`; `None` unless it is 1–9.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit of index `digit_idx` (0–8, digit minus one); `None` from
    /// 9 on.
    pub const fn from_index(digit_idx: usize) -> Option<Digit> {
        if digit_idx < 9 {
            Some(Digit(digit_idx as u8 + 1))
        } else {
            None
        }
    }

    /// The value, 1–9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The index, 0–8 (the value minus one).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit's bit in a candidate mask: bit `d - 1` (see
    /// [`Candidates`](crate::Candidates)).
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Digit> for u8 {
    fn from(digit: Digit) -> u8 {
        digit.get()
    }
}

/// A candidate: a digit in a cell. Its `Display` is `r1c2=5`.
///
/// ```
/// use sudoku_core::{Candidate, Cell, Digit};
/// let c = Candidate::new(Cell::new(10).unwrap(), Digit::new(5).unwrap());
/// assert_eq!(c.to_string(), "r2c2=5");
/// assert_eq!(Candidate::from_index(c.index()), Some(c));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// `digit` in `cell`.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// A dense index, 0–728: `cell * 9 + digit - 1`, cell-major, so that
    /// candidates sort by cell and then digit.
    pub const fn index(self) -> usize {
        self.cell.index() * 9 + self.digit.index()
    }

    /// The candidate of dense index `candidate_idx` (see
    /// [`Candidate::index`]); `None` from 729 on.
    pub const fn from_index(candidate_idx: usize) -> Option<Candidate> {
        if candidate_idx < 729 {
            Some(Candidate {
                cell: Cell((candidate_idx / 9) as u8),
                digit: Digit((candidate_idx % 9) as u8 + 1),
            })
        } else {
            None
        }
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_name_their_row_column_and_box_like_the_index_tables() {
        for (i, c) in Cell::ALL.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Cell::at(i / 9, i % 9), Some(*c));
            assert_eq!(c.box_idx(), (i / 27) * 3 + (i % 9) / 3);
            assert_eq!(c.to_string(), format!("r{}c{}", i / 9 + 1, i % 9 + 1));
        }
        assert_eq!(Cell::at(9, 0), None);
        assert_eq!(Cell::at(0, 9), None);
    }

    #[test]
    fn peers_share_a_row_column_or_box_and_arrays_index_by_cell() {
        for c in Cell::ALL {
            let peers: Vec<Cell> = c.peers().collect();
            let expected: Vec<Cell> = Cell::ALL
                .into_iter()
                .filter(|&p| {
                    p != c && (p.row() == c.row() || p.col() == c.col() || p.box_idx() == c.box_idx())
                })
                .collect();
            assert_eq!(peers, expected);
            assert_eq!(Cell::row_cells(c.row())[c.col()], c);
        }
        let mut per_cell = [0u32; 81];
        per_cell[Cell::at(8, 8).unwrap()] += 7;
        assert_eq!(per_cell[80], 7);
        assert_eq!(per_cell[Cell::new(80).unwrap()], 7);
    }

    #[test]
    fn candidate_indices_round_trip_in_cell_then_digit_order() {
        let mut prev = None;
        for i in 0..729 {
            let c = Candidate::from_index(i).unwrap();
            assert_eq!(c.index(), i);
            assert_eq!((c.cell.index(), c.digit.get() as usize), (i / 9, i % 9 + 1));
            assert!(prev < Some(c), "sorted by cell then digit");
            prev = Some(c);
        }
        assert_eq!(Candidate::from_index(729), None);
        assert_eq!(Digit::from_index(9), None);
        assert_eq!(Digit::ALL.map(Digit::get), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
}
