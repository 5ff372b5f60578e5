//! CLI tests for `sudoku solve`: input formats, output formats, the poj
//! judge contract, limits and exit codes. Expected solutions come from
//! `fixtures/solve.txt` (an independent oracle), not from this binary.

use assert_cmd::Command;
use predicates::prelude::*;

use crate::util::*;

/// `(puzzle, count, solution)` of every fixture line.
fn fixtures() -> Vec<(String, u64, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/solve.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let p: Vec<&str> = l.split(':').collect();
            (p[0].to_string(), p[1].parse().unwrap(), p[2].to_string())
        })
        .collect()
}

fn unique() -> Vec<(String, String)> {
    fixtures().into_iter().filter(|f| f.1 == 1).map(|f| (f.0, f.2)).collect()
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

fn rows_of(line: &str) -> String {
    line.as_bytes().chunks(9).map(|r| format!("{}\n", String::from_utf8_lossy(r).replace('.', "0"))).collect()
}

#[test]
fn solves_line_records_in_order_with_exit_0() {
    let u = unique();
    let input: String = u.iter().map(|(p, _)| format!("{p}\n")).collect();
    let expected: String = u.iter().map(|(_, s)| format!("{s}\n")).collect();
    sudoku().args(["solve", "--jobs", "2"]).write_stdin(input).assert().success().stdout(expected);
}

#[test]
fn detects_block_and_noip_records_and_forced_formats_agree() {
    let (p, s) = &unique()[0];
    let block: String = p
        .as_bytes()
        .chunks(9)
        .enumerate()
        .map(|(i, r)| {
            let r = String::from_utf8_lossy(r);
            let sep = if i == 3 || i == 6 { "---+---+---\n" } else { "" };
            format!("{sep}{}|{}|{}\n", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let noip: String = p
        .chars()
        .map(|c| if c == '.' { '0' } else { c })
        .collect::<Vec<_>>()
        .chunks(9)
        .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let expected = format!("{s}\n");
    for (input, forced) in [(&block, "block"), (&noip, "noip")] {
        sudoku().args(["solve"]).write_stdin(input.as_str()).assert().success().stdout(expected.clone());
        sudoku()
            .args(["solve", "--input", forced])
            .write_stdin(input.as_str())
            .assert()
            .success()
            .stdout(expected.clone());
    }
    let both = format!("{block}\n{noip}\n{p}\n");
    sudoku().arg("solve").write_stdin(both).assert().success().stdout(expected.repeat(3));
}

#[test]
fn poj_contract_prints_rows_and_the_original_grid_when_unsolvable() {
    let (p, s) = &unique()[1];
    let unsolvable = fixtures().into_iter().find(|f| f.1 == 0).unwrap().0;
    let input = format!("2\n{}{}", rows_of(p), rows_of(&unsolvable));
    let expected = format!("{}{}", rows_of(s), rows_of(&unsolvable));
    sudoku().arg("solve").write_stdin(input.clone()).assert().code(1).stdout(expected.clone());
    sudoku().args(["solve", "--input", "poj"]).write_stdin(input).assert().code(1).stdout(expected);
}

#[test]
fn contradictory_givens_have_no_solution_exit_1_and_name_the_cells() {
    let mut p: Vec<char> = unique()[0].0.chars().collect();
    p[0] = '4';
    p[1] = '4';
    let p: String = p.into_iter().collect();
    sudoku()
        .arg("solve")
        .write_stdin(format!("{p}\n"))
        .assert()
        .code(1)
        .stdout("no solution\n")
        .stderr(predicate::str::contains("<stdin>:1: no solution: digit 4 twice in row 1 (r1c1 and r1c2)"));
}

#[test]
fn a_malformed_record_stops_with_file_line_column_and_exit_2() {
    let u = unique();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    let bad = format!("{}x", &u[1].0[..80]);
    std::fs::write(&path, format!("{}\n{bad}\n{}\n", u[0].0, u[2].0)).unwrap();
    sudoku()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(2)
        .stdout(format!("{}\n", u[0].1))
        .stderr(predicate::str::contains(format!("{}:2:81: unexpected character 'x'", path.display())));
}

#[test]
fn skip_invalid_reports_and_goes_on_keeping_records_aligned() {
    let u = unique();
    let input = format!("{}\n{}x\n{}\n", u[0].0, &u[1].0[..80], u[2].0);
    sudoku()
        .args(["solve", "--skip-invalid"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{}\ninvalid\n{}\n", u[0].1, u[2].1))
        .stderr(predicate::str::contains("<stdin>:2:81"));
}

#[test]
fn count_and_all_follow_the_oracle_and_their_limits() {
    let many: Vec<_> = fixtures().into_iter().filter(|f| f.1 > 1).collect();
    let input: String = many.iter().map(|f| format!("{}\n", f.0)).collect();
    let expected: String = many.iter().map(|f| format!("{}\n", f.1)).collect();
    sudoku().args(["solve", "--count"]).write_stdin(input.clone()).assert().success().stdout(expected);
    let capped: String = many.iter().map(|f| format!("{}\n", f.1.min(5))).collect();
    sudoku().args(["solve", "--count", "--limit", "5"]).write_stdin(input).assert().success().stdout(capped);

    let out =
        stdout_of(sudoku().args(["solve", "--all", "--limit", "3"]).write_stdin(format!("{}\n", many[0].0)));
    let solutions: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(solutions.len(), 3);
    let puzzle: Vec<char> = many[0].0.chars().collect();
    for s in &solutions {
        assert_eq!(s.len(), 81);
        assert!(s.chars().zip(&puzzle).all(|(a, &b)| b == '.' || a == b), "{s} keeps the givens");
    }
    let mut dedup = solutions.clone();
    dedup.sort_unstable();
    dedup.dedup();
    assert_eq!(dedup.len(), 3, "distinct solutions");
}

#[test]
fn count_and_all_on_the_empty_grid_stop_at_their_default_limits() {
    let empty = format!("{}\n", ".".repeat(81));
    sudoku().args(["solve", "--count"]).write_stdin(empty.clone()).assert().success().stdout("1000\n");
    let out = stdout_of(sudoku().args(["solve", "--all"]).write_stdin(empty));
    assert_eq!(out.trim_end().split(' ').count(), 100);
}

#[test]
fn csv_and_json_outputs_carry_the_documented_fields() {
    let u = unique();
    let input = format!("{}\n{}\n", u[0].0, ".".repeat(81));
    let out = stdout_of(
        sudoku().args(["solve", "--count", "--limit", "2", "--format", "csv"]).write_stdin(input.clone()),
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("puzzle,solution,status,count"));
    assert_eq!(lines.next().unwrap(), format!("{},{},unique,1", u[0].0, u[0].1));
    assert!(lines.next().unwrap().ends_with(",multiple,2"));
    assert_eq!(lines.next(), None);

    let out = stdout_of(sudoku().args(["solve", "--format", "json"]).write_stdin(input));
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["puzzle"], u[0].0.as_str());
    assert_eq!(rows[0]["solution"], u[0].1.as_str());
    assert_eq!(rows[0]["status"], "solved");
    assert!(rows[0]["nodes"].as_u64().unwrap() >= 1);
}

#[test]
fn block_output_is_one_block_per_record() {
    let (p, s) = &unique()[0];
    let out = stdout_of(sudoku().args(["solve", "--format", "block"]).write_stdin(format!("{p}\n")));
    assert_eq!(out.lines().count(), 12);
    let digits: String = out.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(&digits, s);
}

#[test]
fn output_is_byte_identical_for_any_jobs() {
    let input: String = fixtures().iter().map(|f| format!("{}\n", f.0)).collect::<String>().repeat(20);
    let one = sudoku()
        .args(["solve", "--jobs", "1", "--format", "json"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let two =
        sudoku().args(["solve", "--jobs", "2", "--format", "json"]).write_stdin(input).output().unwrap();
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.status.code(), Some(1));
}

#[test]
fn output_file_is_written_atomically_and_never_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let (p, s) = &unique()[0];
    sudoku().args(["solve", "-o"]).arg(&out).write_stdin(format!("{p}\n")).assert().success().stdout("");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{s}\n"));
    sudoku()
        .args(["solve", "-o"])
        .arg(&out)
        .write_stdin(format!("{p}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    sudoku().args(["solve", "--force", "-o"]).arg(&out).write_stdin(format!("{p}\n")).assert().success();
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left: {leftovers:?}");
}

#[test]
fn usage_errors_exit_2() {
    sudoku().args(["solve", "--limit", "0"]).assert().code(2);
    sudoku().args(["solve", "--format", "xml"]).assert().code(2);
    sudoku()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.txt"));
}

#[test]
fn csv_input_reads_the_kaggle_and_qqwing_layouts_as_they_are() {
    let expected = std::fs::read_to_string(fixture_path("csv/expected_solutions.txt")).unwrap();
    for name in ["csv/kaggle_quizzes.csv", "csv/kaggle_3m.csv", "csv/qqwing.csv"] {
        sudoku()
            .args(["solve", "--input", "csv"])
            .arg(fixture_path(name))
            .assert()
            .success()
            .stdout(expected.clone());
    }
    // A `.csv` file needs no `--input csv`.
    sudoku().arg("solve").arg(fixture_path("csv/qqwing.csv")).assert().success().stdout(expected.clone());
    let first = expected.lines().next().unwrap();
    sudoku()
        .args(["solve", "--input", "csv", "--column", "solution"])
        .arg(fixture_path("csv/kaggle_3m.csv"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!("{first}\n")));
}

#[test]
fn csv_input_errors_name_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.csv");
    let (p, s) = &unique()[0];
    std::fs::write(&path, format!("puzzle,solution\n{p},{s}\n{}x,x\n{p}\n", &p[..80])).unwrap();
    sudoku()
        .args(["solve", "--input", "csv"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(format!("{s}\n"))
        .stderr(predicate::str::contains(format!("{}:3: column puzzle: ", path.display())));
    sudoku()
        .args(["solve", "--input", "csv", "--skip-invalid"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!("{s}\ninvalid\ninvalid\n"))
        .stderr(predicate::str::contains(":4: row has 1 fields, the header has 2"));
    sudoku()
        .args(["solve", "--input", "csv", "--column", "nope"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column \"nope\" not found; the columns are: puzzle, solution"));
}

/// Help, usage errors and versions are clap's own texts, for every
/// subcommand.
#[test]
fn help_and_usage_errors_are_clap_s_whichever_way_the_line_is_read() {
    for help in ["--help", "-h"] {
        let out = stdout_of(sudoku().args(["solve", help]));
        assert!(out.contains("Usage: sudoku solve [OPTIONS] [FILE]..."), "{out}");
        for flag in ["--count", "--all", "--limit <N>", "--jobs <N>", "--format <FORMAT>", "--input <FORMAT>"]
        {
            assert!(out.contains(flag), "{help} mentions {flag}");
        }
    }
    for sub in ["generate", "print", "grade", "book"] {
        let out = stdout_of(sudoku().args([sub, "--help"]));
        assert!(out.contains(&format!("Usage: sudoku {sub}")), "{out}");
    }
    sudoku().arg("--version").assert().success().stdout(format!("sudoku {}\n", env!("CARGO_PKG_VERSION")));
    for (args, names) in [
        (&["solve", "--bogus"][..], "'--bogus'"),
        (&["solve", "--count", "--all"], "'--all'"),
        (&["solve", "--jobs", "x", "a.txt"], "--jobs"),
        (&["solve", "--count", "--count"], "'--count'"),
        (&["solve", "--format", "xml"], "xml"),
        (&["generate", "--bogus"], "'--bogus'"),
    ] {
        sudoku()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("error: "))
            .stderr(predicate::str::contains(names));
    }
    sudoku().args(["solve", "--bogus"]).assert().stderr(predicate::str::contains("Usage: sudoku solve"));
}

/// The benchmarked command lines (read without clap) solve and count as
/// the oracle says.
#[test]
fn plain_solve_and_count_lines_follow_the_oracle() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.txt");
    let f = fixtures();
    std::fs::write(&file, f.iter().map(|f| format!("{}\n", f.0)).collect::<String>()).unwrap();
    let code = if f.iter().any(|f| f.1 == 0) { 1 } else { 0 };
    let out = sudoku().args(["solve", "--jobs", "1"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(code));
    let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), f.len());
    // A puzzle with several solutions prints one of them: it keeps the givens.
    for ((p, count, s), line) in f.iter().zip(&lines) {
        match count {
            0 => assert_eq!(line, "no solution", "{p}"),
            1 => assert_eq!(line, s, "{p}"),
            _ => assert!(
                line.len() == 81 && line.chars().zip(p.chars()).all(|(a, b)| b == '.' || a == b),
                "{p}"
            ),
        }
    }
    let counts: String = f.iter().map(|f| format!("{}\n", f.1.min(2))).collect();
    sudoku()
        .args(["solve", "--count", "--limit", "2", "--jobs", "1"])
        .arg(&file)
        .assert()
        .code(code)
        .stdout(counts);
}
