//! # sudoku-grade
//!
//! How hard is a sudoku for a person with a pencil? This crate rates it the
//! way Sudoku Explainer (SE) does, to the tenth: the number puzzle people
//! quote ("SE 7.2").
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
//! assert_eq!((g.er, g.ep, g.ed), (1.2, 1.2, 1.2));
//! assert_eq!(g.technique, Technique::HiddenSingle);
//! ```
//!
//! ## The path
//!
//! On a grid of candidate masks the grader takes, at each point, the
//! easiest step of the first [`Technique`] family of SE's ladder that has
//! one, and starts again from the bottom: singles and their direct forms,
//! locked candidates, subsets, fish, skyscrapers and kites, wings, unique
//! rectangles and loops, 3-strong-link fishes, BUG, aligned exclusions,
//! then chains: X- and Y-cycles, forcing chains, Nishio, cell and region
//! forcing chains, dynamic, dynamic+ and nested forcing chains. The ladder
//! is that of the reference rater, Sukaku Explainer 1.18.1 with the
//! technique set that rated the Sudoku Exchange bank (SE 1.2.1's ladder
//! plus skyscraper/kite/turbot, WXYZ- and VWXYZ-wings and
//! 3-strong-linked fishes).
//!
//! Each step has SE's difficulty for its variant (a unique loop's length
//! and type, a wing's shape), and a chain's difficulty grows with its
//! length: +0.1 for each of the lengths 4, 6, 8, 12, 16, 24, ... it
//! exceeds.
//!
//! ## The ratings
//!
//! - [`Grade::er`] (the rating): the difficulty of the hardest step;
//! - [`Grade::ep`]: the hardest step up to the first digit placed;
//! - [`Grade::ed`]: the difficulty of the first step.
//!
//! [`Band`] names five ranges of ER.
//!
//! ## Under symmetry
//!
//! SE takes one step at a time, and which of several equally easy steps it
//! takes depends on the order it scans the grid in. This grader applies
//! every step of the least difficulty together instead, so that order does
//! not choose among them; the ratings are the same as SE's, since a step
//! that is available stays so until it is taken. The order still reaches
//! the chains: a chain step's difficulty is that of the chain the search
//! builds first, which depends on the order of the cells. So, as SE's, the
//! ratings of an isomorph of a puzzle (rotations, reflections, band and row
//! swaps, digit relabellings) can differ: on a sample of 165 classes rated
//! by SE (`fixtures/grade/se_transformed_sample.csv`), SE's ER changed in 8,
//! by up to 0.5, ours in 7 of those, copy for copy, all rated 7.7 or more.
//!
//! ## Modules
//! - [`grader`]: [`Grader`], [`Grade`], [`GradeError`]; a path's steps are
//!   [`Step`]s, whose conclusions are core [`Candidate`]s;
//! - [`hint`]: [`Hint`]s from any position;
//! - [`technique`]: the techniques, in ladder order (their base ratings and
//!   SE names live in the ladder's table, one row each);
//! - [`band`]: the five bands;
//! - [`scale`]: the technique sets ([`Scale::Se`], the default, and
//!   [`Scale::Se121`], Sudoku Explainer 1.2.1's), set with
//!   [`Grader::with_scale`].

mod board;
mod chaining;
mod dynamic;
mod hits;
mod ladder;
mod potential;
mod rating;
mod rules;
mod step;
#[cfg(test)]
mod testing;
mod units;

pub mod band;
pub mod grader;
pub mod hint;
pub mod scale;
pub mod technique;

pub use band::{Band, ParseBandError};
pub use grader::{Grade, GradeError, GradeOptions, Grader, Unsupported};
pub use hint::{Hint, HintHouse, Level};
pub use scale::{ParseScaleError, Scale};
pub use step::Step;
pub use sudoku_core::{Candidate, Cell, Digit};
pub use technique::Technique;
pub use units::ExtraHouses;

use sudoku_core::Grid;

/// Grades one puzzle (no step list). For many puzzles, reuse a [`Grader`].
pub fn grade(puzzle: &Grid) -> Result<Grade, GradeError> {
    Grader::new().grade(puzzle)
}

/// Grades one puzzle and records its step-by-step solution path.
pub fn explain(puzzle: &Grid) -> Result<Grade, GradeError> {
    Grader::new().grade_with(puzzle, &GradeOptions { explain: true })
}
