//! Rising sequences: the statistic that sees riffle shuffles.
//!
//! A rising sequence is a maximal run of consecutive card values `v, v+1, …, v+m` that appear in the deck in
//! increasing positions (Bayer & Diaconis 1992, "Trailing the dovetail shuffle to its lair"). A fresh deck has
//! one; a riffle of two packets has at most two, and after k riffles at most 2^k, which is why the law of a
//! riffled deck depends only on this number. For a uniform permutation the number r of rising sequences has the
//! exact law `P(r) = A(n, r)/n!` (Eulerian numbers), mean `(n+1)/2`. A deck that was cut but not shuffled has at
//! most 2. The count is `1 + #{v : position(v+1) < position(v)}`, computed from the inverse permutation in one
//! pass. The whole histogram is tested against the exact law, two-sided.

use crate::cards::Card;
use crate::stats::TestResult;
use crate::stats::deck::histogram::{ExactLaw, HistogramCounts};

/// Writes the inverse permutation: `inverse[card] = position`.
#[inline(always)]
pub fn invert(deck: &[Card], inverse: &mut [Card]) {
    for (p, &c) in deck.iter().enumerate() {
        inverse[usize::from(c)] = p as Card;
    }
}

/// Number of rising sequences of a deck given its inverse permutation.
#[inline(always)]
pub fn rising_sequences(inverse: &[Card]) -> usize {
    1 + inverse.windows(2).filter(|w| w[1] < w[0]).count()
}

/// `counts[r]`: decks with exactly r rising sequences.
#[derive(Clone, Debug)]
pub struct RisingSequenceCounts {
    histogram: HistogramCounts,
    inverse: Vec<Card>,
}

impl PartialEq for RisingSequenceCounts {
    fn eq(&self, other: &Self) -> bool {
        self.histogram == other.histogram
    }
}

impl RisingSequenceCounts {
    pub fn new(n: usize) -> Self {
        RisingSequenceCounts { histogram: HistogramCounts::new(ExactLaw::RisingSequences, n), inverse: vec![0; n] }
    }

    pub fn counts(&self) -> &[u64] {
        self.histogram.counts()
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let mut inverse = std::mem::take(&mut self.inverse);
        invert(deck, &mut inverse);
        self.add_inverse(&inverse);
        self.inverse = inverse;
    }

    /// Counts a deck given its inverse permutation (the battery computes it once for several statistics).
    #[inline(always)]
    pub fn add_inverse(&mut self, inverse: &[Card]) {
        self.record(rising_sequences(inverse));
    }

    /// Counts a deck whose rising sequences were already counted (the battery's one pass over the deck).
    #[inline(always)]
    pub fn record(&mut self, rising_sequences: usize) {
        self.histogram.record(rising_sequences);
    }

    pub fn merge(&mut self, other: &Self) {
        self.histogram.merge(&other.histogram);
    }

    /// The histogram against `A(n, r)/n!`, Pearson with pooled tails, two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        vec![self.histogram.evaluate()]
    }
}

impl RisingSequenceCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.histogram.visit_counts(visitor);
    }
}

crate::stats::statistic::impl_statistic!(RisingSequenceCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::exact::laws::rising_sequences_pmf;
    use crate::stats::testing::all_permutations;

    #[test]
    fn every_permutation_of_three_and_four_cards_gives_the_eulerian_numbers() {
        // Eulerian numbers A(3, r) = 1, 4, 1 and A(4, r) = 1, 11, 11, 1.
        for (n, want) in [(3, vec![0u64, 1, 4, 1]), (4, vec![0, 1, 11, 11, 1])] {
            let mut c = RisingSequenceCounts::new(n);
            for p in all_permutations(n) {
                c.add(&p);
            }
            assert_eq!(c.counts(), &want[..]);
            let total = c.counts().iter().sum::<u64>() as f64;
            for (r, &p) in rising_sequences_pmf(n).iter().enumerate() {
                assert!((want[r] as f64 / total - p).abs() < 1e-15);
            }
        }
        // A riffle of 0..8 into 0 4 1 5 2 6 3 7 has two rising sequences: 0 1 2 3 and 4 5 6 7.
        let mut inverse = vec![0; 8];
        invert(&[0, 4, 1, 5, 2, 6, 3, 7], &mut inverse);
        assert_eq!(rising_sequences(&inverse), 2);
    }
}
