//! Generator throughput against the `sudoku` crate, same run: unique minimal
//! puzzles per second on one core, scaling over threads, and the clue-count
//! distribution (a regression that makes puzzles easier shows up there).
//! Then difficulty-filtered generation (`sudoku generate --difficulty`): the
//! share of puzzles the grader puts in each band, per symmetry, and the time
//! to make 100 puzzles of each band. With `SUDOKU_BASELINE=path/to/sudoku`,
//! this build's `sudoku generate` against that one's, as whole processes
//! (`sudoku_bench::BaselineRun`): 10,000 puzzles, 2,000 graded, and 500 of
//! each band.
//!
//! Every puzzle timed is checked afterwards: exactly one solution, and (for
//! a sample) no clue or orbit removable without losing uniqueness.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_commands::generate::{make_range, Filter};
use sudoku_core::Grid;
use sudoku_gen::{GenOptions, Generator, Puzzle, Symmetry};
use sudoku_grade::{Band, Grader};

/// How long each single-thread comparison runs (both sides together).
const RUN: Duration = Duration::from_secs(4);
/// Puzzles per side per turn.
const BATCH: usize = 32;
/// Puzzles per scaling measurement.
const N_SCALING: u64 = 8000;
/// The seed of every set made here.
const SEED: u64 = 2024;
/// Puzzles graded per symmetry for the band shares.
const N_BAND_SHARE: u64 = 600;
/// Puzzles kept per band for the filtered rate.
const N_FILTERED: u64 = 100;
/// Puzzles per band made by each binary against `SUDOKU_BASELINE` (enough
/// for runs of a few hundred milliseconds, but for easy).
const N_BASELINE_BANDS: usize = 500;
/// The tries bound of the filtered runs (`sudoku generate`'s default).
const MAX_TRIES: u64 = 100_000;

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

    band_shares();
    filtered_rates();
    against_baseline();

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
            if p.get(orbit[0]).is_some() {
                let mut q = *p;
                orbit.iter().for_each(|&c| q.set(c, None));
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

/// The share of minimal puzzles in each band, for a few symmetries: the
/// acceptance rate of `--difficulty BAND` with that symmetry.
fn band_shares() {
    println!("\n## Acceptance rate per band: {N_BAND_SHARE} graded puzzles per symmetry, one thread\n");
    print!("| symmetry |");
    Band::ALL.iter().for_each(|b| print!(" {b} % |"));
    println!(" graded p/s |");
    println!("|---|{}---:|", "---:|".repeat(Band::ALL.len()));
    for symmetry in [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Dihedral] {
        let mut generator = Generator::new(GenOptions { seed: SEED, symmetry, target_clues: None });
        let mut grader = Grader::new();
        let mut counts = [0u64; 5];
        let t = Instant::now();
        for index in 0..N_BAND_SHARE {
            let p = generator.generate(index);
            let g = grader.grade(&p.givens).expect("a generated puzzle is unique");
            counts[g.band as usize] += 1;
        }
        let secs = t.elapsed().as_secs_f64();
        print!("| {symmetry} |");
        counts.iter().for_each(|&n| print!(" {:.1} |", 100.0 * n as f64 / N_BAND_SHARE as f64));
        println!(" {:.0} |", N_BAND_SHARE as f64 / secs);
    }
}

/// `sudoku generate --difficulty BAND` for every band: the library's set
/// maker (the CLI's code path) on one thread, keeping the grade (csv and
/// json output) and checking the band only (line output), with the puzzles
/// drawn per puzzle kept; every kept puzzle is graded again afterwards.
fn filtered_rates() {
    println!(
        "\n## Difficulty-filtered generation: {N_FILTERED} puzzles per band, symmetry none, one thread\n"
    );
    println!("| band | band only: s | with grade: s | kept p/s (band only) | drawn p/s | acceptance % |");
    println!("|---|---:|---:|---:|---:|---:|");
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let opts = GenOptions { seed: SEED, ..GenOptions::default() };
    let mut grader = Grader::new();
    for band in Band::ALL {
        let abort = AtomicBool::new(false);
        let mut secs = [0.0; 2];
        let mut sets = Vec::new();
        for (k, grade) in [false, true].into_iter().enumerate() {
            let filter = Filter { band: Some(band), grade, max_tries: MAX_TRIES, ..Filter::NONE };
            let t = Instant::now();
            let made = pool.install(|| make_range(&opts, 0..N_FILTERED, |_| filter, &abort, None)).unwrap();
            secs[k] = t.elapsed().as_secs_f64();
            sets.push(made);
        }
        let n_tries: u64 = sets[0].iter().map(|m| m.n_tries).sum();
        for (a, b) in sets[0].iter().zip(&sets[1]) {
            assert_eq!(a.puzzle.givens, b.puzzle.givens, "the grade changed the set");
            assert_eq!(grader.grade(&a.puzzle.givens).map(|g| g.band), Ok(band), "{}", a.puzzle.givens);
        }
        println!(
            "| {band} | {:.2} | {:.2} | {:.0} | {:.0} | {:.1} |",
            secs[0],
            secs[1],
            N_FILTERED as f64 / secs[0],
            n_tries as f64 / secs[0],
            100.0 * N_FILTERED as f64 / n_tries as f64
        );
    }
}

/// With `SUDOKU_BASELINE` set: `generate` with this build's binary and the
/// baseline's, as whole processes on one thread: 10,000 puzzles (lines, and
/// CSV with a symmetry), 2,000 graded, and [`N_BASELINE_BANDS`] of each
/// band with `--difficulty`.
fn against_baseline() {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku generate`, one thread");
    let n = N_BASELINE_BANDS.to_string();
    for args in [
        &["generate", "-n", "10000", "--seed", "1", "--jobs", "1", "-q"][..],
        &["generate", "-n", "10000", "--seed", "1", "--jobs", "1", "-q", "--symmetry", "rot180", "-f", "csv"],
        &["generate", "-n", "2000", "--seed", "1", "--jobs", "1", "-q", "--grade", "-f", "csv"],
    ] {
        let n_puzzles = args[2].parse().expect("a count");
        run.row(args, n_puzzles);
    }
    for band in Band::ALL {
        let args = ["generate", "-n", &n, "--difficulty", band.name(), "--seed", "1", "--jobs", "1", "-q"];
        run.row(&args, N_BASELINE_BANDS);
    }
}
