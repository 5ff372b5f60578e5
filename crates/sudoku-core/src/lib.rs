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
//! ## Modules
//! - [`grid`]: `Grid`, parsing, formatting, conflicts;
//! - [`candidates`]: `Candidates`, a `u16` digit set;
//! - [`solver`]: band bitmaps, rule propagation and a resumable DFS;
//! - [`mod@max_score`]: the max-score ("target sudoku") branch and bound;
//! - [`index`]: row, column, box, unit and peer tables.

pub mod candidates;
pub mod error;
pub mod grid;
pub mod index;
pub mod max_score;
pub mod solver;

pub use candidates::Candidates;
pub use error::{ParseError, ParseErrorKind};
pub use grid::{Conflict, Grid, Unit};
pub use max_score::{
    max_score, MaxScore, MaxScoreOptions, MaxScoreStatus, Weights, WeightsError, WeightsErrorKind,
    DEFAULT_TIME_LIMIT,
};
pub use solver::{SearchStats, Solutions, Solver};
