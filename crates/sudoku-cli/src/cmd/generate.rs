//! `sudoku generate`: unique, reproducible, symmetric puzzles.
//!
//! Puzzles are made in chunks on a thread pool and written in index order,
//! one chunk at a time: memory stays constant however many are asked for,
//! the output does not depend on `--jobs`, and a closed pipe stops the run
//! after at most one chunk.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use sudoku_gen::{GenOptions, Generator, Puzzle, Symmetry};

use crate::output::Output;
use crate::pipeline::default_jobs;

/// Puzzles per chunk at most: made in parallel, then written in order.
/// Chunks start small and double up to this, so the first lines come out
/// (and a closed pipe is noticed) at once.
const MAX_CHUNK: u64 = 256;

/// How long a run goes before the progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// Arguments of `sudoku generate`.
#[derive(Debug, Args)]
#[command(after_long_help = GENERATE_AFTER_HELP)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Seed of the set [default: random, printed on stderr]. Puzzle i of
    /// seed S is always the same puzzle.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Symmetry of the clue pattern.
    #[arg(long, value_enum, value_name = "SYMMETRY", default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,

    /// Stop removing clues at N [default: remove until minimal]. Puzzles
    /// that cannot get down to N are still written; the run then reports
    /// them on stderr and exits with 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=81))]
    pub clues: Option<u8>,

    /// Output format.
    #[arg(long, short = 'f', value_enum, value_name = "FORMAT", default_value_t = GenerateFormat::Line)]
    pub format: GenerateFormat,

    /// Worker threads [default: all cores]. Output never depends on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,

    /// Write to FILE instead of stdout (atomically; `-` is stdout).
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Overwrite the `--output` file if it exists.
    #[arg(long)]
    pub force: bool,

    /// Print the clue-count distribution on stderr at the end.
    #[arg(long)]
    pub stats: bool,
}

const GENERATE_AFTER_HELP: &str = "\
Every puzzle has exactly one solution. Without --clues it is also minimal: no
clue (with a symmetry: no orbit of clues) can be removed without losing
uniqueness.

Output formats:
  line  the 81-cell puzzle, `.` for blanks, one per line
  block a readable block per puzzle, then a blank line
  csv   columns: id,seed,index,puzzle,solution,clues,symmetry (header row)
  json  one object per line with the same fields
id is SEED-INDEX. Puzzle INDEX of SEED depends on nothing else, so
`-n 10` prints the first 10 puzzles of `-n 1000` with the same seed.

Exit codes: 0 success; 1 some puzzle kept more clues than --clues asked for;
2 usage or I/O error.

Examples:
  sudoku generate -n 100 --seed 7 > puzzles.txt
  sudoku generate -n 10 --symmetry rot180 --format block
  sudoku generate -n 100000 --seed 1 -o set.csv --format csv --stats";

/// Symmetries of the clue pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn rotation.
    Rot180,
    /// Quarter-turn rotation.
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Top-bottom flip.
    Flip,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Reflection in the anti-diagonal.
    Antidiagonal,
    /// All eight symmetries of the square.
    Dihedral,
}

impl From<SymmetryArg> for Symmetry {
    fn from(arg: SymmetryArg) -> Symmetry {
        match arg {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
            SymmetryArg::Dihedral => Symmetry::Dihedral,
        }
    }
}

/// Output formats of `sudoku generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle per line.
    Line,
    /// A readable block per puzzle.
    Block,
    /// CSV with a header row.
    Csv,
    /// JSON Lines.
    Json,
}

/// One output record (CSV row or JSON object).
#[derive(Serialize)]
struct Row {
    id: String,
    seed: u64,
    index: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: &'static str,
}

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>();
        eprintln!("sudoku: seed {seed} (pass --seed {seed} to make this set again)");
        seed
    });
    let opts = GenOptions { seed, symmetry: args.symmetry.into(), target_clues: args.clues.map(usize::from) };
    let jobs = args.jobs.map(|j| j as usize).unwrap_or_else(default_jobs);
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(jobs).build().context("cannot start worker threads")?;
    let mut out = Output::open(args.output.as_deref(), args.force)?;
    let mut progress = Progress::new(args.count);
    let mut histogram: BTreeMap<usize, u64> = BTreeMap::new();
    let mut n_missed = 0u64;
    let mut buf = Vec::with_capacity(MAX_CHUNK as usize * 200);

    let mut start = 0;
    let mut chunk = MAX_CHUNK.min(4 * jobs as u64);
    while start < args.count {
        let end = args.count.min(start + chunk);
        chunk = MAX_CHUNK.min(chunk * 2);
        let puzzles: Vec<Puzzle> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(|| Generator::new(opts.clone()), |generator, index| generator.generate(index))
                .collect()
        });
        buf.clear();
        for (index, puzzle) in (start..).zip(&puzzles) {
            write_puzzle(&mut buf, args.format, seed, index, puzzle)?;
            *histogram.entry(puzzle.n_clues()).or_insert(0) += 1;
            n_missed += u64::from(!puzzle.target_reached());
        }
        out.write_all(&buf).context("cannot write the puzzles")?;
        out.flush().context("cannot write the puzzles")?;
        start = end;
        progress.set(start);
    }
    progress.finish();
    out.finish()?;

    if args.stats {
        print_stats(&histogram);
    }
    if n_missed > 0 {
        let target = args.clues.unwrap_or(0);
        let fewest = histogram.keys().next().copied().unwrap_or(81);
        eprintln!(
            "sudoku: {n_missed} of {} puzzles could not get down to {target} clues (fewest made: {fewest})",
            args.count
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Appends puzzle `index` in `format`; CSV gets its header before index 0.
fn write_puzzle(
    buf: &mut Vec<u8>,
    format: GenerateFormat,
    seed: u64,
    index: u64,
    puzzle: &Puzzle,
) -> anyhow::Result<()> {
    match format {
        GenerateFormat::Line => writeln!(buf, "{}", puzzle.givens.to_line())?,
        GenerateFormat::Block => writeln!(buf, "{}", puzzle.givens.to_block())?,
        GenerateFormat::Csv | GenerateFormat::Json => {
            let row = Row {
                id: format!("{seed}-{index}"),
                seed,
                index,
                puzzle: puzzle.givens.to_line(),
                solution: puzzle.solution.to_line(),
                clues: puzzle.n_clues(),
                symmetry: puzzle.symmetry.name(),
            };
            if format == GenerateFormat::Json {
                serde_json::to_writer(&mut *buf, &row)?;
                buf.push(b'\n');
            } else {
                let mut w = csv::WriterBuilder::new().has_headers(index == 0).from_writer(&mut *buf);
                w.serialize(row)?;
                w.flush()?;
            }
        }
    }
    Ok(())
}

/// The clue-count distribution, as a table on stderr.
fn print_stats(histogram: &BTreeMap<usize, u64>) {
    let total: u64 = histogram.values().sum();
    if total == 0 {
        return;
    }
    let sum: u64 = histogram.iter().map(|(&clues, &n)| clues as u64 * n).sum();
    eprintln!("clues  puzzles  percent");
    for (clues, n) in histogram {
        eprintln!("{clues:>5}  {n:>7}  {:>6.2}%", 100.0 * *n as f64 / total as f64);
    }
    eprintln!("mean clues: {:.2} over {total} puzzles", sum as f64 / total as f64);
}

/// A progress bar on stderr, shown only when stderr is a terminal and the
/// run has gone on for longer than [`PROGRESS_DELAY`].
struct Progress {
    total: u64,
    started: Instant,
    enabled: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(total: u64) -> Progress {
        Progress { total, started: Instant::now(), enabled: std::io::stderr().is_terminal(), bar: None }
    }

    fn set(&mut self, done: u64) {
        if !self.enabled {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= PROGRESS_DELAY && done < self.total {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
