//! `sudoku hint`: every input form, read back from its JSON output; the
//! statuses and exit codes; record alignment.

use serde_json::Value;
use sudoku_core::{Candidates, Grid, Position};

use crate::util::sudoku;

const GIVENS: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const PLACED: &str = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    std::str::from_utf8(stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// A position with pencil marks: what the digits allow, less a digit the
/// player rightly erased (not the cell's answer).
fn marked() -> Position {
    let placed: Grid = PLACED.parse().unwrap();
    let solution = Grid::parse_line(GIVENS).unwrap().solve_unique().unwrap();
    let mut marks = placed.candidates();
    let c = (0..81).find(|&c| marks[c].len() > 2).unwrap();
    let wrong = marks[c].iter().find(|&d| Some(d) != solution.get(c)).unwrap();
    marks[c] = marks[c].without(Candidates::single(wrong));
    Position::new(GIVENS.parse().unwrap(), &placed, Some(marks)).unwrap()
}

#[test]
fn every_input_form_round_trips_through_the_json_output() {
    let p = marked();
    let forms = [format!("{GIVENS},{PLACED}\n"), format!("{}\n", p.to_sukaku()), p.to_pencil_grid()];
    let mut all = String::new();
    for form in &forms {
        let out = sudoku().args(["hint", "--format", "json"]).write_stdin(form.clone()).assert().success();
        let rows = json_lines(&out.get_output().stdout);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["status"], "hint");
        let position = rows[0]["position"].to_string();
        // The JSON position, read back, gives the same JSON.
        let again = sudoku()
            .args(["hint", "--format", "json"])
            .write_stdin(format!("{position}\n"))
            .assert()
            .success();
        assert_eq!(json_lines(&again.get_output().stdout)[0]["position"].to_string(), position);
        all.push_str(form);
    }
    // The three forms in one input: one record each, in order.
    let out = sudoku().args(["hint", "--format", "json"]).write_stdin(all).assert().success();
    let rows = json_lines(&out.get_output().stdout);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["position"]["placed"], PLACED);
    assert_eq!(rows[1]["position"], rows[2]["position"]);
}

#[test]
fn a_full_hint_names_its_pattern_and_conclusions_and_is_right() {
    let solution = Grid::parse_line(GIVENS).unwrap().solve_unique().unwrap();
    let out = sudoku()
        .args(["hint", "--format", "json"])
        .write_stdin(format!("{GIVENS},{PLACED}\n"))
        .assert()
        .success();
    let h = &json_lines(&out.get_output().stdout)[0];
    assert_eq!(h["technique"], "Hidden Single");
    assert_eq!(h["difficulty"], 1.2);
    assert!(!h["pattern"].as_array().unwrap().is_empty());
    for p in h["placements"].as_array().unwrap() {
        let cell = p["cell"].as_str().unwrap().as_bytes();
        let c = (cell[1] - b'1') as usize * 9 + (cell[3] - b'1') as usize;
        assert_eq!(solution.get(c), Some(p["digit"].as_u64().unwrap() as u8));
    }
    sudoku()
        .args(["hint", "--level", "nudge"])
        .write_stdin(format!("{GIVENS},{PLACED}\n"))
        .assert()
        .success()
        .stdout(predicates::str::starts_with("Look at "));
}

#[test]
fn mistakes_bad_givens_and_malformed_records_keep_their_place() {
    let wrong = PLACED.replacen("4.3", "5.3", 1);
    let input = format!("{GIVENS},{wrong}\n{GIVENS},{PLACED}x\n{}\n{}\n", ".".repeat(81), GIVENS);
    sudoku().arg("hint").write_stdin(input.clone()).assert().code(2);
    let out = sudoku().args(["hint", "--skip-invalid"]).write_stdin(input.clone()).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "mistakes: r1c1 holds 5, which is wrong (it is 4)");
    assert!(lines[1].starts_with("malformed: <stdin>:2:"), "{}", lines[1]);
    assert!(lines[2].starts_with("not unique: "), "{}", lines[2]);
    assert!(lines[3].starts_with("1.2 Hidden Single"), "{}", lines[3]);
    let out = sudoku()
        .args(["hint", "--skip-invalid", "--level", "technique", "-f", "json"])
        .write_stdin(input)
        .assert()
        .code(1);
    let rows = json_lines(&out.get_output().stdout);
    assert_eq!(
        rows[0]["mistakes"][0],
        serde_json::json!({"cell": "r1c1", "kind": "wrong digit", "placed": 5})
    );
    assert_eq!(rows[1]["status"], "malformed");
}

#[test]
fn to_end_solves_the_position() {
    let out = sudoku().args(["hint", "--to-end"]).write_stdin(format!("{GIVENS}\n")).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[lines.len() - 2], "solved: solved");
    assert_eq!(lines[lines.len() - 1], "");
    assert!(lines.len() > 10);
}

#[test]
fn the_output_does_not_depend_on_the_number_of_jobs() {
    // Enough work (every step of a few hundred puzzles) for the worker
    // threads to start.
    let sample =
        std::fs::read_to_string(crate::util::fixture_path("grade/se_calibration_sample.csv")).unwrap();
    let input: String =
        sample.lines().skip(1).map(|l| format!("{}\n", l.split(',').next().unwrap())).collect();
    let run = |jobs: &str| {
        let out =
            sudoku().args(["hint", "--to-end", "--jobs", jobs]).write_stdin(input.clone()).assert().success();
        out.get_output().stdout.clone()
    };
    let one = run("1");
    assert!(one.iter().filter(|&&b| b == b'\n').count() > 10 * sample.lines().count());
    assert_eq!(one, run("2"));
}
