//! Penpa+'s points on a square grid, and where each lies on ours.
//!
//! Penpa numbers every point of a board of `nx` × `ny` cells with a margin
//! of two cells on each side (`nx0 = nx + 4` columns, `ny0 = ny + 4` rows,
//! `N = nx0 * ny0`), in blocks of `N` (penpa-edit's `create_point` in
//! `class_square.js`):
//!
//! ```text
//! 0 ..  N    cell centres            k = y * nx0 + x
//! N .. 2N    cell corners            k - N: the corner below right of centre k - N
//! 2N .. 3N   edges under a cell      k - 2N: between centre (x, y) and (x, y + 1)
//! 3N .. 4N   edges right of a cell   k - 3N: between centre (x, y) and (x + 1, y)
//! 4N .. 8N   quarter points          4 a centre: top left, top right, bottom left, bottom right
//! ```
//!
//! The puzzle's grid starts at centre (2 + left space, 2 + top space):
//! Penpa's `space` (top, bottom, left, right) leaves rows and columns for
//! clues outside the grid.

use crate::Coord;

/// Where a Penpa point lies, in centre coordinates (`x` across, `y` down,
/// margins included); a corner `(x, y)` is the top-left corner of centre
/// `(x, y)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Point {
    /// A cell's centre.
    Centre(usize, usize),
    /// A cell's corner.
    Corner(usize, usize),
    /// The edge between centre `(x, y)` and `(x, y + 1)`.
    EdgeBelow(usize, usize),
    /// The edge between centre `(x, y)` and `(x + 1, y)`.
    EdgeRight(usize, usize),
    /// One of the four quarter points of centre `(x, y)` (0 top left, 1
    /// top right, 2 bottom left, 3 bottom right).
    Quarter(usize, usize, usize),
    /// Any other point (Penpa's compass points, or past the board).
    Other,
}

/// The board of a Penpa square grid and the n×n grid on it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    /// Columns of centres, margins included.
    pub nx0: usize,
    /// Rows of centres, margins included.
    pub ny0: usize,
    /// Centre row of the grid's first row.
    pub top: usize,
    /// Centre column of the grid's first column.
    pub left: usize,
    /// The grid's side.
    pub n: usize,
}

impl Frame {
    /// Points in one block.
    fn block(&self) -> usize {
        self.nx0 * self.ny0
    }

    /// The point numbered `k`.
    pub fn point(&self, k: usize) -> Point {
        let block = self.block();
        let xy = |i: usize| (i % self.nx0, i / self.nx0);
        match k / block {
            0 => Point::Centre(xy(k).0, xy(k).1),
            // Corner k - N lies below right of its centre.
            1 => {
                let (x, y) = xy(k - block);
                Point::Corner(x + 1, y + 1)
            }
            2 => {
                let (x, y) = xy(k - 2 * block);
                Point::EdgeBelow(x, y)
            }
            3 => {
                let (x, y) = xy(k - 3 * block);
                Point::EdgeRight(x, y)
            }
            4..=7 => {
                let i = k - 4 * block;
                let (x, y) = xy(i / 4);
                Point::Quarter(x, y, i % 4)
            }
            _ => Point::Other,
        }
    }

    /// The canvas cell at centre `(x, y)`, when it is on the grid.
    pub fn cell(&self, x: usize, y: usize) -> Option<u16> {
        let col = x.checked_sub(self.left).filter(|&c| c < self.n)?;
        let row = y.checked_sub(self.top).filter(|&r| r < self.n)?;
        Some((row * self.n + col) as u16)
    }

    /// The canvas cell of the centre point `k`, when it is one on the grid.
    pub fn centre_cell(&self, k: usize) -> Option<u16> {
        match self.point(k) {
            Point::Centre(x, y) => self.cell(x, y),
            _ => None,
        }
    }

    /// The two cells on either side of an edge point, when both are on
    /// the grid (first the upper or left one).
    pub fn edge_cells(&self, p: Point) -> Option<(u16, u16)> {
        match p {
            Point::EdgeBelow(x, y) => Some((self.cell(x, y)?, self.cell(x, y + 1)?)),
            Point::EdgeRight(x, y) => Some((self.cell(x, y)?, self.cell(x + 1, y)?)),
            _ => None,
        }
    }

    /// A canvas cell's name (`r1c1`).
    pub fn name(&self, cell: u16) -> String {
        Coord::of(usize::from(cell), self.n).to_string()
    }

    /// Where a point lies, for messages: `r1c2`, `the edge r1c1|r1c2`,
    /// `a corner of r1c1`, `outside the grid`.
    pub fn place(&self, p: Point) -> String {
        let outside = || "outside the grid".to_string();
        match p {
            Point::Centre(x, y) => self.cell(x, y).map_or_else(outside, |c| self.name(c)),
            Point::EdgeBelow(..) | Point::EdgeRight(..) => match self.edge_cells(p) {
                Some((a, b)) => format!("the edge {}|{}", self.name(a), self.name(b)),
                None => "on the grid's rim or outside it".into(),
            },
            Point::Corner(x, y) => {
                let cell = self.cell(x, y).or_else(|| self.cell(x.wrapping_sub(1), y.wrapping_sub(1)));
                cell.map_or_else(outside, |c| format!("a corner of {}", self.name(c)))
            }
            Point::Quarter(x, y, _) => {
                self.cell(x, y).map_or_else(outside, |c| format!("a corner of {}", self.name(c)))
            }
            Point::Other => "off the cells (a compass point)".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9×9 grid without margins: `nx0 = 13`, `N = 169`.
    const NINE: Frame = Frame { nx0: 13, ny0: 13, top: 2, left: 2, n: 9 };

    #[test]
    fn points_map_to_cells_edges_and_corners() {
        assert_eq!(NINE.centre_cell(28), Some(0));
        assert_eq!(NINE.centre_cell(13 * 10 + 10), Some(80));
        assert_eq!(NINE.centre_cell(27), None);
        // The edge under r1c1 and the one right of it.
        assert_eq!(NINE.edge_cells(NINE.point(2 * 169 + 28)), Some((0, 9)));
        assert_eq!(NINE.edge_cells(NINE.point(3 * 169 + 28)), Some((0, 1)));
        // Corner 183 is the grid's top-left corner: centre (2, 2)'s.
        assert_eq!(NINE.point(183), Point::Corner(2, 2));
        // Quarter point 892 = 4 * (169 + 54): the top left of r3c1.
        assert_eq!(NINE.point(892), Point::Quarter(2, 4, 0));
        assert_eq!(NINE.place(NINE.point(892)), "a corner of r3c1");
    }
}
