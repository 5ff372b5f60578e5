//! # sudoku-commands
//!
//! The commands of the `sudoku` tool as a library: each command is a call
//! that takes a typed request and yields typed rows. The `sudoku` command
//! parses its flags into these requests and writes the rows; the Python
//! package makes the same calls, so both give the same answers in the same
//! columns.
//!
//! | module | request | rows |
//! |---|---|---|
//! | [`solve`] | [`solve::SolveRequest`] | [`solve::SolveCsvRow`], [`solve_json::SolveJson`] |
//! | [`max_score`] | [`max_score::MaxScoreRequest`] | [`max_score::MaxScoreCsvRow`], [`max_score::MaxScoreJson`] |
//! | [`grade`] | [`grade::GradeRequest`] | [`grade::GradeRow`], [`grade::GradeJson`] |
//! | [`hint`] | [`hint::HintRequest`], [`variant::hints`] | [`hint::HintJson`], [`hint::HintStepJson`] (classic and variant steps) |
//! | [`canon`] | [`canon::CanonRequest`] | [`canon::CanonRow`] |
//! | [`transform`] | [`transform::TransformRequest`] | a grid |
//! | [`variant`] | [`variant::answer`] | [`variant::VariantCsvRow`], [`solve_json::SolveJson`] |
//! | [`generate`] | [`generate::Filter`], [`generate::make_range`] | [`generate::GenerateRow`] |
//! | [`generate`] (variants) | [`generate::make_variant_range`] | [`generate::variant_record`] |
//! | [`book`] | [`book::easiest_first`] | [`book::BookColumns`], [`book::PrintRow`] |
//! | [`book::print`] (`print`) | [`book::print::PageRequest`], [`book::print::classic_items`], [`book::print::variant_item`] | [`sudoku_print::PrintItem`], [`sudoku_print::variant::VariantSection`] |
//! | [`shape`] (the page) | [`shape::ShapeJson::of`] | [`shape::ShapeJson`] |
//!
//! Which model an input's puzzles are read into (classic 9x9 or variant)
//! is told once, by [`input::sniff`], for every front end.
//!
//! Every command writes one of the [`format::Format`]s, picked by
//! [`format::pick`] from its table of the formats it writes. Every library
//! enum taken as a choice (formats, bands, symmetries, levels, input
//! layouts) has a table of names and help ([`choice::Choice`]), from which
//! a front end parses and documents it.
//!
//! ```
//! use sudoku_commands::solve::{SolveMode, SolveRequest};
//! use sudoku_core::{Grid, Solver};
//!
//! let puzzle = Grid::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )
//! .unwrap();
//! let request = SolveRequest { mode: SolveMode::Count(2), keep_first: true };
//! let answer = request.answer(&mut Solver::new(), &puzzle).unwrap();
//! assert_eq!(answer.status(request.mode), "unique");
//! ```
//!
//! Architecture invariant: nothing here prints, exits or knows a flag's
//! syntax; errors are typed. Reading records and writing rows is
//! `sudoku-io`'s.

#[cfg(feature = "book")]
pub mod book;
pub mod canon;
pub mod choice;
pub mod format;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod input;
pub mod max_score;
pub mod shape;
pub mod solve;
pub mod solve_json;
pub mod transform;
pub mod variant;

pub use choice::Choice;
pub use format::Format;
