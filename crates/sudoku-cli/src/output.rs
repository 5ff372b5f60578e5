//! Where output goes: stdout, or a file written atomically (a temporary
//! file in the same directory, renamed into place when the run succeeds).

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// The run flags shared by the record-processing commands (`solve`,
/// `grade`).
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// Report a malformed record on stderr and go on (its output line says
    /// so); without it the first malformed record stops the run.
    #[arg(long)]
    pub skip_invalid: bool,

    /// Worker threads [default: all cores]. Output order never depends on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,

    /// Write to FILE instead of stdout (atomically; `-` is stdout).
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Overwrite the `--output` file if it exists.
    #[arg(long)]
    pub force: bool,
}

impl RunArgs {
    /// `--jobs`, or every core.
    pub fn jobs(&self) -> usize {
        self.jobs.map(|j| j as usize).unwrap_or_else(crate::pipeline::default_jobs)
    }
}

/// An output destination. Call [`Output::finish`] on success: a dropped,
/// unfinished file output leaves no file behind.
pub enum Output {
    /// Standard output.
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// A temporary file to be renamed to `path`.
    File {
        /// The temporary file, in the target's directory.
        tmp: BufWriter<tempfile::NamedTempFile>,
        /// Where the file goes.
        path: PathBuf,
        /// Whether an existing file may be replaced.
        force: bool,
    },
}

impl Output {
    /// Opens `path` (`None` or `-` is stdout). An existing file is an error
    /// unless `force`.
    pub fn open(path: Option<&Path>, force: bool) -> anyhow::Result<Output> {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
            return Ok(Output::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock())));
        };
        if path.exists() && !force {
            bail!("{} already exists (use --force to overwrite it)", path.display());
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudoku-").suffix(".tmp");
        // A temporary file is private (0600) by default; the output is an
        // ordinary file, so ask for 0666 and let the umask decide.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let tmp = builder
            .tempfile_in(dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
        crate::signal::register_temp(tmp.path());
        Ok(Output::File { tmp: BufWriter::with_capacity(1 << 16, tmp), path: path.to_path_buf(), force })
    }

    /// Flushes, and moves a file output into place.
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush().context("cannot write to stdout"),
            Output::File { tmp, path, force } => {
                let tmp =
                    tmp.into_inner().map_err(|e| e.into_error()).context("cannot write the output file")?;
                tmp.as_file().sync_all().ok();
                let tmp_path = tmp.path().to_path_buf();
                let result = if force { tmp.persist(&path) } else { tmp.persist_noclobber(&path) };
                crate::signal::unregister_temp(&tmp_path);
                result.map_err(|e| e.error).with_context(|| format!("cannot write {}", path.display()))?;
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File { tmp, .. } => tmp.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.write_all(buf),
            Output::File { tmp, .. } => tmp.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { tmp, .. } => tmp.flush(),
        }
    }
}

/// Writes one CSV row to `out` (RFC 4180 quoting), with the header row
/// before the first: `header_done` remembers whether it was written.
pub fn write_csv_row<T: serde::Serialize>(
    out: &mut Output,
    header_done: &mut bool,
    row: T,
) -> anyhow::Result<()> {
    let mut w = csv::WriterBuilder::new().has_headers(!*header_done).from_writer(Vec::with_capacity(256));
    w.serialize(row)?;
    out.write_all(&w.into_inner().context("cannot format a CSV row")?)?;
    *header_done = true;
    Ok(())
}

/// Writes one JSON Lines record: the object and a newline.
pub fn write_json_line<T: serde::Serialize>(out: &mut Output, row: &T) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, row)?;
    out.write_all(b"\n")?;
    Ok(())
}
