//! `transform`: a transformation (as `canon --transform` writes them), or
//! its inverse, applied to puzzles.

use sudoku_canon::Transform;
use sudoku_core::Grid;

/// A request of `transform`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransformRequest {
    /// The transformation.
    pub by: Transform,
    /// Apply its inverse instead.
    pub inverse: bool,
}

impl TransformRequest {
    /// The transformation applied: `by` or its inverse.
    pub fn applied(&self) -> Transform {
        if self.inverse {
            self.by.inverse()
        } else {
            self.by
        }
    }

    /// `grid` transformed.
    pub fn run(&self, grid: &Grid) -> Grid {
        self.applied().apply(grid)
    }
}

/// Column names of `transform`'s CSV rows: the puzzle.
pub const CSV_HEADER: &[&str] = &["puzzle"];

#[cfg(test)]
mod tests {
    use super::*;

    /// The inverse undoes the transformation, and the transposition moves
    /// the first row's givens to the first column.
    #[test]
    fn the_inverse_undoes_and_the_transpose_moves_rows_to_columns() {
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = Grid::parse_line(line).unwrap();
        let by: Transform = "Tr123456789c123456789d123456789".parse().unwrap();
        let there = TransformRequest { by, inverse: false }.run(&grid);
        let back = TransformRequest { by, inverse: true }.run(&there);
        assert_eq!(back, grid);
        let cells = there.to_line();
        let column: String = (0..9).map(|r| &cells[r * 9..r * 9 + 1]).collect();
        assert_eq!(column, &line[..9]);
    }
}
