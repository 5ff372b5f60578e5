//! Output destinations that never lose data.
//!
//! - An output file is complete or absent: the run writes a temporary file
//!   in the target's directory, and [`OutFile::finish`] stages it; every
//!   staged file of the run is put in place together when the whole run
//!   succeeded ([`crate::commit`]). A run that fails, is interrupted
//!   (Ctrl-C, SIGTERM, SIGHUP) or panics leaves no file, and every existing
//!   file exactly as it was.
//! - An existing regular file is replaced only with `--force`, and keeps
//!   its permission bits.
//! - A stream is written into, never replaced, and never needs `--force`:
//!   the process's own standard output by any name (`/dev/stdout`,
//!   `/dev/fd/1`, or the very file stdout was redirected to, so that
//!   `>> log` stays an append), any other `/dev/fd/N` or `/proc/*/fd/N`
//!   (a process substitution), and any path that is not a regular file (a
//!   character device such as `/dev/null`, a FIFO, a terminal). A regular
//!   file reached through a descriptor path is appended to.
//! - A symlink stays a symlink: the file it points to gets the content.
//! - Two outputs of one run are refused when they are the same file, by
//!   identity ([`Destinations`]), before any work is done; a page set
//!   (`book.svg` → `book-0001.svg` …) claims every name of its pages.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// Where one output goes. Call [`OutFile::finish`] on success; dropping an
/// unfinished file output removes its temporary file.
pub enum OutFile {
    /// Standard output.
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// A device, FIFO or other file that is written into as it is.
    Special(BufWriter<File>),
    /// A temporary file, staged for `target` by `finish`.
    Atomic {
        /// The temporary file, in the target's directory.
        tmp: BufWriter<File>,
        /// Its name; dropping it removes the file.
        tmp_path: tempfile::TempPath,
        /// The regular file to create or replace (symlinks resolved).
        target: PathBuf,
        /// The permission bits of the file being replaced, if any.
        keep_permissions: Option<fs::Permissions>,
    },
}

impl OutFile {
    /// Opens `path` (`None` is stdout). An existing regular file is an error
    /// unless `force`; a directory always is.
    pub fn create(path: Option<&Path>, force: bool) -> anyhow::Result<OutFile> {
        let stdout = || OutFile::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock()));
        let Some(path) = path else {
            return Ok(stdout());
        };
        if is_stdout(path) {
            return Ok(stdout());
        }
        if is_descriptor_path(path) {
            // The kernel resolves these; the link text (`pipe:[…]`) is no
            // path. A regular file behind one is appended to, never
            // truncated or replaced.
            let regular = fs::metadata(path).is_ok_and(|m| m.is_file());
            let f = OpenOptions::new()
                .write(true)
                .append(regular)
                .open(path)
                .with_context(|| format!("cannot open {}", path.display()))?;
            return Ok(OutFile::Special(BufWriter::with_capacity(1 << 16, f)));
        }
        let target = resolve_links(path)?;
        let existing = match fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
        };
        let keep_permissions = match existing {
            Some(m) if m.is_dir() => bail!("{} is a directory", path.display()),
            Some(m) if !m.is_file() => {
                let f = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .with_context(|| format!("cannot open {}", path.display()))?;
                return Ok(OutFile::Special(BufWriter::with_capacity(1 << 16, f)));
            }
            Some(_) if !force => bail!("{} already exists (use --force to replace it)", path.display()),
            Some(m) => Some(m.permissions()),
            None => None,
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudoku-").suffix(".tmp");
        // A temporary file is private (0600) by default; a new output is an
        // ordinary file, so ask for 0666 and let the umask decide.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let tmp = crate::commit::temp_file_in(&builder, dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
        // The file and its name apart: errors of plain file writes do not
        // carry the temporary name, which the user never gave.
        let (file, tmp_path) = tmp.into_parts();
        Ok(OutFile::Atomic {
            tmp: BufWriter::with_capacity(1 << 16, file),
            tmp_path,
            target,
            keep_permissions,
        })
    }

    /// Flushes; a file output is synced, closed and staged: it is put in
    /// place with the run's other outputs when the run succeeds
    /// ([`crate::commit::commit`]).
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            OutFile::Stdout(mut w) => w.flush().context("cannot write to stdout"),
            OutFile::Special(mut w) => w.flush().context("cannot write the output"),
            OutFile::Atomic { tmp, tmp_path, target, keep_permissions } => {
                let file = tmp
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .with_context(|| format!("cannot write {}", target.display()))?;
                if let Some(p) = keep_permissions {
                    file.set_permissions(p).with_context(|| {
                        format!("cannot copy the permission bits of {}", target.display())
                    })?;
                }
                file.sync_all().with_context(|| format!("cannot write {}", target.display()))?;
                drop(file);
                crate::commit::stage(tmp_path, target);
                Ok(())
            }
        }
    }
}

/// Whether `path` is the file this process's standard output is (by
/// identity: `/dev/stdout`, `/dev/fd/1`, or the file stdout was redirected
/// to under its own name).
fn is_stdout(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else { return false };
        let (Ok(out), Ok(m)) = (File::from(fd).metadata(), fs::metadata(path)) else { return false };
        out.dev() == m.dev() && out.ino() == m.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Whether `path` names an open file descriptor (`/dev/fd/N`,
/// `/dev/stdout`, `/dev/stderr`, `/proc/…/fd/N`): a stream the shell gave.
fn is_descriptor_path(path: &Path) -> bool {
    let s = path.to_string_lossy();
    s.starts_with("/dev/fd/")
        || s == "/dev/stdout"
        || s == "/dev/stderr"
        || s == "/dev/stdin"
        || (s.starts_with("/proc/") && s.contains("/fd/"))
}

impl Write for OutFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            OutFile::Stdout(w) => w.write(buf),
            OutFile::Special(w) => w.write(buf),
            OutFile::Atomic { tmp, .. } => tmp.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            OutFile::Stdout(w) => w.write_all(buf),
            OutFile::Special(w) => w.write_all(buf),
            OutFile::Atomic { tmp, .. } => tmp.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            OutFile::Stdout(w) => w.flush(),
            OutFile::Special(w) => w.flush(),
            // A temporary file is flushed by `finish`.
            OutFile::Atomic { .. } => Ok(()),
        }
    }
}

/// `path` with every symlink along its last component followed, so a
/// symlink's target (existing or not) is what gets written.
fn resolve_links(path: &Path) -> anyhow::Result<PathBuf> {
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&target)
                    .with_context(|| format!("cannot read the link {}", target.display()))?;
                target = match target.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(target),
        }
    }
    bail!("{}: too many levels of symbolic links", path.display())
}

/// The outputs of one run, checked to be distinct files before any work.
#[derive(Default)]
pub struct Destinations {
    seen: Vec<(FileId, PathBuf)>,
    /// Page sets (`book.svg` → `book-0001.svg` …): the canonical
    /// directory, the stem, and the name as given.
    page_sets: Vec<(PathBuf, String, PathBuf)>,
}

/// What makes two paths the same file: device and inode for a file that
/// exists; the canonical directory and name for one that does not yet.
#[derive(PartialEq, Eq)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

impl Destinations {
    /// Adds `path` (`None` is stdout); an error if an earlier output is the
    /// same file, or a page of an earlier page set.
    pub fn add(&mut self, path: Option<&Path>) -> anyhow::Result<()> {
        let id = match path {
            None => stdout_id(),
            Some(p) => file_id(p)?,
        };
        let shown = path.map_or_else(|| PathBuf::from("stdout"), Path::to_path_buf);
        if let Some((_, earlier)) = self.seen.iter().find(|(seen, _)| *seen == id) {
            bail!(
                "{} and {} are the same file: give each output its own",
                earlier.display(),
                shown.display()
            );
        }
        if let FileId::Path(p) = &id {
            if let Some((_, _, set)) = self.page_sets.iter().find(|set| is_page_of(p, set)) {
                bail!("{} is a page name of {}: give each output its own", shown.display(), set.display());
            }
        }
        #[cfg(unix)]
        if let (FileId::Inode(..), Some(p)) = (&id, path) {
            let named = canonical_name(p)?;
            if let Some((_, _, set)) = self.page_sets.iter().find(|set| is_page_of(&named, set)) {
                bail!("{} is a page name of {}: give each output its own", shown.display(), set.display());
            }
        }
        self.seen.push((id, shown));
        Ok(())
    }

    /// Adds the page set named after `path` (`STEM-NNNN.svg` in its
    /// directory): an error if an earlier output is one of its pages.
    pub fn add_page_set(&mut self, path: &Path) -> anyhow::Result<()> {
        let named = canonical_name(path)?;
        let dir = named.parent().map(Path::to_path_buf).unwrap_or_default();
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let set = (dir, stem, path.to_path_buf());
        for (_, earlier) in &self.seen {
            if earlier.as_os_str() != "stdout" && is_page_of(&canonical_name(earlier)?, &set) {
                bail!("{} is a page name of {}: give each output its own", earlier.display(), path.display());
            }
        }
        self.page_sets.push(set);
        Ok(())
    }
}

/// Checks the outputs of a book run: the book (`None` is stdout; a page
/// set when `pages`) and the CSV beside it (`None` is stdout), if any.
pub fn check_book_outputs(
    book: Option<&Path>,
    pages: bool,
    csv: Option<Option<&Path>>,
) -> anyhow::Result<()> {
    let Some(csv) = csv else { return Ok(()) };
    let mut destinations = Destinations::default();
    match (book, pages) {
        (Some(path), true) => destinations.add_page_set(path)?,
        (book, _) => destinations.add(book)?,
    }
    destinations.add(csv)
}

/// Whether `named` (canonical directory and name) is a page of `set`.
fn is_page_of(named: &Path, (dir, stem, _): &(PathBuf, String, PathBuf)) -> bool {
    let name = named.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    named.parent() == Some(dir.as_path())
        && name
            .strip_prefix(stem.as_str())
            .and_then(|r| r.strip_prefix('-'))
            .and_then(|r| r.strip_suffix(".svg"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Standard output's identity: the file it is, where it has one.
fn stdout_id() -> FileId {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        if let Ok(m) = io::stdout().as_fd().try_clone_to_owned().and_then(|fd| File::from(fd).metadata()) {
            return FileId::Inode(m.dev(), m.ino());
        }
    }
    FileId::Path(PathBuf::from("-"))
}

fn file_id(path: &Path) -> anyhow::Result<FileId> {
    #[cfg(unix)]
    if let Ok(m) = fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        return Ok(FileId::Inode(m.dev(), m.ino()));
    }
    Ok(FileId::Path(canonical_name(path)?))
}

/// `path` (links followed) as its canonical directory and its name.
fn canonical_name(path: &Path) -> anyhow::Result<PathBuf> {
    let target = if is_descriptor_path(path) { path.to_path_buf() } else { resolve_links(path)? };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let dir = fs::canonicalize(dir)
        .with_context(|| format!("cannot write {}: no such directory", path.display()))?;
    Ok(dir.join(target.file_name().unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_by_another_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.csv");
        let mut d = Destinations::default();
        d.add(Some(&a)).unwrap();
        assert!(d.add(Some(&dir.path().join(".").join("a.csv"))).is_err());
        d.add(Some(&dir.path().join("b.csv"))).unwrap();
        d.add(None).unwrap();
        assert!(d.add(None).is_err());
        #[cfg(unix)]
        {
            fs::write(dir.path().join("c"), "x").unwrap();
            std::os::unix::fs::symlink(dir.path().join("c"), dir.path().join("l")).unwrap();
            let mut d = Destinations::default();
            d.add(Some(&dir.path().join("l"))).unwrap();
            assert!(d.add(Some(&dir.path().join("c"))).is_err());
        }
    }

    #[test]
    fn an_unfinished_file_leaves_nothing_and_the_old_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "keep\n").unwrap();
        let mut out = OutFile::create(Some(&path), true).unwrap();
        out.write_all(b"partial").unwrap();
        drop(out);
        assert_eq!(fs::read_to_string(&path).unwrap(), "keep\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "a temporary file was left behind");
    }
}
