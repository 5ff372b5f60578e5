//! [`Coord`]: a cell's row and column on a canvas of any side, the one
//! place a cell's name (`r10c3`) is written and read: the classic
//! [`crate::Cell`] and every variant size name their cells through it.

use std::fmt;
use std::str::FromStr;

/// A cell's place: 0-based row and column on the canvas (n×n, or the
/// samurai's 21×21). Displayed 1-based as `r{row}c{col}` (`r10c3`); read
/// from that form in any case, and from f-puzzles' `R10C3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

impl Coord {
    /// The place of canvas index `index` on a canvas of side `side`.
    pub fn of(index: usize, side: usize) -> Coord {
        Coord { row: index / side, col: index % side }
    }

    /// The canvas index on a canvas of side `side`.
    pub fn index(self, side: usize) -> usize {
        self.row * side + self.col
    }

    /// f-puzzles' name of the cell: `R10C3`.
    pub fn fpuzzles_name(self) -> String {
        format!("R{}C{}", self.row + 1, self.col + 1)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A text that is not `rRcC` with 1-based numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCoordError;

impl FromStr for Coord {
    type Err = ParseCoordError;

    /// Reads `r10c3` (any case, spaces around allowed); numbers from 1.
    fn from_str(text: &str) -> Result<Coord, ParseCoordError> {
        let name = text.trim();
        let (r, c) =
            name.strip_prefix(['r', 'R']).and_then(|t| t.split_once(['c', 'C'])).ok_or(ParseCoordError)?;
        let number = |t: &str| t.parse::<usize>().ok().filter(|&n| n >= 1).ok_or(ParseCoordError);
        Ok(Coord { row: number(r)? - 1, col: number(c)? - 1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_written_and_read_back_on_any_side() {
        for side in [4usize, 9, 16, 21, 25] {
            for i in 0..side * side {
                let at = Coord::of(i, side);
                let name = at.to_string();
                assert_eq!(name, format!("r{}c{}", i / side + 1, i % side + 1));
                assert_eq!(name.parse::<Coord>(), Ok(at));
                assert_eq!(at.fpuzzles_name().parse::<Coord>(), Ok(at));
                assert_eq!(at.index(side), i);
            }
        }
        for bad in ["", "r0c1", "r1", "c1r1", "r1c", "rxc2", "r-1c2", "11"] {
            assert_eq!(bad.parse::<Coord>(), Err(ParseCoordError), "{bad}");
        }
        assert_eq!(" R2C3 ".parse::<Coord>(), Ok(Coord { row: 1, col: 2 }));
        assert_eq!("r2C3".parse::<Coord>(), Ok(Coord { row: 1, col: 2 }));
        assert_eq!("R12c1".parse::<Coord>(), Ok(Coord { row: 11, col: 0 }));
    }
}
