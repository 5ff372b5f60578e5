//! Issue 15, "never lose a byte": each reproduction of the issue, and a test
//! of the whole class each one stands for.

use std::fs;
use std::path::Path;

use predicates::prelude::*;

use crate::util::*;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EMPTY: &str = ".................................................................................";

/// The files of a directory, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// The class: whatever the command, output format, input error and number
/// of jobs, a failed run leaves no output file, and with --force an
/// existing one exactly as it was (no temporary file either).
#[test]
fn r15_a_failed_run_leaves_no_file_and_the_old_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("bad.csv"), "puzzle\n12345\n").unwrap();
    fs::write(d.join("good_then_bad.txt"), format!("{P}\n{P}\nxx\n")).unwrap();
    fs::write(d.join("good.csv"), format!("puzzle\n{P}\n")).unwrap();
    fs::create_dir(d.join("adir")).unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["solve", "--input", "csv", "bad.csv"],
        vec!["solve", "good_then_bad.txt"],
        vec!["solve", "good_then_bad.txt", "--format", "csv"],
        vec!["solve", "good_then_bad.txt", "--format", "json"],
        vec!["solve", "--count", "good_then_bad.txt"],
        vec!["solve", "--all", "--limit", "2", "good_then_bad.txt"],
        vec!["solve", "--max-score", "good_then_bad.txt"],
        vec!["grade", "good_then_bad.txt"],
        vec!["grade", "good_then_bad.txt", "--format", "csv"],
        vec!["solve", "adir"],
        vec!["solve", "good_then_bad.txt", "adir"],
        vec!["grade", "--input", "csv", "--column", "nosuch", "good.csv"],
        vec!["solve", "nosuchfile.txt"],
    ];
    for args in &runs {
        for jobs in ["1", "2"] {
            for existing in [false, true] {
                let out = d.join("out.txt");
                let _ = fs::remove_file(&out);
                if existing {
                    fs::write(&out, "keep\n").unwrap();
                }
                let before = listing(d);
                sudoku()
                    .current_dir(d)
                    .args(args)
                    .args(["-j", jobs, "-o", "out.txt", "--force"])
                    .assert()
                    .code(2);
                assert_eq!(listing(d), before, "{args:?} -j {jobs}: files appeared or vanished");
                if existing {
                    assert_eq!(fs::read_to_string(&out).unwrap(), "keep\n", "{args:?} -j {jobs}");
                }
            }
        }
    }
}

#[test]
fn r15_a_device_or_fifo_is_written_into_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    sudoku().args(["solve", "-o", "/dev/null", "--force"]).write_stdin(format!("{P}\n")).assert().success();
    let meta = fs::metadata("/dev/null").unwrap();
    assert!(!meta.is_file(), "/dev/null was replaced by a regular file");
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(status.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        sudoku().args(["solve", "-o"]).arg(&fifo).write_stdin(format!("{P}\n")).assert().success();
        let text = reader.join().unwrap();
        assert_eq!(text.lines().count(), 1);
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo_like());
    }
}

/// `is_fifo` behind a tiny trait, so the test reads as a sentence.
trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

impl FifoLike for fs::FileType {
    fn is_fifo_like(&self) -> bool {
        #[cfg(unix)]
        {
            std::os::unix::fs::FileTypeExt::is_fifo(self)
        }
        #[cfg(not(unix))]
        {
            false
        }
    }
}

#[cfg(unix)]
#[test]
fn r15_a_symlink_stays_a_symlink_and_force_keeps_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    let link = dir.path().join("link.txt");
    fs::write(&target, "old\n").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    sudoku().args(["solve", "--force", "-o"]).arg(&link).write_stdin(format!("{P}\n")).assert().success();
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap().lines().count(), 1);
    assert_ne!(fs::read_to_string(&target).unwrap(), "old\n");
    assert_eq!(fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
}

#[test]
fn r15_two_outputs_naming_one_file_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    sudoku()
        .current_dir(dir.path())
        .args(["generate", "-n", "2", "--seed", "1", "-o", "a.csv", "--csv", "./a.csv"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("same file"));
    assert!(listing(dir.path()).is_empty());
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("b.csv", dir.path().join("l.csv")).unwrap();
        fs::write(dir.path().join("b.csv"), "keep").unwrap();
        sudoku()
            .current_dir(dir.path())
            .args(["generate", "-n", "2", "--seed", "1", "-o", "l.csv", "--csv", "b.csv", "--force"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("same file"));
        assert_eq!(fs::read_to_string(dir.path().join("b.csv")).unwrap(), "keep");
    }
}

#[test]
fn r15_a_new_svg_set_never_mixes_with_an_older_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("in.txt"), format!("{P}\n").repeat(12)).unwrap();
    fs::write(d.join("book-1.svg"), "old").unwrap();
    let print = |extra: &[&str]| {
        sudoku()
            .current_dir(d)
            .args(["print", "in.txt", "--per-page", "6", "-o", "book.svg"])
            .args(extra)
            .assert()
    };
    print(&[]).code(2).stderr(predicate::str::contains("book-1.svg"));
    assert_eq!(listing(d), ["book-1.svg", "in.txt"]);
    print(&["--force"]).success();
    // 12 puzzles at 6 a page, then the answer key: every page padded alike.
    let pages: Vec<String> = listing(d).into_iter().filter(|n| n.ends_with(".svg")).collect();
    assert!(pages.len() >= 3, "{pages:?}");
    assert!(pages.iter().all(|p| p.len() == "book-0001.svg".len()), "{pages:?}");
    assert!(!pages.contains(&"book-1.svg".to_string()));
}

/// The class: with any mix of valid and malformed records, every record of
/// the input gives exactly one output line, for solve, grade and max-score.
#[test]
fn r15_skip_invalid_keeps_one_line_per_record_in_every_command() {
    let input = format!("{P}\nxx\n{P}\n{}x\n{P}\n", &P[..80]);
    for args in [
        &["solve"][..],
        &["solve", "--count"],
        &["solve", "--all", "--limit", "2"],
        &["solve", "--max-score", "--node-limit", "50"],
        &["grade"],
        &["solve", "--format", "json"],
        &["grade", "--format", "json"],
    ] {
        let out = sudoku().args(args).arg("--skip-invalid").write_stdin(input.clone()).assert().code(1);
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{args:?}: {text}");
        for i in [1, 3] {
            assert!(lines[i].contains("invalid") || lines[i].contains("malformed"), "{args:?}: {text}");
        }
    }
}

#[test]
fn r15_a_csv_file_without_header_keeps_its_first_puzzle() {
    sudoku()
        .args(["solve", "--input", "csv"])
        .write_stdin(format!("{P},a\n{P},b\n"))
        .assert()
        .success()
        .stdout(predicate::function(|s: &str| s.lines().count() == 2))
        .stderr(predicate::str::contains("no header row"));
}

#[test]
fn r15_old_mac_line_ends_and_closing_borders_are_read_as_records() {
    sudoku()
        .arg("solve")
        .write_stdin(format!("{P}\r{P}\r"))
        .assert()
        .success()
        .stdout(predicate::function(|s: &str| s.lines().count() == 2));
    let block = "+-------+-------+-------+\n\
                 | 4 . . | . . . | 8 . 5 |\n| . 3 . | . . . | . . . |\n| . . . | 7 . . | . . . |\n\
                 +-------+-------+-------+\n\
                 | . 2 . | . . . | . 6 . |\n| . . . | . 8 . | 4 . . |\n| . . . | . 1 . | . . . |\n\
                 +-------+-------+-------+\n\
                 | . . . | 6 . 3 | . 7 . |\n| 5 . . | 2 . . | . . . |\n| 1 . 4 | . . . | . . . |\n\
                 +-------+-------+-------+\n";
    sudoku()
        .arg("solve")
        .write_stdin(block)
        .assert()
        .success()
        .stdout(predicate::function(|s: &str| s.lines().count() == 1));
}

#[test]
fn r15_signed_noip_values_are_reported_as_out_of_range() {
    let mut cells = vec!["0"; 81];
    cells[0] = "-1";
    sudoku()
        .arg("solve")
        .write_stdin(cells.join(" "))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("-1"))
        .stdout("");
}

#[test]
fn r15_statuses_say_what_was_shown() {
    let json = |args: &[&str], input: &str| -> serde_json::Value {
        let out = sudoku()
            .arg("solve")
            .args(args)
            .args(["--format", "json"])
            .write_stdin(input.to_string())
            .assert();
        serde_json::from_slice(&out.get_output().stdout).unwrap()
    };
    assert_eq!(json(&["--count", "--limit", "1"], EMPTY)["status"], "solvable");
    assert_eq!(json(&["--count", "--limit", "2"], EMPTY)["status"], "multiple");
    assert_eq!(json(&["--count", "--limit", "2"], P)["status"], "unique");
    assert_eq!(json(&["--all"], P)["status"], "all");
    let limited = json(&["--all", "--limit", "3"], EMPTY);
    assert_eq!(limited["status"], "limit");
    assert_eq!(limited["solutions"].as_array().unwrap().len(), 3);
    // Block output separates the solutions and says how many.
    let out =
        sudoku().args(["solve", "--all", "--limit", "2", "--format", "block"]).write_stdin(EMPTY).assert();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("\n\n") && text.contains("2 solutions (limit)"), "{text}");
}

#[test]
fn r15_empty_csv_output_has_its_header_and_an_empty_book_is_an_error() {
    sudoku()
        .args(["solve", "--format", "csv"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("puzzle,solution,status,count\n");
    sudoku()
        .args(["grade", "--format", "csv"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("puzzle,rating"));
    sudoku()
        .args(["generate", "-n", "0", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("id,seed"));
    let dir = tempfile::tempdir().unwrap();
    sudoku().current_dir(dir.path()).args(["book", "-n", "0"]).assert().code(2);
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn r15_all_streams_in_constant_memory_whatever_the_limit() {
    // The first lines arrive long before the limit could be reached.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", "--all", "--limit", "18446744073709551615", "--format", "json", "-j", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::{Read, Write};
    child.stdin.take().unwrap().write_all(EMPTY.as_bytes()).unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = vec![0u8; 1 << 20];
    let mut n = 0;
    while n < buf.len() {
        n += stdout.read(&mut buf[n..]).unwrap();
    }
    let _ = child.kill();
    let _ = child.wait();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.starts_with("{\"puzzle\":\"...") && text.matches("\",\"").count() > 10_000);
}

#[test]
fn r15_jobs_are_clamped_to_the_cores_and_zero_means_all() {
    sudoku()
        .args(["solve", "-j", "1000"])
        .write_stdin(format!("{P}\n"))
        .assert()
        .success()
        .stderr(predicate::str::contains("cores"));
    sudoku().args(["solve", "-j", "0"]).write_stdin(format!("{P}\n")).assert().success().stderr("");
}

#[test]
fn r15_a_start_number_near_the_top_of_u64_is_refused() {
    sudoku()
        .args(["print", "--start-number", "18446744073709551615", "-o", "x.pdf"])
        .write_stdin(format!("{P}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("start-number"));
}

#[cfg(unix)]
#[test]
fn r15_sigterm_exits_143_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .current_dir(dir.path())
        .args(["solve", "--all", "--limit", "100000000", "-o", "out.txt"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(EMPTY.as_bytes()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status =
        std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    assert_eq!(child.wait().unwrap().code(), Some(143));
    assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
}

/// Issue 16: options that would do nothing are usage errors.
#[test]
fn r16_options_that_do_nothing_are_errors() {
    for args in [
        &["solve", "--limit", "3"][..],
        &["solve", "--column", "x"],
        &["solve", "--weights", "w.txt"],
        &["generate", "--tries", "5"],
        &["generate", "--per-page", "2"],
        &["generate", "--title", "T", "--format", "csv"],
    ] {
        sudoku().args(args).write_stdin("").assert().code(2);
    }
    sudoku()
        .args(["solve", "--format", "JSON", "--input", "LINE"])
        .write_stdin(format!("{P}\n"))
        .assert()
        .success();
}
