//! Runs our max-score search on every instance of a families file (see
//! `peers/max_score_families.py`) and prints one tab-separated line per
//! instance: name, family, status, score, upper bound, nodes, wall ms,
//! CPU ms (the thread's scheduler count: a few ms coarse, so an optional
//! third argument runs each case that many times and reports the mean wall
//! and CPU time of one run).
//!
//! Each answer is checked on the way: the grid completes the puzzle and its
//! score is recomputed here from the weights.
//!
//! ```sh
//! cargo run --release -p sudoku-bench --example max_score_families -- fixtures/target/families.txt 1.0 [REPEAT]
//! ```

use std::time::{Duration, Instant};

use sudoku_core::{max_score, Grid, MaxScoreOptions, Weights};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("fixtures/target/families.txt", String::as_str);
    let limit: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let repeat: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let text = std::fs::read_to_string(path).expect("families file");
    let options = MaxScoreOptions { node_limit: None, time_limit: Some(Duration::from_secs_f64(limit)) };
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, family, puzzle) = (f[0], f[1], f[2]);
        let w: Vec<i64> = f[3].split(',').map(|v| v.parse().unwrap()).collect();
        let weights = Weights::from_array(w.clone().try_into().unwrap()).unwrap();
        let grid = Grid::parse_line(puzzle).unwrap();
        let cpu0 = sudoku_bench::thread_cpu_time();
        let t = Instant::now();
        let mut result = max_score(&grid, &weights, &options);
        for _ in 1..repeat {
            let again = max_score(&grid, &weights, &options);
            assert_eq!(again.score(), result.score(), "{name}: the same search gave another score");
            result = again;
        }
        let wall = t.elapsed() / repeat;
        let cpu = sudoku_bench::thread_cpu_time().zip(cpu0).map_or(wall, |(b, a)| (b - a) / repeat);
        if let Some((g, score)) = result.best() {
            assert!(g.is_solution_of(&grid), "{name}: not a completion");
            let check: i64 = (0..81).map(|c| i64::from(g.to_array()[c]) * w[c]).sum();
            assert_eq!(check, score, "{name}: score does not check out");
        }
        let show = |v: Option<i64>| v.map_or("-".to_string(), |v| v.to_string());
        println!(
            "{name}\t{family}\t{}\t{}\t{}\t{}\t{:.2}\t{:.1}",
            result.status().as_str(),
            show(result.score()),
            show(result.upper_bound()),
            result.nodes(),
            wall.as_secs_f64() * 1e3,
            cpu.as_secs_f64() * 1e3
        );
    }
}
