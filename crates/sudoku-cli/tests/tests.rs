//! The CLI's integration tests, one binary (ripgrep's layout): each module
//! drives the `sudoku` binary as a user would.

mod util;

mod book_sections;
mod canon;
mod cli;
mod constraints;
mod generate;
mod generate_variant;
mod grade;
mod hardening;
mod hint;
mod max_score;
mod penpa;
mod print;
mod publishing;
mod r31;
mod r31_misc;
mod readme;
mod reliability;
mod serve;
mod snapshots;
mod sudokuwiki;
mod transaction;
mod variant;
