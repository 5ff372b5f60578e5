//! # sudoku-web
//!
//! The web page and JSON API of `sudoku serve`: a player plays with hints,
//! grades puzzles and builds a book in a browser, with no terminal. The
//! API mirrors the library calls and the CLI's JSON rows (`docs/web-api.md`):
//!
//! | endpoint | what | module |
//! |---|---|---|
//! | `POST /api/solve` | solutions, counts, all, max-score | `api::solve` |
//! | `POST /api/grade` | SE ratings, with the explain path | `api::grade` |
//! | `POST /api/hint` | the next steps from a position | `api::hint` |
//! | `POST /api/generate` | puzzles by band, symmetry, seed | `api::generate` |
//! | `POST /api/book` | the PDF, its CSV, or SVG previews | `api::book` |
//! | `POST /api/canon` | canonical forms | `api::canon` |
//!
//! The page (`assets/`) is embedded in the binary. [`router`] is the whole
//! application; [`serve`] runs it on a listener with the connection limits
//! of [`Limits`].
//!
//! Architecture invariants: only the page this server serves may use it
//! (the `Host` and `Origin` checks of [`Access`]; JSON bodies only); no
//! request reads or writes a file of the server's machine; every request is bounded in body size, records, time
//! and concurrent heavy work ([`limits`]); errors are JSON
//! ([`ApiError`]). Nothing here prints or exits: the CLI says where it
//! serves.

mod access;
mod api;
mod assets;
mod error;
pub mod limits;
mod memory;
mod server;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::Router;

pub use access::Access;
pub use error::{ApiError, Place};
pub use limits::Limits;
pub use server::serve;

/// What every handler shares: the limits and the work queues.
#[derive(Debug, Clone)]
pub struct App {
    limits: Arc<Limits>,
    access: Arc<Access>,
    work: limits::Work,
}

/// The whole application (page and API) under `limits`, answering the
/// hosts and origins `access` allows (see [`Access`]).
pub fn router(limits: Limits, access: Access) -> Router {
    let app = App { work: limits::Work::new(&limits), limits: Arc::new(limits), access: Arc::new(access) };
    let max_body = app.limits.max_body;
    let read_timeout = app.limits.read_timeout;
    Router::new()
        .merge(assets::routes())
        .merge(api::routes())
        .fallback(assets::not_found)
        .method_not_allowed_fallback(assets::wrong_method)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(read_timeout))
        .layer(axum::middleware::from_fn_with_state(app.clone(), access::check))
        .with_state(app)
}
