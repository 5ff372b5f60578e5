//! The record pipeline shared by the commands that read puzzles: read
//! records from every input in turn, run the work on chunks of them in
//! parallel, and hand the results back in input order. With one job there
//! is no chunk and no thread: each record goes from the reader through the
//! work to the output.
//!
//! Memory is bounded by one chunk; output order never depends on `--jobs`.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;
use sudoku_core::Grid;

use crate::csv_input::CsvRecords;
use crate::input::{InputFormat, InputSpec, Record, Records};

/// Records per chunk handed to the worker threads.
const CHUNK: usize = 2048;

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
/// With one job, each record goes straight from the reader through `work`
/// to `emit`: no chunk is gathered and no thread is started.
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
    let pool = match jobs {
        0 | 1 => None,
        _ => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .context("cannot start worker threads")?,
        ),
    };
    for path in input_paths(files) {
        let mut records = open_records(path, &input)?;
        let Some(pool) = &pool else {
            for record in records {
                if let Flow::Stop = emit(&record, run(&record))? {
                    return Ok(());
                }
            }
            continue;
        };
        loop {
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
