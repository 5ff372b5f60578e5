//! `sudoku print` end to end: a 1,000-puzzle book with its answer key, timed
//! as a whole process (read, solve, lay out, subset the font, write the
//! file), since the renderers live in the binary crate. Budget: under 1 s.
//!
//! The release binary is built first (`cargo build --release -p
//! sudoku-cli`). Puzzles: the first 1,000 of
//! `../shared/datasets/solve/puzzles2_17_clue` when present, else
//! `fixtures/top95.txt` repeated to 1,000.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const N_PUZZLES: usize = 1000;
const N_RUNS: usize = 5;
const BUDGET: Duration = Duration::from_secs(1);

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", "sudoku-cli", "--bin", "sudoku"])
        .current_dir(&root)
        .status()
        .expect("cannot run cargo");
    assert!(status.success(), "cargo build failed");
    let binary = sudoku_binary();

    let (set, lines) = puzzles(&root);
    let dir = std::env::temp_dir().join(format!("sudoku-bench-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("puzzles.txt");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();

    println!("`sudoku print` on {N_PUZZLES} puzzles ({set}), answers on, A4, 4 a page; best and median of {N_RUNS} runs\n");
    println!("| output | pages | size | best | median | budget |");
    println!("|---|---:|---:|---:|---:|---|");
    // The budget is the PDF's; SVG writes one file a page, each made
    // durable (fsync) by the atomic writer, so it is bound by the disk.
    for (label, out, extra, budgeted) in [
        ("pdf", dir.join("book.pdf"), &[][..], true),
        ("pdf, 6 a page, letter", dir.join("book6.pdf"), &["--per-page", "6", "--paper", "letter"][..], true),
        ("svg, one file a page", dir.join("book.svg"), &[][..], false),
    ] {
        let mut times = Vec::with_capacity(N_RUNS);
        for _ in 0..=N_RUNS {
            let t = Instant::now();
            let out = Command::new(&binary)
                .arg("print")
                .arg(&input)
                .arg("-o")
                .arg(&out)
                .arg("--force")
                .args(extra)
                .output()
                .expect("cannot run sudoku");
            times.push(t.elapsed());
            assert!(out.status.success(), "sudoku print failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        times.remove(0); // warm-up
        times.sort();
        let (pages, bytes) = written(&dir, &out);
        let best = times[0];
        let median = times[N_RUNS / 2];
        println!(
            "| {label} | {pages} | {:.0} KB | {:.3} s | {:.3} s | {} |",
            bytes as f64 / 1024.0,
            best.as_secs_f64(),
            median.as_secs_f64(),
            match (budgeted, median < BUDGET) {
                (false, _) => "-",
                (true, true) => "ok (< 1 s)",
                (true, false) => "OVER 1 s",
            }
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The `sudoku` binary beside this bench's executable
/// (`target/release/deps/print-…` → `target/release/sudoku`).
fn sudoku_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    let release = exe.parent().and_then(Path::parent).expect("target/release");
    let binary = release.join(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
    assert!(binary.exists(), "{} not found", binary.display());
    binary
}

fn puzzles(root: &Path) -> (String, Vec<String>) {
    if let Some(dir) = sudoku_bench::datasets_dir() {
        let path = dir.join("solve/puzzles2_17_clue");
        if let Ok(lines) = sudoku_bench::read_puzzle_lines(&path) {
            if lines.len() >= N_PUZZLES {
                return ("puzzles2_17_clue".into(), lines[..N_PUZZLES].to_vec());
            }
        }
    }
    let lines =
        sudoku_bench::read_puzzle_lines(&root.join("fixtures/top95.txt")).expect("fixtures/top95.txt");
    ("fixtures/top95.txt, repeated".into(), lines.iter().cycle().take(N_PUZZLES).cloned().collect())
}

/// Pages and bytes written: the PDF's page count (`/Type /Page` objects)
/// and size, or the number and total size of the SVG pages.
fn written(dir: &Path, out: &Path) -> (usize, u64) {
    if out.extension().is_some_and(|e| e == "pdf") {
        let bytes = std::fs::read(out).unwrap();
        let pages = bytes.windows(11).filter(|w| w == b"/Type /Page").count()
            - bytes.windows(12).filter(|w| w == b"/Type /Pages").count();
        return (pages, bytes.len() as u64);
    }
    let stem = out.file_stem().unwrap().to_string_lossy().into_owned();
    let svgs: Vec<u64> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(&format!("{stem}-")) && name.ends_with(".svg")
        })
        .map(|e| e.metadata().unwrap().len())
        .collect();
    (svgs.len(), svgs.iter().sum())
}
