//! Issue 31, "never lose a byte, round two": each reproduction of points 3
//! to 5 (CSV records, index arithmetic, record alignment), as a test of the
//! class it stands for.

use crate::util::sudoku;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GIVENS: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn stdout_of(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// A pencil-mark grid drawn as HoDoKu prints it (`.---.` on top,
/// `:---+---:` between bands, `'---'` closing) or as Sudoku Explainer does
/// (`*---*` on top and closing, `|---+---|` between bands), from
/// `fixtures/positions/`.
fn drawn(hodoku: bool) -> String {
    let name = if hodoku { "positions/pencil_grid_hodoku.txt" } else { "positions/pencil_grid_se.txt" };
    std::fs::read_to_string(crate::util::fixture_path(name)).unwrap()
}

/// Point 5: a pencil-mark grid with its closing border (Sudoku Explainer,
/// HoDoKu) gives one hint, not a hint and then "0 rows of cells"; two
/// grids give two lines, with or without `--skip-invalid`.
#[test]
fn r31_a_pencil_grid_with_its_closing_border_is_one_record() {
    for hodoku in [false, true] {
        let grid = drawn(hodoku);
        let one = sudoku().arg("hint").write_stdin(grid.clone()).assert().success();
        assert_eq!(stdout_of(&one).lines().count(), 1, "{grid}");
        for skip in [false, true] {
            let mut cmd = sudoku();
            cmd.arg("hint");
            if skip {
                cmd.arg("--skip-invalid");
            }
            let two = cmd.write_stdin(format!("{grid}{grid}")).assert().success();
            let lines: Vec<String> = stdout_of(&two).lines().map(String::from).collect();
            assert_eq!(lines.len(), 2, "{lines:?}");
            assert_eq!(lines[0], lines[1]);
        }
    }
}

/// Point 5: with `--steps N` every record is one blank-line-terminated
/// block, a malformed one (skipped with `--skip-invalid`) included.
#[test]
fn r31_hint_steps_give_one_block_per_record_malformed_included() {
    let records = [GIVENS, GIVENS, "xx", GIVENS, &GIVENS[..80]];
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    for steps in ["--steps=2", "--steps=3", "--to-end"] {
        let out = sudoku().args(["hint", steps, "--skip-invalid"]).write_stdin(text.clone()).assert().code(1);
        let stdout = stdout_of(&out);
        let blocks: Vec<&str> = stdout.split_terminator("\n\n").collect();
        assert_eq!(blocks.len(), records.len(), "{steps}: {stdout}");
        assert!(stdout.ends_with("\n\n"), "{steps}: {stdout}");
        for (block, record) in blocks.iter().zip(records) {
            assert_eq!(block.starts_with("malformed"), record != GIVENS, "{steps}: {block}");
        }
    }
}

/// Point 4: `generate --start 18446744073709551614 -n 1` made puzzles 6, 7,
/// 8, … without end (`start + chunk` wrapped). It makes one puzzle, that
/// index's (its id names it), with any `--jobs`; a range past the last
/// index is a usage error naming `--start` (exit 2), and writes nothing.
#[test]
fn r31_generate_at_the_end_of_the_index_range_makes_what_was_asked() {
    let last = u64::MAX - 1;
    for jobs in ["1", "4"] {
        for (start, n) in [(last, 1), (last - 2, 3), (u64::MAX - 40, 40)] {
            let out = sudoku()
                .args(["generate", "--seed", "7", "-f", "csv", "--jobs", jobs])
                .args(["--start", &start.to_string(), "-n", &n.to_string()])
                .timeout(std::time::Duration::from_secs(60))
                .assert()
                .success();
            let ids: Vec<String> =
                stdout_of(&out).lines().filter_map(|l| l.split(',').next()).map(String::from).collect();
            let expected: Vec<String> = (start..start + n).map(|i| format!("7-{i}")).collect();
            // A header row only at index 0.
            assert_eq!(ids, expected, "--start {start} -n {n} --jobs {jobs}");
        }
    }
    for (start, n) in [(u64::MAX, 1), (last, 2), (1, u64::MAX)] {
        let out = sudoku()
            .args(["generate", "--seed", "7", "--start", &start.to_string(), "-n", &n.to_string()])
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(2);
        assert!(out.get_output().stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains("--start") && stderr.contains("18446744073709551614"), "{stderr}");
    }
}

/// Point 3: a CSV of 10,000 puzzles with an unclosed quote in record 5 gave
/// 5 output lines and exit 0 in `solve`, `grade` and `canon`. The quote is
/// an input error at its line and column (exit 2); with `--skip-invalid`,
/// one malformed record and the other 9,999 answered, in place.
#[test]
fn r31_an_unclosed_quote_in_csv_is_an_error_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.csv");
    let mut text = "puzzle,note\n".to_string();
    for k in 0..10_000 {
        text.push_str(&if k == 4 { format!("{P},\"unclosed\n") } else { format!("{P},n{k}\n") });
    }
    std::fs::write(&path, &text).unwrap();
    let at = format!("q.csv:6:{}: unclosed quote", P.len() + 2);
    for cmd in ["solve", "grade", "canon"] {
        let out = sudoku().arg(cmd).arg(&path).assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(&at), "{cmd}: {stderr}");
        let out = sudoku().args([cmd, "--skip-invalid"]).arg(&path).assert().code(1);
        let stdout = stdout_of(&out);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 10_000, "{cmd}");
        // Every line but the fifth answers the same puzzle.
        assert!(lines[4] != lines[0], "{cmd}: {}", lines[4]);
        assert!(lines.iter().enumerate().all(|(k, l)| k == 4 || *l == lines[0]), "{cmd}");
    }
}

/// Point 3: a comment or blank line over 64 KiB became an extra "invalid"
/// record, and a valid puzzle with a long comment exited 2. Both are read
/// as what they are, in `solve`, `grade` and `canon`.
#[test]
fn r31_long_comments_and_blank_lines_are_no_records() {
    let long = "x".repeat(100_000);
    let blank = " ".repeat(100_000);
    let text = format!("# {long}\n{P}\n{blank}\n{P} # {long}\n");
    for cmd in ["solve", "grade", "canon"] {
        let out = sudoku().arg(cmd).write_stdin(text.clone()).assert().success();
        let stdout = stdout_of(&out);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{cmd}: {stdout}");
        assert_eq!(lines[0], lines[1], "{cmd}");
    }
}
