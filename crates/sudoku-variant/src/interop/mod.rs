//! Interchange with other tools: f-puzzles JSON (import and export),
//! f-puzzles and SudokuPad links (lz-string compressed f-puzzles JSON, or
//! SudokuPad's own `scl`/`ctc` JSON: import only), Penpa+ links and
//! sudokuwiki.org solver links (import only), and ipuz export for
//! publishers.
//!
//! Every import either keeps every constraint of the source or fails with
//! an [`InteropError`] that names what it could not keep: a constraint is
//! never dropped silently. Exports fail the same way when the target format
//! cannot express a rule (ipuz has no anti-knight, f-puzzles no samurai).
//!
//! | format | read | write |
//! |---|---|---|
//! | f-puzzles JSON | [`Puzzle::from_fpuzzles`] | [`Puzzle::to_fpuzzles`] |
//! | f-puzzles / SudokuPad link | [`Puzzle::from_link`] | [`Puzzle::to_fpuzzles_link`], [`Puzzle::to_sudokupad_link`] |
//! | SudokuPad's JSON (`scl…`/`ctc…` links, [`scl`]) | [`Puzzle::from_scl`], [`Puzzle::from_link`] | no (links are written as `fpuzzles…`) |
//! | sudokuwiki.org classic, X-sudoku and killer solver links, packed boards (`S9B…`, `J9B…`, `L9B…`, ...; [`sudokuwiki`]) | [`Puzzle::from_link`] | no |
//! | Penpa+ link (`https://swaroopg92.github.io/penpa-edit/#m=solve&p=…`) | [`Puzzle::from_penpa`], [`Puzzle::from_link`] | no |
//! | ipuz (`http://ipuz.org/sudoku#1`) | no | [`Puzzle::to_ipuz`] |
//!
//! SudokuPad's JSON draws a puzzle: only the shapes whose style says what
//! they mean are read, and the rest is refused by name ([`scl`]).
//! SudokuPad's packed classic form (`scf…`) and short links that name a
//! puzzle stored on a server are refused with a clear error: the first
//! has no worked example to check a reader against ([`scl`]), the second
//! needs the network.

mod fpuzzles;
mod ipuz;
mod links;
pub mod lzstring;
mod penpa;
mod scl;
mod sudokuwiki;

pub use fpuzzles::Imported;
pub use penpa::MAX_TEXT as PENPA_MAX_TEXT;

use crate::VariantError;

/// Whether `text` is a bare sudokuwiki.org packed board (`S9B…`, `J9B…`,
/// `L9B…`, ...: a form's header and exactly its number of base-36
/// digits), which [`Puzzle::from_link`](crate::Puzzle::from_link) reads.
pub fn is_sudokuwiki_board(text: &str) -> bool {
    sudokuwiki::is_packed(text.trim())
}

/// Why a puzzle could not be read from, or written to, another tool's format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InteropError {
    /// The text is not JSON, or a field has the wrong type.
    #[error("f-puzzles JSON line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// A field holds a value this reader cannot interpret.
    #[error("{field}: {why}")]
    Field {
        /// The field, as the source names it (`grid`, `killercage[3]`).
        field: String,
        /// What is wrong.
        why: String,
    },
    /// Constraints the model does not have; nothing was imported.
    #[error("not supported: {}", .0.join(", "))]
    Unsupported(Vec<String>),
    /// A rule or shape the target format cannot express.
    #[error("{format} cannot express {what}")]
    Inexpressible {
        /// The target format.
        format: &'static str,
        /// What it cannot hold.
        what: String,
    },
    /// A link that is not one of the supported forms.
    #[error("link: {0}")]
    Link(String),
    /// Compressed data that does not decompress.
    #[error("compressed puzzle data: {0}")]
    Compressed(#[from] lzstring::LzError),
    /// Penpa+ data that does not inflate (raw deflate), or would inflate
    /// past [`PENPA_MAX_TEXT`] bytes.
    #[error("compressed Penpa+ data: {0}")]
    Deflate(String),
    /// The imported parts do not make a well-formed puzzle.
    #[error(transparent)]
    Model(#[from] VariantError),
}
