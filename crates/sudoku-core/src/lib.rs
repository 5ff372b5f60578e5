//! # sudoku-core
//!
//! The foundation of the sudoku workspace: the [`Grid`] value type, its
//! parsers and formatters, and a fast bitmask solver.
//!
//! ## Parsing
//!
//! Three text formats, each with errors that carry line, column, the
//! offending character and what was expected ([`ParseError`]):
//! [`Grid::parse_line`] (81 cells on a line), [`Grid::parse_block`] (9 rows
//! of 9 with optional separators) and [`Grid::parse_noip`] (81 integers).
//!
//! ## Solving
//!
//! Solving never fails: no solution is `None` or a count of 0. A puzzle
//! whose givens contradict each other (see [`Grid::conflicts`]) simply has
//! no solution.
//!
//! ```
//! use sudoku_core::{Grid, Solver};
//!
//! let puzzle = Grid::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )?;
//! let mut solver = Solver::new();
//! let solution = solver.solve_one(&puzzle).expect("solvable");
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(solver.count_solutions_up_to(&puzzle, 2), 1); // unique
//! println!("{} nodes", solver.stats().nodes);
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```
//!
//! ## Digit sets
//!
//! [`Candidates`] is a set of digits 1–9 in a `u16` (bit `d - 1` is digit
//! `d`); [`Candidates::ALL`] holds all nine.
//!
//! ## Cells, digits and candidates
//!
//! [`Cell`] (0–80 row-major, shown `r1c2`), [`Digit`] (1–9) and
//! [`Candidate`] (a digit in a cell, shown `r1c2=5`) are the typed
//! coordinates the public APIs take and return.
//!
//! ## Index tables
//!
//! Cells are numbered row-major, 0–80, and the 27 units (houses) rows 0–8,
//! columns 9–17, boxes 18–26 (boxes row-major):
//!
//! ```text
//!  0  1  2 |  3  4  5 |  6  7  8
//!  9 10 11 | 12 13 14 | 15 16 17
//! 18 19 20 | 21 22 23 | 24 25 26
//! ---------+----------+---------
//! 27 ...                     35
//! ...
//! 72 73 74 | 75 76 77 | 78 79 80
//! ```
//!
//! [`ROW`], [`COL`] and [`BOX`] give each cell's row, column and box,
//! [`UNITS`] the nine cells of each unit and [`PEERS`] the 20 peers of each
//! cell, all computed at compile time.
//!
//! ## Where things live
//!
//! Every item has one public path, at the crate root; the modules are
//! private: `grid` (`Grid`, parsing, formatting, conflicts), `candidates`,
//! `error`, `index` (the tables above), `solver` (band bitmaps, rule
//! propagation and a resumable DFS). [`mod@max_score`] (the max-score, or
//! "target sudoku", branch and bound) is still a public module.

mod candidates;
mod cell;
mod coord;
mod error;
mod grid;
mod index;
pub mod max_score;
mod position;
mod solver;

pub use candidates::Candidates;
pub use cell::{Candidate, Cell, Digit};
pub use coord::{Coord, ParseCoordError};
pub use error::{ParseError, ParseErrorKind};
pub use grid::{Conflict, Grid, Unit};
pub use index::{BOX, COL, PEERS, ROW, UNITS};
pub use max_score::{
    max_score, max_score_until, MaxScore, MaxScoreOptions, MaxScoreStatus, Weights, WeightsError,
    WeightsErrorKind, DEFAULT_TIME_LIMIT,
};
pub use position::{Position, PositionError};
pub use solver::{ExtraRules, Relation, SearchStats, Solutions, Solver, Verdict};
