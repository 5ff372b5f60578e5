//! Inputs the fuzz targets found (`cargo xtask fuzz`), kept as regression
//! tests: each runs through the same checks its target makes.

use sudoku_io::{variant_records, VariantSpec};
use sudoku_variant::{Kinds, Outcome, VariantSolver, KINDS};

/// The `variant` fuzz target's checks on one input.
fn variant_target(data: &[u8]) {
    let Some((selector, text)) = data.split_at_checked(2) else { return };
    let selector = u16::from_le_bytes([selector[0], selector[1]]);
    let rules: Kinds = KINDS
        .iter()
        .copied()
        .filter(|k| k.global())
        .enumerate()
        .filter(|&(i, _)| i < 16 && selector >> i & 1 == 1)
        .map(|(_, r)| r)
        .collect();
    let spec = VariantSpec { size: None, rules, layout: None };
    let n_lines = text.iter().filter(|&&b| b == b'\n').count() + 1;
    for record in variant_records(text, "fuzz", spec) {
        assert!(record.line >= 1 && record.line <= n_lines);
        let Ok(puzzle) = record.puzzle else { continue };
        let mut solver = VariantSolver::new(&puzzle);
        let (count, outcome) = solver.count_bounded(puzzle.givens(), 3, 20_000);
        if outcome == Outcome::OutOfNodes {
            continue;
        }
        let mut listed = 0;
        solver.for_each_solution(puzzle.givens(), 3, |s| {
            listed += 1;
            assert_eq!(puzzle.check_solution(s), Ok(()), "{}", puzzle.to_json(Some(s)));
        });
        assert_eq!(listed, count);
        let back = sudoku_variant::Puzzle::from_json(&puzzle.to_json(None)).expect("our own JSON reads back");
        assert_eq!(back.puzzle, puzzle);
    }
}

/// CI run of stop 67: `{}` as a record, the empty grid with x, argyle,
/// black-negative and xv-negative (the first two bytes). The core path's
/// branch choice multiplied a first count of `u64::MAX` by a cell's weight:
/// an overflow once a contradiction had weighed a cell (a panic where
/// overflow is checked, as in `cargo test` without `--release` and the fuzz
/// build).
#[test]
fn variant_empty_object_with_rules_of_the_whole_grid() {
    variant_target(b"\x012s\"}\n{}\n{\"si23m=edit&035660030307rulese:[\"x\"}\n");
}
