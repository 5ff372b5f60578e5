//! Command-line arguments: one struct per subcommand, each flag documented
//! with its default.

use std::ffi::OsString;

use clap::{Args, Parser, Subcommand};

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

/// Parses the command line.
///
/// [`Cli::parse`] first builds the parser of every subcommand, which is most
/// of the start-up of a small run (`sudoku solve` on a few puzzles). So the
/// plain `solve` command lines are read by hand, and otherwise the
/// subcommand named by the first argument is tried alone; anything they do
/// not accept (a usage error, `--help`, `--version`, `help`, an unknown
/// name) goes to [`Cli::parse`], which prints the same help and errors as
/// ever.
pub fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(args) = crate::quick_args::parse_solve(&args) {
        return Cli { command: Command::Solve(args) };
    }
    parse_one_subcommand(&args).unwrap_or_else(Cli::parse)
}

/// The command line when its subcommand alone accepts it; `None` when
/// [`Cli::parse`] must decide.
fn parse_one_subcommand(args: &[OsString]) -> Option<Cli> {
    let sub_args = args.get(1..)?;
    let command = match sub_args.first()?.to_str()? {
        "solve" => Command::Solve(parse_args("solve", sub_args)?),
        "generate" => Command::Generate(parse_args("generate", sub_args)?),
        "print" => Command::Print(parse_args("print", sub_args)?),
        "grade" => Command::Grade(parse_args("grade", sub_args)?),
        "book" => Command::Book(parse_args("book", sub_args)?),
        _ => return None,
    };
    Some(Cli { command })
}

/// Parses `args` (the subcommand's name first) with the parser of `A` alone.
fn parse_args<A: Args>(name: &'static str, args: &[OsString]) -> Option<A> {
    let mut matches = A::augment_args(clap::Command::new(name)).try_get_matches_from(args).ok()?;
    A::from_arg_matches_mut(&mut matches).ok()
}
