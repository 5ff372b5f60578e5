//! Per-puzzle probe of the variant engine: counts each puzzle of a JSON
//! lines file up to 2 (or solves it), in-process, best of ROUNDS, and
//! prints the nodes and time of each puzzle with the totals (compiling
//! the network included; the mean and median to 10 ns, which the
//! family table's ratios read on searches of a microsecond). Nodes do not
//! depend on the machine, so they show what a propagation change buys
//! even on a busy one.
//!
//! `variant_count count|one ROUNDS FILE [--each] [--warm]` (`--warm`: the
//! search alone, on a network compiled before the clock starts). With
//! `REPS=K` in the environment each timed search runs K times in a row
//! (the time is a run's mean): a steady loop for a profiler.

use std::time::Instant;

use sudoku_variant::{Puzzle, VariantSolver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, rounds, file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: variant_count count|one ROUNDS FILE [--each] [--warm]");
        std::process::exit(2);
    };
    let limit = if mode == "one" { 1 } else { 2 };
    let rounds: usize = rounds.parse().unwrap_or(3);
    let each = rest.iter().any(|a| a == "--each");
    let warm = rest.iter().any(|a| a == "--warm");
    let text = std::fs::read_to_string(file).expect("a readable file");
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Puzzle::from_json(l).expect("a puzzle").puzzle)
        .collect();
    let mut best = vec![f64::MAX; puzzles.len()];
    let mut nodes = vec![0u64; puzzles.len()];
    let mut counts = vec![0u64; puzzles.len()];
    for _ in 0..rounds {
        for (i, p) in puzzles.iter().enumerate() {
            let mut solver = VariantSolver::new(p);
            if warm {
                // Compile the network first: time the search alone.
                solver.count_up_to(p.givens(), limit);
            }
            let reps: u32 = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(1);
            let start = Instant::now();
            for _ in 0..reps {
                counts[i] = solver.count_up_to(p.givens(), limit);
            }
            let t = start.elapsed().as_secs_f64() * 1e3 / f64::from(reps);
            best[i] = best[i].min(t);
            nodes[i] = solver.nodes();
        }
    }
    if each {
        for i in 0..puzzles.len() {
            println!("{i}\t{}\t{}\t{:.3}", counts[i], nodes[i], best[i]);
        }
    }
    let total: f64 = best.iter().sum();
    let mut sorted = best.clone();
    sorted.sort_by(f64::total_cmp);
    let node_sum: u64 = nodes.iter().sum();
    println!(
        "{} puzzles: {:.1} ms in all, mean {:.5} ms, median {:.5} ms, max {:.1} ms; {} nodes ({:.2} us a node)",
        puzzles.len(),
        total,
        total / puzzles.len() as f64,
        sorted[sorted.len() / 2],
        sorted[sorted.len() - 1],
        node_sum,
        total * 1e3 / node_sum.max(1) as f64
    );
}
