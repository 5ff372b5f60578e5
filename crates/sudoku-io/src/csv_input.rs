//! Reading puzzles from a CSV column (`--input csv [--column NAME]`).
//!
//! Streams row by row, so memory stays constant. Accepts the common public
//! layouts as they are: Kaggle's `quizzes,solutions` and
//! `puzzle,solution,clues,difficulty`, and QQWing's CSV (spaces after
//! commas, a trailing comma). Errors read `FILE:LINE: column NAME: what was
//! wrong`.

use std::io::Read;
use std::sync::Arc;

use sudoku_core::Grid;

use crate::csv_rows::{CsvRows, Row};
use crate::input::{InputFormat, Record, RecordError};

/// Column names taken for the puzzle when `--column` is not given, in
/// order of preference (compared without case).
pub const PUZZLE_COLUMNS: &[&str] = &["puzzle", "quizzes", "sudoku puzzle", "quiz"];

/// An iterator over the records of a CSV input.
pub struct CsvRecords<R: Read> {
    rows: CsvRows<R>,
    source: Arc<str>,
    wanted: Option<String>,
    header: Option<Vec<String>>,
    column: Option<usize>,
    /// A row read while detecting the column by its values.
    pending: Option<Row>,
    row: Row,
    finished: bool,
    /// Said with the next record (see [`Record::notice`]).
    notice: Option<String>,
}

impl<R: Read> CsvRecords<R> {
    /// Records of `reader`, named `source` in errors; `column` names the
    /// puzzle column.
    pub fn new(reader: R, source: &str, column: Option<&str>) -> Self {
        CsvRecords {
            rows: CsvRows::new(reader),
            source: source.into(),
            wanted: column.map(str::to_string),
            header: None,
            column: None,
            pending: None,
            row: Row { line: 0, fields: Vec::new() },
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

    /// Reads the next row into `self.row`; `Ok(false)` at the end. A row
    /// that cannot be read is an error with the line the row starts on.
    fn read_row(&mut self) -> Result<bool, (usize, RecordError)> {
        if let Some(p) = self.pending.take() {
            self.row = p;
            return Ok(true);
        }
        match self.rows.next_row() {
            None => Ok(false),
            Some(Ok(row)) => {
                self.row = row;
                Ok(true)
            }
            Some(Err(e)) => Err((
                e.row_line,
                RecordError {
                    source: self.source.to_string(),
                    line: e.line,
                    column: e.column,
                    message: e.message,
                },
            )),
        }
    }

    /// Reads the header and picks the puzzle column.
    fn start(&mut self) -> Result<(), (usize, RecordError)> {
        if !self.read_row()? {
            return Err((1, self.err(1, "empty CSV input, expected a header row".into())));
        }
        let header: Vec<String> =
            self.row.fields.iter().map(|h| h.trim_start_matches('\u{feff}').trim().to_string()).collect();
        let header_line = self.row.line;
        let find = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
        let known = match &self.wanted {
            Some(w) => find(w),
            None => PUZZLE_COLUMNS.iter().find_map(|n| find(n)),
        };
        if known.is_none() {
            if let Some(col) = header.iter().position(|h| Grid::parse_line(h).is_ok()) {
                // The first row holds a puzzle: there is no header row.
                if let Some(w) = &self.wanted {
                    let why = format!("column {w:?} not found: the first row is a puzzle, so the file has no header row (leave out --column)");
                    return Err((header_line, self.err(header_line, why)));
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
                    let why = format!("column {w:?} not found; the columns are: {}", header.join(", "));
                    return Err((header_line, self.err(header_line, why)));
                }
            },
            None => PUZZLE_COLUMNS.iter().find_map(|n| find(n)),
        };
        self.header = Some(header);
        if self.column.is_none() {
            // Pick the first column whose first value looks like a puzzle.
            if self.read_row()? {
                self.column = self.row.fields.iter().position(|v| Grid::parse_line(v).is_ok());
                self.pending = Some(self.row.clone());
            }
            if self.column.is_none() {
                let names = self.header.as_deref().unwrap_or_default().join(", ");
                let why = format!("no puzzle column found (use --column NAME); the columns are: {names}");
                return Err((header_line, self.err(header_line, why)));
            }
        }
        Ok(())
    }

    fn next_record(&mut self) -> Option<Record> {
        if self.header.is_none() {
            if let Err((line, e)) = self.start() {
                self.finished = true;
                return Some(self.record(line, Err(e), Vec::new()));
            }
        }
        match self.read_row() {
            Ok(false) => return None,
            Ok(true) => {}
            Err((line, e)) => return Some(self.record(line, Err(e), Vec::new())),
        }
        let line = self.row.line;
        let header = self.header.as_deref().unwrap_or_default();
        let col = self.column.unwrap_or(0);
        let name = header.get(col).map(String::as_str).unwrap_or("?");
        let (n_fields, n_header) = (self.row.fields.len(), header.len());
        // A trailing comma on data rows or on the header only is accepted.
        let trailing_ok = (n_fields == n_header + 1
            && self.row.fields.get(n_header).map(String::as_str) == Some(""))
            || (n_header == n_fields + 1 && header.last().is_some_and(String::is_empty));
        if n_fields != n_header && !trailing_ok {
            let e = self.err(line, format!("row has {n_fields} fields, the header has {n_header}"));
            return Some(self.record(line, Err(e), Vec::new()));
        }
        let grid = match self.row.fields.get(col) {
            None => Err(self.err(line, format!("column {name}: missing"))),
            Some(v) => Grid::parse_line(v).map_err(|e| {
                self.err(line, format!("column {name}: {} (at character {} of the field)", e.kind, e.column))
            }),
        };
        let meta = header
            .iter()
            .zip(self.row.fields.iter())
            .enumerate()
            .filter(|&(i, (h, _))| i != col && !h.is_empty())
            .map(|(_, (h, v))| (h.clone(), v.to_string()))
            .collect();
        Some(self.record(line, grid, meta))
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
    use std::io;

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

    /// Issue 31: a CSV of 10,000 puzzles with an unclosed quote in record 5
    /// gave 5 records (the rest of the file was its last field). The quote
    /// is an error at its line and column, and the other 9,999 records are
    /// read, on their own lines.
    #[test]
    fn r31_an_unclosed_quote_is_one_malformed_record_and_the_rest_are_read() {
        let mut text = "puzzle,note\n".to_string();
        for k in 0..10_000 {
            text.push_str(&if k == 4 { format!("{P},\"unclosed\n") } else { format!("{P},n{k}\n") });
        }
        for records in [
            CsvRecords::new(text.as_bytes(), "t.csv", None).collect::<Vec<_>>(),
            CsvRecords::new(OneByte(text.as_bytes()), "t.csv", None).collect(),
        ] {
            assert_eq!(records.len(), 10_000);
            for (k, r) in records.iter().enumerate() {
                assert_eq!(r.line, k + 2);
                if k == 4 {
                    let e = r.grid.as_ref().unwrap_err();
                    assert_eq!((e.line, e.column), (6, P.len() + 2), "{e}");
                    assert!(e.to_string().starts_with("t.csv:6:83: unclosed quote"), "{e}");
                } else {
                    assert_eq!(r.grid.as_ref().map(Grid::to_line), Ok(P.to_string()));
                    assert_eq!(r.meta, vec![("note".to_string(), format!("n{k}"))]);
                }
            }
        }
    }

    /// Issue 31: a byte that is not UTF-8 is named by its hex value.
    #[test]
    fn r31_a_bad_byte_in_csv_is_shown_as_its_hex_value() {
        let mut text = format!("puzzle,note\n{P},ok\n{P},a").into_bytes();
        text.extend_from_slice(b"\xffb\n");
        text.extend_from_slice(format!("{P},\n").as_bytes());
        let records: Vec<Record> = CsvRecords::new(text.as_slice(), "t.csv", None).collect();
        assert_eq!(records.len(), 3);
        let e = records[1].grid.as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(e.message, "byte 0xff in field 2 is not UTF-8");
        assert!(records[2].grid.is_ok());
    }

    /// Issue 31: every quoting defect is one malformed record, located, and
    /// the records after it are read; well-formed quoting (commas, line
    /// ends and doubled quotes inside) is read as it was meant.
    /// What a row's note reads as: its text, or an error's line, column and
    /// message start.
    type Expected = Result<&'static str, (usize, usize, &'static str)>;

    #[test]
    fn r31_each_quoting_defect_is_one_record() {
        let cases: [(&str, Expected); 7] = [
            ("\"a, \"\"b\"\"\r\nc\"", Ok("a, \"b\"\nc")),
            ("  \"x\"  ", Ok("x")),
            ("\"\"", Ok("")),
            ("ab\"c", Err((2, 85, "a quote inside an unquoted field"))),
            ("\"ab\"c", Err((2, 87, "text after a closing quote"))),
            ("\"ab\nc\"d", Err((2, 83, "unclosed quote: the field it opens runs on to line 3"))),
            ("\"open", Err((2, 83, "unclosed quote: the field it opens runs on to line 3"))),
        ];
        for (note, expected) in cases {
            // The defect first, then rows that would close its quote.
            let text = format!("puzzle,note\n{P},{note}\n{P},\"x\"\n{P},\",y\"\n{P},\n");
            let records: Vec<Record> = CsvRecords::new(text.as_bytes(), "t.csv", None).collect();
            let n_lines = 2 + note.replace("\r\n", "\n").matches(['\n', '\r']).count();
            let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
            if expected.is_ok() {
                assert_eq!(lines, vec![2, n_lines + 1, n_lines + 2, n_lines + 3], "{note:?}");
            }
            match (&records[0].grid, expected) {
                (Ok(_), Ok(meta)) => {
                    assert_eq!(records[0].meta, vec![("note".to_string(), meta.to_string())])
                }
                (Err(e), Err((line, column, message))) => {
                    assert_eq!((e.line, e.column), (line, column), "{note:?}: {e}");
                    assert!(e.message.starts_with(message), "{note:?}: {e}");
                    // Reading resumes on the line after the error's.
                    let rest = &records[records.len() - 3..];
                    assert_eq!(
                        rest.iter().map(|r| r.grid.is_ok()).collect::<Vec<_>>(),
                        [true; 3],
                        "{note:?}"
                    );
                    assert_eq!(rest[2].line, text.lines().count());
                }
                (got, _) => panic!("{note:?}: {got:?}"),
            }
        }
    }

    /// Issue 31: a row longer than the line limit is one malformed record
    /// (quoted or not); a blank line of any length is no record.
    #[test]
    fn r31_the_line_limit_is_one_record_and_blank_lines_are_none() {
        let long = "x".repeat(crate::MAX_LINE_BYTES);
        let blank = " ".repeat(crate::MAX_LINE_BYTES * 2);
        let text = format!("puzzle,note\n{P},{long}\n{blank}\n{P},\"{long}\"\r\n{P},ok\n{blank}{P},z\n");
        for records in [
            CsvRecords::new(text.as_bytes(), "t.csv", None).collect::<Vec<_>>(),
            CsvRecords::new(OneByte(text.as_bytes()), "t.csv", None).collect(),
        ] {
            let got: Vec<(usize, bool)> = records.iter().map(|r| (r.line, r.grid.is_ok())).collect();
            assert_eq!(got, [(2, false), (4, false), (5, true), (6, false)]);
            for r in [&records[0], &records[1], &records[3]] {
                assert!(r.grid.as_ref().unwrap_err().message.contains("longer than"), "{:?}", r.grid);
            }
        }
    }
}
