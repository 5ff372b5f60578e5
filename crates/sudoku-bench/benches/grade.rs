//! The grader measured against Sudoku Explainer: how often our ER, EP and
//! ED equal SE's on the calibration files of `../shared/datasets/grade/`,
//! the time to grade the bank's calibration file on one core, the same 200
//! puzzles rated by `serate` and by us (time and agreement), rank
//! correlation with the other references (and human solving times when a
//! file of them is present), and how ratings spread over the bands.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku`, this build's `sudoku grade`
//! against that one's on 1,000 calibration puzzles, as whole processes
//! (`sudoku_bench::BaselineRun`).
//!
//! `SUDOKU_DATASETS` overrides where the datasets are looked for; `SE_JAR`
//! where Sukaku Explainer's jar is. `GRADE_DUMP=FILE` writes every row
//! (file, puzzle, reference, ER, EP, ED, technique) as tab-separated text.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_grade::{Band, Grade, Grader};

/// One rated puzzle of a reference file.
struct Row {
    puzzle: Grid,
    reference: f64,
    /// Whether the reference is an exact SE value (not a bucket like `<1.5`).
    exact: bool,
}

/// Reads `column` of a CSV file with a header row; `value` maps the text
/// of the cell to a number. Fields before the last are never quoted in
/// these files, so a plain split is enough.
fn read_csv(path: &std::path::Path, column: &str, value: impl Fn(&str) -> Option<f64>) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let Some(col) = header.iter().position(|h| *h == column) else { return Vec::new() };
    lines
        .filter_map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            let puzzle = Grid::parse_line(fields.first()?).ok()?;
            let text = fields.get(col)?;
            let reference = value(text)?;
            Some(Row { puzzle, reference, exact: text.parse::<f64>().is_ok() })
        })
        .collect()
}

/// Ranks with ties given their average rank.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..xs.len()).collect();
    idx.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut r = vec![0.0; xs.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && xs[idx[j + 1]] == xs[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = avg;
        }
        i = j + 1;
    }
    r
}

/// Spearman's ρ: Pearson correlation of the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    sab / (saa * sbb).sqrt()
}

fn se_value(s: &str) -> Option<f64> {
    match s {
        // Bucket rows of the bank: below 2.5 it has no exact values.
        "<1.5" => Some(1.2),
        "1.5-2.4" => Some(2.0),
        _ => s.parse().ok(),
    }
}

fn qqwing_value(s: &str) -> Option<f64> {
    match s {
        "Simple" => Some(1.0),
        "Easy" => Some(2.0),
        "Intermediate" => Some(3.0),
        "Expert" => Some(4.0),
        _ => None,
    }
}

fn main() {
    let dir = std::env::var_os("SUDOKU_DATASETS").map(PathBuf::from).or_else(sudoku_bench::datasets_dir);
    let Some(dir) = dir.map(|d| d.join("grade")).filter(|d| d.is_dir()) else {
        println!("../shared/datasets/grade not found (set SUDOKU_DATASETS): nothing to measure");
        return;
    };
    let mut dump = std::env::var_os("GRADE_DUMP").map(|p| std::fs::File::create(p).expect("GRADE_DUMP file"));
    let mut grader = Grader::new();

    let calibration = read_csv(&dir.join("se_rated_calibration.csv"), "se_rating", se_value);
    // Warm-up, then the timed run on one core.
    for row in calibration.iter().take(200) {
        let _ = grader.grade(&row.puzzle);
    }
    let (t, cpu0) = (Instant::now(), thread_cpu_seconds());
    let grades: Vec<Option<Grade>> = calibration.iter().map(|r| grader.grade(&r.puzzle).ok()).collect();
    let secs = t.elapsed().as_secs_f64();
    let cpu = thread_cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    println!("## Grader against Sudoku Explainer\n");
    println!(
        "Graded se_rated_calibration.csv ({} puzzles) on one thread: {:.2} s wall, {} CPU ({:.0} µs/puzzle wall; target ≤ 30 s).\n",
        calibration.len(),
        secs,
        cpu.map_or("unknown".to_string(), |c| format!("{c:.2} s")),
        secs * 1e6 / calibration.len().max(1) as f64
    );
    if let Some(f) = dump.as_mut() {
        write_dump(f, "se", &calibration, &grades);
    }

    // Exact agreement: the bank rows with an exact SE value (below 2.5 the
    // bank only has ranges), by row parity and by SE value.
    println!("### ER equal to SE's\n");
    println!("| rows | puzzles | ER exact | within 0.1 | worst SE value (exact) |");
    println!("|---|---:|---:|---:|---|");
    let exact_rows: Vec<(f64, f64)> =
        calibration.iter().zip(&grades).filter_map(|(r, g)| Some((g.as_ref()?.er, r.reference))).collect();
    for (name, parity) in
        [("se_rated_calibration.csv, all", None), ("  even rows", Some(0)), ("  odd rows", Some(1))]
    {
        let rows: Vec<(f64, f64)> = calibration
            .iter()
            .zip(&exact_rows)
            .enumerate()
            .filter(|(i, (r, _))| parity.is_none_or(|p| i % 2 == p) && r.exact)
            .map(|(_, (_, pair))| *pair)
            .collect();
        println!("{}", agreement_row(name, &rows));
    }
    let generated = read_generated(&dir.join("se_generated_calibration.csv"));
    if !generated.is_empty() {
        let g: Vec<Option<Grade>> = generated.iter().map(|r| grader.grade(&r.0).ok()).collect();
        let er: Vec<(f64, f64)> =
            generated.iter().zip(&g).filter_map(|(r, g)| Some((g.as_ref()?.er, r.1[0]))).collect();
        println!("{}", agreement_row("se_generated_calibration.csv", &er));
        let share = |k: usize| {
            let ok = generated
                .iter()
                .zip(&g)
                .filter(|(r, g)| {
                    g.as_ref().is_some_and(|g| ((if k == 1 { g.ep } else { g.ed }) - r.1[k]).abs() < 0.01)
                })
                .count();
            100.0 * ok as f64 / generated.len() as f64
        };
        println!(
            "\nse_generated_calibration.csv: EP exact {:.1} %, ED exact {:.1} % (target ≥ 90 %).",
            share(1),
            share(2)
        );
    }

    serate_comparison(&calibration, &mut grader);

    println!("\n### Rank correlation with other references\n");
    println!("| file | reference | puzzles | Spearman ρ |");
    println!("|---|---|---:|---:|");
    let report = |name: &str, reference: &str, rows: &[Row], grades: &[Option<Grade>]| {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for (r, g) in rows.iter().zip(grades) {
            if let Some(g) = g {
                ours.push(g.er);
                theirs.push(r.reference);
            }
        }
        println!("| {name} | {reference} | {} | {:.3} |", ours.len(), spearman(&ours, &theirs));
    };
    report("se_rated_calibration.csv", "SE rating", &calibration, &grades);
    let others = [
        (
            "radcliffe3m_rated_sample.csv",
            "difficulty",
            "Radcliffe depth",
            se_value as fn(&str) -> Option<f64>,
        ),
        ("qqwing_rated_stratified.csv", "qqwing_difficulty", "QQWing label", qqwing_value),
    ];
    for (file, column, what, value) in others {
        let rows = read_csv(&dir.join(file), column, value);
        let grades: Vec<Option<Grade>> = rows.iter().map(|r| grader.grade(&r.puzzle).ok()).collect();
        report(file, what, &rows, &grades);
        if let Some(f) = dump.as_mut() {
            write_dump(f, file, &rows, &grades);
        }
    }
    // Human solving times, when a file of them is present: any CSV of the
    // folder with a `puzzle` column and a column named like a time.
    for (file, column) in human_time_files(&dir) {
        let rows = read_csv(&dir.join(&file), &column, |s| s.parse().ok());
        let grades: Vec<Option<Grade>> = rows.iter().map(|r| grader.grade(&r.puzzle).ok()).collect();
        report(&file, &format!("human time ({column}); target ρ ≥ 0.70"), &rows, &grades);
    }

    println!("\n### Ratings per band on se_rated_calibration.csv\n");
    println!("| band | puzzles | our ER min / median / max | SE rating min / median / max |");
    println!("|---|---:|---|---|");
    for band in Band::ALL {
        let mut ours: Vec<f64> = Vec::new();
        let mut theirs: Vec<f64> = Vec::new();
        for (r, g) in calibration.iter().zip(&grades) {
            if let Some(g) = g.as_ref().filter(|g| g.band == band) {
                ours.push(g.er);
                theirs.push(r.reference);
            }
        }
        println!("| {band} | {} | {} | {} |", ours.len(), spread(&mut ours), spread(&mut theirs));
    }
    against_baseline(&calibration);
}

/// Puzzles of the calibration file graded per run against `SUDOKU_BASELINE`
/// (a run grades them in a few seconds), and how many of them with
/// `--explain`.
const N_BASELINE: usize = 1000;
const N_BASELINE_EXPLAIN: usize = 250;

/// With `SUDOKU_BASELINE` set: `sudoku grade` of this build against the
/// baseline's, one job, on [`N_BASELINE`] puzzles spread over
/// `se_rated_calibration.csv` (line and CSV output), and `--explain` (JSON)
/// on [`N_BASELINE_EXPLAIN`] of them, spread likewise.
fn against_baseline(calibration: &[Row]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku grade`, one job");
    // The file runs from the easiest rating to the hardest: lines spread evenly.
    let spread = |lines: &[String], n: usize| -> Vec<String> {
        (0..n.min(lines.len())).map(|k| lines[k * lines.len() / n.min(lines.len())].clone()).collect()
    };
    let all: Vec<String> = calibration.iter().map(|r| r.puzzle.to_line()).collect();
    let lines = spread(&all, N_BASELINE);
    let (file, n) = run.write_lines("calibration.txt", &lines, 0);
    let explain = spread(&lines, N_BASELINE_EXPLAIN);
    let (explain_file, n_explain) = run.write_lines("explain.txt", &explain, 0);
    let (file, explain_file) = (file.to_string_lossy(), explain_file.to_string_lossy());
    run.row(&["grade", "--jobs", "1", &file], n);
    run.row(&["grade", "-f", "csv", "--jobs", "1", &file], n);
    run.row(&["grade", "--explain", "-f", "json", "--jobs", "1", &explain_file], n_explain);
}

/// A table row: how many of `pairs` (ours, SE's) are equal and within 0.1,
/// and the SE value with the lowest exact share.
fn agreement_row(name: &str, pairs: &[(f64, f64)]) -> String {
    let n = pairs.len().max(1) as f64;
    let share = |tol: f64| 100.0 * pairs.iter().filter(|(a, b)| (a - b).abs() < tol).count() as f64 / n;
    let mut by_value: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    for (a, b) in pairs {
        let e = by_value.entry(format!("{b:.1}")).or_default();
        e.0 += 1;
        e.1 += u32::from((a - b).abs() < 0.01);
    }
    let worst = by_value
        .iter()
        .filter(|(_, (n, _))| *n >= 5)
        .map(|(v, (n, ok))| (f64::from(*ok) / f64::from(*n), v.clone(), *n))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or("-".to_string(), |(s, v, n)| format!("{v}: {:.0} % of {n}", 100.0 * s));
    format!("| {name} | {} | {:.1} % | {:.1} % | {worst} |", pairs.len(), share(0.01), share(0.11))
}

/// `se_generated_calibration.csv`: puzzle and SE's ER, EP, ED.
fn read_generated(path: &std::path::Path) -> Vec<(Grid, [f64; 3])> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let num = |i: usize| f.get(i)?.parse::<f64>().ok();
            Some((Grid::parse_line(f.first()?).ok()?, [num(1)?, num(2)?, num(3)?]))
        })
        .collect()
}

/// CSV files of `dir` with a `puzzle` column and a time column (named with
/// `time` or `seconds`), and that column's name.
fn human_time_files(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if !name.ends_with(".csv") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let header: Vec<&str> = text.lines().next().unwrap_or("").split(',').collect();
        if !header.contains(&"puzzle") {
            continue;
        }
        if let Some(col) = header.iter().find(|h| h.contains("time") || h.contains("seconds")) {
            out.push((name, col.to_string()));
        }
    }
    out.sort();
    out
}

/// Rates the same 200 bank puzzles with Sukaku Explainer's `serate` (when
/// Java and the jar are here: `SE_JAR`, default `/tmp/se/SukakuExplainer.jar`;
/// `../shared/datasets/grade/SE_REFERENCE.md` says how to build it) and with
/// our grader, one thread each, and compares time and ratings.
fn serate_comparison(calibration: &[Row], grader: &mut Grader) {
    println!("\n### Against serate on the same 200 puzzles\n");
    let jar = std::env::var("SE_JAR").unwrap_or_else(|_| "/tmp/se/SukakuExplainer.jar".to_string());
    let sample: Vec<&Row> =
        calibration.iter().filter(|r| r.exact).step_by((calibration.len() / 200).max(1)).take(200).collect();
    let (t, cpu0) = (Instant::now(), thread_cpu_seconds());
    let ours: Vec<f64> = sample.iter().map(|r| grader.grade(&r.puzzle).map_or(-1.0, |g| g.er)).collect();
    let (our_wall, our_cpu) = (t.elapsed().as_secs_f64(), thread_cpu_seconds().zip(cpu0).map(|(b, a)| b - a));
    if !std::path::Path::new(&jar).is_file() {
        println!(
            "serate not found at {jar} (set SE_JAR): ours took {our_wall:.3} s for {} puzzles.",
            sample.len()
        );
        return;
    }
    let input = std::env::temp_dir().join(format!("serate-bench-{}.txt", std::process::id()));
    let text: String = sample.iter().map(|r| r.puzzle.to_line() + "\n").collect();
    std::fs::write(&input, text).expect("temp file");
    let children0 = children_cpu_seconds();
    let t = Instant::now();
    let out = std::process::Command::new("java")
        .args(["-Xrs", "-Xmx1g", "-cp", &jar, "diuf.sudoku.test.serate", "--threads=1"])
        .arg("--techs=1111111111010111011111111011100110100010111111")
        .arg("--format=%g %r")
        .arg(format!("--input={}", input.display()))
        .arg("--output=-")
        .output();
    let se_wall = t.elapsed().as_secs_f64();
    let se_cpu = children_cpu_seconds().zip(children0).map(|(b, a)| b - a);
    let _ = std::fs::remove_file(&input);
    let Some(out) = out.ok().filter(|o| o.status.success()) else {
        println!("serate did not run (java missing?): ours took {our_wall:.3} s.");
        return;
    };
    // serate writes `puzzle rating` a line, the puzzle as it was read.
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let theirs: std::collections::HashMap<&str, f64> = text
        .lines()
        .filter_map(|l| {
            let (p, r) = l.trim().split_once(' ')?;
            Some((p, r.trim().parse().ok()?))
        })
        .collect();
    let pairs: Vec<(f64, f64)> = sample
        .iter()
        .zip(&ours)
        .filter_map(|(r, &o)| Some((o, *theirs.get(r.puzzle.to_line().as_str())?)))
        .collect();
    let same = pairs.iter().filter(|(a, b)| (a - b).abs() < 0.01).count();
    let cpu = |c: Option<f64>| c.map_or("unknown".to_string(), |c| format!("{c:.2} s"));
    println!("| rater | wall | CPU | ER equal to serate's |");
    println!("|---|---:|---:|---:|");
    println!("| serate 1.18.1 (Java, --threads=1) | {se_wall:.2} s | {} | - |", cpu(se_cpu));
    println!("| ours (one thread) | {our_wall:.3} s | {} | {same} of {} |", cpu(our_cpu), pairs.len());
    println!(
        "\nSpeed-up: {:.0}× wall{}.",
        se_wall / our_wall,
        match (se_cpu, our_cpu) {
            (Some(s), Some(o)) if o > 0.0 => format!(", {:.0}× CPU", s / o),
            _ => String::new(),
        }
    );
}

/// CPU time of this process's finished children (user + system), from
/// `/proc` on Linux.
fn children_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line.
    let ticks: f64 = fields.get(13)?.parse::<f64>().ok()? + fields.get(14)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// CPU time of this thread (user + system), from `/proc` on Linux: on a
/// shared machine wall time also counts other processes.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and
    // stime are fields 14 and 15 of the whole line, in clock ticks (100/s).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn spread(xs: &mut [f64]) -> String {
    if xs.is_empty() {
        return "-".to_string();
    }
    xs.sort_by(f64::total_cmp);
    format!("{:.1} / {:.1} / {:.1}", xs[0], xs[xs.len() / 2], xs[xs.len() - 1])
}

fn write_dump(f: &mut std::fs::File, name: &str, rows: &[Row], grades: &[Option<Grade>]) {
    for (r, g) in rows.iter().zip(grades) {
        let (er, ep, ed, tech) =
            g.as_ref().map(|g| (g.er, g.ep, g.ed, g.technique.name())).unwrap_or((-1.0, -1.0, -1.0, "error"));
        let _ = writeln!(f, "{name}\t{}\t{}\t{er}\t{ep}\t{ed}\t{tech}", r.puzzle.to_line(), r.reference);
    }
}
