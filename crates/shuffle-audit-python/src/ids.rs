//! Card ids read from Python objects into the `u16` buffers the library counts, with the CLI's words for what
//! cannot be a card id at all. Ids that fit a `u16` are left to the library's validation (outside `0..n`,
//! repeated, missing), which names the deck and the card the way the CLI does.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// Appends the ids of deck number `deck` (from 0, as the library counts) to `out`. A list or tuple is read
/// directly, any other iterable by iteration. An element that is not an integer is a `TypeError`; an integer
/// that no card id can be is a `ValueError`.
pub fn read_deck(cards: &Bound<'_, PyAny>, n: usize, deck: u64, out: &mut Vec<u16>) -> PyResult<()> {
    if let Ok(list) = cards.cast::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            out.push(card_id(&item, i, n, deck)?);
        }
    } else if let Ok(tuple) = cards.cast::<PyTuple>() {
        for (i, item) in tuple.iter().enumerate() {
            out.push(card_id(&item, i, n, deck)?);
        }
    } else {
        let items = cards.try_iter().map_err(|_| not_a_deck(cards, deck))?;
        for (i, item) in items.enumerate() {
            out.push(card_id(&item?, i, n, deck)?);
        }
    }
    Ok(())
}

/// One card id: an `int` (or anything with `__index__`, such as a NumPy integer) that fits a `u16`; the words
/// are the library's (`DeckAuditor::add`), which checks the ids that do fit.
fn card_id(item: &Bound<'_, PyAny>, position: usize, n: usize, deck: u64) -> PyResult<u16> {
    match item.extract::<i64>() {
        Ok(id) => u16::try_from(id).map_err(|_| outside(deck, &id.to_string(), position, n)),
        Err(e) if e.is_instance_of::<PyOverflowError>(item.py()) => {
            Err(outside(deck, &item.str().map(|s| s.to_string()).unwrap_or_default(), position, n))
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "deck {deck}: {} at position {position} is not a card id (a whole number 0..={})",
            item.repr().map(|s| s.to_string()).unwrap_or_else(|_| type_name(item)),
            n.saturating_sub(1)
        ))),
    }
}

/// An id no card of the deck has, at `position` (from 0), in `DeckAuditor::add`'s words.
pub fn outside(deck: u64, id: &str, position: usize, n: usize) -> PyErr {
    PyValueError::new_err(format!(
        "deck {deck}: id {id} at position {position} is out of range for a {n}-card deck (ids 0..={})",
        n.saturating_sub(1)
    ))
}

/// The error for a deck that is not a sequence at all.
pub fn not_a_deck(cards: &Bound<'_, PyAny>, deck: u64) -> PyErr {
    PyTypeError::new_err(format!("deck {deck}: a {} is not a deck (a sequence of card ids)", type_name(cards)))
}

/// The Python type's name, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|s| s.to_string()).unwrap_or_else(|_| "object".into())
}
