//! A finished audit as a Python object: the verdict, the tests and their p-values, the explanation, and the same
//! files as the CLI's `run --out`.

use std::path::PathBuf;

use pyo3::exceptions::{PyAssertionError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shuffle_audit::Verdict;

/// The result of `audit` or `audit_decks`.
///
/// `verdict` is "PASS", "SUSPICIOUS", "FAIL" or "BROKEN"; `tests` lists each test of the battery as a dict
/// (name, statistic, df, p_value, log10_p, two_sided, adjusted_p, verdict); `p_values` maps a test's name to its
/// p-value.
#[pyclass(module = "shuffle_audit", name = "Report", frozen)]
pub struct Report {
    pub inner: shuffle_audit::Report,
    /// The seed of `audit`'s chunks (the library's report knows the decks only, counted as they came).
    pub seed: Option<u64>,
    /// The Python call that makes the same decks again, for the failure message.
    pub reproduce: String,
}

#[pymethods]
impl Report {
    /// "PASS", "SUSPICIOUS", "FAIL" or "BROKEN".
    #[getter]
    fn verdict(&self) -> &'static str {
        self.inner.verdict().name()
    }

    /// One dict per test: name, statistic, df, p_value (the test's p in the family: one-sided, or two-sided with
    /// the smaller tail doubled), log10_p, two_sided, adjusted_p (Holm), verdict.
    #[getter]
    fn tests<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .tests()
            .into_iter()
            .map(|t| {
                let d = PyDict::new(py);
                d.set_item("name", t.name)?;
                d.set_item("statistic", t.statistic)?;
                d.set_item("df", t.df)?;
                d.set_item("p_value", t.p_value)?;
                d.set_item("log10_p", t.log10_p)?;
                d.set_item("two_sided", t.two_sided)?;
                d.set_item("adjusted_p", t.adjusted_p)?;
                d.set_item("verdict", t.verdict.name())?;
                Ok(d)
            })
            .collect()
    }

    /// Test name → p-value.
    #[getter]
    fn p_values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for t in self.inner.tests() {
            d.set_item(t.name, t.p_value)?;
        }
        Ok(d)
    }

    /// Why the verdict is what it is, in words.
    #[getter]
    fn explanation(&self) -> String {
        self.inner.explanation()
    }

    /// How large a bias a run of this size would have caught, when the battery can say.
    #[getter]
    fn power(&self) -> Option<String> {
        self.inner.power()
    }

    /// The run's seed (None for decks that came from elsewhere).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Decks counted.
    #[getter]
    fn shuffles(&self) -> u64 {
        self.inner.shuffles()
    }

    /// The console's summary table.
    fn summary(&self) -> String {
        self.inner.summary()
    }

    /// Writes the files of the CLI's `run --out DIR` (summary.csv, counts.csv, run.json, report.html, …) into
    /// `dir` and returns their names. As `--out` does, it replaces the folder whole, and refuses one that holds
    /// files it did not write (an `OSError`).
    fn write(&self, dir: PathBuf) -> PyResult<Vec<&'static str>> {
        self.inner.write_to(&dir).map_err(|e| PyOSError::new_err(format!("{e:#}")))
    }

    /// Raises AssertionError with the reason unless the verdict is PASS.
    fn assert_fair(&self) -> PyResult<()> {
        self.check_fair()
    }

    fn __repr__(&self) -> String {
        let p: Vec<String> = self.inner.tests().iter().map(|t| format!("{}={:.2e}", t.name, t.p_value)).collect();
        format!("<Report {} shuffles={} {}>", self.inner.verdict().name(), self.inner.shuffles(), p.join(" "))
    }

    fn __str__(&self) -> String {
        self.inner.summary()
    }
}

impl Report {
    /// `Ok` when the verdict is PASS, else AssertionError with the message the Rust `assert_fair` panics with;
    /// decks audited as given say how to audit them again in Python.
    pub fn check_fair(&self) -> PyResult<()> {
        let Some(message) = self.inner.failure_message(Verdict::Pass) else {
            return Ok(());
        };
        let message = match self.inner.seed() {
            // A function's audit: the library was told the Python call that reproduces it.
            Some(_) => message,
            None => message.replace(&self.inner.run_report().config.reproduce_command(), &self.reproduce),
        };
        Err(PyAssertionError::new_err(message.trim_end().to_string()))
    }
}
