//! `sudoku hint`: every input form, read back from its JSON output; the
//! statuses and exit codes; record alignment.

use serde_json::Value;
use sudoku_core::{Candidates, Cell, Digit, Grid, Position};

use crate::util::sudoku;

/// The digit of cell `c` (0–80) as a number, for comparing with the JSON.
fn at(grid: &Grid, c: usize) -> Option<u8> {
    grid.get(Cell::ALL[c]).map(Digit::get)
}

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
    let wrong = marks[c].iter().find(|&d| Some(d.get()) != at(&solution, c)).unwrap();
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
        assert_eq!(at(&solution, c), Some(p["digit"].as_u64().unwrap() as u8));
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

/// Issue 31, section 6: `hint --to-end` reached an 8.6 on a puzzle `grade`
/// rated 8.5; it now follows grade's path, so its hardest hint is the ER:
/// SE's 8.6 since a round takes one static cell or region chain step
/// (issue 48; serate 1.18.1 with the bank's mask: 8.6/1.2/1.2).
#[test]
fn r31_to_end_s_hardest_hint_is_grade_s_er() {
    let puzzle = "000102000000080000712000389500000004060000030309000102208050901004807500000020000\n";
    let out =
        sudoku().args(["hint", "--to-end", "--level", "technique"]).write_stdin(puzzle).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let hardest = text
        .lines()
        .filter_map(|l| l.rsplit_once('(').and_then(|(_, x)| x.strip_suffix(").")))
        .map(|x| x.parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(hardest, 8.6, "{text}");
    let out = sudoku().args(["grade"]).write_stdin(puzzle).assert().success();
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains(" 8.6/"));
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

/// The first rated puzzles of the calibration sample, with their solutions
/// from the core solver.
fn rated(n: usize) -> Vec<(Grid, Grid)> {
    let sample =
        std::fs::read_to_string(crate::util::fixture_path("grade/se_calibration_sample.csv")).unwrap();
    sample
        .lines()
        .skip(1)
        .step_by(40)
        .take(n)
        .map(|l| {
            let puzzle = Grid::parse_line(l.split(',').next().unwrap()).unwrap();
            (puzzle, puzzle.solve_unique().unwrap())
        })
        .collect()
}

/// `puzzle`'s candidates with the answer erased from `cells`.
fn erased(puzzle: &Grid, solution: &Grid, cells: &[usize]) -> Position {
    let mut marks = puzzle.candidates();
    for &c in cells {
        marks[c] = marks[c].without(Candidates::single(solution.get(Cell::ALL[c]).unwrap()));
    }
    Position::new(*puzzle, puzzle, Some(marks)).unwrap()
}

/// Every form with pencil marks of `p`, each a record: the Sukaku line,
/// the pencil-mark grid, the grid with border lines, and the JSON form
/// of the Sukaku line's position (givens are its cells of one candidate).
fn pencil_mark_forms(p: &Position) -> Vec<String> {
    let read = Position::parse(&p.to_sukaku()).unwrap();
    let cells: Vec<String> =
        read.candidates().iter().map(|m| m.iter().map(|d| d.to_string()).collect()).collect();
    let json = serde_json::json!({
        "givens": read.givens().to_line(),
        "placed": read.placed().to_line(),
        "candidates": cells,
    });
    vec![
        format!("{}\n", p.to_sukaku()),
        p.to_pencil_grid(),
        // Without HoDoKu's closing border line: the record reader takes a
        // border line after the ninth row for a record of its own.
        format!(".---.\n{}\n", p.to_pencil_grid().lines().collect::<Vec<_>>().join("\n:\n")),
        format!("{json}\n"),
    ]
}

fn cell_name(c: usize) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

#[test]
fn r30_an_answer_erased_from_a_cell_of_two_is_named_in_every_pencil_mark_form() {
    for (puzzle, solution) in rated(3) {
        let c = (0..81).find(|&c| puzzle.candidates()[c].len() == 2).unwrap();
        let answer = at(&solution, c).unwrap();
        let p = erased(&puzzle, &solution, &[c]);
        for form in pencil_mark_forms(&p) {
            let out = sudoku().args(["hint", "--format", "json"]).write_stdin(form.clone()).assert().code(1);
            let rows = json_lines(&out.get_output().stdout);
            assert_eq!(rows.len(), 1, "{form}");
            assert_eq!(rows[0]["status"], "mistakes", "{form}");
            assert_eq!(
                rows[0]["mistakes"],
                serde_json::json!([{"cell": cell_name(c), "kind": "erased candidate", "digit": answer}]),
                "{form}"
            );
            sudoku()
                .arg("hint")
                .write_stdin(form.clone())
                .assert()
                .code(1)
                .stdout(format!("mistakes: {}: {answer} was erased but is the answer\n", cell_name(c)));
            let out = sudoku()
                .args(["hint", "-f", "json", "--level", "technique"])
                .write_stdin(form)
                .assert()
                .code(1);
            assert_eq!(
                json_lines(&out.get_output().stdout)[0]["mistakes"],
                serde_json::json!([{"cell": cell_name(c), "kind": "erased candidate"}])
            );
        }
    }
}

#[test]
fn r30_a_clue_typed_wrong_into_a_sukaku_line_is_a_wrong_digit() {
    let line = std::fs::read_to_string(crate::util::fixture_path("17clue.txt")).unwrap();
    // The first clue of the first puzzles that, typed as another digit
    // repeating no clue, leaves no solution.
    let (puzzle, solution, c, wrong) = line
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| Grid::parse_line(l.split(':').next().unwrap()).unwrap())
        .flat_map(|puzzle| (0..81).filter(move |&c| at(&puzzle, c).is_some()).map(move |c| (puzzle, c)))
        .find_map(|(puzzle, c)| {
            let solution = puzzle.solve_unique().unwrap();
            let wrong = (1..=9).find(|&d| {
                let mut typed = puzzle;
                typed.set(Cell::ALL[c], Digit::new(d));
                Some(d) != at(&solution, c)
                    && typed.conflicts().is_empty()
                    && typed.count_solutions_up_to(1) == 0
            })?;
            Some((puzzle, solution, c, wrong))
        })
        .unwrap();
    let mut typed = puzzle;
    typed.set(Cell::ALL[c], Digit::new(wrong));
    // Every open cell keeps all nine candidates.
    let sukaku: String = (0..81)
        .map(|q| match at(&typed, q) {
            Some(d) => (1..=9).map(|k| if k == d { char::from(b'0' + d) } else { '.' }).collect(),
            None => "123456789".to_string(),
        })
        .collect();
    let out = sudoku().args(["hint", "-f", "json"]).write_stdin(format!("{sukaku}\n")).assert().code(1);
    assert_eq!(
        json_lines(&out.get_output().stdout)[0]["mistakes"],
        serde_json::json!([{"cell": cell_name(c), "kind": "wrong digit", "placed": wrong, "digit": at(&solution, c)}])
    );
}

#[test]
fn r30_two_independent_errors_are_reported_as_beyond_one_change() {
    let (puzzle, solution) = rated(1).remove(0);
    let bivalue: Vec<usize> = (0..81).filter(|&c| puzzle.candidates()[c].len() == 2).collect();
    // Two cells of two candidates in different rows, columns and boxes.
    let (a, b) = bivalue
        .iter()
        .flat_map(|&a| bivalue.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| a / 9 != b / 9 && a % 9 != b % 9 && (a / 27, a % 9 / 3) != (b / 27, b % 9 / 3))
        .unwrap();
    let p = erased(&puzzle, &solution, &[a, b]);
    for form in pencil_mark_forms(&p) {
        let out = sudoku().arg("hint").write_stdin(form.clone()).assert().code(1);
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let no_solution =
            text == "no solution: the position has no solution, and no single change repairs it\n";
        let invalid = text.starts_with("invalid: invalid position: digit ")
            && text.ends_with(", and no single change repairs it\n");
        assert!(no_solution || invalid, "{form}: {text}");
        assert!(!text.contains("givens"), "{text}");
    }
}
