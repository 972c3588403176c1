//! Cycles: the number of cycles of the permutation a shuffle produced.
//!
//! Seen as a map from positions to cards (`p ↦ deck[p]`), a shuffled deck decomposes into disjoint cycles. For a
//! uniform permutation of n cards the number of cycles k has the exact law `P(k) = |s(n,k)|/n!` (unsigned
//! Stirling numbers of the first kind; Stanley, *Enumerative Combinatorics* I, §1.3), mean `H(n)`. The cycle
//! count also fixes the parity (`sign = (−1)^(n−k)`), so a shuffle that can only reach even permutations
//! (`wash` with an even number of swaps) never produces half of the possible counts. The whole histogram is
//! tested against the exact law, two-sided.

use crate::cards::Card;
use crate::stats::TestResult;
use crate::stats::deck::histogram::{ExactLaw, HistogramCounts};

/// Counts the cycles of `deck` as a permutation, using `seen` (length n, any contents) as scratch.
///
/// Decks of up to 64 cards keep the unvisited positions in one word: the outer loop then runs once per cycle
/// instead of testing every position, which saves a hard-to-predict branch per card.
#[inline(always)]
pub fn count_cycles(deck: &[Card], seen: &mut [bool]) -> usize {
    let n = deck.len();
    if n <= 64 {
        let mut remaining: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut cycles = 0;
        while remaining != 0 {
            let start = remaining.trailing_zeros() as usize;
            cycles += 1;
            let mut j = start;
            loop {
                remaining &= !(1u64 << j);
                j = usize::from(deck[j]);
                // For a permutation the first position seen twice is `start`; testing "seen" rather than
                // "is start" also ends the walk on a deck that is not a permutation.
                if remaining & (1u64 << j) == 0 {
                    break;
                }
            }
        }
        return cycles;
    }
    seen.fill(false);
    let mut cycles = 0;
    for start in 0..deck.len() {
        if seen[start] {
            continue;
        }
        cycles += 1;
        let mut j = start;
        while !seen[j] {
            seen[j] = true;
            j = usize::from(deck[j]);
        }
    }
    cycles
}

/// [`count_cycles_with_inverse`] for decks of up to 1024 cards: the positions not yet visited are a set of bits,
/// one 128-bit integer up to 128 cards (kept in registers, so that a step of the walk waits on its load only) and
/// 16 words above, and each cycle is walked from its start in both directions. The battery's walk for decks of
/// more than 64 cards (a vector of flags, reset each deck, costs as much as the rest of the pass there).
pub fn count_cycles_with_inverse_wide(deck: &[Card], inverse: &[Card]) -> usize {
    let n = deck.len();
    assert!(n <= crate::cards::MAX_DECK && inverse.len() == n, "a deck of {n} cards and its inverse");
    if n <= 128 {
        walk_both_ways(deck, inverse, Positions::<u128>::all(n))
    } else {
        walk_both_ways(deck, inverse, Positions::<[u64; crate::cards::MAX_DECK / 64]>::all(n))
    }
}

/// A set of positions still to visit, for [`walk_both_ways`].
trait ToVisit {
    /// Clears position p; says whether it was still to visit (a position outside the deck never is).
    fn take(&mut self, p: usize) -> bool;
    /// The smallest position still to visit.
    fn first(&self) -> Option<usize>;
}

/// The positions `0..n` as a set of bits in `B`.
struct Positions<B>(B);

impl Positions<u128> {
    fn all(n: usize) -> Self {
        Positions(if n == 128 { u128::MAX } else { (1u128 << n) - 1 })
    }
}

impl ToVisit for Positions<u128> {
    #[inline(always)]
    fn take(&mut self, p: usize) -> bool {
        let bit = if p < 128 { 1u128 << p } else { 0 };
        let was = self.0 & bit != 0;
        self.0 &= !bit;
        was
    }

    #[inline(always)]
    fn first(&self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }
}

impl<const W: usize> Positions<[u64; W]> {
    fn all(n: usize) -> Self {
        Positions(std::array::from_fn(|w| match n.saturating_sub(64 * w).min(64) {
            64 => u64::MAX,
            bits => (1u64 << bits) - 1,
        }))
    }
}

impl<const W: usize> ToVisit for Positions<[u64; W]> {
    #[inline(always)]
    fn take(&mut self, p: usize) -> bool {
        let Some(word) = self.0.get_mut(p >> 6) else { return false };
        let bit = 1u64 << (p & 63);
        let was = *word & bit != 0;
        *word &= !bit;
        was
    }

    #[inline(always)]
    fn first(&self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|w| 64 * w + self.0[w].trailing_zeros() as usize)
    }
}

/// Counts the cycles, each walked from its smallest position forwards (`deck`) and backwards (`inverse`) until
/// either walk reaches a position already visited.
#[inline(always)]
fn walk_both_ways(deck: &[Card], inverse: &[Card], mut remaining: impl ToVisit) -> usize {
    let mut cycles = 0;
    while let Some(start) = remaining.first() {
        cycles += 1;
        remaining.take(start);
        let (mut forward, mut backward) = (usize::from(deck[start]), usize::from(inverse[start]));
        while remaining.take(forward) && remaining.take(backward) {
            forward = deck.get(forward).map_or(usize::MAX, |&c| usize::from(c));
            backward = inverse.get(backward).map_or(usize::MAX, |&c| usize::from(c));
        }
    }
    cycles
}

/// Counts the cycles of a deck of at most 64 cards given its inverse permutation (`inverse[card] = position`).
///
/// Same count as [`count_cycles`] for a permutation, but each cycle is walked from its start in both directions
/// at once (`p ↦ deck[p]` and `p ↦ inverse[p]`) until the two walks meet. The walk is a chain of dependent
/// loads, so its latency, not the work, sets the cost; two independent chains of half the length halve it.
/// Terminates on any input (every step clears a bit or stops).
#[inline(always)]
pub fn count_cycles_with_inverse(deck: &[Card], inverse: &[Card]) -> usize {
    let n = deck.len();
    debug_assert!(n <= 64 && inverse.len() == n);
    let mut remaining: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut cycles = 0;
    while remaining != 0 {
        let start = remaining.trailing_zeros() as usize;
        cycles += 1;
        remaining &= !(1u64 << start);
        let (mut forward, mut backward) = (usize::from(deck[start]), usize::from(inverse[start]));
        loop {
            // The cycle is closed when either walk reaches a position already visited (the start, or the
            // other walk's last step).
            if remaining & (1u64 << forward) == 0 {
                break;
            }
            remaining &= !(1u64 << forward);
            if remaining & (1u64 << backward) == 0 {
                break;
            }
            remaining &= !(1u64 << backward);
            forward = usize::from(deck[forward]);
            backward = usize::from(inverse[backward]);
        }
    }
    cycles
}

/// `counts[k]`: decks whose permutation has exactly k cycles.
#[derive(Clone, Debug)]
pub struct CycleCounts {
    histogram: HistogramCounts,
    seen: Vec<bool>,
}

impl PartialEq for CycleCounts {
    fn eq(&self, other: &Self) -> bool {
        self.histogram == other.histogram
    }
}

impl CycleCounts {
    pub fn new(n: usize) -> Self {
        CycleCounts { histogram: HistogramCounts::new(ExactLaw::Cycles, n), seen: vec![false; n] }
    }

    pub fn counts(&self) -> &[u64] {
        self.histogram.counts()
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let k = count_cycles(deck, &mut self.seen);
        self.record(k);
    }

    /// Counts a deck whose cycles were already counted (the battery shares one count with parity).
    #[inline(always)]
    pub fn record(&mut self, cycles: usize) {
        self.histogram.record(cycles);
    }

    pub fn merge(&mut self, other: &Self) {
        self.histogram.merge(&other.histogram);
    }

    /// The histogram against `|s(n,k)|/n!`, Pearson with pooled tails, two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        vec![self.histogram.evaluate()]
    }
}

impl CycleCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.histogram.visit_counts(visitor);
    }
}

crate::stats::statistic::impl_statistic!(CycleCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::exact::laws::cycles_pmf;
    use crate::stats::testing::all_permutations;

    #[test]
    fn both_ways_of_counting_cycles_agree() {
        use rand::{RngExt, SeedableRng};
        let mut g = rand_pcg::Pcg64::seed_from_u64(3);
        for n in [2usize, 5, 63, 64, 65, 300] {
            for _ in 0..20 {
                let mut deck: Vec<Card> = (0..n as Card).collect();
                for i in (1..n).rev() {
                    deck.swap(i, g.random_range(0..=i));
                }
                // The seen-array path on its own, by hand.
                let mut seen = vec![false; n];
                let mut slow = 0;
                for s in 0..n {
                    if !seen[s] {
                        slow += 1;
                        let mut j = s;
                        while !seen[j] {
                            seen[j] = true;
                            j = usize::from(deck[j]);
                        }
                    }
                }
                assert_eq!(count_cycles(&deck, &mut seen), slow, "n = {n}");
                if n <= 64 {
                    let mut inverse = vec![0; n];
                    crate::stats::deck::rising_sequences::invert(&deck, &mut inverse);
                    assert_eq!(count_cycles_with_inverse(&deck, &inverse), slow, "n = {n}");
                }
            }
        }
    }

    #[test]
    fn the_wide_walk_counts_what_the_flags_count() {
        // Random decks of sizes on both sides of each word boundary, the identity and the reversal, against the
        // walk with a vector of flags.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(8);
        for n in [1usize, 2, 63, 64, 65, 127, 128, 129, 500, 1023, 1024] {
            let identity: Vec<Card> = (0..n as Card).collect();
            let mut decks = vec![identity.clone(), identity.iter().rev().copied().collect()];
            for _ in 0..20 {
                let mut d = identity.clone();
                d.shuffle(&mut g);
                decks.push(d);
            }
            for deck in decks {
                let mut inverse = vec![0; n];
                crate::stats::deck::rising_sequences::invert(&deck, &mut inverse);
                let want = count_cycles(&deck, &mut vec![false; n]);
                assert_eq!(count_cycles_with_inverse_wide(&deck, &inverse), want, "n = {n}");
            }
        }
    }

    #[test]
    fn walking_both_ways_counts_every_permutation_of_small_decks() {
        for n in 1..=7 {
            for deck in all_permutations(n) {
                let mut inverse = vec![0; n];
                crate::stats::deck::rising_sequences::invert(&deck, &mut inverse);
                assert_eq!(count_cycles_with_inverse(&deck, &inverse), count_cycles(&deck, &mut vec![false; n]));
            }
        }
    }

    #[test]
    fn every_permutation_of_three_and_four_cards_gives_the_stirling_numbers() {
        // |s(3,k)| = 0, 2, 3, 1 and |s(4,k)| = 0, 6, 11, 6, 1.
        for (n, want) in [(3, vec![0u64, 2, 3, 1]), (4, vec![0, 6, 11, 6, 1])] {
            let mut c = CycleCounts::new(n);
            for p in all_permutations(n) {
                c.add(&p);
            }
            assert_eq!(c.counts(), &want[..]);
            for (k, &p) in cycles_pmf(n).iter().enumerate() {
                assert!((want[k] as f64 / c.counts().iter().sum::<u64>() as f64 - p).abs() < 1e-15);
            }
        }
    }
}
