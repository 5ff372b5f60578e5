//! Streaming: a 1,000,000-row CSV through `sudoku solve --input csv`, as a
//! whole process, measuring throughput and peak resident memory (VmHWM,
//! polled from /proc). Constant memory means the peak does not grow with
//! the number of rows: compare 10,000 rows with 1,000,000 (and, for the
//! slower `grade`, 2,000 with 20,000).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn binary() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-q", "-p", "sudoku-cli"])
        .current_dir(&root)
        .status()
        .expect("cargo build");
    assert!(status.success(), "cannot build the sudoku binary");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    target.join("release/sudoku")
}

/// Peak RSS in KiB of a process, read from /proc while it runs.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// One table row: rows, command, seconds, rows per second, peak MiB.
fn print_row(n_rows: usize, args: &[&str], t: Duration, peak_kib: u64) {
    println!(
        "| {n_rows} | sudoku {} | {:.2} | {:.0} | {:.1} |",
        args.join(" "),
        t.as_secs_f64(),
        n_rows as f64 / t.as_secs_f64(),
        peak_kib as f64 / 1024.0
    );
}

fn run(bin: &Path, csv: &Path, args: &[&str]) -> (Duration, u64, usize) {
    let t = Instant::now();
    let mut child = Command::new(bin)
        .args(args)
        .arg(csv)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn sudoku");
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut n = 0usize;
        let mut r = std::io::BufReader::new(stdout);
        let mut line = String::new();
        while std::io::BufRead::read_line(&mut r, &mut line).unwrap_or(0) > 0 {
            n += 1;
            line.clear();
        }
        n
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(kib) = peak_rss_kib(pid) {
            peak = peak.max(kib);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let n_lines = reader.join().unwrap();
    (t.elapsed(), peak, n_lines)
}

fn write_csv(path: &Path, n_rows: usize, puzzles: &[String]) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    writeln!(f, "id,puzzle,source").unwrap();
    for i in 0..n_rows {
        writeln!(f, "{i},{},bench", puzzles[i % puzzles.len()]).unwrap();
    }
}

fn main() {
    let bin = binary();
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
    println!("| rows | command | seconds | rows/s | peak RSS (MiB) |");
    println!("|---:|---|---:|---:|---:|");
    for n_rows in [10_000usize, 1_000_000] {
        let csv = dir.join(format!("rows{n_rows}.csv"));
        write_csv(&csv, n_rows, &puzzles);
        for args in
            [&["solve", "--input", "csv", "--jobs", "1"][..], &["solve", "--input", "csv", "--jobs", "2"][..]]
        {
            let (t, peak, n_lines) = run(&bin, &csv, args);
            assert_eq!(n_lines, n_rows, "one output line per row");
            print_row(n_rows, args, t, peak);
        }
    }
    // Grading costs far more per puzzle: fewer rows, same question.
    for n_rows in [2_000usize, 20_000] {
        let csv = dir.join(format!("grade{n_rows}.csv"));
        write_csv(&csv, n_rows, &puzzles);
        let args = &["grade", "--input", "csv", "--format", "csv", "--jobs", "2"][..];
        let (t, peak, n_lines) = run(&bin, &csv, args);
        assert_eq!(n_lines, n_rows + 1, "a header and one line per row");
        print_row(n_rows, args, t, peak);
    }
    std::fs::remove_dir_all(&dir).ok();
}
