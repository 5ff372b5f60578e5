//! The server's integration tests, one binary: the API over HTTP in this
//! process (`api`), hostile clients (`hostile`), and the model the page
//! plays from (`model`).

mod common;

mod api;
mod hostile;
mod model;
