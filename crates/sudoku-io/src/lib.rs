//! # sudoku-io
//!
//! Puzzles in and records out, for every format the `sudoku` command
//! speaks. Nothing here opens a file or knows about command-line flags:
//! readers take any [`std::io::Read`], writers any [`std::io::Write`].
//!
//! ## Reading
//!
//! [`records`] reads one input as a stream of [`Record`]s, one per puzzle,
//! each with its grid or a [`RecordError`] located by source, line and
//! column. A malformed record is a record too, so output can stay aligned
//! with input: record *i* in, line *i* out.
//!
//! ```
//! use sudoku_io::{records, InputFormat};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\nxx\n";
//! let got: Vec<_> = records(text.as_bytes(), "<stdin>", &InputFormat::Auto.into()).collect();
//! assert_eq!(got.len(), 2);
//! assert!(got[0].grid.is_ok());
//! assert_eq!(got[1].grid.as_ref().unwrap_err().line, 2);
//! ```
//!
//! ## Writing
//!
//! [`FileKind::from_path`] is the one rule that maps an output file's
//! extension to a format; [`RecordWriter`] writes CSV rows (the header row
//! exactly once, even for an empty input) and JSON Lines.
//!
//! Architecture invariant: this crate knows nothing of solvers' answers,
//! generators or graders. The rows each command writes are in
//! `sudoku-commands`; this crate only reads records and writes rows.
//!
//! Architecture invariant: memory stays constant in the input's length
//! (lines are capped at [`MAX_LINE_BYTES`]; CSV is read row by row).

mod csv_input;
mod csv_rows;
mod input;
mod line_reader;
mod output;
mod position;
mod variant;

pub use csv_input::{CsvRecords, PUZZLE_COLUMNS};
pub use input::{
    InputFormat, InputSpec, ParseInputFormatError, Record, RecordError, Records, MAX_LINE_BYTES,
};
pub use output::{FileKind, RecordWriter};
pub use position::{
    position_from_json, position_json, positions, ParsePositionFormatError, PositionFormat, PositionRecord,
};
pub use variant::{
    json_has_variant_fields, json_is_variant, looks_like_variant, variant_records, VariantRecord, VariantSpec,
};

/// The records of one input in `spec`'s format, read lazily; `source` names
/// the input in errors (a file name, or `<stdin>`).
pub fn records<'a, R: std::io::Read + 'a>(
    reader: R,
    source: &str,
    spec: &InputSpec,
) -> Box<dyn Iterator<Item = Record> + 'a> {
    match spec.format {
        InputFormat::Csv => Box::new(CsvRecords::new(reader, source, spec.column.as_deref())),
        format => Box::new(Records::new(reader, format, source)),
    }
}
