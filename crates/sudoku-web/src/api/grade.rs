//! `POST /api/grade`: the Sudoku Explainer ratings (ER/EP/ED), band and
//! hardest technique of each puzzle of the `input`, with the solution path
//! when asked, as the rows of `sudoku grade --format json`; variant puzzles
//! too (SE's ladder over their houses where it takes them, else the
//! variant ladder), as that command rates them.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use sudoku_commands::grade::GradeRequest;
use sudoku_commands::solve::SolveMode;
use sudoku_commands::variant::answer_until;
use sudoku_core::Grid;
use sudoku_grade::{Grader, Scale};

use super::{
    choice, grids, is_variant_input, row, rows_within, variant_puzzles, variant_tiers, JsonBody, Row, Rows,
    HEAVY_RECORDS,
};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeBody {
    input: String,
    #[serde(default)]
    explain: bool,
    /// `se` (default) or `singles`, as `--scale`.
    scale: Option<String>,
}

thread_local! {
    /// One grader per blocking thread: its scratch space is reused.
    pub static GRADER: RefCell<Grader> = RefCell::new(Grader::new());
}

/// The handler.
pub async fn grade(
    State(app): State<App>,
    JsonBody(body): JsonBody<GradeBody>,
) -> Result<Json<Rows>, ApiError> {
    let scale = parse_scale(body.scale.as_deref())?;
    let request = GradeRequest { explain: body.explain, scale };
    let budget = app.limits.time_budget;
    if is_variant_input(&body.input) {
        return grade_variants(&app, &body.input, request).await;
    }
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let n = puzzles.len();
    // Set at the budget, or when the client goes away (the handler is
    // dropped): the list stops there.
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let run = move || grade_all(&puzzles, request, budget, &flag);
    // One grade of the hardest puzzles takes a second: never on the
    // runtime's threads.
    let rows = match n {
        0..=HEAVY_RECORDS => app.work.light(run).await?,
        _ => app.work.heavy(run).await?,
    };
    Ok(Json(rows.into()))
}

/// `grade` on variant records (the JSON form, links, lines of other
/// sizes): the rows of `sudoku grade --format json` on them (SE's ladder
/// where it takes the puzzle, else the variant ladder), a list not done in
/// the time budget a 422. Light work while every search ends within a
/// light budget, else heavy ([`variant_tiers`]).
async fn grade_variants(app: &App, input: &str, request: GradeRequest) -> Result<Json<Rows>, ApiError> {
    let puzzles = variant_puzzles(input, app.limits.max_records)?;
    let budget = app.limits.time_budget;
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let records = puzzles.len();
    let run = move |nodes: u64, escalate: bool| {
        if escalate && puzzles.iter().any(|p| searched_past(p, nodes, &flag).is_some()) {
            return Ok(None);
        }
        // Searched to the end already when `escalate`: no search again.
        let past = |p: &sudoku_variant::Puzzle| if escalate { None } else { searched_past(p, nodes, &flag) };
        rows_within(&puzzles, budget, &flag, |p| match past(p) {
            Some(stopped) => row(&stopped),
            None => row(&request.grade_variant(p).json(p)),
        })
        .map(Some)
    };
    let rows = variant_tiers(app, records, run).await?;
    Ok(Json(rows.into()))
}

/// The row of a variant puzzle whose solutions the server does not
/// search to the end (past `nodes` nodes, or once `stop` is set):
/// `stopped`, as `/api/solve` says it; `None` when the search ends within
/// them (the puzzle's grade or hint then repeats it, as quickly).
pub fn searched_past(
    puzzle: &sudoku_variant::Puzzle,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<serde_json::Value> {
    let answer = answer_until(puzzle, SolveMode::Count(2), nodes, Some(stop));
    answer.stopped.then(|| {
        serde_json::json!({
            "puzzle": puzzle.givens_line(),
            "variant": puzzle.variant_name(),
            "status": "stopped",
            "why": format!("its solutions were not searched to the end within {nodes} nodes and the time budget"),
        })
    })
}

/// The technique scale named `name` (default SE's).
pub fn parse_scale(name: Option<&str>) -> Result<Scale, ApiError> {
    name.map_or(Ok(Scale::default()), |name| choice("scale", name))
}

/// The rows of `puzzles`, stopping with 422 when the budget is spent
/// before the last.
fn grade_all(
    puzzles: &[Grid],
    request: GradeRequest,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<Vec<Row>, ApiError> {
    GRADER.with_borrow_mut(|grader| {
        rows_within(puzzles, budget, stop, |grid| row(&request.run(grader, grid).json(grid)))
    })
}
