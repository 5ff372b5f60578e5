//! Errors of the parsers: every one carries the 1-based line and column of
//! the offending character, the character itself and what was expected.

/// An error from one of the grid parsers ([`Grid::parse_line`],
/// [`Grid::parse_block`], [`Grid::parse_noip`]).
///
/// `line` and `column` are 1-based and count from the start of the text
/// given to the parser (a UTF-8 byte order mark is not counted). Callers that
/// parse one record out of a larger file add their own line offset.
///
/// [`Grid::parse_line`]: crate::Grid::parse_line
/// [`Grid::parse_block`]: crate::Grid::parse_block
/// [`Grid::parse_noip`]: crate::Grid::parse_noip
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters) of the problem.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

/// What went wrong while parsing a grid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that has no meaning at this place.
    #[error("unexpected {}, expected {expected}", shown(*found))]
    UnexpectedChar {
        /// The offending character.
        found: char,
        /// What the parser would have accepted here.
        expected: &'static str,
    },
    /// The record ended before all 81 cells were read.
    #[error("found {found} cells, expected 81")]
    TooFewCells {
        /// How many cells were read.
        found: usize,
    },
    /// A block-format row that does not hold exactly 9 cells.
    #[error("found {found} cells in this row, expected 9")]
    WrongRowLength {
        /// How many cells the row held.
        found: usize,
    },
    /// More cells than 81 (block and noip formats).
    #[error("more than 81 cells, expected the grid to end")]
    TooManyCells,
    /// A number outside 0–9 in the noip format.
    #[error("number {found:?} out of range, expected an integer 0-9")]
    NumberOutOfRange {
        /// The offending token.
        found: String,
    },
    /// The text holds no grid at all.
    #[error("empty input, expected a grid of 81 cells")]
    Empty,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }
}

/// A character as an error shows it: `character 'x'`; an ASCII control
/// character as its byte, `byte 0x01`; the replacement character as what it
/// stands for, a byte that is not UTF-8 (readers that still have the bytes
/// name the byte).
pub(crate) fn shown(c: char) -> String {
    if c.is_ascii_control() {
        format!("byte 0x{:02x}", u32::from(c))
    } else if c == '\u{FFFD}' {
        "byte that is not UTF-8 (read as U+FFFD)".to_string()
    } else {
        format!("character {c:?}")
    }
}
