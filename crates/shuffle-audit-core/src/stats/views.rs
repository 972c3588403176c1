//! Tests on what was seen of deals, needing no dealing rule: whatever positions a view takes (a 斗地主 seat's 17
//! cards, the bottom's 3, a hold'em player's 2 hole cards, a shoe's first cards), a fair shuffle makes it a
//! uniformly random subset of the deck of its size, independent from deal to deal. So each view, pooled over the
//! deals that show it, is tested against that law:
//!
//! - **card frequency** (`view-cards`): how often each card is in the view. With `c_j` the deals whose view holds
//!   card j, `E c_j = Σ_d m_d/N`, and one deal's indicators have covariance `p(1−p)·N/(N−1)·(I − J/N)` (a subset
//!   of m cards, `p = m/N`: the finite-population law), so
//!   `X² = Σ_j (c_j − E c_j)² / (Σ_d p_d(1−p_d)·N/(N−1))` is χ² with N − 1 df;
//! - **pairs** (`view-pairs`): how often each pair of cards is in the view together, beyond what each card's own
//!   frequency explains. The pair counts' deviations are projected on the pure-pair space of the Johnson scheme
//!   (each pair's count less its two cards' row effects: `g_ij = n_ij − (R_i + R_j)/(N−2) + 2S/((N−1)(N−2))`),
//!   where one deal's covariance is `λ₂ = a − 2b + c` times the projection (a, b, c the covariances of two pair
//!   indicators that are the same pair, share one card, share none), so `Σ g_ij² / Σ_d λ₂(m_d)` is χ² with
//!   N(N−3)/2 df. A dealer that keeps neighbours together (a naive swap, a weak riffle) puts pairs together;
//! - **same suit** and **same rank** (`view-suits`, `view-ranks`): the pairs of cards of one suit (one rank) in
//!   the view beyond what the cards' own frequencies give (their pure-pair part, as above), tested two-sided by
//!   its normal limit over the deals (an unshuffled deck keeps suits and ranks together; a too-regular
//!   interleave spreads them). A bias of single cards alone does not move them, so they name a cause of their
//!   own;
//! - **starting hands** (`view-hands`): a two-card view of a 52-card deck in hold'em's 169 classes (pairs 6,
//!   suited 4, offsuit 12 of the 1,326 hands), Pearson's χ² against those exact shares.
//!
//! Every test applies only where its law is reached: at least [`MIN_EXPECTED`] expected deals a card (a pair,
//! a class), else it says why not. Their false-alarm rates are checked by simulation below.

use crate::cards::Card;
use crate::stats::LnP;
use crate::stats::distributions::gof::chi2_against_pmf;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf, normal_ln_cdf, normal_ln_sf};

/// The fewest expected deals a cell needs for a test's χ² or normal law.
pub const MIN_EXPECTED: f64 = 5.0;

/// A view test's result: its statistic (χ², or z for the two-sided ones), df, its one-sided p in logs (the upper
/// tail), and for a two-sided test the lower tail too.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewTest {
    pub name: &'static str,
    pub statistic: f64,
    pub df: f64,
    pub ln_p: LnP,
    pub ln_p_low: Option<LnP>,
    /// What was observed and expected, in the test's unit (a card's deals, same-suit pairs, …), for its most
    /// telling cell: the card or class that stands out most.
    pub worst: Option<Cell>,
}

/// The cell of a view test that stands out most: its label, observed and expected counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub label: CellLabel,
    pub observed: f64,
    pub expected: f64,
}

/// What a cell is: a card, a pair of cards, a starting-hand class, or a count of same-class pairs.
#[derive(Clone, Debug, PartialEq)]
pub enum CellLabel {
    Card(Card),
    Pair(Card, Card),
    Hand(String),
    /// A card at a place of the view (1-based), in views of `of` cards listed as dealt.
    Placed {
        card: Card,
        place: usize,
        of: usize,
    },
    Total,
    /// An outcome a game counts (bombs in a hand, a niu value), in English and Chinese.
    Outcome {
        en: String,
        zh: String,
    },
}

impl ViewTest {
    /// The p the family reads: the upper tail, or for a two-sided test `min(1, 2·min(upper, lower))`.
    pub fn family_ln_p(&self) -> LnP {
        match self.ln_p_low {
            None => self.ln_p,
            Some(low) => (self.ln_p.min(low) + std::f64::consts::LN_2).min(0.0),
        }
    }
}

/// Why a view test did not apply.
#[derive(Clone, Debug, PartialEq)]
pub struct NotApplied {
    pub name: &'static str,
    pub why: String,
}

/// The counts of one view over a log's deals.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewCounts {
    /// The deck's faces, and the copies of each (a shoe of K decks: K; one deck: 1).
    n: usize,
    copies: usize,
    deals: u64,
    /// Deals by the view's size.
    sizes: Vec<u64>,
    /// Deals whose view holds each card.
    card: Vec<u64>,
    /// Deals whose view holds each pair `i < j`, row-major over the upper triangle.
    pairs: Vec<u64>,
    same_suit: u64,
    same_rank: u64,
    /// Two-card views in hold'em's 169 classes (52 cards only).
    hands: Vec<u64>,
}

/// Cards `0..52` have a suit (`id / 13`) and a rank (`id % 13`); others (jokers, cards of bigger decks) are a
/// class of their own.
fn suit(c: Card) -> Option<usize> {
    (c < 52).then_some(usize::from(c) / 13)
}

fn rank(c: Card) -> Option<usize> {
    (c < 52).then_some(usize::from(c) % 13)
}

/// The index of pair `i < j` in the upper triangle of an n × n table.
fn pair_index(n: usize, i: usize, j: usize) -> usize {
    i * n - i * (i + 1) / 2 + (j - i - 1)
}

/// Hold'em's 169 classes: 13 pairs (by rank), then 78 suited and 78 offsuit (by their two ranks).
fn hand_class(a: Card, b: Card) -> usize {
    let (ra, rb) = (usize::from(a) % 13, usize::from(b) % 13);
    if ra == rb {
        return ra;
    }
    let (lo, hi) = (ra.min(rb), ra.max(rb));
    let k = pair_index(13, lo, hi);
    if usize::from(a) / 13 == usize::from(b) / 13 { 13 + k } else { 13 + 78 + k }
}

fn hand_label(class: usize) -> String {
    const RANKS: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
    if class < 13 {
        return format!("{0}{0}", RANKS[class]);
    }
    let (k, tail) = if class < 13 + 78 { (class - 13, "s") } else { (class - 13 - 78, "o") };
    let (mut lo, mut rest) = (0, k);
    while rest >= 12 - lo {
        rest -= 12 - lo;
        lo += 1;
    }
    let hi = lo + 1 + rest;
    // Aces first, as players write them: AKs, not KAs.
    let (first, second) = if lo == 0 { (0, hi) } else { (hi, lo) };
    format!("{}{}{tail}", RANKS[first], RANKS[second])
}

/// `x (x−1) … (x−a+1)`.
fn falling(x: f64, a: u32) -> f64 {
    (0..a).map(|i| x - f64::from(i)).product()
}

impl ViewCounts {
    /// Nothing counted yet, for views of an `n`-card deck (n ≥ 2).
    pub fn new(n: usize) -> Self {
        Self::with_copies(n, 1)
    }

    /// Nothing counted yet, for views of a shoe of `copies` decks of `n` faces (n ≥ 2, copies ≥ 1). With more
    /// than one copy a view may hold a face several times; its faces' frequency is tested (against the
    /// multivariate hypergeometric law of the shoe), and the tests of pairs of distinct cards are not.
    pub fn with_copies(n: usize, copies: usize) -> Self {
        let copies = copies.max(1);
        ViewCounts {
            n,
            copies,
            deals: 0,
            sizes: vec![0; n * copies + 1],
            card: vec![0; n],
            pairs: vec![0; if copies == 1 { n * (n - 1) / 2 } else { 0 }],
            same_suit: 0,
            same_rank: 0,
            hands: vec![0; if n == 52 && copies == 1 { 169 } else { 0 }],
        }
    }

    /// Counts one deal's view: cards of the deck, each at most `copies` times (the caller has checked them).
    pub fn add(&mut self, cards: &[Card]) {
        debug_assert!(cards.iter().all(|&c| usize::from(c) < self.n));
        self.deals += 1;
        self.sizes[cards.len()] += 1;
        if self.copies > 1 {
            for &c in cards {
                self.card[usize::from(c)] += 1;
            }
            return;
        }
        let mut sorted: Vec<usize> = cards.iter().map(|&c| usize::from(c)).collect();
        sorted.sort_unstable();
        for (k, &i) in sorted.iter().enumerate() {
            self.card[i] += 1;
            for &j in &sorted[k + 1..] {
                self.pairs[pair_index(self.n, i, j)] += 1;
                let (a, b) = (i as Card, j as Card);
                self.same_suit += u64::from(suit(a).is_some() && suit(a) == suit(b));
                self.same_rank += u64::from(rank(a).is_some() && rank(a) == rank(b));
            }
        }
        if cards.len() == 2 && !self.hands.is_empty() {
            self.hands[hand_class(cards[0], cards[1])] += 1;
        }
    }

    /// Deals counted.
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// The view's sizes and their deals.
    fn by_size(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.sizes.iter().enumerate().filter(|(_, d)| **d > 0).map(|(m, d)| (m as f64, *d as f64))
    }

    /// The tests that apply to this view, and why the others do not.
    pub fn tests(&self) -> (Vec<ViewTest>, Vec<NotApplied>) {
        let mut done = Vec::new();
        let mut not = Vec::new();
        for r in [self.card_frequency(), self.pair_interaction(), self.same_class(true), self.same_class(false)] {
            match r {
                Ok(t) => done.push(t),
                Err(n) => not.push(n),
            }
        }
        if let Some(r) = self.starting_hands() {
            match r {
                Ok(t) => done.push(t),
                Err(n) => not.push(n),
            }
        }
        (done, not)
    }

    /// `view-cards`: each card's deals against `Σ_d m_d/N`, χ² with N − 1 df (finite-population covariance).
    /// In a shoe of T = K·F cards (K copies of F faces) a view of m cards holds each face `m/F` times on average,
    /// with the multivariate hypergeometric covariance `m(T−m)/((T−1)F)·(I − J/F)`, so the same statistic with
    /// that variance is χ² with F − 1 df (K = 1 gives the deck's law above).
    pub fn card_frequency(&self) -> Result<ViewTest, NotApplied> {
        let name = "view-cards";
        let nf = self.n as f64;
        let total = (self.n * self.copies) as f64;
        let expected: f64 = self.by_size().map(|(m, d)| d * m / nf).sum();
        let variance: f64 = self.by_size().map(|(m, d)| d * m * (total - m) / ((total - 1.0) * nf)).sum::<f64>();
        if expected < MIN_EXPECTED || variance <= 0.0 {
            return Err(NotApplied {
                name,
                why: format!(
                    "{expected:.1} deals a card expected, {MIN_EXPECTED} needed (or the view is the whole deck)"
                ),
            });
        }
        let mut x2 = 0.0;
        let mut worst: Option<Cell> = None;
        for (j, &c) in self.card.iter().enumerate() {
            let dev = c as f64 - expected;
            x2 += dev * dev;
            if worst.as_ref().is_none_or(|w| dev.abs() > (w.observed - w.expected).abs()) {
                worst = Some(Cell { label: CellLabel::Card(j as Card), observed: c as f64, expected });
            }
        }
        let statistic = x2 / variance;
        let df = nf - 1.0;
        Ok(ViewTest { name, statistic, df, ln_p: chi2_ln_sf(statistic, df), ln_p_low: None, worst })
    }

    /// Why the pair tests leave a shoe out: their law is that of distinct cards of one deck.
    fn shoe_has_no_pairs(&self, name: &'static str) -> NotApplied {
        NotApplied {
            name,
            why: format!("a shoe of {} decks holds a face several times; pairs are counted on one deck", self.copies),
        }
    }

    /// One deal's pure-pair covariance λ₂, summed over the deals, and the expected deals of each pair.
    fn pair_law(&self) -> (f64, f64) {
        let nf = self.n as f64;
        let q = |m: f64, k: u32| falling(m, k) / falling(nf, k);
        let expected: f64 = self.by_size().map(|(m, d)| d * q(m, 2)).sum();
        let lambda: f64 = self
            .by_size()
            .map(|(m, d)| {
                let q2 = q(m, 2);
                let (a, b, c) = (q2 - q2 * q2, q(m, 3) - q2 * q2, q(m, 4) - q2 * q2);
                d * (a - 2.0 * b + c)
            })
            .sum();
        (lambda, expected)
    }

    /// A table over the pairs `i < j` (upper triangle) projected on the pure-pair space: each entry less its two
    /// cards' row effects, `g_ij = v_ij − (R_i + R_j)/(N−2) + 2S/((N−1)(N−2))`.
    fn pure_pairs(&self, v: impl Fn(usize, usize) -> f64) -> Vec<f64> {
        let n = self.n;
        let nf = n as f64;
        let mut rows = vec![0.0f64; n];
        let mut total = 0.0;
        for i in 0..n {
            for j in i + 1..n {
                let x = v(i, j);
                rows[i] += x;
                rows[j] += x;
                total += x;
            }
        }
        let centre = 2.0 * total / ((nf - 1.0) * (nf - 2.0));
        let mut g = Vec::with_capacity(n * (n - 1) / 2);
        for i in 0..n {
            for j in i + 1..n {
                g.push(v(i, j) - (rows[i] + rows[j]) / (nf - 2.0) + centre);
            }
        }
        g
    }

    /// `view-pairs`: the pair counts' pure-pair part, χ² with N(N−3)/2 df.
    pub fn pair_interaction(&self) -> Result<ViewTest, NotApplied> {
        let name = "view-pairs";
        let n = self.n;
        let nf = n as f64;
        if self.copies > 1 {
            return Err(self.shoe_has_no_pairs(name));
        }
        if n < 4 {
            return Err(NotApplied { name, why: format!("a {n}-card deck has no pair structure beyond its cards") });
        }
        let (lambda, expected) = self.pair_law();
        if expected < MIN_EXPECTED || lambda <= 1e-12 * expected {
            return Err(NotApplied {
                name,
                why: format!("{expected:.1} deals a pair expected, {MIN_EXPECTED} needed (or the view is too large)"),
            });
        }
        let g = self.pure_pairs(|i, j| self.pairs[pair_index(n, i, j)] as f64);
        let sum: f64 = g.iter().map(|x| x * x).sum();
        let mut worst: Option<(f64, Cell)> = None;
        for i in 0..n {
            for j in i + 1..n {
                let k = pair_index(n, i, j);
                let v = self.pairs[k] as f64;
                if worst.as_ref().is_none_or(|(w, _)| g[k].abs() > *w) {
                    let cell = Cell { label: CellLabel::Pair(i as Card, j as Card), observed: v, expected: v - g[k] };
                    worst = Some((g[k].abs(), cell));
                }
            }
        }
        let statistic = sum / lambda;
        let df = nf * (nf - 3.0) / 2.0;
        Ok(ViewTest {
            name,
            statistic,
            df,
            ln_p: chi2_ln_sf(statistic, df),
            ln_p_low: None,
            worst: worst.map(|(_, c)| c),
        })
    }

    /// `view-suits` (`suits`) or `view-ranks`: the pairs of one suit (rank) in the view, beyond what the cards'
    /// own frequencies give. Their count is a sum of pair counts, so its part that each card's frequency
    /// explains is taken out as for `view-pairs`: `z = Σ_{same class} g_ij / √(Λ·‖P₂w‖²)`, w the same-class
    /// pairs' indicator, normal by the deals' central limit, two-sided (kept together, or spread apart). A
    /// shuffle that only favours some cards in a view does not move it; one that deals suits or ranks together
    /// does. For the standard deck (52 cards, or 54 with its two jokers, each a class of its own).
    pub fn same_class(&self, suits: bool) -> Result<ViewTest, NotApplied> {
        let name = if suits { "view-suits" } else { "view-ranks" };
        let n = self.n;
        if self.copies > 1 {
            return Err(self.shoe_has_no_pairs(name));
        }
        if n != 52 && n != 54 {
            return Err(NotApplied {
                name,
                why: format!("suits and ranks are those of a 52- or 54-card deck, not {n}"),
            });
        }
        let class = |c: usize| if suits { suit(c as Card) } else { rank(c as Card) };
        let same = |i: usize, j: usize| f64::from(u8::from(class(i).is_some() && class(i) == class(j)));
        let (lambda, per_pair) = self.pair_law();
        let classes = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).filter(|&(i, j)| same(i, j) > 0.0).count();
        let expected = per_pair * classes as f64;
        if expected < MIN_EXPECTED || lambda <= 1e-12 * per_pair {
            return Err(NotApplied {
                name,
                why: format!("{expected:.1} same-class pairs expected, {MIN_EXPECTED} needed"),
            });
        }
        let w = self.pure_pairs(same);
        let g = self.pure_pairs(|i, j| self.pairs[pair_index(n, i, j)] as f64);
        let excess: f64 = w.iter().zip(&g).map(|(a, b)| a * b).sum();
        let norm: f64 = w.iter().map(|a| a * a).sum();
        let z = excess / (lambda * norm).sqrt();
        let observed = if suits { self.same_suit } else { self.same_rank } as f64;
        Ok(ViewTest {
            name,
            statistic: z,
            df: 0.0,
            ln_p: normal_ln_sf(z),
            ln_p_low: Some(normal_ln_cdf(z)),
            worst: Some(Cell { label: CellLabel::Total, observed, expected: observed - excess }),
        })
    }

    /// `view-hands`: two-card views of a 52-card deck in hold'em's 169 classes; `None` when the view is not one.
    pub fn starting_hands(&self) -> Option<Result<ViewTest, NotApplied>> {
        let name = "view-hands";
        if self.hands.is_empty() || self.sizes[2] != self.deals || self.deals == 0 {
            return None;
        }
        let pmf: Vec<f64> =
            (0..169).map(|c| if c < 13 { 6.0 } else if c < 91 { 4.0 } else { 12.0 } / 1326.0).collect();
        let fewest = self.deals as f64 * 4.0 / 1326.0;
        if fewest < MIN_EXPECTED {
            return Some(Err(NotApplied {
                name,
                why: format!("{fewest:.1} deals a suited class expected, {MIN_EXPECTED} needed"),
            }));
        }
        let g = chi2_against_pmf(&self.hands, &pmf);
        let d = self.deals as f64;
        let worst = (0..169)
            .map(|c| {
                let e = d * pmf[c];
                (((self.hands[c] as f64 - e) / e.sqrt()).abs(), c, e)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c, e)| Cell {
                label: CellLabel::Hand(hand_label(c)),
                observed: self.hands[c] as f64,
                expected: e,
            });
        Some(Ok(ViewTest { name, statistic: g.statistic, df: g.df, ln_p: g.ln_sf, ln_p_low: None, worst }))
    }
}

/// `ln P(χ²_df ≤ x)`, for callers that show both tails.
pub fn chi2_lower(x: f64, df: f64) -> LnP {
    chi2_ln_cdf(x, df)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::fair_view;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn pair_indices_and_hand_classes_are_one_to_one() {
        let n = 7;
        let mut seen = vec![false; n * (n - 1) / 2];
        for i in 0..n {
            for j in i + 1..n {
                assert!(!std::mem::replace(&mut seen[pair_index(n, i, j)], true));
            }
        }
        assert!(seen.iter().all(|&s| s));
        let mut classes = vec![0u32; 169];
        for a in 0..52 {
            for b in a + 1..52 {
                classes[hand_class(a, b)] += 1;
            }
        }
        for (c, &k) in classes.iter().enumerate() {
            assert_eq!(
                k,
                if c < 13 {
                    6
                } else if c < 91 {
                    4
                } else {
                    12
                },
                "class {c}"
            );
        }
        assert_eq!(hand_label(0), "AA");
        assert_eq!(hand_label(hand_class(0, 12)), "AKs");
        assert_eq!(hand_label(hand_class(13 + 11, 12)), "KQo");
        assert_eq!(hand_label(hand_class(1, 2)), "32s");
    }

    /// Fair views (PCG64, seed 11): 斗地主's seat (17 of 54) over 600 deals, its bottom (3 of 54) over 600, and
    /// hold'em hole cards (2 of 52) over 30,000, 300 runs each. Each test's rejections at α = 0.01 must be at most
    /// 10 of 300 (a test at its level exceeds that with probability 3e-4), and at α = 0.05 at most 27 (5e-4).
    #[test]
    fn fair_views_keep_the_stated_rate() {
        for (n, m, deals, runs) in [(54usize, 17usize, 600u64, 300u64), (54, 3, 600, 300), (52, 2, 30_000, 300)] {
            let mut g = rand_pcg::Pcg64::seed_from_u64(11);
            let mut rejected: std::collections::BTreeMap<&str, (u64, u64, u64)> = Default::default();
            for _ in 0..runs {
                let mut v = ViewCounts::new(n);
                for _ in 0..deals {
                    v.add(&fair_view(&mut g, n, m));
                }
                for t in v.tests().0 {
                    let e = rejected.entry(t.name).or_default();
                    let p = t.family_ln_p();
                    e.0 += u64::from(p < 0.01f64.ln());
                    e.1 += u64::from(p < 0.05f64.ln());
                    e.2 += 1;
                }
            }
            for (name, (at1, at5, applied)) in rejected {
                let (lo, hi) = crate::stats::distributions::special::clopper_pearson(at1, runs, 0.99);
                eprintln!(
                    "{n} cards, views of {m}, {deals} deals: {name} {at1}/{runs} at 0.01 (99% {lo:.4}..{hi:.4}), {at5} at 0.05"
                );
                assert_eq!(applied, runs, "{name}");
                assert!(
                    at1 <= 10 && at5 <= 27,
                    "{n} cards, views of {m}, {deals} deals: {name} {at1} and {at5} of {runs}"
                );
            }
        }
    }

    /// A shoe's views keep the stated rate: the first 40 to 80 cards of a 6-deck shoe (the cut card moves), 300
    /// deals, 300 runs (PCG64, seed 13). `view-cards` is the one test of a shoe; its rejections at α = 0.01 must
    /// be at most 10 of 300 (probability 3·10^-4 at its level), at α = 0.05 at most 27 (5·10^-4). An 8-deck
    /// shoe whose first cards favour the high faces fails.
    #[test]
    fn a_shoes_faces_keep_the_stated_rate_and_a_biased_shoe_fails() {
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(13);
        let (mut at1, mut at5) = (0u64, 0u64);
        for _ in 0..300 {
            let mut v = ViewCounts::with_copies(52, 6);
            for _ in 0..300 {
                let mut shoe: Vec<Card> = (0..312).map(|c| (c % 52) as Card).collect();
                shoe.shuffle(&mut g);
                let m = g.random_range(40..=80);
                v.add(&shoe[..m]);
            }
            let (done, not) = v.tests();
            assert_eq!((done.len(), not.len()), (1, 3), "{not:?}");
            let p = done[0].ln_p;
            at1 += u64::from(p < 0.01f64.ln());
            at5 += u64::from(p < 0.05f64.ln());
        }
        let (lo, hi) = crate::stats::distributions::special::clopper_pearson(at1, 300, 0.99);
        eprintln!("6-deck shoe prefixes: {at1}/300 at 0.01 (99% {lo:.4}..{hi:.4}), {at5} at 0.05");
        assert!(at1 <= 10 && at5 <= 27, "{at1} and {at5} of 300");
        let mut biased = ViewCounts::with_copies(52, 8);
        for _ in 0..300 {
            let mut shoe: Vec<Card> = (0..416).map(|c| (c % 52) as Card).collect();
            shoe.shuffle(&mut g);
            // A kings-first shoe: four kings of the rest moved to the front.
            for front in 0..4 {
                if let Some(k) = shoe.iter().skip(60).position(|&c| c % 13 == 12) {
                    shoe.swap(front, k + 60);
                }
            }
            biased.add(&shoe[..60]);
        }
        assert!(biased.card_frequency().unwrap().ln_p < 1e-9f64.ln());
    }

    /// Views that keep neighbours together (the deck cut at a random point, its first 17 cards dealt): the
    /// pairs and same-suit tests find them at once, while each card's frequency stays fair.
    #[test]
    fn neighbours_kept_together_show_in_pairs_and_suits() {
        let mut g = rand_pcg::Pcg64::seed_from_u64(5);
        let mut v = ViewCounts::new(54);
        for _ in 0..600 {
            let cut = g.random_range(0..54u16);
            let view: Vec<Card> = (0..17).map(|k| (cut + k) % 54).collect();
            v.add(&view);
        }
        let pairs = v.pair_interaction().unwrap();
        let suits = v.same_class(true).unwrap();
        assert!(pairs.ln_p < 1e-9f64.ln() && suits.family_ln_p() < 1e-9f64.ln(), "{pairs:?} {suits:?}");
        assert!(v.card_frequency().unwrap().ln_p > 1e-3f64.ln());
    }
}
