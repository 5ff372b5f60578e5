//! The output formats of `sudoku solve` (and its `--max-score` mode).

use clap::ValueEnum;
use sudoku_io::FileKind;

/// Output formats of `sudoku solve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One line per record.
    Line,
    /// A readable block with box separators per record, then a blank line.
    Block,
    /// CSV with a header row.
    Csv,
    /// JSON Lines: one object per record.
    Json,
    /// The judge format: 9 lines of 9 digits per record.
    Rows,
}

impl SolveFormat {
    /// The format an output file's extension names (`.csv`, `.json`), if
    /// `solve` writes it.
    pub fn of_kind(kind: FileKind) -> Option<SolveFormat> {
        match kind {
            FileKind::Text => Some(SolveFormat::Line),
            FileKind::Csv => Some(SolveFormat::Csv),
            FileKind::Json => Some(SolveFormat::Json),
            FileKind::Pdf | FileKind::Svg => None,
        }
    }
}
