//! The flags every command shares, each defined once: where puzzles come
//! from ([`InputArgs`]), where results go and how the run goes
//! ([`OutputArgs`]), and the one rule that picks an output format from
//! `--format` or the output file's extension ([`pick_format`]).

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Args;
use sudoku_commands::choice::Named;
use sudoku_commands::format::{self, Format};
use sudoku_io::{InputFormat, InputSpec};

use crate::choice::choice;

/// The input flags of every puzzle-reading command.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Input files; stdin when none is given or the name is `-`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// How records are laid out in the input.
    #[arg(long, value_name = "FORMAT", value_parser = choice::<InputFormat>(), default_value = "auto",
          ignore_case = true)]
    pub input: InputFormat,

    /// The CSV column holding the puzzles (with `--input csv` only)
    /// [default: puzzle, quizzes or Sudoku Puzzle (any case), else the first
    /// puzzle-like column]. Other columns travel with the puzzle (`print`
    /// puts band, rating and id on the page).
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
}

impl InputArgs {
    /// What to read; `--column` without CSV input is a usage error (it
    /// would do nothing).
    pub fn spec(&self) -> anyhow::Result<InputSpec> {
        if self.column.is_some() && self.input != InputFormat::Csv {
            bail!("--column needs --input csv");
        }
        Ok(InputSpec { format: self.input, column: self.column.clone() })
    }
}

/// Where results go and how the run goes: the same flags, with the same
/// meaning, in every command.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Write to FILE instead of stdout: complete or not at all (a failed
    /// run leaves no file and an existing one as it was). `-` is stdout; a
    /// device or FIFO is written into; a symlink's target gets the content.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Replace output files that exist (their permission bits are kept).
    #[arg(long)]
    pub force: bool,

    /// Worker threads, at most the number of cores; 0 is every core.
    /// Output never depends on it.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: u64,

    /// Say nothing on stderr but errors: no seed line, no progress bar, no
    /// notices.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl OutputArgs {
    /// The number of worker threads: `--jobs`, clamped to the cores (said
    /// once on stderr when it is), 0 meaning every core.
    pub fn jobs(&self) -> usize {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        match usize::try_from(self.jobs).unwrap_or(usize::MAX) {
            0 => cores,
            n if n > cores => {
                if !self.quiet {
                    eprintln!("sudoku: --jobs {n} is more than the {cores} cores: using {cores}");
                }
                cores
            }
            n => n,
        }
    }

    /// The `--output` file, `None` for stdout.
    pub fn path(&self) -> Option<&Path> {
        self.output.as_deref().filter(|p| p.as_os_str() != "-")
    }
}

/// The output format: `explicit` (`--format`) when given, else the one the
/// output file's extension names when the command writes it (`formats`),
/// else (stdout) `default` ([`format::pick`]).
pub fn pick_format(
    explicit: Option<Format>,
    output: Option<&Path>,
    default: Format,
    formats: &[Named<Format>],
) -> anyhow::Result<Format> {
    Ok(format::pick(explicit, output, default, formats)?)
}
