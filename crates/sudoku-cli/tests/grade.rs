//! `sudoku grade` end to end: formats, statuses, exit codes, --explain,
//! determinism across --jobs, and -o.

use predicates::prelude::*;

use crate::util::*;

const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// SE 1.2/1.2/1.2 (serate 1.18.1 with the bank's technique set).
const EASY_SE: &str = "1.2/1.2/1.2";
/// A forcing-chain puzzle of the bank: SE 7.1/1.2/1.2, "Forcing Chain"
/// (serate 1.18.1 with the bank's technique set, and the bank's rating).
const CHAIN: &str = ".6..9..5.7.......11..3.5..8...2.9...8.......6.2.1.7.3...2...7.....6.4...48.....13";
const CLASH: &str = "55...............................................................................";
const EMPTY: &str = ".................................................................................";

fn grade(args: &[&str], stdin: &str) -> assert_cmd::assert::Assert {
    sudoku().arg("grade").args(args).write_stdin(stdin.to_string()).assert()
}

/// The solver's nodes and guesses for proving `puzzle` unique (or not), as
/// the library's solver counts them.
fn effort(puzzle: &str) -> (u64, u64) {
    let mut solver = sudoku_core::Solver::new();
    solver.solve_unique(&puzzle.parse().unwrap());
    (solver.stats().nodes, solver.stats().guesses)
}

#[test]
fn csv_has_exactly_the_documented_columns() {
    let out = grade(&["--format", "csv"], &format!("{EASY}\n{CHAIN}\n")).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "puzzle,rating,er,ep,ed,band,technique,nodes,guesses");
    assert_eq!(lines.len(), 3);
    // Singles solve EASY: the solver's propagation alone, one node.
    assert_eq!(lines[1], format!("{EASY},1.2,1.2,1.2,1.2,easy,Hidden Single,1,0"));
    let (n, g) = effort(CHAIN);
    assert!(g > 0);
    assert_eq!(lines[2], format!("{CHAIN},7.1,7.1,1.2,1.2,expert,Forcing Chain,{n},{g}"));
}

#[test]
fn text_and_json_give_the_same_grade() {
    let text = grade(&[], &format!("{CHAIN}\n")).success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    let (n, g) = effort(CHAIN);
    assert_eq!(text, format!("{CHAIN} 7.1/1.2/1.2 expert nodes={n} guesses={g} Forcing Chain\n"));
    let easy = grade(&[], &format!("{EASY}\n")).success();
    assert_eq!(
        String::from_utf8(easy.get_output().stdout.clone()).unwrap(),
        format!("{EASY} {EASY_SE} easy nodes=1 guesses=0 Hidden Single\n")
    );
    let json = grade(&["--format", "json"], &format!("{CHAIN}\n")).success();
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(v["puzzle"], CHAIN);
    assert_eq!(v["rating"], 7.1);
    assert_eq!((v["er"].as_f64(), v["ep"].as_f64(), v["ed"].as_f64()), (Some(7.1), Some(1.2), Some(1.2)));
    assert_eq!(v["band"], "expert");
    assert_eq!(v["technique"], "Forcing Chain");
    assert_eq!((v["nodes"].as_u64(), v["guesses"].as_u64()), (Some(n), Some(g)));
    assert_eq!(v["status"], "rated");
}

#[test]
fn invalid_unsolvable_and_not_unique_puzzles_are_reported_not_rated() {
    let out = grade(&["--format", "csv"], &format!("{CLASH}\n{EMPTY}\n{EASY}\n")).code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Givens that clash are not searched; any other grid has the solver's
    // effort, rated or not (issue 30).
    assert_eq!(lines[1], format!("{CLASH},,,,,invalid,,,"));
    let (n, g) = effort(EMPTY);
    assert!(g > 0);
    assert_eq!(lines[2], format!("{EMPTY},,,,,not-unique,,{n},{g}"));
    assert!(lines[3].starts_with(EASY) && lines[3].contains(",easy,"));
    grade(&[], &format!("{CLASH}\n")).code(1).stdout(
        predicate::str::contains("invalid: digit 5 twice in row 1")
            .and(predicate::str::contains("nodes=").not()),
    );
    grade(&[], &format!("{EMPTY}\n"))
        .code(1)
        .stdout(format!("{EMPTY} not-unique: more than one solution (nodes={n} guesses={g})\n"));
    let json = grade(&["--format", "json"], &format!("{EMPTY}\n")).code(1);
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(v["status"], "not-unique");
    assert!(v["rating"].is_null());
    assert_eq!((v["nodes"].as_u64(), v["guesses"].as_u64()), (Some(n), Some(g)));
    let json = grade(&["--format", "json"], &format!("{CLASH}\n")).code(1);
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert!(v["nodes"].is_null() && v["guesses"].is_null());
}

#[test]
fn explain_prints_the_numbered_steps_in_order() {
    let out = grade(&["--explain"], &format!("{CHAIN}\n")).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let steps: Vec<&str> = text.lines().skip(1).collect();
    assert!(steps[0].trim_start().starts_with("1. 1.2 Hidden Single: r"), "{}", steps[0]);
    assert!(steps.iter().any(|s| s.contains(". 7.1 Forcing Chain")), "{text}");
    // Every step names its conclusions.
    assert!(steps.iter().all(|s| s.contains(" => r")), "{text}");
    let json = grade(&["--explain", "--format", "json"], &format!("{CHAIN}\n")).success();
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(v["steps"].as_array().unwrap().len(), steps.len());
    grade(&["--explain", "--format", "csv"], "").code(2).stderr(predicate::str::contains("--explain needs"));
}

#[test]
fn a_malformed_record_stops_the_run_unless_skipped() {
    let input = format!("{EASY}\n12x\n{EASY}\n");
    grade(&["--input", "line"], &input).code(2).stderr(predicate::str::contains("<stdin>:2:3"));
    let out = grade(&["--input", "line", "--skip-invalid", "--format", "csv"], &input).code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().nth(2), Some(",,,,,malformed,,,"));
    assert_eq!(text.lines().count(), 4);
}

#[test]
fn output_does_not_depend_on_the_number_of_jobs() {
    let input: String = [EASY, CHAIN, CLASH, EASY, CHAIN].iter().map(|p| format!("{p}\n")).collect();
    let one = grade(&["-j", "1", "--format", "json"], &input).code(1).get_output().stdout.clone();
    let four = grade(&["-j", "4", "--format", "json"], &input).code(1).get_output().stdout.clone();
    assert_eq!(one, four);
}

#[test]
fn output_file_is_written_and_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grades.csv");
    let p = path.to_str().unwrap();
    grade(&["--format", "csv", "-o", p], &format!("{EASY}\n")).success();
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("puzzle,rating,er,ep,ed,band"));
    grade(&["-o", p], &format!("{EASY}\n")).code(2).stderr(predicate::str::contains("already exists"));
    // The extension names the format: grades.csv is CSV, grades.txt lines.
    grade(&["-o", p, "--force"], &format!("{EASY}\n")).success();
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("puzzle,rating,er,ep,ed,band"));
    let txt = dir.path().join("grades.txt");
    grade(&["-o", txt.to_str().unwrap()], &format!("{EASY}\n")).success();
    assert!(std::fs::read_to_string(&txt).unwrap().starts_with(EASY));
}

/// Issue 31: a full grid was rated `0.0 easy Hidden Single`; it has no step
/// to take, and says so in every format (with the solver's effort: one
/// node, no guess).
#[test]
fn r31_a_solved_grid_is_reported_solved_not_rated() {
    const FULL: &str = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    grade(&[], &format!("{FULL}\n"))
        .code(1)
        .stdout(format!("{FULL} solved: the grid is already solved: no step to rate (nodes=1 guesses=0)\n"));
    let csv = grade(&["--format", "csv"], &format!("{FULL}\n")).code(1);
    let text = String::from_utf8(csv.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().nth(1), Some(format!("{FULL},,,,,solved,,1,0").as_str()));
    let json = grade(&["--format", "json"], &format!("{FULL}\n")).code(1);
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(v["status"], "solved");
    assert!(v["rating"].is_null() && v["technique"].is_null());
    // One empty cell is a puzzle again: a last-cell single, 1.0.
    let one = format!("{}.{}", &FULL[..40], &FULL[41..]);
    grade(&[], &format!("{one}\n")).success().stdout(predicate::str::contains(" 1.0/1.0/1.0 easy"));
}
