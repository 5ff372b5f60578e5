//! `sudoku canon` and `sudoku transform` end to end: disguised copies are
//! found, the transformations given map the puzzles onto their forms and
//! back, formats and record alignment, and `generate --distinct`.

use predicates::prelude::*;

use crate::util::*;

/// Disguises, written by hand: a transposition with band, stack, row,
/// column moves and a relabelling; a plain relabelling; row moves only.
const DISGUISES: [&str; 3] =
    ["Tr321654987c789123456d987654321", "r123456789c123456789d234567891", "r456123789c123456789d123456789"];

fn stdout_of(a: assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

fn top(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(fixture_path("top95.txt")).unwrap();
    text.lines().take(n).map(str::to_string).collect()
}

fn transform(by: &str, input: &str, inverse: bool) -> String {
    let mut cmd = sudoku();
    cmd.args(["transform", "--by", by]);
    if inverse {
        cmd.arg("--inverse");
    }
    stdout_of(cmd.write_stdin(input.to_string()).assert().success())
}

#[test]
fn disguised_copies_are_dropped_and_reported() {
    let originals = top(10);
    let mut input: Vec<String> = originals.clone();
    // Three disguised copies of puzzles 1, 4 and 7 (record numbers 1, 4, 7).
    for (i, by) in [0usize, 3, 6].iter().zip(DISGUISES) {
        input.push(transform(by, &format!("{}\n", originals[*i]), false).trim().to_string());
    }
    let text = input.join("\n") + "\n";
    // The copies really are different strings.
    for copy in &input[10..] {
        assert!(!originals.contains(copy));
    }
    let kept =
        sudoku().args(["canon", "--dedupe", "--original"]).write_stdin(text.clone()).assert().success();
    let kept = kept.stderr(predicate::str::contains("kept 10 of 13 records; dropped 3"));
    assert_eq!(stdout_of(kept), originals.join("\n") + "\n");

    let report = stdout_of(
        sudoku()
            .args(["canon", "--dedupe", "--report", "--format", "csv"])
            .write_stdin(text)
            .assert()
            .success(),
    );
    let firsts: Vec<&str> = report.lines().skip(1).map(|l| l.rsplit(',').next().unwrap()).collect();
    assert_eq!(firsts, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "1", "4", "7"]);
    assert_eq!(report.lines().next().unwrap(), "puzzle,canonical,first");
}

#[test]
fn the_transformation_given_maps_the_puzzle_onto_its_form_and_back() {
    let puzzles = top(8);
    let text = puzzles.join("\n") + "\n";
    let out = stdout_of(sudoku().args(["canon", "--transform"]).write_stdin(text).assert().success());
    assert_eq!(out.lines().count(), puzzles.len());
    for (line, puzzle) in out.lines().zip(&puzzles) {
        let (form, by) = line.split_once(' ').unwrap();
        assert_eq!(form.len(), 81);
        assert!(form.starts_with('0'), "{form}");
        let forward = transform(by, &format!("{puzzle}\n"), false);
        assert_eq!(forward.trim().replace('.', "0"), form);
        let back = transform(by, &format!("{form}\n"), true);
        assert_eq!(back.trim(), puzzle);
    }
}

#[test]
fn json_and_csv_carry_the_puzzle_the_form_and_the_transformation() {
    let puzzle = &top(1)[0];
    let json = stdout_of(
        sudoku()
            .args(["canon", "--format", "json", "--transform"])
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["puzzle"], puzzle.as_str());
    assert_eq!(v["canonical"].as_str().unwrap().len(), 81);
    assert!(v["transform"].as_str().unwrap().contains('c'));
    let csv = stdout_of(
        sudoku().args(["canon", "--format", "csv"]).write_stdin(format!("{puzzle}\n")).assert().success(),
    );
    assert_eq!(csv.lines().next().unwrap(), "puzzle,canonical");
    assert_eq!(csv.lines().nth(1).unwrap(), format!("{puzzle},{}", v["canonical"].as_str().unwrap()));
}

#[test]
fn malformed_records_keep_their_place_with_skip_invalid() {
    let puzzles = top(2);
    let input = format!("{}\nnot a puzzle\n{}\n", puzzles[0], puzzles[1]);
    let out = sudoku().args(["canon", "--skip-invalid"]).write_stdin(input.clone()).assert().code(1);
    let lines: Vec<String> = stdout_of(out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "malformed");
    sudoku().arg("canon").write_stdin(input).assert().code(2).stderr(predicate::str::contains("<stdin>:2:"));
}

#[test]
fn a_bad_transformation_is_a_usage_error_that_says_where() {
    sudoku()
        .args(["transform", "--by", "r412356789c123456789d123456789"])
        .write_stdin(".\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 2").and(predicate::str::contains("band")));
}

/// A solution grid is a puzzle like any other: its form starts 123456789,
/// and relabelling it does not change the form.
#[test]
fn solution_grids_have_forms_too() {
    let grid = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let relabelled = transform(DISGUISES[1], &format!("{grid}\n"), false);
    let out =
        stdout_of(sudoku().arg("canon").write_stdin(format!("{grid}\n{relabelled}")).assert().success());
    let forms: Vec<&str> = out.lines().collect();
    assert!(forms[0].starts_with("123456789"));
    assert_eq!(forms[0], forms[1]);
}

#[test]
fn distinct_sets_are_the_same_set_when_nothing_repeats_and_have_no_equivalent_pair() {
    let plain =
        stdout_of(sudoku().args(["generate", "-n", "60", "--seed", "9", "--jobs", "2"]).assert().success());
    let distinct = stdout_of(
        sudoku()
            .args(["generate", "-n", "60", "--seed", "9", "--distinct", "--jobs", "1"])
            .assert()
            .success(),
    );
    assert_eq!(plain, distinct);
    sudoku()
        .args(["canon", "--dedupe"])
        .write_stdin(distinct)
        .assert()
        .success()
        .stderr(predicate::str::contains("kept 60 of 60 records; dropped 0"));
}

#[test]
fn print_warns_about_a_puzzle_printed_twice_in_disguise() {
    let puzzles = top(2);
    let copy = transform(DISGUISES[0], &format!("{}\n", puzzles[0]), false);
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set.txt");
    std::fs::write(&input, format!("{}\n{}\n{copy}", puzzles[0], puzzles[1])).unwrap();
    sudoku().arg("print").arg(&input).arg("-o").arg(dir.path().join("set.pdf")).assert().success().stderr(
        predicate::str::contains("set.txt:3: the same puzzle as").and(predicate::str::contains("set.txt:1")),
    );
}
