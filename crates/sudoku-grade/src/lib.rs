//! # sudoku-grade
//!
//! How hard is a sudoku for a person with a pencil? This crate solves the
//! puzzle the way a person would, with a ladder of human techniques, and
//! rates it by the hardest step it needed.
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_grade::{grade, Band, Technique};
//!
//! let puzzle: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let g = grade(&puzzle).unwrap();
//! assert_eq!(g.band, Band::Easy);
//! assert!(g.technique <= Technique::NakedSingle);
//! assert_eq!("easy".parse::<Band>().unwrap(), g.band);
//! ```
//!
//! ## The ladder
//!
//! On a grid of candidate masks, the grader repeatedly takes the easiest
//! [`Technique`] that places a digit or removes a candidate, applies every
//! instance of it at once, and starts again from the bottom: singles,
//! locked candidates, naked and hidden subsets, fish, wings, unique
//! rectangles, BUG+1, then chains (X-chains, alternating inference chains,
//! cell/region forcing chains). Where those run out, it follows
//! assumptions: dynamic forcing chains (an assumption followed through
//! singles on the state it builds), the same with locked candidates, and
//! nested trial and error, where the number of assumptions followed (the
//! node count) grows fast.
//!
//! ## The rating
//!
//! [`Grade::rating`] is on the scale of Sudoku Explainer (SE), the
//! community's reference: each technique has SE's base difficulty (hidden
//! single 1.2 to 1.5, naked single 2.3, pointing 2.6, X-wing 3.2,
//! XY-wing 4.2, jellyfish 5.2, X-chains from 6.6, forcing chains from 7.0,
//! cell/region forcing chains from 8.2, dynamic forcing chains from 8.5,
//! nested ones from 9.5). Chains and forcing nets add 0.1 for each of the
//! lengths 4, 6, 8, 12, 16, 24, 32, ... their shortest deduction exceeds
//! (links for chains, facts derived for dynamic chains); nested trials add
//! 1.0 per level of nesting beyond two and 0.1 per length threshold of the
//! thousands of nodes (assumptions followed) the step took, so node counts
//! take over where techniques run out. The rating is the difficulty of the
//! hardest step (one decimal) plus how much of it was needed: 0.05 × log2
//! of the number of steps within 0.2 of the hardest, at most 0.09, so the
//! first decimal is always the hardest step's. [`Band`] names five ranges
//! of it.
//!
//! Against SE ratings of the Sudoku Exchange bank the rating reaches
//! Spearman ρ ≈ 0.95 (`cargo xtask bench grade` measures it).
//!
//! ## Stable under symmetry
//!
//! Every technique finds all its instances on a snapshot of the grid, and
//! chain lengths are shortest lengths, so the path, the rating and the node
//! count are the same for every isomorph of a puzzle: rotations,
//! reflections, band and row swaps, and digit relabellings.
//!
//! ## Modules
//! - [`grader`]: [`Grader`], [`Grade`], [`Step`], [`GradeError`];
//! - [`technique`]: the techniques and their base ratings;
//! - [`band`]: the five bands.

mod board;
mod chaining;
mod hint;
mod rules;

pub mod band;
pub mod grader;
pub mod technique;

pub use band::{Band, ParseBandError};
pub use grader::{Candidate, Grade, GradeError, GradeOptions, Grader, Step};
pub use technique::Technique;

use sudoku_core::Grid;

/// Grades one puzzle (no step list). For many puzzles, reuse a [`Grader`].
pub fn grade(puzzle: &Grid) -> Result<Grade, GradeError> {
    Grader::new().grade(puzzle)
}

/// Grades one puzzle and records its step-by-step solution path.
pub fn explain(puzzle: &Grid) -> Result<Grade, GradeError> {
    Grader::new().grade_with(puzzle, &GradeOptions { explain: true })
}
