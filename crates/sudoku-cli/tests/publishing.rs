//! Issue 45, publishing checks: `--no-trial` keeps puzzles a reader solves
//! without trial and error, `--max-spike` keeps puzzles whose hardest
//! step does not stand far above the rest of the path; on classic and
//! variant puzzles, in `generate` and `book`. Every puzzle kept is graded
//! afresh by `sudoku grade --explain`, and its spike computed here from the
//! steps it lists.

use serde_json::Value;

use crate::util::sudoku;

fn run(args: &[&str], input: Option<&str>) -> String {
    let mut cmd = sudoku();
    cmd.args(args);
    if let Some(input) = input {
        cmd.write_stdin(input.to_string());
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Each record of `set` graded with its steps: (ER, trial, spike from
/// the steps' difficulties).
fn graded(set: &str) -> Vec<(f64, bool, f64)> {
    run(&["grade", "--explain", "--format", "json", "-"], Some(set))
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let mut d: Vec<f64> =
                v["steps"].as_array().unwrap().iter().map(|s| s["difficulty"].as_f64().unwrap()).collect();
            d.sort_by(|a, b| b.total_cmp(a));
            let spike = if d.len() < 2 { 0.0 } else { d[0] - d[1] };
            (v["er"].as_f64().unwrap(), v["trial"].as_bool().unwrap_or(false), spike)
        })
        .collect()
}

#[test]
fn r45_no_trial_keeps_puzzles_without_guessing_classic_and_variant() {
    // Unfiltered, some of these sets need a trial (so the filter is seen
    // to work); filtered, none does.
    let cases: [&[&str]; 3] = [
        &["generate", "-n", "30", "--seed", "9", "-q"],
        &["generate", "--variant", "x", "-n", "12", "--seed", "2", "-q"],
        &["generate", "--variant", "anti-knight", "-n", "6", "--seed", "2", "-q"],
    ];
    let mut any_trial = 0;
    for base in cases {
        let free = graded(&run(base, None));
        any_trial += free.iter().filter(|g| g.0 >= 7.5 || g.1).count();
        let kept = graded(&run(&[base, &["--no-trial"]].concat(), None));
        assert_eq!(kept.len(), free.len());
        for (er, trial, _) in kept {
            assert!(er < 7.5 && !trial, "{base:?} --no-trial: ER {er}, trial {trial}");
        }
    }
    assert!(any_trial > 0, "no unfiltered puzzle needed a trial: the test shows nothing");
    // A band that is all trial is refused before any work.
    for args in [
        &["generate", "--difficulty", "extreme", "--no-trial"][..],
        &["generate", "--variant", "killer", "--difficulty", "extreme", "--no-trial"][..],
        &["book", "--sections", "easy:1,killer:extreme:1", "--no-trial", "-o", "never.pdf"][..],
    ] {
        sudoku().args(args).assert().code(2).stderr(predicates::str::contains("needs a trial"));
    }
    assert!(!std::path::Path::new("never.pdf").exists());
}

#[test]
fn r45_max_spike_bounds_the_hardest_step_over_the_rest_classic_and_variant() {
    let cases: [(&[&str], &str); 3] = [
        (&["generate", "-n", "30", "--seed", "4", "-q"], "0.5"),
        (&["generate", "--variant", "killer", "--size", "6", "-n", "8", "--seed", "1", "-q"], "0.0"),
        (&["generate", "--variant", "jigsaw", "-n", "6", "--seed", "1", "-q"], "0.3"),
    ];
    let mut spiky = 0;
    for (base, most) in cases {
        let limit: f64 = most.parse().unwrap();
        spiky += graded(&run(base, None)).iter().filter(|g| g.2 > limit + 0.05).count();
        let kept = graded(&run(&[base, &["--max-spike", most]].concat(), None));
        for (er, _, spike) in kept {
            assert!(spike <= limit + 0.05, "{base:?} --max-spike {most}: spike {spike} (ER {er})");
        }
    }
    assert!(spiky > 0, "no unfiltered puzzle had a spike over the bound: the test shows nothing");
    sudoku()
        .args(["generate", "--max-spike", "x"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("0 to 25.5"));
}

/// A book's CSV gives each puzzle's spike, and `--max-spike` holds in
/// every section of a book with variant sections.
#[test]
fn r45_book_sections_report_and_bound_the_spike() {
    let dir = tempfile::tempdir().unwrap();
    let (pdf, csv) = (dir.path().join("b.pdf"), dir.path().join("b.csv"));
    sudoku()
        .args(["book", "--sections", "easy:2,killer+6x6:medium:3,x:hard:2", "--max-spike", "1.0", "-q", "-o"])
        .arg(&pdf)
        .arg("--csv")
        .arg(&csv)
        .assert()
        .success();
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let at = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 7);
    for row in &rows {
        let spike: f64 = row[at("spike")].parse().unwrap();
        assert!(spike <= 1.0, "{row:?}");
        // The same as the puzzle's path says, graded afresh.
        let puzzle = &row[at("puzzle")];
        let (_, _, fresh) = graded(&format!("{puzzle}\n"))[0];
        assert!((fresh - spike).abs() < 0.05, "{row:?}: {fresh}");
    }
}
