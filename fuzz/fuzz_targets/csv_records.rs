//! Fuzz target: the CSV reader of `sudoku-io` on any text (quotes, embedded
//! newlines, CR, a BOM, ragged rows, empty fields, no header row, lines
//! over the limit) never panics, every record and error is located on a
//! line of the input, each record on a later line than the one before, and
//! the reader ends. And records in = records out, or an error that names a
//! line: when no row is malformed (only values may be), there is one record
//! per row, on the row's line, the rows counted apart from the reader: a
//! row starts on each non-blank line outside quotes (an even number of `"`
//! before it), the header row aside.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_io::{records, InputFormat, InputSpec};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else { return };
    // The puzzle column: named, or left to the reader to pick.
    let column = (selector % 2 == 1).then(|| "puzzle".to_string());
    let spec = InputSpec { format: InputFormat::Csv, column };
    let n_lines = n_line_ends(text) + 1;
    let (mut last_line, mut all) = (0, Vec::new());
    for r in records(text, "fuzz", &spec) {
        assert!(all.len() < n_lines, "more records than {n_lines} lines");
        assert!(r.line >= 1 && r.line <= n_lines, "record at line {} of {n_lines}", r.line);
        // Each row starts on a line after the one before it.
        assert!(r.line > last_line, "record at line {} after one at line {last_line}", r.line);
        last_line = r.line;
        if let Err(e) = &r.grid {
            assert!(
                e.line >= r.line && e.line <= n_lines,
                "{e} (record at line {}, {n_lines} lines)",
                r.line
            );
            let _ = e.to_string();
        }
        all.push(r);
    }
    // A row that cannot be read is an error at a character (column 1 or
    // more); errors in a value (column 0) leave rows whole.
    if all.iter().any(|r| r.grid.as_ref().is_err_and(|e| e.column > 0)) {
        return;
    }
    let mut rows = row_lines(text);
    // An error in the header (no puzzle column, no rows, or the first data
    // row, read to find the column by its values, unreadable) ends the
    // input: one record, on the header's line or that row's.
    let header_error = all.len() == 1 && all[0].grid.is_err() && all[0].notice.is_none();
    if header_error && (rows.is_empty() || rows.iter().take(2).any(|&line| line == all[0].line)) {
        return;
    }
    // The header row is no record, unless the file has none.
    if !all.first().is_some_and(|r| r.notice.is_some()) && !rows.is_empty() {
        rows.remove(0);
    }
    let got: Vec<usize> = all.iter().map(|r| r.line).collect();
    assert_eq!(got, rows, "records in = records out");
});

/// The lines rows start on: non-blank lines (spaces and tabs are blank)
/// that start outside quotes. A byte order mark at the start is no text.
fn row_lines(text: &[u8]) -> Vec<usize> {
    let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
    let (mut rows, mut line, mut quoted, mut at_line_start) = (Vec::new(), 1, false, true);
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        match b {
            b'\n' | b'\r' => {
                line += 1;
                at_line_start = true;
                i += usize::from(b == b'\r' && text.get(i + 1) == Some(&b'\n'));
            }
            b' ' | b'\t' => {}
            _ => {
                if at_line_start && !quoted {
                    rows.push(line);
                }
                at_line_start = false;
                quoted ^= b == b'"';
            }
        }
        i += 1;
    }
    rows
}

/// Line ends in `text`: `\n`, `\r\n` and a lone `\r` each count once.
fn n_line_ends(text: &[u8]) -> usize {
    let mut n = 0;
    for (i, &b) in text.iter().enumerate() {
        let lone_cr = b == b'\r' && text.get(i + 1) != Some(&b'\n');
        n += usize::from(b == b'\n' || lone_cr);
    }
    n
}
