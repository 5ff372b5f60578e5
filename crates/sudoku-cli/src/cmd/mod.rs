//! One module per subcommand; `run` dispatches.

pub mod book;
pub mod canon;
pub mod convert;
pub mod cover;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod print;
pub mod serve;
pub mod solve;
pub mod transform;

use std::process::ExitCode;

use crate::cli::{Cli, Command};

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Print(args) => print::run(args),
        Command::Grade(args) => grade::run(args),
        Command::Hint(args) => hint::run(args),
        Command::Book(args) => book::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Canon(args) => canon::run(args),
        Command::Transform(args) => transform::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Completions(args) => {
            let mut out = std::io::stdout().lock();
            crate::cli::write_completions(args.shell, &mut out);
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            crate::cli::write_man(&mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
