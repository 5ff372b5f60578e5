//! `POST /api/grade`: the Sudoku Explainer ratings (ER/EP/ED), band and
//! hardest technique of each puzzle of the `input`, with the solution path
//! when asked, as the rows of `sudoku grade --format json`.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use sudoku_commands::grade::GradeRequest;
use sudoku_core::Grid;
use sudoku_grade::{Grader, Scale};

use super::{choice, grids, row, rows_within, JsonBody, Row, Rows, HEAVY_RECORDS};
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
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let scale = parse_scale(body.scale.as_deref())?;
    let request = GradeRequest { explain: body.explain, scale };
    let budget = app.limits.time_budget;
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
