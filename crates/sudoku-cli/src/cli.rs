//! Command-line arguments: one struct per subcommand, each flag documented
//! with its default.

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::cmd::book::BookArgs;
use crate::cmd::canon::CanonArgs;
use crate::cmd::cover::CoverArgs;
use crate::cmd::generate::GenerateArgs;
use crate::cmd::grade::GradeArgs;
use crate::cmd::hint::HintArgs;
use crate::cmd::print::PrintArgs;
use crate::cmd::solve::SolveArgs;
use crate::cmd::transform::TransformArgs;

/// Solve, count, generate, grade and export sudoku puzzles.
///
/// Exit codes: 0 success; 1 some puzzle had no solution (or was skipped as
/// invalid); 2 usage, I/O or input error (no output file is written then);
/// 130, 143 or 129 interrupted by SIGINT, SIGTERM or SIGHUP (no output file
/// is written either).
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
    /// The next step from a player's position (givens, placed digits,
    /// pencil marks), after checking it for mistakes.
    Hint(HintArgs),
    /// Make a book of 24 graded medium puzzles (puzzles.pdf and puzzles.csv).
    Book(BookArgs),
    /// Make the wrap-around cover PDF of a printed book (back, spine,
    /// front, bleed).
    Cover(CoverArgs),
    /// The canonical (minlex) form of puzzles; find and drop duplicates up
    /// to symmetry and relabelling.
    Canon(CanonArgs),
    /// Apply a transformation (or its inverse) to puzzles: transpose, move
    /// rows, columns, bands and stacks, relabel digits.
    Transform(TransformArgs),
    /// Convert variant puzzles between forms: our JSON, f-puzzles JSON,
    /// f-puzzles and SudokuPad links, ipuz, lines.
    Convert(crate::cmd::convert::ConvertArgs),
    /// Serve the page (play with hints, grade, build a book) and the JSON
    /// API on this machine: open the printed address in a browser.
    Serve(crate::cmd::serve::ServeArgs),
    /// Print a shell completion script (e.g. `sudoku completions bash >
    /// /etc/bash_completion.d/sudoku`).
    Completions(CompletionsArgs),
    /// Print the manual page (roff), e.g. `sudoku man | man -l -`.
    Man,
}

/// Arguments of `sudoku completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, value_name = "SHELL", ignore_case = true)]
    pub shell: Shell,
}

/// Shells `sudoku completions` writes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash.
    Bash,
    /// Zsh.
    Zsh,
    /// Fish.
    Fish,
    /// PowerShell.
    Powershell,
    /// Elvish.
    Elvish,
}

/// Writes the completion script for `shell`, generated from the argument
/// definitions.
pub fn write_completions(shell: Shell, out: &mut dyn std::io::Write) {
    use clap_complete::Shell as S;
    let shell = match shell {
        Shell::Bash => S::Bash,
        Shell::Zsh => S::Zsh,
        Shell::Fish => S::Fish,
        Shell::Powershell => S::PowerShell,
        Shell::Elvish => S::Elvish,
    };
    clap_complete::generate(shell, &mut Cli::command(), "sudoku", out);
}

/// Writes the manual page, generated from the argument definitions.
pub fn write_man(out: &mut dyn std::io::Write) -> std::io::Result<()> {
    clap_mangen::Man::new(Cli::command()).render(out)
}

/// Parses the command line (clap: help, usage and errors are its own).
pub fn parse() -> Cli {
    Cli::parse()
}
