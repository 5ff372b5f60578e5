//! f-puzzles X-sums and skyscrapers in the form real setters' files carry
//! them (issue 47). The form is taken from two real puzzles made in
//! f-puzzles with Rangsk's Fpuzzles-NewConstraints userscript, "Tiny Scar"
//! by glum_hippo (X-sums, whispers) and "Renban Skyscrapers" by Florian
//! Wortmann (skyscrapers, renban), as lz-string data in
//! `SudokuTests/Puzzles.cs` of github.com/dclamage/SudokuSolver (commit
//! 226e55b) with their solutions. Their licence is not stated, so they are
//! not copied here: checked outside this workspace, both import with this
//! reader, have one solution, the one the source gives, and our writer
//! writes their `xsum` and `skyscraper` entries back unchanged. What they
//! showed, and what the tests below build by hand on a 4x4:
//!
//! - entries `{"cell":"R0C6","value":"16"}`: the clue's own cell outside
//!   the grid (row 0 or n+1, column 0 or n+1) and the number as text;
//! - beside them, the userscript's drawings for viewers without it: a
//!   `text` of a symbol and one of the number on the clue's cell, and a
//!   `line` for each line constraint, each marked `fromConstraint`.

use serde_json::{json, Value};
use sudoku_variant::{InteropError, Puzzle};

/// The 4x4 solution, row by row: 1234 / 3412 / 2143 / 4321.
const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

/// Skyscraper clues of the solution, counted by hand: column 1 from the
/// top sees 1, 3, 4 of 1 3 2 4; column 2 from the bottom 3, 4 of 3 1 4 2;
/// row 1 from the left all of 1 2 3 4; row 3 from the right 3, 4 of
/// 3 4 1 2.
fn skyscrapers() -> Value {
    json!([
        {"cell": "R0C1", "value": "3"},
        {"cell": "R5C2", "value": "2"},
        {"cell": "R1C0", "value": "4"},
        {"cell": "R3C5", "value": "2"}
    ])
}

/// X-sum clues of the solution, added by hand: column 3 from the top
/// 3+1+4 (of 3 1 4 2), row 2 from the left 3+4+1 (of 3 4 1 2), column 1
/// from the bottom 4+2+3+1, row 4 from the right 1.
fn xsums() -> Value {
    json!([
        {"cell": "R0C3", "value": "8"},
        {"cell": "R2C0", "value": "8"},
        {"cell": "R5C1", "value": "10"},
        {"cell": "R4C5", "value": "1"}
    ])
}

/// The userscript's text drawings of outside clues: the symbol, then the
/// number, on the clue's cell.
fn texts(clues: &Value, name: &str, symbol: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for clue in clues.as_array().unwrap() {
        out.push(json!({"cells": [clue["cell"]], "value": symbol, "fontC": "#000000", "size": 1.2, "fromConstraint": name}));
        out.push(json!({"cells": [clue["cell"]], "value": clue["value"], "fontC": "#000000", "size": 0.7, "fromConstraint": name}));
    }
    out
}

/// A blank 4x4 in the real files' form: the clues, a renban line with its
/// drawing, the drawings of the clues, and `solution` when given.
fn document(skyscraper: Value, xsum: Value, solution: Option<&[u8]>) -> Value {
    let mut text = texts(&skyscraper, "Skyscraper", "\u{25AF}");
    text.extend(texts(&xsum, "X Sum", "\u{25EF}"));
    let mut doc = json!({
        "size": 4,
        "title": "hand-made, in the form of real files",
        "grid": vec![vec![json!({}); 4]; 4],
        "skyscraper": skyscraper,
        "xsum": xsum,
        // r2c1 r2c2 hold 3 4: consecutive.
        "renban": [{"lines": [["R2C1", "R2C2"]]}],
        "line": [{"lines": [["R2C1", "R2C2"]], "outlineC": "#C060C0", "width": 0.4, "fromConstraint": "Renban"}],
        "text": text,
    });
    if let Some(solution) = solution {
        doc["solution"] = json!(solution);
    }
    doc
}

fn read(doc: &Value) -> Result<sudoku_variant::Imported, InteropError> {
    Puzzle::from_fpuzzles(&doc.to_string())
}

/// The entries of one field, in a fixed order.
fn sorted(list: &Value) -> Vec<String> {
    let mut out: Vec<String> = list.as_array().unwrap().iter().map(Value::to_string).collect();
    out.sort();
    out
}

#[test]
fn r47_xsums_and_skyscrapers_read_as_real_files_write_them() {
    let imported = read(&document(skyscrapers(), xsums(), Some(&SOLUTION))).unwrap();
    let puzzle = &imported.puzzle;
    assert_eq!(imported.solution, Some(SOLUTION.to_vec()), "the clues keep the solution");
    assert_eq!(puzzle.constraints().len(), 9);
    let count = |name: &str| puzzle.constraints().iter().filter(|c| c.kind().name() == name).count();
    assert_eq!((count("skyscrapers"), count("x-sums"), count("renban")), (4, 4, 1));
    // Each clue is read from its own side: any other reading of the
    // outside cell breaks some clue of the solution.
    assert_eq!(puzzle.check_solution(&SOLUTION), Ok(()));
}

#[test]
fn r47_a_clue_the_solution_breaks_makes_its_solution_an_error() {
    let mut wrong = skyscrapers();
    wrong[0]["value"] = json!("2");
    let got = read(&document(wrong, xsums(), Some(&SOLUTION))).map(|i| i.solution);
    let why = got.expect_err("column 1 from the top sees 3, not 2").to_string();
    assert!(why.starts_with("solution: breaks the puzzle: ") && why.contains("skyscraper"), "{why}");
    let mut wrong = xsums();
    wrong[3]["cell"] = json!("R4C0");
    let got = read(&document(skyscrapers(), wrong, Some(&SOLUTION))).map(|i| i.solution);
    let why = got.expect_err("row 4 from the left sums 4+3+2+1, not 1").to_string();
    assert!(why.starts_with("solution: breaks the puzzle: ") && why.contains("X-sum"), "{why}");
}

#[test]
fn r47_the_writer_writes_xsums_and_skyscrapers_in_the_same_form() {
    let puzzle = read(&document(skyscrapers(), xsums(), None)).unwrap().puzzle;
    let v: Value = serde_json::from_str(&puzzle.to_fpuzzles(None).unwrap()).unwrap();
    assert_eq!(sorted(&v["skyscraper"]), sorted(&skyscrapers()));
    assert_eq!(sorted(&v["xsum"]), sorted(&xsums()));
}

#[test]
fn r47_a_drawing_that_says_more_than_its_constraint_is_refused() {
    let refused = |doc: &Value| match read(doc) {
        Err(InteropError::Unsupported(names)) => names,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let cosmetic = |key: &str| vec![format!("{key} (cosmetic, may carry rules)")];
    // A number other than the clue's.
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["text"][1]["value"] = json!("4");
    assert_eq!(refused(&doc), cosmetic("text"));
    // A text on a cell no clue of the field is on.
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["text"][0]["cells"] = json!(["R0C4"]);
    assert_eq!(refused(&doc), cosmetic("text"));
    // A text that is no drawing.
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["text"][0].as_object_mut().unwrap().remove("fromConstraint");
    assert_eq!(refused(&doc), cosmetic("text"));
    // A line other than the renban's, or naming a field the puzzle lacks.
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["line"][0]["lines"] = json!([["R2C1", "R2C2", "R2C3"]]);
    assert_eq!(refused(&doc), cosmetic("line"));
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["line"][0]["fromConstraint"] = json!("Palindrome");
    assert_eq!(refused(&doc), cosmetic("line"));
    // A drawing of a constraint no kind reads.
    let mut doc = document(skyscrapers(), xsums(), None);
    doc["line"][0]["fromConstraint"] = json!("Made Up");
    doc["madeup"] = json!([{"lines": [["R2C1", "R2C2"]]}]);
    assert_eq!(refused(&doc), [cosmetic("line")[0].clone(), "madeup".to_string()]);
}
