//! Suit-by-position and rank-by-position counts, as gaming labs report them.
//!
//! The cards are grouped into K classes (suits: ♠ ♥ ♣ ♦; ranks: A … K; in the 54-card deck the two jokers are a
//! class of their own), class k holding m_k of the n cards, and `T[k][p]` counts how often position p held a card
//! of class k. Under a uniform shuffle position p holds class k with probability `π_k = m_k/n`, so
//! `E[T[k][p]] = N·π_k`, and each column (position) is exactly Multinomial(N, π).
//!
//! The columns are not independent: every deck puts exactly m_k cards of class k somewhere. Per deck, with
//! `Y_kp = [class(deck[p]) = k]`, `Cov(Y_kp, Y_lq) = (δ_kl π_k − π_k π_l) · c_pq`, where `c_pp = 1` and
//! `c_pq = −1/(n−1)` for p ≠ q (drawing without replacement). In standardised coordinates `(T − E)/√E` the class
//! factor is a projection of rank K − 1 and the position factor is `n/(n−1)` times a projection of rank n − 1.
//! So Pearson's `X² = Σ (T − E)²/E` has mean `n(K−1)` exactly, for every N, and `X²·(n−1)/n` is asymptotically
//! χ²((K−1)(n−1)): the same correction as the position-by-card statistic (which is the case of n classes of one
//! card). Tested two-sided.
//!
//! The class counts are sums of position-by-card counts, `T[k][p] = Σ_{c in k} O[p][c]`, so the battery derives
//! them from its position-by-card matrix when it evaluates ([`ClassPositionCounts::from_position_card`]) and they
//! cost nothing per shuffle.

use crate::cards::Card;
use crate::stats::distributions::lattice::chi2_ln_cdf_on_lattice;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{CardClass, Finding, within_chance};
use crate::stats::{Cards, PositionCardCounts, TestId, TestResult};

/// Class-by-position counts for a partition of the cards.
#[derive(Clone, Debug)]
pub struct ClassPositionCounts {
    test: TestId,
    n: usize,
    /// Class of each card id.
    class_of: Vec<u16>,
    /// Cards in each class.
    sizes: Vec<u32>,
    labels: Vec<CardClass>,
    /// `counts[k * n + p]`.
    counts: Vec<u64>,
    shuffles: u64,
}

impl PartialEq for ClassPositionCounts {
    fn eq(&self, other: &Self) -> bool {
        (self.shuffles, &self.counts) == (other.shuffles, &other.counts)
    }
}

impl ClassPositionCounts {
    /// Counts for an arbitrary partition: `class_of[card]` in `0..labels.len()`, every class non-empty.
    pub fn with_classes<T: Into<u16>>(test: TestId, class_of: Vec<T>, labels: Vec<CardClass>) -> Self {
        let class_of: Vec<u16> = class_of.into_iter().map(Into::into).collect();
        let n = class_of.len();
        let mut sizes = vec![0u32; labels.len()];
        for &k in &class_of {
            sizes[usize::from(k)] += 1;
        }
        assert!(sizes.iter().all(|&s| s > 0), "every class needs a card");
        ClassPositionCounts { test, n, class_of, sizes, counts: vec![0; labels.len() * n], labels, shuffles: 0 }
    }

    /// Suits of the 52-card deck (4 classes of 13) or the 54-card deck (plus the jokers).
    pub fn suits(n: usize) -> Self {
        Self::with_classes(
            TestId::SuitByPosition,
            (0..n).map(|c| (c / 13).min(4) as u8).collect(),
            labels(4, CardClass::Suit, n),
        )
    }

    /// Ranks of the 52-card deck (13 classes of 4) or the 54-card deck (plus the jokers).
    pub fn ranks(n: usize) -> Self {
        Self::with_classes(
            TestId::RankByPosition,
            (0..n).map(|c| if c < 52 { (c % 13) as u8 } else { 13 }).collect(),
            labels(13, CardClass::Rank, n),
        )
    }

    /// Classes of a shoe: each card id `c` of `cards` in the class of its face `c mod base` under `class`
    /// (which gives a face of the base deck its class index), with these labels.
    fn of_shoe(test: TestId, cards: Cards, class: impl Fn(usize) -> u16, labels: Vec<CardClass>) -> Self {
        let base = cards.base();
        Self::with_classes(test, (0..cards.n).map(|c| class(c % base)).collect(), labels)
    }

    /// Faces of a shoe: `copies` ids per face (a test of its own only when there are 2 copies or more).
    pub fn faces(cards: Cards) -> Self {
        let base = cards.base();
        let labels = (0..base).map(|card| CardClass::Face { card, base }).collect();
        Self::of_shoe(TestId::FaceByPosition, cards, |f| f as u16, labels)
    }

    /// Suits of a shoe of 52- or 54-card decks (one deck: [`ClassPositionCounts::suits`]).
    pub fn shoe_suits(cards: Cards) -> Self {
        Self::of_shoe(
            TestId::SuitByPosition,
            cards,
            |f| (f / 13).min(4) as u16,
            labels(4, CardClass::Suit, cards.base()),
        )
    }

    /// Ranks of a shoe of 52- or 54-card decks.
    pub fn shoe_ranks(cards: Cards) -> Self {
        Self::of_shoe(
            TestId::RankByPosition,
            cards,
            |f| if f < 52 { (f % 13) as u16 } else { 13 },
            labels(13, CardClass::Rank, cards.base()),
        )
    }

    /// Blackjack's and baccarat's values in a shoe of 52- or 54-card decks: A, 2, …, 9 and the ten-value cards
    /// (10, J, Q, K: 16 of every 52), plus the jokers of the 54-card deck.
    pub fn shoe_values(cards: Cards) -> Self {
        let class = |f: usize| if f >= 52 { 10 } else { (f % 13).min(9) as u16 };
        Self::of_shoe(TestId::ValueByPosition, cards, class, labels(10, |k| CardClass::Value(k + 1), cards.base()))
    }

    /// The same classes filled from a position-by-card matrix of the same deck size: exactly the counts `add`
    /// would have made from the same decks.
    pub fn from_position_card(mut self, counts: &PositionCardCounts) -> Self {
        assert_eq!(counts.n(), self.n);
        let n = self.n;
        self.counts.fill(0);
        for p in 0..n {
            for c in 0..n {
                self.counts[usize::from(self.class_of[c]) * n + p] += counts.get(p, c);
            }
        }
        self.shuffles = counts.shuffles();
        self
    }

    pub fn classes(&self) -> usize {
        self.sizes.len()
    }

    pub fn get(&self, class: usize, position: usize) -> u64 {
        self.counts[class * self.n + position]
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let n = self.n;
        for (p, &c) in deck.iter().enumerate() {
            self.counts[usize::from(self.class_of[usize::from(c)]) * n + p] += 1;
        }
        self.shuffles += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.shuffles += other.shuffles;
    }

    fn expected(&self, class: usize) -> f64 {
        self.shuffles as f64 * f64::from(self.sizes[class]) / self.n as f64
    }

    /// Pearson X² over the K × n cells, unscaled (mean n(K−1) under the null).
    pub fn chi2(&self) -> f64 {
        (0..self.classes())
            .map(|k| {
                let e = self.expected(k);
                (0..self.n).map(|p| (self.get(k, p) as f64 - e).powi(2) / e).sum::<f64>()
            })
            .sum()
    }

    /// `X²·(n−1)/n` against χ²((K−1)(n−1)), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let n = self.n as f64;
        let scaled = self.chi2() * (n - 1.0) / n;
        let df = (self.classes() as f64 - 1.0) * (n - 1.0);
        let mut worst = (0, 0, 1.0f64);
        for k in 0..self.classes() {
            let e = self.expected(k);
            for p in 0..self.n {
                let r = self.get(k, p) as f64 / e;
                if (r.ln()).abs() > (worst.2.ln()).abs() {
                    worst = (k, p, r);
                }
            }
        }
        let (k, p, ratio) = worst;
        let e = self.expected(k);
        let share = if self.shuffles == 0 { 0.0 } else { e / self.shuffles as f64 };
        let noise_band = crate::stats::finding::noise_band(self.classes() * self.n, share, e);
        // X² = Σ_k (Σ_p O²)/E_k − const moves in steps of 2/E_k: the lower tail is χ²'s on the coarsest of them.
        let smallest = self.sizes.iter().copied().filter(|&s| s > 0).min().unwrap_or(1);
        let step =
            if self.shuffles == 0 { 0.0 } else { 2.0 * (n - 1.0) / (self.shuffles as f64 * f64::from(smallest)) };
        let (ln_p, ln_p_low) = (chi2_ln_sf(scaled, df), chi2_ln_cdf_on_lattice(scaled, df, step));
        vec![TestResult {
            test: self.test,
            statistic: scaled,
            df,
            ln_p,
            ln_p_low: Some(ln_p_low),
            effect: crate::stats::noncentrality_per_shuffle(scaled, df, self.shuffles),
            finding: Finding::ClassByPosition {
                class: self.labels[k],
                position: p,
                ratio,
                classes: self.classes(),
                n: self.n,
                fair: within_chance(ln_p, Some(ln_p_low)),
                noise_band,
            },
        }]
    }
}

/// The classes of the 52-card deck, plus the jokers in the 54-card deck.
fn labels(classes: usize, class: fn(usize) -> CardClass, n: usize) -> Vec<CardClass> {
    let mut v: Vec<CardClass> = (0..classes).map(class).collect();
    if n > 52 {
        v.push(CardClass::Jokers);
    }
    v
}

impl ClassPositionCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit(self.test.name(), std::slice::from_mut(&mut self.shuffles));
        visitor.visit(self.test.name(), &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(ClassPositionCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::testing::{all_permutations, moments};

    #[test]
    fn the_scaled_statistic_has_mean_k_minus_1_times_n_minus_1_exactly() {
        // Tiny decks with suits: 5 cards in classes of sizes 2, 2, 1 (K = 3), and 4 cards in two suits of 2.
        // Enumerate every deck (N = 1) and every pair of decks (N = 2): the mean of X2·(n−1)/n must be
        // (K−1)(n−1) exactly, while the naive (K−1)·n·… scaling would not be.
        for (class_of, k) in [(vec![0u8, 0, 1, 1, 2], 3usize), (vec![0u8, 1, 0, 1], 2)] {
            let n = class_of.len();
            let labels: Vec<CardClass> = (0..k).map(CardClass::Other).collect();
            let perms = all_permutations(n);
            for pairs in [false, true] {
                let mut values = Vec::new();
                for a in &perms {
                    let seconds: Vec<&Vec<Card>> = if pairs { perms.iter().collect() } else { vec![a] };
                    for b in seconds {
                        let mut c =
                            ClassPositionCounts::with_classes(TestId::SuitByPosition, class_of.clone(), labels.clone());
                        c.add(a);
                        if pairs {
                            c.add(b);
                        }
                        values.push(c.evaluate()[0].statistic);
                    }
                }
                let (mean, _) = moments(&values);
                let want = (k as f64 - 1.0) * (n as f64 - 1.0);
                assert!((mean - want).abs() < 1e-9, "n = {n}, K = {k}, pairs = {pairs}: mean {mean} vs {want}");
            }
        }
    }

    #[test]
    fn counts_derived_from_the_position_matrix_equal_direct_counts() {
        let mut direct = ClassPositionCounts::ranks(54);
        let mut positions = PositionCardCounts::new(54);
        let mut deck: Vec<Card> = (0..54).collect();
        for k in 0..50 {
            deck.rotate_left(k % 7);
            deck.swap(k % 54, (3 * k + 1) % 54);
            direct.add(&deck);
            positions.add(&deck);
        }
        assert_eq!(ClassPositionCounts::ranks(54).from_position_card(&positions), direct);
    }

    #[test]
    fn suits_and_ranks_of_the_real_decks() {
        let s = ClassPositionCounts::suits(54);
        assert_eq!((s.classes(), &s.sizes[..]), (5, &[13, 13, 13, 13, 2][..]));
        let r = ClassPositionCounts::ranks(52);
        assert_eq!((r.classes(), r.sizes.iter().all(|&m| m == 4)), (13, true));
        let r54 = ClassPositionCounts::ranks(54);
        assert_eq!(r54.labels.last(), Some(&CardClass::Jokers));
    }

    #[test]
    fn a_shoe_s_classes_count_every_copy_of_a_face() {
        // 6 copies of 52: faces of 6 ids each; suits of 78, ranks of 24, values of 24 (A..9) and 96 (ten-value).
        let shoe = Cards::shoe(52, 6, true);
        let f = ClassPositionCounts::faces(shoe);
        assert_eq!((f.classes(), f.sizes.iter().all(|&m| m == 6)), (52, true));
        assert_eq!(f.labels[13], CardClass::Face { card: 13, base: 52 });
        assert_eq!(&ClassPositionCounts::shoe_suits(shoe).sizes[..], &[78, 78, 78, 78][..]);
        assert!(ClassPositionCounts::shoe_ranks(shoe).sizes.iter().all(|&m| m == 24));
        let v = ClassPositionCounts::shoe_values(shoe);
        assert_eq!(&v.sizes[..], &[24, 24, 24, 24, 24, 24, 24, 24, 24, 96][..]);
        assert_eq!(v.labels[9], CardClass::Value(10));
        // Two copies of the 54-card deck (掼蛋): the jokers are a class of their own, 4 of them.
        let guandan = ClassPositionCounts::shoe_values(Cards::shoe(54, 2, false));
        assert_eq!((guandan.classes(), guandan.sizes[10]), (11, 4));
        // With one copy, the shoe's suits and ranks are the deck's.
        assert_eq!(ClassPositionCounts::shoe_suits(Cards::deck(54)).class_of, ClassPositionCounts::suits(54).class_of);
        assert_eq!(ClassPositionCounts::shoe_ranks(Cards::deck(52)).class_of, ClassPositionCounts::ranks(52).class_of);
    }

    #[test]
    fn the_face_statistic_of_a_shoe_has_its_exact_mean_by_enumeration() {
        // 3 copies of a 2-card deck (6 ids, faces 0 1 0 1 0 1) and 2 copies of a 3-card deck: every order of the
        // ids (720 each) is one shoe, so their average is the exact expectation. The scaled statistic's mean is
        // (K−1)(N−1) for K faces over N positions; unscaled it is N(K−1), which is what forgetting the factor
        // (N−1)/N would take as the chi-square's degrees of freedom.
        for (base, copies) in [(2usize, 3usize), (3, 2)] {
            let shoe = Cards::shoe(base, copies, true);
            let n = shoe.n as f64;
            let (mut scaled, mut raw) = (Vec::new(), Vec::new());
            for deck in all_permutations(shoe.n) {
                let mut c = ClassPositionCounts::faces(shoe);
                c.add(&deck);
                scaled.push(c.evaluate()[0].statistic);
                raw.push(c.chi2());
            }
            let k = base as f64;
            let (mean, _) = moments(&scaled);
            assert!((mean - (k - 1.0) * (n - 1.0)).abs() < 1e-9, "{copies} × {base}: mean {mean}");
            let (mean_raw, _) = moments(&raw);
            assert!((mean_raw - n * (k - 1.0)).abs() < 1e-9, "{copies} × {base}: unscaled mean {mean_raw}");
        }
    }

    #[test]
    fn the_factor_is_what_keeps_a_six_deck_shoe_s_face_test_uniform() {
        // 400 fair 6-deck shoes (312 cards, faces 52 × 312 positions) per replicate, 1500 replicates,
        // Fisher–Yates with PCG64 from fixed seeds. The upper-tail p of face-by-position, with the factor (N−1)/N,
        // is uniform: its Kolmogorov–Smirnov p falls below 1e-4 with probability 1e-4 for a correct statistic.
        // Without the factor the statistic is 0.32% too large, a shift of 0.29 standard deviations on 15,861
        // degrees of freedom: the p-values' distribution then strays from uniform by about 0.11 at its median,
        // twice the 0.057 that KS needs for p < 1e-4 at 1500 values, so the test rejects it.
        use crate::stats::distributions::uniformity::ks_uniform;
        let shoe = Cards::shoe(52, 6, true);
        let (n, k) = (shoe.n as f64, 52.0);
        let df = (k - 1.0) * (n - 1.0);
        let (mut with, mut without) = (Vec::new(), Vec::new());
        for replicate in 0..1500u64 {
            let mut c = ClassPositionCounts::faces(shoe);
            for deck in crate::stats::testing::random_decks(shoe.n, 400, 0x50E0 + replicate) {
                c.add(&deck);
            }
            with.push(chi2_ln_sf(c.chi2() * (n - 1.0) / n, df).exp());
            without.push(chi2_ln_sf(c.chi2(), df).exp());
        }
        let (_, p_with) = ks_uniform(&with);
        let (_, p_without) = ks_uniform(&without);
        assert!(p_with > 1e-4, "with the factor the p-values are not uniform: KS p {p_with}");
        assert!(p_without < 1e-4, "without the factor the test should fail: KS p {p_without}");
    }
}
