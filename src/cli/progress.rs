//! A progress bar on standard error for a person at a terminal: files checked, or nodes
//! compiled with `--evaluate` and a directory of facts.
//!
//! It is drawn only when standard error is a terminal and `--quiet` is not given, so that
//! scripts, tests and CI logs see exactly what they saw without it; and only once a run has
//! taken a moment ([`DELAY`]), so that a short run does not flash a bar. It is cleared
//! before the report is written.

use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::lint::Progress;

/// How long a run goes before its bar appears.
pub const DELAY: Duration = Duration::from_millis(400);

/// A bar counting `what` (files, nodes).
#[derive(Debug)]
pub struct Bar {
    bar: ProgressBar,
    what: &'static str,
}

impl Bar {
    /// A bar if stderr is a terminal and the run is not quiet; else `None`.
    pub fn for_terminal(quiet: bool, what: &'static str) -> Option<Arc<Bar>> {
        (!quiet && std::io::stderr().is_terminal()).then(|| Arc::new(Bar::hidden(what)))
    }

    /// A bar that draws nowhere until [`DELAY`] has passed (and never, in tests).
    fn hidden(what: &'static str) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_message(what);
        Bar { bar, what }
    }

    /// Shows the bar once the run has taken [`DELAY`].
    fn show_if_long(&self) {
        if self.bar.is_hidden() && self.bar.elapsed() >= DELAY {
            self.bar
                .set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
        }
    }

    /// Shows what was done last beside the count (a node compiled, with its figures).
    pub fn set_last(&self, last: &str) {
        self.bar
            .set_message(format!("{} (last: {last})", self.what));
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// What the bar counts.
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// One more done, outside a check (a node compiled).
    pub fn tick(&self) {
        Progress::advance(self);
    }
}

impl Progress for Bar {
    fn start(&self, files: usize, units: usize) {
        self.bar.set_length(units as u64);
        if units != files {
            self.bar
                .set_message(format!("steps ({files} {}, in two passes)", self.what));
        }
        self.bar.reset_elapsed();
    }

    fn advance(&self) {
        self.bar.inc(1);
        self.show_if_long();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_without_drawing() {
        let bar = Bar::hidden("files");
        bar.start(3, 3);
        bar.advance();
        bar.advance();
        assert_eq!(bar.bar.position(), 2);
        assert_eq!(bar.bar.length(), Some(3));
        assert_eq!(bar.what(), "files");
        bar.finish();
    }

    #[test]
    fn two_passes_count_steps() {
        let bar = Bar::hidden("files");
        bar.start(3, 5);
        assert_eq!(bar.bar.length(), Some(5));
        assert_eq!(bar.bar.message(), "steps (3 files, in two passes)");
    }

    #[test]
    fn not_for_a_quiet_run() {
        assert!(Bar::for_terminal(true, "files").is_none());
    }
}
