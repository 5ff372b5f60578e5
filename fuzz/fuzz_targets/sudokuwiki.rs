//! Fuzz target: any text after a sudokuwiki.org solver address never
//! panics; a classic, X-sudoku or killer link it reads keeps its 81
//! cells (seeds: `fuzz/seeds/sudokuwiki`, one link of each form read).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_variant::Puzzle;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let link = format!("https://www.sudokuwiki.org/{text}");
    if let Ok(imported) = Puzzle::from_link(&link) {
        assert_eq!(imported.puzzle.givens().len(), 81);
    }
});
