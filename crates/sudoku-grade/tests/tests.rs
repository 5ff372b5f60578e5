//! The integration tests of sudoku-grade, built as one binary
//! (`autotests = false` and one `[[test]]` in `Cargo.toml`): one module per
//! area, and the helpers they share in `util`.

mod util;

mod grade;
mod hint;
mod layers;
mod search_effort;
mod variant;
