//! "Looks like": which shuffle of the catalogue a biased position-by-card matrix matches, by its exact law.
//!
//! A developer whose loop fails wants to know what the loop does wrong. The catalogue's biased loops each leave
//! their own print on the position-by-card matrix (naive-swap's diagonal band, the off-by-one's empty last
//! cell, Sattolo's empty diagonal, a riffle's rising sequences): the observed counts are tested against every
//! candidate's exact matrix (ideal draws) with the test of [`super::against`] (Pearson's X², scaled to χ²(df),
//! cells of probability 0 must be empty), and a candidate is named only when
//! - it fits as well as sampling noise allows: its two-sided p is at least [`FITS_P`] and no impossible cell is
//!   hit (the true loop is missed with probability 10^-3);
//! - every other candidate is ruled out: its two-sided p is below [`RULED_OUT_P`] (what would FAIL the run), or
//!   it puts probability 0 on a cell the counts fill.
//!
//! Otherwise nothing is said: two candidates the counts cannot yet tell apart, or a loop that is none of them.
//! The distance reported beside it is the mean total variation between each position's observed and exact
//! laws, `d = (1/n)·Σ_pos ½·Σ_card |O/N − p|`, with the value sampling noise alone gives at N decks,
//! `E d ≈ (1/n)·Σ_pos ½·Σ_card √(2p(1 − p)/(πN))` (the mean absolute deviation of a binomial proportion, normal
//! approximation): a distance near its noise is a fit.
//!
//! The candidates are the catalogue's biased loops at their default settings (wash with n swaps, riffle 1 to 7
//! times, overhand 10 passes, top-to-random ⌈n·H(n)⌉ moves, pair-swap as its source draws its count), on decks
//! of 3 to [`MAX_DECK`] cards, where all of them take well under a second together.

use super::against::test_against_exact;
use super::model::{ExactMatrix, ExactRequest, exact_marginals, refusal};
use crate::cards::Card;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::LnP;

/// The largest deck whose candidates are computed: at 64 cards the costliest, pair-swap's 1022 transpositions,
/// is about 1.7e7 double-double operations.
pub const MAX_DECK: usize = 64;

/// A candidate fits when its two-sided p is at least this.
pub const FITS_P: f64 = 1e-3;

/// A candidate is ruled out when its two-sided p is below this (the run's default FAIL threshold).
pub const RULED_OUT_P: f64 = 1e-9;

/// How well one candidate's exact matrix fits the counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub algorithm: Algorithm,
    /// Pearson's X² against the exact matrix, scaled to χ²(df) ([`test_against_exact`]).
    pub statistic: f64,
    pub df: f64,
    /// Its two-sided ln p (0 when it cannot be computed; the ln of the smallest double when an impossible cell
    /// is hit).
    pub ln_p: LnP,
    /// Non-empty cells the candidate says are impossible.
    pub impossible: usize,
    /// The mean total variation between the observed and the exact law of a position.
    pub distance: f64,
    /// The distance sampling noise alone gives at this number of decks.
    pub noise: f64,
}

impl Fit {
    fn fits(&self) -> bool {
        self.impossible == 0 && self.ln_p >= FITS_P.ln()
    }

    fn ruled_out(&self) -> bool {
        self.impossible > 0 || self.ln_p < RULED_OUT_P.ln()
    }
}

/// The candidate the counts look like, and the closest of the others (by p, then distance).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resemblance {
    pub best: Fit,
    pub next: Option<Fit>,
}

/// The catalogue's biased loops at their defaults, for an `n`-card deck.
pub fn candidates(n: usize) -> Vec<Algorithm> {
    use AlgorithmKind::*;
    let mut out: Vec<Algorithm> = [NaiveSwap, NaiveSwapOffByOne, Sattolo, PairSwap, Wash, TopToRandom, Overhand]
        .into_iter()
        .map(Algorithm::new)
        .collect();
    out.extend((1..=7).map(|k| Algorithm::with_swaps(Riffle, Some(k))));
    out.retain(|a| refusal(&ExactRequest::new(*a, None, n)).is_none());
    out
}

/// How well `exact` fits `counts` (the position-by-card matrix of `shuffles` decks, row-major by position,
/// columns card ids).
pub fn fit(algorithm: Algorithm, counts: &[u64], shuffles: u64, exact: &ExactMatrix) -> Fit {
    let n = exact.n();
    let t = test_against_exact(counts, shuffles, exact);
    let r = &t.result;
    let ln_p = (std::f64::consts::LN_2 + r.ln_p.min(r.ln_p_low.unwrap_or(0.0))).min(0.0);
    let big_n = shuffles.max(1) as f64;
    let (mut distance, mut noise) = (0.0, 0.0);
    for pos in 0..n {
        for card in 0..n {
            let p = exact.get(card, pos).to_f64().clamp(0.0, 1.0);
            distance += (counts[pos * n + card] as f64 / big_n - p).abs();
            noise += (2.0 * p * (1.0 - p) / (std::f64::consts::PI * big_n)).sqrt();
        }
    }
    let per_position = 0.5 / n as f64;
    Fit {
        algorithm,
        statistic: r.statistic,
        df: r.df,
        ln_p,
        impossible: t.impossible.len(),
        distance: distance * per_position,
        noise: noise * per_position,
    }
}

/// The candidate the counts of `shuffles` decks look like (decks that start in the order `start`), if one fits
/// and every other is ruled out; `None` for decks of fewer than 3 or more than [`MAX_DECK`] cards.
pub fn looks_like(counts: &[u64], shuffles: u64, start: &[Card]) -> Option<Resemblance> {
    let n = start.len();
    if !(3..=MAX_DECK).contains(&n) || counts.len() != n * n || shuffles == 0 {
        return None;
    }
    let mut fits: Vec<Fit> = candidates(n)
        .into_iter()
        .filter_map(|a| {
            let exact = exact_marginals(&ExactRequest::new(a, None, n)).ok()?.relabel(start);
            Some(fit(a, counts, shuffles, &exact))
        })
        .collect();
    // Best first: no impossible cell, then the largest p, then the smallest distance.
    fits.sort_by(|a, b| {
        (a.impossible > 0)
            .cmp(&(b.impossible > 0))
            .then(b.ln_p.total_cmp(&a.ln_p))
            .then(a.distance.total_cmp(&b.distance))
    });
    let best = *fits.first()?;
    let next = fits.get(1).copied();
    (best.fits() && fits[1..].iter().all(Fit::ruled_out)).then_some(Resemblance { best, next })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::{Scratch, Shuffle};
    use crate::stats::exact::testing::counts_of;

    fn start(n: usize) -> Vec<Card> {
        (0..n as Card).collect()
    }

    #[test]
    fn each_loop_looks_like_itself_and_nothing_else() {
        // 200,000 decks of 20 cards. A true candidate's p is below 1e-3 with probability 1e-3 per loop (its
        // X² follows χ²(df) under its own law, checked by the against-exact tests); the others' biases at this
        // size are thousands of standard deviations apart (their exact matrices differ by ≥ 1e-2 in some cell,
        // a deviation of ~40 sd at 200,000 decks).
        let n = 20;
        let shuffles = 200_000;
        let cases: [(AlgorithmKind, u64); 4] = [
            (AlgorithmKind::NaiveSwapOffByOne, 1),
            (AlgorithmKind::NaiveSwap, 2),
            (AlgorithmKind::Sattolo, 3),
            (AlgorithmKind::Wash, 4),
        ];
        for (kind, seed) in cases {
            let counts = crate::with_shuffle!(Algorithm::new(kind), n, s => counts_of(&s, n, shuffles, seed));
            let r = looks_like(counts.matrix(), shuffles, &start(n)).unwrap_or_else(|| panic!("{kind:?}"));
            assert_eq!(r.best.algorithm.kind, kind);
            assert!(r.best.distance < 1.5 * r.best.noise, "{kind:?}: {r:?}");
            assert!(r.next.unwrap().distance > 2.0 * r.best.noise, "{kind:?}: {r:?}");
        }
    }

    #[test]
    fn a_fair_shuffle_or_a_loop_outside_the_catalogue_looks_like_nothing() {
        let (n, shuffles) = (20, 200_000);
        // Control: uniform decks fit no biased candidate at this size (the nearest, riffle 7 on 20 cards, has a
        // total variation far beyond noise).
        let fair = counts_of(&crate::shuffle::FisherYates, n, shuffles, 5);
        assert_eq!(looks_like(fair.matrix(), shuffles, &start(n)), None);
        // Control: Fisher-Yates with the naive swap's first half, a loop of no catalogue entry.
        struct Half;
        impl Shuffle for Half {
            fn shuffle<R: crate::rng::RawRng>(
                &self,
                deck: &mut [Card],
                rng: &mut R,
                _: &mut Scratch,
            ) -> Result<(), crate::shuffle::Fault> {
                let n = deck.len();
                for i in 0..n {
                    let j = if i < n / 2 { crate::shuffle::draw(rng, n) } else { i + crate::shuffle::draw(rng, n - i) };
                    deck.swap(i, j);
                }
                Ok(())
            }
        }
        let mixed = counts_of(&Half, n, shuffles, 6);
        assert_eq!(looks_like(mixed.matrix(), shuffles, &start(n)), None);
    }

    #[test]
    fn decks_outside_the_bound_are_not_compared() {
        assert_eq!(looks_like(&[1; 4], 1, &start(2)), None);
        let n = MAX_DECK + 1;
        assert_eq!(looks_like(&vec![1; n * n], 1, &start(n)), None);
    }
}
