//! `POST /api/canon`: the canonical form (minlex) of each puzzle of the
//! `input` and the transformation that gives it, as the rows of `sudoku
//! canon --transform --format json`.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use sudoku_canon::Canonicalizer;
use sudoku_commands::canon::{canonical, CanonRow};

use super::{grids, row, JsonBody, Row, Rows, HEAVY_RECORDS};
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
) -> Result<Json<Rows>, ApiError> {
    let puzzles = grids(&body.input, app.limits.max_records)?;
    let many = puzzles.len() > HEAVY_RECORDS;
    let run = move || {
        let mut canon = Canonicalizer::new();
        puzzles
            .iter()
            .map(|grid| {
                let (form, transform) = canonical(&mut canon, grid);
                row(&CanonRow::new(grid, &form, Some(&transform), None))
            })
            .collect::<Result<Vec<Row>, ApiError>>()
    };
    let rows = match many {
        true => app.work.heavy(run).await?,
        false => app.work.light(run).await?,
    };
    Ok(Json(rows.into()))
}
