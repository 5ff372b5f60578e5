//! # sudoku-gen
//!
//! Unique, reproducible, symmetric sudoku puzzles.
//!
//! ## How a puzzle is made
//!
//! 1. A random complete grid, built by this crate from the random stream
//!    ([`random_grid`]): three diagonal boxes drawn at random, the rest
//!    filled by a small randomised backtracking search on bit masks, then
//!    shuffled by a random validity-preserving transformation.
//! 2. Clue removal: the cells are grouped into orbits of the requested
//!    [`Symmetry`]; orbits are visited once each in random order, and an
//!    orbit is removed when the puzzle keeps exactly one solution
//!    (no second solution found by `sudoku_core`'s search). Shortcuts that
//!    never change the outcome come first: small unavoidable sets of the
//!    grid (two digits, two lines of a band, or two columns of a band
//!    holding the same three digits) settle many failures, and
//!    naked/hidden-single tests many successes. The rest are settled by
//!    one search per removed cell for a solution that differs there
//!    (`Solver::solve_one_excluding`). One pass gives a minimal puzzle.
//! 3. With a clue target ([`GenOptions::target_clues`]) removal stops at
//!    that many clues; when a grid cannot get there, the puzzle says so
//!    ([`Puzzle::target_reached`]).
//!
//! ## Determinism
//!
//! Puzzle *i* of seed *S* draws only from [`puzzle_rng`]`(S, i)` (ChaCha8 on
//! stream *i*), so a set can be generated on any number of threads, in any
//! order, and the first 10 puzzles of a set of 1000 are the set of 10.
//!
//! The solver is asked only yes/no questions (is there another solution?)
//! and never picks a digit, so a seed's puzzles depend on this crate and
//! `rand_chacha` alone: a faster or reordered search in `sudoku_core` gives
//! the same puzzles, byte for byte.
//!
//! ```
//! use sudoku_gen::{generate, GenOptions, Symmetry};
//!
//! let opts = GenOptions { seed: 42, symmetry: Symmetry::Rot180, ..GenOptions::default() };
//! let p = generate(&opts, 0);
//! assert_eq!(p.givens.count_solutions_up_to(2), 1);
//! assert!(p.solution.is_solution_of(&p.givens));
//! assert!(Symmetry::Rot180.holds_for(&p.givens));
//! assert!(p.minimal);
//! assert_eq!(generate(&opts, 0), p); // same seed and index, same puzzle
//! ```
//!
//! ## Filters
//!
//! [`generate_until`] draws puzzles for one index until a filter accepts
//! one, with a bounded number of tries: the hook for difficulty bands.
//!
//! ```
//! use sudoku_gen::{generate_until, GenError, GenOptions};
//!
//! let opts = GenOptions::default();
//! let few = generate_until(&opts, 0, |p| p.n_clues() <= 26, 1000).unwrap();
//! assert!(few.n_clues() <= 26);
//! let never = generate_until(&opts, 0, |p| p.n_clues() < 17, 3);
//! assert_eq!(never, Err(GenError::TriesExhausted { index: 0, max_tries: 3 }));
//! ```
//!
//! ## Modules
//! - [`generator`]: options, the generator, the per-puzzle random stream;
//! - [`random_grid`]: random complete grids;
//! - [`symmetry`]: symmetries and their orbits;
//! - [`variant`]: variant puzzles (other sizes, jigsaw, samurai, X,
//!   windoku, anti-knight and friends, killer);
//! - [`error`]: the error type.

pub mod error;
pub mod generator;
pub mod pattern;
pub mod random_grid;
pub mod symmetry;
mod unavoidable;
pub mod variant;

pub use error::GenError;
pub use generator::{generate, generate_until, puzzle_rng, GenOptions, Generator, Puzzle};
pub use pattern::{Pattern, PatternError};
pub use symmetry::{ParseSymmetryError, Symmetry};
