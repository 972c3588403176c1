//! Progress bars on standard error (indicatif), as views of the library's meters.

use std::io::IsTerminal;
use std::sync::Arc;

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
