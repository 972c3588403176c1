//! Face serial correlation: whether a shoe remembers the one before it, read by face.
//!
//! A continuous shuffler that puts the discards back in a pattern, a dealer who only half-shuffles between shoes,
//! a generator reseeded from a slow clock: each makes shoe t + 1 depend on shoe t, even when each shoe on its own
//! looks fair. In a shoe written by face the copies of a card cannot be followed from one shoe to the next, so
//! the statistic compares faces at the same position: over consecutive shoes t, t + 1 of one stream, `T[f][g]`
//! counts the positions holding face f in shoe t and face g in shoe t + 1.
//!
//! Null. For a shoe of K copies of r faces (N = K·r cards), given shoe t the table of one pair has every row and
//! column summing to K, and under independent uniform shoes it is the table of N items in r groups of K dealt
//! into r groups of K at random: Fisher and Yates's hypergeometric table, whatever shoe t was. So the pairs'
//! tables are independent and identically distributed (given shoe t + 1, the pairs before and after it are
//! independent, and neither's law depends on it), and their sum has covariance P times one table's: Pearson's X²
//! against `E = P·K/r` has mean `(r−1)²·N/(N−1)` exactly, for every number of pairs P, and `X²·(N−1)/N` is
//! asymptotically χ²((r−1)²): the same correction as the class-by-position tests. Tested two-sided. The share of
//! positions that keep their face from one shoe to the next (the table's diagonal, 1/r of them expected) is
//! reported as a ratio to that share.
//!
//! The runner's chunks are the streams, as for `serial-correlation`: pairs never straddle two chunks.

use crate::cards::Card;
use crate::stats::distributions::lattice::chi2_ln_cdf_on_lattice;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// Face-to-face transitions at the same position between consecutive shoes.
#[derive(Clone, Debug)]
pub struct FaceSerialCounts {
    base: usize,
    copies: usize,
    pairs: u64,
    /// `counts[f * r + g]`.
    counts: Vec<u64>,
    /// The faces of the previous shoe of the current stream, by position.
    previous: Vec<Card>,
    have_previous: bool,
}

impl PartialEq for FaceSerialCounts {
    /// Equal counts (the stream's previous shoe aside).
    fn eq(&self, other: &Self) -> bool {
        (self.base, self.copies, self.pairs, &self.counts) == (other.base, other.copies, other.pairs, &other.counts)
    }
}

impl FaceSerialCounts {
    /// Counts for shoes of `copies` copies of a `base`-face deck (card id c shows face c mod base).
    pub fn new(base: usize, copies: usize) -> Self {
        FaceSerialCounts {
            base,
            copies,
            pairs: 0,
            counts: vec![0; base * base],
            previous: vec![0; base * copies],
            have_previous: false,
        }
    }

    /// Consecutive pairs of shoes counted.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    pub fn get(&self, f: usize, g: usize) -> u64 {
        self.counts[f * self.base + g]
    }

    /// The next shoe starts a new stream: it is not paired with the previous one.
    pub fn begin_stream(&mut self) {
        self.have_previous = false;
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let r = self.base as Card;
        self.count(deck.iter().map(|&c| c % r));
    }

    /// The table for the battery's face pass, which keeps the stream's previous shoe itself, counts a pair into
    /// the table and then calls [`Self::record_pair`].
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// One more pair of shoes, counted through [`Self::counts_mut`].
    #[inline(always)]
    pub(in crate::stats) fn record_pair(&mut self) {
        self.pairs += 1;
    }

    /// Counts one shoe given by its faces (each below `base`).
    #[inline(always)]
    pub fn add_faces(&mut self, faces: &[Card]) {
        self.count(faces.iter().copied());
    }

    /// Counts one shoe's faces, in order, against the previous shoe's, which they then replace.
    #[inline(always)]
    fn count(&mut self, faces: impl Iterator<Item = Card>) {
        let (r, paired) = (self.base, self.have_previous);
        for (before, f) in self.previous.iter_mut().zip(faces) {
            if paired {
                self.counts[usize::from(*before) * r + usize::from(f)] += 1;
            }
            *before = f;
        }
        self.pairs += u64::from(paired);
        self.have_previous = true;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.pairs += other.pairs;
    }

    fn expected(&self) -> f64 {
        self.pairs as f64 * self.copies as f64 / self.base as f64
    }

    /// Pearson's X² over the r × r cells, unscaled (mean (r−1)²·N/(N−1)).
    pub fn chi2(&self) -> f64 {
        let e = self.expected();
        self.counts.iter().map(|&o| (o as f64 - e).powi(2) / e).sum()
    }

    /// `X²·(N−1)/N` against χ²((r−1)²), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let n = (self.base * self.copies) as f64;
        let r = self.base as f64;
        let scaled = self.chi2() * (n - 1.0) / n;
        let df = (r - 1.0) * (r - 1.0);
        let e = self.expected();
        let mut worst = (0, 0, 1.0f64);
        for f in 0..self.base {
            for g in 0..self.base {
                let ratio = self.get(f, g) as f64 / e;
                if ratio.ln().abs() > worst.2.ln().abs() {
                    worst = (f, g, ratio);
                }
            }
        }
        let kept = (0..self.base).map(|f| self.get(f, f)).sum::<u64>() as f64 / (e * r);
        // Σ O² moves by an even number between tables of the same margins: X² in steps of 2/E.
        let step = 2.0 * (n - 1.0) / (n * e);
        let (ln_p, ln_p_low) = (chi2_ln_sf(scaled, df), chi2_ln_cdf_on_lattice(scaled, df, step));
        let (from, to, ratio) = worst;
        vec![TestResult {
            test: TestId::FaceSerial,
            statistic: scaled,
            df,
            ln_p,
            ln_p_low: Some(ln_p_low),
            effect: crate::stats::noncentrality_per_shuffle(scaled, df, self.pairs),
            finding: Finding::FaceSerial {
                base: self.base,
                pairs: self.pairs,
                from,
                to,
                ratio,
                kept,
                fair: within_chance(ln_p, Some(ln_p_low)),
            },
        }]
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("face_serial.pairs", std::slice::from_mut(&mut self.pairs));
        visitor.visit("face_serial.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(FaceSerialCounts, streams);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::{for_each_order, moments};

    #[test]
    fn pearson_has_its_exact_mean_over_every_pair_and_triple_of_small_shoes() {
        // Every arrangement of 3 faces × 2 copies (90 of them, each 2!^3 = 8 orders of the ids) in every pair
        // (P = 1) and every triple (P = 2) of consecutive shoes: X² has mean (r−1)²·N/(N−1) = 4·6/5 exactly.
        let (base, copies) = (3usize, 2usize);
        let mut shoe: Vec<Card> = (0..6).collect();
        let mut shoes: Vec<Vec<Card>> = Vec::new();
        for_each_order(&mut shoe, |o| {
            let faces: Vec<Card> = o.iter().map(|&c| c % 3).collect();
            if !shoes.contains(&faces) {
                shoes.push(faces);
            }
        });
        assert_eq!(shoes.len(), 90);
        let want = 4.0 * 6.0 / 5.0;
        let (mut one, mut two) = (Vec::new(), Vec::new());
        for a in &shoes {
            for b in &shoes {
                let mut c = FaceSerialCounts::new(base, copies);
                c.add(a);
                c.add(b);
                one.push(c.chi2());
                for d in &shoes {
                    let mut c = c.clone();
                    c.add(d);
                    two.push(c.chi2());
                }
            }
        }
        for (values, what) in [(&one, "one pair"), (&two, "two pairs")] {
            let m = moments(values).0;
            assert!((m - want).abs() < 1e-9, "{what}: mean {m} vs {want}");
        }
    }

    #[test]
    fn a_shoe_that_remembers_the_last_one_fails_and_a_fair_stream_passes() {
        // 8 copies of 13 faces. Remembering: each shoe is the last one with 20 random swaps. Fair: Fisher–Yates
        // (fixed seed); false-alarm rate of the 1e-6 threshold below, 1e-6 per tail.
        use rand::{RngExt, SeedableRng};
        let (base, copies) = (13usize, 8usize);
        let n = base * copies;
        let mut g = rand_pcg::Pcg64::seed_from_u64(21);
        let (mut sticky, mut fair) = (FaceSerialCounts::new(base, copies), FaceSerialCounts::new(base, copies));
        let mut deck: Vec<Card> = (0..n as Card).collect();
        for _ in 0..3000 {
            for _ in 0..20 {
                deck.swap(g.random_range(0..n), g.random_range(0..n));
            }
            sticky.add(&deck);
            let mut fresh: Vec<Card> = (0..n as Card).collect();
            for i in (1..n).rev() {
                fresh.swap(i, g.random_range(0..=i));
            }
            fair.add(&fresh);
        }
        let s = &sticky.evaluate()[0];
        assert!(s.ln_p < -1000.0, "{s:?}");
        let f = &fair.evaluate()[0];
        assert!(f.ln_p > (1e-6f64).ln() && f.ln_p_low.unwrap() > (1e-6f64).ln(), "{f:?}");
        assert_eq!((f.df, fair.pairs()), (144.0, 2999));
    }

    #[test]
    fn streams_merging_and_state_round_trip() {
        let decks = crate::stats::testing::random_decks(12, 30, 6);
        crate::stats::testing::merging_halves_is_adding_all(&FaceSerialCounts::new(4, 3), &decks);
        crate::stats::testing::copying_counters_restores_it(&FaceSerialCounts::new(4, 3), &decks);
        let mut c = FaceSerialCounts::new(4, 3);
        for d in &decks[..10] {
            c.add(d);
        }
        c.begin_stream();
        for d in &decks[10..] {
            c.add(d);
        }
        assert_eq!(c.pairs(), 28);
    }
}
