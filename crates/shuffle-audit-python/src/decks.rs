//! `audit_decks(decks)`: decks shuffled elsewhere, as one stream (the CLI's `run --decks`). A NumPy
//! C-contiguous `uint16` array of shape (N, n) is counted where it lies, with the GIL released; other integer
//! dtypes are converted a block of rows at a time; a list of lists (or any iterable of sequences) is read a
//! block of decks at a time, each block counted with the GIL released.
//!
//! Between blocks (of `CHUNK_SHUFFLES` decks) Python's signal handlers run (`py.check_signals()`): Ctrl-C stops
//! a long audit with `KeyboardInterrupt` within one block's counting instead of at its end.

use numpy::ndarray::ArrayView2;
use numpy::{Element, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shuffle_audit::DeckAuditor;
use shuffle_audit::audit::CHUNK_SHUFFLES;

use crate::ids::{not_a_deck, outside, read_deck, type_name};
use crate::options::Options;
use crate::report::Report;

/// Decks read per block from Python objects before the block is counted.
const BLOCK: usize = CHUNK_SHUFFLES as usize;

pub fn audit_decks(py: Python<'_>, decks: &Bound<'_, PyAny>, options: &Options) -> PyResult<Report> {
    let report = match numpy_array(py, decks)? {
        Some(array) => audit_array(py, array, options)?,
        None => audit_sequences(py, decks, options)?,
    };
    let reproduce = format!("shuffle_audit.audit_decks(the same {} decks)", report.shuffles());
    Ok(Report { inner: report, seed: None, reproduce })
}

/// The object as a NumPy array, if it is one. NumPy is looked for among the imported modules only: an object
/// cannot be an array unless NumPy was imported, and the package does not need NumPy otherwise.
fn numpy_array<'a, 'py>(
    py: Python<'py>,
    decks: &'a Bound<'py, PyAny>,
) -> PyResult<Option<&'a Bound<'py, PyUntypedArray>>> {
    let modules = py.import("sys")?.getattr("modules")?;
    let modules = modules.cast::<PyDict>()?;
    if !modules.contains("numpy")? {
        return Ok(None);
    }
    Ok(decks.cast::<PyUntypedArray>().ok())
}

fn audit_array(
    py: Python<'_>,
    array: &Bound<'_, PyUntypedArray>,
    options: &Options,
) -> PyResult<shuffle_audit::Report> {
    let value_error = |e| options.error(py, e);
    let shape = array.shape().to_vec();
    if shape.len() != 2 {
        let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        return Err(PyValueError::new_err(format!(
            "decks must be a 2-D array (decks × cards), got shape ({}{})",
            dims.join(", "),
            if shape.len() == 1 { "," } else { "" }
        )));
    }
    let copies = options.copies.unwrap_or(1).max(1);
    let base = options.deck.unwrap_or(shape[1] / copies);
    let n = base * copies;
    if n != shape[1] {
        let shoe = if copies > 1 { format!(", copies={copies}") } else { String::new() };
        return Err(PyValueError::new_err(format!(
            "decks of {} cards (shape ({}, {})), but deck={base}{shoe}",
            shape[1], shape[0], shape[1]
        )));
    }
    let dtype = array.dtype();
    if !matches!(dtype.kind(), b'i' | b'u') {
        return Err(PyTypeError::new_err(format!(
            "decks must be an array of integer card ids, got dtype {}",
            dtype.str()?
        )));
    }
    let mut auditor = options.builder(py, base)?.deck_auditor().map_err(value_error)?;
    auditor.begin_stream();
    macro_rules! by_dtype {
        ($($t:ty),*) => {
            $(if dtype.is_equiv_to(&numpy::dtype::<$t>(py)) {
                let array = array.cast::<PyArray2<$t>>()?.readonly();
                add_rows(py, &mut auditor, array.as_array(), n, options)?;
                return py.detach(|| auditor.finish()).map_err(value_error);
            })*
        };
    }
    if dtype.is_equiv_to(&numpy::dtype::<u16>(py)) && array.is_c_contiguous() {
        let array = array.cast::<PyArray2<u16>>()?.readonly();
        let ids = array.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
        for block in ids.chunks(BLOCK * n) {
            py.check_signals()?;
            py.detach(|| auditor.add_flat(block)).map_err(value_error)?;
        }
        return py.detach(|| auditor.finish()).map_err(value_error);
    }
    by_dtype!(u8, u16, u32, u64, i8, i16, i32, i64);
    // An integer dtype of another byte order: as native int64.
    let native = array.call_method1("astype", ("int64",))?;
    let native = native.cast::<PyArray2<i64>>()?.readonly();
    add_rows(py, &mut auditor, native.as_array(), n, options)?;
    py.detach(|| auditor.finish()).map_err(value_error)
}

/// Rows of any integer type and any strides, converted to `u16` a block at a time; an id no `u16` holds is a
/// `ValueError` in the CLI's words.
fn add_rows<T>(
    py: Python<'_>,
    auditor: &mut DeckAuditor,
    rows: ArrayView2<'_, T>,
    n: usize,
    options: &Options,
) -> PyResult<()>
where
    T: Element + Copy + Into<i128>,
{
    let mut ids: Vec<u16> = Vec::with_capacity(BLOCK * n);
    for (r, block) in rows.axis_chunks_iter(numpy::ndarray::Axis(0), BLOCK).enumerate() {
        py.check_signals()?;
        ids.clear();
        for (i, row) in block.outer_iter().enumerate() {
            for (position, &id) in row.iter().enumerate() {
                let id: i128 = id.into();
                let deck = (r * BLOCK + i) as u64;
                ids.push(u16::try_from(id).map_err(|_| outside(deck, &id.to_string(), position, n))?);
            }
        }
        py.detach(|| auditor.add_flat(&ids)).map_err(|e| options.error(py, e))?;
    }
    Ok(())
}

/// A list of lists, or any iterable of sequences of ids. The deck size is the first deck's unless `deck` is
/// given.
fn audit_sequences(py: Python<'_>, decks: &Bound<'_, PyAny>, options: &Options) -> PyResult<shuffle_audit::Report> {
    let value_error = |e| options.error(py, e);
    let items = decks.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "decks must be a list of decks or a 2-D NumPy integer array, got a {}",
            type_name(decks)
        ))
    })?;
    let mut auditor: Option<DeckAuditor> = None;
    // Cards per deck: `copies` × `deck`, or the first deck's length.
    let copies = options.copies.unwrap_or(1).max(1);
    let mut n = options.deck.map_or(0, |d| d * copies);
    let mut ids: Vec<u16> = Vec::new();
    let mut in_block = 0usize;
    for (k, deck) in items.enumerate() {
        let deck = deck?;
        if auditor.is_none() && options.deck.is_none() {
            n = deck.len().map_err(|_| not_a_deck(&deck, k as u64))?;
        }
        let start = ids.len();
        read_deck(&deck, n, k as u64, &mut ids)?;
        let auditor = match &mut auditor {
            Some(a) => a,
            None => {
                let mut a = options.builder(py, n / copies)?.deck_auditor().map_err(value_error)?;
                a.begin_stream();
                ids.reserve(BLOCK * n);
                auditor.insert(a)
            }
        };
        if ids.len() - start != n {
            let bad = ids.split_off(start);
            py.detach(|| {
                auditor.add_flat(&ids)?;
                auditor.add(&bad)
            })
            .map_err(value_error)?;
        }
        in_block += 1;
        if in_block == BLOCK {
            py.check_signals()?;
            py.detach(|| auditor.add_flat(&ids)).map_err(value_error)?;
            ids.clear();
            in_block = 0;
        }
    }
    let Some(mut auditor) = auditor else {
        return Err(PyValueError::new_err("no decks to audit"));
    };
    py.detach(|| {
        auditor.add_flat(&ids)?;
        auditor.finish()
    })
    .map_err(value_error)
}
