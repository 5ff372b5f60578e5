//! A run's output files are one transaction: all of them are put in place
//! together when the run succeeds, or none is.
//!
//! - Every file output is written to a temporary file in its target's
//!   directory ([`crate::out_file::OutFile`]). Finishing one *stages* it
//!   ([`stage`]): written, synced to disk, closed, but not yet in place.
//! - Files of an older set that the new set does not replace (pages or
//!   images past the new set's end) are marked for removal ([`remove`]).
//! - [`commit`], once the whole run has succeeded (`main`), puts every
//!   staged file in place and removes the stale ones, in one step: each
//!   file it replaces or removes is first kept under a backup name (a hard
//!   link or a rename in the same directory), so that a failure halfway
//!   (a rename refused) puts every file back as it was. The backups are
//!   removed once every file is in place.
//! - A run that fails, panics ([`Guard`]) or is ended by SIGINT, SIGTERM or
//!   SIGHUP before the commit removes its temporary files and changes
//!   nothing; a signal exits with 128 + its number (130, 143, 129). The
//!   handler waits for a commit under way, and a signal that comes after
//!   the commit is ignored: the files are in place and the exit code says
//!   so. SIGXFSZ (a file-size limit, `ulimit -f`) is caught, so that a
//!   write past the limit fails with an error the run reports (and cleans
//!   up after) instead of killing the process.
//!
//! Only SIGKILL or a power cut during the commit itself (a few renames)
//! can leave a mix; a backup file (`.sudoku-*.bak`) then still holds each
//! old file.
//!
//! The signal handler (a thread) is installed with the first temporary
//! file: a run that writes only to standard output keeps the default
//! disposition, which ends the process by the signal, and does not pay for
//! the thread at start-up.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use anyhow::Context;
use tempfile::TempPath;

/// What the run has written and not yet put in place.
struct Pending {
    /// Every temporary file of the run, open or staged: removed on a signal.
    temps: Vec<PathBuf>,
    /// Finished outputs and where they go.
    staged: Vec<(TempPath, PathBuf)>,
    /// Files of an older set to remove when the run commits.
    stale: Vec<PathBuf>,
    /// The run's files are in place: a signal no longer changes anything.
    committed: bool,
}

static PENDING: Mutex<Pending> =
    Mutex::new(Pending { temps: Vec::new(), staged: Vec::new(), stale: Vec::new(), committed: false });

fn pending() -> MutexGuard<'static, Pending> {
    // A panic while the lock was held leaves the lists as they were, which
    // is still the truth about the files.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Creates a temporary file in `dir` with `builder` and remembers it, to
/// remove on a signal: both under the lock the signal handler takes, so
/// that no signal finds a file made but not yet remembered.
pub fn temp_file_in(builder: &tempfile::Builder, dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    install();
    let mut p = pending();
    let tmp = builder.tempfile_in(dir)?;
    p.temps.push(tmp.path().to_path_buf());
    Ok(tmp)
}

/// A finished output: `tmp` (written, synced and closed) goes to `target`
/// when the run commits.
pub fn stage(tmp: TempPath, target: PathBuf) {
    pending().staged.push((tmp, target));
}

/// `path`, a file of an older set, is removed when the run commits.
pub fn remove(path: PathBuf) {
    pending().stale.push(path);
}

/// Puts every staged file in place and removes the stale ones, all or
/// none (see the module's docs).
pub fn commit() -> anyhow::Result<()> {
    let mut p = pending();
    let staged = std::mem::take(&mut p.staged);
    let stale = std::mem::take(&mut p.stale);
    let result = put_in_place(staged, &stale);
    p.temps.clear();
    p.committed = result.is_ok();
    result
}

/// Removes every staged and temporary file: the run failed.
pub fn discard() {
    let mut p = pending();
    p.staged.clear(); // Dropping a `TempPath` removes its file.
    for f in p.temps.drain(..) {
        let _ = std::fs::remove_file(f);
    }
    p.stale.clear();
}

/// Discards what was not committed when dropped: held by `main` for the
/// whole run, so that a panic leaves no temporary file.
pub struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        discard();
    }
}

/// One file the commit changed, and how to undo it.
struct Undo {
    target: PathBuf,
    /// The old file under its backup name; `None` when there was none.
    backup: Option<PathBuf>,
}

fn put_in_place(staged: Vec<(TempPath, PathBuf)>, stale: &[PathBuf]) -> anyhow::Result<()> {
    let mut undo: Vec<Undo> = Vec::with_capacity(staged.len() + stale.len());
    let result = (|| -> anyhow::Result<()> {
        for old in stale {
            let backup = backup_name(old)?;
            std::fs::rename(old, &backup).with_context(|| format!("cannot remove {}", old.display()))?;
            undo.push(Undo { target: old.clone(), backup: Some(backup) });
        }
        for (tmp, target) in staged {
            let backup = match std::fs::symlink_metadata(&target) {
                Ok(_) => {
                    let backup = backup_name(&target)?;
                    // A copy where the file system has no hard links.
                    std::fs::hard_link(&target, &backup)
                        .or_else(|_| std::fs::copy(&target, &backup).map(|_| ()))
                        .with_context(|| format!("cannot keep a backup of {}", target.display()))?;
                    Some(backup)
                }
                Err(_) => None,
            };
            undo.push(Undo { target: target.clone(), backup });
            tmp.persist(&target)
                .map_err(|e| e.error)
                .with_context(|| format!("cannot write {}", target.display()))?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => {
            for u in &undo {
                if let Some(b) = &u.backup {
                    let _ = std::fs::remove_file(b);
                }
            }
            sync_directories(undo.iter().map(|u| u.target.as_path()));
            Ok(())
        }
        Err(e) => {
            // Back as it was, newest change first.
            for u in undo.iter().rev() {
                let _ = match &u.backup {
                    Some(b) => std::fs::rename(b, &u.target),
                    None => std::fs::remove_file(&u.target),
                };
            }
            Err(e)
        }
    }
}

/// A free name beside `path` for its backup: `.sudoku-PID-N.bak`.
fn backup_name(path: &Path) -> anyhow::Result<PathBuf> {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    for _ in 0..1000 {
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = dir.join(format!(".sudoku-{}-{n}.bak", std::process::id()));
        if std::fs::symlink_metadata(&name).is_err() {
            return Ok(name);
        }
    }
    anyhow::bail!("cannot keep a backup of {}: no free name", path.display())
}

/// Syncs the directories of `paths`, so that the renames survive a crash.
fn sync_directories<'a>(paths: impl Iterator<Item = &'a Path>) {
    let mut dirs: Vec<&Path> = paths.filter_map(Path::parent).collect();
    dirs.sort();
    dirs.dedup();
    for d in dirs {
        let d = if d.as_os_str().is_empty() { Path::new(".") } else { d };
        if let Ok(f) = std::fs::File::open(d) {
            let _ = f.sync_all();
        }
    }
}

/// Installs the handler (a thread waiting for the signals), once.
fn install() {
    #[cfg(unix)]
    {
        static INSTALL: std::sync::Once = std::sync::Once::new();
        INSTALL.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP, SIGXFSZ])
            else {
                return;
            };
            let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
                for signal in signals.forever() {
                    if signal == SIGXFSZ {
                        // The write past the limit fails with EFBIG.
                        continue;
                    }
                    // Waits for a commit under way.
                    let mut p = pending();
                    if p.committed {
                        continue;
                    }
                    p.staged.clear();
                    for f in p.temps.drain(..) {
                        let _ = std::fs::remove_file(f);
                    }
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}
