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
//! The keyword arguments are the Rust builder's (`shuffle_audit::Audit`), with its defaults; a bad one is a
//! `ValueError` that names the keyword and its value (`deck=1025: …`). The types are in `shuffle_audit.pyi`,
//! next to this crate's `Cargo.toml`, which the wheel ships with a `py.typed` marker.

mod decks;
mod function;
mod ids;
mod options;
mod report;

use pyo3::prelude::*;

use crate::options::Options;
use crate::report::Report;

/// The keyword arguments' defaults, written once: `defaults!(m! { … })` calls `m!` with them first. They are
/// literals because pyo3 shows a literal default in `__text_signature__` (and so in `inspect.signature`, which
/// the stub's test compares with `shuffle_audit.pyi`), where a constant's name would show as `...`;
/// `library_defaults!` holds each to the library's constant when the crate compiles.
macro_rules! defaults {
    ($then:ident! { $($rest:tt)* }) => {
        $then! {
            deck = 52, shuffles = 1_000_000, seed = 0, tests = "default", fail_below = 1e-9,
            suspicious_below = 1e-3; $($rest)*
        }
    };
}

/// Fails the build unless every default is the library's.
macro_rules! library_defaults {
    (deck = $deck:tt, shuffles = $shuffles:tt, seed = $seed:tt, tests = $tests:tt, fail_below = $fail:tt,
        suspicious_below = $suspicious:tt;) => {
        const _: () = {
            use shuffle_audit::Thresholds;
            use shuffle_audit::api::{DEFAULT_DECK, DEFAULT_SEED, DEFAULT_SHUFFLES, DEFAULT_TESTS};
            assert!($deck == DEFAULT_DECK, "deck's default is not the library's");
            assert!($shuffles == DEFAULT_SHUFFLES, "shuffles' default is not the library's");
            assert!($seed == DEFAULT_SEED, "seed's default is not the library's");
            assert!($tests.eq_ignore_ascii_case(DEFAULT_TESTS), "tests' default is not the library's");
            assert!($fail == Thresholds::DEFAULT.fail, "fail_below's default is not the library's");
            assert!($suspicious == Thresholds::DEFAULT.suspicious, "suspicious_below's default is not the library's");
        };
    };
}
defaults!(library_defaults! {});

/// `#[pyfunction]` with a signature of the defaults: `shuffle fn …` for `audit` and `assert_fair`, `decks fn …`
/// for `audit_decks` (which counts the decks it is given, so takes no `shuffles` or `seed`).
macro_rules! with_signature {
    (deck = $deck:tt, shuffles = $shuffles:tt, seed = $seed:tt, tests = $tests:tt, fail_below = $fail:tt,
        suspicious_below = $suspicious:tt; shuffle $($item:tt)*) => {
        #[pyfunction]
        #[pyo3(signature = (shuffle, *, deck = $deck, shuffles = $shuffles, seed = $seed, threads = None,
            tests = $tests, fail_below = $fail, suspicious_below = $suspicious, game = None, copies = None, players = None,
            cut_card = None))]
        #[allow(clippy::too_many_arguments)]
        $($item)*
    };
    (deck = $deck:tt, shuffles = $shuffles:tt, seed = $seed:tt, tests = $tests:tt, fail_below = $fail:tt,
        suspicious_below = $suspicious:tt; decks $($item:tt)*) => {
        #[pyfunction]
        #[pyo3(signature = (decks, *, deck = None, threads = None, tests = $tests, fail_below = $fail,
            suspicious_below = $suspicious, game = None, copies = None, players = None,
            cut_card = None))]
        #[allow(clippy::too_many_arguments)]
        $($item)*
    };
}

/// The seed of chunk `index` of a run seeded with `seed` (SplitMix64), as the library's runner derives it.
#[pyfunction]
fn chunk_seed(seed: u64, index: u64) -> u64 {
    shuffle_audit::audit::chunk_seed(seed, index)
}

defaults!(with_signature! { shuffle
    /// Audits `shuffle(deck, rng)`: called `shuffles` times, each time with `deck = list(range(deck))` to shuffle
    /// in place (or to return shuffled) and a `random.Random` seeded from (`seed`, chunk i of `CHUNK_SHUFFLES`
    /// decks): `random.Random(chunk_seed(seed, i))`. Returns a `Report`.
    ///
    /// `tests` names the battery as the CLI's `--tests` does ("default", "position", "adjacency,parity");
    /// a p-value below `fail_below` fails, below `suspicious_below` is suspicious; `game` ("doudizhu",
    /// "douniu", "baccarat", "blackjack", "guandan", "doudizhu4", "custom") adds a game's table tests;
    /// `copies` makes each deck a shoe of that many copies of `deck` (ids `0..copies·deck`, face = id mod deck;
    /// baccarat's shoe has 8 and blackjack's 6 unless it is given, 掼蛋's and two-deck 斗地主's two 54-card decks
    /// are the game's own); `players` and `cut_card` change blackjack's table (1 to 7 players, 5 unless given;
    /// the cut card in cards from the top, three quarters of the shoe unless given), `players` another game's.
    /// A bad setting is a `ValueError` naming its keyword
    /// (`deck=1: …`). An exception raised by `shuffle` propagates, with a note naming the deck.
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
        copies: Option<usize>,
        players: Option<usize>,
        cut_card: Option<usize>,
    ) -> PyResult<Report> {
        let options = Options {
            deck: Some(deck),
            shuffles: Some(shuffles),
            seed: Some(seed),
            threads,
            tests: tests.into(),
            fail_below,
            suspicious_below,
            game,
            copies,
            players,
            cut_card,
        };
        crate::function::audit_function(py, shuffle, deck, &options)
    }
});

defaults!(with_signature! { shuffle
    /// Audits `shuffle` as `audit` does and raises `AssertionError` unless the verdict is PASS, with the failing
    /// tests, their p-values and the seed in the message. Returns the `Report` when it passes.
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
        copies: Option<usize>,
        players: Option<usize>,
        cut_card: Option<usize>,
    ) -> PyResult<Report> {
        let report = audit(
            py, shuffle, deck, shuffles, seed, threads, tests, fail_below, suspicious_below, game, copies, players,
            cut_card,
        )?;
        report.check_fair()?;
        Ok(report)
    }
});

defaults!(with_signature! { decks
    /// Audits decks shuffled elsewhere, as one stream: a list of lists of ids, or a 2-D NumPy integer array of
    /// shape (decks, cards) (a C-contiguous `uint16` array is read without copying). The deck size is the first
    /// deck's unless `deck` is given; with `copies`, each deck is a shoe of `copies` × `deck` ids (face = id mod
    /// deck). Ids are `0..n`; the errors are the CLI's `run --decks` ones, and a bad
    /// setting's name its keyword.
    fn audit_decks(
        py: Python<'_>,
        decks: &Bound<'_, PyAny>,
        deck: Option<usize>,
        threads: Option<usize>,
        tests: &str,
        fail_below: f64,
        suspicious_below: f64,
        game: Option<String>,
        copies: Option<usize>,
        players: Option<usize>,
        cut_card: Option<usize>,
    ) -> PyResult<Report> {
        let options = Options {
            deck,
            shuffles: None,
            seed: None,
            threads,
            tests: tests.into(),
            fail_below,
            suspicious_below,
            game,
            copies,
            players,
            cut_card,
        };
        crate::decks::audit_decks(py, decks, &options)
    }
});

#[pymodule(name = "shuffle_audit")]
mod module {
    /// Decks per chunk: chunk i of a run of `audit` hands its decks `random.Random(chunk_seed(seed, i))`.
    #[pymodule_export]
    const CHUNK_SHUFFLES: u64 = shuffle_audit::audit::CHUNK_SHUFFLES;
    #[pymodule_export]
    use super::{assert_fair, audit, audit_decks, chunk_seed};
    #[pymodule_export]
    use crate::report::Report;

    /// A kernel path that `SHUFFLE_AUDIT_ISA` asks for and this processor lacks (or an unknown one) fails the
    /// import, named, instead of a later panic.
    #[pymodule_init]
    fn init(_module: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        use shuffle_audit::isa::{ENV, Isa};
        Isa::from_env().map(|_| ()).map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("{ENV}: {e}")))
    }
}
