//! Serial correlation between consecutive decks of one generator stream.
//!
//! A generator stuck in a short cycle, or one whose consecutive outputs are related, makes deck t+1 depend on deck
//! t even when each deck on its own looks fair. The statistic: over consecutive decks t, t+1 of the same stream,
//! `T[i][j]` counts the cards that were at position i in deck t and are at position j in deck t+1. With σ_t the
//! map from positions to cards of deck t, that is the position-by-position matrix of the relative permutation
//! `ρ_t = σ_{t+1}⁻¹ ∘ σ_t` (positions of deck t to positions of deck t+1).
//!
//! Null: if the decks are independent uniform permutations, the map `(σ_1, …, σ_N) ↦ (σ_1, ρ_1, …, ρ_{N−1})` is a
//! bijection of S_n^N, so the ρ_t are themselves independent uniform permutations. T is therefore exactly a
//! position-by-card matrix of N − s uniform shuffles (s streams): `X²·(n−1)/n` is asymptotically χ²((n−1)²), with
//! the exact mean n(n−1) of X² and variance 2n²(P−1)/P for P pairs (docs/src/reference.md#the-global-statistic). Tested two-sided. The null is
//! "independent uniform decks": decks that are independent but not uniform have non-uniform relative permutations
//! too, so for a shuffle that already fails the single-deck tests this test adds nothing about the generator. A cycle of length
//! L puts all the mass on at most L·n of the n² cells and fails at once; the pooled rank correlation between a
//! card's positions in consecutive decks, `r = Σ T[i][j]·(i − m)(j − m) / (P·Σ_i (i − m)²)`, m = (n−1)/2, is
//! reported as the effect size (0 under the null).
//!
//! The runner's chunks are the streams: each chunk draws its decks from one generator seeded by (seed, chunk), so
//! pairs never straddle two chunks ([`SerialTransitions::begin_stream`]).

use crate::cards::Card;
use crate::stats::distributions::lattice::position_matrix_ln_cdf;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// Position-to-position transitions between consecutive decks.
#[derive(Clone, Debug)]
pub struct SerialTransitions {
    n: usize,
    pairs: u64,
    /// `counts[i * n + j]`.
    counts: Vec<u64>,
    /// Positions of the cards in the previous deck of the current stream (`previous[card] = position`).
    previous: Vec<Card>,
    have_previous: bool,
    inverse: Vec<Card>,
}

impl PartialEq for SerialTransitions {
    fn eq(&self, other: &Self) -> bool {
        (self.pairs, &self.counts) == (other.pairs, &other.counts)
    }
}

impl SerialTransitions {
    pub fn new(n: usize) -> Self {
        SerialTransitions {
            n,
            pairs: 0,
            counts: vec![0; n * n],
            previous: vec![0; n],
            have_previous: false,
            inverse: vec![0; n],
        }
    }

    /// Consecutive pairs of decks counted.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    pub fn get(&self, from: usize, to: usize) -> u64 {
        self.counts[from * self.n + to]
    }

    /// Starts a new stream: the next deck is not paired with the previous one.
    #[inline(always)]
    pub fn begin_stream(&mut self) {
        self.have_previous = false;
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let mut inverse = std::mem::take(&mut self.inverse);
        crate::stats::deck::rising_sequences::invert(deck, &mut inverse);
        self.add_inverse(&inverse);
        self.inverse = inverse;
    }

    /// Counts a deck given its inverse permutation (`inverse[card] = position`).
    #[inline(always)]
    pub fn add_inverse(&mut self, inverse: &[Card]) {
        let n = self.n;
        if self.have_previous {
            for (from, &to) in self.previous.iter_mut().zip(inverse) {
                self.counts[usize::from(*from) * n + usize::from(to)] += 1;
                *from = to;
            }
            self.pairs += 1;
        } else {
            self.previous.copy_from_slice(inverse);
            self.have_previous = true;
        }
    }

    /// For the battery's one-pass update ([`crate::stats::battery::fused`]): the transition matrix, the previous deck's inverse,
    /// the buffer for this deck's, and whether this deck pairs with the previous one. Call
    /// [`Self::record_deck`] once the deck is counted.
    ///
    /// The two inverses are two buffers that trade places at every deck: the pass reads the previous one and
    /// writes the other. Read and written in place instead, each read waits on the stores before it (the
    /// processor cannot tell they never touch the same card), measured about 10% slower with ChaCha8.
    #[inline(always)]
    pub(in crate::stats) fn parts_mut(&mut self) -> (&mut [u64], &[Card], &mut [Card], bool) {
        self.advance();
        (&mut self.counts, &self.previous, &mut self.inverse, self.have_previous)
    }

    /// As [`Self::parts_mut`], without the transition matrix (the caller counts into tables of its own).
    #[inline(always)]
    pub(in crate::stats) fn stream_mut(&mut self) -> (&[Card], &mut [Card], bool) {
        self.advance();
        (&self.previous, &mut self.inverse, self.have_previous)
    }

    /// The transition matrix alone (for adding counts kept elsewhere), leaving the inverses where they are.
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// The last deck's inverse becomes the previous one (`add` leaves it in both buffers).
    #[inline(always)]
    fn advance(&mut self) {
        std::mem::swap(&mut self.previous, &mut self.inverse);
    }

    /// The last counted deck's inverse, as left by the battery's pass.
    pub(in crate::stats) fn last_inverse(&self) -> &[Card] {
        &self.inverse
    }

    /// One more deck, counted through [`Self::parts_mut`]: `inverse` now holds its inverse.
    #[inline(always)]
    pub(in crate::stats) fn record_deck(&mut self) {
        self.pairs += u64::from(self.have_previous);
        self.have_previous = true;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.pairs += other.pairs;
    }

    /// Pearson X² over the n² transitions, unscaled (mean n(n−1) under the null).
    pub fn chi2(&self) -> f64 {
        let e = self.pairs as f64 / self.n as f64;
        self.counts.iter().map(|&o| (o as f64 - e).powi(2) / e).sum()
    }

    /// Pooled correlation between a card's position in deck t and in deck t+1.
    pub fn correlation(&self) -> f64 {
        let n = self.n;
        let m = (n as f64 - 1.0) / 2.0;
        let ss: f64 = (0..n).map(|i| (i as f64 - m).powi(2)).sum();
        let mut s = 0.0;
        for i in 0..n {
            for j in 0..n {
                s += self.get(i, j) as f64 * (i as f64 - m) * (j as f64 - m);
            }
        }
        s / (self.pairs as f64 * ss)
    }

    /// `X²·(n−1)/n` against χ²((n−1)²), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let nf = self.n as f64;
        let scaled = self.chi2() * (nf - 1.0) / nf;
        let df = (nf - 1.0) * (nf - 1.0);
        let e = self.pairs as f64 / nf;
        let mut worst = (0, 0, 1.0f64);
        for i in 0..self.n {
            for j in 0..self.n {
                let r = self.get(i, j) as f64 / e;
                if r.ln().abs() > worst.2.ln().abs() {
                    worst = (i, j, r);
                }
            }
        }
        let (i, j, ratio) = worst;
        let r = self.correlation();
        let (ln_p, ln_p_low) = (chi2_ln_sf(scaled, df), position_matrix_ln_cdf(self.n, self.pairs, scaled, df));
        vec![TestResult {
            test: TestId::SerialCorrelation,
            statistic: scaled,
            df,
            ln_p,
            ln_p_low: Some(ln_p_low),
            effect: r,
            finding: Finding::SerialCorrelation {
                pairs: self.pairs,
                from: i,
                to: j,
                ratio,
                correlation: r,
                fair: within_chance(ln_p, Some(ln_p_low)),
            },
        }]
    }
}

impl SerialTransitions {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("serial_correlation.pairs", std::slice::from_mut(&mut self.pairs));
        visitor.visit("serial_correlation.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(SerialTransitions, streams);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::{all_permutations, moments};

    #[test]
    fn transitions_of_independent_decks_have_the_position_card_moments_exactly() {
        // Every sequence of 2 and 3 decks of 3 cards (36 and 216 outcomes): X2 has mean n(n−1) = 6 exactly, and
        // with P = 2 pairs variance 2n²(P−1)/P = 9 exactly (the relative permutations are independent and uniform).
        let perms = all_permutations(3);
        let mut one = Vec::new();
        let mut two = Vec::new();
        for a in &perms {
            for b in &perms {
                let mut t = SerialTransitions::new(3);
                t.add(a);
                t.add(b);
                one.push(t.chi2());
                for c in &perms {
                    let mut t3 = t.clone();
                    t3.add(c);
                    two.push(t3.chi2());
                }
            }
        }
        assert!((moments(&one).0 - 6.0).abs() < 1e-9);
        let (mean, var) = moments(&two);
        assert!((mean - 6.0).abs() < 1e-9 && (var - 9.0).abs() < 1e-9, "mean {mean}, variance {var}");
    }

    #[test]
    fn streams_do_not_pair_across_their_boundary() {
        let mut t = SerialTransitions::new(3);
        t.add(&[0, 1, 2]);
        t.add(&[2, 1, 0]);
        t.begin_stream();
        t.add(&[1, 0, 2]);
        assert_eq!(t.pairs(), 1);
        assert_eq!((t.get(0, 2), t.get(1, 1), t.get(2, 0)), (1, 1, 1));
    }

    #[test]
    fn a_generator_stuck_in_a_short_cycle_is_caught() {
        // Positive control: three Fisher-Yates decks (pcg32, fixed seed) repeated in a cycle of length 3, 3000 decks.
        // Each deck alone is a fair draw, and the position-by-card counts of the whole stream are only 3 decks
        // deep; the transitions concentrate on 3·52 of the 2704 cells. A fair stream gives p < 1e-9 with
        // probability 1e-9.
        use crate::rng::{Pcg32, SeededRng};
        use crate::shuffle::{FisherYates, Scratch, Shuffle};
        let mut rng = Pcg32::from_seed_u64(17);
        let mut cycle = Vec::new();
        for _ in 0..3 {
            let mut d: Vec<Card> = (0..52).collect();
            FisherYates.shuffle(&mut d, &mut rng, &mut Scratch::new(52)).unwrap();
            cycle.push(d);
        }
        let mut t = SerialTransitions::new(52);
        for k in 0..3000 {
            t.add(&cycle[k % 3]);
        }
        let r = t.evaluate().remove(0);
        assert!(r.ln_p < -10_000.0, "{}", r.ln_p);
        // An independent fair stream at a fixed seed: p above 1e-4 in both tails (fails with probability 2e-4).
        let mut fair = SerialTransitions::new(52);
        for _ in 0..3000 {
            let mut d: Vec<Card> = (0..52).collect();
            FisherYates.shuffle(&mut d, &mut rng, &mut Scratch::new(52)).unwrap();
            fair.add(&d);
        }
        let f = fair.evaluate().remove(0);
        assert!(f.ln_p > 1e-4f64.ln() && f.ln_p_low.unwrap() > 1e-4f64.ln(), "{f:?}");
    }
}
