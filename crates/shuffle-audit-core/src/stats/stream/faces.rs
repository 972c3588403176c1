//! `stream-faces` and `stream-pairs`: each face's deals, and each face's deals right after each face, against the
//! sums of their conditional probabilities under the ideal machine (`E_f = Σ_t i_f(t)/I(t)`, and the same over
//! the cards dealt right after a card of face `a` for the pair `(a, f)`). The residuals are martingales whose
//! summed covariance is `Σ_t (diag π_t − π_t π_tᵀ)`, so Pearson's `Σ (O − E)²/E` is χ², with N − 1 df for the
//! faces and `Σ_a (cells of row a − 1)` for the pairs (a row's counts sum to its expectations). A pair cell
//! expected less than once is pooled with the others of its row.

use super::{Found, Inside, MIN_EXPECTED, NotApplied, StreamTest, StreamTestId};
use crate::cards::Card;
use crate::stats::distributions::special::chi2_ln_sf;

/// The smallest expectation a pair cell keeps its own.
const MIN_CELL: f64 = 1.0;

#[derive(Clone, Debug)]
pub struct FaceCounts {
    n: usize,
    dealt: u64,
    observed: Vec<u64>,
    expected: Vec<f64>,
    prev: Option<usize>,
    pair_observed: Vec<u64>,
    pair_expected: Vec<f64>,
}

impl FaceCounts {
    pub fn new(n: usize) -> Self {
        FaceCounts {
            n,
            dealt: 0,
            observed: vec![0; n],
            expected: vec![0.0; n],
            prev: None,
            pair_observed: vec![0; n * n],
            pair_expected: vec![0.0; n * n],
        }
    }

    pub fn dealt(&mut self, inside: &Inside, f: usize) {
        let inv = 1.0 / f64::from(inside.total);
        match self.prev {
            Some(a) => {
                let row = &mut self.pair_expected[a * self.n..(a + 1) * self.n];
                for ((e, r), &k) in self.expected.iter_mut().zip(row.iter_mut()).zip(&inside.count) {
                    let p = f64::from(k) * inv;
                    *e += p;
                    *r += p;
                }
                self.pair_observed[a * self.n + f] += 1;
            }
            None => {
                for (e, &k) in self.expected.iter_mut().zip(&inside.count) {
                    *e += f64::from(k) * inv;
                }
            }
        }
        self.observed[f] += 1;
        self.dealt += 1;
        self.prev = Some(f);
    }

    pub fn faces_test(&self) -> Result<StreamTest, NotApplied> {
        faces_chi2(StreamTestId::Faces, &self.observed, &self.expected)
    }

    pub fn pairs_test(&self) -> Result<StreamTest, NotApplied> {
        pairs_chi2(StreamTestId::Pairs, self.n, &self.pair_observed, &self.pair_expected)
    }
}

/// Pearson's χ² of counts against their expectations, N − 1 df, with the face furthest from its own.
pub fn faces_chi2(id: StreamTestId, observed: &[u64], expected: &[f64]) -> Result<StreamTest, NotApplied> {
    let least = expected.iter().copied().fold(f64::INFINITY, f64::min);
    if least < MIN_EXPECTED {
        return Err(NotApplied { id, why: format!("{least:.1} deals of a face expected, {MIN_EXPECTED} needed") });
    }
    let mut x2 = 0.0;
    let mut worst: Option<(f64, Found)> = None;
    for (f, (&o, &e)) in observed.iter().zip(expected).enumerate() {
        let d = (o as f64 - e) / e.sqrt();
        x2 += d * d;
        if worst.as_ref().is_none_or(|(w, _)| d.abs() > *w) {
            worst = Some((d.abs(), Found::Face { face: f as Card, observed: o as f64, expected: e }));
        }
    }
    let df = (observed.len() - 1) as f64;
    Ok(StreamTest { id, statistic: x2, df, ln_p: chi2_ln_sf(x2, df), ln_p_low: None, found: worst.expect("faces").1 })
}

/// Pearson's χ² of a table of pairs (row: the first face) against its expectations, each row's cells expected
/// less than `MIN_CELL` (1) pooled, `Σ_a (cells − 1)` df.
pub fn pairs_chi2(id: StreamTestId, n: usize, observed: &[u64], expected: &[f64]) -> Result<StreamTest, NotApplied> {
    let total: f64 = expected.iter().sum();
    if total < MIN_EXPECTED * (n * n) as f64 {
        let per = total / (n * n) as f64;
        return Err(NotApplied { id, why: format!("{per:.1} pairs of faces expected a cell, {MIN_EXPECTED} needed") });
    }
    let (mut x2, mut df) = (0.0, 0.0);
    let mut worst: Option<(f64, Found)> = None;
    for a in 0..n {
        let (mut po, mut pe, mut cells) = (0.0, 0.0, 0usize);
        for b in 0..n {
            let (o, e) = (observed[a * n + b] as f64, expected[a * n + b]);
            if e < MIN_CELL {
                po += o;
                pe += e;
                continue;
            }
            let d = (o - e) / e.sqrt();
            x2 += d * d;
            cells += 1;
            if worst.as_ref().is_none_or(|(w, _)| d.abs() > *w) {
                let found = Found::Pair { first: a as Card, second: b as Card, observed: o, expected: e };
                worst = Some((d.abs(), found));
            }
        }
        if pe > 0.0 {
            x2 += (po - pe) * (po - pe) / pe;
            cells += 1;
        }
        df += cells.saturating_sub(1) as f64;
    }
    let Some((_, found)) = worst else {
        return Err(NotApplied { id, why: "no pair of faces is expected once".into() });
    };
    Ok(StreamTest { id, statistic: x2, df, ln_p: chi2_ln_sf(x2, df), ln_p_low: None, found })
}
