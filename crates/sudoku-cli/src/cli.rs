//! Command-line arguments: one struct per subcommand, each flag documented
//! with its default.

use clap::{Parser, Subcommand};

use crate::cmd::book::BookArgs;
use crate::cmd::generate::GenerateArgs;
use crate::cmd::grade::GradeArgs;
use crate::cmd::print::PrintArgs;
use crate::cmd::solve::SolveArgs;

/// Solve, count, generate, grade and export sudoku puzzles.
///
/// Exit codes: 0 success; 1 some puzzle had no solution (or was skipped as
/// invalid); 2 usage, I/O or input error.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about, long_about = None, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles, count or list their solutions.
    Solve(SolveArgs),
    /// Generate unique puzzles, reproducibly from a seed.
    Generate(GenerateArgs),
    /// Make a printable puzzle book (PDF or SVG) with an answer key.
    Print(PrintArgs),
    /// Rate puzzles by the human techniques they need.
    Grade(GradeArgs),
    /// Make a book of 24 graded medium puzzles (puzzles.pdf and puzzles.csv).
    Book(BookArgs),
}
