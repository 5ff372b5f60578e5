//! Regression tests for issue 31, points 6 and 7: what `generate` says when
//! it gives up and how long it may search, weights, `print` help and
//! outputs, input detection, and error texts.

use predicates::prelude::*;

use crate::util::sudoku;

/// A clue pattern of 18 givens (no grid fills it uniquely in a few tries)
/// and one of 28 (grids fill it readily).
const PATTERN_18: &str =
    "x..x....x\n...x..x.x\n........x\n.....x.x.\n.........\n...xx....\n.x.x..x.x\nx........\nx.x......\n";
const PATTERN_28: &str =
    "..x.x.x..\nx..x.x..x\n.x.....x.\n..xx.xx..\nx.......x\n..xx.xx..\n.x.....x.\nx..x.x..x\n..x.x.x..\n";

fn pattern_file(dir: &tempfile::TempDir, text: &str) -> std::path::PathBuf {
    let path = dir.path().join("pattern.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// 31.6: a pattern no grid filled is named as the cause, not a band ("no ?
/// puzzle … the band is out of reach … minimal clues").
#[test]
fn r31_6_an_unfilled_pattern_is_the_cause_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = pattern_file(&dir, PATTERN_18);
    for extra in [&[][..], &["--technique", "x-wing"][..]] {
        sudoku()
            .args(["generate", "--seed", "1", "--tries", "3", "--pattern"])
            .arg(&path)
            .args(extra)
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("the pattern of 18 givens could not be filled")
                    .and(predicate::str::contains("3 tries (--tries)"))
                    .and(predicate::str::contains("?").not())
                    .and(predicate::str::contains("band").not())
                    .and(predicate::str::contains("minimal clues").not()),
            );
    }
}

/// 31.6: a pattern that fills but never with the technique asked says so,
/// with how many grids filled it.
#[test]
fn r31_6_a_technique_not_found_on_a_pattern_is_the_cause_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = pattern_file(&dir, PATTERN_28);
    sudoku()
        .args([
            "generate",
            "--seed",
            "1",
            "--tries",
            "3",
            "--technique",
            "Nested Forcing Chains",
            "--pattern",
        ])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a puzzle whose hardest step is Nested Forcing Chains not found in 3 tries (--tries), of which \
             3 grids filled the pattern",
        ));
}

/// 31.6: the search for a rare technique is bounded by --time-limit (it
/// ran 390 s before); reaching it is an error naming the limit, and the
/// limit never changes the puzzles a run writes.
#[test]
fn r31_6_the_time_limit_bounds_the_search_and_changes_no_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let path = pattern_file(&dir, PATTERN_28);
    let started = std::time::Instant::now();
    sudoku()
        .args(["generate", "--seed", "1", "--technique", "Nested Forcing Chains", "--time-limit", "0.5"])
        .arg("--pattern")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains(
                "time limit reached: no puzzle whose hardest step is Nested Forcing Chains",
            )
            .and(predicate::str::contains("in 0.5 s (--time-limit)"))
            .and(predicate::str::contains("filled the pattern")),
        );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let run = |limit: &[&str]| {
        let out = sudoku()
            .args(["generate", "-n", "6", "--seed", "5", "--difficulty", "medium", "-f", "csv"])
            .args(limit)
            .assert()
            .success();
        out.get_output().stdout.clone()
    };
    assert_eq!(run(&[]), run(&["--time-limit", "1000"]));
    sudoku().args(["generate", "--time-limit", "0"]).assert().code(2);
    sudoku()
        .args(["generate", "--time-limit", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--time-limit needs --difficulty"));
}

/// 31.7: the weights' limit is stated where weights are described (--help,
/// the error), not "any 81 integers".
#[test]
fn r31_7_the_weights_limit_is_stated_in_help_and_error() {
    let help = sudoku().args(["solve", "--help"]).assert().success();
    let help =
        String::from_utf8_lossy(&help.get_output().stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("81 integers (9 rows of 9) from -1000000 to 1000000"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.txt");
    std::fs::write(&path, "1 ".repeat(40) + "1000001 " + &"1 ".repeat(40)).unwrap();
    sudoku()
        .args(["solve", "--max-score", "--weights"])
        .arg(&path)
        .write_stdin(".".repeat(81) + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "1:81: weight 1000001 out of range, expected an integer from -1000000 to 1000000",
        ));
    let readme = include_str!("../../../README.md");
    assert!(!readme.contains("any 81 integers with"), "README still promises any 81 integers");
}

/// 31.7: the margins `print --help` and `book --help` state are those
/// sudoku-print lays out: the outside margin, and the inside one for every
/// page count (never under the outside margin).
#[test]
fn r31_7_help_states_the_margins_the_book_has() {
    use sudoku_print::trim::{gutter, INCH, OUTSIDE_MARGIN};
    let inside = |pages: usize| gutter(pages).max(OUTSIDE_MARGIN) / INCH;
    // Runs of page counts with one inside margin: (last page count, inches).
    let mut runs: Vec<(usize, f32)> = Vec::new();
    for pages in 1..=2000 {
        match runs.last_mut() {
            Some(run) if run.1 == inside(pages) => run.0 = pages,
            _ => runs.push((pages, inside(pages))),
        }
    }
    let n = runs.len();
    let parts: Vec<String> = runs
        .iter()
        .enumerate()
        .map(|(i, &(last, inches))| match i {
            0 => format!("{inches} in up to {last} pages"),
            _ if i == n - 1 => format!("{inches} in beyond"),
            _ => format!("{inches} in to {last}"),
        })
        .collect();
    let claim = format!(
        "the margins are {} in outside, top and bottom, and inside {}",
        OUTSIDE_MARGIN / INCH,
        parts.join(", ")
    );
    for command in ["print", "book"] {
        let help = sudoku().args([command, "--help"]).assert().success();
        let help: String = String::from_utf8_lossy(&help.get_output().stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains(&claim), "{command} --help does not say: {claim}\n{help}");
        assert!(!help.contains("15 mm") && !help.contains("0.375 in up to"), "{help}");
    }
}

/// 31.7: 81 noip integers one a line are detected as one puzzle.
#[test]
fn r31_7_noip_integers_one_a_line_are_one_puzzle() {
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let values: Vec<String> =
        puzzle.chars().map(|c| if c == '.' { "0".to_string() } else { c.to_string() }).collect();
    let solved = sudoku().arg("solve").write_stdin(puzzle).assert().success();
    let solved = solved.get_output().stdout.clone();
    for text in [values.join("\n"), values.chunks(3).map(|c| c.join(" ")).collect::<Vec<_>>().join("\n")] {
        sudoku().arg("solve").write_stdin(text + "\n").assert().success().stdout(solved.clone());
    }
}

/// 31.7: `-o DIR/` (or an existing directory) never writes beside the
/// directory: an SVG page set, a PDF, a CSV are refused with the directory
/// named, and nothing is written next to it or in it.
#[test]
fn r31_7_an_output_that_is_a_directory_is_refused_and_nothing_written_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("p.txt");
    std::fs::write(
        &puzzles,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let runs: [&[&str]; 6] = [
        &["print", "p.txt", "-f", "svg", "-o", "out/"],
        &["print", "p.txt", "-f", "svg", "-o", "out"],
        &["print", "p.txt", "-f", "svg", "-o", "new/"],
        &["print", "p.txt", "-f", "pdf", "-o", "out/"],
        &["generate", "-q", "-f", "svg", "-o", "out/"],
        &["generate", "-q", "-f", "csv", "-o", "out/"],
    ];
    for args in runs {
        let named = args.last().unwrap().trim_end_matches('/');
        sudoku()
            .args(args)
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named.to_string()).and(predicate::str::contains("directory")));
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        names.sort();
        assert_eq!(names, ["out", "p.txt"], "{args:?}");
        assert_eq!(std::fs::read_dir(dir.path().join("out")).unwrap().count(), 0, "{args:?}");
    }
}

/// 31.7: right-to-left text (Hebrew, Arabic) in any text a book sets is
/// refused with the flag and the first such character named, for every
/// command that makes a book, and no book is written.
#[test]
fn r31_7_right_to_left_text_is_refused_naming_the_flag_and_character() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::fs::write(dir.path().join("p.txt"), format!("{puzzle}\n")).unwrap();
    let cases = [
        ("--title", "שלום", "'ש', U+05E9, character 1"),
        ("--footer", "Page مرحبا", "'م', U+0645, character 6"),
    ];
    for (flag, text, named) in cases {
        for command in [
            &["print", "p.txt", "-o", "b.pdf"][..],
            &["generate", "-q", "-o", "b.pdf"],
            &["book", "-q", "-o", "b.pdf"],
        ] {
            sudoku().args(command).args([flag, text]).current_dir(dir.path()).assert().code(2).stderr(
                predicate::str::contains(format!(
                    "{flag}: the {} holds right-to-left text ({named})",
                    &flag[2..]
                )),
            );
            assert!(!dir.path().join("b.pdf").exists(), "{command:?} {flag}");
        }
    }
    for flag in ["--subtitle", "--copyright"] {
        sudoku()
            .args(["print", "p.txt", "-o", "b.pdf", flag, "א"])
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("{flag}: ")).and(predicate::str::contains("U+05D0")));
    }
    std::fs::write(dir.path().join("s.csv"), format!("puzzle,section\n{puzzle},قسم\n")).unwrap();
    sudoku()
        .args(["print", "s.csv", "-o", "b.pdf"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("section column").and(predicate::str::contains("U+0642")));
    assert!(!dir.path().join("b.pdf").exists());
    // Left-to-right scripts the font covers still print.
    sudoku()
        .args(["print", "p.txt", "-o", "b.pdf", "--title", "Судоку Ελληνικά"])
        .current_dir(dir.path())
        .assert()
        .success();
}

/// 31.7: one puzzle a page is "1 puzzle a page", not "1 puzzles".
#[test]
fn r31_7_one_puzzle_a_page_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.txt"),
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    )
    .unwrap();
    sudoku()
        .args(["print", "p.txt", "-o", "b.pdf", "--trim", "3x3", "--per-page", "1"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 puzzle a page on a 3.00x3.00in page makes cells"));
}

/// 31.7: a malformed record under --skip-invalid has the same puzzle in
/// every command: `null` in JSON (with the error), empty in CSV.
#[test]
fn r31_7_a_malformed_record_has_the_same_puzzle_in_every_command() {
    let commands: [&[&str]; 6] = [
        &["solve"],
        &["solve", "--count"],
        &["solve", "--max-score"],
        &["grade"],
        &["canon"],
        &["canon", "--transform", "--dedupe", "--report"],
    ];
    for command in commands {
        let run = |format: &str| {
            let out = sudoku()
                .args(command)
                .args(["--skip-invalid", "-q", "-f", format])
                .write_stdin("xx\n")
                .assert()
                .code(1);
            String::from_utf8(out.get_output().stdout.clone()).unwrap()
        };
        let json: serde_json::Value = serde_json::from_str(run("json").trim()).unwrap();
        assert_eq!(json["puzzle"], serde_json::Value::Null, "{command:?}: {json}");
        assert!(
            json["error"].as_str().is_some_and(|e| e.contains("unexpected character 'x'")),
            "{command:?}: {json}"
        );
        let csv = run("csv");
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        let headers = rows.headers().unwrap().clone();
        let row = rows.records().next().unwrap().unwrap();
        let puzzle = headers.iter().position(|h| h == "puzzle").unwrap();
        assert_eq!(&row[puzzle], "", "{command:?}: {csv}");
    }
    // hint's record is a position: the same null.
    let out =
        sudoku().args(["hint", "--skip-invalid", "-q", "-f", "json"]).write_stdin("xx\n").assert().code(1);
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["position"], serde_json::Value::Null, "{json}");
}

/// 31.7: a byte that is not UTF-8, or an ASCII control byte, is shown as
/// its hex value in a parse error, not as a replacement character.
#[test]
fn r31_7_a_bad_byte_is_shown_as_its_hex_value() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut input = Vec::new();
    for bad in [&b"\xff"[..], b"\x01", b"\xc3"] {
        input.extend_from_slice(&p.as_bytes()[..13]);
        input.extend_from_slice(bad);
        input.extend_from_slice(&p.as_bytes()[14..]);
        input.push(b'\n');
    }
    let out = sudoku().args(["solve", "--skip-invalid"]).write_stdin(input).assert().code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    for (line, shown) in [(1, "byte 0xff (not UTF-8)"), (2, "byte 0x01"), (3, "byte 0xc3 (not UTF-8)")] {
        assert!(stderr.contains(&format!("<stdin>:{line}:14: unexpected {shown}, expected")), "{stderr}");
    }
    assert!(!stderr.contains('\u{fffd}') && !stderr.contains("\\u{1}"), "{stderr}");
    // The weights parser shows a control byte the same way.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.txt"), "1 \x02").unwrap();
    sudoku()
        .args(["solve", "--max-score", "--weights", "w.txt"])
        .current_dir(dir.path())
        .write_stdin(".".repeat(81))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected byte 0x02, expected an integer"));
}
