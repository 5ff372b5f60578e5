//! Reading puzzles from a CSV column (`--input csv [--column NAME]`).
//!
//! Streams row by row, so memory stays constant. Accepts the common public
//! layouts as they are: Kaggle's `quizzes,solutions` and
//! `puzzle,solution,clues,difficulty`, and QQWing's CSV (spaces after
//! commas, a trailing comma). Errors read `FILE:LINE: column NAME: what was
//! wrong`.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Arc;

use sudoku_core::Grid;

use crate::input::{InputFormat, Record, RecordError};

/// Column names taken for the puzzle when `--column` is not given, in
/// order of preference (compared without case).
pub const PUZZLE_COLUMNS: &[&str] = &["puzzle", "quizzes", "sudoku puzzle", "quiz"];

/// An iterator over the records of a CSV input.
pub struct CsvRecords<R: Read> {
    reader: csv::Reader<LineEnds<R>>,
    source: Arc<str>,
    wanted: Option<String>,
    header: Option<Vec<String>>,
    column: Option<usize>,
    /// A row read while detecting the column by its values.
    pending: Option<csv::StringRecord>,
    row: csv::StringRecord,
    finished: bool,
    /// Said with the next record (see [`Record::notice`]).
    notice: Option<String>,
}

impl<R: Read> CsvRecords<R> {
    /// Records of `reader`, named `source` in errors; `column` names the
    /// puzzle column.
    pub fn new(reader: R, source: &str, column: Option<&str>) -> Self {
        let reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .comment(None)
            .from_reader(LineEnds::new(reader));
        CsvRecords {
            reader,
            source: source.into(),
            wanted: column.map(str::to_string),
            header: None,
            column: None,
            pending: None,
            row: csv::StringRecord::new(),
            finished: false,
            notice: None,
        }
    }

    fn record(
        &mut self,
        line: usize,
        grid: Result<Grid, RecordError>,
        meta: Vec<(String, String)>,
    ) -> Record {
        let notice = self.notice.take();
        Record { line, grid, format: InputFormat::Csv, source: self.source.clone(), meta, notice }
    }

    fn err(&self, line: usize, message: String) -> RecordError {
        RecordError { source: self.source.to_string(), line, column: 0, message }
    }

    /// Reads the next row into `self.row`; `Ok(false)` at the end.
    fn read_row(&mut self) -> Result<bool, RecordError> {
        if let Some(p) = self.pending.take() {
            self.row = p;
            return Ok(true);
        }
        let line = self.reader.position().line() as usize;
        match self.reader.read_record(&mut self.row) {
            Ok(more) => Ok(more),
            Err(e) => {
                let line = e.position().map(|p| self.line_of(p)).unwrap_or(line);
                Err(self.err(line, format!("cannot read CSV: {}", csv_error_message(&e))))
            }
        }
    }

    fn row_line(&mut self) -> usize {
        match self.row.position().cloned() {
            Some(p) => self.line_of(&p),
            None => 0,
        }
    }

    /// The line of the row that starts at or, past line ends, after `p`.
    fn line_of(&mut self, p: &csv::Position) -> usize {
        self.reader.get_mut().line_at(p.byte()).unwrap_or(p.line() as usize)
    }

    /// Reads the header and picks the puzzle column.
    fn start(&mut self) -> Result<(), RecordError> {
        if !self.read_row()? {
            return Err(self.err(1, "empty CSV input, expected a header row".into()));
        }
        let header: Vec<String> =
            self.row.iter().map(|h| h.trim_start_matches('\u{feff}').trim().to_string()).collect();
        let header_line = self.row_line().max(1);
        let find = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
        let known = match &self.wanted {
            Some(w) => find(w),
            None => PUZZLE_COLUMNS.iter().find_map(|n| find(n)),
        };
        if known.is_none() {
            if let Some(col) = header.iter().position(|h| Grid::parse_line(h).is_ok()) {
                // The first row holds a puzzle: there is no header row.
                if let Some(w) = &self.wanted {
                    return Err(self.err(
                        header_line,
                        format!("column {w:?} not found: the first row is a puzzle, so the file has no header row (leave out --column)"),
                    ));
                }
                self.header = Some(vec![String::new(); header.len()]);
                self.column = Some(col);
                self.pending = Some(self.row.clone());
                self.notice = Some(format!(
                    "{}: no header row (the first row holds a puzzle): reading it as data, puzzles from column {}",
                    self.source,
                    col + 1
                ));
                return Ok(());
            }
        }
        self.column = match &self.wanted {
            Some(w) => match find(w) {
                Some(i) => Some(i),
                None => {
                    return Err(self.err(
                        header_line,
                        format!("column {w:?} not found; the columns are: {}", header.join(", ")),
                    ));
                }
            },
            None => PUZZLE_COLUMNS.iter().find_map(|n| find(n)),
        };
        self.header = Some(header);
        if self.column.is_none() {
            // Pick the first column whose first value looks like a puzzle.
            if self.read_row()? {
                self.column = self.row.iter().position(|v| Grid::parse_line(v).is_ok());
                self.pending = Some(self.row.clone());
            }
            if self.column.is_none() {
                let names = self.header.as_deref().unwrap_or_default().join(", ");
                return Err(self.err(
                    1,
                    format!("no puzzle column found (use --column NAME); the columns are: {names}"),
                ));
            }
        }
        Ok(())
    }

    fn next_record(&mut self) -> Option<Record> {
        if self.header.is_none() {
            if let Err(e) = self.start() {
                self.finished = true;
                return Some(self.record(e.line, Err(e), Vec::new()));
            }
        }
        match self.read_row() {
            Ok(false) => return None,
            Ok(true) => {}
            Err(e) => return Some(self.record(e.line, Err(e), Vec::new())),
        }
        let line = self.row_line();
        let header = self.header.as_deref().unwrap_or_default();
        let col = self.column.unwrap_or(0);
        let name = header.get(col).map(String::as_str).unwrap_or("?");
        let (n_fields, n_header) = (self.row.len(), header.len());
        // A trailing comma on data rows or on the header only is accepted.
        let trailing_ok = (n_fields == n_header + 1 && self.row.get(n_header) == Some(""))
            || (n_header == n_fields + 1 && header.last().is_some_and(String::is_empty));
        if n_fields != n_header && !trailing_ok {
            let e = self.err(line, format!("row has {n_fields} fields, the header has {n_header}"));
            return Some(self.record(line, Err(e), Vec::new()));
        }
        let grid = match self.row.get(col) {
            None => Err(self.err(line, format!("column {name}: missing"))),
            Some(v) => Grid::parse_line(v).map_err(|e| {
                self.err(line, format!("column {name}: {} (at character {} of the field)", e.kind, e.column))
            }),
        };
        let meta = header
            .iter()
            .zip(self.row.iter())
            .enumerate()
            .filter(|&(i, (h, _))| i != col && !h.is_empty())
            .map(|(_, (h, v))| (h.clone(), v.to_string()))
            .collect();
        Some(self.record(line, grid, meta))
    }
}

/// The input as the CSV parser reads it, with its line ends tracked. The
/// parser ends a row at `\n`, `\r\n` or a lone `\r`, but counts lines by
/// `\n` alone, and a row's position is where the parser started looking for
/// it: before the blank lines and the `\n` of a `\r\n` it skips. So this
/// hands the parser a `\n` for each lone `\r` (a lone `\r` inside a quoted
/// field reads as `\n`), and keeps the runs of line-end bytes it handed
/// out, to give each row the line of its first byte: [`LineEnds::line_at`].
struct LineEnds<R> {
    inner: R,
    /// A byte read ahead to tell a `\r\n` from a lone `\r`, not yet handed out.
    next: Option<u8>,
    /// Bytes handed out so far.
    offset: u64,
    /// `\n`s handed out so far.
    n_newlines: u64,
    /// Where the run of line-end bytes being handed out started.
    run_start: Option<u64>,
    /// Runs of line-end bytes the parser may not have passed yet.
    runs: VecDeque<LineEndRun>,
}

/// Bytes `start..end` of the input are `\r` and `\n` only; `n_lines` lines
/// end before `end`.
struct LineEndRun {
    start: u64,
    end: u64,
    n_lines: u64,
}

impl<R: Read> LineEnds<R> {
    fn new(inner: R) -> Self {
        LineEnds { inner, next: None, offset: 0, n_newlines: 0, run_start: None, runs: VecDeque::new() }
    }

    /// The line of the row the parser found starting at `byte`: past the
    /// line ends that follow `byte`. `None` when `byte` is not at a line
    /// end, or is before a run already forgotten. Calls must come in order
    /// of `byte`: runs before it are forgotten.
    fn line_at(&mut self, byte: u64) -> Option<usize> {
        while self.runs.front().is_some_and(|r| r.end < byte) {
            self.runs.pop_front();
        }
        match self.runs.front() {
            Some(r) if r.start <= byte => Some(r.n_lines as usize + 1),
            _ if self.run_start.is_some_and(|start| start <= byte) => Some(self.n_newlines as usize + 1),
            _ => None,
        }
    }

    /// Notes the line ends of `bytes`, the next ones handed out.
    fn track(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                self.run_start.get_or_insert(self.offset);
                self.n_newlines += u64::from(b == b'\n');
            } else if let Some(start) = self.run_start.take() {
                self.runs.push_back(LineEndRun { start, end: self.offset, n_lines: self.n_newlines });
            }
            self.offset += 1;
        }
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let mut n = 0;
        if let Some(b) = self.next.take() {
            buf[0] = b;
            n = 1;
        }
        n += read_retrying(&mut self.inner, &mut buf[n..])?;
        // Each byte is compared with the one after it before that one changes.
        for i in 0..n.saturating_sub(1) {
            if buf[i] == b'\r' && buf[i + 1] != b'\n' {
                buf[i] = b'\n';
            }
        }
        if n > 0 && buf[n - 1] == b'\r' {
            // The first half of a `\r\n`? Read one byte ahead to know.
            let mut one = [0u8];
            self.next = (read_retrying(&mut self.inner, &mut one)? == 1).then_some(one[0]);
            if self.next != Some(b'\n') {
                buf[n - 1] = b'\n';
            }
        }
        self.track(&buf[..n]);
        Ok(n)
    }
}

fn read_retrying<R: Read>(reader: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

fn csv_error_message(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { err, .. } => format!("invalid UTF-8 in field {}", err.field() + 1),
        csv::ErrorKind::Io(io) => io.to_string(),
        _ => e.to_string(),
    }
}

impl<R: Read> Iterator for CsvRecords<R> {
    type Item = Record;
    fn next(&mut self) -> Option<Record> {
        if self.finished {
            return None;
        }
        let r = self.next_record();
        if r.is_none() {
            self.finished = true;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(text: &str, column: Option<&str>) -> Vec<Result<String, String>> {
        CsvRecords::new(text.as_bytes(), "t.csv", column)
            .map(|r| r.grid.map(|g| g.to_line()).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn picks_the_named_or_known_or_puzzle_like_column() {
        let z = P.replace('.', "0");
        assert_eq!(read(&format!("quizzes,solutions\n{z},x\n"), None), vec![Ok(P.to_string())]);
        assert_eq!(read(&format!("id,grid\n7,{P}\n"), None), vec![Ok(P.to_string())]);
        assert_eq!(read(&format!("a,b\n{P},{z}\n"), Some("b")), vec![Ok(P.to_string())]);
        let missing = read("a,b\n1,2\n", Some("c"));
        assert_eq!(missing, vec![Err("t.csv:1: column \"c\" not found; the columns are: a, b".to_string())]);
    }

    #[test]
    fn qqwing_spaces_and_trailing_commas_are_accepted() {
        let text = format!("Puzzle, Solution, Difficulty,\n{P}, {P}, Expert,\n");
        assert_eq!(read(&text, None), vec![Ok(P.to_string())]);
    }

    #[test]
    fn malformed_and_ragged_rows_name_file_line_and_column() {
        let text = format!("puzzle,solution\n{P},x\n{}x,y\n{P}\n", &P[..80]);
        let out = read(&text, None);
        assert_eq!(out[0], Ok(P.to_string()));
        assert_eq!(
            out[1],
            Err("t.csv:3: column puzzle: unexpected character 'x', expected a digit 1-9 or a blank (. 0 _) (at character 81 of the field)".to_string())
        );
        assert_eq!(out[2], Err("t.csv:4: row has 1 fields, the header has 2".to_string()));
    }

    /// Hands out its bytes one at a time, as a slow pipe may.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn r15_a_lone_carriage_return_ends_a_csv_line() {
        // Rows on lines 2, 3 and 5: a quoted field spans lines 3 and 4, and
        // another lines 5 and 6.
        let text = format!("puzzle,note\rxx,a\r{P},\"b\nb\"\r{P},\"c\rd\"\r");
        let expected = [(2, Err(())), (3, Ok(P.to_string())), (5, Ok(P.to_string()))];
        let by_block = CsvRecords::new(text.as_bytes(), "t.csv", None).collect::<Vec<_>>();
        let by_byte = CsvRecords::new(OneByte(text.as_bytes()), "t.csv", None).collect();
        for records in [by_block, by_byte] {
            let got: Vec<(usize, Result<String, ()>)> = records
                .iter()
                .map(|r| (r.line, r.grid.as_ref().map(Grid::to_line).map_err(|_| ())))
                .collect();
            assert_eq!(got, expected);
            assert_eq!(records[0].grid.as_ref().unwrap_err().line, 2);
            assert_eq!(records[1].meta, vec![("note".to_string(), "b\nb".to_string())]);
            assert_eq!(records[2].meta, vec![("note".to_string(), "c\nd".to_string())]);
        }
    }

    #[test]
    fn r15_csv_rows_after_crlf_and_blank_lines_keep_their_lines() {
        let cases = [
            ("puzzle\r\nxx\r\nyy\r\nzz\r\n".to_string(), vec![2, 3, 4]),
            ("puzzle\nxx\n\nyy\n\n\nzz\n".to_string(), vec![2, 4, 7]),
            ("\n\npuzzle\r\n\r\nxx\r\r\nyy".to_string(), vec![5, 7]),
            (format!("puzzle,note\r\n{P},\"b\r\n\r\nb\"\r\n\r\nxx,c\r\n"), vec![2, 6]),
        ];
        for (text, expected) in cases {
            let by_block = CsvRecords::new(text.as_bytes(), "t.csv", None).collect::<Vec<_>>();
            let by_byte = CsvRecords::new(OneByte(text.as_bytes()), "t.csv", None).collect();
            for records in [by_block, by_byte] {
                let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
                assert_eq!(lines, expected, "{text:?}");
                for r in &records {
                    if let Err(e) = &r.grid {
                        assert_eq!(e.line, r.line, "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_file_without_a_header_row_keeps_its_first_puzzle() {
        let text = format!("{P},x\n{P},y\n");
        let records: Vec<Record> = CsvRecords::new(text.as_bytes(), "t.csv", None).collect();
        assert_eq!(records.len(), 2);
        assert!(records[0].notice.as_deref().is_some_and(|n| n.contains("no header row")));
        assert!(records[1].notice.is_none());
        for r in &records {
            assert_eq!(r.grid.as_ref().map(Grid::to_line), Ok(P.to_string()));
        }
        let named = read(&format!("{P}\n"), Some("puzzle"));
        assert!(named[0].as_ref().unwrap_err().contains("no header row"), "{named:?}");
    }
}
