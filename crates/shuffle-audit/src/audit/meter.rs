//! Progress of long work. The library counts what is done; what shows the count is the caller's: the command
//! line draws a bar on a terminal, a test may record it, a library user may show nothing. So the library
//! depends on no terminal crate, and a hidden meter costs one branch per update.

use std::fmt;
use std::sync::Arc;

/// What shows a [`Meter`]: a progress bar, a log, a recorder. Its methods are called from any worker thread, a
/// few times a second at most per thread (once per chunk of work).
pub trait MeterView: Send + Sync {
    /// The work's total, in the meter's units.
    fn set_length(&self, length: u64);
    /// The work done so far.
    fn set_position(&self, position: u64);
    /// `delta` more units done.
    fn inc(&self, delta: u64);
    /// The work has ended (done, stopped or failed): the view goes away.
    fn finish(&self);
}

/// A counter of work done, shown by a [`MeterView`] or by nothing ([`Meter::hidden`]).
#[derive(Clone, Default)]
pub struct Meter(Option<Arc<dyn MeterView>>);

impl Meter {
    /// A meter nobody sees.
    pub fn hidden() -> Self {
        Meter(None)
    }

    /// A meter shown by `view`.
    pub fn new(view: Arc<dyn MeterView>) -> Self {
        Meter(Some(view))
    }

    /// Whether nobody sees it.
    pub fn is_hidden(&self) -> bool {
        self.0.is_none()
    }

    pub fn set_length(&self, length: u64) {
        if let Some(view) = &self.0 {
            view.set_length(length);
        }
    }

    pub fn set_position(&self, position: u64) {
        if let Some(view) = &self.0 {
            view.set_position(position);
        }
    }

    pub fn inc(&self, delta: u64) {
        if let Some(view) = &self.0 {
            view.inc(delta);
        }
    }

    pub fn finish(&self) {
        if let Some(view) = &self.0 {
            view.finish();
        }
    }
}

impl fmt::Debug for Meter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Meter(shown)" } else { "Meter(hidden)" })
    }
}

/// The work a run's meter counts, for its view's label: `length` `unit`s (`shuffles`) of `label`
/// (`fisher-yates / msvc`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeterSpec {
    pub length: u64,
    pub unit: &'static str,
    pub label: String,
}

/// Makes the view of a meter, or none (standard error is not a terminal, say).
pub(crate) type MakeView = fn(&MeterSpec) -> Option<Arc<dyn MeterView>>;

/// How a run shows its progress: through views of the caller's, or not at all.
#[derive(Clone, Copy, Default)]
pub enum Progress {
    #[default]
    Hidden,
    /// Each meter of the run shown by a view that the function makes.
    Shown(MakeView),
}

impl Progress {
    /// A meter for `spec`, shown if the progress is.
    pub fn meter(self, spec: &MeterSpec) -> Meter {
        match self {
            Progress::Hidden => Meter::hidden(),
            Progress::Shown(make) => make(spec).map_or_else(Meter::hidden, Meter::new),
        }
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Progress::Hidden => "Hidden",
            Progress::Shown(_) => "Shown",
        })
    }
}

/// A view that only counts, for tests: the position after every update.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Count(std::sync::atomic::AtomicU64);

#[cfg(test)]
impl Count {
    pub(crate) fn position(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[cfg(test)]
impl MeterView for Count {
    fn set_length(&self, _: u64) {}
    fn set_position(&self, position: u64) {
        self.0.store(position, std::sync::atomic::Ordering::Relaxed);
    }
    fn inc(&self, delta: u64) {
        self.0.fetch_add(delta, std::sync::atomic::Ordering::Relaxed);
    }
    fn finish(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl MeterView for Recorder {
        fn set_length(&self, length: u64) {
            self.0.lock().unwrap().push(format!("length {length}"));
        }
        fn set_position(&self, position: u64) {
            self.0.lock().unwrap().push(format!("at {position}"));
        }
        fn inc(&self, delta: u64) {
            self.0.lock().unwrap().push(format!("+{delta}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("done".into());
        }
    }

    #[test]
    fn a_meter_passes_every_update_to_its_view_and_a_hidden_one_to_nobody() {
        let recorder = Arc::new(Recorder::default());
        let meter = Meter::new(recorder.clone());
        meter.set_length(10);
        meter.set_position(2);
        meter.clone().inc(3);
        meter.finish();
        assert_eq!(*recorder.0.lock().unwrap(), ["length 10", "at 2", "+3", "done"]);
        let hidden = Meter::hidden();
        hidden.inc(1);
        assert!(hidden.is_hidden() && !meter.is_hidden());
        assert!(Progress::Hidden.meter(&MeterSpec { length: 1, unit: "shuffles", label: String::new() }).is_hidden());
    }
}
