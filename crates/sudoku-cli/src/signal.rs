//! Ctrl-C handling: remove the temporary output file, if any, then exit
//! with the conventional 130, so an interrupted run leaves nothing behind.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Installs the handler once; later calls do nothing.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(files) = TEMP_FILES.lock() {
            for f in files.iter() {
                let _ = std::fs::remove_file(f);
            }
        }
        std::process::exit(130);
    });
}

/// Remembers a temporary file to remove on Ctrl-C.
pub fn register_temp(path: &Path) {
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
