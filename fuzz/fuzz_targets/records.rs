//! Fuzz target: the CLI's record readers (every text format: auto, line,
//! block, noip, poj, hoj; and CSV) read any bytes without panicking, every
//! error is located, and a reader always ends.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The readers live in the binary crate; compile their source files here.
#[allow(dead_code, missing_docs)]
#[path = "../../crates/sudoku-cli/src/input.rs"]
mod input;
#[allow(dead_code, missing_docs)]
#[path = "../../crates/sudoku-cli/src/csv_input.rs"]
mod csv_input;

use input::{InputFormat, Records};

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
    let n_lines = rest.iter().filter(|&&b| b == b'\n').count() + 1;
    let records: Box<dyn Iterator<Item = input::Record>> = match format {
        InputFormat::Csv => Box::new(csv_input::CsvRecords::new(rest, "fuzz", None)),
        f => Box::new(Records::new(rest, f, "fuzz")),
    };
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
