//! Thermometers and arrows (issue 44) through every command of the CLI,
//! which names neither: generate, solve, convert, hint and print. The
//! answers are checked here with the rules written out.

use crate::util::sudoku;
use serde_json::Value;

fn digit(c: char) -> u8 {
    c.to_digit(36).expect("a digit") as u8
}

/// The canvas index of `rRcC` on a grid of side `n`.
fn cell(name: &Value, n: usize) -> usize {
    let text = name.as_str().unwrap();
    let (r, c) = text[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

/// Whether `solution` keeps rows, columns, the givens and every
/// constraint of `record` (boxes are the library's business elsewhere).
fn keeps(record: &Value, solution: &str) -> bool {
    let n = record["size"].as_u64().unwrap() as usize;
    let g: Vec<u8> = solution.chars().map(digit).collect();
    let lines_ok = (0..n).all(|k| {
        let mut row: Vec<u8> = (0..n).map(|c| g[k * n + c]).collect();
        let mut col: Vec<u8> = (0..n).map(|r| g[r * n + k]).collect();
        row.sort_unstable();
        col.sort_unstable();
        row == (1..=n as u8).collect::<Vec<_>>() && col == row
    });
    let givens_ok =
        record["givens"].as_str().unwrap().chars().zip(&g).all(|(c, &d)| c == '.' || digit(c) == d);
    let constraints_ok = record["constraints"].as_array().unwrap().iter().all(|c| {
        let cells = |v: &Value| v.as_array().unwrap().iter().map(|x| g[cell(x, n)]).collect::<Vec<u8>>();
        match c["kind"].as_str().unwrap() {
            "thermo" => cells(&c["cells"]).windows(2).all(|w| w[0] < w[1]),
            "arrow" => {
                let circle = cells(&c["circle"]).iter().fold(0u32, |v, &d| v * 10 + u32::from(d));
                let sum: u32 = c["lines"].as_array().unwrap().iter().flat_map(cells).map(u32::from).sum();
                circle == sum
            }
            other => panic!("no check written for {other}"),
        }
    });
    lines_ok && givens_ok && constraints_ok
}

fn generate(args: &[&str]) -> String {
    let out = sudoku().arg("generate").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn r44_thermo_and_arrow_puzzles_are_made_solved_converted_hinted_and_printed() {
    let set = generate(&["--variant", "thermo,arrow", "--size", "6", "-n", "4", "--seed", "2", "-j", "1"]);
    assert_eq!(
        set,
        generate(&["--variant", "thermo,arrow", "--size", "6", "-n", "4", "--seed", "2", "-j", "2"])
    );
    for line in set.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let kinds: Vec<&str> =
            record["constraints"].as_array().unwrap().iter().map(|c| c["kind"].as_str().unwrap()).collect();
        assert!(kinds.contains(&"thermo") && kinds.contains(&"arrow"), "{line}");
        assert!(keeps(&record, record["solution"].as_str().unwrap()), "{line}");

        // Solve and count from the puzzle alone.
        let mut puzzle = record.clone();
        puzzle.as_object_mut().unwrap().remove("solution");
        let input = format!("{puzzle}\n");
        let out = sudoku().args(["solve", "--count", "-"]).write_stdin(input.clone()).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1", "{line}");
        let out = sudoku().args(["solve", "-"]).write_stdin(input.clone()).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), record["solution"].as_str().unwrap());

        // Through a SudokuPad link and f-puzzles JSON and back.
        for to in ["sudokupad", "fpuzzles"] {
            let out =
                sudoku().args(["convert", "--to", to, "-"]).write_stdin(input.clone()).output().unwrap();
            assert!(out.status.success(), "{to}: {}", String::from_utf8_lossy(&out.stderr));
            let back =
                sudoku().args(["convert", "--to", "json", "-"]).write_stdin(out.stdout).output().unwrap();
            let got: Value = serde_json::from_slice(&back.stdout).unwrap();
            assert_eq!(got["constraints"], puzzle["constraints"], "{to}");
            assert_eq!(got["givens"], puzzle["givens"], "{to}");
        }
        let ipuz =
            sudoku().args(["convert", "--to", "ipuz", "-"]).write_stdin(input.clone()).output().unwrap();
        assert_eq!(ipuz.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&ipuz.stderr).contains("thermo"));

        // Hints to the end place the solution's digits.
        let out = sudoku()
            .args(["hint", "--to-end", "-f", "json", "-"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let hints: Value = serde_json::from_slice(&out.stdout).unwrap();
        let solution: Vec<char> = record["solution"].as_str().unwrap().chars().collect();
        let steps = hints["steps"].as_array().unwrap();
        assert_eq!(steps.last().unwrap()["status"], "solved", "{hints}");
        let mut placed = 0;
        for step in steps {
            for p in step["placements"].as_array().unwrap() {
                assert_eq!(
                    digit(solution[cell(&p["cell"], 6)]),
                    p["digit"].as_u64().unwrap() as u8,
                    "{step}"
                );
                placed += 1;
            }
        }
        let givens = puzzle["givens"].as_str().unwrap().chars().filter(|&c| c != '.').count();
        assert_eq!(placed + givens, 36, "every empty cell placed once");
    }
    // A book: the rules of both kinds once, and the shapes drawn.
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("book.svg");
    sudoku().args(["print", "--format", "svg", "-", "-o"]).arg(&svg).write_stdin(set).assert().success();
    let pages: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let all = pages.concat();
    assert!(all.contains("thermometer") && all.contains("arrow"), "rules text");
    assert!(all.contains("<circle") && all.contains(r#"stroke-linecap="round""#), "bulbs, circles and lines");
}
