//! How long a grade runs on after its stop flag is set
//! ([`Grader::grade_until`]): each puzzle of a TSV file (first column) is
//! graded once to the end, then five times with the flag set by another
//! thread at 1/6 ... 5/6 of that time; prints the longest overrun.
//!
//! `cargo run --release -p sudoku-grade --example stop_overrun -- fixtures/grade/se_hardest_sample.tsv`

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_core::Grid;
use sudoku_grade::{GradeError, GradeOptions, Grader};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: stop_overrun FILE.tsv (puzzles in the first column, a header line)");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut grader = Grader::new();
    let (mut worst, mut stopped) = (Duration::ZERO, 0);
    for line in text.lines().skip(1) {
        let Ok(grid) = line.split('\t').next().unwrap_or("").parse::<Grid>() else { continue };
        let t = Instant::now();
        let Ok(_) = grader.grade(&grid) else { continue };
        let full = t.elapsed();
        for k in 1..6 {
            let delay = full * k / 6;
            let flag = Arc::new(AtomicBool::new(false));
            let setter = {
                let flag = flag.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(delay);
                    flag.store(true, Ordering::Relaxed);
                    Instant::now()
                })
            };
            let graded = grader.grade_until(&grid, &GradeOptions::default(), &flag);
            let end = Instant::now();
            let set = setter.join().expect("the setter thread");
            if graded == Err(GradeError::Stopped) {
                stopped += 1;
                worst = worst.max(end.saturating_duration_since(set));
            }
        }
    }
    println!("{stopped} grades stopped; the longest ran on {worst:?} after its flag was set");
}
