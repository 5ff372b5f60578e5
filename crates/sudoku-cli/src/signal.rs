//! Ctrl-C and SIGTERM: remove the temporary output files, then exit with
//! the conventional 128 + the signal's number (130 for SIGINT, 143 for
//! SIGTERM), so an interrupted run leaves nothing behind and says how it
//! ended. The handler (a thread) is installed with the first temporary
//! file: a run that writes to standard output keeps the default
//! disposition, which ends the process by the signal (a shell reports the
//! same 130 or 143), and does not pay for the thread at start-up.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Installs the handler (a thread waiting for the signals), once.
fn install() {
    #[cfg(unix)]
    {
        static INSTALL: std::sync::Once = std::sync::Once::new();
        INSTALL.call_once(|| {
            use signal_hook::consts::{SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
            let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    if let Ok(files) = TEMP_FILES.lock() {
                        for f in files.iter() {
                            let _ = std::fs::remove_file(f);
                        }
                    }
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}

/// Remembers a temporary file to remove on a signal.
pub fn register_temp(path: &Path) {
    install();
    if let Ok(mut files) = TEMP_FILES.lock() {
        files.push(path.to_path_buf());
    }
}

/// Forgets a temporary file (it was renamed into place or removed).
pub fn unregister_temp(path: &Path) {
    if let Ok(mut files) = TEMP_FILES.lock() {
        files.retain(|f| f != path);
    }
}
