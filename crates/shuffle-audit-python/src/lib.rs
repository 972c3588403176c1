//! shuffle-audit for Python: audit a shuffle written in Python, or decks shuffled anywhere, from a test.
//!
//! ```python
//! import shuffle_audit
//! r = shuffle_audit.audit(lambda deck, rng: rng.shuffle(deck), deck=52, shuffles=200_000, seed=1)
//! r.verdict  # "PASS"
//! shuffle_audit.assert_fair(my_shuffle, deck=52, shuffles=200_000, seed=1)  # AssertionError unless PASS
//! shuffle_audit.audit_decks(decks)  # a list of lists, or a NumPy (N, n) integer array
//! ```
//!
//! The keyword arguments are the Rust builder's (`shuffle_audit::Audit`), the errors the CLI's, as `ValueError`
//! and `TypeError`.

mod decks;
mod function;
mod ids;
mod options;
mod report;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The library's error as a `ValueError` with its message.
fn value_error(e: shuffle_audit::AuditError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pymodule(name = "shuffle_audit")]
mod module {
    use pyo3::prelude::*;

    use crate::options::Options;
    #[pymodule_export]
    use crate::report::Report;

    /// Decks per chunk: chunk i of a run of `audit` hands its decks `random.Random(chunk_seed(seed, i))`.
    #[pymodule_export]
    const CHUNK_SHUFFLES: u64 = shuffle_audit::audit::runner::CHUNK_SHUFFLES;

    /// The seed of chunk `index` of a run seeded with `seed` (SplitMix64), as the library's runner derives it.
    #[pyfunction]
    fn chunk_seed(seed: u64, index: u64) -> u64 {
        shuffle_audit::audit::runner::chunk_seed(seed, index)
    }

    /// Audits `shuffle(deck, rng)`: called `shuffles` times, each time with `deck = list(range(deck))` to shuffle
    /// in place (or to return shuffled) and a `random.Random` seeded from (`seed`, chunk i of `CHUNK_SHUFFLES`
    /// decks): `random.Random(chunk_seed(seed, i))`. Returns a `Report`.
    ///
    /// `tests` names the battery as the CLI's `--tests` does ("default", "position", "adjacency,parity");
    /// a p-value below `fail_below` fails, below `suspicious_below` is suspicious; `game` ("doudizhu",
    /// "douniu", "custom") adds a game's table tests. An exception raised by `shuffle` propagates, with a note
    /// naming the deck.
    #[pyfunction]
    #[pyo3(signature = (shuffle, *, deck = 52, shuffles = 1_000_000, seed = 0, threads = None, tests = "default",
        fail_below = 1e-9, suspicious_below = 1e-3, game = None))]
    #[allow(clippy::too_many_arguments)]
    fn audit(
        py: Python<'_>,
        shuffle: &Bound<'_, PyAny>,
        deck: usize,
        shuffles: u64,
        seed: u64,
        threads: Option<usize>,
        tests: &str,
        fail_below: f64,
        suspicious_below: f64,
        game: Option<String>,
    ) -> PyResult<Report> {
        let options = Options {
            deck: Some(deck),
            shuffles,
            seed,
            threads,
            tests: tests.into(),
            fail_below,
            suspicious_below,
            game,
        };
        crate::function::audit_function(py, shuffle, &options)
    }

    /// Audits `shuffle` as `audit` does and raises `AssertionError` unless the verdict is PASS, with the failing
    /// tests, their p-values and the seed in the message. Returns the `Report` when it passes.
    #[pyfunction]
    #[pyo3(signature = (shuffle, *, deck = 52, shuffles = 1_000_000, seed = 0, threads = None, tests = "default",
        fail_below = 1e-9, suspicious_below = 1e-3, game = None))]
    #[allow(clippy::too_many_arguments)]
    fn assert_fair(
        py: Python<'_>,
        shuffle: &Bound<'_, PyAny>,
        deck: usize,
        shuffles: u64,
        seed: u64,
        threads: Option<usize>,
        tests: &str,
        fail_below: f64,
        suspicious_below: f64,
        game: Option<String>,
    ) -> PyResult<Report> {
        let report = audit(py, shuffle, deck, shuffles, seed, threads, tests, fail_below, suspicious_below, game)?;
        report.check_fair()?;
        Ok(report)
    }

    /// Audits decks shuffled elsewhere, as one stream: a list of lists of ids, or a 2-D NumPy integer array of
    /// shape (decks, cards) (a C-contiguous `uint16` array is read without copying). The deck size is the first
    /// deck's unless `deck` is given. Ids are `0..n`; the errors are the CLI's `run --decks` ones.
    #[pyfunction]
    #[pyo3(signature = (decks, *, deck = None, threads = None, tests = "default", fail_below = 1e-9,
        suspicious_below = 1e-3, game = None))]
    #[allow(clippy::too_many_arguments)]
    fn audit_decks(
        py: Python<'_>,
        decks: &Bound<'_, PyAny>,
        deck: Option<usize>,
        threads: Option<usize>,
        tests: &str,
        fail_below: f64,
        suspicious_below: f64,
        game: Option<String>,
    ) -> PyResult<Report> {
        let options =
            Options { deck, shuffles: 0, seed: 0, threads, tests: tests.into(), fail_below, suspicious_below, game };
        crate::decks::audit_decks(py, decks, &options)
    }
}
