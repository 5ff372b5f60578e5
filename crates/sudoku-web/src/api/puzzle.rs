//! `POST /api/puzzle`: one puzzle, in any form `/api/solve` reads (a
//! classic line or grid, the JSON form, an f-puzzles, SudokuPad or Penpa+ link, a
//! line of another size), as the page plays it: its shape from the model
//! (houses, what each cell sees, the glyphs its rules are drawn with, the
//! rules in words), its JSON form, givens and solution, and its f-puzzles
//! link. The page has no rule logic of its own: it draws and checks from
//! this answer.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use sudoku_commands::shape::ShapeJson;
use sudoku_commands::solve::SolveMode;
use sudoku_commands::variant::answer_until;
use sudoku_variant::Puzzle;

use super::{grids, is_variant_input, variant_puzzles, variant_tiers, JsonBody};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleBody {
    /// The puzzle; of several records, the first.
    input: String,
}

/// The answer.
#[derive(Serialize)]
pub struct PuzzleJson {
    /// The variant's name as `--variant` writes it (`classic`, `killer`,
    /// `jigsaw+x`, `16x16` ...).
    variant: String,
    /// Whether it is a classic 9×9 (the page then sends hints its givens
    /// line, with the player's pencil marks).
    classic: bool,
    /// The JSON form, to send back with a position to `/api/hint`.
    puzzle: serde_json::Value,
    /// The givens line (canvas order, `.` for a blank).
    line: String,
    /// Givens over the canvas, 0 for a blank.
    givens: Vec<u8>,
    /// The solution when it is the only one.
    solution: Option<Vec<u8>>,
    /// `unique`, `multiple`, `unsolvable`, or `stopped` (not searched to
    /// the end within the node budget and time).
    status: &'static str,
    /// The shape, the glyphs and the rules.
    shape: ShapeJson,
    /// An f-puzzles link to the puzzle (none where f-puzzles has no form
    /// for it, as for a samurai).
    fpuzzles: Option<String>,
}

/// The handler.
pub async fn puzzle(
    State(app): State<App>,
    JsonBody(body): JsonBody<PuzzleBody>,
) -> Result<Json<PuzzleJson>, ApiError> {
    let puzzle = match is_variant_input(&body.input) {
        true => variant_puzzles(&body.input, app.limits.max_records)?.swap_remove(0),
        false => {
            let grid = grids(&body.input, app.limits.max_records)?.swap_remove(0);
            Puzzle::parse_line(&grid.to_line(), Some(9)).map_err(ApiError::internal)?
        }
    };
    let stop = Stop::after(app.limits.time_budget);
    let flag = stop.flag();
    let work = move |nodes: u64, escalate: bool| {
        let answer = answer_until(&puzzle, SolveMode::Count(2), nodes, Some(&flag));
        if answer.stopped && escalate {
            return Ok(None);
        }
        let status = answer.status(SolveMode::Count(2));
        Ok(Some(PuzzleJson {
            variant: puzzle.variant_name(),
            classic: puzzle.is_classic() && puzzle.size() == 9,
            puzzle: serde_json::from_str(&puzzle.to_json(None)).map_err(ApiError::internal)?,
            line: puzzle.givens_line(),
            givens: puzzle.givens().to_vec(),
            solution: answer.first.filter(|_| status == "unique"),
            status,
            shape: ShapeJson::of(&puzzle),
            fpuzzles: puzzle.to_fpuzzles_link(None).ok(),
        }))
    };
    Ok(Json(variant_tiers(&app, 1, work).await?))
}
