//! The integration tests of sudoku-core, built as one binary
//! (`autotests = false` and one `[[test]]` in `Cargo.toml`): one module per
//! area, and the helpers they share in `util`.
//!
//! proptest keeps each module's regression seeds beside its file, e.g.
//! `properties.proptest-regressions` for `properties.rs`.

mod util;

mod fixture_sets;
mod fixtures;
mod max_score;
mod properties;
mod solve_excluding;
