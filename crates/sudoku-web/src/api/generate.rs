//! `POST /api/generate`: graded puzzles of a seed, in a band and symmetry,
//! the same ones `sudoku generate --seed S --difficulty BAND` makes, as its
//! JSON rows.

use std::time::Duration;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use sudoku_commands::format::Format;
use sudoku_commands::generate::{
    index_range, make_range, Filter, GenerateRequest, GenerateRow, Made, MakeError,
};
use sudoku_gen::Symmetry;
use sudoku_grade::Band;

use super::{choice, JsonBody};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

/// The most puzzles one request may ask for.
const MAX_NUMBER: u64 = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateBody {
    band: Option<String>,
    symmetry: Option<String>,
    seed: Option<u64>,
    number: Option<u64>,
}

/// The handler.
pub async fn generate(
    State(app): State<App>,
    JsonBody(body): JsonBody<GenerateBody>,
) -> Result<Json<Value>, ApiError> {
    let number = body.number.unwrap_or(1);
    if !(1..=MAX_NUMBER).contains(&number) {
        return Err(ApiError::bad_request(format!("number must be 1 to {MAX_NUMBER}")));
    }
    let mut request = GenerateRequest::new(body.seed.unwrap_or_else(random_seed), number);
    request.difficulty = body.band.as_deref().map(|b| choice::<Band>("band", b)).transpose()?;
    request.symmetry = match body.symmetry.as_deref() {
        Some(name) => choice::<Symmetry>("symmetry", name)?,
        None => Symmetry::None,
    };
    request.grade = true;
    let seed = request.seed;
    let made = make_set(&app, request, Format::Json, app.limits.time_budget).await?;
    let rows: Vec<_> = (0..).zip(&made).map(|(index, m)| GenerateRow::json(seed, index, m)).collect();
    Ok(Json(serde_json::json!({ "seed": seed, "rows": rows })))
}

/// A seed for a request without one: below 2^53, so that a browser's
/// numbers hold it exactly and the page can ask for the same set again.
fn random_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// The puzzles of `request`, made as for output in `format` (a book's are
/// distinct), as heavy work stopped at `budget`: a band not reached in it
/// is a 422 that says so.
pub async fn make_set(
    app: &App,
    request: GenerateRequest,
    format: Format,
    budget: Duration,
) -> Result<Vec<Made>, ApiError> {
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let result = app
        .work
        .heavy(move || {
            let number = request.n_puzzles().ok_or_else(|| ApiError::bad_request("too many puzzles"))?;
            let indices = index_range(0, number).map_err(|e| ApiError::bad_request(e.to_string()))?;
            let filter = Filter { time_limit: Some(budget), ..request.filter(format) };
            let mut distinct = request
                .is_distinct(format)
                .then(|| sudoku_commands::generate::Distinct::new(request.gen_options()));
            Ok(make_range(
                &request.gen_options(),
                indices,
                |index| Filter { band: request.band_at(index), ..filter },
                &flag,
                distinct.as_mut(),
            ))
        })
        .await?;
    match result {
        Ok(made) => Ok(made),
        Err(_) if stop.is_set() => Err(ApiError::unprocessable(format!(
            "stopped: the time budget of {} s was spent before every puzzle was found; ask for fewer \
             puzzles or an easier band",
            budget.as_secs()
        ))),
        Err(e @ (MakeError::OutOfReach { .. } | MakeError::TimeLimit { .. })) => {
            Err(ApiError::unprocessable(format!("stopped: {e}; try another band or seed")))
        }
        Err(e) => Err(ApiError::internal(e)),
    }
}
