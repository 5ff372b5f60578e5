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
use sudoku_commands::generate::{make_variant_range, variant_record};
use sudoku_gen::variant::{
    Rated, VariantGenError, VariantGenerator, VariantOptions, VariantSpec, Watch, DEFAULT_MAX_CAGE,
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
    /// A variant list as `--variant` takes it (`killer`, `x,anti-knight`,
    /// `jigsaw`); with `size`, other sizes. Neither: classic 9x9.
    variant: Option<String>,
    size: Option<usize>,
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
    if body.variant.is_some() || body.size.is_some() {
        let spec = VariantSpec::parse(body.variant.as_deref().unwrap_or(""), body.size)
            .map_err(|e| ApiError::bad_request(format!("variant: {e}")))?;
        if !spec.is_classic_9x9() {
            return generate_variants(&app, &body, spec, number).await;
        }
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

/// The variant set of `spec` as `sudoku generate --variant ... --format
/// json` makes it (the same puzzles for the same seed, band and symmetry),
/// as heavy work stopped at the time budget: `{seed, variant, rows}`, each
/// row a puzzle's JSON form with its solution. A band not reached, or a
/// puzzle not made, in the budget is a 422 that says so.
async fn generate_variants(
    app: &App,
    body: &GenerateBody,
    spec: VariantSpec,
    number: u64,
) -> Result<Json<Value>, ApiError> {
    let seed = body.seed.unwrap_or_else(random_seed);
    let band = body.band.as_deref().map(|b| choice::<Band>("band", b)).transpose()?;
    let symmetry = match body.symmetry.as_deref() {
        Some(name) => choice::<Symmetry>("symmetry", name)?,
        None => Symmetry::None,
    };
    let variant = spec.to_string();
    let opts = VariantOptions {
        seed,
        spec,
        symmetry,
        rated: band.map(|band| Rated::of_band(band.min_tenths(), band.max_tenths())),
        tiled_givens: 0,
        max_cage: DEFAULT_MAX_CAGE,
        hidden_sums: false,
        repeat_cages: false,
    };
    VariantGenerator::new(opts.clone()).map_err(|e| ApiError::bad_request(format!("variant: {e}")))?;
    let budget = app.limits.time_budget;
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let made = app
        .work
        .heavy(move || {
            let watch = Watch { stop: Some(&flag), time_limit: Some(budget), ..Watch::default() };
            Ok(make_variant_range(&opts, 0..number, &watch))
        })
        .await?;
    let made = match made {
        Ok(made) => made,
        Err(VariantGenError::Stopped { .. } | VariantGenError::TimeLimit { .. }) => {
            return Err(ApiError::unprocessable(format!(
                "stopped: the time budget of {} s was spent before every puzzle was made; ask for fewer \
                 puzzles, an easier band or a smaller size",
                budget.as_secs()
            )))
        }
        Err(e @ (VariantGenError::NotInBand { .. } | VariantGenError::GridOutOfReach { .. })) => {
            return Err(ApiError::unprocessable(format!("stopped: {e}; try another band or seed")))
        }
        Err(e) => return Err(ApiError::bad_request(format!("variant: {e}"))),
    };
    let rows: Vec<Value> = made
        .iter()
        .map(|p| serde_json::from_str(&variant_record(p, Format::Json)).map_err(ApiError::internal))
        .collect::<Result<_, _>>()?;
    Ok(Json(serde_json::json!({ "seed": seed, "variant": variant, "rows": rows })))
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
