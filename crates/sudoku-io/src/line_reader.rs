//! Lines of a text input for the one-record-a-line readers (positions,
//! variant puzzles): capped at [`MAX_LINE_BYTES`], line ends `\n` or
//! `\r\n`, numbered from 1, with errors that say where.

use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;

use crate::{RecordError, MAX_LINE_BYTES};

/// Reads one line at a time and counts lines.
pub(crate) struct LineReader<R> {
    reader: BufReader<R>,
    /// The number of the last line read (1-based; 0 before the first).
    pub line_no: usize,
    source: Arc<str>,
}

impl<R: Read> LineReader<R> {
    pub(crate) fn new(reader: R, source: &str) -> Self {
        LineReader { reader: BufReader::new(reader), line_no: 0, source: source.into() }
    }

    /// The input's name in errors (a file name or `<stdin>`).
    pub(crate) fn source(&self) -> &std::sync::Arc<str> {
        &self.source
    }

    /// An error at `line`, `column` (0: not at one character) of this input.
    pub(crate) fn error(&self, line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError { source: self.source.to_string(), line, column, message: message.into() }
    }

    /// The next line, without its end; `None` at the end of the input.
    pub(crate) fn next_line(&mut self) -> Option<Result<String, RecordError>> {
        let mut buf = Vec::new();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let n = match (&mut self.reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(n) => n,
            Err(e) => return Some(Err(self.error(self.line_no + 1, 0, format!("read error: {e}")))),
        };
        if n == 0 {
            return None;
        }
        self.line_no += 1;
        if buf.len() > MAX_LINE_BYTES && buf.last() != Some(&b'\n') {
            // Skip the rest of the line: a comment or blank, the line is its
            // first MAX_LINE_BYTES (see MAX_LINE_BYTES), else an error.
            let mut rest = Vec::new();
            let mut rest_blank = true;
            loop {
                rest.clear();
                let n = (&mut self.reader).take(limit).read_until(b'\n', &mut rest).unwrap_or(0);
                rest_blank &= rest.iter().all(u8::is_ascii_whitespace);
                if n == 0 || rest.last() == Some(&b'\n') {
                    break;
                }
            }
            buf.truncate(MAX_LINE_BYTES);
            let blank = rest_blank && buf.iter().all(u8::is_ascii_whitespace);
            if !buf.contains(&b'#') && !blank {
                return Some(Err(self.error(
                    self.line_no,
                    0,
                    format!("line longer than {MAX_LINE_BYTES} bytes"),
                )));
            }
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if buf.len() == MAX_LINE_BYTES {
            // A long comment cut inside a character keeps its text.
            return Some(Ok(String::from_utf8_lossy(&buf).into_owned()));
        }
        Some(String::from_utf8(buf).map_err(|e| {
            let byte = e.as_bytes()[e.utf8_error().valid_up_to()];
            self.error(self.line_no, 0, format!("byte 0x{byte:02x} is not UTF-8"))
        }))
    }
}
