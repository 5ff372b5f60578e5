//! Solver throughput against the `sudoku` crate (the peer), one thread, on
//! every file of `../shared/datasets/solve/` (nothing to do when absent).
//!
//! Three tables, in markdown:
//! 1. in-process, for solve-one (peer: `Sudoku::some_solution`) and
//!    count-up-to-2 (peer: `solutions_count_up_to(2)`): puzzles/s,
//!    µs/puzzle, our guesses/puzzle and the ratio ours/peer. A warm-up
//!    pass, not timed, validates every solution of both solvers and checks
//!    that both count the same; then each side runs [`ROUNDS`] times,
//!    interleaved, and its best round counts. Puzzles are shuffled with a
//!    fixed seed so that file order favours neither side;
//! 2. whole-process: `sudoku solve --jobs 1 FILE` and
//!    `sudoku solve --count --limit 2 --jobs 1 FILE` against the example
//!    `peer_solve` doing the same with the peer (the two alternate; the
//!    best of at least [`PROCESS_ROUNDS`] runs each, more on small files,
//!    see [`best_of_alternating`]);
//! 3. whole-process against tdoku (`target/release/tdoku_driver`, built
//!    by `cargo xtask bench solve` when tdoku's source is found; the rows
//!    are skipped when it is missing): `sudoku solve --jobs 1` and `--count
//!    --limit 2` against the driver doing the same, on each set made up to
//!    at least [`N_TDOKU`] puzzles with transformed copies (see
//!    [`tdoku_input`]), with the guesses per puzzle of both. Every solution
//!    of the driver is checked, and its counts must equal ours;
//! 4. `--jobs` scaling of our binary: puzzles/s at 1 and 2 jobs;
//! 5. with `SUDOKU_BASELINE=path/to/sudoku`: this build's `sudoku solve`
//!    and `solve --count --limit 2` against that one's, on every set
//!    repeated to at least 10,000 puzzles (`sudoku_bench::BaselineRun`).
//!
//! Tables 2 and 3 need the release binaries `sudoku` and
//! `examples/peer_solve` beside this bench's directory; `cargo xtask bench
//! solve` builds them first.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Solver};

/// Timed rounds per side; the best one counts.
const ROUNDS: usize = 5;
/// Runs per side of each whole-process measurement; the best one counts.
const PROCESS_ROUNDS: usize = 3;
/// More runs while both sides together took less than this: a small file
/// takes a few milliseconds, where one slow start-up decides a best of 3.
const MIN_PROCESS_TIME: Duration = Duration::from_secs(2);
/// The most runs per side.
const MAX_PROCESS_ROUNDS: usize = 200;
/// A round covers at least this many puzzles (small files are repeated).
const MIN_PUZZLES_PER_ROUND: usize = 20_000;
/// Puzzles per file at least in the runs against `SUDOKU_BASELINE`.
const N_BASELINE: usize = 10_000;
/// Puzzles per file at least in the runs against tdoku: a smaller set is
/// made up with transformed copies, at least [`TDOKU_COPIES`] of it.
const N_TDOKU: usize = 10_000;
/// Copies of a set smaller than [`N_TDOKU`] at least (top1465: 14,650).
const TDOKU_COPIES: usize = 10;
/// Fixed shuffle seed.
const SEED: u64 = 0x5eed_50d0_c0de;

/// What is asked of each puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    SolveOne,
    CountTo2,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::SolveOne => "solve-one",
            Mode::CountTo2 => "count<=2",
        }
    }
}

/// One puzzle file, parsed for both solvers and shuffled.
struct Set {
    name: String,
    path: PathBuf,
    ours: Vec<Grid>,
    peer: Vec<sudoku::Sudoku>,
}

fn main() {
    let Some(dir) = sudoku_bench::datasets_dir() else {
        println!("../shared/datasets not found: nothing to measure");
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir.join("solve")) else {
        println!("../shared/datasets/solve not found: nothing to measure");
        return;
    };
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    let sets: Vec<Set> = files.iter().filter_map(|p| load(p)).collect();
    let n_cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("## Solve benchmark ({n_cores} cores; one thread unless said)\n");

    println!("### In-process: ours (`Solver`) vs the `sudoku` crate 0.8 (best of {ROUNDS} rounds)\n");
    println!("| set | puzzles | mode | ours puzzles/s | ours µs/puzzle | guesses/puzzle | peer puzzles/s | peer µs/puzzle | ratio |");
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|");
    let mut failed = false;
    for set in &sets {
        let Some(guesses) = validate(set) else {
            failed = true;
            continue;
        };
        for (mode, guesses) in [(Mode::SolveOne, guesses[0]), (Mode::CountTo2, guesses[1])] {
            let (ours, peer) = time_in_process(set, mode);
            let n = set.ours.len() as f64;
            println!(
                "| {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} |",
                set.name,
                set.ours.len(),
                mode.name(),
                ours,
                1e6 / ours,
                guesses as f64 / n,
                peer,
                1e6 / peer,
                ours / peer
            );
        }
    }

    let Some((ours_bin, peer_bin)) = binaries() else {
        println!("\nrelease binaries `sudoku` and `examples/peer_solve` not found: build them with");
        println!("`cargo build --release -p sudoku-cli && cargo build --release -p sudoku-bench --example peer_solve`");
        println!("(`cargo xtask bench solve` does) to measure whole processes");
        std::process::exit(i32::from(failed));
    };
    println!(
        "\n### Whole process: `sudoku solve --jobs 1` vs `peer_solve` (alternating; best of {PROCESS_ROUNDS} or more runs, until {}s)\n", MIN_PROCESS_TIME.as_secs()
    );
    println!("| set | mode | ours puzzles/s | peer puzzles/s | ratio |");
    println!("|---|---|---:|---:|---:|");
    for set in &sets {
        for mode in [Mode::SolveOne, Mode::CountTo2] {
            let ours_args = match mode {
                Mode::SolveOne => vec!["solve", "--jobs", "1"],
                Mode::CountTo2 => vec!["solve", "--count", "--limit", "2", "--jobs", "1"],
            };
            let peer_args = match mode {
                Mode::SolveOne => vec![],
                Mode::CountTo2 => vec!["--count", "2"],
            };
            if mode == Mode::CountTo2 {
                let a = output_of(&ours_bin, &ours_args, &set.path);
                let b = output_of(&peer_bin, &peer_args, &set.path);
                if a.is_none() || a != b {
                    println!("| {} | {} | counts differ or a run failed | | |", set.name, mode.name());
                    failed = true;
                    continue;
                }
            }
            let (ours, peer) = best_of_alternating(
                || time_process(&ours_bin, &ours_args, &set.path),
                || time_process(&peer_bin, &peer_args, &set.path),
            );
            let n = set.ours.len() as f64;
            let (ours, peer) = (n / ours.as_secs_f64(), n / peer.as_secs_f64());
            println!("| {} | {} | {:.0} | {:.0} | {:.2} |", set.name, mode.name(), ours, peer, ours / peer);
        }
    }

    failed |= !against_tdoku(&sets, &ours_bin);

    println!("\n### `--jobs` scaling of `sudoku solve` (solve-one, whole process)\n");
    println!("| set | 1 job puzzles/s | 2 jobs puzzles/s | speed-up |");
    println!("|---|---:|---:|---:|");
    for set in &sets {
        let (one, two) = best_of_alternating(
            || time_process(&ours_bin, &["solve", "--jobs", "1"], &set.path),
            || time_process(&ours_bin, &["solve", "--jobs", "2"], &set.path),
        );
        let n = set.ours.len() as f64;
        let (one, two) = (n / one.as_secs_f64(), n / two.as_secs_f64());
        println!("| {} | {:.0} | {:.0} | {:.2} |", set.name, one, two, two / one);
    }
    against_baseline(&sets);
    std::process::exit(i32::from(failed));
}

/// The table against tdoku (see the crate docs); `false` when the driver
/// disagrees with us on some puzzle.
fn against_tdoku(sets: &[Set], ours_bin: &Path) -> bool {
    let Some(profile_dir) = ours_bin.parent() else { return true };
    let driver = profile_dir.join(format!("tdoku_driver{}", std::env::consts::EXE_SUFFIX));
    println!(
        "\n### Whole process: `sudoku solve --jobs 1` vs tdoku (`tdoku_driver`, `g++ -O3 -march=native`), sets made up to {N_TDOKU} puzzles or more with transformed copies (alternating; best of {PROCESS_ROUNDS} or more runs, until {}s)\n",
        MIN_PROCESS_TIME.as_secs()
    );
    if !driver.is_file() {
        println!("tdoku_driver not found (tdoku's source is needed: `TDOKU_SRC=path cargo xtask bench solve`): skipped");
        return true;
    }
    let dir = profile_dir.join("bench-solve");
    if std::fs::create_dir_all(&dir).is_err() {
        println!("cannot create {}: skipped", dir.display());
        return true;
    }
    println!("| set | puzzles | mode | ours puzzles/s | tdoku puzzles/s | ours/tdoku | ours guesses/puzzle | tdoku guesses/puzzle |");
    println!("|---|---:|---|---:|---:|---:|---:|---:|");
    let mut ok = true;
    for set in sets {
        let puzzles = tdoku_input(&set.path);
        let path = dir.join(format!("{}.txt", set.name));
        let text: String = puzzles.iter().map(|g| format!("{}\n", g.to_line())).collect();
        if std::fs::write(&path, text).is_err() {
            println!("| {} | cannot write {} | | | | | | |", set.name, path.display());
            continue;
        }
        let mut solver = Solver::new();
        for mode in [Mode::SolveOne, Mode::CountTo2] {
            let (ours_args, driver_args) = match mode {
                Mode::SolveOne => (vec!["solve", "--jobs", "1"], vec![]),
                Mode::CountTo2 => {
                    (vec!["solve", "--count", "--limit", "2", "--jobs", "1"], vec!["--count", "2"])
                }
            };
            let Some(tdoku_guesses) =
                check_tdoku(&driver, &driver_args, ours_bin, &ours_args, &path, &puzzles)
            else {
                println!(
                    "| {} | {} | {} | tdoku's answers differ from ours or a run failed | | | | |",
                    set.name,
                    puzzles.len(),
                    mode.name()
                );
                ok = false;
                continue;
            };
            let ours_guesses: u64 = puzzles
                .iter()
                .map(|g| {
                    match mode {
                        Mode::SolveOne => drop(solver.solve_one(g)),
                        Mode::CountTo2 => drop(solver.count_solutions_up_to(g, 2)),
                    }
                    solver.stats().guesses
                })
                .sum();
            let (ours, tdoku) = best_of_alternating(
                || time_process(ours_bin, &ours_args, &path),
                || time_process(&driver, &driver_args, &path),
            );
            let n = puzzles.len() as f64;
            let (ours, tdoku) = (n / ours.as_secs_f64(), n / tdoku.as_secs_f64());
            println!(
                "| {} | {} | {} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} |",
                set.name,
                puzzles.len(),
                mode.name(),
                ours,
                tdoku,
                ours / tdoku,
                ours_guesses as f64 / n,
                tdoku_guesses as f64 / n
            );
        }
    }
    ok
}

/// The puzzles of `path` in file order, followed when there are fewer than
/// [`N_TDOKU`] by transformed copies (a random transposition, band, row,
/// stack and column order and relabelling each, from a fixed seed) up to
/// `max(TDOKU_COPIES, ⌈N_TDOKU / n⌉)` times the set: a solver that learnt
/// the file's order or orientation gains nothing.
fn tdoku_input(path: &Path) -> Vec<Grid> {
    let lines = sudoku_bench::read_puzzle_lines(path).unwrap_or_default();
    let originals: Vec<Grid> = lines.iter().filter_map(|l| Grid::parse_line(l).ok()).collect();
    if originals.is_empty() || originals.len() >= N_TDOKU {
        return originals;
    }
    let copies = TDOKU_COPIES.max(N_TDOKU.div_ceil(originals.len()));
    let mut rng = SplitMix(SEED);
    let mut out = originals.clone();
    for _ in 1..copies {
        for g in &originals {
            out.push(random_transform(&mut rng).apply(g));
        }
    }
    out
}

/// A random transformation that keeps a puzzle's solutions (transformed).
fn random_transform(rng: &mut SplitMix) -> sudoku_canon::Transform {
    let mut lines = || {
        let mut bands = [0u8, 1, 2];
        shuffle_with(&mut bands, rng);
        let mut order = [0u8; 9];
        for (i, &b) in bands.iter().enumerate() {
            let mut rows = [3 * b, 3 * b + 1, 3 * b + 2];
            shuffle_with(&mut rows, rng);
            order[3 * i..3 * i + 3].copy_from_slice(&rows);
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffle_with(&mut digits, rng);
    let transpose = rng.next() & 1 == 1;
    sudoku_canon::Transform::new(transpose, rows, cols, digits).unwrap_or(sudoku_canon::Transform::IDENTITY)
}

/// Runs the driver and `sudoku` on `path` and checks the driver against
/// ours: in solve-one mode every line of the driver must be a solution of
/// its puzzle when ours is one (and `no solution` when ours is none); in
/// count mode both outputs must be equal. Returns tdoku's guesses in all,
/// from its `--stats` line, or `None` when a check fails.
fn check_tdoku(
    driver: &Path,
    driver_args: &[&str],
    ours_bin: &Path,
    ours_args: &[&str],
    path: &Path,
    puzzles: &[Grid],
) -> Option<u64> {
    let out = Command::new(driver).args(driver_args).arg("--stats").arg(path).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let ours = output_of(ours_bin, ours_args, path)?;
    let theirs = String::from_utf8(out.stdout).ok()?;
    let ours = String::from_utf8(ours).ok()?;
    if driver_args.is_empty() {
        let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
        if ours.len() != puzzles.len() || theirs.len() != puzzles.len() {
            return None;
        }
        for ((p, a), b) in puzzles.iter().zip(ours).zip(theirs) {
            let solved = |line: &str| Grid::parse_line(line).ok().filter(|s| s.is_solution_of(p));
            match (solved(a), solved(b)) {
                (Some(_), Some(_)) => {}
                (None, None) if b == "no solution" => {}
                _ => return None,
            }
        }
    } else if ours != theirs {
        return None;
    }
    let stats = String::from_utf8_lossy(&out.stderr);
    let mut words = stats.split_whitespace();
    words.position(|w| w == "guesses")?;
    words.next()?.parse().ok()
}

/// With `SUDOKU_BASELINE` set: `sudoku solve` and `solve --count --limit 2`
/// of this build against the baseline's, one job, on every set (repeated to
/// at least [`N_BASELINE`] puzzles).
fn against_baseline(sets: &[Set]) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku solve`, one job");
    for set in sets {
        let lines: Vec<String> = set.ours.iter().map(Grid::to_line).collect();
        let (file, n) = run.write_lines(&set.name, &lines, N_BASELINE);
        let file = file.to_string_lossy();
        run.row(&["solve", "--jobs", "1", &file], n);
        run.row(&["solve", "--count", "--limit", "2", "--jobs", "1", &file], n);
    }
}

/// Reads a puzzle file for both solvers, in the same shuffled order.
/// `None` (with a note) when it cannot be read or holds no puzzle.
fn load(path: &Path) -> Option<Set> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let lines = match sudoku_bench::read_puzzle_lines(path) {
        Ok(l) => l,
        Err(e) => {
            println!("skipped {name}: {e}");
            return None;
        }
    };
    let mut pairs: Vec<(Grid, sudoku::Sudoku)> = lines
        .iter()
        .filter_map(|l| Some((Grid::parse_line(l).ok()?, sudoku::Sudoku::from_str_line(l).ok()?)))
        .collect();
    if pairs.is_empty() {
        println!("skipped {name}: no puzzle");
        return None;
    }
    shuffle(&mut pairs, SEED);
    let (ours, peer) = pairs.into_iter().unzip();
    Some(Set { name, path: path.to_path_buf(), ours, peer })
}

/// Fisher–Yates with a splitmix64 stream: the same order on every run.
fn shuffle<T>(items: &mut [T], seed: u64) {
    shuffle_with(items, &mut SplitMix(seed));
}

/// Fisher–Yates with the numbers of `rng`.
fn shuffle_with<T>(items: &mut [T], rng: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The splitmix64 stream: small, fixed and the same on every platform.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The warm-up pass: checks every solution of both solvers and that both
/// agree on solvability and on counts up to 2. Returns our total guesses
/// in each mode, or `None` (with a table row saying why) on a mismatch.
fn validate(set: &Set) -> Option<[u64; 2]> {
    let mut solver = Solver::new();
    let mut guesses = [0u64; 2];
    for (i, (g, p)) in set.ours.iter().zip(&set.peer).enumerate() {
        let ours = solver.solve_one(g);
        guesses[0] += solver.stats().guesses;
        let peer = p.some_solution().and_then(|s| Grid::from_array(s.to_bytes()));
        let ok_ours = ours.filter(|s| !s.is_solution_of(g)).is_none();
        let ok_peer = peer.filter(|s| !s.is_solution_of(g)).is_none();
        let n_ours = solver.count_solutions_up_to(g, 2);
        guesses[1] += solver.stats().guesses;
        let n_peer = p.solutions_count_up_to(2) as u64;
        if !ok_ours || !ok_peer || ours.is_some() != peer.is_some() || n_ours != n_peer {
            println!(
                "| {} | MISMATCH on puzzle {i} {g}: solution valid ours/peer {ok_ours}/{ok_peer}, counts {n_ours}/{n_peer} | | | | | | | |",
                set.name
            );
            return None;
        }
    }
    Some(guesses)
}

/// Puzzles per second of each side, best round of [`ROUNDS`].
fn time_in_process(set: &Set, mode: Mode) -> (f64, f64) {
    let reps = MIN_PUZZLES_PER_ROUND.div_ceil(set.ours.len());
    let mut solver = Solver::new();
    let mut best_ours = Duration::MAX;
    let mut best_peer = Duration::MAX;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let mut n = 0u64;
        for _ in 0..reps {
            for g in &set.ours {
                n += match mode {
                    Mode::SolveOne => u64::from(solver.solve_one(black_box(g)).is_some()),
                    Mode::CountTo2 => solver.count_solutions_up_to(black_box(g), 2),
                };
            }
        }
        black_box(n);
        best_ours = best_ours.min(t.elapsed());
        let t = Instant::now();
        let mut n = 0u64;
        for _ in 0..reps {
            for &p in &set.peer {
                n += match mode {
                    Mode::SolveOne => u64::from(black_box(p).some_solution().is_some()),
                    Mode::CountTo2 => black_box(p).solutions_count_up_to(2) as u64,
                };
            }
        }
        black_box(n);
        best_peer = best_peer.min(t.elapsed());
    }
    let n = (reps * set.ours.len()) as f64;
    (n / best_ours.as_secs_f64(), n / best_peer.as_secs_f64())
}

/// The release binaries `sudoku` and `examples/peer_solve`, found beside
/// this bench's `deps/` directory.
fn binaries() -> Option<(PathBuf, PathBuf)> {
    let exe = std::env::current_exe().ok()?;
    let profile_dir = exe.parent()?.parent()?;
    let ours = profile_dir.join(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
    let peer = profile_dir.join("examples").join(format!("peer_solve{}", std::env::consts::EXE_SUFFIX));
    (ours.is_file() && peer.is_file()).then_some((ours, peer))
}

/// Wall time of one run, stdout discarded; `Duration::MAX` if it cannot
/// start or ends with a code above 1 (1 only means some puzzle has no
/// solution).
/// The best times of `a` and `b`, run alternately: at least
/// [`PROCESS_ROUNDS`] times each, and on until they took
/// [`MIN_PROCESS_TIME`] together (at most [`MAX_PROCESS_ROUNDS`]).
fn best_of_alternating(
    mut a: impl FnMut() -> Duration,
    mut b: impl FnMut() -> Duration,
) -> (Duration, Duration) {
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    let mut spent = Duration::ZERO;
    let mut rounds = 0;
    while rounds < PROCESS_ROUNDS || (spent < MIN_PROCESS_TIME && rounds < MAX_PROCESS_ROUNDS) {
        let (ta, tb) = (a(), b());
        best_a = best_a.min(ta);
        best_b = best_b.min(tb);
        spent = spent.saturating_add(ta).saturating_add(tb);
        rounds += 1;
    }
    (best_a, best_b)
}

fn time_process(bin: &Path, args: &[&str], file: &Path) -> Duration {
    let t = Instant::now();
    let status = Command::new(bin).args(args).arg(file).stdout(Stdio::null()).stderr(Stdio::null()).status();
    let elapsed = t.elapsed();
    match status {
        Ok(s) if s.code().is_some_and(|c| c <= 1) => elapsed,
        _ => Duration::MAX,
    }
}

/// Standard output of one run, or `None` if it fails.
fn output_of(bin: &Path, args: &[&str], file: &Path) -> Option<Vec<u8>> {
    let out = Command::new(bin).args(args).arg(file).stderr(Stdio::null()).output().ok()?;
    out.status.code().is_some_and(|c| c <= 1).then_some(out.stdout)
}
