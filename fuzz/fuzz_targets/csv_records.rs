//! Fuzz target: the CSV reader of `sudoku-io` on any text (quotes, embedded
//! newlines, CR, a BOM, ragged rows, empty fields, no header row) never
//! panics, every record and error is located on a line of the input, each
//! record on a later line than the one before, there are at most as many
//! records as lines, and the reader ends.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_io::{records, InputFormat, InputSpec};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else { return };
    // The puzzle column: named, or left to the reader to pick.
    let column = (selector % 2 == 1).then(|| "puzzle".to_string());
    let spec = InputSpec { format: InputFormat::Csv, column };
    let n_lines = n_line_ends(text) + 1;
    let (mut n_records, mut last_line) = (0, 0);
    for r in records(text, "fuzz", &spec) {
        n_records += 1;
        assert!(n_records <= n_lines, "{n_records} records from {n_lines} lines");
        assert!(r.line >= 1 && r.line <= n_lines, "record at line {} of {n_lines}", r.line);
        // Each row starts on a line after the one before it.
        assert!(r.line > last_line, "record at line {} after one at line {last_line}", r.line);
        last_line = r.line;
        if let Err(e) = r.grid {
            assert!(e.line >= 1 && e.line <= n_lines, "{e} ({n_lines} lines)");
            let _ = e.to_string();
        }
    }
});

/// Line ends in `text`: `\n`, `\r\n` and a lone `\r` each count once.
fn n_line_ends(text: &[u8]) -> usize {
    let mut n = 0;
    for (i, &b) in text.iter().enumerate() {
        let lone_cr = b == b'\r' && text.get(i + 1) != Some(&b'\n');
        n += usize::from(b == b'\n' || lone_cr);
    }
    n
}
