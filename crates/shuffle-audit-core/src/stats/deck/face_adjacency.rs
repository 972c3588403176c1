//! Face adjacency: how often a card of face g lies right after a card of face f, in a shoe of K copies of an
//! r-face deck (N = K·r cards), over the r(r−1) ordered pairs of different faces.
//!
//! Cards that move in blocks keep their neighbours. In a shoe the copies of a card cannot be told apart (a shoe
//! written by face does not say which ♠A is which), so the neighbours are counted by face: `M[f][g]` is the
//! number of positions p with face f at p and face g at p + 1. Pairs of equal faces (the diagonal) are the
//! clumping test's, and are left out here.
//!
//! Null. Under a uniform shuffle of the shoe every ordered pair of distinct faces is equally likely at two given
//! positions, `K²/(N(N−1))`, so `E[M[f][g]] = K²/N` per shoe. The covariance of M commutes with relabelling the
//! faces; on the off-diagonal cells, after removing the part u(f) + v(g) that carries the row and column sums
//! (which faces come first and last, and how many neighbours are of equal faces), what is left splits into its
//! symmetric part S and antisymmetric part A, each an irreducible representation of the relabellings appearing
//! once, on which the covariance is a multiple of the identity: `λ_S` and `λ_A` per shoe. So
//! `Q = ‖S‖²/(N_shoes·λ_S) + ‖A‖²/(N_shoes·λ_A)` has mean `r(r−3)/2 + (r−1)(r−2)/2 = r² − 3r + 1` exactly, for
//! every number of shoes, and is asymptotically χ²(r² − 3r + 1). With one copy this is the adjacency test of
//! distinct cards ([`crate::stats::deck::adjacency`]: `λ_S = 1/n`, `λ_A = (n+1)/(n(n−1))`).
//!
//! The two λ are computed exactly ([`interior_variances`]) as the variance of `⟨x, M⟩` for one matrix x of each
//! part, from the probabilities of faces at 2, 3 and 4 distinct positions (`Π_f K·(K−1)⋯ / N·(N−1)⋯`). The tests
//! check them against one copy's closed forms and Q's mean against every order of small shoes. Tested two-sided
//! (the lower tail where χ²'s holds, as for `adjacency`).

use crate::cards::Card;
use crate::stats::deck::adjacency::{LOWER_TAIL_MIN_DF, off_diagonal_squares};
use crate::stats::distributions::gof::MIN_EXPECTED;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf};
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// `counts[f * r + g]`: how often face g was right after face f.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceAdjacencyCounts {
    /// Faces (the base deck's size).
    base: usize,
    copies: usize,
    shuffles: u64,
    counts: Vec<u64>,
}

/// The parts of the face-adjacency statistic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceAdjacencyParts {
    /// `‖S‖²/(N·λ_S)`, mean r(r−3)/2.
    pub symmetric: f64,
    /// `‖A‖²/(N·λ_A)`, mean (r−1)(r−2)/2.
    pub antisymmetric: f64,
    /// The test statistic, their sum, mean r² − 3r + 1.
    pub q: f64,
}

impl FaceAdjacencyCounts {
    /// Counts for shoes of `copies` copies of a `base`-face deck (card id c shows face c mod base).
    pub fn new(base: usize, copies: usize) -> Self {
        FaceAdjacencyCounts { base, copies, shuffles: 0, counts: vec![0; base * base] }
    }

    pub fn shuffles(&self) -> u64 {
        self.shuffles
    }

    pub fn get(&self, f: usize, g: usize) -> u64 {
        self.counts[f * self.base + g]
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let r = self.base;
        self.count(deck.iter().map(|&c| usize::from(c) % r));
    }

    /// The table for the battery's face pass, which counts a shoe into it and then calls [`Self::record_deck`].
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// One more shoe, its pairs already counted through [`Self::counts_mut`].
    #[inline(always)]
    pub(in crate::stats) fn record_deck(&mut self) {
        self.shuffles += 1;
    }

    /// Counts one shoe given by its faces (each below `base`).
    #[inline(always)]
    pub fn add_faces(&mut self, faces: &[Card]) {
        self.count(faces.iter().map(|&f| usize::from(f)));
    }

    /// Counts one shoe's faces, in order.
    #[inline(always)]
    fn count(&mut self, mut faces: impl Iterator<Item = usize>) {
        let r = self.base;
        if let Some(mut last) = faces.next() {
            for f in faces {
                self.counts[last * r + f] += 1;
                last = f;
            }
        }
        self.shuffles += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.shuffles += other.shuffles;
    }

    /// Degrees of freedom, r² − 3r + 1.
    pub fn df(&self) -> f64 {
        let r = self.base as f64;
        r * r - 3.0 * r + 1.0
    }

    /// Expected count of one ordered pair of different faces, `N_shoes·K²/N`.
    fn expected(&self) -> f64 {
        let k = self.copies as f64;
        self.shuffles as f64 * k / self.base as f64
    }

    /// Splits the statistic into its parts (r ≥ 3).
    pub fn parts(&self) -> FaceAdjacencyParts {
        let e = self.expected();
        let squares = off_diagonal_squares(self.base, false, |f, g| self.get(f, g) as f64 - e);
        let (lambda_s, lambda_a) = interior_variances(self.base, self.copies);
        let shoes = self.shuffles as f64;
        // With 3 faces the symmetric part has dimension 0 (its squares are rounding).
        let symmetric = if self.base >= 4 { squares.symmetric / (shoes * lambda_s) } else { 0.0 };
        let antisymmetric = squares.antisymmetric / (shoes * lambda_a);
        FaceAdjacencyParts { symmetric, antisymmetric, q: symmetric + antisymmetric }
    }

    /// The ordered pairs of different faces with the largest and smallest observed/expected ratio.
    fn extremes(&self) -> ((usize, usize, f64), (usize, usize, f64)) {
        let e = self.expected();
        let mut hi = (0, 1, f64::NEG_INFINITY);
        let mut lo = (0, 1, f64::INFINITY);
        for f in 0..self.base {
            for g in (0..self.base).filter(|&g| g != f) {
                let ratio = self.get(f, g) as f64 / e;
                if ratio > hi.2 {
                    hi = (f, g, ratio);
                }
                if ratio < lo.2 {
                    lo = (f, g, ratio);
                }
            }
        }
        (hi, lo)
    }

    /// `Q` against χ²(r² − 3r + 1), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let parts = self.parts();
        let df = self.df();
        let ln_p = chi2_ln_sf(parts.q, df);
        let ln_p_low = (df >= LOWER_TAIL_MIN_DF && self.expected() >= MIN_EXPECTED).then(|| chi2_ln_cdf(parts.q, df));
        let (most, least) = self.extremes();
        vec![TestResult {
            test: TestId::FaceAdjacency,
            statistic: parts.q,
            df,
            ln_p,
            ln_p_low,
            effect: crate::stats::noncentrality_per_shuffle(parts.q, df, self.shuffles),
            finding: Finding::FaceAdjacency {
                base: self.base,
                most,
                least,
                symmetric: parts.symmetric,
                antisymmetric: parts.antisymmetric,
                fair: within_chance(ln_p, ln_p_low),
            },
        }]
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("face_adjacency.shuffles", std::slice::from_mut(&mut self.shuffles));
        visitor.visit("face_adjacency.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(FaceAdjacencyCounts);

/// The probability that k given distinct positions of a uniformly shuffled shoe hold these faces, in order:
/// `Π_f K·(K−1)⋯(K−m_f+1) / N·(N−1)⋯(N−k+1)`, m_f the times face f is named.
fn faces_at_positions(faces: &[usize], copies: usize, n: usize) -> f64 {
    let mut p = 1.0;
    for (i, &f) in faces.iter().enumerate() {
        let earlier = faces[..i].iter().filter(|&&g| g == f).count();
        if earlier >= copies {
            return 0.0;
        }
        p *= (copies - earlier) as f64 / (n - i) as f64;
    }
    p
}

/// Per shoe, the variance of `⟨x, M⟩` for a unit matrix x of the symmetric part and of the antisymmetric part
/// (`λ_S`, `λ_A`; `λ_S` is 0 for fewer than 4 faces, where that part is empty). `⟨x, M⟩ = Σ_p x(face_p,
/// face_{p+1})` over the N − 1 neighbours; its mean is 0, and its square sums the same pair (N − 1 terms),
/// overlapping pairs (2(N − 2) terms: three positions) and disjoint pairs ((N − 2)(N − 3) terms: four positions).
pub fn interior_variances(base: usize, copies: usize) -> (f64, f64) {
    let n = base * copies;
    let variance = |x: &[(usize, usize, f64)]| {
        let norm: f64 = x.iter().map(|&(_, _, w)| w * w).sum();
        let nf = n as f64;
        let (mut same, mut overlap, mut disjoint) = (0.0, 0.0, 0.0);
        for &(a, b, w) in x {
            same += w * w * faces_at_positions(&[a, b], copies, n);
            for &(c, d, v) in x {
                if c == b {
                    overlap += w * v * faces_at_positions(&[a, b, d], copies, n);
                }
                if n >= 4 {
                    disjoint += w * v * faces_at_positions(&[a, b, c, d], copies, n);
                }
            }
        }
        ((nf - 1.0) * same + 2.0 * (nf - 2.0) * overlap + (nf - 2.0) * (nf - 3.0) * disjoint) / norm
    };
    // A 3-cycle's antisymmetric matrix, and a symmetric one with zero row and column sums on four faces.
    let anti = [(0, 1, 1.0), (1, 0, -1.0), (1, 2, 1.0), (2, 1, -1.0), (2, 0, 1.0), (0, 2, -1.0)];
    let sym =
        [(0, 1, 1.0), (1, 0, 1.0), (2, 3, 1.0), (3, 2, 1.0), (0, 2, -1.0), (2, 0, -1.0), (1, 3, -1.0), (3, 1, -1.0)];
    let lambda_s = if base >= 4 { variance(&sym) } else { 0.0 };
    (lambda_s, variance(&anti))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::{for_each_order, moments};

    #[test]
    fn one_copy_has_the_card_adjacency_eigenvalues() {
        // With distinct cards n·Cov has eigenvalues 1 (symmetric) and (n+1)/(n−1) (antisymmetric), module docs of
        // `adjacency`.
        for n in [4usize, 5, 8, 52] {
            let nf = n as f64;
            let (s, a) = interior_variances(n, 1);
            assert!((s - 1.0 / nf).abs() < 1e-12, "n = {n}: {s}");
            assert!((a - (nf + 1.0) / (nf * (nf - 1.0))).abs() < 1e-12, "n = {n}: {a}");
        }
    }

    #[test]
    fn one_copy_gives_the_adjacency_statistic() {
        // Same decks through both tests: with K = 1 the face statistic is the card statistic Q.
        use crate::stats::deck::adjacency::AdjacencyCounts;
        let decks = crate::stats::testing::random_decks(9, 50, 3);
        let (mut faces, mut cards) = (FaceAdjacencyCounts::new(9, 1), AdjacencyCounts::new(9));
        for d in &decks {
            faces.add(d);
            cards.add(d);
        }
        let (f, c) = (faces.parts(), cards.parts());
        assert!((f.q - c.q).abs() < 1e-9 * c.q.max(1.0), "{} vs {}", f.q, c.q);
        assert_eq!(faces.df(), cards.df());
    }

    #[test]
    fn each_part_has_its_exact_mean_over_every_order_of_small_shoes() {
        // Every order of the N cards (copies counted apart, so each arrangement of faces K!^r times): the mean of
        // each part is its dimension exactly. 4 faces × 2 copies (8! = 40320 orders), 3 faces × 3 copies (9!),
        // 5 faces × 2 copies would be 10!: 4 × 2 and 3 × 3 cover both parts and K > 2.
        for (base, copies) in [(4usize, 2usize), (3, 3), (4, 1)] {
            let mut shoe: Vec<Card> = (0..(base * copies) as Card).collect();
            let (mut sym, mut anti) = (Vec::new(), Vec::new());
            for_each_order(&mut shoe, |order| {
                let mut c = FaceAdjacencyCounts::new(base, copies);
                c.add(order);
                let p = c.parts();
                sym.push(p.symmetric);
                anti.push(p.antisymmetric);
            });
            let r = base as f64;
            let (ms, ma) = (moments(&sym).0, moments(&anti).0);
            assert!((ms - r * (r - 3.0) / 2.0).abs() < 1e-9, "{base} × {copies}: symmetric mean {ms}");
            assert!((ma - (r - 1.0) * (r - 2.0) / 2.0).abs() < 1e-9, "{base} × {copies}: antisymmetric mean {ma}");
        }
    }

    #[test]
    fn a_shoe_that_keeps_its_neighbours_fails() {
        // Six copies of 13 faces, each shoe the sorted one cut at a random place: every neighbour is f → f + 1.
        // Fair shoes (Fisher–Yates, fixed seed) pass: false-alarm rate of the 1e-6 threshold below, 1e-6.
        use rand::{RngExt, SeedableRng};
        let (base, copies) = (13usize, 6usize);
        let n = base * copies;
        let mut g = rand_pcg::Pcg64::seed_from_u64(9);
        let (mut cut, mut fair) = (FaceAdjacencyCounts::new(base, copies), FaceAdjacencyCounts::new(base, copies));
        for _ in 0..2000 {
            let k = g.random_range(0..n);
            let deck: Vec<Card> = (0..n).map(|i| ((i + k) % n) as Card).collect();
            cut.add(&deck);
            let mut deck: Vec<Card> = (0..n as Card).collect();
            for i in (1..n).rev() {
                deck.swap(i, g.random_range(0..=i));
            }
            fair.add(&deck);
        }
        assert!(cut.evaluate()[0].ln_p < -100.0);
        let f = &fair.evaluate()[0];
        assert!(f.ln_p > (1e-6f64).ln() && f.ln_p_low.unwrap() > (1e-6f64).ln(), "{f:?}");
        assert_eq!(fair.df(), 131.0);
    }

    #[test]
    fn merging_and_state_round_trip() {
        let decks = crate::stats::testing::random_decks(12, 30, 4);
        crate::stats::testing::merging_halves_is_adding_all(&FaceAdjacencyCounts::new(6, 2), &decks);
        crate::stats::testing::copying_counters_restores_it(&FaceAdjacencyCounts::new(6, 2), &decks);
    }
}
