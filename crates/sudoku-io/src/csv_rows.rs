//! CSV rows from a stream, each located by its line, with errors at a line
//! and column and reading resumed on the next line: the layer under
//! [`crate::CsvRecords`].
//!
//! The dialect is RFC 4180's, read leniently where that loses nothing:
//! fields are separated by `,`, rows end at `\n`, `\r\n` or a lone `\r`,
//! spaces around a field are dropped, and a field may be quoted (`"a, b"`,
//! a quote doubled inside: `"say ""hi"""`), with line ends inside (read as
//! `\n`). Blank lines are no rows. What cannot be read is an error, never a
//! row silently merged into another:
//!
//! - a quote inside an unquoted field (`ab"c`), text after a closing quote
//!   (`"ab"c`), and a row longer than [`MAX_LINE_BYTES`] are errors at that
//!   character; reading resumes on the line after it;
//! - a quote left open to the end of the input is an error at the quote,
//!   and so is any error in a row that runs over lines through a quoted
//!   field: the quote was most likely left open and the rows after it
//!   read as its text. Reading resumes on the line after the quote, so
//!   those rows are read as rows.
//!
//! Memory stays constant: the input is read in big blocks, and a row is
//! kept in the read buffer only up to the limit.

use std::io::{self, Read};

use crate::input::refill;
use crate::MAX_LINE_BYTES;

/// Bytes read at a time; more than a row can hold, so a row within the
/// limit always fits the buffer with what was read after it.
const READ_BYTES: usize = 1 << 18;

/// One row: the line it starts on and its fields, trimmed and unquoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    /// 1-based line of the row's first character.
    pub line: usize,
    /// The fields, in order.
    pub fields: Vec<String>,
}

/// A row that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowError {
    /// 1-based line of the row's first character.
    pub row_line: usize,
    /// 1-based line of the error.
    pub line: usize,
    /// 1-based column (in characters) of the error; 0 when it is not at one
    /// character.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Reads CSV rows out of big blocks of a reader.
pub(crate) struct CsvRows<R> {
    reader: R,
    buf: Box<[u8]>,
    /// `buf[start..end]` is read but not yet taken; a row being read starts
    /// at `start`.
    start: usize,
    end: usize,
    at_eof: bool,
    /// The line of `buf[start]`.
    line_no: usize,
    /// Whether a byte order mark at the start was looked for.
    started: bool,
    /// Whether a read error ended the input (the next read would only fail
    /// again).
    failed: bool,
    /// Bytes of spaces before the row on its line, dropped already.
    lead: usize,
}

enum State {
    /// Before a field's first character (spaces skipped).
    FieldStart,
    /// In a field that did not start with a quote.
    Unquoted,
    /// In a quoted field.
    Quoted,
    /// After a quoted field's closing quote.
    AfterQuote,
}

/// Where a row's reading stopped on an error: resume after the line that
/// holds byte `at` of the row (line `line` of the input).
struct Stop {
    at: usize,
    line: usize,
    column: usize,
    message: String,
}

impl<R: Read> CsvRows<R> {
    pub(crate) fn new(reader: R) -> Self {
        CsvRows {
            reader,
            buf: vec![0; READ_BYTES].into_boxed_slice(),
            start: 0,
            end: 0,
            at_eof: false,
            line_no: 1,
            started: false,
            failed: false,
            lead: 0,
        }
    }

    /// Byte `i` of the row being read (it starts at `self.start`), reading
    /// more as needed; `None` at the end of the input.
    fn byte(&mut self, i: usize) -> io::Result<Option<u8>> {
        while self.start + i >= self.end {
            if self.at_eof {
                return Ok(None);
            }
            self.fill()?;
        }
        Ok(Some(self.buf[self.start + i]))
    }

    /// Moves the pending bytes to the front and reads more after them.
    fn fill(&mut self) -> io::Result<()> {
        if refill(&mut self.reader, &mut self.buf[..], &mut self.start, &mut self.end)? {
            self.at_eof = true;
        }
        Ok(())
    }

    /// The length of the line end at byte `i` (`\n`, `\r\n`, lone `\r`), or
    /// 0 when byte `i` is not one.
    fn line_end_at(&mut self, i: usize) -> io::Result<usize> {
        Ok(match self.byte(i)? {
            Some(b'\n') => 1,
            Some(b'\r') => 1 + usize::from(self.byte(i + 1)? == Some(b'\n')),
            _ => 0,
        })
    }

    /// The column of byte `i` of the row, on the line that starts at byte
    /// `line_start`: characters, not bytes, counted from 1.
    fn column(&self, line_start: usize, i: usize) -> usize {
        let bytes = &self.buf[self.start + line_start..self.start + i];
        bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count() + 1
    }

    /// Drops the input up to and including the first line end at or after
    /// byte `i` of the row, and counts that line.
    fn skip_line(&mut self, mut i: usize) -> io::Result<()> {
        loop {
            match self.byte(i)? {
                None => {
                    self.start = self.end;
                    return Ok(());
                }
                Some(b'\n' | b'\r') => {
                    let n = self.line_end_at(i)?;
                    self.start += i + n;
                    self.line_no += 1;
                    return Ok(());
                }
                Some(_) => i += 1,
            }
            // Nothing before `i` is needed any more: keep the buffer small.
            if i > MAX_LINE_BYTES {
                self.start += i;
                i = 0;
            }
        }
    }

    /// Skips blank lines (spaces and tabs only, of any length) and the
    /// spaces before a row, counted in `lead`; `false` at the end of the
    /// input.
    fn skip_blank_lines(&mut self) -> io::Result<bool> {
        let mut i = 0;
        loop {
            match self.byte(i)? {
                None => {
                    self.start = self.end;
                    return Ok(false);
                }
                Some(b' ' | b'\t') => {
                    i += 1;
                    if i > MAX_LINE_BYTES {
                        self.start += i;
                        self.lead = self.lead.saturating_add(i);
                        i = 0;
                    }
                }
                Some(b'\n' | b'\r') => {
                    let n = self.line_end_at(i)?;
                    self.start += i + n;
                    self.line_no += 1;
                    self.lead = 0;
                    i = 0;
                }
                Some(_) => {
                    self.start += i;
                    self.lead = self.lead.saturating_add(i);
                    return Ok(true);
                }
            }
        }
    }

    /// The next row, or the error that stopped it; `None` at the end.
    pub(crate) fn next_row(&mut self) -> Option<Result<Row, RowError>> {
        if self.failed {
            return None;
        }
        match self.read_row() {
            Ok(row) => row,
            Err(e) => {
                self.failed = true;
                let line = self.line_no;
                Some(Err(RowError { row_line: line, line, column: 0, message: format!("read error: {e}") }))
            }
        }
    }

    fn read_row(&mut self) -> io::Result<Option<Result<Row, RowError>>> {
        if !std::mem::replace(&mut self.started, true)
            && self.byte(0)? == Some(0xef)
            && self.byte(1)? == Some(0xbb)
            && self.byte(2)? == Some(0xbf)
        {
            self.start += 3;
        }
        if !self.skip_blank_lines()? {
            return Ok(None);
        }
        let (row_line, lead) = (self.line_no, self.lead);
        let mut fields = Vec::new();
        let mut field = Vec::new();
        let mut bad_utf8 = None;
        let mut state = State::FieldStart;
        // Byte `i` of the row is on line `line`, which starts at byte
        // `line_start` of the row.
        let (mut i, mut line, mut line_start): (usize, usize, usize) = (0, row_line, 0);
        // The open quote: its byte, line and column; and the first quote
        // whose field ran over a line end.
        let mut quote = (0, 0, 0);
        let mut spanned: Option<(usize, usize, usize)> = None;
        let stop = loop {
            let column = |this: &Self, i: usize| {
                this.column(line_start, i).saturating_add(if line_start == 0 { lead } else { 0 })
            };
            if i.saturating_add(lead) > MAX_LINE_BYTES {
                break Stop {
                    at: i,
                    line,
                    column: column(self, i),
                    message: format!("row longer than {MAX_LINE_BYTES} bytes"),
                };
            }
            let b = self.byte(i)?;
            let n_end = match b {
                Some(b'\n' | b'\r') => self.line_end_at(i)?,
                _ => 0,
            };
            let ends_field = b.is_none() || n_end > 0 || b == Some(b',');
            match state {
                State::FieldStart | State::Unquoted | State::AfterQuote if ends_field => {
                    push_field(&mut fields, &mut field, &mut bad_utf8);
                    if b == Some(b',') {
                        state = State::FieldStart;
                        i += 1;
                        continue;
                    }
                    self.start += i + n_end;
                    self.line_no = line + usize::from(n_end > 0);
                    self.lead = 0;
                    return Ok(Some(match bad_utf8 {
                        None => Ok(Row { line: row_line, fields }),
                        Some((k, byte)) => Err(RowError {
                            row_line,
                            line: row_line,
                            column: 0,
                            message: format!("byte 0x{byte:02x} in field {} is not UTF-8", k + 1),
                        }),
                    }));
                }
                State::FieldStart => {
                    match b {
                        Some(b'"') => {
                            quote = (i, line, column(self, i));
                            state = State::Quoted;
                        }
                        Some(b' ' | b'\t') => {}
                        Some(c) => {
                            field.push(c);
                            state = State::Unquoted;
                        }
                        None => {}
                    }
                    i += 1;
                }
                State::Unquoted => match b {
                    Some(b'"') => {
                        break Stop {
                            at: i,
                            line,
                            column: column(self, i),
                            message: "a quote inside an unquoted field (quote the whole field and double \
                                      the quotes in it)"
                                .into(),
                        }
                    }
                    Some(c) => {
                        field.push(c);
                        i += 1;
                    }
                    None => {}
                },
                State::Quoted => match b {
                    None => {
                        let (at, line, column) = spanned.unwrap_or(quote);
                        break Stop {
                            at,
                            line,
                            column,
                            message: "unclosed quote: no closing quote before the end of the input".into(),
                        };
                    }
                    Some(b'"') if self.byte(i + 1)? == Some(b'"') => {
                        field.push(b'"');
                        i += 2;
                    }
                    Some(b'"') => {
                        state = State::AfterQuote;
                        i += 1;
                    }
                    Some(b'\n' | b'\r') => {
                        spanned.get_or_insert(quote);
                        field.push(b'\n');
                        i += n_end;
                        line += 1;
                        line_start = i;
                    }
                    Some(c) => {
                        field.push(c);
                        i += 1;
                    }
                },
                State::AfterQuote => match b {
                    Some(b' ' | b'\t') => i += 1,
                    _ => {
                        break Stop {
                            at: i,
                            line,
                            column: column(self, i),
                            message: "text after a closing quote (expected a comma or the end of the line)"
                                .into(),
                        }
                    }
                },
            }
        };
        // In a row that runs over lines through a quoted field, an error is
        // most likely that field's quote left open, the rows after it read
        // as its text: the error is there, and those rows are read again.
        let stop = match spanned {
            Some((at, line, column)) if at != stop.at => Stop {
                at,
                line,
                column,
                message: format!(
                    "unclosed quote: the field it opens runs on to line {}, where: {}",
                    stop.line, stop.message
                ),
            },
            _ => stop,
        };
        // Reading resumes on the line after the one the error is on.
        self.line_no = stop.line;
        self.lead = 0;
        self.skip_line(stop.at)?;
        Ok(Some(Err(RowError { row_line, line: stop.line, column: stop.column, message: stop.message })))
    }
}

/// Ends a field: unquoted, trimmed, and checked for UTF-8 (the first field
/// that is not, and its first byte that is not, are noted in `bad_utf8`).
fn push_field(fields: &mut Vec<String>, field: &mut Vec<u8>, bad_utf8: &mut Option<(usize, u8)>) {
    match String::from_utf8(std::mem::take(field)) {
        Ok(s) => fields.push(s.trim().to_string()),
        Err(e) => {
            let byte = e.as_bytes()[e.utf8_error().valid_up_to()];
            bad_utf8.get_or_insert((fields.len(), byte));
            fields.push(String::new());
        }
    }
}
