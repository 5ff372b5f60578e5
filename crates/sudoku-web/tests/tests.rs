//! The server's integration tests, one binary: the API over HTTP in this
//! process (`api`), and hostile clients (`hostile`).

mod common;

mod api;
mod hostile;
