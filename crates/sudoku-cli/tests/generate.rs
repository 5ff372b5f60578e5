//! `sudoku generate`: determinism over `--jobs`, prefixes, formats, clue
//! targets, output files and closed pipes. Puzzles are checked with the
//! core's solution counter, not with the generator.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;
use sudoku_core::Grid;

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary")
}

fn stdout_of(args: &[&str]) -> String {
    let out = sudoku().args(args).assert().success().get_output().stdout.clone();
    String::from_utf8(out).expect("utf-8 output")
}

#[test]
fn same_seed_gives_the_same_bytes_for_any_jobs() {
    let one = stdout_of(&["generate", "-n", "40", "--seed", "9", "--jobs", "1"]);
    let two = stdout_of(&["generate", "-n", "40", "--seed", "9", "--jobs", "2"]);
    let five = stdout_of(&["generate", "-n", "40", "--seed", "9", "--jobs", "5"]);
    assert_eq!(one, two);
    assert_eq!(one, five);
    assert_eq!(one.lines().count(), 40);
    let csv1 =
        stdout_of(&["generate", "-n", "12", "--seed", "9", "-j", "1", "-f", "csv", "--symmetry", "rot90"]);
    let csv3 =
        stdout_of(&["generate", "-n", "12", "--seed", "9", "-j", "3", "-f", "csv", "--symmetry", "rot90"]);
    assert_eq!(csv1, csv3);
}

#[test]
fn ten_puzzles_are_the_prefix_of_thirty() {
    let ten = stdout_of(&["generate", "-n", "10", "--seed", "123"]);
    let thirty = stdout_of(&["generate", "-n", "30", "--seed", "123", "--jobs", "2"]);
    assert!(thirty.starts_with(&ten));
    assert_ne!(ten, stdout_of(&["generate", "-n", "10", "--seed", "124"]));
}

#[test]
fn every_line_is_a_puzzle_with_exactly_one_solution() {
    let out = stdout_of(&["generate", "-n", "20", "--seed", "4"]);
    for line in out.lines() {
        let grid = Grid::parse_line(line).expect("a line-format puzzle");
        assert_eq!(grid.count_solutions_up_to(2), 1, "{line}");
        // Minimal: no single clue can go.
        for cell in (0..81).filter(|&c| grid.get(c).is_some()) {
            let mut fewer = grid;
            fewer.set(cell, 0);
            assert_eq!(fewer.count_solutions_up_to(2), 2, "clue {cell} of {line} is removable");
        }
    }
}

#[test]
fn symmetric_puzzles_map_onto_themselves() {
    let out = stdout_of(&["generate", "-n", "5", "--seed", "2", "--symmetry", "mirror"]);
    for line in out.lines() {
        let grid = Grid::parse_line(line).unwrap();
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            assert_eq!(grid.get(cell).is_some(), grid.get(r * 9 + 8 - c).is_some(), "{line}");
        }
    }
}

#[test]
fn csv_has_a_header_and_the_documented_columns() {
    let out = stdout_of(&["generate", "-n", "3", "--seed", "5", "-f", "csv", "--symmetry", "rot180"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("id,seed,index,puzzle,solution,clues,symmetry"));
    for (index, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[0], format!("5-{index}"));
        assert_eq!(fields[1], "5");
        assert_eq!(fields[2], index.to_string());
        let puzzle = Grid::parse_line(fields[3]).unwrap();
        let solution = Grid::parse_line(fields[4]).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(puzzle.solve_unique(), Some(solution));
        assert_eq!(fields[5], puzzle.n_clues().to_string());
        assert_eq!(fields[6], "rot180");
    }
}

#[test]
fn json_lines_carry_the_same_fields_as_csv() {
    let out = stdout_of(&["generate", "-n", "2", "--seed", "5", "-f", "json"]);
    let csv = stdout_of(&["generate", "-n", "2", "--seed", "5", "-f", "csv"]);
    for (line, row) in out.lines().zip(csv.lines().skip(1)) {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON object per line");
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(v["id"], fields[0]);
        assert_eq!(v["seed"], 5);
        assert_eq!(v["puzzle"], fields[3]);
        assert_eq!(v["solution"], fields[4]);
        assert_eq!(v["clues"].to_string(), fields[5]);
        assert_eq!(v["symmetry"], "none");
    }
}

#[test]
fn block_format_parses_back_to_the_line_format() {
    let lines = stdout_of(&["generate", "-n", "2", "--seed", "6"]);
    let blocks = stdout_of(&["generate", "-n", "2", "--seed", "6", "-f", "block"]);
    let parsed: Vec<String> = blocks
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|b| Grid::parse_block(b).unwrap().to_line())
        .collect();
    assert_eq!(parsed, lines.lines().collect::<Vec<_>>());
}

#[test]
fn a_reachable_clue_target_is_met() {
    let out = stdout_of(&["generate", "-n", "4", "--seed", "1", "--clues", "30"]);
    for line in out.lines() {
        let grid = Grid::parse_line(line).unwrap();
        assert_eq!(grid.n_clues(), 30);
        assert_eq!(grid.count_solutions_up_to(2), 1);
    }
}

#[test]
fn an_unreachable_clue_target_is_reported_with_exit_code_1() {
    let assert = sudoku()
        .args(["generate", "-n", "3", "--seed", "1", "--clues", "16"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("3 of 3 puzzles could not get down to 16 clues"));
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(out.lines().count(), 3, "the puzzles are still written");
}

#[test]
fn without_a_seed_the_chosen_seed_is_printed_and_reproduces_the_set() {
    let assert = sudoku().args(["generate", "-n", "3"]).assert().success();
    let output = assert.get_output();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let seed = stderr
        .split_whitespace()
        .skip_while(|w| *w != "--seed")
        .nth(1)
        .expect("the seed on stderr")
        .to_string();
    let again = stdout_of(&["generate", "-n", "3", "--seed", &seed]);
    assert_eq!(String::from_utf8(output.stdout.clone()).unwrap(), again);
}

#[test]
fn stats_print_the_clue_distribution_on_stderr() {
    sudoku()
        .args(["generate", "-n", "5", "--seed", "1", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::contains("mean clues:").and(predicate::str::contains("over 5 puzzles")));
}

#[test]
fn output_file_is_written_and_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.txt");
    let path_str = path.to_str().unwrap();
    sudoku().args(["generate", "-n", "3", "--seed", "8", "-o", path_str]).assert().success().stdout("");
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, stdout_of(&["generate", "-n", "3", "--seed", "8"]));
    sudoku()
        .args(["generate", "-n", "3", "--seed", "8", "-o", path_str])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    sudoku().args(["generate", "-n", "1", "--seed", "8", "-o", path_str, "--force"]).assert().success();
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 1);
}

#[test]
fn bad_arguments_are_usage_errors() {
    sudoku().args(["generate", "--symmetry", "rot45"]).assert().code(2);
    sudoku().args(["generate", "--clues", "82"]).assert().code(2);
    sudoku().args(["generate", "--jobs", "0"]).assert().code(2);
    sudoku().args(["generate", "-n", "x"]).assert().code(2);
}

#[test]
fn a_closed_pipe_stops_a_huge_run_quietly() {
    let bin = assert_cmd::cargo::cargo_bin("sudoku");
    let mut child = std::process::Command::new(bin)
        .args(["generate", "-n", "1000000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(Grid::parse_line(first.trim_end()).unwrap().count_solutions_up_to(2), 1);
    // The reader is dropped here: the pipe is closed. A hang guard only, far
    // above the time the run takes to notice.
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("generate did not stop after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(status.success(), "{status}: {stderr}");
    assert_eq!(stderr, "");
}
