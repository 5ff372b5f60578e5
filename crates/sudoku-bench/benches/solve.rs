//! Solver throughput against the `sudoku` crate, same run, one thread.
//! Placeholder harness until the speed work lands: prints puzzles/second
//! for each file in `../shared/datasets/solve/`.

use std::time::Instant;

use sudoku_core::{Grid, Solver};

fn main() {
    let Some(dir) = sudoku_bench::datasets_dir() else {
        println!("../shared/datasets not found: nothing to measure");
        return;
    };
    println!("| set | puzzles | ours (p/s) | sudoku crate (p/s) | ratio |");
    println!("|---|---:|---:|---:|---:|");
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("solve")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let lines = sudoku_bench::read_puzzle_lines(&path).unwrap();
        let grids: Vec<Grid> = lines.iter().filter_map(|l| Grid::parse_line(l).ok()).collect();
        let peers: Vec<sudoku::Sudoku> =
            lines.iter().filter_map(|l| sudoku::Sudoku::from_str_line(l).ok()).collect();
        let mut solver = Solver::new();
        let t = Instant::now();
        let mut n = 0;
        for g in &grids {
            n += usize::from(solver.solve_one(g).is_some());
        }
        let ours = grids.len() as f64 / t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut m = 0;
        for p in &peers {
            m += usize::from(p.some_solution().is_some());
        }
        let theirs = peers.len() as f64 / t.elapsed().as_secs_f64();
        assert_eq!(n, m, "solved counts differ on {}", path.display());
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.2} |",
            path.file_name().unwrap().to_string_lossy(),
            grids.len(),
            ours,
            theirs,
            ours / theirs
        );
    }
}
