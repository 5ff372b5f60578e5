//! Fuzz target: `Grid::parse_noip` never panics, and what it accepts
//! round-trips through the formatter.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Grid;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Grid::parse_noip(&text) {
        Ok(g) => {
            assert_eq!(Grid::parse_line(&g.to_line()), Ok(g));
            assert_eq!(Grid::parse_block(&g.to_block()), Ok(g));
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            let _ = e.to_string();
        }
    }
});
