//! Ctrl-C handling: remove the temporary output file, if any, then exit
//! with the conventional 130, so an interrupted run leaves nothing behind.
//! The handler (a thread) is installed with the first temporary file: a
//! run that writes to standard output keeps the default Ctrl-C, and starts
//! faster.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Installs the handler once; later calls do nothing.
fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if let Ok(files) = TEMP_FILES.lock() {
                for f in files.iter() {
                    let _ = std::fs::remove_file(f);
                }
            }
            std::process::exit(130);
        });
    });
}

/// Remembers a temporary file to remove on Ctrl-C.
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
