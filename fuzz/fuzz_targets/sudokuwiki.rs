//! Fuzz target: any text after a sudokuwiki.org solver address never
//! panics; a link it reads keeps its cells: 81, or 36 for a 6×6 packed
//! board (seeds: `fuzz/seeds/sudokuwiki`, links of the forms read: the
//! classic, X-sudoku and killer solvers' and packed boards).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_variant::Puzzle;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let link = format!("https://www.sudokuwiki.org/{text}");
    if let Ok(imported) = Puzzle::from_link(&link) {
        let n = imported.puzzle.size();
        assert!(n == 9 || n == 6 && text.contains("6"), "{text}");
        assert_eq!(imported.puzzle.givens().len(), n * n);
    }
});
