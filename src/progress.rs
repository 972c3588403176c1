//! Progress bars on standard error (indicatif), as views of the library's meters.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressStyle};
use shuffle_audit::audit::{Meter, MeterSpec, MeterView, Progress};

/// A progress bar that shows a library meter.
struct BarView(ProgressBar);

impl MeterView for BarView {
    fn set_length(&self, length: u64) {
        self.0.set_length(length);
    }
    fn set_position(&self, position: u64) {
        self.0.set_position(position);
    }
    fn inc(&self, delta: u64) {
        self.0.inc(delta);
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// The meter shown by `bar` (hidden when the bar is).
pub fn meter(bar: &ProgressBar) -> Meter {
    if bar.is_hidden() { Meter::hidden() } else { Meter::new(Arc::new(BarView(bar.clone()))) }
}

/// A run's progress: a bar on standard error when it is a terminal, nothing otherwise.
pub const BAR: Progress = Progress::Shown(run_bar);

fn run_bar(spec: &MeterSpec) -> Option<Arc<dyn MeterView>> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(spec.length);
    let template =
        format!("{{spinner}} {{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} {}, {{per_sec}}, ETA {{eta}}", spec.unit);
    let style =
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()).progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(spec.label.clone());
    Some(Arc::new(BarView(bar)))
}

/// A meter shown as one line on standard error at each new tenth of its length: `exact: 30% done`, for work
/// that has no bar of its own.
pub fn tenths(prefix: &'static str) -> Meter {
    let zero = || AtomicU64::new(0);
    Meter::new(Arc::new(TenthsView { prefix, length: zero(), position: zero(), shown: zero() }))
}

struct TenthsView {
    prefix: &'static str,
    length: AtomicU64,
    position: AtomicU64,
    /// The last tenth shown.
    shown: AtomicU64,
}

impl TenthsView {
    fn show(&self, position: u64) {
        let length = self.length.load(Ordering::Relaxed).max(1);
        let tenths = position.min(length) * 10 / length;
        if self.shown.fetch_max(tenths, Ordering::Relaxed) < tenths {
            eprintln!("{}: {}% done", self.prefix, tenths * 10);
        }
    }
}

impl MeterView for TenthsView {
    fn set_length(&self, length: u64) {
        self.length.store(length, Ordering::Relaxed);
    }
    fn set_position(&self, position: u64) {
        self.position.store(position, Ordering::Relaxed);
        self.show(position);
    }
    fn inc(&self, delta: u64) {
        self.show(self.position.fetch_add(delta, Ordering::Relaxed) + delta);
    }
    fn finish(&self) {}
}
