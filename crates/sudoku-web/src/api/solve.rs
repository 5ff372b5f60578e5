//! `POST /api/solve`: one solution, a count, all solutions up to a limit,
//! or the max-score completion of each puzzle of the `input`, as the rows
//! of `sudoku solve --format json`.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::value::RawValue;
use sudoku_commands::max_score::{MaxScoreJson, MaxScoreRequest};
use sudoku_commands::solve::{AllRow, AllSolutions, SolveMode, SolveRequest};
use sudoku_commands::solve_json::SolveJson;
use sudoku_commands::variant::answer_until;
use sudoku_core::{MaxScoreOptions, Solver, Weights};

use super::{grids, is_variant_input, row, rows_within, variant_puzzles, JsonBody, Row, Rows};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

/// The most solutions listed or counted for one puzzle.
const MAX_LIMIT: u64 = 1000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveBody {
    input: String,
    #[serde(default)]
    mode: Mode,
    limit: Option<u64>,
    /// Max-score's cell weights, in the text form `--weights` reads.
    weights: Option<String>,
}

#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Mode {
    #[default]
    One,
    Count,
    All,
    MaxScore,
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// The handler.
pub async fn solve(
    State(app): State<App>,
    JsonBody(body): JsonBody<SolveBody>,
) -> Result<Json<Rows>, ApiError> {
    let limit = body.limit.unwrap_or(if body.mode == Mode::All { 10 } else { 2 });
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::bad_request(format!("limit must be 1 to {MAX_LIMIT}")));
    }
    if is_variant_input(&body.input) {
        return solve_variants(&app, &body, limit).await;
    }
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let rows = match body.mode {
        Mode::MaxScore => {
            let weights = match &body.weights {
                Some(text) => {
                    Weights::parse(text).map_err(|e| ApiError::bad_request(format!("weights: {e}")))?
                }
                None => Weights::NOIP,
            };
            let budget = app.limits.time_budget;
            let stop = Stop::after(budget);
            let flag = stop.flag();
            app.work.heavy(move || max_score(&puzzles, weights, budget, &flag)).await?
        }
        mode => {
            // Solving is fast for every 9x9 puzzle, but a long list is
            // heavy work.
            let many = puzzles.len() > super::HEAVY_RECORDS;
            let run = move || solve_all(&puzzles, mode, limit);
            match many {
                true => app.work.heavy(run).await?,
                false => app.work.light(run).await?,
            }
        }
    };
    Ok(Json(rows.into()))
}

fn solve_all(puzzles: &[sudoku_core::Grid], mode: Mode, limit: u64) -> Result<Vec<Row>, ApiError> {
    SOLVER.with_borrow_mut(|solver| {
        puzzles
            .iter()
            .map(|grid| {
                let value = match mode {
                    Mode::All => {
                        let row = AllRow { csv: false };
                        let mut text = row.start(grid);
                        let mut all = AllSolutions::new(grid, limit);
                        let mut first = None;
                        for (k, s) in (0..).zip(all.by_ref()) {
                            text += &row.solution(k, &s);
                            first.get_or_insert(s);
                        }
                        text += &row.end(first.as_ref(), &all.end());
                        RawValue::from_string(text).map_err(ApiError::internal)?
                    }
                    _ => {
                        let mode = match mode {
                            Mode::Count => SolveMode::Count(limit),
                            _ => SolveMode::First,
                        };
                        let request = SolveRequest { mode, keep_first: true };
                        let answer =
                            request.answer(solver, grid).ok_or_else(|| ApiError::internal("no answer"))?;
                        row(&SolveJson::new(grid, &answer, mode))?
                    }
                };
                Ok(value)
            })
            .collect()
    })
}

/// Max-score of each puzzle, all in one time budget: each search gets what
/// is left of it, and one that runs out says `stopped` with the best
/// completion it knows. Once `stop` is set (the client went away), the
/// searches left get no time.
fn max_score(
    puzzles: &[sudoku_core::Grid],
    weights: Weights,
    budget: std::time::Duration,
    stop: &AtomicBool,
) -> Result<Vec<Row>, ApiError> {
    let start = Instant::now();
    puzzles
        .iter()
        .map(|grid| {
            let left = match stop.load(Ordering::Relaxed) {
                true => std::time::Duration::ZERO,
                false => budget.saturating_sub(start.elapsed()),
            };
            let request = MaxScoreRequest {
                weights,
                options: MaxScoreOptions { node_limit: None, time_limit: Some(left) },
            };
            let result = request.run_until(grid, stop);
            row(&MaxScoreJson::new(grid, &result))
        })
        .collect()
}

/// `solve` on variant records (the JSON form, links, lines of other
/// sizes): the rows of `sudoku solve --format json` on them, each search
/// within [`crate::Limits::variant_nodes`] nodes and the request's time
/// budget (past either the row says `stopped`; a list not done in the
/// budget is a 422). Heavy work, whatever the number of records: one
/// puzzle can search for the whole budget. A client that goes away stops
/// the search within milliseconds.
async fn solve_variants(app: &App, body: &SolveBody, limit: u64) -> Result<Json<Rows>, ApiError> {
    let mode = match body.mode {
        Mode::One => SolveMode::First,
        Mode::Count => SolveMode::Count(limit),
        Mode::All => SolveMode::All(limit),
        Mode::MaxScore => return Err(ApiError::bad_request("max-score is for classic 9x9 puzzles")),
    };
    let puzzles = variant_puzzles(&body.input, app.limits.max_records)?;
    let (nodes, budget) = (app.limits.variant_nodes, app.limits.time_budget);
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let run = move || {
        rows_within(&puzzles, budget, &flag, |puzzle| {
            let answer = answer_until(puzzle, mode, nodes, Some(&flag));
            row(&SolveJson::of_variant(puzzle, &answer, mode))
        })
    };
    let rows = app.work.heavy(run).await?;
    Ok(Json(rows.into()))
}
