//! Quick side-by-side timing for solver work: for each file, ours and the
//! peer alternate for several rounds on the same puzzles; prints the best
//! time of each and the ratio (peer ÷ ours).
//!
//! `quick_ratio one|count ROUNDS N FILE...`

use std::hint::black_box;
use std::time::Instant;

use sudoku_core::{Grid, Solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, rounds, n, files @ ..] = args.as_slice() else {
        eprintln!("usage: quick_ratio one|count ROUNDS N FILE...");
        std::process::exit(2);
    };
    let count = mode == "count";
    let rounds: usize = rounds.parse().unwrap_or(5);
    let n: usize = n.parse().unwrap_or(5000);
    for path in files {
        let mut lines = sudoku_bench::read_puzzle_lines(std::path::Path::new(path)).unwrap_or_default();
        lines.truncate(n);
        let ours: Vec<Grid> = lines.iter().filter_map(|l| l.parse().ok()).collect();
        let peer: Vec<sudoku::Sudoku> =
            lines.iter().filter_map(|l| sudoku::Sudoku::from_str_line(l).ok()).collect();
        let mut solver = Solver::new();
        let (mut best_ours, mut best_peer) = (f64::MAX, f64::MAX);
        let mut guesses = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            let mut acc = 0u64;
            guesses = 0;
            for p in &ours {
                acc += if count {
                    solver.count_solutions_up_to(black_box(p), 2)
                } else {
                    u64::from(solver.solve_one(black_box(p)).is_some())
                };
                guesses += solver.stats().guesses;
            }
            black_box(acc);
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let mut acc = 0u64;
            for p in &peer {
                acc += if count {
                    black_box(p).solutions_count_up_to(2) as u64
                } else {
                    u64::from(black_box(p).some_solution().is_some())
                };
            }
            black_box(acc);
            best_peer = best_peer.min(t.elapsed().as_secs_f64());
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        println!(
            "{name:40} {mode:5} ours {:8.2} us  peer {:8.2} us  guesses {:7.2}  ratio {:.3}",
            best_ours * 1e6 / ours.len() as f64,
            best_peer * 1e6 / peer.len() as f64,
            guesses as f64 / ours.len() as f64,
            best_peer / best_ours
        );
    }
}
