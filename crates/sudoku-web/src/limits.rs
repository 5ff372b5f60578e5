//! What bounds the server: body size, records per request, the time budget
//! of a request, how many heavy requests run at once, and how the CPU work
//! of requests is scheduled ([`Work`]).
//!
//! Every request's CPU work runs on tokio's blocking threads, never on the
//! threads that read and write connections. Light work (a hint, a solve, a
//! few grades) waits its turn in a fair queue with one slot per core, so
//! its latency is the queue's length times a few milliseconds. Variant
//! hints, grades and models whose search ends within a light budget wait in
//! a queue of their own, half the cores' slots ([`Work::variant`]): a
//! 16x16's hint costs a thousand classic ones, and must not make them wait.
//! Heavy work (generating, books, many grades, max-score, variant searches
//! past the light budget) is refused with 429 beyond [`Limits::max_heavy`]
//! at once, so it can never starve the light work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The server's limits. [`Limits::default`] is what `sudoku serve` uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (413 beyond it).
    pub max_body: usize,
    /// The most records in one request's `input` (413 beyond it).
    pub max_records: usize,
    /// The time a request may spend computing; generating, books,
    /// max-score and long grade lists stop at it and say so (422).
    pub time_budget: Duration,
    /// Heavy requests computing at once (429 beyond them).
    pub max_heavy: usize,
    /// Light requests computing at once (the others wait their turn).
    pub max_light: usize,
    /// Light variant requests computing at once (the others wait their
    /// turn in a queue of their own).
    pub max_variant: usize,
    /// Time to send a request's headers, and its body (slow clients are
    /// cut off).
    pub read_timeout: Duration,
    /// Open connections at once (those beyond are closed at once).
    pub max_connections: usize,
    /// Search nodes of one variant puzzle (a few seconds' worth): an
    /// empty jigsaw without a solution would search for minutes.
    pub variant_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_body: 1 << 20,
            max_records: 1000,
            time_budget: Duration::from_secs(10),
            max_heavy: 2,
            max_light: cores,
            max_variant: (cores / 2).max(1),
            read_timeout: Duration::from_secs(10),
            max_connections: 1024,
            variant_nodes: 500_000,
        }
    }
}

/// The queues requests' work waits in (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Work {
    light: Arc<Semaphore>,
    variant: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
}

impl Work {
    /// The queues for `limits`.
    pub fn new(limits: &Limits) -> Work {
        Work {
            light: Arc::new(Semaphore::new(limits.max_light.max(1))),
            variant: Arc::new(Semaphore::new(limits.max_variant.max(1))),
            heavy: Arc::new(Semaphore::new(limits.max_heavy.max(1))),
        }
    }

    /// Runs `f`, a few milliseconds at most (one hint: 20 ms on the
    /// hardest positions), right here on the runtime's thread, when a light
    /// slot is free: a handoff to a blocking thread would cost as much as
    /// the work (`cargo xtask bench serve`: 40 % more hints a second).
    pub async fn quick<T>(&self, f: impl FnOnce() -> Result<T, ApiError>) -> Result<T, ApiError> {
        let _slot = self.light.acquire().await.map_err(ApiError::internal)?;
        let result = f();
        crate::memory::note_work_done();
        result
    }

    /// Runs `f` on a blocking thread when a light slot is free (waiting in
    /// turn for one).
    pub async fn light<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _slot = self.light.acquire().await.map_err(ApiError::internal)?;
        run_blocking(f).await
    }

    /// Runs `f`, variant work within a light budget, on a blocking thread
    /// when a variant slot is free (waiting in turn for one).
    pub async fn variant<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _slot = self.variant.acquire().await.map_err(ApiError::internal)?;
        run_blocking(f).await
    }

    /// Runs `f` on a blocking thread if a heavy slot is free now, else
    /// answers 429.
    pub async fn heavy<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _slot = self.heavy.clone().try_acquire_owned().map_err(|_| {
            ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "the server is busy with other long requests: try again in a moment",
            )
        })?;
        run_blocking(f).await
    }
}

async fn run_blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    // Counted on the blocking thread, when the work ends: also when its
    // client has gone and nobody awaits it any more.
    let work = move || {
        let result = f();
        crate::memory::note_work_done();
        result
    };
    tokio::task::spawn_blocking(work).await.map_err(ApiError::internal)?
}

/// A stop flag for work that can stop part-way (generating a set): set
/// when the time budget is spent, or when the request is dropped (its
/// client went away), so the work never outlives its request by long.
#[derive(Debug)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl Stop {
    /// A flag that is set after `budget`.
    pub fn after(budget: Duration) -> Stop {
        let flag = Arc::new(AtomicBool::new(false));
        let set = flag.clone();
        let timer = tokio::spawn(async move {
            tokio::time::sleep(budget).await;
            set.store(true, Ordering::Relaxed);
        });
        Stop { flag, timer }
    }

    /// The flag, for the work to watch.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }

    /// Whether the flag is set.
    pub fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

impl Drop for Stop {
    fn drop(&mut self) {
        self.timer.abort();
        self.flag.store(true, Ordering::Relaxed);
    }
}
