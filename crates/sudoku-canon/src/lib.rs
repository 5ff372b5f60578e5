//! # sudoku-canon
//!
//! When are two sudoku puzzles the same puzzle in disguise? When one is made
//! from the other by the moves that keep every grid valid: transposing,
//! permuting the rows within a band, the bands, the columns within a stack,
//! the stacks (3,359,232 ways in all), and relabelling the digits (9! ways).
//!
//! ## Canonical form
//!
//! The community's standard name for the class of a grid is its *minlex*
//! form: the lexicographically smallest of the equivalent grids as an
//! 81-character string, blanks as `0` and so first. [`canonical`] gives it,
//! with a [`Transform`] that maps the grid onto it; two grids are equivalent
//! exactly when their forms are equal.
//!
//! ```
//! use sudoku_canon::{canonical, Transform};
//! use sudoku_core::Grid;
//!
//! let puzzle = Grid::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )?;
//! let (form, t) = canonical(&puzzle);
//! assert_eq!(t.apply(&puzzle), form);
//! assert_eq!(t.inverse().apply(&form), puzzle);
//!
//! let disguised: Transform = "Tr321654987c789123456d987654321".parse()?;
//! assert_eq!(canonical(&disguised.apply(&puzzle)).0, form);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Speed
//!
//! [`Canonicalizer`] keeps its buffers between calls; a 17-clue puzzle takes
//! a few microseconds (`cargo xtask bench canon`). A grid with many
//! automorphisms, a full solution grid above all, takes longer: every order
//! of its first row's columns is a candidate until the second row.

mod minlex;
mod transform;

pub use minlex::Canonicalizer;
pub use transform::{Transform, TransformParseError, TransformParseErrorKind};

use std::collections::HashSet;

use sudoku_core::{Cell, Grid};

/// A set of equivalence classes: the forms of the grids put in. What a
/// generator or a book maker keeps to refuse a second puzzle of a class.
#[derive(Default)]
pub struct Classes {
    canon: Canonicalizer,
    forms: HashSet<Grid>,
}

impl Classes {
    /// Adds the class of `grid`; `false` when it was there already (an
    /// equivalent grid was added before).
    pub fn insert(&mut self, grid: &Grid) -> bool {
        let form = self.canon.canonical(grid).0;
        self.forms.insert(form)
    }

    /// Whether an equivalent grid was added before.
    pub fn contains(&mut self, grid: &Grid) -> bool {
        let form = self.canon.canonical(grid).0;
        self.forms.contains(&form)
    }

    /// How many classes were added.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether no class was added.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }
}

/// The minlex form of `grid` and a transformation that maps `grid` onto it.
/// Any grid has one, valid or not, puzzle or solution.
///
/// Several transformations may give the form (those of the grid's
/// automorphisms); this is the first the search finds, the same every time.
/// For many grids, reuse one [`Canonicalizer`].
pub fn canonical(grid: &Grid) -> (Grid, Transform) {
    Canonicalizer::new().canonical(grid)
}

/// The minlex form by brute force: every one of the 2 × 1,296 × 1,296 row
/// and column moves, each relabelled in reading order. Thousands of times
/// slower than [`canonical`]; the reference its tests check it against.
pub fn canonical_brute_force(grid: &Grid) -> Grid {
    let cells = grid.to_array();
    let lines = line_orders();
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        for rows in &lines {
            for cols in &lines {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut smaller = false;
                for (i, cell) in Cell::ALL.into_iter().enumerate() {
                    let (r, c) = (rows[cell.row()] as usize, cols[cell.col()] as usize);
                    let from = if transpose { Cell::at(c, r) } else { Cell::at(r, c) };
                    let d = cells[from.expect("line orders hold lines 0-8")] as usize;
                    if d != 0 && label[d] == 0 {
                        label[d] = next;
                        next += 1;
                    }
                    let v = label[d];
                    if !smaller {
                        if v > best[i] {
                            break;
                        }
                        smaller = v < best[i];
                    }
                    if smaller {
                        best[i] = v;
                    }
                }
            }
        }
    }
    Grid::from_array(best).expect("labels are 1-9")
}

/// The 1,296 orders of nine lines that keep the three blocks of three whole.
fn line_orders() -> Vec<[u8; 9]> {
    const PERMS: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for blocks in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut order = [0u8; 9];
                    for (slot, within) in [a, b, c].iter().enumerate() {
                        for i in 0..3 {
                            order[slot * 3 + i] = blocks[slot] * 3 + within[i];
                        }
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}
