//! Reading puzzles from a stream, one record at a time: the input formats,
//! their per-record detection, and errors located by file, line and column.
//!
//! Memory stays constant however long the input: the input is read in
//! big blocks, lines are capped at [`MAX_LINE_BYTES`], and the common case,
//! one puzzle per line, is parsed straight out of the read buffer.

use std::fmt;
use std::io::{self, Read};

use sudoku_core::{Grid, ParseError, ParseErrorKind};

/// The longest line accepted (64 KiB, counting its line end), except in
/// its comment: a longer line is an input error, so a file with no newline
/// cannot make us allocate without bound. Past the limit, a line is read
/// only when what is cut off is a comment (the first `MAX_LINE_BYTES` hold
/// a `#`) or blank (the whole line is whitespace): one record stays one
/// record, and a comment stays no record, whatever their length.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// How records are laid out in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

impl InputFormat {
    /// Every format, in the order `--input` lists them.
    pub const ALL: [InputFormat; 7] = [
        InputFormat::Auto,
        InputFormat::Line,
        InputFormat::Block,
        InputFormat::Noip,
        InputFormat::Poj,
        InputFormat::Hoj,
        InputFormat::Csv,
    ];

    /// The format's name: `auto`, `line`, `block`, `noip`, `poj`, `hoj`,
    /// `csv`.
    pub const fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Line => "line",
            InputFormat::Block => "block",
            InputFormat::Noip => "noip",
            InputFormat::Poj => "poj",
            InputFormat::Hoj => "hoj",
            InputFormat::Csv => "csv",
        }
    }
}

/// A name that is not one of [`InputFormat`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown input format {0:?}, expected one of auto, line, block, noip, poj, hoj, csv")]
pub struct ParseInputFormatError(pub String);

impl std::str::FromStr for InputFormat {
    type Err = ParseInputFormatError;
    /// Parses a format name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<InputFormat, ParseInputFormatError> {
        InputFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseInputFormatError(s.to_string()))
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
    /// Something the reader decided that the user should hear about (for
    /// example, a CSV file without a header row read from its first row);
    /// the caller says it once, on stderr.
    pub notice: Option<String>,
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
    /// Whether the current line was put back by [`Lines::unread`].
    replay: bool,
    /// The first [`MAX_LINE_BYTES`] of the current line when it was longer
    /// and the rest a comment or blank (see [`MAX_LINE_BYTES`]).
    long: Option<Vec<u8>>,
}

enum LineError {
    Io(io::Error),
    TooLong(usize),
}

impl<R: Read> Lines<R> {
    fn new(reader: R) -> Self {
        let buf = vec![0; READ_BYTES].into_boxed_slice();
        Lines {
            reader,
            buf,
            start: 0,
            end: 0,
            at_eof: false,
            line: 0..0,
            line_no: 0,
            replay: false,
            long: None,
        }
    }

    /// The current line.
    fn line(&self) -> &[u8] {
        match &self.long {
            Some(prefix) => prefix,
            None => &self.buf[self.line.clone()],
        }
    }

    /// Moves to the next line; `false` at the end of the input. A line
    /// ends at `\n`, `\r\n` or a lone `\r` (old Mac files).
    fn next_line(&mut self) -> Result<bool, LineError> {
        if std::mem::take(&mut self.replay) {
            return Ok(true);
        }
        self.long = None;
        loop {
            let pending = &self.buf[self.start..self.end];
            let (line_len, next) = match find_line_end(pending) {
                // A `\r` as the last byte read may be the first half of a
                // `\r\n`: read on before deciding.
                Some(i) if pending[i] == b'\r' && i + 1 == pending.len() && !self.at_eof => {
                    self.fill().map_err(LineError::Io)?;
                    continue;
                }
                Some(i) if pending[i] == b'\r' && pending.get(i + 1) == Some(&b'\n') => {
                    (i, self.start + i + 2)
                }
                Some(i) => (i, self.start + i + 1),
                None if self.at_eof && pending.is_empty() => return Ok(false),
                None if self.at_eof => (pending.len(), self.end),
                None if pending.len() > MAX_LINE_BYTES => {
                    self.line_no += 1;
                    // Copied: reading on moves the buffer's bytes.
                    let head = self.buf[self.start..self.start + MAX_LINE_BYTES].to_vec();
                    self.start += MAX_LINE_BYTES;
                    let rest_blank = self.skip_to_newline().map_err(LineError::Io)?;
                    return self.long_line(head, rest_blank);
                }
                None => {
                    self.fill().map_err(LineError::Io)?;
                    continue;
                }
            };
            let line_start = std::mem::replace(&mut self.start, next);
            self.line_no += 1;
            if next - line_start > MAX_LINE_BYTES {
                let (head, rest) =
                    self.buf[line_start..line_start + line_len].split_at(MAX_LINE_BYTES.min(line_len));
                let rest_blank = rest.iter().all(u8::is_ascii_whitespace);
                return self.long_line(head.to_vec(), rest_blank);
            }
            self.line = line_start..line_start + line_len;
            return Ok(true);
        }
    }

    /// A line longer than [`MAX_LINE_BYTES`], whose first bytes are
    /// `head`: read as those bytes when the rest is a comment or blank, else
    /// an error.
    fn long_line(&mut self, head: Vec<u8>, rest_blank: bool) -> Result<bool, LineError> {
        let commented = head.contains(&b'#');
        if commented || rest_blank && head.iter().all(u8::is_ascii_whitespace) {
            self.long = Some(head);
            return Ok(true);
        }
        Err(LineError::TooLong(self.line_no))
    }

    /// Hands out the current line again on the next call of
    /// [`Lines::next_line`]: a reader that looked one line too far puts it
    /// back.
    fn unread(&mut self) {
        self.replay = true;
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
        if refill(&mut self.reader, &mut self.buf[..], &mut self.start, &mut self.end)? {
            self.at_eof = true;
        }
        Ok(())
    }

    /// Drops the input up to and including the next line end: `\n`, `\r\n`
    /// or a lone `\r`, as [`Lines::next_line`] reads them. Returns whether
    /// the bytes dropped before the line end were all whitespace.
    fn skip_to_newline(&mut self) -> io::Result<bool> {
        let mut blank = true;
        loop {
            let pending = &self.buf[self.start..self.end];
            match find_line_end(pending) {
                // A `\r` as the last byte read may be the first half of a
                // `\r\n`: keep it and read on before deciding.
                Some(i) if pending[i] == b'\r' && i + 1 == pending.len() && !self.at_eof => {
                    blank &= pending[..i].iter().all(u8::is_ascii_whitespace);
                    self.start += i;
                    self.fill()?;
                }
                Some(i) => {
                    blank &= pending[..i].iter().all(u8::is_ascii_whitespace);
                    let crlf = pending[i] == b'\r' && pending.get(i + 1) == Some(&b'\n');
                    self.start += i + 1 + usize::from(crlf);
                    return Ok(blank);
                }
                None => {
                    blank &= pending.iter().all(u8::is_ascii_whitespace);
                    self.start = self.end;
                    if self.at_eof {
                        return Ok(blank);
                    }
                    self.fill()?;
                }
            }
        }
    }
}

/// The index of the first `\n` or `\r` in `bytes`, eight bytes at a time.
fn find_line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    const NEWLINES: u64 = ONES * b'\n' as u64;
    const RETURNS: u64 = ONES * b'\r' as u64;
    // The high bit of each byte that is zero in `x` (exact for the lowest
    // one, which is all that is used).
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut words = bytes.chunks_exact(8);
    for (word_idx, word) in words.by_ref().enumerate() {
        let w = u64::from_le_bytes(<[u8; 8]>::try_from(word).unwrap_or_default());
        let found = zero_bytes(w ^ NEWLINES) | zero_bytes(w ^ RETURNS);
        if found != 0 {
            // The lowest byte flagged in either is the first line end.
            let first =
                (zero_bytes(w ^ NEWLINES).trailing_zeros()).min(zero_bytes(w ^ RETURNS).trailing_zeros());
            return Some(word_idx * 8 + first as usize / 8);
        }
    }
    let tail = bytes.len() - words.remainder().len();
    words.remainder().iter().position(|&b| b == b'\n' || b == b'\r').map(|i| tail + i)
}

/// Whether a line is a grid border: nothing but `-` `+` `|` `=` and
/// whitespace, with at least one of them.
fn is_border(line: &[u8]) -> bool {
    // The first byte decides the common case (a record) without a scan.
    matches!(line.first(), Some(b'-' | b'+' | b'|' | b'=' | b' ' | b'\t'))
        && line.iter().any(|b| matches!(b, b'-' | b'+' | b'|' | b'='))
        && line.iter().all(|b| matches!(b, b'-' | b'+' | b'|' | b'=' | b' ' | b'\t'))
}

/// Moves `buf[start..end]` to the front and reads more after it; `true` at
/// the end of the input. The refill of the line and CSV readers.
pub(crate) fn refill(
    reader: &mut impl Read,
    buf: &mut [u8],
    start: &mut usize,
    end: &mut usize,
) -> io::Result<bool> {
    buf.copy_within(*start..*end, 0);
    *end -= *start;
    *start = 0;
    loop {
        match reader.read(&mut buf[*end..]) {
            Ok(0) => return Ok(true),
            Ok(n) => {
                *end += n;
                return Ok(false);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
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
/// The first byte of the invalid UTF-8 sequence that lossy decoding of
/// `line` turns into character `column` (1-based; a leading byte order mark
/// is not counted, as the parsers do not count it).
fn invalid_byte_at(line: &[u8], column: usize) -> Option<u8> {
    let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    let mut n_chars = 0;
    for chunk in line.utf8_chunks() {
        n_chars += chunk.valid().chars().count();
        if let Some(&b) = chunk.invalid().first() {
            n_chars += 1;
            if n_chars == column {
                return Some(b);
            }
        }
        if n_chars >= column {
            return None;
        }
    }
    None
}

/// Whether `line` holds integers only, fewer than 81 and not a block row's
/// 9 cells (`5`, `5 3 0`, `-1 2`): part of a noip grid spread over lines.
fn is_noip_part(line: &str) -> bool {
    let text = line.split('#').next().unwrap_or("").trim_start_matches('\u{feff}');
    let integer = |t: &str| {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let n_tokens = text.split_whitespace().count();
    (1..81).contains(&n_tokens) && text.split_whitespace().all(integer) && n_cell_chars(text) != 9
}

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
    /// The first byte that is not UTF-8 on a line of the block being
    /// gathered, before any comment: (line, column, byte), so that an error
    /// there names the byte after its line has gone by.
    bad_byte: Option<(usize, usize, u8)>,
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
            bad_byte: None,
        }
    }

    fn record(&self, line: usize, grid: Result<Grid, RecordError>) -> Record {
        Record {
            line,
            grid,
            format: self.format,
            source: self.source.clone(),
            meta: Vec::new(),
            notice: None,
        }
    }

    fn err(&self, line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError { source: self.source.to_string(), line, column, message: message.into() }
    }

    fn located(&self, first_line: usize, e: ParseError) -> RecordError {
        let line = first_line + e.line - 1;
        // A byte that is not UTF-8 reached the parser as U+FFFD: name the
        // byte, when its line is the one still at hand.
        if let ParseErrorKind::UnexpectedChar { found: '\u{FFFD}', expected } = e.kind {
            let earlier = self.bad_byte.filter(|&(l, c, _)| (l, c) == (line, e.column)).map(|(_, _, b)| b);
            if let Some(b) = earlier.or_else(|| {
                (line == self.lines.line_no).then(|| invalid_byte_at(self.lines.line(), e.column)).flatten()
            }) {
                return self.err(
                    line,
                    e.column,
                    format!("unexpected byte 0x{b:02x} (not UTF-8), expected {expected}"),
                );
            }
        }
        self.err(line, e.column, e.kind.to_string())
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

    /// Notes the current line's first byte that is not UTF-8 (before any
    /// `#`), unless one is noted already.
    fn note_bad_byte(&mut self) {
        let line = self.lines.line();
        let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        if self.bad_byte.is_some() {
            return;
        }
        if let Err(e) = std::str::from_utf8(line) {
            let head = &line[..e.valid_up_to()];
            if !head.contains(&b'#') {
                let column = String::from_utf8_lossy(head).chars().count() + 1;
                self.bad_byte = Some((self.lines.line_no, column, line[e.valid_up_to()]));
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
        self.bad_byte = None;
        self.note_bad_byte();
        let mut text = self.line_text();
        let mut rows = usize::from(n_cell_chars(&text) > 0);
        while rows < n_rows {
            match self.lines.next_line() {
                Ok(true) => {
                    let l = self.line_text();
                    if l.trim().is_empty() {
                        break;
                    }
                    let n_cells = n_cell_chars(&l);
                    // More cells than a row holds, or (when detecting) a
                    // line with no cell that is not a border: not a row of
                    // this block, so the next record starts here.
                    let foreign =
                        n_cells == 0 && self.format == InputFormat::Auto && !is_border(l.as_bytes());
                    if n_cells > 9 || foreign {
                        self.lines.unread();
                        break;
                    }
                    rows += usize::from(n_cells > 0);
                    self.note_bad_byte();
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
        let text = self.line_text();
        self.gather(text, false)
    }

    /// `text` (a line of a few integers, [`is_noip_part`]), then the
    /// following lines of the same kind until they hold 81 tokens: a noip
    /// grid spread over lines (one value a line, three a line). A line of
    /// another kind is left unread.
    fn gather_noip_lines(&mut self, text: String) -> Result<String, RecordError> {
        self.gather(text, true)
    }

    /// `text`, then the following lines until they hold 81 tokens; with
    /// `noip_parts_only`, a line that is not [`is_noip_part`] ends it, unread.
    fn gather(&mut self, mut text: String, noip_parts_only: bool) -> Result<String, RecordError> {
        let mut n_tokens = text.split_whitespace().count();
        while n_tokens < 81 {
            match self.lines.next_content_line() {
                Ok(true) => {
                    let l = self.line_text();
                    if noip_parts_only && !is_noip_part(&l) {
                        self.lines.unread();
                        break;
                    }
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

    /// Moves to the line a record starts on: the next line that is not
    /// blank, a comment, or (except in line input) a grid border such as
    /// `+-------+-------+-------+`, which separates rows and never is a
    /// record.
    fn next_record_line(&mut self) -> Result<bool, LineError> {
        while self.lines.next_content_line()? {
            if self.format == InputFormat::Line || !is_border(self.lines.line()) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn next_record(&mut self) -> Option<Record> {
        match self.next_record_line() {
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
            let t = text.trim().trim_start_matches('\u{feff}').to_string();
            if !t.is_empty() && t.len() <= 9 && t.chars().all(|c| c.is_ascii_digit()) && t.len() != 9 {
                // A count line T, if a poj grid row follows; before a line
                // record it is a malformed record of its own.
                let row_follows = match self.lines.next_content_line() {
                    Ok(true) => {
                        let next = self.line_text();
                        if is_noip_part(&t) && is_noip_part(&next) {
                            // 81 integers one a line: a noip grid, not a
                            // count line.
                            let grid = self
                                .gather_noip_lines(format!("{text}\n{next}"))
                                .and_then(|text| Grid::parse_noip(&text).map_err(|e| self.located(start, e)));
                            return Some(self.record(start, grid));
                        }
                        self.lines.unread();
                        (1..=9).contains(&n_cell_chars(&next))
                    }
                    _ => true,
                };
                if row_follows {
                    self.format = InputFormat::Poj;
                    self.remaining = t.parse().ok();
                    return self.next_record();
                }
                let e = self.err(start, 1, format!("expected a puzzle, found {t:?}"));
                return Some(self.record(start, Err(e)));
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
                let integer = |t: &str| {
                    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
                };
                let signed = |t: &str| t.len() > 1 && t.starts_with(['-', '+']);
                // 81 integers, or integers with a sign (`-1`, `+3`: never
                // a block row's separators), are noip; an out-of-range
                // value is reported as `--input noip` reports it.
                if first.split_whitespace().all(integer)
                    && (n_tokens >= 81 || first.split_whitespace().any(signed))
                {
                    match self.gather_tokens() {
                        Ok(text) => Grid::parse_noip(&text).map_err(|e| self.located(start, e)),
                        Err(e) => Err(e),
                    }
                } else if n_cell_chars(first_token) > 9
                    || first_token.chars().count() > 27
                    || n_cell_chars(&first) == 0
                {
                    // A line record, or a line with no cell at all: one
                    // record, malformed (a block row holds cells).
                    Grid::parse_line(&first).map_err(|e| self.located(start, e))
                } else if is_noip_part(&first) {
                    // Integers, not a block row's 9 cells: noip values a
                    // few a line.
                    match self.gather_noip_lines(first) {
                        Ok(text) => Grid::parse_noip(&text).map_err(|e| self.located(start, e)),
                        Err(e) => Err(e),
                    }
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
mod tests;
