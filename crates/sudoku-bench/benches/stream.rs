//! Streaming, in-process: a CSV file of 10,000 and then 1,000,000 rows read
//! with `sudoku_io::records` (`InputFormat::Csv`) and every record solved
//! with one reused `sudoku_core::Solver`, measuring rows per second and the
//! process's peak resident memory (VmHWM, from /proc/self/status) after
//! each run. Constant memory means the peak does not grow with the number
//! of rows: 1,000,000 rows should peak within a few MiB of 10,000. The
//! slower grading (`sudoku_grade::Grader`) asks the same with 2,000 and
//! 20,000 rows.
//!
//! Until 2026-11-23 this bench piped the CSV through the `sudoku` binary
//! (`sudoku solve --input csv --jobs 1|2`, `sudoku grade ... --jobs 2`) and
//! polled the child's VmHWM. Now that the readers are a library the numbers
//! hold no process start-up, no output formatting or pipe, and one thread:
//! the reader and the solver alone. Where Linux allows it, the peak is reset
//! (`/proc/self/clear_refs`) before each run, so each row's peak is its own;
//! otherwise the peaks are cumulative, which the order small-then-large
//! still makes a fair test.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku`, this build's `sudoku solve` and
//! `grade` with `--input csv` against that one's, as whole processes
//! (`sudoku_bench::BaselineRun`).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use sudoku_core::Solver;
use sudoku_grade::Grader;
use sudoku_io::{InputFormat, InputSpec};

fn main() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/solve.txt");
    let puzzles: Vec<String> = std::fs::read_to_string(fixtures)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && l.split(':').nth(1) == Some("1"))
        // The 17-clue puzzles: easy for the solver, so the run measures the
        // streaming, not the search.
        .filter(|l| l[..81].bytes().filter(u8::is_ascii_digit).count() == 17)
        .map(|l| l[..81].to_string())
        .collect();
    let dir = std::env::temp_dir().join(format!("sudoku-stream-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let resets = reset_peak_rss();
    println!("| rows | work (in-process, 1 thread) | seconds | rows/s | peak RSS (MiB) |");
    println!("|---:|---|---:|---:|---:|");
    let mut peaks = Vec::new();
    for n_rows in [10_000usize, 1_000_000] {
        let csv = dir.join(format!("rows{n_rows}.csv"));
        write_csv(&csv, n_rows, &puzzles);
        reset_peak_rss();
        let mut solver = Solver::new();
        let t = run(&csv, n_rows, |grid| solver.solve_one(grid).is_some());
        peaks.push(print_row(n_rows, "records(csv) + Solver::solve_one", t));
        std::fs::remove_file(&csv).ok();
    }
    // Grading costs far more per puzzle: fewer rows, same question.
    for n_rows in [2_000usize, 20_000] {
        let csv = dir.join(format!("grade{n_rows}.csv"));
        write_csv(&csv, n_rows, &puzzles);
        reset_peak_rss();
        let mut grader = Grader::new();
        let t = run(&csv, n_rows, |grid| grader.grade(grid).is_ok());
        peaks.push(print_row(n_rows, "records(csv) + Grader::grade", t));
        std::fs::remove_file(&csv).ok();
    }
    std::fs::remove_dir_all(&dir).ok();
    let growth = |small: u64, large: u64| large as i64 - small as i64;
    println!(
        "\nPeak growth: solve {:+} KiB from 10,000 to 1,000,000 rows, grade {:+} KiB from 2,000 to \
         20,000 ({}).",
        growth(peaks[0], peaks[1]),
        growth(peaks[2], peaks[3]),
        if resets { "peak reset before each run" } else { "peaks cumulative: no clear_refs" }
    );
    against_baseline(&puzzles);
}

/// With `SUDOKU_BASELINE` set: `sudoku solve --input csv` (100,000 rows)
/// and `sudoku grade --input csv` (2,000 rows) of this build against the
/// baseline's, one job, as whole processes on the same file.
fn against_baseline(puzzles: &[String]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku solve` and `grade` on CSV, one job");
    for (command, n_rows) in [("solve", 100_000), ("grade", 2_000)] {
        let csv = run.path(&format!("{command}{n_rows}.csv"));
        write_csv(&csv, n_rows, puzzles);
        let csv = csv.to_string_lossy();
        run.row(&[command, "--input", "csv", "--jobs", "1", &csv], n_rows);
    }
}

/// Reads every record of `csv` and hands its grid to `work`; checks that
/// there are `n_rows` records and that `work` succeeded on each.
fn run(csv: &Path, n_rows: usize, mut work: impl FnMut(&sudoku_core::Grid) -> bool) -> Duration {
    let spec = InputSpec { format: InputFormat::Csv, column: None };
    let t = Instant::now();
    let file = std::fs::File::open(csv).unwrap();
    let mut n_records = 0usize;
    let mut n_done = 0usize;
    for record in sudoku_io::records(file, &csv.to_string_lossy(), &spec) {
        n_records += 1;
        let grid = record.grid.unwrap_or_else(|e| panic!("{e}"));
        n_done += usize::from(std::hint::black_box(work(&grid)));
    }
    let elapsed = t.elapsed();
    assert_eq!(n_records, n_rows, "one record per row");
    assert_eq!(n_done, n_rows, "every row solved or graded");
    elapsed
}

/// Prints one table row (rows, work, seconds, rows per second, peak MiB)
/// and returns the peak in KiB.
fn print_row(n_rows: usize, work: &str, t: Duration) -> u64 {
    let peak_kib = peak_rss_kib().expect("VmHWM in /proc/self/status");
    println!(
        "| {n_rows} | {work} | {:.2} | {:.0} | {:.1} |",
        t.as_secs_f64(),
        n_rows as f64 / t.as_secs_f64(),
        peak_kib as f64 / 1024.0
    );
    peak_kib
}

/// This process's peak resident memory in KiB (VmHWM).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets VmHWM to the current resident size (Linux 4.0 and later); false
/// when the kernel does not allow it.
fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn write_csv(path: &Path, n_rows: usize, puzzles: &[String]) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    writeln!(f, "id,puzzle,source").unwrap();
    for i in 0..n_rows {
        writeln!(f, "{i},{},bench", puzzles[i % puzzles.len()]).unwrap();
    }
}
