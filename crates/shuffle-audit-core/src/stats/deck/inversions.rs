//! Inversions: pairs of cards that come out in the opposite order to the one they went in.
//!
//! The number of inversions of a uniform permutation of n cards (pairs of positions i < j with
//! `deck[i] > deck[j]`) has the Mahonian law, generating function `Π_{i=1}^{n} (1 + q + … + q^{i−1})`
//! (Stanley, *Enumerative Combinatorics* I, Cor. 1.3.13), mean `n(n−1)/4` and variance `n(n−1)(2n+5)/72`. A
//! shuffle that leaves the deck close to its starting order has too few inversions, one that reverses it too
//! many. For n ≤ [`INVERSIONS_EXACT_MAX_N`] the whole histogram is tested against the exact law (Pearson with
//! pooled tails, two-sided). Above it the law is not tabulated and the test is a normal z-test of the mean
//! inversion count with the exact mean and variance (exact in its moments; normal by the central limit theorem
//! over N independent decks), two-sided.
//!
//! Counting: one pass over the deck with a bitset of the cards already seen; the inversions a card adds are the
//! larger cards seen before it, a popcount within its word plus the counts of the higher words. O(n) words of
//! work for n ≤ 64, O(n²/64) in general; no allocation.

use crate::cards::Card;
use crate::stats::deck::histogram::fit;
use crate::stats::distributions::special::normal_ln_sf;
use crate::stats::exact::laws::{INVERSIONS_EXACT_MAX_N, inversions_mean_var, inversions_pmf};
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// Reusable scratch for counting inversions.
#[derive(Clone, Debug)]
pub struct InversionCounter {
    words: Vec<u64>,
    word_counts: Vec<u32>,
}

impl InversionCounter {
    pub fn new(n: usize) -> Self {
        let w = n.div_ceil(64).max(1);
        InversionCounter { words: vec![0; w], word_counts: vec![0; w] }
    }

    /// Number of pairs i < j with `deck[i] > deck[j]`.
    #[inline(always)]
    pub fn count(&mut self, deck: &[Card]) -> u64 {
        if deck.len() <= 64 {
            let mut seen = 0u64;
            let mut inversions = 0u64;
            for &c in deck {
                let c = u32::from(c);
                // Larger cards already seen: bits above c. Two shifts, because c + 1 may be 64.
                inversions += u64::from((seen >> c >> 1).count_ones());
                seen |= 1u64 << c;
            }
            return inversions;
        }
        let mut inversions = 0u64;
        for &c in deck {
            let (w, b) = (usize::from(c) >> 6, u32::from(c) & 63);
            let above: u32 = self.word_counts[w + 1..].iter().sum();
            inversions += u64::from((self.words[w] >> b >> 1).count_ones() + above);
            self.words[w] |= 1u64 << b;
            self.word_counts[w] += 1;
        }
        self.words.fill(0);
        self.word_counts.fill(0);
        inversions
    }
}

/// Inversion counts of the shuffled decks: the histogram (when the exact law is tabulated) and the moments.
#[derive(Clone, Debug)]
pub struct InversionCounts {
    n: usize,
    shuffles: u64,
    /// `counts[k]`: decks with exactly k inversions; empty above `INVERSIONS_EXACT_MAX_N`.
    counts: Vec<u64>,
    sum: u128,
    counter: InversionCounter,
}

impl PartialEq for InversionCounts {
    fn eq(&self, other: &Self) -> bool {
        (self.shuffles, &self.counts, self.sum) == (other.shuffles, &other.counts, other.sum)
    }
}

impl InversionCounts {
    pub fn new(n: usize) -> Self {
        let bins = if n <= INVERSIONS_EXACT_MAX_N { n * n.saturating_sub(1) / 2 + 1 } else { 0 };
        InversionCounts { n, shuffles: 0, counts: vec![0; bins], sum: 0, counter: InversionCounter::new(n) }
    }

    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let k = self.counter.count(deck);
        self.record(k);
    }

    /// Counts a deck whose inversions were already counted (the battery shares one count with parity).
    #[inline(always)]
    pub fn record(&mut self, inversions: u64) {
        self.shuffles += 1;
        self.sum += u128::from(inversions);
        if let Some(c) = self.counts.get_mut(inversions as usize) {
            *c += 1;
        }
    }

    pub fn merge(&mut self, other: &Self) {
        self.shuffles += other.shuffles;
        self.sum += other.sum;
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    pub fn evaluate(&self) -> Vec<TestResult> {
        let (mu, var) = inversions_mean_var(self.n);
        let nf = self.shuffles as f64;
        let mean = if self.shuffles == 0 { mu } else { self.sum as f64 / nf };
        // Standardised shift of the mean, in units of one deck's standard deviation.
        let shift = (mean - mu) / var.sqrt();
        let (statistic, df, ln_p, ln_p_low, histogram) = match inversions_pmf(self.n) {
            Some(pmf) => {
                let f = fit(&self.counts, &pmf);
                (f.gof.statistic, f.gof.df, f.ln_p, Some(f.ln_p_low), Some((f.gof.bins, f.impossible)))
            }
            None => {
                // A z-test of the mean with the exact mean and variance.
                let z = (self.sum as f64 - nf * mu) / (nf * var).sqrt();
                (z, 0.0, (std::f64::consts::LN_2 + normal_ln_sf(z.abs())).min(0.0), None, None)
            }
        };
        let pairs = (self.n * (self.n - 1) / 2) as f64;
        vec![TestResult {
            test: TestId::Inversions,
            statistic,
            df,
            ln_p,
            ln_p_low,
            effect: shift,
            finding: Finding::Inversions {
                mean,
                fair_mean: mu,
                sd: var.sqrt(),
                shift,
                percent_inverted: 100.0 * mean / pairs,
                histogram,
                fair: within_chance(ln_p, ln_p_low),
            },
        }]
    }
}

impl InversionCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("inversions.shuffles", std::slice::from_mut(&mut self.shuffles));
        visitor.visit("inversions.counts", &mut self.counts);
        crate::stats::statistic::visit_u128(visitor, "inversions.sum", &mut self.sum);
    }
}

crate::stats::statistic::impl_statistic!(InversionCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::testing::all_permutations;
    use rand::{RngExt, SeedableRng};

    fn naive(deck: &[Card]) -> u64 {
        let mut k = 0;
        for i in 0..deck.len() {
            for j in i + 1..deck.len() {
                k += u64::from(deck[i] > deck[j]);
            }
        }
        k
    }

    #[test]
    fn the_bitset_count_agrees_with_the_definition_for_every_deck_size_class() {
        let mut g = rand_pcg::Pcg64::seed_from_u64(11);
        for n in [2usize, 3, 52, 63, 64, 65, 127, 128, 129, 200, 1024] {
            let mut counter = InversionCounter::new(n);
            for _ in 0..5 {
                let mut deck: Vec<Card> = (0..n as Card).collect();
                for i in (1..n).rev() {
                    deck.swap(i, g.random_range(0..=i));
                }
                assert_eq!(counter.count(&deck), naive(&deck), "n = {n}");
            }
            let reversed: Vec<Card> = (0..n as Card).rev().collect();
            assert_eq!(counter.count(&reversed), (n * (n - 1) / 2) as u64);
        }
    }

    #[test]
    fn every_permutation_of_four_cards_gives_the_mahonian_numbers() {
        // Mahonian numbers for n = 4: 1, 3, 5, 6, 5, 3, 1.
        let mut c = InversionCounts::new(4);
        for p in all_permutations(4) {
            c.add(&p);
        }
        assert_eq!(c.counts(), &[1, 3, 5, 6, 5, 3, 1]);
        let pmf = inversions_pmf(4).unwrap();
        for (k, &p) in pmf.iter().enumerate() {
            assert!((c.counts()[k] as f64 / 24.0 - p).abs() < 1e-15);
        }
        let mut three = InversionCounts::new(3);
        for p in all_permutations(3) {
            three.add(&p);
        }
        assert_eq!(three.counts(), &[1, 2, 2, 1]);
    }
}
