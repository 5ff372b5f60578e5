//! The f-puzzles `solution` field (issue 47): a complete solution that
//! keeps the givens and the rules is kept, a partial one is refused by
//! name, a malformed entry is an error naming it, and a solution that
//! changes a given or breaks a rule is an error. Expected values are
//! written out by hand below.

use serde_json::{json, Value};
use sudoku_variant::{InteropError, Puzzle};

/// The 4x4 solution, row by row (checked by hand: rows, columns and 2x2
/// boxes each hold 1-4); r1c1 is the puzzle's one given.
const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

/// A 4x4 f-puzzles document with the given 1 in r1c1, the extra fields
/// `extra` and the solution `solution` (left out when `None`).
fn document(solution: Option<Value>, extra: Value) -> String {
    let mut grid = vec![vec![json!({}); 4]; 4];
    grid[0][0] = json!({"value": 1, "given": true});
    let mut out = json!({"size": 4, "grid": grid});
    for (key, value) in extra.as_object().unwrap() {
        out[key] = value.clone();
    }
    if let Some(solution) = solution {
        out["solution"] = solution;
    }
    out.to_string()
}

fn read(solution: Value) -> Result<Option<Vec<u8>>, InteropError> {
    Puzzle::from_fpuzzles(&document(Some(solution), json!({}))).map(|i| i.solution)
}

fn error(result: Result<Option<Vec<u8>>, InteropError>) -> String {
    match result {
        Err(e) => e.to_string(),
        Ok(got) => panic!("expected an error, got {got:?}"),
    }
}

#[test]
fn r47_a_complete_solution_is_read_in_every_written_form() {
    let want = Some(SOLUTION.to_vec());
    assert_eq!(read(json!(SOLUTION)), Ok(want.clone()), "numbers");
    let strings: Vec<String> = SOLUTION.iter().map(u8::to_string).collect();
    assert_eq!(read(json!(strings)), Ok(want.clone()), "digit strings, as real files carry it");
    assert_eq!(read(json!("1234341221434321")), Ok(want.clone()), "a string of digits");
    assert_eq!(read(json!(strings.join(","))), Ok(want.clone()), "digits separated by commas");
    // The given's cell left blank: the given fills it.
    let mut blank_given = SOLUTION.to_vec();
    blank_given[0] = 0;
    assert_eq!(read(json!(blank_given)), Ok(want));
    // No solution, or one of blanks only (SudokuPad's "no solution"): none.
    assert_eq!(Puzzle::from_fpuzzles(&document(None, json!({}))).unwrap().solution, None);
    assert_eq!(read(json!(vec![0; 16])), Ok(None));
    assert_eq!(read(json!(".".repeat(16))), Ok(None));
    assert_eq!(read(json!(vec!["."; 16])), Ok(None));
    assert_eq!(read(json!([])), Ok(None));
    assert_eq!(read(Value::Null), Ok(None));
}

#[test]
fn r47_a_partial_solution_is_refused_by_name() {
    let refused = |result| match result {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let mut partial: Vec<Value> = SOLUTION.iter().map(|&d| json!(d)).collect();
    partial[15] = json!(0);
    assert_eq!(
        refused(read(json!(partial))),
        ["an f-puzzles partial solution (solution): 1 cells without a digit, first R4C4"]
    );
    partial[5] = json!(".");
    partial[6] = Value::Null;
    partial[7] = json!("");
    assert_eq!(
        refused(read(json!(partial))),
        ["an f-puzzles partial solution (solution): 4 cells without a digit, first R2C2"]
    );
    assert_eq!(
        refused(read(json!("1234341221434.2."))),
        ["an f-puzzles partial solution (solution): 2 cells without a digit, first R4C2"]
    );
}

#[test]
fn r47_a_malformed_solution_is_an_error_naming_the_entry() {
    let with = |k: usize, v: Value| {
        let mut list: Vec<Value> = SOLUTION.iter().map(|&d| json!(d)).collect();
        list[k] = v;
        read(json!(list))
    };
    assert_eq!(error(with(5, json!(5))), "solution[5]: 5 is not a digit 1-4");
    assert_eq!(error(with(1, json!("x"))), "solution[1]: \"x\" is not a digit 1-4");
    assert_eq!(error(with(3, json!(-1))), "solution[3]: -1 is not a digit 1-4");
    assert_eq!(error(with(3, json!(2.5))), "solution[3]: 2.5 is not a digit 1-4");
    assert_eq!(error(with(9, json!([1]))), "solution[9]: [1] is not a digit 1-4");
    assert_eq!(error(read(json!(&SOLUTION[..15]))), "solution: 15 cells, expected 16");
    assert_eq!(error(read(json!("12343412214343211"))), "solution: 17 cells, expected 16");
    assert_eq!(error(read(json!("123434122143432x"))), "solution[15]: 'x' is not a digit 1-4");
    assert_eq!(error(read(json!("1,2,3"))), "solution: 3 cells, expected 16");
    assert_eq!(error(read(json!({"a": 1}))), "solution: {\"a\":1} is not a list of digits");
    assert_eq!(error(read(json!(true))), "solution: true is not a list of digits");
}

#[test]
fn r47_a_solution_that_breaks_the_puzzle_is_an_error() {
    // 1 and 2 swapped throughout: a sudoku still, but r1c1 is no longer 1.
    let swapped: Vec<u8> = SOLUTION.iter().map(|&d| [0, 2, 1, 3, 4][usize::from(d)]).collect();
    assert_eq!(error(read(json!(swapped))), "solution: breaks the puzzle: r1c1 changes a given");
    // r4c3 and r4c4 swapped: column 3 holds 2 twice.
    let mut broken = SOLUTION;
    broken.swap(14, 15);
    let got = error(read(json!(broken)));
    assert!(got.starts_with("solution: breaks the puzzle: "), "{got}");
    // The anti-diagonal r1c4, r2c3, r3c2, r4c1 holds 4, 1, 1, 4: no X.
    let x = document(Some(json!(SOLUTION)), json!({"diagonal+": true, "diagonal-": true}));
    let got = Puzzle::from_fpuzzles(&x).map(|i| i.solution);
    assert!(error(got).starts_with("solution: breaks the puzzle: "));
    // A cage r1c1 + r1c2 of 4: the solution's 1 + 2 is 3.
    let cage = json!({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "4"}]});
    let got = Puzzle::from_fpuzzles(&document(Some(json!(SOLUTION)), cage)).map(|i| i.solution);
    assert_eq!(error(got), "solution: breaks the puzzle: the cage at r1c1 (sum 4) breaks its rule");
    // The same cage of 3 keeps it.
    let cage = json!({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]});
    let got = Puzzle::from_fpuzzles(&document(Some(json!(SOLUTION)), cage)).unwrap();
    assert_eq!(got.solution, Some(SOLUTION.to_vec()));
}

#[test]
fn r47_the_writer_writes_the_solution_and_reads_it_back() {
    let imported = Puzzle::from_fpuzzles(&document(Some(json!(SOLUTION)), json!({}))).unwrap();
    let text = imported.to_fpuzzles().unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["solution"], json!(SOLUTION));
    assert_eq!(Puzzle::from_fpuzzles(&text).unwrap().solution, Some(SOLUTION.to_vec()));
    let text = imported.puzzle.to_fpuzzles(None).unwrap();
    assert!(serde_json::from_str::<Value>(&text).unwrap().get("solution").is_none());
    // A wrong solution is not written: two digits swapped in a row (its
    // columns then repeat them), then
    // a given changed.
    let mut swapped = SOLUTION.to_vec();
    swapped.swap(2, 3);
    let err = imported.puzzle.to_fpuzzles(Some(&swapped)).unwrap_err().to_string();
    assert!(err.starts_with("solution: breaks the puzzle"), "{err}");
    let with_given = Puzzle::from_fpuzzles(&document(Some(json!(SOLUTION)), json!({}))).unwrap().puzzle;
    let given = with_given.givens().iter().position(|&d| d != 0);
    if let Some(c) = given {
        let mut changed = SOLUTION.to_vec();
        changed[c] = changed[c] % 4 + 1;
        assert!(with_given.to_fpuzzles(Some(&changed)).is_err());
    }
}
