//! The shape of the sequence itself: its descents, its peaks and valleys, its alternating runs.
//!
//! The other statistics of the deck look at where cards go (positions), at pairs of neighbours and at the
//! permutation's structure (cycles, inversions, the inverse's rising sequences). These look at the ups and downs
//! of the card values read in deck order, which is what a shuffling machine leaves behind: the shelf shuffler of
//! Diaconis, Fulman & Holmes ("Analysis of casino shelf shuffling machines", Ann. Appl. Probab. 23(4), 2013)
//! builds each shelf's pile by putting cards on its top or its bottom, so a pile reads decreasing then increasing
//! (a "V"), and its decks have too few valleys. After two passes that machine passes every test of position,
//! neighbours, cycles and rising sequences at 200,000 decks, while the mean number of valleys is off by 11
//! standard errors.
//!
//! - `descents`: `#{i : d[i] > d[i+1]}`, Eulerian law (the rising sequences are the descents of the inverse);
//! - `turning-points`: peaks `d[i−1] < d[i] > d[i+1]` and valleys `d[i−1] > d[i] < d[i+1]`, one test of their
//!   joint law ([`crate::stats::exact::laws::turning_points_pmf`]);
//! - `runs-up-down`: the number of alternating runs (Levene & Wolfowitz 1944; André's recursion).
//!
//! All three come from one comparison of each card with the next ([`shape`]), a loop the compiler vectorises, so
//! they are in the default battery at a few nanoseconds per deck. The fourth, `longest-increasing` (the length
//! of the longest increasing subsequence, [`longest_increasing`]), takes a binary search per card and is
//! opt-in. Each histogram is tested against its exact law
//! (Pearson, pooled tails, two-sided), as the other histograms are ([`super::histogram`]).

use crate::cards::Card;

/// The shape of one deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    pub descents: usize,
    pub peaks: usize,
    pub valleys: usize,
}

impl Shape {
    /// The deck's cell of the joint law of peaks and valleys
    /// ([`crate::stats::exact::laws::turning_points_cell`]).
    pub fn turning_points_cell(&self) -> usize {
        crate::stats::exact::laws::turning_points_cell(self.peaks, self.valleys)
    }

    /// Alternating runs: one more than the turning points (0 for a deck of fewer than 2 cards).
    pub fn runs(&self, n: usize) -> usize {
        if n < 2 { 0 } else { 1 + self.peaks + self.valleys }
    }
}

/// The descents, peaks and valleys of `deck`, in one pass over its neighbours.
///
/// The pass counts the descents and the turning points T (changes of direction) only, in 16-bit lanes the
/// compiler vectorises (a count is at most 1023); peaks and valleys follow, since they alternate: T/2 each for an
/// even T, and for an odd T one more of the kind the deck meets first (a peak when it starts up).
#[inline(always)]
pub fn shape(deck: &[Card]) -> Shape {
    let n = deck.len();
    if n < 2 {
        return Shape::default();
    }
    let (mut descents, mut turns) = (0u16, 0u16);
    let (a, b, c) = (&deck[..n - 2], &deck[1..n - 1], &deck[2..]);
    for ((&x, &y), &z) in a.iter().zip(b).zip(c) {
        let (down_in, down_out) = (u16::from(x > y), u16::from(y > z));
        descents += down_in;
        turns += down_in ^ down_out;
    }
    let descents = usize::from(descents) + usize::from(deck[n - 2] > deck[n - 1]);
    let (half, odd) = (usize::from(turns / 2), turns % 2 == 1);
    let starts_up = deck[0] < deck[1];
    let peaks = half + usize::from(odd && starts_up);
    let valleys = half + usize::from(odd && !starts_up);
    Shape { descents, peaks, valleys }
}

/// The length of the longest increasing subsequence of `deck`, by patience sorting: each card goes on the
/// leftmost pile whose top is above it, or starts a new pile; the piles' tops stay increasing, so the pile is
/// found by binary search, and the number of piles is the length (Aldous & Diaconis, "Longest increasing
/// subsequences: from patience sorting to the Baik–Deift–Johansson theorem", Bull. AMS 36, 1999). O(n log n),
/// no allocation for decks of up to 64 cards.
pub fn longest_increasing(deck: &[Card]) -> usize {
    fn piles(deck: &[Card], tops: &mut [Card]) -> usize {
        let mut len = 0;
        for &card in deck {
            let at = tops[..len].partition_point(|&t| t < card);
            tops[at] = card;
            len += usize::from(at == len);
        }
        len
    }
    if deck.len() <= 64 { piles(deck, &mut [0; 64]) } else { piles(deck, &mut vec![0; deck.len()]) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::laws::{alternating_runs_pmf, descents_pmf, turning_points_cell, turning_points_pmf};
    use crate::stats::testing::all_permutations;

    /// Counts of every permutation of n cards by descents, by alternating runs and by (peaks, valleys) cell.
    fn enumerate(n: usize) -> (Vec<u64>, Vec<u64>, Vec<u64>, u64) {
        let (mut d, mut r, mut t) = (vec![0u64; n + 1], vec![0u64; n + 1], vec![0u64; (2 * n).max(2)]);
        let mut total = 0;
        for p in all_permutations(n) {
            let s = shape(&p);
            d[s.descents] += 1;
            r[s.runs(n)] += 1;
            t[turning_points_cell(s.peaks, s.valleys)] += 1;
            total += 1;
        }
        (d, r, t, total)
    }

    #[test]
    fn the_exact_laws_equal_enumeration_of_every_permutation_up_to_nine_cards() {
        for n in 3..=9 {
            let (d, r, t, total) = enumerate(n);
            for (name, counts, pmf) in [
                ("descents", d, descents_pmf(n)),
                ("runs", r, alternating_runs_pmf(n)),
                ("turning points", t, turning_points_pmf(n)),
            ] {
                assert_eq!(counts.len(), pmf.len(), "{name}, n = {n}");
                for (v, (&c, &p)) in counts.iter().zip(&pmf).enumerate() {
                    let want = c as f64 / total as f64;
                    assert!((p - want).abs() < 1e-14, "{name}, n = {n}, value {v}: law {p}, enumeration {want}");
                }
            }
        }
    }

    #[test]
    fn the_pass_counts_what_the_definitions_say() {
        // Peaks, valleys and descents by their definitions, on random decks of 2 to 1024 cards and on the
        // sorted and reversed decks.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(8);
        for n in [2usize, 3, 4, 5, 17, 52, 64, 65, 1024] {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            for k in 0..30 {
                match k {
                    0 => {}
                    1 => deck.reverse(),
                    _ => deck.shuffle(&mut g),
                }
                let d = &deck;
                let descents = (0..n - 1).filter(|&i| d[i] > d[i + 1]).count();
                let peaks = (1..n - 1).filter(|&i| d[i - 1] < d[i] && d[i] > d[i + 1]).count();
                let valleys = (1..n - 1).filter(|&i| d[i - 1] > d[i] && d[i] < d[i + 1]).count();
                assert_eq!(shape(d), Shape { descents, peaks, valleys }, "{d:?}");
            }
        }
        assert_eq!(shape(&[0]), Shape::default());
    }

    #[test]
    fn patience_sorting_is_the_longest_increasing_subsequence_and_its_law_holds_to_nine_cards() {
        // Against the O(n²) recursion on every permutation of up to 8 cards and on random decks of 100; the
        // counts over every permutation of n ≤ 9 are the exact law's.
        let slow = crate::stats::testing::longest_increasing_by_recursion::<Card>;
        for n in 1..=9 {
            let law = crate::stats::exact::laws::longest_increasing_pmf(n).unwrap();
            let mut counts = vec![0u64; n + 1];
            let perms = all_permutations(n);
            for p in &perms {
                let l = longest_increasing(p);
                if n <= 8 {
                    assert_eq!(l, slow(p), "{p:?}");
                }
                counts[l] += 1;
            }
            for (k, (&c, &q)) in counts.iter().zip(&law).enumerate() {
                assert!((c as f64 / perms.len() as f64 - q).abs() < 1e-14, "n = {n}, L = {k}");
            }
        }
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(3);
        let mut deck: Vec<Card> = (0..100).collect();
        for _ in 0..50 {
            deck.shuffle(&mut g);
            assert_eq!(longest_increasing(&deck), slow(&deck));
        }
        assert_eq!(longest_increasing(&[]), 0);
    }

    #[test]
    fn the_moments_are_the_published_ones() {
        // Valleys: mean (n−2)/3, variance 2(n+1)/45; runs: mean (2n−1)/3, variance (16n−29)/90.
        for n in [4usize, 10, 52, 1024] {
            let t = turning_points_pmf(n);
            let valleys = crate::stats::exact::laws::turning_points_valleys;
            let mean: f64 = t.iter().enumerate().map(|(c, p)| valleys(c) as f64 * p).sum();
            let var: f64 = t.iter().enumerate().map(|(c, p)| (valleys(c) as f64 - mean).powi(2) * p).sum();
            let nf = n as f64;
            assert!((mean - (nf - 2.0) / 3.0).abs() < 1e-9 * nf, "n = {n}: {mean}");
            assert!((var - 2.0 * (nf + 1.0) / 45.0).abs() < 1e-9 * nf, "n = {n}: {var}");
            let r = alternating_runs_pmf(n);
            let mean: f64 = r.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            let var: f64 = r.iter().enumerate().map(|(k, p)| (k as f64 - mean).powi(2) * p).sum();
            assert!((mean - (2.0 * nf - 1.0) / 3.0).abs() < 1e-9 * nf, "n = {n}: {mean}");
            assert!((var - (16.0 * nf - 29.0) / 90.0).abs() < 1e-9 * nf, "n = {n}: {var}");
            assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-12 && (t.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn a_shelf_pile_reads_as_a_v() {
        // 5 3 1 0 2 4: one valley, no peak, descents 3, two runs.
        let s = shape(&[5, 3, 1, 0, 2, 4]);
        assert_eq!(s, Shape { descents: 3, peaks: 0, valleys: 1 });
        assert_eq!(s.runs(6), 2);
        assert_eq!(shape(&[0, 1]), Shape::default());
        assert_eq!(shape(&[1, 0]).descents, 1);
        assert_eq!(shape(&[0, 2, 1, 3]), Shape { descents: 1, peaks: 1, valleys: 1 });
    }
}
