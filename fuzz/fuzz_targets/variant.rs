//! Fuzz target: any text as a variant record stream (JSON objects, lines of
//! any size, with rules from the first two bytes) never panics; every record is
//! located on a line of the input; and every well-formed puzzle goes
//! through the general solver within a node budget (2,000: small, so that
//! a second of fuzzing tries many inputs), whose solutions pass
//! the plain checker and keep the givens, and whose counts agree between
//! "count" and "list" (the engine on hostile shapes: cages with odd sums,
//! 25x25, samurai, every rule at once).
#![no_main]

use libfuzzer_sys::fuzz_target;

use sudoku_io::{variant_records, VariantSpec};
use sudoku_variant::{Kinds, Outcome, VariantSolver, KINDS};

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = data.split_at_checked(2) else { return };
    // The rules of the whole grid the first two bytes select, a bit each
    // (there are more than eight).
    let selector = u16::from_le_bytes([selector[0], selector[1]]);
    let rules: Kinds = KINDS
        .iter()
        .copied()
        .filter(|k| k.global())
        .enumerate()
        .filter(|&(i, _)| i < 16 && selector >> i & 1 == 1)
        .map(|(_, r)| r)
        .collect();
    // Layouts come with the records themselves (a JSON `layout` or `grids`).
    let spec = VariantSpec { size: None, rules, layout: None };
    let n_lines = text.iter().filter(|&&b| b == b'\n').count() + 1;
    for record in variant_records(text, "fuzz", spec) {
        assert!(record.line >= 1 && record.line <= n_lines);
        let Ok(puzzle) = record.puzzle else { continue };
        let mut solver = VariantSolver::new(&puzzle);
        let (count, outcome) = solver.count_bounded(puzzle.givens(), 3, 2_000);
        if outcome == Outcome::OutOfNodes {
            continue;
        }
        let mut listed = 0;
        solver.for_each_solution(puzzle.givens(), 3, |s| {
            listed += 1;
            assert_eq!(puzzle.check_solution(s), Ok(()), "{}", puzzle.to_json(Some(s)));
        });
        assert_eq!(listed, count);
        // The JSON form reads back as the same puzzle.
        let back = sudoku_variant::Puzzle::from_json(&puzzle.to_json(None)).expect("our own JSON reads back");
        assert_eq!(back.puzzle, puzzle);
    }
});
