//! Writing records: the extension-to-format rule every command shares, and
//! a writer for CSV rows and JSON Lines.

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

/// What an output file's extension asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// `.txt` and any other extension: the command's text format.
    Text,
    /// `.csv`.
    Csv,
    /// `.json`, `.jsonl`, `.ndjson`: JSON Lines.
    Json,
    /// `.pdf`.
    Pdf,
    /// `.svg`.
    Svg,
}

impl FileKind {
    /// The kind named by `path`'s extension (any case). Every command that
    /// writes a file picks its default format with this one rule.
    ///
    /// ```
    /// use sudoku_io::FileKind;
    /// use std::path::Path;
    ///
    /// assert_eq!(FileKind::from_path(Path::new("out/GRADES.CSV")), FileKind::Csv);
    /// assert_eq!(FileKind::from_path(Path::new("s.jsonl")), FileKind::Json);
    /// assert_eq!(FileKind::from_path(Path::new("solutions")), FileKind::Text);
    /// ```
    pub fn from_path(path: &Path) -> FileKind {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("csv") => FileKind::Csv,
            Some("json" | "jsonl" | "ndjson") => FileKind::Json,
            Some("pdf") => FileKind::Pdf,
            Some("svg") => FileKind::Svg,
            _ => FileKind::Text,
        }
    }
}

/// Writes CSV rows (RFC 4180 quoting, the header row once) and JSON Lines
/// records to `W`.
pub struct RecordWriter<W> {
    out: W,
    /// The CSV header row, written before the first row or by
    /// [`RecordWriter::finish_csv`] when there was none.
    header: &'static [&'static str],
    header_done: bool,
}

impl<W: Write> RecordWriter<W> {
    /// A writer to `out`; `csv_header` is the header row of its CSV rows
    /// (the field names of the row type, in order).
    pub fn new(out: W, csv_header: &'static [&'static str]) -> Self {
        RecordWriter { out, header: csv_header, header_done: false }
    }

    /// The underlying writer, for text formats.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Writes one CSV row, after the header row if it is the first.
    pub fn write_csv<T: Serialize>(&mut self, row: &T) -> io::Result<()> {
        self.write_header()?;
        let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::with_capacity(256));
        w.serialize(row).map_err(io::Error::other)?;
        let bytes = w.into_inner().map_err(|e| io::Error::other(e.to_string()))?;
        self.out.write_all(&bytes)
    }

    /// Writes one JSON Lines record: the object and a newline.
    pub fn write_json<T: Serialize>(&mut self, row: &T) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, row).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }

    /// Ends a CSV output: writes the header row if no row was written, so an
    /// empty input still gives a well-formed CSV file.
    pub fn finish_csv(&mut self) -> io::Result<()> {
        self.write_header()
    }

    /// The writer back.
    pub fn into_inner(self) -> W {
        self.out
    }

    fn write_header(&mut self) -> io::Result<()> {
        if std::mem::replace(&mut self.header_done, true) {
            return Ok(());
        }
        let mut w = csv::Writer::from_writer(Vec::with_capacity(64));
        w.write_record(self.header).map_err(io::Error::other)?;
        let bytes = w.into_inner().map_err(|e| io::Error::other(e.to_string()))?;
        self.out.write_all(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Row<'a> {
        puzzle: &'a str,
        note: &'a str,
    }

    const HEADER: &[&str] = &["puzzle", "note"];

    #[test]
    fn csv_rows_come_after_one_header_row_and_are_quoted() {
        let mut w = RecordWriter::new(Vec::new(), HEADER);
        w.write_csv(&Row { puzzle: "1.2", note: "a, \"b\"" }).unwrap();
        w.write_csv(&Row { puzzle: "3", note: "" }).unwrap();
        w.finish_csv().unwrap();
        assert_eq!(String::from_utf8(w.into_inner()).unwrap(), "puzzle,note\n1.2,\"a, \"\"b\"\"\"\n3,\n");
    }

    #[test]
    fn an_empty_csv_output_still_has_its_header_row() {
        let mut w = RecordWriter::new(Vec::new(), HEADER);
        w.finish_csv().unwrap();
        assert_eq!(String::from_utf8(w.into_inner()).unwrap(), "puzzle,note\n");
    }

    #[test]
    fn json_lines_are_one_object_per_line() {
        let mut w = RecordWriter::new(Vec::new(), HEADER);
        w.write_json(&Row { puzzle: "1", note: "x\ny" }).unwrap();
        assert_eq!(String::from_utf8(w.into_inner()).unwrap(), "{\"puzzle\":\"1\",\"note\":\"x\\ny\"}\n");
    }
}
