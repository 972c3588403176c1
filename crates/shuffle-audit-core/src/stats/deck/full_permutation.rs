//! The full-permutation test for small decks: how often each of the n! orders came up.
//!
//! After TestU01's permutation test (L'Ecuyer & Simard 2007, `sknuth_Permutation`; Knuth, TAOCP vol. 2,
//! §3.3.2): for n ≤ 8 every order is a cell, identified by its Lehmer-code rank in `0..n!`, and the counts of N
//! uniform shuffles are Multinomial(N, 1/n!). Pearson's X² has n! − 1 degrees of freedom and is asymptotically
//! χ²(n! − 1); the test requires at least 10 expected shuffles per order (N ≥ 10·n!), as TestU01 does, so the
//! approximation holds. Two-sided: a deck that cycles through the orders too evenly is flagged "too uniform".
//! This sees everything every other statistic sees, on decks small enough to enumerate: naive-swap's n^n
//! equally likely paths cannot cover the n! orders evenly, and it shows here directly.

use crate::cards::Card;
use crate::stats::TestResult;
use crate::stats::distributions::gof::pearson_uniform;
use crate::stats::distributions::lattice::{chi2_ln_cdf_on_lattice, pearson_ln_cdf};
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{Finding, within_chance};
use crate::stats::test_id::{FULL_PERMUTATION_MAX_N, TestId, factorial};

/// Lehmer-code rank of a permutation of `0..n` (n ≤ 8): 0 for `0 1 … n−1`, n! − 1 for the reversed deck.
#[inline(always)]
pub fn rank(deck: &[Card]) -> usize {
    let mut unused: u32 = (1u32 << deck.len()) - 1;
    let mut r = 0usize;
    for (i, &c) in deck.iter().enumerate() {
        let smaller = (unused & ((1u32 << c) - 1)).count_ones() as usize;
        r = r * (deck.len() - i) + smaller;
        unused &= !(1u32 << c);
    }
    r
}

/// The permutation of `0..n` with Lehmer-code rank `r`.
pub fn unrank(n: usize, mut r: usize) -> Vec<Card> {
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        let base = n - i;
        digits[i] = r % base;
        r /= base;
    }
    let mut pool: Vec<Card> = (0..n as Card).collect();
    digits.into_iter().map(|d| pool.remove(d)).collect()
}

/// `counts[rank]`: how often each order came up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PermutationCounts {
    n: usize,
    counts: Vec<u64>,
}

impl PermutationCounts {
    /// Counts for an n-card deck, n ≤ [`FULL_PERMUTATION_MAX_N`].
    pub fn new(n: usize) -> Self {
        assert!(n <= FULL_PERMUTATION_MAX_N, "the full-permutation test is for decks of at most 8 cards");
        PermutationCounts { n, counts: vec![0; factorial(n) as usize] }
    }

    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        self.counts[rank(deck)] += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// Pearson X² over the n! orders against χ²(n! − 1), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let (x2, df) = pearson_uniform(&self.counts);
        let total: u64 = self.counts.iter().sum();
        let e = total as f64 / self.counts.len() as f64;
        let (lo, hi) = self.counts.iter().enumerate().fold(((0, u64::MAX), (0, 0)), |(lo, hi), (r, &c)| {
            (if c < lo.1 { (r, c) } else { lo }, if c > hi.1 { (r, c) } else { hi })
        });
        let never = self.counts.iter().filter(|&&c| c == 0).count();
        // The lower tail over the multinomial's count vectors where few lie below X² (a balanced count is an atom
        // the χ² tail gives probability 0), else χ² on the lattice of X² = (k/N)·Σ O² − N, of step 2k/N.
        let k = self.counts.len();
        let ln_p_low = if total == 0 {
            0.0
        } else {
            pearson_ln_cdf(total, &vec![1.0 / k as f64; k], x2)
                .unwrap_or_else(|| chi2_ln_cdf_on_lattice(x2, df, 2.0 * k as f64 / total as f64))
        };
        let ln_p = chi2_ln_sf(x2, df);
        vec![TestResult {
            test: TestId::FullPermutation,
            statistic: x2,
            df,
            ln_p,
            ln_p_low: Some(ln_p_low),
            effect: crate::stats::noncentrality_per_shuffle(x2, df, total),
            finding: Finding::FullPermutation {
                n: self.n,
                orders: self.counts.len(),
                expected: e,
                most: (unrank(self.n, hi.0), hi.1 as f64 / e),
                least: (unrank(self.n, lo.0), lo.1 as f64 / e),
                never,
                fair: within_chance(ln_p, Some(ln_p_low)),
            },
        }]
    }
}

impl PermutationCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("full_permutation.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(PermutationCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::testing::all_permutations;

    #[test]
    fn ranks_are_a_bijection_onto_0_to_n_factorial() {
        for n in 1..=6 {
            let mut seen = vec![false; factorial(n) as usize];
            for p in all_permutations(n) {
                let r = rank(&p);
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
                assert_eq!(unrank(n, r), p);
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
        assert_eq!(rank(&[7, 6, 5, 4, 3, 2, 1, 0]), 40319);
    }

    #[test]
    fn every_order_once_is_perfectly_flat() {
        // All 4! orders exactly once each (and then ten times each): X2 = 0, flagged by the lower tail only.
        let mut c = PermutationCounts::new(4);
        for _ in 0..10 {
            for p in all_permutations(4) {
                c.add(&p);
            }
        }
        let t = c.evaluate().remove(0);
        assert_eq!(t.statistic, 0.0);
        assert_eq!(t.ln_p, 0.0);
        assert!(t.ln_p_low.unwrap() < -20.0);
    }
}
