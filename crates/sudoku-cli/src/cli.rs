//! Command-line arguments: one struct per subcommand, each flag documented
//! with its default.

use std::ffi::OsString;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::cmd::book::BookArgs;
use crate::cmd::cover::CoverArgs;
use crate::cmd::generate::GenerateArgs;
use crate::cmd::grade::GradeArgs;
use crate::cmd::hint::HintArgs;
use crate::cmd::print::PrintArgs;
use crate::cmd::solve::SolveArgs;

/// Solve, count, generate, grade and export sudoku puzzles.
///
/// Exit codes: 0 success; 1 some puzzle had no solution (or was skipped as
/// invalid); 2 usage, I/O or input error (no output file is written then);
/// 130 or 143 interrupted by SIGINT or SIGTERM.
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

/// Parses the command line.
///
/// The subcommand named by the first argument is tried alone, with only its
/// own parser built; anything it does not accept (a usage error, `--help`,
/// `--version`, `help`, an unknown name) goes to [`Cli::parse`], which
/// prints the help and errors of the whole command.
pub fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
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
        "hint" => Command::Hint(parse_args("hint", sub_args)?),
        "book" => Command::Book(parse_args("book", sub_args)?),
        "cover" => Command::Cover(parse_args("cover", sub_args)?),
        _ => return None,
    };
    Some(Cli { command })
}

/// Parses `args` (the subcommand's name first) with the parser of `A` alone.
fn parse_args<A: Args>(name: &'static str, args: &[OsString]) -> Option<A> {
    let mut matches = A::augment_args(clap::Command::new(name)).try_get_matches_from(args).ok()?;
    A::from_arg_matches_mut(&mut matches).ok()
}
