//! Histograms of a per-deck statistic (fixed points, cycles, inversions, rising sequences, a shoe's clumping)
//! tested against the
//! statistic's exact law; [`HistogramCounts`] is the accumulator that fixed points, cycles and rising sequences
//! share (a value 0..=n per deck, its exact law, its fair mean).
//!
//! The test is Pearson's chi-square with sparse tail cells pooled ([`crate::stats::distributions::gof::chi2_against_pmf`]), two-sided
//! (a histogram too close to its expectation is flagged by the lower tail). Outcomes the exact law gives
//! probability 0 (or less than the smallest normal double, where the pmf underflows) are removed from the
//! chi-square and handled by a bound instead: if k of the N decks fall on such values, the probability of seeing
//! at least one of them under the null is at most `N · c · 2.2e-308` for c such values, so
//! `ln p ≤ ln N + ln c + ln(2.2e-308)`. That is a valid, finite p-value (a fair shuffle produces them with
//! probability 0 or nearly so), and it makes an impossible outcome FAIL decisively without ever printing p = 0.

use crate::stats::distributions::gof::{GofResult, chi2_against_pmf};
use crate::stats::exact::laws::{
    alternating_runs_pmf, cycles_pmf, descents_pmf, fixed_points_pmf, longest_increasing_pmf, rising_sequences_pmf,
    turning_points_pmf,
};
use crate::stats::exact::multiset::{equal_neighbours_mean, equal_neighbours_pmf};
use crate::stats::finding::{Finding, HistogramFinding, within_chance};
use crate::stats::{LnP, TestId, TestResult};

/// The per-deck statistics whose values 0..=n are counted and tested against an exact law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactLaw {
    /// Cards at their starting position: `P(k) = D(n−k)/(k!(n−k)!)`, mean 1.
    FixedPoints,
    /// Cycles of the permutation: `|s(n,k)|/n!`, mean H(n).
    Cycles,
    /// Rising sequences: Eulerian `A(n,r)/n!`, mean (n+1)/2.
    RisingSequences,
    /// Descents of the deck: Eulerian `A(n, d+1)/n!`, mean (n−1)/2.
    Descents,
    /// Peaks and valleys, one cell per pair ([`crate::stats::exact::laws::turning_points_cell`]); its mean is the
    /// valleys', (n−2)/3.
    TurningPoints,
    /// Alternating runs: André's `R(n, k)/n!`, mean (2n−1)/3.
    RunsUpDown,
    /// The longest increasing subsequence: `Σ_{λ₁ = k} f_λ²/n!` (Robinson–Schensted), for n ≤ 64.
    LongestIncreasing,
    /// A shoe of `copies` 52- or 54-card decks: neighbours of equal value (A, 2–9, ten-value, jokers), by
    /// [`crate::stats::exact::multiset::equal_neighbours_pmf`] of the shoe's value classes.
    Clumping { copies: usize },
}

/// The sizes of a shoe's value classes ([`value_class`]) for n cards of `copies` decks.
pub fn value_class_sizes(n: usize, copies: usize) -> Vec<usize> {
    let base = n / copies.max(1);
    let mut sizes = vec![0usize; 11];
    for face in 0..base {
        sizes[usize::from(value_class(face as crate::cards::Card, base))] += copies;
    }
    sizes.retain(|&d| d > 0);
    sizes
}

/// The value class of card id `card` of a shoe of `base`-card decks (52 or 54): A = 0, 2–9 = 1..=8, the ten-value
/// cards 9, the jokers 10 (blackjack's and baccarat's values).
#[inline(always)]
pub fn value_class(card: crate::cards::Card, base: usize) -> u8 {
    let face = usize::from(card) % base;
    if face >= 52 { 10 } else { (face % 13).min(9) as u8 }
}

/// A shoe's neighbours of equal value ([`value_class`] of `base`-card decks): the clumping test's count.
#[inline(always)]
pub fn equal_value_neighbours(deck: &[crate::cards::Card], base: usize) -> usize {
    deck.windows(2).filter(|w| value_class(w[0], base) == value_class(w[1], base)).count()
}

impl ExactLaw {
    pub fn test(self) -> TestId {
        match self {
            ExactLaw::FixedPoints => TestId::FixedPoints,
            ExactLaw::Cycles => TestId::Cycles,
            ExactLaw::RisingSequences => TestId::RisingSequences,
            ExactLaw::Descents => TestId::Descents,
            ExactLaw::TurningPoints => TestId::TurningPoints,
            ExactLaw::RunsUpDown => TestId::RunsUpDown,
            ExactLaw::LongestIncreasing => TestId::LongestIncreasing,
            ExactLaw::Clumping { .. } => TestId::Clumping,
        }
    }

    /// The law for an n-card deck: `pmf[v]` for v in 0..=n.
    pub fn pmf(self, n: usize) -> Vec<f64> {
        match self {
            ExactLaw::FixedPoints => fixed_points_pmf(n),
            ExactLaw::Cycles => cycles_pmf(n),
            ExactLaw::RisingSequences => rising_sequences_pmf(n),
            ExactLaw::Descents => descents_pmf(n),
            ExactLaw::TurningPoints => turning_points_pmf(n),
            ExactLaw::RunsUpDown => alternating_runs_pmf(n),
            ExactLaw::LongestIncreasing => longest_increasing_pmf(n)
                .expect("longest-increasing applies only where its law is computed (TestId::applies_to_deck)"),
            ExactLaw::Clumping { copies } => equal_neighbours_pmf(&value_class_sizes(n, copies)),
        }
    }

    /// The statistic's mean under a uniform shuffle of n cards.
    pub fn mean(self, n: usize) -> f64 {
        match self {
            ExactLaw::FixedPoints => 1.0,
            ExactLaw::Cycles => (1..=n).map(|i| 1.0 / i as f64).sum(),
            ExactLaw::RisingSequences => (n as f64 + 1.0) / 2.0,
            ExactLaw::Descents => (n as f64 - 1.0) / 2.0,
            ExactLaw::TurningPoints => (n as f64 - 2.0) / 3.0,
            ExactLaw::RunsUpDown => (2.0 * n as f64 - 1.0) / 3.0,
            ExactLaw::LongestIncreasing => self.pmf(n).iter().enumerate().map(|(k, p)| k as f64 * p).sum(),
            ExactLaw::Clumping { copies } => equal_neighbours_mean(&value_class_sizes(n, copies)),
        }
    }

    /// The number of values counted for an n-card deck (the length of its pmf).
    pub fn cells(self, n: usize) -> usize {
        match self {
            ExactLaw::TurningPoints => (2 * n).max(2),
            ExactLaw::Clumping { .. } => n.max(1),
            _ => n + 1,
        }
    }

    /// The value a histogram's finding speaks of, for the value `v` counted: the number of turning points of a
    /// (peaks, valleys) cell, the value itself for the others.
    fn shown(self, v: usize) -> usize {
        match self {
            ExactLaw::TurningPoints => v / 2,
            _ => v,
        }
    }

    /// The mean the finding reports, from the counts: the valleys' for turning points, else the value's.
    fn reported_mean(self, counts: &[u64], value_mean: f64) -> f64 {
        match self {
            ExactLaw::TurningPoints => {
                let total: u64 = counts.iter().sum();
                let valleys = crate::stats::exact::laws::turning_points_valleys;
                let sum: f64 = counts.iter().enumerate().map(|(c, &k)| valleys(c) as f64 * k as f64).sum();
                if total == 0 { 0.0 } else { sum / total as f64 }
            }
            _ => value_mean,
        }
    }

    fn finding(self, h: HistogramFinding) -> Finding {
        match self {
            ExactLaw::FixedPoints => Finding::FixedPoints(h),
            ExactLaw::Cycles => Finding::Cycles(h),
            ExactLaw::RisingSequences => Finding::RisingSequences(h),
            ExactLaw::Descents => Finding::Descents(h),
            ExactLaw::TurningPoints => Finding::TurningPoints(h),
            ExactLaw::RunsUpDown => Finding::RunsUpDown(h),
            ExactLaw::LongestIncreasing => Finding::LongestIncreasing(h),
            ExactLaw::Clumping { .. } => Finding::Clumping(h),
        }
    }
}

/// `counts[v]`: decks of n cards whose statistic was v (0..=n), tested against the statistic's exact law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistogramCounts {
    law: ExactLaw,
    n: usize,
    counts: Vec<u64>,
}

impl HistogramCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]), named after the
    /// statistic counted.
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        let name = match self.law {
            ExactLaw::FixedPoints => "fixed_points.counts",
            ExactLaw::Cycles => "cycles.counts",
            ExactLaw::RisingSequences => "rising_sequences.counts",
            ExactLaw::Descents => "descents.counts",
            ExactLaw::TurningPoints => "turning_points.counts",
            ExactLaw::RunsUpDown => "runs_up_down.counts",
            ExactLaw::LongestIncreasing => "longest_increasing.counts",
            ExactLaw::Clumping { .. } => "clumping.counts",
        };
        visitor.visit(name, &mut self.counts);
    }

    pub fn new(law: ExactLaw, n: usize) -> Self {
        HistogramCounts { law, n, counts: vec![0; law.cells(n)] }
    }

    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    pub fn shuffles(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Counts one deck whose statistic was `value`.
    #[inline(always)]
    pub fn record(&mut self, value: usize) {
        self.counts[value] += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!((self.law, self.n), (other.law, other.n));
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// The histogram against the exact law: Pearson with pooled tails, impossible values bounded.
    pub fn fit(&self) -> HistogramFit {
        fit(&self.counts, &self.law.pmf(self.n))
    }

    /// The test: the fit, two-sided, with the mean's shift from fair as the effect size.
    pub fn evaluate(&self) -> TestResult {
        let mut f = self.fit();
        let fair_mean = self.law.mean(self.n);
        f.mean = self.law.reported_mean(&self.counts, f.mean);
        f.worst.0 = self.law.shown(f.worst.0);
        f.never = f.never.map(|(v, e)| (self.law.shown(v), e));
        // A turning-points cell is a (peaks, valleys) pair: one cell for every deck says the same count.
        f.only = f.only.map(|v| self.law.shown(v));
        TestResult {
            test: self.law.test(),
            statistic: f.gof.statistic,
            df: f.gof.df,
            ln_p: f.ln_p,
            ln_p_low: Some(f.ln_p_low),
            effect: f.mean - fair_mean,
            finding: self.law.finding(f.finding(fair_mean)),
        }
    }
}

/// The goodness-of-fit outcome of a histogram, with impossible outcomes folded into the p-value.
#[derive(Clone, Debug)]
pub struct HistogramFit {
    pub gof: GofResult,
    /// Upper-tail ln p, including the impossible-outcome bound.
    pub ln_p: LnP,
    /// Lower-tail ln p ("too close to the law").
    pub ln_p_low: LnP,
    /// Decks that fell on values of probability below 2.2e-308 (0 for a fair shuffle, in practice).
    pub impossible: u64,
    /// Observed mean of the statistic.
    pub mean: f64,
    /// Among values expected at least 5 times (the cells that are not pooled), the one with the largest
    /// contribution `(O − E)² / E`: its value, observed/expected ratio and expected count.
    pub worst: (usize, f64, f64),
    /// The most likely value the shuffle never produced, with its expected count, if any.
    pub never: Option<(usize, f64)>,
    /// The value every deck had, when at least one deck was counted and all had the same value.
    pub only: Option<usize>,
}

impl HistogramFit {
    /// What the fit found, for a statistic whose mean under a uniform shuffle is `fair_mean`.
    pub fn finding(&self, fair_mean: f64) -> HistogramFinding {
        let (value, ratio, _) = self.worst;
        HistogramFinding {
            mean: self.mean,
            fair_mean,
            worst: (value, ratio),
            never: self.never,
            bins: self.gof.bins,
            impossible: self.impossible,
            only: self.only,
            fair: within_chance(self.ln_p, Some(self.ln_p_low)),
        }
    }
}

/// Tests `observed[v]` (decks whose statistic was v) against `pmf[v]`.
pub fn fit(observed: &[u64], pmf: &[f64]) -> HistogramFit {
    let gof = chi2_against_pmf(observed, pmf);
    let total: u64 = observed.iter().sum();
    // NaN or negative probabilities count as impossible too.
    let tiny = |v: usize| pmf.get(v).is_none_or(|&p| p.is_nan() || p < f64::MIN_POSITIVE);
    let impossible: u64 = observed.iter().enumerate().filter(|&(v, _)| tiny(v)).map(|(_, &o)| o).sum();
    let mut ln_p = gof.ln_sf;
    if impossible > 0 {
        let values = observed.iter().enumerate().filter(|&(v, &o)| o > 0 && tiny(v)).count().max(1);
        let bound = (total as f64).ln() + (values as f64).ln() + f64::MIN_POSITIVE.ln();
        ln_p = ln_p.min(bound);
    }
    let mean = if total == 0 {
        0.0
    } else {
        observed.iter().enumerate().map(|(v, &o)| v as f64 * o as f64).sum::<f64>() / total as f64
    };
    let n = total as f64;
    let mut worst = (0, 1.0, 0.0);
    let mut worst_score = -1.0;
    let mut never: Option<(usize, f64)> = None;
    for (v, &p) in pmf.iter().enumerate() {
        let e = n * p;
        if e < 5.0 {
            continue;
        }
        let o = observed.get(v).copied().unwrap_or(0) as f64;
        let score = (o - e).powi(2) / e;
        if score > worst_score {
            worst_score = score;
            worst = (v, o / e, e);
        }
        if o == 0.0 && never.is_none_or(|(_, best)| e > best) {
            never = Some((v, e));
        }
    }
    let mut seen = observed.iter().enumerate().filter(|&(_, &o)| o > 0).map(|(v, _)| v);
    let only = match (seen.next(), seen.next()) {
        (Some(v), None) => Some(v),
        _ => None,
    };
    HistogramFit {
        gof,
        ln_p,
        ln_p_low: gof.ln_cdf,
        impossible,
        mean,
        worst,
        never: never.filter(|&(_, e)| e >= 10.0),
        only,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_values_fail_with_a_finite_bound() {
        // Three equally likely values and one impossible one observed twice.
        let f = fit(&[300, 310, 290, 2], &[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, 0.0]);
        assert_eq!(f.impossible, 2);
        assert!(f.ln_p.is_finite() && f.ln_p < -700.0, "{}", f.ln_p);
        let fair = fit(&[300, 310, 290], &[1.0 / 3.0; 3]);
        assert_eq!(fair.impossible, 0);
        assert!(fair.ln_p > -3.0);
    }

    #[test]
    fn never_seen_values_are_reported() {
        let f = fit(&[500, 0, 500], &[1.0 / 3.0; 3]);
        assert_eq!(f.never.map(|(v, _)| v), Some(1));
        assert_eq!(f.worst.0, 1);
        assert!((f.mean - 1.0).abs() < 1e-12);
    }
}
