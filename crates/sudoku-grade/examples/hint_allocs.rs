//! Heap allocations of a hint call beyond the blocks of the hint it
//! returns, the worst by technique, following hints from the givens of
//! every 4th puzzle of a CSV (puzzle first), on a warm grader: a first
//! pass over the same puzzles grows its scratch space, the second is
//! counted (`COLD=1` counts from a new grader instead). `HEAP=1` writes a
//! dhat profile (dhat-heap.json) instead of counting only.
//!
//! `cargo run --release -p sudoku-grade --example hint_allocs -- fixtures/grade/se_calibration_sample.csv`
use std::collections::BTreeMap;

use sudoku_core::{Grid, Position};
use sudoku_grade::{hint::Level, Grader};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let _profiler = if std::env::var_os("HEAP").is_some() {
        dhat::Profiler::new_heap()
    } else {
        dhat::Profiler::builder().testing().build()
    };
    let mut g = Grader::new();
    if std::env::var_os("COLD").is_none() {
        follow(&mut g, &text, &mut BTreeMap::new());
    }
    let mut worst = BTreeMap::new();
    follow(&mut g, &text, &mut worst);
    for (t, (n, w)) in worst {
        println!("{t:40} {n:6} extra allocations at most {w}");
    }
}

/// Follows the hints from the givens of every 4th puzzle of `text` to the
/// end; for each technique, counts its hints and keeps the most extra
/// allocations of one.
fn follow(g: &mut Grader, text: &str, worst: &mut BTreeMap<&'static str, (u64, u64)>) {
    for line in text.lines().skip(1).step_by(4) {
        let f: Vec<&str> = line.split(',').collect();
        let mut p = Position::from_givens(Grid::parse_line(f[0]).unwrap());
        loop {
            let before = dhat::HeapStats::get().total_blocks;
            let h = g.hint(&p, Level::Full);
            let n = dhat::HeapStats::get().total_blocks - before;
            let Some(t) = h.technique else { break };
            let own = 1 + [!h.pattern.is_empty(), !h.placements.is_empty(), !h.eliminations.is_empty()]
                .iter()
                .filter(|&&x| x)
                .count() as u64;
            let e = worst.entry(t.name()).or_insert((0, 0u64));
            e.0 += 1;
            e.1 = e.1.max(n - own);
            p = h.apply_to(&p);
        }
    }
}
