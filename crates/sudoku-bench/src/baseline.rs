//! This build's `sudoku` binary against another build's, as whole
//! processes on the same input: the `SUDOKU_BASELINE` part of every bench.
//!
//! With `SUDOKU_BASELINE=path/to/sudoku` set, a bench makes a
//! [`BaselineRun`] (which builds the workspace's release `sudoku` first) and
//! prints one table row per command with [`BaselineRun::row`]. Each row runs
//! both binaries for [`ROUNDS`] samples each, alternating which goes first
//! (ABBA), after one untimed warm-up run each whose standard outputs are
//! compared. A sample is as many back-to-back runs as fill [`MIN_SAMPLE`]
//! (judged from the warm-up; one for a slow command), and a side's time is
//! its best sample divided by its runs: the CPU time (user + system) of the
//! children, from `/proc/self/stat`, which other processes on a shared
//! machine disturb less than wall time; the wall-time ratio is printed
//! beside it. The kernel adds up the children's CPU time in nanoseconds but
//! shows it in ticks of 10 ms, hence samples of at least [`MIN_SAMPLE`]:
//! about 2 % resolution.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::children_cpu_time;

/// Timed samples per side.
pub const ROUNDS: usize = 5;
/// The least time a sample of back-to-back runs takes.
pub const MIN_SAMPLE: Duration = Duration::from_millis(500);
/// The most runs in a sample.
const MAX_RUNS_PER_SAMPLE: u32 = 100;

/// Two `sudoku` binaries to time against each other, and a scratch folder
/// for inputs and output files.
pub struct BaselineRun {
    /// The other build (`SUDOKU_BASELINE`).
    pub baseline: PathBuf,
    /// The workspace's release `sudoku`.
    pub candidate: PathBuf,
    dir: PathBuf,
}

/// The times of one command on both binaries.
pub struct Comparison {
    /// Best CPU time of this build.
    pub candidate_cpu: Duration,
    /// Best CPU time of the baseline.
    pub baseline_cpu: Duration,
    /// Best wall time of this build.
    pub candidate_wall: Duration,
    /// Best wall time of the baseline.
    pub baseline_wall: Duration,
    /// Whether the warm-up runs wrote the same stdout and exit code.
    pub same_output: bool,
    /// Back-to-back runs in each sample.
    pub runs_per_sample: u32,
}

impl Comparison {
    /// CPU time of this build over the baseline's (below 1: faster).
    pub fn ratio(&self) -> f64 {
        self.candidate_cpu.as_secs_f64() / self.baseline_cpu.as_secs_f64().max(1e-6)
    }

    /// Wall time of this build over the baseline's.
    pub fn wall_ratio(&self) -> f64 {
        self.candidate_wall.as_secs_f64() / self.baseline_wall.as_secs_f64().max(1e-6)
    }
}

impl BaselineRun {
    /// The run `SUDOKU_BASELINE` asks for, `None` when it is not set. Builds
    /// the workspace's release `sudoku` (`cargo build --release -p
    /// sudoku-cli`); panics when that fails or the baseline is missing.
    pub fn from_env() -> Option<BaselineRun> {
        let baseline = PathBuf::from(std::env::var_os("SUDOKU_BASELINE")?);
        assert!(baseline.is_file(), "SUDOKU_BASELINE={}: no such file", baseline.display());
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "-q", "-p", "sudoku-cli", "--bin", "sudoku"])
            .current_dir(&root)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cannot build the sudoku binary");
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
        let candidate = target.join("release").join(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
        let dir = std::env::temp_dir().join(format!("sudoku-baseline-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Some(BaselineRun { baseline, candidate, dir })
    }

    /// A file of the scratch folder (not created).
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `lines` to the scratch file `name`, repeated until there are
    /// at least `n_min` of them (so a small set still runs long enough to
    /// time); its path and the number of lines written.
    pub fn write_lines(&self, name: &str, lines: &[String], n_min: usize) -> (PathBuf, usize) {
        let n = if lines.is_empty() { 0 } else { n_min.div_ceil(lines.len()).max(1) * lines.len() };
        let text: String = lines.iter().cycle().take(n).map(|l| format!("{l}\n")).collect();
        let path = self.path(name);
        std::fs::write(&path, text).expect("a scratch file");
        (path, n)
    }

    /// Prints the heading and the header row of a table of [`row`]s.
    ///
    /// [`row`]: BaselineRun::row
    pub fn print_header(&self, what: &str) {
        println!(
            "\n### {what}: this build against {} (whole process; CPU s a run, best of {ROUNDS} alternating samples of {} s or more)\n",
            self.baseline.display(),
            MIN_SAMPLE.as_secs_f64()
        );
        println!("| command | puzzles | this build s | baseline s | ratio | wall ratio | runs a sample | same stdout |");
        println!("|---|---:|---:|---:|---:|---:|---:|---|");
    }

    /// Times `sudoku args` on both binaries and prints a table row; the
    /// arguments are shown with scratch paths cut to their file names.
    pub fn row(&self, args: &[&str], n_puzzles: usize) -> Comparison {
        let c = self.compare(args);
        let shown: Vec<String> = args
            .iter()
            .map(|a| match Path::new(a).strip_prefix(&self.dir) {
                Ok(rest) => rest.display().to_string(),
                Err(_) => Path::new(a)
                    .file_name()
                    .filter(|_| a.contains('/'))
                    .map_or(a.to_string(), |f| f.to_string_lossy().into_owned()),
            })
            .collect();
        println!(
            "| `sudoku {}` | {n_puzzles} | {:.3} | {:.3} | {:.3} | {:.3} | {} | {} |",
            shown.join(" "),
            c.candidate_cpu.as_secs_f64(),
            c.baseline_cpu.as_secs_f64(),
            c.ratio(),
            c.wall_ratio(),
            c.runs_per_sample,
            if c.same_output { "yes" } else { "NO" }
        );
        c
    }

    /// Times `sudoku args` on both binaries: a warm-up run each (outputs
    /// compared), then [`ROUNDS`] samples each in ABBA order.
    pub fn compare(&self, args: &[&str]) -> Comparison {
        let warm = |bin: &Path| {
            let out = Command::new(bin).args(args).stdin(Stdio::null()).stderr(Stdio::null()).output();
            out.map(|o| (o.status.code(), o.stdout)).ok()
        };
        let t = Instant::now();
        let a = warm(&self.candidate);
        let warm_time = t.elapsed();
        let b = warm(&self.baseline);
        let same_output = a.is_some() && a == b;
        let runs_per_sample = (MIN_SAMPLE.as_secs_f64() / warm_time.as_secs_f64().max(1e-4))
            .ceil()
            .clamp(1.0, f64::from(MAX_RUNS_PER_SAMPLE)) as u32;
        let (mut best_cpu, mut best_wall) = ([Duration::MAX; 2], [Duration::MAX; 2]);
        for round in 0..ROUNDS {
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for side in order {
                let bin = if side == 0 { &self.candidate } else { &self.baseline };
                let (cpu, wall) = time_sample(bin, args, runs_per_sample);
                best_cpu[side] = best_cpu[side].min(cpu);
                best_wall[side] = best_wall[side].min(wall);
            }
        }
        Comparison {
            candidate_cpu: best_cpu[0],
            baseline_cpu: best_cpu[1],
            candidate_wall: best_wall[0],
            baseline_wall: best_wall[1],
            same_output,
            runs_per_sample,
        }
    }
}

impl Drop for BaselineRun {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// CPU and wall time of one run of `bin args`: the mean over `n_runs`
/// back-to-back runs, stdout and stderr discarded. Panics when a run cannot
/// start or ends with a code above 1 (1 means a negative answer for some
/// record, not a failure).
fn time_sample(bin: &Path, args: &[&str], n_runs: u32) -> (Duration, Duration) {
    let cpu0 = children_cpu_time().unwrap_or_default();
    let t = Instant::now();
    for _ in 0..n_runs {
        let status = Command::new(bin)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", bin.display()));
        let ok = status.code().is_some_and(|c| c <= 1);
        assert!(ok, "`{} {}` failed: {status}", bin.display(), args.join(" "));
    }
    let wall = t.elapsed();
    let cpu = children_cpu_time().unwrap_or_default().saturating_sub(cpu0);
    (cpu / n_runs, wall / n_runs)
}
