//! Fuzz target: any text as SudokuPad's puzzle JSON (zipped or plain, the
//! data of an `scl`/`ctc` link) and as an `scl` link never panics; a
//! puzzle it reads passes its own checks again (its f-puzzles form reads
//! back with the same givens, rules and number of constraints).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_variant::Puzzle;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(imported) = Puzzle::from_scl(&text) {
        if let Ok(json) = imported.puzzle.to_fpuzzles(None) {
            let back = Puzzle::from_fpuzzles(&json).expect("our own f-puzzles JSON reads back");
            assert_eq!(back.puzzle.givens(), imported.puzzle.givens());
            assert_eq!(back.puzzle.rules(), imported.puzzle.rules());
            assert_eq!(back.puzzle.constraints().len(), imported.puzzle.constraints().len());
        }
    }
    let _ = Puzzle::from_link(&format!("https://sudokupad.app/scl{text}"));
    let _ = Puzzle::from_link(&format!("ctc{text}"));
});
