//! Hostile input for `sudoku solve`: every class of bad input gives exit 2
//! (or 1 where the input is well-formed but has no answer) and a message
//! naming the file and line, never a panic (exit 101).

use assert_cmd::Command;
use predicates::prelude::*;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn solve(args: &[&str], input: impl Into<Vec<u8>>) -> assert_cmd::assert::Assert {
    Command::cargo_bin("sudoku").unwrap().arg("solve").args(args).write_stdin(input.into()).assert()
}

const FORMATS: &[&str] = &["auto", "line", "block", "noip", "poj", "hoj", "csv"];

#[test]
fn random_bytes_never_panic_in_any_input_format() {
    // A fixed xorshift stream: reproducible garbage.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for round in 0..8 {
        let bytes: Vec<u8> = (0..2000 + round * 500)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        for format in FORMATS {
            let out = Command::cargo_bin("sudoku")
                .unwrap()
                .args(["solve", "--input", format])
                .write_stdin(bytes.clone())
                .output()
                .unwrap();
            let code = out.status.code();
            assert!(matches!(code, Some(0..=2)), "format {format} round {round}: exit {code:?}");
            if code == Some(2) {
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(err.contains("<stdin>:"), "format {format}: message names the input: {err}");
            }
        }
    }
}

#[test]
fn empty_input_gives_no_output_and_exit_0_in_every_format() {
    for format in FORMATS.iter().filter(|f| !matches!(**f, "csv")) {
        solve(&["--input", format], "").success().stdout("");
    }
    solve(&["--input", "csv"], "").code(2).stderr(predicate::str::contains("<stdin>:1: empty CSV input"));
}

#[test]
fn a_five_megabyte_line_without_newline_is_an_error_not_an_allocation() {
    let huge = "1".repeat(5 << 20);
    solve(&[], huge.clone())
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:65537: line longer than 65536 bytes"));
    solve(&["--input", "noip"], huge).code(2).stderr(predicate::str::contains("line longer than"));
}

#[test]
fn a_directory_as_input_is_an_error_even_with_skip_invalid() {
    // Reading a directory fails; once, --skip-invalid retried forever.
    let out = Command::cargo_bin("sudoku")
        .unwrap()
        .args(["solve", "--skip-invalid", "--jobs", "1", "."])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("is a directory").count(), 1, "{stderr}");
}

#[test]
fn truncated_records_name_their_line() {
    let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    solve(&["--input", "block"], rows[..5].join("\n"))
        .code(2)
        .stderr(predicate::str::contains("<stdin>:6:1: found 45 cells"));
    solve(&[], &P[..60]).code(2).stderr(predicate::str::contains("<stdin>:1:61: found 60 cells"));
    solve(&["--input", "noip"], "0 0 0\n1 2")
        .code(2)
        .stderr(predicate::str::contains("<stdin>:2:4: found 5 cells"));
    solve(&["--input", "poj"], format!("2\n{}\n", rows.join("\n")))
        .code(2)
        .stderr(predicate::str::contains("1 more grids"));
}

#[test]
fn digits_out_of_range_letters_and_nul_bytes_are_located() {
    solve(&["--input", "noip"], format!("0 12 {}", "0 ".repeat(79)))
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:3: number \"12\" out of range"));
    solve(&[], format!("{}a{}", &P[..10], &P[11..]))
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:11: unexpected character 'a'"));
    solve(&[], format!("{}\0{}", &P[..3], &P[4..]))
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:4: unexpected byte 0x00"));
    let bad_utf8: Vec<u8> = [&P.as_bytes()[..5], &[0xff], &P.as_bytes()[6..]].concat();
    solve(&[], bad_utf8).code(2).stderr(predicate::str::contains("<stdin>:1:6: unexpected byte 0xff"));
}

#[test]
fn crlf_and_a_utf8_bom_are_accepted() {
    let input = format!("\u{feff}{P}\r\n{P}\r\n");
    let out = Command::cargo_bin("sudoku").unwrap().arg("solve").write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

#[test]
fn csv_with_a_missing_column_or_ragged_rows_is_located() {
    solve(&["--input", "csv"], "a,b\n1,2\n")
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1: no puzzle column found"));
    solve(&["--input", "csv"], format!("puzzle,b\n{P},1,2\n"))
        .code(2)
        .stderr(predicate::str::contains("<stdin>:2: row has 3 fields, the header has 2"));
}

#[test]
fn contradictory_givens_are_never_solved() {
    let mut p = P.to_string();
    p.replace_range(1..2, "4");
    solve(&[], format!("{p}\n")).code(1).stdout("no solution\n");
    solve(&["--count"], format!("{p}\n")).code(1).stdout("0\n");
}

#[test]
fn a_closed_pipe_ends_quietly_with_exit_0() {
    use std::io::Write;
    use std::process::{Command as Std, Stdio};
    let input = format!("{}\n", ".".repeat(81)).repeat(50_000);
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", "--all", "--limit", "20"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 81];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "no broken-pipe message: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn ctrl_c_during_an_output_file_leaves_no_partial_and_no_temporary_file() {
    use std::process::{Command as Std, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{}\n", ".".repeat(81)).repeat(200_000)).unwrap();
    let out = dir.path().join("out.txt");
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", "--all", "--limit", "50", "--jobs", "1", "-o"])
        .arg(&out)
        .arg(&input)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the temporary file exists, then interrupt.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::fs::read_dir(dir.path()).unwrap().count() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let killed = Std::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "interrupted");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("in.txt")], "only the input remains");
}

/// Garbage through every puzzle-reading command in every input format: an
/// exit code of 0, 1 or 2 and, on 2, a message naming the input.
#[test]
fn random_bytes_never_panic_grade_print_or_max_score() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf");
    let pdf = pdf.to_str().unwrap();
    let commands: [&[&str]; 3] =
        [&["grade"], &["solve", "--max-score", "--node-limit", "1000"], &["print", "--force", "-o", pdf]];
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for round in 0..3 {
        let mut bytes: Vec<u8> = (0..1500)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        if round == 2 {
            // Mostly digits and newlines: gets further into the parsers.
            for b in bytes.iter_mut() {
                *b = b"0123456789.\n \n"[*b as usize % 14];
            }
        }
        for command in commands {
            for format in FORMATS {
                let out = Command::cargo_bin("sudoku")
                    .unwrap()
                    .args(command)
                    .args(["--input", format])
                    .write_stdin(bytes.clone())
                    .output()
                    .unwrap();
                let code = out.status.code();
                assert!(matches!(code, Some(0..=2)), "{command:?} {format} round {round}: exit {code:?}");
                if code == Some(2) {
                    let err = String::from_utf8_lossy(&out.stderr);
                    assert!(
                        err.contains("<stdin>") || err.contains("no puzzles"),
                        "{command:?} {format}: {err}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_weights_file_with_garbage_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.txt");
    std::fs::write(&w, "1 2 3\n4 x 6\n").unwrap();
    solve(&["--max-score", "--weights", w.to_str().unwrap()], format!("{P}\n"))
        .code(2)
        .stderr(predicate::str::contains(format!("{}:2:3: unexpected character 'x'", w.display())));
    std::fs::write(&w, "1 2 3\n").unwrap();
    solve(&["--max-score", "--weights", w.to_str().unwrap()], format!("{P}\n"))
        .code(2)
        .stderr(predicate::str::contains("w.txt:"));
}

#[test]
fn max_score_on_contradictory_givens_is_minus_one_never_a_score() {
    let mut p = P.to_string();
    p.replace_range(1..2, "4");
    solve(&["--max-score"], format!("{p}\n")).code(1).stdout("-1\n");
}

#[test]
fn generate_into_a_closed_pipe_stops_at_once_with_exit_0() {
    use std::process::{Command as Std, Stdio};
    let started = std::time::Instant::now();
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["generate", "-n", "1000000", "--seed", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "no broken-pipe message: {}", String::from_utf8_lossy(&out.stderr));
    // A million puzzles take minutes; stopping means well under that.
    assert!(started.elapsed() < std::time::Duration::from_secs(120), "stopped at once");
}
