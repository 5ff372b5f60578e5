//! Max-score ("target sudoku") speed, single-threaded:
//! - every case of `../shared/datasets/target/` (or `fixtures/target/`),
//!   checked against its proven answer;
//! - the 20 contest-like grids of `fixtures/target/contest20.txt`;
//! - whole processes on that batch: `sudoku solve --max-score --input hoj -j 1`
//!   against the seed program (`examples/seed_target.rs`, a plain DFS);
//! - a sweep of random grids and weights (fixed seed), for the worst case;
//! - the tie families of the tie issue (weights constant along columns,
//!   `9r + c`, a ±1 checkerboard) on the empty grid and on random partial
//!   grids with 10-25 givens (target: under 1 s each).
//!
//! - the weight families of issue 33 (`fixtures/target/families.txt`,
//!   written by `peers/max_score_families.py`): checkerboards and their
//!   mirror scaled by 1 to 10^6, stripes, random {-1,0,1} and -9..9
//!   weights, NOIP, on the empty grid and with 5-25 givens (target: every
//!   case proven in 100 ms). When `target/bench-python-venv` has OR-Tools,
//!   CP-SAT on one worker (`peers/max_score_cpsat.py`) solves each case
//!   too: its optimum is checked against ours and its time set beside ours.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku`, this build's `sudoku solve
//! --max-score` against that one's on the contest batch, as whole processes
//! (`sudoku_bench::BaselineRun`).
//!
//! Times are the minimum and mean wall time over repeated runs, and the
//! thread's CPU time per run (robust when other processes share the cores).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_bench::{children_cpu_time, thread_cpu_time};
use sudoku_core::{max_score, Cell, Digit, Grid, MaxScore, MaxScoreOptions, MaxScoreStatus, Weights};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Timings of repeated runs of one search.
struct Timing {
    min: Duration,
    mean: Duration,
    cpu: Option<Duration>,
    result: MaxScore,
}

fn time_search(puzzle: &Grid, weights: &Weights) -> Timing {
    let options = MaxScoreOptions::default();
    let mut runs = Vec::new();
    let cpu0 = thread_cpu_time();
    let start = Instant::now();
    let mut result;
    loop {
        let t = Instant::now();
        result = max_score(puzzle, weights, &options);
        runs.push(t.elapsed());
        if runs.len() >= 200 || (runs.len() >= 5 && start.elapsed() > Duration::from_millis(300)) {
            break;
        }
    }
    let n = runs.len() as u32;
    let cpu = thread_cpu_time().zip(cpu0).map(|(b, a)| (b - a) / n);
    Timing { min: runs.iter().copied().min().unwrap(), mean: runs.iter().sum::<Duration>() / n, cpu, result }
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn ms_opt(d: Option<Duration>) -> String {
    d.map_or("-".to_string(), ms)
}

fn read_grid(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap();
    Grid::parse_noip(&text).or_else(|_| Grid::parse_block(&text)).unwrap()
}

fn target_cases() {
    let dir = sudoku_bench::datasets_dir()
        .map(|d| d.join("target"))
        .filter(|d| d.is_dir())
        .unwrap_or_else(|| root().join("fixtures/target"));
    println!("## Target cases ({})\n", dir.display());
    println!("| case | weights | answer | ours | status | nodes | min ms | mean ms | cpu ms |");
    println!("|---|---|---:|---:|---|---:|---:|---:|---:|");
    let example = Weights::parse(&std::fs::read_to_string(dir.join("weights_example.txt")).unwrap()).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ans"))
        .collect();
    names.sort();
    let mut worst = Duration::ZERO;
    for name in names {
        let stem = name.split('.').next().unwrap();
        let puzzle = read_grid(&dir.join(format!("{stem}.in")));
        let (weights, wname) = if name.ends_with(".weights_example.ans") {
            (example, "example")
        } else {
            (Weights::NOIP, "noip")
        };
        let answer: i64 = std::fs::read_to_string(dir.join(&name)).unwrap().trim().parse().unwrap();
        let t = time_search(&puzzle, &weights);
        assert_eq!(t.result.score(), Some(answer), "{name}");
        assert_eq!(t.result.status(), MaxScoreStatus::Optimal, "{name}");
        worst = worst.max(t.min);
        println!(
            "| {stem} | {wname} | {answer} | {} | {} | {} | {} | {} | {} |",
            t.result.score().unwrap(),
            t.result.status().as_str(),
            t.result.nodes(),
            ms(t.min),
            ms(t.mean),
            ms_opt(t.cpu)
        );
    }
    println!("\nslowest case (min over runs): {} ms (target: 10 ms)\n", ms(worst));
}

fn read_hoj(path: &Path) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap();
    let numbers: Vec<u8> = text.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    numbers.chunks(81).map(|c| Grid::from_array(c.try_into().unwrap()).unwrap()).collect()
}

fn contest_batch(path: &Path) -> Vec<i64> {
    let grids = read_hoj(path);
    println!("## Contest-like batch ({}, {} grids, in-process)\n", path.display(), grids.len());
    println!("| grid | givens | score | nodes | min ms | mean ms | cpu ms |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let (mut sum_min, mut sum_mean, mut sum_cpu) = (Duration::ZERO, Duration::ZERO, Some(Duration::ZERO));
    let mut scores = Vec::new();
    for (i, g) in grids.iter().enumerate() {
        let t = time_search(g, &Weights::NOIP);
        assert_eq!(t.result.status(), MaxScoreStatus::Optimal);
        scores.push(t.result.score().unwrap());
        sum_min += t.min;
        sum_mean += t.mean;
        sum_cpu = sum_cpu.zip(t.cpu).map(|(a, b)| a + b);
        println!(
            "| {i} | {} | {} | {} | {} | {} | {} |",
            g.n_clues(),
            t.result.score().unwrap(),
            t.result.nodes(),
            ms(t.min),
            ms(t.mean),
            ms_opt(t.cpu)
        );
    }
    let n = grids.len() as u32;
    println!(
        "\naverage per grid: min {} ms, mean {} ms, cpu {} ms (target: 1 ms)\n",
        ms(sum_min / n),
        ms(sum_mean / n),
        ms_opt(sum_cpu.map(|c| c / n))
    );
    scores
}

/// Runs `cmd` with `input` on stdin `n_runs` times; the min and median
/// wall time, the mean CPU time, and the output of the last run.
fn time_process(
    cmd: &mut Command,
    input: &[u8],
    n_runs: usize,
) -> (Duration, Duration, Option<Duration>, String) {
    let mut walls = Vec::new();
    let cpu0 = children_cpu_time();
    let mut out = String::new();
    for _ in 0..n_runs {
        let t = Instant::now();
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input).unwrap();
        let output = child.wait_with_output().unwrap();
        walls.push(t.elapsed());
        out = String::from_utf8(output.stdout).unwrap();
    }
    let cpu = children_cpu_time().zip(cpu0).map(|(b, a)| (b - a) / n_runs as u32);
    walls.sort();
    (walls[0], walls[walls.len() / 2], cpu, out)
}

fn whole_process(path: &Path, scores: &[i64]) {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-q", "-p", "sudoku-cli", "--bin", "sudoku"])
        .args(["-p", "sudoku-bench", "--example", "seed_target"])
        .current_dir(root())
        .status()
        .unwrap();
    assert!(status.success(), "cannot build the binaries");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let ours = target.join("release/sudoku");
    let seed = target.join("release/examples/seed_target");
    let input = std::fs::read(path).unwrap();
    let n_runs = 20;
    let mut cmd = Command::new(&ours);
    cmd.args(["solve", "--max-score", "--input", "hoj", "-j", "1"]);
    let (o_min, o_med, o_cpu, o_out) = time_process(&mut cmd, &input, n_runs);
    let (s_min, s_med, s_cpu, s_out) = time_process(&mut Command::new(&seed), &input, n_runs);
    let expected: String = scores.iter().map(|s| format!("{s}\n")).collect();
    assert_eq!(o_out, expected, "sudoku output differs from the in-process scores");
    assert_eq!(s_out, expected, "the seed disagrees");
    println!("## Whole process on the contest batch ({n_runs} runs each, same output)\n");
    println!("| program | min ms | median ms | cpu ms (10 ms ticks) |");
    println!("|---|---:|---:|---:|");
    println!(
        "| `sudoku solve --max-score --input hoj -j 1` | {} | {} | {} |",
        ms(o_min),
        ms(o_med),
        ms_opt(o_cpu)
    );
    println!(
        "| seed (plain DFS, `examples/seed_target.rs`) | {} | {} | {} |",
        ms(s_min),
        ms(s_med),
        ms_opt(s_cpu)
    );
    println!(
        "\nseed / ours: {:.1}x on min wall time, {:.1}x on median (target: at least 10x)\n",
        s_min.as_secs_f64() / o_min.as_secs_f64(),
        s_med.as_secs_f64() / o_med.as_secs_f64()
    );
}

/// xorshift64*, fixed seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

fn random_sweep() {
    let mut rng = Rng(2959);
    let n_grids = 120;
    let kinds = ["noip", "0..20", "-10..10", "±1e6", "{-1,0,1}"];
    let mut worst: Vec<(Duration, String)> = Vec::new();
    let mut total = Duration::ZERO;
    for _ in 0..n_grids {
        let n_givens = [0, 4, 8, 12, 17, 20, 24, 28][rng.below(8) as usize];
        let puzzle = random_partial_grid(&mut rng, n_givens);
        let kind = rng.below(5) as usize;
        let values: [i64; 81] = std::array::from_fn(|c| match kind {
            0 => Weights::NOIP.get(Cell::ALL[c]),
            1 => rng.below(21) as i64,
            2 => rng.below(21) as i64 - 10,
            3 => rng.below(2_000_001) as i64 - 1_000_000,
            _ => rng.below(3) as i64 - 1,
        });
        let weights = Weights::from_array(values).unwrap();
        let t = Instant::now();
        let r = max_score(&puzzle, &weights, &MaxScoreOptions::default());
        let el = t.elapsed();
        total += el;
        assert_eq!(r.status(), MaxScoreStatus::Optimal);
        worst
            .push((el, format!("{} givens, weights {}, {} nodes", puzzle.n_clues(), kinds[kind], r.nodes())));
    }
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    println!("## Random sweep ({n_grids} grids with 0-28 givens, 5 weight kinds, seed 2959)\n");
    println!("mean {} ms; slowest (target: 1 s):", ms(total / n_grids));
    for (d, what) in worst.iter().take(3) {
        println!("- {} ms: {what}", ms(*d));
    }
    println!();
}

/// The givens of a random solution (the sweep's construction).
fn random_partial_grid(rng: &mut Rng, n_givens: usize) -> Grid {
    let solution = loop {
        let mut g = Grid::EMPTY;
        for _ in 0..11 {
            let mut h = g;
            h.set(Cell::ALL[rng.below(81) as usize], Digit::new(rng.below(9) as u8 + 1));
            if h.is_consistent() && h.count_solutions_up_to(1) == 1 {
                g = h;
            }
        }
        if let Some(s) = g.solve_one() {
            break s;
        }
    };
    let mut g = Grid::EMPTY;
    while g.n_clues() < n_givens {
        let c = Cell::ALL[rng.below(81) as usize];
        g.set(c, solution.get(c).unwrap());
    }
    g
}

fn tie_families() {
    type Family = (&'static str, fn(i64, i64) -> i64);
    let families: [Family; 3] = [
        ("w = c", |_, c| c),
        ("w = 9r + c", |r, c| 9 * r + c),
        ("±1 checkerboard", |r, c| 1 - 2 * ((r + c) % 2)),
    ];
    let mut rng = Rng(0x7135);
    let mut grids = vec![Grid::EMPTY];
    for n_givens in [10, 15, 20, 25] {
        grids.push(random_partial_grid(&mut rng, n_givens));
    }
    println!("## Tie families (empty grid, random partial grids with 10-25 givens, seed 0x7135)\n");
    println!("| weights | givens | score | nodes | min ms | mean ms | cpu ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut worst = Duration::ZERO;
    for (name, f) in families {
        let weights = Weights::from_array(Cell::ALL.map(|c| f(c.row() as i64, c.col() as i64))).unwrap();
        for g in &grids {
            let t = time_search(g, &weights);
            assert_eq!(t.result.status(), MaxScoreStatus::Optimal, "{name} on {g}");
            worst = worst.max(t.min);
            println!(
                "| {name} | {} | {} | {} | {} | {} | {} |",
                g.n_clues(),
                t.result.score().unwrap(),
                t.result.nodes(),
                ms(t.min),
                ms(t.mean),
                ms_opt(t.cpu)
            );
        }
    }
    println!("\nslowest (min over runs): {} ms (target: 1000 ms)\n", ms(worst));
}

/// One line of the families' results: name, family, status, score, wall
/// or CPU ms, nodes.
struct FamilyRow {
    name: String,
    family: String,
    status: String,
    score: Option<i64>,
    ms: f64,
    nodes: Option<u64>,
}

fn median_and_worst(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    (v[v.len() / 2], v[v.len() - 1])
}

/// CP-SAT's rows, when the bench venv has OR-Tools; `None` (and a message)
/// otherwise. Its time limit is 10 s a case.
fn cpsat_rows(path: &Path) -> Option<Vec<FamilyRow>> {
    let python = root().join("target/bench-python-venv/bin/python");
    let has_ortools = Command::new(&python)
        .args(["-c", "import ortools"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_ortools {
        println!("CP-SAT rows skipped: no target/bench-python-venv with ortools (python3 -m venv target/bench-python-venv; target/bench-python-venv/bin/pip install ortools)\n");
        return None;
    }
    let script = root().join("crates/sudoku-bench/peers/max_score_cpsat.py");
    let out = Command::new(&python).arg(script).arg(path).args(["--time-limit", "10"]).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.lines()
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                FamilyRow {
                    name: f[0].to_string(),
                    family: f[1].to_string(),
                    status: f[2].to_string(),
                    score: f[3].parse().ok(),
                    ms: f[5].parse().unwrap_or(f64::NAN),
                    nodes: None,
                }
            })
            .collect(),
    )
}

fn weight_families() {
    let path = root().join("fixtures/target/families.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut ours = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let values: Vec<i64> = f[3].split(',').map(|v| v.parse().unwrap()).collect();
        let weights = Weights::from_array(values.try_into().unwrap()).unwrap();
        let puzzle = Grid::parse_line(f[2]).unwrap();
        // Wall time, the best of three: the thread's CPU count is too
        // coarse for the many sub-millisecond cases.
        let mut wall = Duration::MAX;
        let mut result = max_score(&puzzle, &weights, &MaxScoreOptions::default());
        for _ in 0..3 {
            let t = Instant::now();
            result = max_score(&puzzle, &weights, &MaxScoreOptions::default());
            wall = wall.min(t.elapsed());
        }
        assert_eq!(result.status(), MaxScoreStatus::Optimal, "{}", f[0]);
        let (grid, score) = result.best().unwrap();
        assert!(grid.is_solution_of(&puzzle));
        assert_eq!(weights.score(&grid), score);
        ours.push(FamilyRow {
            name: f[0].to_string(),
            family: f[1].to_string(),
            status: "optimal".to_string(),
            score: Some(score),
            ms: wall.as_secs_f64() * 1e3,
            nodes: Some(result.nodes()),
        });
    }
    let cpsat = cpsat_rows(&path);
    if let Some(peer) = &cpsat {
        for (a, b) in ours.iter().zip(peer) {
            assert_eq!(a.name, b.name);
            if b.status == "OPTIMAL" {
                assert_eq!(a.score, b.score, "{}: CP-SAT's optimum differs", a.name);
            } else if let Some(s) = b.score {
                assert!(a.score >= Some(s), "{}: CP-SAT found a better grid", a.name);
            }
        }
    }
    println!("## Weight families of issue 33 ({} cases, one thread, best-of-3 wall ms; CP-SAT: wall ms, 10 s limit)\n", ours.len());
    println!("| family | cases | ours median ms | ours worst ms | median nodes | worst nodes | CP-SAT median ms | CP-SAT worst ms | CP-SAT unproven | worst ours/CP-SAT |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut families: Vec<String> = ours.iter().map(|r| r.family.clone()).collect();
    families.dedup();
    let mut worst_all = 0.0f64;
    for fam in &families {
        let mine: Vec<&FamilyRow> = ours.iter().filter(|r| &r.family == fam).collect();
        let (med, worst) = median_and_worst(mine.iter().map(|r| r.ms).collect());
        worst_all = worst_all.max(worst);
        let (nmed, nworst) = median_and_worst(mine.iter().map(|r| r.nodes.unwrap_or(0) as f64).collect());
        let peer = cpsat.as_ref().map(|p| p.iter().filter(|r| &r.family == fam).collect::<Vec<_>>());
        let (pmed, pworst, unproven, ratio) = match &peer {
            Some(p) => {
                let (a, b) = median_and_worst(p.iter().map(|r| r.ms).collect());
                let n = p.iter().filter(|r| r.status != "OPTIMAL").count();
                let ratio = mine.iter().zip(p).map(|(x, y)| x.ms / y.ms).fold(0.0, f64::max);
                (format!("{a:.1}"), format!("{b:.1}"), n.to_string(), format!("{ratio:.3}"))
            }
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        println!(
            "| {fam} | {} | {med:.1} | {worst:.1} | {nmed} | {nworst} | {pmed} | {pworst} | {unproven} | {ratio} |",
            mine.len()
        );
    }
    println!("\nslowest case: {worst_all:.1} ms (target: 100 ms)\n");
}

fn main() {
    target_cases();
    tie_families();
    weight_families();
    let contest = root().join("fixtures/target/contest20.txt");
    let scores = contest_batch(&contest);
    whole_process(&contest, &scores);
    random_sweep();
    against_baseline(&contest);
}

/// With `SUDOKU_BASELINE` set: `sudoku solve --max-score --input hoj` of
/// this build against the baseline's, one job, as whole processes on the
/// contest batch repeated to 1,000 grids (so a run lasts long enough to time).
fn against_baseline(contest: &Path) {
    let Some(run) = sudoku_bench::BaselineRun::from_env() else { return };
    run.print_header("`sudoku solve --max-score`, one job");
    let grids = read_hoj(contest);
    let n_repeats = 1000usize.div_ceil(grids.len().max(1));
    let mut text = format!("{}\n", grids.len() * n_repeats);
    for grid in grids.iter().cycle().take(grids.len() * n_repeats) {
        let cells: Vec<String> = grid.to_array().iter().map(u8::to_string).collect();
        for row in cells.chunks(9) {
            text += &row.join(" ");
            text.push('\n');
        }
    }
    let file = run.path("contest.hoj");
    std::fs::write(&file, text).expect("a scratch file");
    let file = file.to_string_lossy();
    run.row(&["solve", "--max-score", "--input", "hoj", "--jobs", "1", &file], grids.len() * n_repeats);
}
