//! `POST /api/canon`: the canonical form (minlex) of each puzzle of the
//! `input` and the transformation that gives it, as the rows of `sudoku
//! canon --transform --format json`.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use sudoku_canon::Canonicalizer;
use sudoku_commands::canon::{canonical, CanonRow};

use super::{grids, JsonBody, HEAVY_RECORDS};
use crate::error::ApiError;
use crate::App;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanonBody {
    input: String,
}

/// The handler.
pub async fn canon(
    State(app): State<App>,
    JsonBody(body): JsonBody<CanonBody>,
) -> Result<Json<Value>, ApiError> {
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let many = puzzles.len() > HEAVY_RECORDS;
    let run = move || {
        let mut canon = Canonicalizer::new();
        puzzles
            .iter()
            .map(|grid| {
                let (form, transform) = canonical(&mut canon, grid);
                serde_json::to_value(CanonRow::new(grid, &form, Some(&transform), None))
                    .map_err(ApiError::internal)
            })
            .collect::<Result<Vec<Value>, ApiError>>()
    };
    let rows = match many {
        true => app.work.heavy(run).await?,
        false => app.work.light(run).await?,
    };
    Ok(Json(serde_json::json!({ "rows": rows })))
}
