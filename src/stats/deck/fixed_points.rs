//! Fixed points: how many cards are still at their starting position after a shuffle.
//!
//! For a uniform permutation of n cards the number of fixed points has the exact law
//! `P(k) = D(n−k) / (k!·(n−k)!)` (Montmort; D the derangement numbers), mean 1 and variance 1, close to
//! Poisson(1). Shuffles that do too little, such as a handful of random transpositions (`pair-swap`, `wash`),
//! leave cards at home far more often: after k random transpositions the mean is `1 + (n−1)(1 − 2/n)^k`
//! (Diaconis & Shahshahani 1981). The whole histogram is tested against the exact law, two-sided.

use crate::cards::Card;
use crate::stats::TestResult;
use crate::stats::deck::histogram::{ExactLaw, HistogramCounts};

/// `counts[k]`: decks with exactly k fixed points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedPointCounts {
    histogram: HistogramCounts,
}

impl FixedPointCounts {
    pub fn new(n: usize) -> Self {
        FixedPointCounts { histogram: HistogramCounts::new(ExactLaw::FixedPoints, n) }
    }

    pub fn counts(&self) -> &[u64] {
        self.histogram.counts()
    }

    pub fn shuffles(&self) -> u64 {
        self.histogram.shuffles()
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        // Branch-free: whether a card is at home is unpredictable.
        let k: usize = deck.iter().enumerate().map(|(p, &c)| usize::from(usize::from(c) == p)).sum();
        self.histogram.record(k);
    }

    /// Counts a deck whose fixed points were already counted (the battery's one pass over the deck).
    #[inline(always)]
    pub fn record(&mut self, fixed_points: usize) {
        self.histogram.record(fixed_points);
    }

    pub fn merge(&mut self, other: &Self) {
        self.histogram.merge(&other.histogram);
    }

    /// The histogram against the exact law `P(k) = D(n−k)/(k!(n−k)!)`, Pearson with pooled tails, two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        vec![self.histogram.evaluate()]
    }
}

impl FixedPointCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.histogram.visit_counts(visitor);
    }
}

crate::stats::statistic::impl_statistic!(FixedPointCounts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::RngKind;
    use crate::shuffle::AlgorithmKind;
    use crate::stats::TestId;
    use crate::stats::exact::laws::fixed_points_pmf;
    use crate::stats::testing::{all_permutations, run_plain};

    #[test]
    fn every_permutation_of_four_cards_gives_the_exact_law() {
        // n = 4: D(4) = 9 derangements, 8 with one fixed point, 6 with two, none with three, one identity.
        let mut c = FixedPointCounts::new(4);
        for p in all_permutations(4) {
            c.add(&p);
        }
        assert_eq!(c.counts(), &[9, 8, 6, 0, 1]);
        for (k, &p) in fixed_points_pmf(4).iter().enumerate() {
            assert!((c.counts()[k] as f64 / 24.0 - p).abs() < 1e-15);
        }
        // Each permutation once: the histogram is n!·P exactly, so X2 = 0 (pooled cells included).
        let t = c.evaluate().remove(0);
        assert!(t.statistic.abs() < 1e-12, "{}", t.statistic);
        let mut three = FixedPointCounts::new(3);
        for p in all_permutations(3) {
            three.add(&p);
        }
        assert_eq!(three.counts(), &[2, 3, 0, 1]);
    }

    #[test]
    fn pair_swap_leaves_cards_at_home() {
        // Positive control: pair-swap (docs/src/algorithms.md#pair-swap: about 2.3 fixed points instead of 1 at 52 cards). A fair shuffle gives
        // p < 1e-9 with probability 1e-9; this one must be far below.
        let t = run_plain(AlgorithmKind::PairSwap, RngKind::Chacha8, 52, 20_000, 3, TestId::FixedPoints);
        assert!(t.ln_p < -1000.0, "{}", t.ln_p);
        assert!(t.effect > 1.0, "{}", t.effect);
        // Fisher-Yates at a fixed seed: p below 1e-4 with probability 1e-4.
        let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 52, 20_000, 3, TestId::FixedPoints);
        assert!(fair.ln_p > 1e-4f64.ln() && fair.ln_p_low.unwrap() > 1e-4f64.ln(), "{fair:?}");
    }
}
