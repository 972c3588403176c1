//! Histograms of a per-deck statistic (fixed points, cycles, inversions, rising sequences) tested against the
//! statistic's exact law.
//!
//! The test is Pearson's chi-square with sparse tail cells pooled ([`crate::stats::dist::gof::chi2_against_pmf`]), two-sided
//! (a histogram too close to its expectation is flagged by the lower tail). Outcomes the exact law gives
//! probability 0 (or less than the smallest normal double, where the pmf underflows) are removed from the
//! chi-square and handled by a bound instead: if k of the N decks fall on such values, the probability of seeing
//! at least one of them under the null is at most `N · c · 2.2e-308` for c such values, so
//! `ln p ≤ ln N + ln c + ln(2.2e-308)`. That is a valid, finite p-value (a fair shuffle produces them with
//! probability 0 or nearly so), and it makes an impossible outcome FAIL decisively without ever printing p = 0.

use crate::stats::LnP;
use crate::stats::dist::gof::{GofResult, chi2_against_pmf};
use crate::stats::finding::{HistogramFinding, within_chance};

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
    HistogramFit { gof, ln_p, ln_p_low: gof.ln_cdf, impossible, mean, worst, never: never.filter(|&(_, e)| e >= 10.0) }
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
