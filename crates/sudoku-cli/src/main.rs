//! The `sudoku` command: glue between the argument parser, the libraries
//! (`sudoku-io` reads and writes records, `sudoku-print` renders books) and
//! the output files. This binary parses arguments, does I/O and picks exit
//! codes: 0 success, 1 a negative answer (no solution), 2 usage, I/O or
//! input error (no output file changed), 130/143/129 interrupted by
//! SIGINT/SIGTERM/SIGHUP before the outputs were put in place (none was).

mod args;
mod choice;
mod cli;
mod cmd;
mod commit;
mod out_file;
mod pipeline;
mod progress;

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::parse();
    // A panic leaves no temporary file.
    let _uncommitted = commit::Guard;
    // Every output file of the run is put in place together, only when the
    // whole run succeeded.
    match cmd::run(cli).and_then(|code| commit::commit().map(|()| code)) {
        Ok(code) => code,
        Err(err) => {
            commit::discard();
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudoku: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error chain ends in a closed pipe (`sudoku … | head`), which
/// is a normal way for a reader to say it has seen enough.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
