//! Snapshot tests (insta): every output format of every command, on small
//! fixed inputs. Each snapshot was read by eye once when it was made; a
//! change to any output shows up here as a diff to review
//! (`cargo insta review`, or `INSTA_UPDATE=always` and `git diff`).

use std::path::Path;

use crate::util::*;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const CLASH: &str = "55...............................................................................";

/// The stdout of `sudoku ARGS` on `stdin`, whatever the exit code.
fn run(args: &[&str], stdin: &str) -> String {
    let out = sudoku().args(args).write_stdin(stdin.to_string()).output().expect("run sudoku");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

#[test]
fn solve_formats() {
    let input = format!("{P}\n{CLASH}\nxx\n");
    for format in ["line", "block", "csv", "json", "rows"] {
        let out = run(&["solve", "--skip-invalid", "--format", format], &input);
        insta::assert_snapshot!(format!("solve_{format}"), out);
    }
}

#[test]
fn solve_count_and_all_formats() {
    let two = "2.............................................................................987";
    let input = format!("{P}\n{two}\n");
    for format in ["line", "block", "csv", "json"] {
        insta::assert_snapshot!(
            format!("solve_count_{format}"),
            run(&["solve", "--count", "--limit", "3", "--format", format], &input)
        );
        insta::assert_snapshot!(
            format!("solve_all_{format}"),
            run(&["solve", "--all", "--limit", "2", "--format", format], &input)
        );
    }
}

#[test]
fn max_score_formats() {
    let input = format!("{EASY}\n{CLASH}\n");
    for format in [None, Some("line"), Some("block"), Some("rows"), Some("csv"), Some("json")] {
        let mut args = vec!["solve", "--max-score"];
        if let Some(f) = format {
            args.extend(["--format", f]);
        }
        insta::assert_snapshot!(format!("max_score_{}", format.unwrap_or("default")), run(&args, &input));
    }
}

#[test]
fn grade_formats() {
    let input = format!("{EASY}\n{CLASH}\n");
    for format in ["line", "csv", "json"] {
        insta::assert_snapshot!(format!("grade_{format}"), run(&["grade", "--format", format], &input));
    }
    insta::assert_snapshot!("grade_explain", run(&["grade", "--explain"], &format!("{EASY}\n")));
}

#[test]
fn generate_formats() {
    for format in ["line", "block", "csv", "json"] {
        insta::assert_snapshot!(
            format!("generate_{format}"),
            run(&["generate", "-n", "2", "--seed", "7", "--format", format], "")
        );
    }
    insta::assert_snapshot!(
        "generate_graded_csv",
        run(&["generate", "-n", "2", "--seed", "7", "--grade", "--format", "csv"], "")
    );
}

#[test]
fn a_book_page_as_svg_and_the_pdf_text() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{EASY}\n{P}\n")).expect("write the input");
    sudoku()
        .args(["print", "--per-page", "2", "--title", "Snapshot", "-o"])
        .arg(dir.path().join("book.svg"))
        .arg(&input)
        .assert()
        .success();
    // Page 3: after the title page and the contents.
    let page = std::fs::read_to_string(dir.path().join("book-0003.svg")).expect("the puzzle page");
    insta::assert_snapshot!("print_svg_puzzle_page", page);
    let pdf = dir.path().join("book.pdf");
    sudoku()
        .args(["print", "--per-page", "2", "--title", "Snapshot", "-o"])
        .arg(&pdf)
        .arg(&input)
        .assert()
        .success();
    insta::assert_snapshot!("print_pdf_text", pdf_text(&pdf));
}

/// The text of a PDF, by poppler's pdftotext (installed by `.ci/run`).
fn pdf_text(pdf: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8 text")
}
