//! The JSON API: one module per endpoint, each a handler from a JSON
//! request to the CLI's JSON rows (see `docs/web-api.md`), and what they
//! share: the request reader ([`JsonBody`]) and the records of an `input`
//! text ([`grids`]).

mod book;
mod canon;
mod generate;
mod grade;
mod hint;
mod puzzle;
mod solve;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use axum::routing::post;
use axum::Router;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::value::RawValue;
use sudoku_commands::input::{InputKind, JsonRecords};
use sudoku_commands::Choice;
use sudoku_core::Grid;
use sudoku_io::{InputFormat, InputSpec, RecordError};

use crate::error::ApiError;
use crate::App;

/// More records than this make a request heavy work (see
/// [`crate::limits`]).
pub const HEAVY_RECORDS: usize = 10;

/// One row of an answer, written as JSON text as soon as it is made: a
/// list of rows is held as text until it is sent, a tenth of the memory of
/// `serde_json::Value` trees (a list of 300 grades with their steps:
/// tens of megabytes as trees).
pub type Row = Box<RawValue>;

/// `value` as a [`Row`].
pub fn row(value: &impl Serialize) -> Result<Row, ApiError> {
    serde_json::value::to_raw_value(value).map_err(ApiError::internal)
}

/// The answer of the endpoints that answer rows: `{"rows": [...]}`.
#[derive(Serialize)]
pub struct Rows {
    rows: Vec<Row>,
}

impl From<Vec<Row>> for Rows {
    fn from(rows: Vec<Row>) -> Rows {
        Rows { rows }
    }
}

/// The API's routes, under `/api`.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/solve", post(solve::solve))
        .route("/api/grade", post(grade::grade))
        .route("/api/hint", post(hint::hint))
        .route("/api/generate", post(generate::generate))
        .route("/api/book", post(book::book))
        .route("/api/canon", post(canon::canon))
        .route("/api/puzzle", post(puzzle::puzzle))
}

/// A request's JSON body as `T`: a body that is too large, not JSON, or
/// not a `T` (an unknown field, a wrong type) is a JSON error that says
/// where (line and column of the body).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<App> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &App) -> Result<Self, ApiError> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(is_json_media_type);
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON (Content-Type: application/json)",
            ));
        }
        let late = || ApiError::new(StatusCode::REQUEST_TIMEOUT, "the request's body did not arrive in time");
        // The whole body within the read timeout: a body that trickles in
        // (each piece soon after the last) is cut off all the same.
        let read = tokio::time::timeout(state.limits.read_timeout, Bytes::from_request(req, state));
        let bytes = read.await.map_err(|_| late())?.map_err(|e| match timed_out(&e) {
            true => late(),
            false => ApiError::new(e.status(), e.body_text()),
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            ApiError::bad_request(format!("the body is not a valid request: {e} (see docs/web-api.md)"))
        })
    }
}

/// Whether a `Content-Type` value is JSON: `application/json`, any case,
/// parameters allowed (`; charset=utf-8`). Nothing else is read: a web page
/// of another site can send `text/plain` or no type without asking the
/// server first, but not JSON.
fn is_json_media_type(value: &str) -> bool {
    value.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// Whether reading a body failed because it did not arrive in time (the
/// body timeout of [`crate::Limits::read_timeout`]).
fn timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(error);
    while let Some(e) = source {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        source = e.source();
    }
    false
}

/// The value of `field` named `name` (any case), or a 400 that lists the
/// names.
pub fn choice<T: Choice>(field: &str, name: &str) -> Result<T, ApiError> {
    sudoku_commands::choice::by_name(T::CHOICES, name).ok_or_else(|| {
        let names: Vec<&str> = T::CHOICES.iter().map(|&(_, n, _)| n).collect();
        ApiError::bad_request(format!(
            "{field}: unknown value {name:?}; expected one of {}",
            names.join(", ")
        ))
    })
}

/// The row of each of `items`, in order, until `stop` is set (by a
/// [`crate::limits::Stop`]: the time `budget` spent, or the client gone):
/// then a 422 that says how far the work got. `row` may watch `stop`
/// itself, to end a long item early.
pub fn rows_within<T>(
    items: &[T],
    budget: Duration,
    stop: &AtomicBool,
    mut row: impl FnMut(&T) -> Result<Row, ApiError>,
) -> Result<Vec<Row>, ApiError> {
    let mut rows = Vec::with_capacity(items.len());
    for (n, item) in items.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err(ApiError::unprocessable(format!(
                "the time budget of {} s was spent after {n} of {} puzzles: send fewer at a time",
                budget.as_secs(),
                items.len()
            )));
        }
        rows.push(row(item)?);
    }
    Ok(rows)
}

/// The nodes a variant puzzle's search gets as light work (see
/// [`variant_tiers`]): five times what the hardest 16x16 of the fixtures
/// takes (18,363 nodes, about 100 ms; the load bench's profile).
pub const LIGHT_VARIANT_NODES: u64 = 100_000;

/// Variant work in two tiers. A request of at most [`HEAVY_RECORDS`]
/// puzzles runs first in the variant queue ([`crate::limits::Work::variant`]),
/// each search within [`LIGHT_VARIANT_NODES`] (`run(nodes, true)`), so
/// ordinary variant hints and grades are answered, in turn, instead of
/// refused for want of a heavy slot, and classic ones do not wait behind
/// them; when a search goes past them (`run` answers `None`), the
/// request goes on as heavy work with the server's whole node budget
/// (`run(variant_nodes, false)`, which answers `stopped` rows past it), or
/// a 429 when the heavy slots are taken.
pub async fn variant_tiers<T: Send + 'static>(
    app: &App,
    records: usize,
    run: impl Fn(u64, bool) -> Result<Option<T>, ApiError> + Send + Sync + 'static,
) -> Result<T, ApiError> {
    let run = std::sync::Arc::new(run);
    let full = app.limits.variant_nodes;
    let light = full.min(LIGHT_VARIANT_NODES);
    if light < full && records <= HEAVY_RECORDS {
        let first = run.clone();
        if let Some(done) = app.work.variant(move || first(light, true)).await? {
            return Ok(done);
        }
    }
    app.work
        .heavy(move || {
            run(full, false)?.ok_or_else(|| ApiError::internal("no answer within the whole budget"))
        })
        .await
}

/// Whether an `input` text holds variant puzzles, told from its first
/// record as `sudoku solve` tells it.
pub fn is_variant_input(input: &str) -> bool {
    sudoku_commands::input::sniff(input.as_bytes(), JsonRecords::Variant) == InputKind::Variant
}

/// The variant puzzles of an `input` text (the JSON form, f-puzzles and
/// SudokuPad links, lines of other sizes), at most `max` of them; a bad
/// record is an error that says which and where.
pub fn variant_puzzles(input: &str, max: usize) -> Result<Vec<sudoku_variant::Puzzle>, ApiError> {
    let records = sudoku_io::variant_records(input.as_bytes(), "input", sudoku_io::VariantSpec::default());
    at_most(max, records.map(|r| r.puzzle))
}

/// The items of `records` (at most `max`; the first error, with its
/// record's number), or an error when there is none.
fn at_most<T>(max: usize, records: impl Iterator<Item = Result<T, RecordError>>) -> Result<Vec<T>, ApiError> {
    let mut items = Vec::new();
    for (n, record) in (1..).zip(records) {
        if n > max {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("more than {max} records in one request: send them in parts"),
            ));
        }
        items.push(record.map_err(|e| ApiError::record(n, &e))?);
    }
    if items.is_empty() {
        return Err(ApiError::bad_request("the input holds no puzzle"));
    }
    Ok(items)
}

/// The grids of an `input` text, in any form `sudoku solve` reads, at most
/// `max` of them; a bad record is an error that says which and where.
/// Variant puzzles are refused by name (the caller tells them apart
/// first where it takes them: [`is_variant_input`]).
pub fn grids(input: &str, max: usize) -> Result<Vec<Grid>, ApiError> {
    if is_variant_input(input) {
        return Err(ApiError::bad_request(
            "canonical forms are for classic 9x9 puzzles; variant puzzles (killer, jigsaw, other sizes ...) \
             have none here",
        ));
    }
    let spec = InputSpec::from(InputFormat::Auto);
    at_most(max, sudoku_io::records(input.as_bytes(), "input", &spec).map(|r| r.grid))
}
