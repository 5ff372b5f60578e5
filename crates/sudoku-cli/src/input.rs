//! Reading puzzles from a stream, one record at a time: the input formats,
//! their per-record detection, and errors located by file, line and column.
//!
//! Memory stays constant however long the input: lines are read one at a
//! time and capped at [`MAX_LINE_BYTES`].

use std::fmt;
use std::io::{self, BufRead};

use sudoku_core::{Grid, ParseError};

/// The longest line accepted; a longer one is an input error, so a file
/// with no newline cannot make us allocate without bound.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// How records are laid out in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Detect per record: a line of 81 cells, a block of 9 rows, or 81
    /// integers on one line; a first line holding one integer T means poj.
    Auto,
    /// One puzzle per line: 81 cells, `1-9` digits, `.` `0` `_` blanks,
    /// then an optional comment.
    Line,
    /// 9 rows of 9 cells, with optional `|` `-` `+` and space separators.
    Block,
    /// 81 integers 0-9 separated by any whitespace (target-sudoku format).
    Noip,
    /// The judge format: a line with T, then T grids of 9 lines of 9 digits.
    Poj,
    /// The max-score judge format: a line with T, then T noip grids.
    Hoj,
    /// CSV with a header row; the puzzle column is `--column`, else the
    /// first of `puzzle`, `quizzes`, `Sudoku Puzzle` (any case), else the
    /// first column whose values look like puzzles.
    Csv,
}

/// The input flags every puzzle-reading command shares.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Input files; stdin when none is given or the name is `-`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<std::path::PathBuf>,

    /// How records are laid out in the input.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = InputFormat::Auto)]
    pub input: InputFormat,

    /// The CSV column holding the puzzles (with `--input csv`) [default:
    /// puzzle, quizzes or Sudoku Puzzle (any case), else the first
    /// puzzle-like column]. Other columns travel with the puzzle (`print`
    /// puts band, rating and id on the page).
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
}

impl InputArgs {
    /// What to read.
    pub fn spec(&self) -> InputSpec {
        InputSpec { format: self.input, column: self.column.clone() }
    }
}

/// What to read: the format, and for CSV the column holding the puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputSpec {
    /// The record layout.
    pub format: InputFormat,
    /// The CSV column holding the puzzles; `None` picks one.
    pub column: Option<String>,
}

impl From<InputFormat> for InputSpec {
    fn from(format: InputFormat) -> Self {
        InputSpec { format, column: None }
    }
}

/// A record that could not be read as a grid, located in its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The file name, or `<stdin>`.
    pub source: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column; 0 when the error is not at one character.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            write!(f, "{}:{}: {}", self.source, self.line, self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.source, self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

/// One record of the input: where it starts, and its grid or what was
/// wrong with it.
#[derive(Debug, Clone)]
pub struct Record {
    /// 1-based line where the record starts.
    pub line: usize,
    /// The grid, or the error that stopped it.
    pub grid: Result<Grid, RecordError>,
    /// The format the record was read in (`Poj` when auto-detected).
    pub format: InputFormat,
    /// The file name, or `<stdin>`.
    pub source: std::sync::Arc<str>,
    /// The record's other CSV fields as `(column, value)`; empty for text
    /// formats.
    pub meta: Vec<(String, String)>,
}

/// Reads lines of at most [`MAX_LINE_BYTES`], tracking line numbers.
struct Lines<R> {
    reader: R,
    line_no: usize,
    buf: Vec<u8>,
    peeked: Option<(usize, String)>,
}

enum LineError {
    Io(io::Error),
    TooLong(usize),
}

impl<R: BufRead> Lines<R> {
    fn next_line(&mut self) -> Result<Option<(usize, String)>, LineError> {
        if let Some(p) = self.peeked.take() {
            return Ok(Some(p));
        }
        self.buf.clear();
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(LineError::Io(e)),
            };
            if available.is_empty() {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                break;
            }
            let (take, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            let room = MAX_LINE_BYTES + 1 - self.buf.len().min(MAX_LINE_BYTES + 1);
            self.buf.extend_from_slice(&available[..take.min(room)]);
            self.reader.consume(take);
            if self.buf.len() > MAX_LINE_BYTES {
                self.line_no += 1;
                // Skip the rest of the over-long line.
                if !done {
                    self.skip_to_newline().map_err(LineError::Io)?;
                }
                return Err(LineError::TooLong(self.line_no));
            }
            if done {
                break;
            }
        }
        self.line_no += 1;
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(Some((self.line_no, String::from_utf8_lossy(&self.buf).into_owned())))
    }

    fn skip_to_newline(&mut self) -> io::Result<()> {
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(());
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.reader.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = available.len();
                    self.reader.consume(n);
                }
            }
        }
    }
}

/// Whether a line holds nothing but whitespace or a `#` comment.
fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim_start_matches('\u{feff}').trim();
    t.is_empty() || t.starts_with('#')
}

/// Cell characters before any `#`.
fn n_cell_chars(s: &str) -> usize {
    s.chars().take_while(|&c| c != '#').filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_')).count()
}

/// An iterator over the records of one input.
pub struct Records<R> {
    lines: Lines<R>,
    format: InputFormat,
    source: std::sync::Arc<str>,
    /// For poj/hoj: grids still announced by the count line; `None` before
    /// the count line is read.
    remaining: Option<usize>,
    finished: bool,
    /// Whether a record was already read (poj is detected on the first).
    started: bool,
}

impl<R: BufRead> Records<R> {
    /// Records of `reader`, named `source` in errors.
    pub fn new(reader: R, format: InputFormat, source: &str) -> Self {
        Records {
            lines: Lines { reader, line_no: 0, buf: Vec::new(), peeked: None },
            format,
            source: source.into(),
            remaining: None,
            finished: false,
            started: false,
        }
    }

    fn record(&self, line: usize, grid: Result<Grid, RecordError>) -> Record {
        Record { line, grid, format: self.format, source: self.source.clone(), meta: Vec::new() }
    }

    fn err(&self, line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError { source: self.source.to_string(), line, column, message: message.into() }
    }

    fn located(&self, first_line: usize, e: ParseError) -> RecordError {
        self.err(first_line + e.line - 1, e.column, e.kind.to_string())
    }

    fn next_content_line(&mut self) -> Result<Option<(usize, String)>, RecordError> {
        loop {
            match self.lines.next_line() {
                Ok(Some((_, l))) if is_blank_or_comment(&l) => continue,
                Ok(other) => return Ok(other),
                Err(LineError::Io(e)) => {
                    return Err(self.err(self.lines.line_no + 1, 1, format!("read error: {e}")))
                }
                Err(LineError::TooLong(n)) => {
                    return Err(self.err(
                        n,
                        MAX_LINE_BYTES + 1,
                        format!("line longer than {MAX_LINE_BYTES} bytes"),
                    ))
                }
            }
        }
    }

    /// Lines from `first` on, until `n_rows` lines holding cells are
    /// gathered or a blank line or the end cuts the record short. Returns
    /// the text for the block parser.
    fn gather_rows(&mut self, first: (usize, String), n_rows: usize) -> Result<String, RecordError> {
        let mut text = first.1;
        let mut rows = usize::from(n_cell_chars(&text) > 0);
        let mut last = first.0;
        while rows < n_rows {
            match self.lines.next_line() {
                Ok(Some((n, l))) => {
                    if l.trim().is_empty() {
                        self.lines.peeked = Some((n, l));
                        break;
                    }
                    last = n;
                    rows += usize::from(n_cell_chars(&l) > 0);
                    text.push('\n');
                    text.push_str(&l);
                }
                Ok(None) => break,
                Err(LineError::Io(e)) => return Err(self.err(last + 1, 1, format!("read error: {e}"))),
                Err(LineError::TooLong(n)) => {
                    return Err(self.err(
                        n,
                        MAX_LINE_BYTES + 1,
                        format!("line longer than {MAX_LINE_BYTES} bytes"),
                    ))
                }
            }
        }
        Ok(text)
    }

    /// Lines from `first` on until they hold 81 whitespace-separated tokens.
    fn gather_tokens(&mut self, first: (usize, String)) -> Result<String, RecordError> {
        let mut text = first.1;
        let mut n_tokens = text.split_whitespace().count();
        while n_tokens < 81 {
            match self.next_content_line()? {
                Some((_, l)) => {
                    n_tokens += l.split_whitespace().count();
                    text.push('\n');
                    text.push_str(&l);
                }
                None => break,
            }
        }
        Ok(text)
    }

    fn read_count_line(&mut self, first: (usize, String)) -> Result<(), RecordError> {
        let t = first.1.trim().trim_start_matches('\u{feff}');
        match t.parse::<usize>() {
            Ok(n) => {
                self.remaining = Some(n);
                Ok(())
            }
            Err(_) => Err(self.err(first.0, 1, format!("expected the number of grids T, found {t:?}"))),
        }
    }

    fn next_record(&mut self) -> Option<Record> {
        let first = match self.next_content_line() {
            Ok(Some(l)) => l,
            Ok(None) => {
                if let Some(n) = self.remaining.filter(|&n| n > 0) {
                    let line = self.lines.line_no.max(1);
                    self.remaining = Some(0);
                    let e =
                        self.err(line, 1, format!("input ended, {n} more grids announced by the count line"));
                    return Some(self.record(line, Err(e)));
                }
                return None;
            }
            Err(e) => return Some(self.record(e.line, Err(e))),
        };
        let start = first.0;
        if self.format == InputFormat::Auto && !std::mem::replace(&mut self.started, true) {
            let t = first.1.trim().trim_start_matches('\u{feff}');
            if !t.is_empty() && t.len() <= 9 && t.chars().all(|c| c.is_ascii_digit()) && t.len() != 9 {
                self.format = InputFormat::Poj;
            }
        }
        let format = self.format;
        if matches!(format, InputFormat::Poj | InputFormat::Hoj) {
            if self.remaining.is_none() {
                if let Err(e) = self.read_count_line(first) {
                    self.finished = true;
                    return Some(self.record(start, Err(e)));
                }
                return self.next_record();
            }
            if self.remaining == Some(0) {
                self.finished = true;
                return Some(self.record(
                    start,
                    Err(self.err(start, 1, "unexpected content after the announced number of grids")),
                ));
            }
            self.remaining = self.remaining.map(|n| n - 1);
        }
        let result = match format {
            // CSV input is read by `csv_input::CsvRecords`; a line reader
            // handed it reads lines.
            InputFormat::Line | InputFormat::Csv => {
                Grid::parse_line(&first.1).map_err(|e| self.located(start, e))
            }
            InputFormat::Block | InputFormat::Poj => match self.gather_rows(first, 9) {
                Ok(text) => Grid::parse_block(&text).map_err(|e| self.located(start, e)),
                Err(e) => Err(e),
            },
            InputFormat::Noip | InputFormat::Hoj => match self.gather_tokens(first) {
                Ok(text) => Grid::parse_noip(&text).map_err(|e| self.located(start, e)),
                Err(e) => Err(e),
            },
            InputFormat::Auto => {
                let first_token = first.1.split_whitespace().next().unwrap_or("");
                let n_tokens = first.1.split_whitespace().count();
                if n_tokens >= 81 && first.1.split_whitespace().all(|t| t.chars().all(|c| c.is_ascii_digit()))
                {
                    Grid::parse_noip(&first.1).map_err(|e| self.located(start, e))
                } else if n_cell_chars(first_token) > 9 || first_token.chars().count() > 27 {
                    Grid::parse_line(&first.1).map_err(|e| self.located(start, e))
                } else {
                    match self.gather_rows(first, 9) {
                        Ok(text) => Grid::parse_block(&text).map_err(|e| self.located(start, e)),
                        Err(e) => Err(e),
                    }
                }
            }
        };
        Some(self.record(start, result))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Record;
    fn next(&mut self) -> Option<Record> {
        if self.finished {
            return None;
        }
        let r = self.next_record();
        if r.is_none() {
            self.finished = true;
        }
        r.map(|mut r| {
            if r.grid.is_err() {
                r.format = self.format;
            }
            r
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, format: InputFormat) -> Vec<Result<String, String>> {
        Records::new(text.as_bytes(), format, "t")
            .map(|r| r.grid.map(|g| g.to_line()).map_err(|e| e.to_string()))
            .collect()
    }

    const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn auto_detects_line_block_and_noip_records_in_one_stream() {
        let g = Grid::parse_line(P).unwrap();
        let mut text = format!("# comment\n{P}\n\n{}\n", g.to_block());
        let noip: Vec<String> = g.to_array().iter().map(|v| v.to_string()).collect();
        text.push_str(&noip.join(" "));
        text.push('\n');
        let out = read(&text, InputFormat::Auto);
        assert_eq!(out, vec![Ok(P.to_string()); 3]);
    }

    #[test]
    fn errors_carry_absolute_line_and_column() {
        let text = format!("{P}\n{}x\n", &P[..40]);
        let out = read(&text, InputFormat::Line);
        assert_eq!(
            out[1],
            Err("t:2:41: unexpected character 'x', expected a digit 1-9 or a blank (. 0 _)".into())
        );
    }

    #[test]
    fn poj_reads_the_count_then_grids_and_reports_missing_ones() {
        let g = Grid::parse_line(P).unwrap();
        let text = format!("2\n{}", g.to_rows());
        let out = read(&text, InputFormat::Auto);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0], Ok(P.to_string()));
        assert!(out[1].as_ref().unwrap_err().contains("1 more grids"), "{:?}", out[1]);
    }

    #[test]
    fn an_over_long_line_is_an_error_not_an_allocation() {
        let text = format!("{}\n{P}\n", "1".repeat(MAX_LINE_BYTES * 3));
        let out = read(&text, InputFormat::Line);
        assert!(out[0].as_ref().unwrap_err().contains("longer than"));
        assert_eq!(out[1], Ok(P.to_string()));
    }
}
