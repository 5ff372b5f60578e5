//! The API's errors: an HTTP status, a message, and where in the request's
//! `input` text a bad record is (record, line, column), answered as JSON
//! `{"error": {"status": 400, "message": "...", "record": 2, "line": 2,
//! "column": 5}}`.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sudoku_io::RecordError;

/// An error answered to a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
    /// Where in the request's `input`, when one record was at fault.
    pub at: Option<Place>,
}

/// Where a bad record is in a request's `input` text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Place {
    /// 1-based number of the record.
    pub record: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column; 0 when the error is not at one character.
    pub column: usize,
}

#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

#[derive(Serialize)]
struct Inner<'a> {
    status: u16,
    message: &'a str,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    at: Option<Place>,
}

impl ApiError {
    /// An error with `status` and `message`, at no record.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), at: None }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: a well-formed request that cannot be met (a band out of reach
    /// in the time budget, a book's options that make no readable page).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 400 for record number `record` of the input, which `error` locates.
    pub fn record(record: usize, error: &RecordError) -> ApiError {
        let message = match error.column {
            0 => format!("record {record} (line {}): {}", error.line, error.message),
            c => format!("record {record} (line {}, column {c}): {}", error.line, error.message),
        };
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message,
            at: Some(Place { record, line: error.line, column: error.column }),
        }
    }

    /// 500: a bug of the server's, said as such.
    pub fn internal(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {message}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body =
            Body { error: Inner { status: self.status.as_u16(), message: &self.message, at: self.at } };
        let mut response = (self.status, axum::Json(body)).into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
