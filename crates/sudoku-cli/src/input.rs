//! Reading puzzles from a stream, one record at a time: the input formats,
//! their per-record detection, and errors located by file, line and column.
//!
//! Memory stays constant however long the input: the input is read in
//! big blocks, lines are capped at [`MAX_LINE_BYTES`], and the common case,
//! one puzzle per line, is parsed straight out of the read buffer.

use std::fmt;
use std::io::{self, Read};

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

/// Bytes read from the input at a time; more than [`MAX_LINE_BYTES`], so a
/// line within the cap always fits the buffer.
const READ_BYTES: usize = 1 << 18;

/// Reads lines of at most [`MAX_LINE_BYTES`] (counting the newline) out of
/// big blocks of the input, tracking line numbers. The current line stays
/// in the buffer: nothing is copied or allocated per line.
struct Lines<R> {
    reader: R,
    /// `buf[start..end]` is read but not yet handed out.
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    at_eof: bool,
    /// The current line, without its `\n` or `\r\n`.
    line: std::ops::Range<usize>,
    /// The number of the current line (or of the last one skipped as too
    /// long).
    line_no: usize,
}

enum LineError {
    Io(io::Error),
    TooLong(usize),
}

impl<R: Read> Lines<R> {
    fn new(reader: R) -> Self {
        let buf = vec![0; READ_BYTES].into_boxed_slice();
        Lines { reader, buf, start: 0, end: 0, at_eof: false, line: 0..0, line_no: 0 }
    }

    /// The current line.
    fn line(&self) -> &[u8] {
        &self.buf[self.line.clone()]
    }

    /// Moves to the next line; `false` at the end of the input.
    fn next_line(&mut self) -> Result<bool, LineError> {
        loop {
            let pending = &self.buf[self.start..self.end];
            let next = match find_newline(pending) {
                Some(i) => self.start + i + 1,
                None if self.at_eof && pending.is_empty() => return Ok(false),
                None if self.at_eof => self.end,
                None if pending.len() > MAX_LINE_BYTES => {
                    self.line_no += 1;
                    self.start = self.end;
                    self.skip_to_newline().map_err(LineError::Io)?;
                    return Err(LineError::TooLong(self.line_no));
                }
                None => {
                    self.fill().map_err(LineError::Io)?;
                    continue;
                }
            };
            let line_start = std::mem::replace(&mut self.start, next);
            self.line_no += 1;
            if next - line_start > MAX_LINE_BYTES {
                return Err(LineError::TooLong(self.line_no));
            }
            let mut line_end = next;
            while line_end > line_start && matches!(self.buf[line_end - 1], b'\n' | b'\r') {
                line_end -= 1;
            }
            self.line = line_start..line_end;
            return Ok(true);
        }
    }

    /// Moves to the next line that is neither blank nor a `#` comment.
    fn next_content_line(&mut self) -> Result<bool, LineError> {
        while self.next_line()? {
            if !is_blank_or_comment(self.line()) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Moves the pending bytes to the front and reads more after them.
    fn fill(&mut self) -> io::Result<()> {
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => self.at_eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(());
        }
    }

    /// Drops the input up to and including the next newline.
    fn skip_to_newline(&mut self) -> io::Result<()> {
        while !self.at_eof {
            if let Some(i) = find_newline(&self.buf[self.start..self.end]) {
                self.start += i + 1;
                return Ok(());
            }
            self.start = self.end;
            self.fill()?;
        }
        Ok(())
    }
}

/// The index of the first `\n` in `bytes`, eight bytes at a time.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut words = bytes.chunks_exact(8);
    for (word_idx, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(<[u8; 8]>::try_from(word).unwrap_or_default()) ^ NEWLINES;
        // The lowest byte flagged is the first zero byte of `x`: a newline.
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(word_idx * 8 + zeros.trailing_zeros() as usize / 8);
        }
    }
    let tail = bytes.len() - words.remainder().len();
    words.remainder().iter().position(|&b| b == b'\n').map(|i| tail + i)
}

/// Whether a line holds nothing but whitespace or a `#` comment.
fn is_blank_or_comment(line: &[u8]) -> bool {
    match line.first() {
        // The common case: the line starts with a visible ASCII character.
        Some(&b) if b.is_ascii_graphic() => b == b'#',
        _ => {
            let text = String::from_utf8_lossy(line);
            let t = text.trim_start_matches('\u{feff}').trim();
            t.is_empty() || t.starts_with('#')
        }
    }
}

/// The text of a line that is surely one line-format record, decided on
/// its bytes: it starts with a visible ASCII character other than `#` (so
/// it is not blank, a comment, a count line or a byte order mark) and, in
/// auto input, its first word is ASCII, longer than a block row (27
/// characters) and not the first of 81 integers. This is the common case;
/// it needs no copy and no character-by-character detection, and
/// [`Grid::parse_line`] reads it exactly as the general path would.
fn plain_line(line: &[u8], format: InputFormat) -> Option<&str> {
    let visible = |bytes: &[u8]| bytes.iter().fold(true, |all, b| all & b.is_ascii_graphic());
    let plain = match format {
        InputFormat::Line | InputFormat::Csv => line.first().is_some_and(|&b| b.is_ascii_graphic()),
        InputFormat::Auto => {
            // The first 28 bytes are one word, and a digit-only word is a
            // line only when nothing follows it.
            let head = line.get(..28)?;
            visible(head) && (!head.iter().fold(true, |all, b| all & b.is_ascii_digit()) || visible(line))
        }
        InputFormat::Block | InputFormat::Noip | InputFormat::Poj | InputFormat::Hoj => false,
    };
    if plain && line[0] != b'#' {
        std::str::from_utf8(line).ok()
    } else {
        None
    }
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

impl<R: Read> Records<R> {
    /// Records of `reader`, named `source` in errors. The reader needs no
    /// buffering of its own: it is read in big blocks.
    pub fn new(reader: R, format: InputFormat, source: &str) -> Self {
        Records {
            lines: Lines::new(reader),
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

    /// The error for a line that could not be read. A read error ends the
    /// input: reading on would only fail again.
    fn line_error(&mut self, e: LineError) -> RecordError {
        match e {
            LineError::Io(e) => {
                self.finished = true;
                self.err(self.lines.line_no + 1, 1, format!("read error: {e}"))
            }
            LineError::TooLong(n) => {
                self.err(n, MAX_LINE_BYTES + 1, format!("line longer than {MAX_LINE_BYTES} bytes"))
            }
        }
    }

    /// The current line as text (invalid UTF-8 replaced).
    fn line_text(&self) -> String {
        String::from_utf8_lossy(self.lines.line()).into_owned()
    }

    /// The current line, then the following ones until `n_rows` lines
    /// holding cells are gathered or a blank line or the end cuts the
    /// record short. Returns the text for the block parser.
    fn gather_rows(&mut self, n_rows: usize) -> Result<String, RecordError> {
        let mut text = self.line_text();
        let mut rows = usize::from(n_cell_chars(&text) > 0);
        while rows < n_rows {
            match self.lines.next_line() {
                Ok(true) => {
                    let l = self.line_text();
                    if l.trim().is_empty() {
                        break;
                    }
                    rows += usize::from(n_cell_chars(&l) > 0);
                    text.push('\n');
                    text.push_str(&l);
                }
                Ok(false) => break,
                Err(e) => return Err(self.line_error(e)),
            }
        }
        Ok(text)
    }

    /// The current line, then the following ones until they hold 81
    /// whitespace-separated tokens.
    fn gather_tokens(&mut self) -> Result<String, RecordError> {
        let mut text = self.line_text();
        let mut n_tokens = text.split_whitespace().count();
        while n_tokens < 81 {
            match self.lines.next_content_line() {
                Ok(true) => {
                    let l = self.line_text();
                    n_tokens += l.split_whitespace().count();
                    text.push('\n');
                    text.push_str(&l);
                }
                Ok(false) => break,
                Err(e) => return Err(self.line_error(e)),
            }
        }
        Ok(text)
    }

    fn read_count_line(&mut self, line: usize) -> Result<(), RecordError> {
        let text = self.line_text();
        let t = text.trim().trim_start_matches('\u{feff}');
        match t.parse::<usize>() {
            Ok(n) => {
                self.remaining = Some(n);
                Ok(())
            }
            Err(_) => Err(self.err(line, 1, format!("expected the number of grids T, found {t:?}"))),
        }
    }

    fn next_record(&mut self) -> Option<Record> {
        match self.lines.next_content_line() {
            Ok(true) => {}
            Ok(false) => {
                if let Some(n) = self.remaining.filter(|&n| n > 0) {
                    let line = self.lines.line_no.max(1);
                    self.remaining = Some(0);
                    let e =
                        self.err(line, 1, format!("input ended, {n} more grids announced by the count line"));
                    return Some(self.record(line, Err(e)));
                }
                return None;
            }
            Err(e) => {
                let e = self.line_error(e);
                return Some(self.record(e.line, Err(e)));
            }
        }
        let start = self.lines.line_no;
        if let Some(text) = plain_line(self.lines.line(), self.format) {
            let grid = Grid::parse_line(text).map_err(|e| self.located(start, e));
            self.started = true;
            return Some(self.record(start, grid));
        }
        if self.format == InputFormat::Auto && !std::mem::replace(&mut self.started, true) {
            let text = self.line_text();
            let t = text.trim().trim_start_matches('\u{feff}');
            if !t.is_empty() && t.len() <= 9 && t.chars().all(|c| c.is_ascii_digit()) && t.len() != 9 {
                self.format = InputFormat::Poj;
            }
        }
        let format = self.format;
        if matches!(format, InputFormat::Poj | InputFormat::Hoj) {
            if self.remaining.is_none() {
                if let Err(e) = self.read_count_line(start) {
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
                Grid::parse_line(&self.line_text()).map_err(|e| self.located(start, e))
            }
            InputFormat::Block | InputFormat::Poj => match self.gather_rows(9) {
                Ok(text) => Grid::parse_block(&text).map_err(|e| self.located(start, e)),
                Err(e) => Err(e),
            },
            InputFormat::Noip | InputFormat::Hoj => match self.gather_tokens() {
                Ok(text) => Grid::parse_noip(&text).map_err(|e| self.located(start, e)),
                Err(e) => Err(e),
            },
            InputFormat::Auto => {
                let first = self.line_text();
                let first_token = first.split_whitespace().next().unwrap_or("");
                let n_tokens = first.split_whitespace().count();
                if n_tokens >= 81 && first.split_whitespace().all(|t| t.chars().all(|c| c.is_ascii_digit())) {
                    Grid::parse_noip(&first).map_err(|e| self.located(start, e))
                } else if n_cell_chars(first_token) > 9 || first_token.chars().count() > 27 {
                    Grid::parse_line(&first).map_err(|e| self.located(start, e))
                } else {
                    match self.gather_rows(9) {
                        Ok(text) => Grid::parse_block(&text).map_err(|e| self.located(start, e)),
                        Err(e) => Err(e),
                    }
                }
            }
        };
        Some(self.record(start, result))
    }
}

impl<R: Read> Iterator for Records<R> {
    type Item = Record;
    fn next(&mut self) -> Option<Record> {
        if self.finished {
            return None;
        }
        let r = self.next_record();
        self.finished |= r.is_none();
        r
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

    /// Hands out its bytes a few at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(5);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn find_newline_agrees_with_a_byte_search() {
        let text = b"0123456789abcdef\n0123\n\n456789abcdefghijklmnop\n\x8a\x0a\xff";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(find_newline(bytes), bytes.iter().position(|&b| b == b'\n'), "{start}..{end}");
            }
        }
    }

    #[test]
    fn lines_split_across_reads_and_buffers_read_whole() {
        // More than one read buffer, in 5-byte reads, half the lines CRLF.
        let n = 2 * READ_BYTES / P.len();
        let text: String = (0..n).map(|i| format!("{P}{}", if i % 2 == 0 { "\n" } else { "\r\n" })).collect();
        for format in [InputFormat::Auto, InputFormat::Line] {
            let records: Vec<Record> = Records::new(Trickle(text.as_bytes()), format, "t").collect();
            assert_eq!(records.len(), n);
            for (i, r) in records.iter().enumerate() {
                assert_eq!(r.line, i + 1);
                assert_eq!(r.grid.as_ref().map(Grid::to_line), Ok(P.to_string()));
            }
        }
    }

    #[test]
    fn the_line_cap_counts_the_newline() {
        // P, a comment padded to MAX_LINE_BYTES bytes with its newline, then
        // the same line one byte longer.
        let line = |len: usize| format!("{P} #{}\n", "x".repeat(len - P.len() - 3));
        let text = format!("{}{}{P}\n", line(MAX_LINE_BYTES), line(MAX_LINE_BYTES + 1));
        let out = read(&text, InputFormat::Auto);
        assert_eq!(out[0], Ok(P.to_string()));
        assert_eq!(
            out[1],
            Err(format!("t:2:{}: line longer than {MAX_LINE_BYTES} bytes", MAX_LINE_BYTES + 1))
        );
        assert_eq!(out[2], Ok(P.to_string()));
    }

    #[test]
    fn digit_only_lines_read_as_lines_or_noip_in_auto_input() {
        let solution = Grid::parse_line(P).unwrap().solve_one().unwrap();
        let digits = solution.to_line();
        let spaced: Vec<String> = digits.chars().map(String::from).collect();
        let text = format!("{digits}\n{digits} # solved\n{}\n", spaced.join(" "));
        assert_eq!(read(&text, InputFormat::Auto), vec![Ok(digits.clone()); 3]);
    }

    #[test]
    fn an_over_long_line_is_an_error_not_an_allocation() {
        let text = format!("{}\n{P}\n", "1".repeat(MAX_LINE_BYTES * 3));
        let out = read(&text, InputFormat::Line);
        assert!(out[0].as_ref().unwrap_err().contains("longer than"));
        assert_eq!(out[1], Ok(P.to_string()));
    }
}
