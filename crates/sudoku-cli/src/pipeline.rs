//! The record pipeline shared by the commands that read puzzles (`solve`,
//! `solve --max-score`, `grade`): read records from every input in turn, run
//! the work on chunks of them in parallel, and hand the results back in
//! input order, with the one policy for malformed records and exit codes
//! ([`RecordRun`]).
//!
//! With one job, and with any number for the first millisecond of work (a
//! small input), there is no chunk and no thread: each record goes from
//! the reader through the work to the output. Memory is bounded by one
//! chunk; output order never depends on `--jobs`.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use rayon::prelude::*;
use sudoku_core::Grid;
use sudoku_io::{FileKind, InputFormat, InputSpec, Record, RecordError, RecordWriter};

use crate::args::{InputArgs, OutputArgs};
use crate::out_file::{Destinations, OutFile};
use crate::progress::Progress;

/// Records per chunk handed to the worker threads.
const CHUNK: usize = 2048;

/// Work done on the calling thread before the worker threads start: about
/// ten times what starting them costs, so an input this small is not
/// slowed down by `--jobs`.
const INLINE_BUDGET: Duration = Duration::from_millis(1);

/// Whether to go on after a record.
pub enum Flow {
    /// Read the next record.
    Continue,
    /// Stop reading (the rest of the input is not read).
    Stop,
}

/// Reads every record of `source`'s files (stdin when none or `-`), runs
/// `work` on each grid on `--jobs` threads, and calls `emit` in input order
/// with the record and its result (`None` when the record did not parse).
/// A record's notice (see [`Record::notice`]) is said on stderr unless
/// `--quiet`.
pub fn for_each_record<T, W, E>(
    source: &InputArgs,
    output: &OutputArgs,
    work: W,
    mut emit: E,
) -> anyhow::Result<()>
where
    T: Send,
    W: Fn(&Grid) -> T + Sync,
    E: FnMut(&Record, Option<T>) -> anyhow::Result<Flow>,
{
    let input = &source.spec()?;
    let quiet = output.quiet;
    let inputs = input_paths(&source.files).into_iter().map(|path| open_records(path, input));
    let run = |r: &Record| r.grid.as_ref().ok().map(&work);
    for_each_item(inputs, output, run, |record: &Record, result| {
        if let (Some(notice), false) = (&record.notice, quiet) {
            eprintln!("sudoku: {notice}");
        }
        emit(record, result)
    })
}

/// The engine under [`for_each_record`], for any kind of record: reads the
/// records of each input in turn (an input that cannot be opened is an
/// error when its turn comes), runs `work` on each on `--jobs` threads and
/// calls `emit` with the results in input order.
pub fn for_each_item<R, T, W, E>(
    inputs: impl IntoIterator<Item = anyhow::Result<Box<dyn Iterator<Item = R>>>>,
    output: &OutputArgs,
    work: W,
    mut emit: E,
) -> anyhow::Result<()>
where
    R: Sync,
    T: Send,
    W: Fn(&R) -> T + Sync,
    E: FnMut(&R, T) -> anyhow::Result<Flow>,
{
    let jobs = output.jobs();
    let mut progress = Progress::new(None, "records", output.quiet);
    let mut n_done = 0u64;
    let mut emit = |record: &R, result: T| {
        n_done += 1;
        progress.set(n_done);
        emit(record, result)
    };
    // The worker threads start only once the work has taken
    // `INLINE_BUDGET`: a small input is done before they would be up.
    let started = Instant::now();
    let mut pool: Option<rayon::ThreadPool> = None;
    for records in inputs {
        let mut records = records?;
        loop {
            let pool = match &pool {
                Some(pool) => pool,
                None if jobs <= 1 || started.elapsed() < INLINE_BUDGET => {
                    let Some(record) = records.next() else { break };
                    if let Flow::Stop = emit(&record, work(&record))? {
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
            let chunk: Vec<R> = records.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let results: Vec<T> = pool.install(|| chunk.par_iter().map(&work).collect());
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
    if path.as_os_str() == "-" {
        return Ok(sudoku_io::records(io::stdin().lock(), "<stdin>", input));
    }
    if path.is_dir() {
        anyhow::bail!("{} is a directory", path.display());
    }
    let f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    // A `.csv` file is CSV unless `--input` says otherwise.
    let csv;
    let input = if input.format == InputFormat::Auto && FileKind::from_path(path) == FileKind::Csv {
        csv = InputSpec { format: InputFormat::Csv, column: input.column.clone() };
        &csv
    } else {
        input
    };
    Ok(sudoku_io::records(f, &path.display().to_string(), input))
}

/// The one policy of the record commands for what is not a plain answer:
/// a malformed record stops the run (exit 2, no output file) unless
/// `--skip-invalid`, which reports it and keeps its place in the output;
/// a negative answer (no solution, not rated, stopped) makes the exit code 1.
pub struct RecordRun {
    skip_invalid: bool,
    quiet: bool,
    n_negative: u64,
    error: Option<RecordError>,
}

impl RecordRun {
    /// Checks and opens `output` for a record command whose CSV rows have
    /// `csv_header`, with `--skip-invalid` or not.
    pub fn start(
        output: &OutputArgs,
        skip_invalid: bool,
        csv_header: &'static [&'static str],
    ) -> anyhow::Result<(RecordRun, RecordWriter<OutFile>)> {
        Destinations::default().add(output.path())?;
        let out = RecordWriter::new(OutFile::create(output.path(), output.force)?, csv_header);
        Ok((RecordRun { skip_invalid, quiet: output.quiet, n_negative: 0, error: None }, out))
    }

    /// A record that did not parse: with `--skip-invalid`, reports it and
    /// writes its placeholder (`write_invalid`) to keep the output aligned;
    /// without, [`Flow::Stop`]: the run ends with this error.
    pub fn malformed(
        &mut self,
        e: &RecordError,
        write_invalid: impl FnOnce() -> anyhow::Result<()>,
    ) -> anyhow::Result<Flow> {
        if !self.skip_invalid {
            self.error = Some(e.clone());
            return Ok(Flow::Stop);
        }
        if !self.quiet {
            eprintln!("sudoku: skipped: {e}");
        }
        self.n_negative += 1;
        write_invalid()?;
        Ok(Flow::Continue)
    }

    /// A negative answer: the exit code becomes 1.
    pub fn negative(&mut self) {
        self.n_negative += 1;
    }

    /// Ends the run: on a malformed record, the error (and `out`, unfinished,
    /// leaves no file); else `out` (a CSV one with its header row, even when
    /// empty) is moved into place and the exit code is 0, or 1 after a
    /// negative answer.
    pub fn finish(self, mut out: RecordWriter<OutFile>, csv: bool) -> anyhow::Result<ExitCode> {
        if let Some(e) = self.error {
            drop(out);
            return Err(e.into());
        }
        if csv {
            out.finish_csv()?;
        }
        out.into_inner().finish()?;
        Ok(if self.n_negative > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
    }
}
