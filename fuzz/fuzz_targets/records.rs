//! Fuzz target: the record readers of `sudoku-io` (every text format: auto,
//! line, block, noip, poj, hoj; and CSV) read any bytes without panicking,
//! every record and error is located on a line of the input, each record
//! after the one before, and a reader always ends. And records in = records
//! out, or an error that names a line: in line input, each line that is not
//! blank or a `#` comment (counted apart from the reader) is one record, on
//! its line, unless some line is over the limit and says so.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_io::{records, InputFormat, InputSpec, Record};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let format = InputFormat::ALL[selector as usize % InputFormat::ALL.len()];
    let lines = split_lines(rest);
    let n_lines = lines.len();
    let all: Vec<Record> = records(rest, "fuzz", &InputSpec::from(format)).collect();
    let mut last_line = 0;
    for (n, r) in all.iter().enumerate() {
        // At most one record per line, plus one trailing error (poj's
        // missing grids).
        assert!(n <= n_lines, "more records than lines");
        assert!(r.line >= 1 && r.line <= n_lines + 1, "record at line {} of {n_lines}", r.line);
        // The error for grids a poj/hoj count line announced but the input
        // lacks is on the last line, maybe the last record's.
        let missing = r.grid.as_ref().is_err_and(|e| e.message.contains("announced by the count line"));
        assert!(r.line > last_line || missing, "record at line {} after {last_line}", r.line);
        last_line = r.line;
        if let Err(e) = &r.grid {
            assert!(e.line >= 1 && e.line <= n_lines + 1, "{e}");
            let _ = e.to_string();
        }
    }
    if format == InputFormat::Line {
        let too_long = |r: &Record| r.grid.as_ref().is_err_and(|e| e.message.starts_with("line longer than"));
        if !all.iter().any(too_long) {
            let expected: Vec<usize> =
                lines.iter().enumerate().filter(|(_, l)| !blank_or_comment(l)).map(|(k, _)| k + 1).collect();
            let got: Vec<usize> = all.iter().map(|r| r.line).collect();
            assert_eq!(got, expected, "records in = records out");
        }
    }
});

/// The lines of `text`: each ends at `\n`, `\r\n` or a lone `\r`; an empty
/// text has one (empty) line.
fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    let (mut lines, mut start, mut i) = (Vec::new(), 0, 0);
    while i < text.len() {
        if text[i] == b'\n' || text[i] == b'\r' {
            lines.push(&text[start..i]);
            i += usize::from(text[i] == b'\r' && text.get(i + 1) == Some(&b'\n'));
            start = i + 1;
        }
        i += 1;
    }
    if start < text.len() || lines.is_empty() {
        lines.push(&text[start..]);
    }
    lines
}

/// A blank line or a `#` comment (a byte order mark is no text).
fn blank_or_comment(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let t = text.trim_start_matches('\u{feff}').trim();
    t.is_empty() || t.starts_with('#')
}
