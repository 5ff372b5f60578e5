//! The record pipeline shared by the commands that read puzzles: read
//! records from every input in turn, run the work on chunks of them in
//! parallel, and hand the results back in input order. With one job, and
//! with any number for the first millisecond of work (a small input), there is
//! no chunk and no thread: each record goes from the reader through the
//! work to the output.
//!
//! Memory is bounded by one chunk; output order never depends on `--jobs`.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use rayon::prelude::*;
use sudoku_core::Grid;

use crate::csv_input::CsvRecords;
use crate::input::{InputFormat, InputSpec, Record, Records};

/// Records per chunk handed to the worker threads.
const CHUNK: usize = 2048;

/// Work done on the calling thread before the worker threads start: about
/// ten times what starting them costs, so an input this small is not
/// slowed down by `--jobs` (95 hard puzzles took 3% longer with two jobs
/// than with one).
const INLINE_BUDGET: Duration = Duration::from_millis(1);

/// Whether to go on after a record.
pub enum Flow {
    /// Read the next record.
    Continue,
    /// Stop reading (the rest of the input is not read).
    Stop,
}

/// Reads every record of `files` (stdin when empty or `-`), runs `work` on
/// each grid (and the record it came from) on `jobs` threads, and calls
/// `emit` in input order with the record and its result (`None` when the
/// record did not parse).
///
/// Each record goes straight from the reader through `work` to `emit`, with
/// no chunk and no thread, until the work has taken `INLINE_BUDGET`; with
/// more than one job, chunks then go to the worker threads.
pub fn for_each_record<T, W, E>(
    files: &[PathBuf],
    input: impl Into<InputSpec>,
    jobs: usize,
    work: W,
    mut emit: E,
) -> anyhow::Result<()>
where
    T: Send,
    W: Fn(&Record, &Grid) -> T + Sync,
    E: FnMut(&Record, Option<T>) -> anyhow::Result<Flow>,
{
    let input = input.into();
    let run = |r: &Record| r.grid.as_ref().ok().map(|g| work(r, g));
    // The worker threads start only once the work has taken
    // `INLINE_BUDGET`: a small input is done before they would be up.
    let started = Instant::now();
    let mut pool: Option<rayon::ThreadPool> = None;
    for path in input_paths(files) {
        let mut records = open_records(path, &input)?;
        loop {
            let pool = match &pool {
                Some(pool) => pool,
                None if jobs <= 1 || started.elapsed() < INLINE_BUDGET => {
                    let Some(record) = records.next() else { break };
                    if let Flow::Stop = emit(&record, run(&record))? {
                        return Ok(());
                    }
                    continue;
                }
                None => pool.insert(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(jobs)
                        .build()
                        .context("cannot start worker threads")?,
                ),
            };
            let chunk: Vec<Record> = records.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let results: Vec<Option<T>> = pool.install(|| chunk.par_iter().map(run).collect());
            for (record, result) in chunk.iter().zip(results) {
                if let Flow::Stop = emit(record, result)? {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// The inputs to read: `files`, or stdin (`-`) when there are none.
pub fn input_paths(files: &[PathBuf]) -> Vec<&Path> {
    if files.is_empty() {
        vec![Path::new("-")]
    } else {
        files.iter().map(PathBuf::as_path).collect()
    }
}

/// The records of one input (`-` is stdin), read lazily.
pub fn open_records(path: &Path, input: &InputSpec) -> anyhow::Result<Box<dyn Iterator<Item = Record>>> {
    // Unbuffered: both readers read in big blocks of their own.
    let (reader, name): (Box<dyn io::Read>, String) = if path.as_os_str() == "-" {
        (Box::new(io::stdin().lock()), "<stdin>".to_string())
    } else {
        let f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        (Box::new(f), path.display().to_string())
    };
    Ok(match input.format {
        InputFormat::Csv => Box::new(CsvRecords::new(reader, &name, input.column.as_deref())),
        format => Box::new(Records::new(reader, format, &name)),
    })
}

/// The default for `--jobs`: every core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}
