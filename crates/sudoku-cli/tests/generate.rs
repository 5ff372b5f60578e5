//! `sudoku generate` and `sudoku book`: determinism over `--jobs`, prefixes,
//! formats, clue targets, difficulty bands, grade columns, books (PDF, SVG,
//! CSV beside), output files and closed pipes. Puzzles are checked with the
//! core's solution counter and bands with `sudoku grade`, not with the
//! generator; books with poppler's tools (`apt-get install poppler-utils`).

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use predicates::prelude::*;
use sudoku_core::{Cell, Grid};

use crate::util::*;

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
        for cell in Cell::ALL.into_iter().filter(|&c| grid.get(c).is_some()) {
            let mut fewer = grid;
            fewer.set(cell, None);
            assert_eq!(fewer.count_solutions_up_to(2), 2, "clue {cell} of {line} is removable");
        }
    }
}

#[test]
fn symmetric_puzzles_map_onto_themselves() {
    let out = stdout_of(&["generate", "-n", "5", "--seed", "2", "--symmetry", "mirror"]);
    for line in out.lines() {
        let grid = Grid::parse_line(line).unwrap();
        for cell in Cell::ALL {
            let mirrored = Cell::at(cell.row(), 8 - cell.col()).unwrap();
            assert_eq!(grid.get(cell).is_some(), grid.get(mirrored).is_some(), "{line}");
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
    sudoku().args(["generate", "--jobs", "-1"]).assert().code(2);
    sudoku().args(["generate", "--tries", "5"]).assert().code(2);
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

// Difficulty bands, grade columns, books and `sudoku book`. Bands are
// checked by running `sudoku grade` on the generated puzzles: a separate
// command reading the puzzles back from text.

/// `sudoku grade -f csv` on `puzzles` (one per line): (rating, band, ep,
/// ed, technique, nodes, guesses) per puzzle, in the order `generate
/// --grade` has them.
fn graded_by_sudoku_grade(puzzles: &[&str]) -> Vec<[String; 7]> {
    let out = sudoku()
        .args(["grade", "-f", "csv"])
        .write_stdin(puzzles.join("\n") + "\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let mut reader = csv::Reader::from_reader(out.as_slice());
    let headers = reader.headers().unwrap().clone();
    assert_eq!(
        headers.iter().collect::<Vec<_>>(),
        ["puzzle", "rating", "er", "ep", "ed", "band", "technique", "nodes", "guesses"]
    );
    let rows: Vec<[String; 7]> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            assert_eq!(r[1], r[2], "rating is ER");
            [1, 5, 3, 4, 6, 7, 8].map(|i| r[i].to_string())
        })
        .collect();
    assert_eq!(rows.len(), puzzles.len());
    rows
}

/// The records of a CSV text: header, then rows.
fn csv_records(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().iter().map(str::to_string).collect();
    let rows = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    (headers, rows)
}

const GRADED_HEADER: [&str; 14] = [
    "id",
    "seed",
    "index",
    "puzzle",
    "solution",
    "clues",
    "symmetry",
    "rating",
    "band",
    "ep",
    "ed",
    "technique",
    "nodes",
    "guesses",
];

/// A poppler tool's stdout; the test fails with a hint when it is missing.
fn poppler(name: &str, args: &[&std::path::Path]) -> String {
    let out = std::process::Command::new(name).args(args).output().unwrap_or_else(|e| {
        panic!("{name} is missing ({e}): install poppler's tools with `apt-get install poppler-utils`")
    });
    assert!(out.status.success(), "{name} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn pdf_pages(pdf: &std::path::Path) -> usize {
    let info = poppler("pdfinfo", &[pdf]);
    let pages = info.lines().find_map(|l| l.strip_prefix("Pages:")).expect("pdfinfo reports Pages");
    pages.trim().parse().unwrap()
}

#[test]
fn every_medium_puzzle_grades_as_medium_by_sudoku_grade() {
    let out = stdout_of(&["generate", "-n", "12", "--seed", "5", "--difficulty", "medium"]);
    let puzzles: Vec<&str> = out.lines().collect();
    assert_eq!(puzzles.len(), 12);
    for p in &puzzles {
        assert_eq!(Grid::parse_line(p).unwrap().count_solutions_up_to(2), 1, "{p}");
    }
    for (p, [rating, band, ..]) in puzzles.iter().zip(graded_by_sudoku_grade(&puzzles)) {
        assert_eq!(band, "medium", "{p} rated {rating}");
        let rating: f64 = rating.parse().unwrap();
        assert!((2.6..4.0).contains(&rating), "{p} rated {rating}");
    }
}

#[test]
fn a_difficulty_set_is_byte_identical_for_any_jobs_and_a_prefix_of_a_larger_one() {
    let args = ["generate", "-n", "16", "--seed", "21", "--difficulty", "hard", "-f", "csv"];
    let one = stdout_of(&[&args[..], &["--jobs", "1"]].concat());
    let two = stdout_of(&[&args[..], &["--jobs", "2"]].concat());
    let four = stdout_of(&[&args[..], &["--jobs", "4"]].concat());
    assert_eq!(one, two);
    assert_eq!(one, four);
    let (headers, rows) = csv_records(&one);
    assert_eq!(headers, GRADED_HEADER);
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| r[8] == "hard"), "{one}");
    let eight = stdout_of(&["generate", "-n", "8", "--seed", "21", "--difficulty", "hard", "-f", "csv"]);
    assert!(one.starts_with(&eight));
}

#[test]
fn an_unreachable_band_exits_2_naming_the_band_and_the_options() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.txt");
    // 45 clues leave every puzzle easy: no hard one in 200 tries.
    sudoku()
        .args(["generate", "-n", "3", "--seed", "1", "--difficulty", "hard", "--clues", "45"])
        .args(["--symmetry", "rot180", "--tries", "200", "-o"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("no hard puzzle in 200 tries")
                .and(predicate::str::contains("--symmetry rot180"))
                .and(predicate::str::contains("--clues 45"))
                .and(predicate::str::contains("--tries")),
        );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file, no temporary file");
    sudoku().args(["generate", "--difficulty", "hard", "--tries", "0"]).assert().code(2);
    sudoku().args(["generate", "--difficulty", "hardest"]).assert().code(2);
}

#[test]
fn grade_adds_the_grade_columns_as_sudoku_grade_has_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.csv");
    sudoku().args(["generate", "-n", "10", "--seed", "4", "--grade", "-o"]).arg(&path).assert().success();
    let text = std::fs::read_to_string(&path).unwrap();
    let (headers, rows) = csv_records(&text);
    assert_eq!(headers, GRADED_HEADER);
    // The same puzzles as without --grade: grading does not filter.
    let plain = stdout_of(&["generate", "-n", "10", "--seed", "4"]);
    let puzzles: Vec<&str> = plain.lines().collect();
    assert_eq!(rows.iter().map(|r| r[3].as_str()).collect::<Vec<_>>(), puzzles);
    for (row, graded) in rows.iter().zip(graded_by_sudoku_grade(&puzzles)) {
        assert_eq!(row[7..], graded, "{}", row[3]);
    }
    let json = stdout_of(&["generate", "-n", "2", "--seed", "4", "--grade", "-f", "json"]);
    for (line, row) in json.lines().zip(&rows) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["band"], row[8].as_str());
        assert_eq!(v["rating"].as_f64(), row[7].parse::<f64>().ok());
        assert_eq!(v["ep"].as_f64(), row[9].parse::<f64>().ok());
        assert_eq!(v["ed"].as_f64(), row[10].parse::<f64>().ok());
        assert_eq!(v["technique"], row[11].as_str());
        assert_eq!(v["nodes"].as_u64(), row[12].parse::<u64>().ok());
        assert_eq!(v["guesses"].as_u64(), row[13].parse::<u64>().ok());
    }
    let ungraded = stdout_of(&["generate", "-n", "1", "--seed", "4", "-f", "json"]);
    assert!(!ungraded.contains("\"band\""), "{ungraded}");
}

#[test]
fn a_pdf_name_makes_a_book_and_csv_writes_the_set_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf");
    let csv = dir.path().join("book.csv");
    sudoku()
        .args(["generate", "-n", "6", "--seed", "3", "--difficulty", "easy", "--title", "Easy six", "-o"])
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .assert()
        .success()
        .stdout("");
    // Title, contents, 6 puzzles at 4 a page, one page of answers, one
    // blank to an even count.
    assert_eq!(pdf_pages(&pdf), 6);
    let text = poppler("pdftotext", &[&pdf, std::path::Path::new("-")]);
    assert!(text.contains("Easy six"), "{text}");
    for id in ["3-0", "3-5"] {
        assert!(text.contains(id), "puzzle id {id} is on the page:\n{text}");
    }
    let (headers, rows) = csv_records(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(headers, [&BOOK_COLUMNS[..], &GRADED_HEADER[..]].concat());
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r[4 + 8] == "easy"));
    assert!(text.matches("easy").count() >= 6, "every puzzle shows its band:\n{text}");
    // The side CSV holds the rows --format csv writes, in book order.
    let same = stdout_of(&["generate", "-n", "6", "--seed", "3", "--difficulty", "easy", "-f", "csv"]);
    assert_eq!(sorted_by_index(&rows), csv_records(&same).1);
}

/// The columns of a book's index before those of `generate --format csv`.
const BOOK_COLUMNS: [&str; 4] = ["number", "section", "page", "answer_page"];

/// The rows of a book's index without the book's columns, in generation
/// order (by the `index` column): the rows of `generate --format csv`.
fn sorted_by_index(rows: &[Vec<String>]) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = rows.iter().map(|r| r[BOOK_COLUMNS.len()..].to_vec()).collect();
    rows.sort_by_key(|r| r[2].parse::<u64>().unwrap());
    rows
}

#[test]
fn page_flags_shape_a_generated_book_as_they_do_a_printed_one() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("set.out");
    sudoku()
        .args(["generate", "-n", "7", "--seed", "2", "--format", "pdf", "--paper", "letter"])
        .args(["--per-page", "6", "--no-answers", "-o"])
        .arg(&pdf)
        .assert()
        .success();
    let info = poppler("pdfinfo", &[&pdf]);
    assert!(info.contains("612 x 792 pts"), "{info}");
    // Title, contents, 7 puzzles at 6 a page.
    assert_eq!(pdf_pages(&pdf), 4);
    let svg = dir.path().join("set.svg");
    sudoku().args(["generate", "-n", "3", "--seed", "2", "-o"]).arg(&svg).assert().success();
    // Title, contents, three puzzles on one page, the answers on another.
    for page in ["set-0001.svg", "set-0004.svg"] {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        assert!(text.starts_with("<svg") || text.starts_with("<?xml"), "{page}");
    }
    assert!(!dir.path().join("set-0005.svg").exists());
}

#[test]
fn output_and_csv_must_be_two_places() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.csv");
    sudoku()
        .args(["generate", "-o"])
        .arg(&path)
        .arg("--csv")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("same file"));
    sudoku().args(["generate", "--csv", "-"]).assert().code(2).stderr(predicate::str::contains("stdout"));
}

#[test]
fn book_writes_a_pdf_and_a_csv_of_24_medium_puzzles_and_keeps_existing_files() {
    let dir = tempfile::tempdir().unwrap();
    sudoku().arg("book").current_dir(dir.path()).assert().success().stdout("");
    let pdf = dir.path().join("puzzles.pdf");
    let csv = dir.path().join("puzzles.csv");
    // Title, contents, 24 puzzles at 4 a page, then 12 answers a page.
    assert_eq!(pdf_pages(&pdf), 10);
    let csv_text = std::fs::read_to_string(&csv).unwrap();
    let (headers, rows) = csv_records(&csv_text);
    assert_eq!(headers, [&BOOK_COLUMNS[..], &GRADED_HEADER[..]].concat());
    assert_eq!(rows.len(), 24);
    let puzzles: Vec<&str> = rows.iter().map(|r| r[4 + 3].as_str()).collect();
    assert!(graded_by_sudoku_grade(&puzzles).iter().all(|g| g[1] == "medium"));
    // The book is `sudoku generate` with its defaults.
    let seed = &rows[0][4 + 1];
    let same = stdout_of(&[
        "generate",
        "-n",
        "24",
        "--seed",
        seed,
        "--difficulty",
        "medium",
        "--grade",
        "-f",
        "csv",
    ]);
    assert_eq!(sorted_by_index(&rows), csv_records(&same).1);

    let pdf_bytes = std::fs::read(&pdf).unwrap();
    sudoku().args(["book", "-n", "2"]).current_dir(dir.path()).assert().code(2).stderr(
        predicate::str::contains("puzzles.pdf already exists").and(predicate::str::contains("--force")),
    );
    assert_eq!(std::fs::read(&pdf).unwrap(), pdf_bytes);
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), csv_text);
    sudoku().args(["book", "-n", "2", "--force"]).current_dir(dir.path()).assert().success();
    assert_eq!(csv_records(&std::fs::read_to_string(&csv).unwrap()).1.len(), 2);
}

#[test]
fn book_options_pass_through_to_generate() {
    let dir = tempfile::tempdir().unwrap();
    sudoku()
        .args(["book", "-n", "3", "--seed", "8", "--difficulty", "hard", "--symmetry", "rot180"])
        .args(["--paper", "letter", "--title", "Hard three", "-o", "h.pdf", "--csv", "h.csv"])
        .current_dir(dir.path())
        .assert()
        .success();
    let pdf = dir.path().join("h.pdf");
    let info = poppler("pdfinfo", &[&pdf]);
    assert!(info.contains("612 x 792 pts"), "{info}");
    let text = poppler("pdftotext", &[&pdf, std::path::Path::new("-")]);
    assert!(text.contains("Hard three"), "{text}");
    let (headers, rows) = csv_records(&std::fs::read_to_string(dir.path().join("h.csv")).unwrap());
    let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
    assert!(rows
        .iter()
        .all(|r| r[col("seed")] == "8" && r[col("symmetry")] == "rot180" && r[col("band")] == "hard"));
    assert!(!dir.path().join("puzzles.pdf").exists());
}

#[test]
fn a_clue_pattern_gives_exactly_its_cells_in_every_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pattern.txt");
    // A half-turn symmetric pattern of 28 givens, drawn with box lines.
    let rows = [
        "..x|.x.|x..",
        "x..|x.x|..x",
        ".x.|...|.x.",
        "..x|x.x|x..",
        "x..|...|..x",
        "..x|x.x|x..",
        ".x.|...|.x.",
        "x..|x.x|..x",
        "..x|.x.|x..",
    ];
    std::fs::write(&path, rows.join("\n")).unwrap();
    let given = |c: Cell| rows[c.row()].replace('|', "").as_bytes()[c.col()] == b'x';
    let out =
        stdout_of(&["generate", "-n", "6", "--seed", "3", "--pattern", path.to_str().unwrap(), "-f", "csv"]);
    let (headers, rows_out) = csv_records(&out);
    let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
    assert_eq!(rows_out.len(), 6);
    let mut distinct = std::collections::HashSet::new();
    for row in &rows_out {
        let puzzle = Grid::parse_line(&row[col("puzzle")]).unwrap();
        assert!(Cell::ALL.into_iter().all(|c| puzzle.get(c).is_some() == given(c)), "{}", row[col("puzzle")]);
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{}", row[col("puzzle")]);
        assert_eq!(row[col("symmetry")], "rot180");
        distinct.insert(row[col("puzzle")].clone());
    }
    assert_eq!(distinct.len(), 6);
    // The same seed, the same set; a pattern that cannot be unique, or
    // is not one, is refused with the file named.
    assert_eq!(
        out,
        stdout_of(&["generate", "-n", "6", "--seed", "3", "--pattern", path.to_str().unwrap(), "-f", "csv"])
    );
    std::fs::write(&path, "x".repeat(40) + "o").unwrap();
    sudoku()
        .args(["generate", "--pattern"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("pattern.txt").and(predicate::str::contains("column 41")));
    std::fs::write(&path, "xxx.x.xxx\n".repeat(9)).unwrap();
    sudoku()
        .args(["generate", "--pattern"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("columns 4 and 6"));
}

#[test]
fn a_technique_keeps_puzzles_whose_hardest_step_it_is() {
    let out = stdout_of(&["generate", "-n", "4", "--seed", "8", "--technique", "x wing", "-f", "csv"]);
    let (headers, rows) = csv_records(&out);
    let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
    assert_eq!(rows.len(), 4);
    let puzzles: String = rows.iter().map(|r| format!("{}\n", r[col("puzzle")])).collect();
    assert!(rows.iter().all(|r| r[col("technique")] == "X-Wing"), "{out}");
    // grade, run apart, agrees.
    let graded = sudoku().args(["grade", "-f", "csv"]).write_stdin(puzzles).assert().success();
    let (headers, rows) = csv_records(std::str::from_utf8(&graded.get_output().stdout).unwrap());
    let t = headers.iter().position(|h| h == "technique").unwrap();
    assert!(rows.iter().all(|r| r[t] == "X-Wing"));
    sudoku().args(["generate", "--technique", "telepathy"]).assert().code(2);
}

#[test]
fn a_book_in_sections_runs_easy_to_hard_within_each() {
    let dir = tempfile::tempdir().unwrap();
    sudoku()
        .args(["book", "--sections", "easy:5,hard:4", "--seed", "4", "--title", "Two levels", "-q"])
        .current_dir(dir.path())
        .assert()
        .success();
    let (headers, rows) = csv_records(&std::fs::read_to_string(dir.path().join("puzzles.csv")).unwrap());
    let band = headers.iter().position(|h| h == "band").unwrap();
    let bands: Vec<&str> = rows.iter().map(|r| r[band].as_str()).collect();
    assert_eq!(bands, ["easy", "easy", "easy", "easy", "easy", "hard", "hard", "hard", "hard"]);
    let text = poppler("pdftotext", &[&dir.path().join("puzzles.pdf"), std::path::Path::new("-")]);
    // The contents names both sections; puzzles are numbered through the
    // book; within a section the ratings never go down.
    let contents = &text[text.find("Contents").unwrap()..];
    assert!(contents.find("Easy").unwrap() < contents.find("Hard").unwrap(), "{text}");
    let ratings: Vec<(String, f64)> = text
        .lines()
        .filter_map(|l| {
            let (band, rating) = l.trim().split_once(" · ")?;
            Some((band.to_string(), rating.trim().parse().ok()?))
        })
        .collect();
    assert_eq!(ratings.len(), 9, "{text}");
    for pair in ratings.windows(2) {
        if pair[0].0 == pair[1].0 {
            assert!(pair[0].1 <= pair[1].1, "{ratings:?}");
        }
    }
    sudoku().args(["book", "--sections", "easy:0"]).current_dir(dir.path()).assert().code(2);
    sudoku().args(["book", "--sections", "easy:2", "-n", "3"]).current_dir(dir.path()).assert().code(2);
}

#[test]
fn r30_the_csv_beside_a_book_lists_its_puzzles_in_book_order_with_number_section_and_pages() {
    let dir = tempfile::tempdir().unwrap();
    // Sections sort each by rating, so book order is not generation order.
    sudoku()
        .args(["book", "--sections", "easy:5,hard:4", "--seed", "4", "-q"])
        .current_dir(dir.path())
        .assert()
        .success();
    let csv = std::fs::read_to_string(dir.path().join("puzzles.csv")).unwrap();
    let rows = check_book_index(&dir.path().join("puzzles.pdf"), &csv, 1);
    assert_eq!(rows.len(), 9);
    let sections: Vec<&str> = rows.iter().map(|r| r["section"].as_str()).collect();
    assert_eq!(sections, ["Easy", "Easy", "Easy", "Easy", "Easy", "Hard", "Hard", "Hard", "Hard"]);
    let indices: Vec<u64> = rows.iter().map(|r| r["index"].parse().unwrap()).collect();
    assert!(indices.windows(2).any(|w| w[0] > w[1]), "the book reorders the set: {indices:?}");

    // `generate -o x.pdf --csv`, numbered from 5, two a page, no key.
    let pdf = dir.path().join("g.pdf");
    let csv_path = dir.path().join("g.csv");
    sudoku()
        .args(["generate", "-n", "7", "--seed", "3", "--per-page", "2", "--start-number", "5"])
        .args(["--no-answers", "-q", "-o"])
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv_path)
        .assert()
        .success();
    let rows = check_book_index(&pdf, &std::fs::read_to_string(&csv_path).unwrap(), 5);
    assert_eq!(rows.len(), 7);
    assert!(rows.iter().all(|r| r["answer_page"].is_empty() && r["section"] == "Sudoku"), "{rows:?}");
    // Pages 3, 3, 4, 4, 5, 5, 6 after the title page and the contents.
    let pages: Vec<&str> = rows.iter().map(|r| r["page"].as_str()).collect();
    assert_eq!(pages, ["3", "3", "4", "4", "5", "5", "6"]);
}

#[test]
fn r30_the_provenance_leaves_the_footers_for_the_copyright_page_and_footer_sets_a_footer() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("b.pdf");
    let make = |extra: &[&str]| {
        sudoku()
            .args(["generate", "-n", "6", "--seed", "3", "--difficulty", "easy", "-q", "--force", "-o"])
            .arg(&pdf)
            .args(extra)
            .assert()
            .success();
        (1..=pdf_pages(&pdf))
            .map(|page| pdf_words(&pdf, page).into_iter().map(|w| w.4).collect::<Vec<_>>().join(" "))
            .collect::<Vec<String>>()
    };
    let pages = make(&[]);
    assert!(pages.iter().all(|p| !p.contains("seed")), "no page names the seed: {pages:?}");
    let pages = make(&["--copyright", "(c) 2026 Me"]);
    // Page 2, the copyright page, ends with what made the set; no other
    // page names it.
    assert!(pages[1].starts_with("(c) 2026 Me") && pages[1].ends_with("seed 3, easy"), "{pages:?}");
    assert_eq!(pages.iter().filter(|p| p.contains("seed 3")).count(), 1, "{pages:?}");
    // --footer puts its text on every numbered page (contents, puzzles,
    // answers), and on no other.
    let pages = make(&["--footer", "Holiday set"]);
    for (i, page) in pages.iter().enumerate() {
        let numbered = page.split(' ').any(|w| w == (i + 1).to_string());
        assert_eq!(page.contains("Holiday set"), numbered, "page {}: {page}", i + 1);
    }
    assert_eq!(pages.iter().filter(|p| p.contains("Holiday set")).count(), 4, "{pages:?}");
}

#[test]
fn r30_book_says_what_it_wrote_on_stderr_unless_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let out = sudoku()
        .args(["book", "-n", "5", "--seed", "2", "-o", "five.pdf", "--csv", "five.csv"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("");
    let n_pages = pdf_pages(&dir.path().join("five.pdf"));
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stderr),
        format!("five.pdf: {n_pages} pages, 5 puzzles; five.csv\n")
    );
    sudoku()
        .args(["book", "-n", "5", "--seed", "2", "-o", "five.pdf", "--csv", "five.csv", "--force", "-q"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("")
        .stderr("");
    // An SVG book names its first and last page files.
    sudoku()
        .args(["book", "-n", "1", "--seed", "2", "-o", "one.svg", "--csv", "one.csv"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stderr("one-0001.svg … one-0004.svg: 4 pages, 1 puzzle; one.csv\n");
    assert!(dir.path().join("one-0004.svg").exists() && !dir.path().join("one-0005.svg").exists());
}

/// Runs `script` with `sh -c`, `$SUDOKU` the binary, in `dir`.
fn sh(dir: &std::path::Path, script: &str) {
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("SUDOKU", assert_cmd::cargo::cargo_bin("sudoku"))
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success(), "{script}");
}

#[test]
fn shards_made_apart_in_parallel_join_into_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    // generate: three shards of one seed at once (xargs -P), joined by cat.
    for (args, name) in [("-f csv", "csv"), ("--difficulty medium", "medium")] {
        let whole = stdout_of(
            &[&["generate", "-n", "12", "--seed", "9"][..], &args.split(' ').collect::<Vec<_>>()].concat(),
        );
        sh(
            dir.path(),
            &format!(
                "printf '0 5\\n5 4\\n9 3\\n' | xargs -P 3 -L 1 sh -c \
                 '\"$SUDOKU\" generate --seed 9 {args} -q --start \"$0\" -n \"$1\" > {name}-$0.part'; \
                 cat {name}-0.part {name}-5.part {name}-9.part > {name}.joined"
            ),
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join(format!("{name}.joined"))).unwrap(),
            whole,
            "{args}"
        );
    }
    // solve and grade: a file split in three, the parts run at once.
    let puzzles = stdout_of(&["generate", "-n", "30", "--seed", "4"]);
    std::fs::write(dir.path().join("all.txt"), &puzzles).unwrap();
    for cmd in ["solve", "grade"] {
        let whole = stdout_of(&[cmd, dir.path().join("all.txt").to_str().unwrap()]);
        sh(
            dir.path(),
            &format!(
                "split -l 10 all.txt part- && ls part-?? | xargs -P 3 -I F sh -c '\"$SUDOKU\" {cmd} F > F.{cmd}' && \
                 cat part-aa.{cmd} part-ab.{cmd} part-ac.{cmd} > {cmd}.joined && rm part-??"
            ),
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join(format!("{cmd}.joined"))).unwrap(),
            whole,
            "{cmd}"
        );
    }
    sudoku().args(["generate", "--start", "18446744073709551615", "-n", "2"]).assert().code(2);
}
