//! `audit(fn)`: a shuffle written in Python, run the way the library runs its own. The run is cut into chunks of
//! `CHUNK_SHUFFLES` decks; chunk i gets `random.Random(chunk_seed(seed, i))`, and each of its decks starts as
//! `list(range(n))` and is shuffled in place by `fn(deck, rng)` (or returned shuffled). The chunk's decks are
//! read under the GIL, then counted with the GIL released, so other Python threads run while the battery counts.
//!
//! The results depend on the seed only, never on `threads`: the Python calls are made in chunk order on one
//! thread (the GIL would serialise them anyway), and the library's fold does not depend on the thread count.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use shuffle_audit::audit::{CHUNK_SHUFFLES, chunk_seed};

use crate::ids::read_deck;
use crate::options::Options;
use crate::report::Report;

/// Audits `shuffle` on decks of `n` cards; `options` holds `audit`'s keywords, `shuffles` and `seed` among them.
pub fn audit_function(py: Python<'_>, shuffle: &Bound<'_, PyAny>, n: usize, options: &Options) -> PyResult<Report> {
    let (shuffles, seed) = (options.shuffles.unwrap_or_default(), options.seed.unwrap_or_default());
    let value_error = |e| options.error(py, e);
    let name = function_name(shuffle);
    // The reports name the function, Python's generator and the seed, and say how to run the audit again.
    let call = reproduce(&name, options, n, shuffles, seed);
    let made_by = options.builder(py, n)?.name(&name).made_by("python-random", &call);
    let mut auditor = made_by.deck_auditor().map_err(value_error)?;
    let random = py.import("random")?.getattr("Random")?;
    // A shoe's every card: `copies` × `deck` ids.
    let n = auditor.cards();
    let fresh: Vec<usize> = (0..n).collect();
    let mut ids: Vec<u16> = Vec::with_capacity(CHUNK_SHUFFLES as usize * n);
    for chunk in 0..shuffles.div_ceil(CHUNK_SHUFFLES) {
        let first = chunk * CHUNK_SHUFFLES;
        let count = CHUNK_SHUFFLES.min(shuffles - first);
        // Ctrl-C between chunks, even when `shuffle` is code that never looks at signals.
        py.check_signals()?;
        let rng = random.call1((chunk_seed(seed, chunk),))?;
        ids.clear();
        for k in 0..count {
            let index = first + k;
            let deck = PyList::new(py, &fresh)?;
            let returned = match shuffle.call1((&deck, &rng)) {
                Ok(returned) => returned,
                Err(e) => return Err(raised_on(py, e, index, seed, chunk)),
            };
            // Shuffled in place (the function returns None), or returned shuffled (`rng.sample(deck, n)`).
            let cards = if returned.is_none() { deck.into_any() } else { returned };
            let start = ids.len();
            read_deck(&cards, n, index, &mut ids)?;
            if ids.len() - start != n {
                // A deck that lost or gained cards: count the chunk's good decks, then let the library say
                // what is wrong with this one, in its words and with its number.
                let bad = ids.split_off(start);
                py.detach(|| {
                    auditor.begin_stream();
                    auditor.add_flat(&ids)?;
                    auditor.add(&bad)
                })
                .map_err(value_error)?;
            }
        }
        py.detach(|| {
            auditor.begin_stream();
            auditor.add_flat(&ids)
        })
        .map_err(value_error)?;
    }
    let report = py.detach(|| auditor.finish()).map_err(value_error)?;
    Ok(Report { inner: report, seed: Some(seed), reproduce: call })
}

/// What the reports call the shuffle: the function's qualified name (`function:naive_swap` in summary.csv).
fn function_name(shuffle: &Bound<'_, PyAny>) -> String {
    shuffle.getattr("__qualname__").map(|q| q.to_string()).unwrap_or_else(|_| "fn".into())
}

/// The call that audits the same decks again: the function's name and every setting that changes the decks or
/// the tests.
fn reproduce(name: &str, options: &Options, n: usize, shuffles: u64, seed: u64) -> String {
    let mut call = format!("shuffle_audit.audit({name}, deck={n}, shuffles={shuffles}, seed={seed}");
    if options.tests != "default" {
        call.push_str(&format!(", tests={:?}", options.tests));
    }
    if let Some(game) = &options.game {
        call.push_str(&format!(", game={game:?}"));
    }
    if let Some(copies) = options.copies {
        call.push_str(&format!(", copies={copies}"));
    }
    if let Some(players) = options.players {
        call.push_str(&format!(", players={players}"));
    }
    if let Some(cut_card) = options.cut_card {
        call.push_str(&format!(", cut_card={cut_card}"));
    }
    call.push(')');
    call
}

/// The exception `fn` raised, with a note naming the deck and how to replay it (Python 3.11's `add_note`); on
/// older Pythons a `RuntimeError` saying the same, raised from it.
fn raised_on(py: Python<'_>, e: PyErr, index: u64, seed: u64, chunk: u64) -> PyErr {
    let note = format!(
        "raised by the shuffle function on deck {index} (deck {} of chunk {chunk}, from 0; the chunk's rng is \
         random.Random(shuffle_audit.chunk_seed({seed}, {chunk})))",
        index - chunk * CHUNK_SHUFFLES
    );
    let value = e.value(py);
    if value.hasattr("add_note").unwrap_or(false) && value.call_method1("add_note", (&note,)).is_ok() {
        return e;
    }
    let wrapped = PyRuntimeError::new_err(note);
    wrapped.set_cause(py, Some(e));
    wrapped
}
