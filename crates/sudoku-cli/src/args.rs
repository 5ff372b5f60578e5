//! The flags every command shares, each defined once: where puzzles come
//! from ([`InputArgs`]), where results go and how the run goes
//! ([`OutputArgs`]), and the one rule that picks an output format from
//! `--format` or the output file's extension ([`pick_format`]).

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::{Args, ValueEnum};
use sudoku_io::{FileKind, InputFormat, InputSpec};

/// The input flags of every puzzle-reading command.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Input files; stdin when none is given or the name is `-`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// How records are laid out in the input.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = InputFormatArg::Auto, ignore_case = true)]
    pub input: InputFormatArg,

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
        if self.column.is_some() && self.input != InputFormatArg::Csv {
            bail!("--column needs --input csv");
        }
        Ok(InputSpec { format: self.input.into(), column: self.column.clone() })
    }
}

/// `--input` values: [`InputFormat`] as a command-line choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// Detect per record: a line of 81 cells, a block of 9 rows, or 81
    /// integers; a first line holding one integer T means poj. A file
    /// named `*.csv` is read as CSV.
    Auto,
    /// One puzzle per line: 81 cells, `1-9` digits, `.` `0` `_` blanks,
    /// then an optional comment. Lines hold at most 64 KiB before a `#`.
    Line,
    /// 9 rows of 9 cells, with optional `|` `-` `+` and space separators.
    Block,
    /// 81 integers 0-9 separated by any whitespace (target-sudoku format).
    Noip,
    /// The judge format: a line with T, then T grids of 9 lines of 9 digits.
    Poj,
    /// The max-score judge format: a line with T, then T noip grids.
    Hoj,
    /// CSV with a header row (a first row holding a puzzle is read as data);
    /// rows of at most 64 KiB, an unclosed quote is an error at its line.
    Csv,
}

impl From<InputFormatArg> for InputFormat {
    fn from(arg: InputFormatArg) -> InputFormat {
        match arg {
            InputFormatArg::Auto => InputFormat::Auto,
            InputFormatArg::Line => InputFormat::Line,
            InputFormatArg::Block => InputFormat::Block,
            InputFormatArg::Noip => InputFormat::Noip,
            InputFormatArg::Poj => InputFormat::Poj,
            InputFormatArg::Hoj => InputFormat::Hoj,
            InputFormatArg::Csv => InputFormat::Csv,
        }
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

    /// Worker threads, at most the number of cores; 0 is every core
    /// [default: 0]. Output never depends on it.
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
/// output file's extension names ([`FileKind::from_path`]), else (stdout)
/// `default`. `of_kind` maps an extension's kind to the command's format,
/// `None` when the command cannot write it (an error naming the file).
pub fn pick_format<F: Copy>(
    explicit: Option<F>,
    output: Option<&Path>,
    default: F,
    of_kind: impl Fn(FileKind) -> Option<F>,
) -> anyhow::Result<F> {
    if let Some(f) = explicit {
        return Ok(f);
    }
    let Some(path) = output else { return Ok(default) };
    match of_kind(FileKind::from_path(path)) {
        Some(f) => Ok(f),
        None => bail!("this command does not write files like {}: give --format", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_format_unless_format_is_given() {
        let of_kind = |k: FileKind| matches!(k, FileKind::Text | FileKind::Csv | FileKind::Json).then_some(k);
        let pick =
            |explicit, path: &str| pick_format(explicit, Some(Path::new(path)), FileKind::Text, of_kind);
        assert_eq!(pick(None, "g.CSV").unwrap(), FileKind::Csv);
        assert_eq!(pick(None, "s.json").unwrap(), FileKind::Json);
        assert_eq!(pick(None, "s.txt").unwrap(), FileKind::Text);
        assert_eq!(pick(Some(FileKind::Json), "g.csv").unwrap(), FileKind::Json);
        assert!(pick(None, "s.pdf").is_err());
        assert_eq!(pick_format(None, None, FileKind::Text, of_kind).unwrap(), FileKind::Text);
    }
}
