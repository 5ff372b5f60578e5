//! `POST /api/hint`: the next steps from a player's position (givens,
//! placed digits, pencil marks), mistakes first, as the row of `sudoku hint
//! --format json`.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use sudoku_commands::hint::{HintJson, HintRequest, Steps};
use sudoku_commands::variant::hint_error_json;
use sudoku_grade::hint::Level;
use sudoku_io::VariantSpec;

use super::grade::{parse_scale, search_ended, GRADER};
use super::{choice, is_variant_input, variant_tiers, JsonBody};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

/// The most steps one request may ask for (a grid has 81 cells).
const MAX_STEPS: u64 = 81;

/// The handler. The body is the position's JSON form (`givens`, `placed`,
/// `candidates`; see `sudoku_io::position_json`) with `level`, `steps` and
/// `scale` beside it.
pub async fn hint(
    State(app): State<App>,
    JsonBody(mut body): JsonBody<serde_json::Map<String, serde_json::Value>>,
) -> Result<Response, ApiError> {
    let mut text_field = |name: &str| -> Result<Option<String>, ApiError> {
        match body.remove(name) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(ApiError::bad_request(format!("{name}: expected a string, got {other}"))),
        }
    };
    let level = match text_field("level")? {
        Some(name) => choice::<Level>("level", &name)?,
        None => Level::Full,
    };
    let scale = parse_scale(text_field("scale")?.as_deref())?;
    let steps = match body.remove("steps") {
        None | Some(serde_json::Value::Null) => 1,
        Some(v) => match v.as_u64() {
            Some(n @ 1..=MAX_STEPS) => n as u32,
            _ => return Err(ApiError::bad_request(format!("steps: expected 1 to {MAX_STEPS}, got {v}"))),
        },
    };
    let request = HintRequest { level, steps: Steps::First(steps), scale };
    // Variant positions (other sizes, extra rules, cages, constraints): told
    // by `sudoku_io`'s rule for fields; its rule for givens (any length but
    // 81) would also catch a mistyped 9x9 position, which the position
    // reader locates better.
    let variant_key = sudoku_io::json_has_variant_fields(&body);
    let other_size = body.get("givens").and_then(|g| g.as_str()).is_some_and(is_variant_input);
    if variant_key || other_size {
        return hint_variant(&app, &serde_json::Value::Object(body).to_string(), request).await;
    }
    let position = sudoku_io::position_from_json(&serde_json::Value::Object(body).to_string())
        .map_err(|e| ApiError::bad_request(format!("position: {e}")))?;
    let work = move || {
        let hints = GRADER.with_borrow_mut(|grader| request.run(grader, &position));
        HintJson::of(&position, &hints).ok_or_else(|| ApiError::internal("no hint for a position"))
    };
    // One step is quick; a walk of many steps is a whole grade.
    let json = match steps {
        1 => app.work.quick(work).await?,
        _ => app.work.light(work).await?,
    };
    Ok(Json(json).into_response())
}

/// The hints of a variant position (the puzzle's JSON form with `placed`,
/// or a link): the record of `sudoku hint --format json` on it (its
/// variant and steps: SE's ladder where the grader takes the puzzle, else
/// the simple steps), or `{status, text}` when it has none. A puzzle whose
/// solutions are not searched to the end within the server's node budget
/// and time is `stopped`. Light work when the search ends within a light
/// budget, else heavy: a variant's search may take the whole budget
/// ([`variant_tiers`]).
async fn hint_variant(app: &App, text: &str, request: HintRequest) -> Result<Response, ApiError> {
    let mut records = sudoku_io::variant_records(text.as_bytes(), "position", VariantSpec::default());
    let record = records.next().ok_or_else(|| ApiError::bad_request("the position holds no puzzle"))?;
    let puzzle = record.puzzle.map_err(|e| ApiError::bad_request(format!("position: {e}")))?;
    let placed = record.placed;
    let stop = Stop::after(app.limits.time_budget);
    let flag = stop.flag();
    let work = move |nodes: u64, escalate: bool| {
        let solution = match search_ended(&puzzle, nodes, &flag) {
            Ok(solution) => solution,
            Err(stopped) => return Ok((!escalate).then_some(stopped)),
        };
        Ok(Some(match request.run_variant_with(&puzzle, placed.as_deref(), solution.as_deref()) {
            Ok(list) => list.json(&puzzle),
            Err(e) => hint_error_json(&e),
        }))
    };
    let json: serde_json::Value = variant_tiers(app, 1, work).await?;
    Ok(Json(json).into_response())
}
