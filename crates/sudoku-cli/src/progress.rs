//! A progress bar on stderr for long runs: shown only when stderr is a
//! terminal, `--quiet` is off, and the run has gone on for a second.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// A bar over `total` items, or a counter when the total is unknown.
pub struct Progress {
    total: Option<u64>,
    unit: &'static str,
    started: Instant,
    enabled: bool,
    bar: Option<ProgressBar>,
    done: u64,
}

impl Progress {
    /// A progress report of `unit`s (`puzzles`, `records`); `total` when known.
    pub fn new(total: Option<u64>, unit: &'static str, quiet: bool) -> Progress {
        let enabled = !quiet && std::io::stderr().is_terminal();
        Progress { total, unit, started: Instant::now(), enabled, bar: None, done: 0 }
    }

    /// Whether a bar can be shown at all (stderr is a terminal and
    /// `--quiet` is off).
    pub fn is_shown(&self) -> bool {
        self.enabled
    }

    /// `done` items are done.
    pub fn set(&mut self, done: u64) {
        self.done = done;
        if !self.enabled {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= DELAY && self.total.is_none_or(|t| done < t) {
            let target = ProgressDrawTarget::stderr();
            let (bar, template) = match self.total {
                Some(total) => (
                    ProgressBar::with_draw_target(Some(total), target),
                    format!("{{bar:40}} {{pos}}/{{len}} {}, {{per_sec}}, eta {{eta}} {{msg}}", self.unit),
                ),
                None => (
                    ProgressBar::with_draw_target(None, target),
                    format!("{{spinner}} {{pos}} {}, {{per_sec}} {{msg}}", self.unit),
                ),
            };
            bar.set_style(
                ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Shows `message` beside the bar (what the current item is at),
    /// making the bar if it is due.
    pub fn note(&mut self, message: String) {
        if !self.enabled {
            return;
        }
        if self.bar.is_none() {
            self.set(self.done);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Removes the bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
