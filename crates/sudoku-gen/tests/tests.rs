//! The integration tests of sudoku-gen, built as one binary
//! (`autotests = false` and one `[[test]]` in `Cargo.toml`): one module per
//! area, and the helpers they share in `util`.

mod util;

mod generate;
mod variant;
mod variant_rules;
