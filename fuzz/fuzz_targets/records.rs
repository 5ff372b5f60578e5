//! Fuzz target: the record readers of `sudoku-io` (every text format: auto, line,
//! block, noip, poj, hoj; and CSV) read any bytes without panicking, every
//! error is located, and a reader always ends.
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_io::{records, InputFormat, InputSpec, Record};

const FORMATS: [InputFormat; 7] = [
    InputFormat::Auto,
    InputFormat::Line,
    InputFormat::Block,
    InputFormat::Noip,
    InputFormat::Poj,
    InputFormat::Hoj,
    InputFormat::Csv,
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let format = FORMATS[selector as usize % FORMATS.len()];
    // A line ends at \n, \r\n or a lone \r: counting both bytes is an upper bound.
    let n_lines = rest.iter().filter(|&&b| b == b'\n' || b == b'\r').count() + 1;
    let records: Box<dyn Iterator<Item = Record>> = records(rest, "fuzz", &InputSpec::from(format));
    let mut n = 0;
    for r in records {
        n += 1;
        // Every record starts on a line of the input, and there are at most
        // as many records as lines (plus one trailing error).
        assert!(n <= n_lines + 1, "more records than lines");
        if let Err(e) = r.grid {
            assert!(e.line >= 1 && e.line <= n_lines + 1, "{e}");
            let _ = e.to_string();
        }
    }
});
