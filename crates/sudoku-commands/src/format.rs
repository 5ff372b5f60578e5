//! The one output model of every command: a [`Format`], picked from
//! `--format` or the output file's extension ([`pick`]). Each command
//! lists the formats it writes, with what each means for it, as a table
//! ([`crate::choice::Named`]); a format outside a command's table is an
//! error that says so.

use std::path::{Path, PathBuf};

use sudoku_io::FileKind;

use crate::choice::Named;

/// How a command writes its records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// One line per record.
    Line,
    /// A readable block per record.
    Block,
    /// The judge's format: 9 lines of 9 digits per record.
    Rows,
    /// CSV with a header row.
    Csv,
    /// JSON Lines: one object per record.
    Json,
    /// A printable PDF book.
    Pdf,
    /// A book as SVG files, one per page (or per puzzle).
    Svg,
    /// PNG images, one per puzzle.
    Png,
}

impl Format {
    /// The format an output file's extension names: the command's text
    /// format (line) for any extension but `.csv`, `.json`, `.pdf` and
    /// `.svg`.
    pub fn of_kind(kind: FileKind) -> Format {
        match kind {
            FileKind::Text => Format::Line,
            FileKind::Csv => Format::Csv,
            FileKind::Json => Format::Json,
            FileKind::Pdf => Format::Pdf,
            FileKind::Svg => Format::Svg,
        }
    }

    /// Whether this is a book's format (pdf or svg).
    pub fn is_book(self) -> bool {
        matches!(self, Format::Pdf | Format::Svg)
    }
}

/// An output file whose extension names a format the command does not
/// write (and no `--format` was given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this command does not write files like {}: give --format", .0.display())]
pub struct UnsupportedFile(pub PathBuf);

/// The output format: `explicit` (`--format`) when given, else the one the
/// output file's extension names, when the command writes it (`formats`
/// is its table), else (stdout) `default`.
pub fn pick(
    explicit: Option<Format>,
    output: Option<&Path>,
    default: Format,
    formats: &[Named<Format>],
) -> Result<Format, UnsupportedFile> {
    if let Some(f) = explicit {
        return Ok(f);
    }
    let Some(path) = output else { return Ok(default) };
    let format = Format::of_kind(FileKind::from_path(path));
    match formats.iter().any(|&(f, _, _)| f == format) {
        true => Ok(format),
        false => Err(UnsupportedFile(path.to_path_buf())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_format_unless_format_is_given() {
        let table: &[Named<Format>] =
            &[(Format::Line, "line", ""), (Format::Csv, "csv", ""), (Format::Json, "json", "")];
        let pick = |explicit, path: &str| pick(explicit, Some(Path::new(path)), Format::Line, table);
        assert_eq!(pick(None, "g.CSV"), Ok(Format::Csv));
        assert_eq!(pick(None, "s.json"), Ok(Format::Json));
        assert_eq!(pick(None, "s.txt"), Ok(Format::Line));
        assert_eq!(pick(Some(Format::Json), "g.csv"), Ok(Format::Json));
        let err = pick(None, "s.pdf").unwrap_err();
        assert_eq!(err.to_string(), "this command does not write files like s.pdf: give --format");
        assert_eq!(super::pick(None, None, Format::Block, table), Ok(Format::Block));
    }
}
