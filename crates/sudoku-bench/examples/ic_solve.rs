//! Instruction-count probe for `valgrind --tool=callgrind`: solves the
//! first N puzzles of a file with ours or the peer, in one function
//! (`run_ours` / `run_peer`) that `--toggle-collect` can isolate.
//!
//! `ic_solve ours|peer one|count FILE N`

use std::hint::black_box;

use sudoku_core::{Grid, Solver};

#[inline(never)]
fn run_ours(puzzles: &[Grid], count: bool) -> u64 {
    let mut solver = Solver::new();
    let mut acc = 0;
    for p in puzzles {
        acc += if count {
            solver.count_solutions_up_to(black_box(p), 2)
        } else {
            u64::from(solver.solve_one(black_box(p)).is_some())
        };
    }
    acc
}

#[inline(never)]
fn run_peer(puzzles: &[sudoku::Sudoku], count: bool) -> u64 {
    let mut acc = 0;
    for p in puzzles {
        acc += if count {
            black_box(p).solutions_count_up_to(2) as u64
        } else {
            u64::from(black_box(p).some_solution().is_some())
        };
    }
    acc
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [who, mode, path, n] = args.as_slice() else {
        eprintln!("usage: ic_solve ours|peer one|count FILE N");
        std::process::exit(2);
    };
    let n: usize = n.parse().unwrap_or(2000);
    let mut lines = sudoku_bench::read_puzzle_lines(std::path::Path::new(path)).unwrap_or_default();
    lines.truncate(n);
    let count = mode == "count";
    let acc = if who == "ours" {
        let v: Vec<Grid> = lines.iter().filter_map(|l| l.parse().ok()).collect();
        run_ours(&v, count)
    } else {
        let v: Vec<sudoku::Sudoku> =
            lines.iter().filter_map(|l| sudoku::Sudoku::from_str_line(l).ok()).collect();
        run_peer(&v, count)
    };
    println!("{acc}");
}
