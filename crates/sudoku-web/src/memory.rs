//! Giving memory back to the system once a burst of work is over.
//!
//! The answers of heavy requests (a book, a list of grades with their
//! steps) are built on tokio's blocking threads, and glibc's allocator
//! keeps what they free in per-thread arenas for reuse: after a burst of
//! load the server's resident memory stayed near its peak (issue 43: 6 MiB
//! idle, 320 MiB under load, 200 MiB a minute later). When the server has
//! been quiet for a few seconds after some work, [`release_when_quiet`]
//! asks the allocator to return its free pages (`malloc_trim`), which
//! brings it back near the idle figure (`cargo xtask bench serve` measures
//! it). Other allocators return memory by themselves: there, this does
//! nothing.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Pieces of work done since the process started. The allocator is the
/// process's, so is this count (several servers in one process, as in the
/// tests, share it).
static WORK_DONE: AtomicU64 = AtomicU64::new(0);

/// How often the server looks whether it is quiet.
const TICK: Duration = Duration::from_secs(3);

/// After how many quiet ticks free memory is returned: once soon, and once
/// more when tokio's idle blocking threads have ended (10 s after their
/// last work), which frees what those threads kept.
const RELEASE_AT: [u32; 2] = [1, 5];

/// Counts one piece of a request's work as done.
pub(crate) fn note_work_done() {
    WORK_DONE.fetch_add(1, Ordering::Relaxed);
}

/// Runs until the runtime stops: returns the allocator's free memory to the
/// system once no work has been done for a few seconds after some was.
pub(crate) async fn release_when_quiet() {
    let mut seen = WORK_DONE.load(Ordering::Relaxed);
    let mut quiet_ticks = RELEASE_AT[RELEASE_AT.len() - 1];
    loop {
        tokio::time::sleep(TICK).await;
        let now = WORK_DONE.load(Ordering::Relaxed);
        quiet_ticks = match now == seen {
            true => quiet_ticks.saturating_add(1),
            false => 0,
        };
        seen = now;
        if RELEASE_AT.contains(&quiet_ticks) {
            // Trimming walks the whole heap: a few milliseconds, off the
            // threads that serve connections.
            let _ = tokio::task::spawn_blocking(release_free_memory).await;
        }
    }
}

/// Sets the allocator up for a long-running server: blocks of 256 KiB
/// and more (a book's PDF, a long answer) are mapped on their own and
/// returned to the system when freed, and a thread's arena gives back the
/// free memory at its top beyond 1 MiB. By default glibc raises both
/// thresholds after the first large block is freed, up to 32 and 64 MiB,
/// and keeps all of that resident.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn tune_allocator() {
    // SAFETY: `mallopt` has no preconditions; it sets two of glibc's
    // documented parameters.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 10);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 20);
    }
}

/// Elsewhere the allocator's defaults serve.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(crate) fn tune_allocator() {}

/// Returns the allocator's free pages to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn release_free_memory() {
    // SAFETY: `malloc_trim` has no preconditions; it only gives free
    // memory of glibc's arenas back to the kernel.
    #[allow(unsafe_code)]
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Elsewhere the allocator returns memory by itself.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_free_memory() {}
