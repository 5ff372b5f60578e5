//! `solve`'s JSON rows, one type for classic and variant puzzles: beside
//! both models' answers ([`crate::solve`], [`crate::variant`]), so that
//! neither module imports the other's.

use serde::Serialize;
use sudoku_core::Grid;

use crate::solve::{Answer, SolveMode};
use crate::variant::VariantAnswer;

/// One puzzle of `solve`'s JSON Lines output, classic or variant alike.
/// A classic row has the puzzle's line and the core search's guesses and
/// backtracks; a variant row has the puzzle's JSON form, its variant's
/// name, and every solution in `--all` mode. Fields one kind lacks are
/// left out, so each kind's rows read as they always have.
#[derive(Debug, Clone, Serialize)]
pub struct SolveJson {
    puzzle: Option<PuzzleField>,
    /// Variant rows only (`null` on a malformed variant record).
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<Option<String>>,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    status: &'static str,
    count: Option<u64>,
    nodes: Option<u64>,
    /// Classic rows only (`null` on a malformed classic record).
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<Option<u64>>,
    /// Classic rows only, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    backtracks: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A row's puzzle: a classic line, or a variant's JSON form.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum PuzzleField {
    Line(String),
    Object(serde_json::Value),
}

impl SolveJson {
    /// The object of a classic `puzzle`'s answer.
    pub fn new(puzzle: &Grid, answer: &Answer, mode: SolveMode) -> SolveJson {
        SolveJson {
            puzzle: Some(PuzzleField::Line(puzzle.to_line())),
            variant: None,
            solution: answer.first.as_ref().map(Grid::to_line),
            solutions: None,
            status: answer.status(mode),
            count: answer.count,
            nodes: Some(answer.stats.nodes),
            guesses: Some(Some(answer.stats.guesses)),
            backtracks: Some(Some(answer.stats.backtracks)),
            error: None,
        }
    }

    /// The object of a variant `puzzle`'s answer.
    pub fn of_variant(puzzle: &sudoku_variant::Puzzle, answer: &VariantAnswer, mode: SolveMode) -> SolveJson {
        let format = sudoku_variant::format_digits;
        SolveJson {
            puzzle: serde_json::from_str(&puzzle.to_json(None)).ok().map(PuzzleField::Object),
            variant: Some(Some(puzzle.variant_name())),
            solution: answer.first.as_deref().map(format),
            solutions: matches!(mode, SolveMode::All(_))
                .then(|| answer.all.iter().map(|s| format(s)).collect()),
            status: answer.status(mode),
            count: answer.count,
            nodes: Some(answer.nodes),
            guesses: None,
            backtracks: None,
            error: None,
        }
    }

    /// The object of a malformed classic record, and why.
    pub fn invalid(message: &str) -> SolveJson {
        SolveJson { guesses: Some(None), backtracks: Some(None), ..SolveJson::invalid_record(message) }
    }

    /// The object of a malformed variant record, and why.
    pub fn invalid_variant(message: &str) -> SolveJson {
        SolveJson { variant: Some(None), ..SolveJson::invalid_record(message) }
    }

    fn invalid_record(message: &str) -> SolveJson {
        SolveJson {
            puzzle: None,
            variant: None,
            solution: None,
            solutions: None,
            status: "invalid",
            count: None,
            nodes: None,
            guesses: None,
            backtracks: None,
            error: Some(message.to_string()),
        }
    }
}
