//! The grader measured against human-oriented ratings: Spearman ρ between
//! our rating and the reference rating of each file in
//! `../shared/datasets/grade/`, the time to grade the calibration file on
//! one core, and how ratings spread over the bands.
//!
//! The calibration file is split in two halves by row parity: even rows
//! (`fit`) were used to tune the grader, odd rows (`holdout`) were not
//! looked at while tuning, as a check for overfitting.
//!
//! `SUDOKU_DATASETS` overrides where the datasets are looked for.
//! `GRADE_DUMP=FILE` writes every row (file, puzzle, reference, rating,
//! technique, nodes) as tab-separated text for analysis.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use sudoku_core::Grid;
use sudoku_grade::{Band, Grade, Grader};

/// One rated puzzle of a reference file.
struct Row {
    puzzle: Grid,
    reference: f64,
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
            let reference = value(fields.get(col)?)?;
            Some(Row { puzzle, reference })
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
    println!("## Grader against reference ratings\n");
    println!(
        "Graded se_rated_calibration.csv ({} puzzles) on one thread: {:.2} s wall, {} CPU ({:.0} µs/puzzle wall).\n",
        calibration.len(),
        secs,
        cpu.map_or("unknown".to_string(), |c| format!("{c:.2} s")),
        secs * 1e6 / calibration.len().max(1) as f64
    );
    println!("| file | reference | puzzles | Spearman ρ |");
    println!("|---|---|---:|---:|");
    let report = |name: &str, reference: &str, rows: &[Row], grades: &[Option<Grade>]| {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for (r, g) in rows.iter().zip(grades) {
            if let Some(g) = g {
                ours.push(g.rating);
                theirs.push(r.reference);
            }
        }
        println!("| {name} | {reference} | {} | {:.3} |", ours.len(), spearman(&ours, &theirs));
    };
    let split = |parity: usize| -> (Vec<Row>, Vec<Option<Grade>>) {
        calibration
            .iter()
            .zip(&grades)
            .enumerate()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, (r, g))| (Row { puzzle: r.puzzle, reference: r.reference }, g.clone()))
            .unzip()
    };
    report("se_rated_calibration.csv", "SE rating", &calibration, &grades);
    let (fit, fit_g) = split(0);
    report("  even rows (fit)", "SE rating", &fit, &fit_g);
    let (hold, hold_g) = split(1);
    report("  odd rows (holdout)", "SE rating", &hold, &hold_g);
    if let Some(f) = dump.as_mut() {
        write_dump(f, "se", &calibration, &grades);
    }

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

    println!("\n### Ratings per band on se_rated_calibration.csv\n");
    println!("| band | puzzles | our rating min / median / max | SE rating min / median / max |");
    println!("|---|---:|---|---|");
    for band in Band::ALL {
        let mut ours: Vec<f64> = Vec::new();
        let mut theirs: Vec<f64> = Vec::new();
        for (r, g) in calibration.iter().zip(&grades) {
            if let Some(g) = g.as_ref().filter(|g| g.band == band) {
                ours.push(g.rating);
                theirs.push(r.reference);
            }
        }
        println!("| {band} | {} | {} | {} |", ours.len(), spread(&mut ours), spread(&mut theirs));
    }
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
        let (rating, tech, nodes) =
            g.as_ref().map(|g| (g.rating, g.technique.name(), g.nodes)).unwrap_or((-1.0, "error", 0));
        let _ = writeln!(f, "{name}\t{}\t{}\t{rating}\t{tech}\t{nodes}", r.puzzle.to_line(), r.reference);
    }
}
