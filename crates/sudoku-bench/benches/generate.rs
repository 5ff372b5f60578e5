//! Generator throughput against the `sudoku` crate, same run: unique minimal
//! puzzles per second on one core, scaling over threads, and the clue-count
//! distribution (a regression that makes puzzles easier shows up there).
//!
//! Every puzzle timed is checked afterwards: exactly one solution, and (for
//! a sample) no clue or orbit removable without losing uniqueness.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::Grid;
use sudoku_gen::{GenOptions, Generator, Puzzle, Symmetry};

/// How long each single-thread comparison runs (both sides together).
const RUN: Duration = Duration::from_secs(4);
/// Puzzles per side per turn.
const BATCH: usize = 32;
/// Puzzles per scaling measurement.
const N_SCALING: u64 = 8000;
/// The seed of every set made here.
const SEED: u64 = 2024;

fn main() {
    println!("## Generator: unique minimal puzzles per second, one thread\n");
    println!("| symmetry | ours (p/s) | sudoku crate (p/s) | ratio | ours mean clues | theirs mean clues |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut distributions = Vec::new();
    for (ours_sym, theirs_sym) in
        [(Symmetry::None, sudoku::Symmetry::None), (Symmetry::Rot180, sudoku::Symmetry::HalfRotation)]
    {
        let (ours, ours_rate, theirs, theirs_rate) = run_both(ours_sym, theirs_sym);
        check(&ours, ours_sym);
        println!(
            "| {} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} |",
            ours_sym,
            ours_rate,
            theirs_rate,
            ours_rate / theirs_rate,
            mean(&ours),
            mean(&theirs)
        );
        distributions.push((ours_sym, histogram(&ours), histogram(&theirs)));
    }

    println!("\n## Scaling: {N_SCALING} puzzles (symmetry none) on a rayon pool\n");
    println!("| threads | seconds | p/s | speed-up |");
    println!("|---:|---:|---:|---:|");
    let mut base = None;
    for threads in [1, 2] {
        let secs = run_pool(threads);
        let rate = N_SCALING as f64 / secs;
        let speedup = rate / *base.get_or_insert(rate);
        println!("| {threads} | {secs:.2} | {rate:.0} | {speedup:.2} |");
    }

    for (sym, ours, theirs) in distributions {
        println!("\n## Clue counts, symmetry {sym}\n");
        println!("| clues | ours % | sudoku crate % |");
        println!("|---:|---:|---:|");
        let (n_ours, n_theirs) = (ours.values().sum::<usize>(), theirs.values().sum::<usize>());
        let keys: std::collections::BTreeSet<usize> = ours.keys().chain(theirs.keys()).copied().collect();
        for k in keys {
            let pct =
                |h: &BTreeMap<usize, usize>, n: usize| 100.0 * *h.get(&k).unwrap_or(&0) as f64 / n as f64;
            println!("| {k} | {:.2} | {:.2} |", pct(&ours, n_ours), pct(&theirs, n_theirs));
        }
    }
}

/// Our puzzles and the `sudoku` crate's, made on this thread in turns of
/// `BATCH` each for `RUN` in all, and the two rates. Taking turns keeps a
/// busy machine from favouring whichever side runs first.
fn run_both(ours_sym: Symmetry, theirs_sym: sudoku::Symmetry) -> (Vec<Grid>, f64, Vec<Grid>, f64) {
    let mut generator = Generator::new(GenOptions { seed: SEED, symmetry: ours_sym, target_clues: None });
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut ours_time, mut theirs_time) = (Duration::ZERO, Duration::ZERO);
    while ours_time + theirs_time < RUN {
        let t = Instant::now();
        for _ in 0..BATCH {
            let p: Puzzle = generator.generate(ours.len() as u64);
            ours.push(p.givens);
        }
        ours_time += t.elapsed();
        let t = Instant::now();
        for _ in 0..BATCH {
            theirs.push(sudoku::Sudoku::generate_with_symmetry_from(
                sudoku::Sudoku::generate_solved(),
                theirs_sym,
            ));
        }
        theirs_time += t.elapsed();
    }
    let ours_rate = ours.len() as f64 / ours_time.as_secs_f64();
    let theirs_rate = theirs.len() as f64 / theirs_time.as_secs_f64();
    let theirs = theirs.iter().filter_map(|s| Grid::parse_line(&s.to_str_line()).ok()).collect();
    (ours, ours_rate, theirs, theirs_rate)
}

/// Seconds to make `N_SCALING` puzzles on a pool of `threads`.
fn run_pool(threads: usize) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    let opts = GenOptions { seed: SEED, ..GenOptions::default() };
    let t = Instant::now();
    let n: usize = pool.install(|| {
        (0..N_SCALING)
            .into_par_iter()
            .map_init(|| Generator::new(opts.clone()), |g, i| g.generate(i).n_clues())
            .sum()
    });
    assert!(n > 0);
    t.elapsed().as_secs_f64()
}

/// Every puzzle unique; the first 50 minimal for their symmetry.
fn check(puzzles: &[Grid], symmetry: Symmetry) {
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p.count_solutions_up_to(2), 1, "puzzle {i} is not unique: {p}");
        assert!(symmetry.holds_for(p), "puzzle {i} lacks {symmetry}: {p}");
    }
    for p in puzzles.iter().take(50) {
        for orbit in symmetry.orbits() {
            if p.get(orbit[0] as usize).is_some() {
                let mut q = *p;
                orbit.iter().for_each(|&c| q.set(c as usize, 0));
                assert!(q.count_solutions_up_to(2) > 1, "not minimal: {p}");
            }
        }
    }
}

fn histogram(puzzles: &[Grid]) -> BTreeMap<usize, usize> {
    let mut h = BTreeMap::new();
    for p in puzzles {
        *h.entry(p.n_clues()).or_insert(0) += 1;
    }
    h
}

fn mean(puzzles: &[Grid]) -> f64 {
    puzzles.iter().map(Grid::n_clues).sum::<usize>() as f64 / puzzles.len() as f64
}
