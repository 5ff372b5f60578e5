//! # sudoku-variant
//!
//! Variant sudoku in one model: grids of side 4 to 25 with rectangular
//! boxes or jigsaw regions, overlapping 9×9 grids (the samurai's five,
//! twodoku, butterfly, sohei, flower, sumo, shogun, or any offsets),
//! extra houses (X diagonals, windoku windows, disjoint groups), move
//! rules (anti-knight, anti-king), non-consecutive neighbours, and killer
//! cages with or without sums. Rules compose: a killer X jigsaw is one
//! [`Puzzle`].
//!
//! ```
//! use sudoku_variant::Puzzle;
//!
//! // A 4×4 (boxes 2×2) given as a line; '.' is a blank.
//! let puzzle = Puzzle::parse_line("1.....2..3.....4", None)?;
//! assert_eq!(puzzle.size(), 4);
//! let solution = puzzle.solve_one().expect("solvable");
//! assert!(puzzle.check_solution(&solution).is_ok());
//!
//! // A killer cage in the JSON form.
//! let killer = Puzzle::from_json(
//!     r#"{"size":4,"cages":[{"sum":3,"cells":["r1c1","r1c2"]}],"givens":"................"}"#,
//! )?.puzzle;
//! assert!(killer.count_solutions_up_to(2) >= 1);
//! # Ok::<(), sudoku_variant::VariantError>(())
//! ```
//!
//! ## Text forms
//!
//! - The line form ([`Puzzle::parse_line`]): n×n characters, `1`–`9` then
//!   `A`–`P` for 10–25, `.` or `0` for a blank; the size follows from the
//!   length (441 characters is a samurai canvas); a named layout's canvas
//!   line is read with [`Puzzle::parse_layout_line`].
//! - The JSON form ([`Puzzle::from_json`], [`Puzzle::to_json`]): one object
//!   a line with `size`, `boxes`, `regions`, `rules`, `cages`, `givens`,
//!   `layout`; documented field by field in `docs/variants.md`.
//!
//! ## Solving
//!
//! [`VariantSolver`] compiles a puzzle's shape once and then solves,
//! counts or enumerates for any givens. Classic 9×9 puzzles are handed to
//! `sudoku-core`'s solver and never run through the general engine.

mod constraint;
mod digits;
mod engine;
mod error;
mod grids;
mod hint;
mod houses;
mod interop;
mod json;
pub mod ladder;
mod names;
mod puzzle;
mod words;

pub use constraint::{
    kind_named, Candidates, Constraint, Fields, Glyph, Instance, Instances, JsonObject, Kind, Kinds,
    ReadFpCell, ReadName, WriteName, KINDS,
};
pub use digits::{char_digit, check_size, digit_char, format_digits, parse_grid_digits, MAX_SIZE, MIN_SIZE};
pub use engine::{Interrupt, Outcome, VariantSolver};
pub use error::VariantError;
pub use grids::{Grids, LayoutName, MAX_CANVAS};
pub use hint::{HintError, VariantHint};
pub use houses::{House, HouseKind, Sight};
pub use interop::{is_sudokuwiki_board, lzstring, Imported, InteropError, PENPA_MAX_TEXT};
pub use json::JsonPuzzle;
pub use ladder::{RateError, Rating, Step};
pub use names::{ShapeName, VariantList};
pub use puzzle::{default_boxes, Layout, Puzzle, SAMURAI_GRIDS, SAMURAI_SIDE};
pub use sudoku_core::{Coord, ParseCoordError};
pub use words::{glyphs, rules_text, variant_name};
