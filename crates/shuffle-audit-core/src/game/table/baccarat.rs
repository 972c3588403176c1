//! Baccarat at the table: the first coup of every shoe, banker, player or tie, against the exact odds of the
//! shoe's composition ([`crate::game::baccarat::odds`]).
//!
//! Under a uniform shuffle the first six cards of each shoe are a uniform ordered sample of its cards, so over
//! N independent shoes the counts of banker, player and tie wins are exactly Multinomial(N, odds): Pearson's
//! goodness of fit ([`crate::stats::distributions::gof::chi2_against_pmf`], cells pooled to an expected count of
//! at least 5), 2 degrees of freedom once every cell expects 5. Only the first coup is counted: the later coups
//! of a shoe start where the earlier ones stopped, a place that depends on the cards, and their odds are those
//! of the cards left, not the full shoe's.

use crate::cards::Card;
use crate::game::baccarat::{Odds, Outcome, first_coup, odds, shoe_of_decks};
use crate::game::deal::DealConfig;
use crate::stats::distributions::gof::chi2_against_pmf;
use crate::stats::finding::{Exact, Finding};
use crate::stats::{TestId, TestResult};

/// The first coups' outcomes, indexed by [`Outcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaccaratStats {
    odds: Odds,
    deals: u64,
    counts: [u64; 3],
}

impl BaccaratStats {
    /// For the deal's shoe of `copies` 52-card decks.
    pub fn new(deal: &DealConfig) -> Self {
        BaccaratStats { odds: odds(&shoe_of_decks(deal.copies)), deals: 0, counts: [0; 3] }
    }

    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        self.counts[first_coup(deck).outcome as usize] += 1;
        self.deals += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!(self.odds, other.odds);
        self.counts.iter_mut().zip(&other.counts).for_each(|(a, b)| *a += b);
        self.deals += other.deals;
    }

    pub fn counts(&self) -> [u64; 3] {
        self.counts
    }

    /// `baccarat-odds`: the outcomes against the exact odds.
    pub fn evaluate(&self) -> Vec<TestResult> {
        if self.deals == 0 {
            return Vec::new();
        }
        let pmf = self.odds.pmf();
        let fit = chi2_against_pmf(&self.counts, &pmf);
        let n = self.deals as f64;
        let z = |o: usize| (self.counts[o] as f64 - n * pmf[o]).abs() / (n * pmf[o] * (1.0 - pmf[o])).sqrt();
        let outcome = (0..3).max_by(|&a, &b| z(a).total_cmp(&z(b))).unwrap_or(0);
        let exact = Outcome::ALL.map(|o| Exact::from(self.odds.of(o)));
        vec![TestResult {
            test: TestId::BaccaratOdds,
            statistic: fit.statistic,
            df: fit.df,
            ln_p: fit.ln_sf,
            ln_p_low: None,
            effect: self.counts[outcome] as f64 / (n * pmf[outcome]) - 1.0,
            finding: Finding::BaccaratOdds { counts: self.counts, deals: self.deals, exact, outcome },
        }]
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("baccarat.deals", std::slice::from_mut(&mut self.deals));
        visitor.visit("baccarat.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(BaccaratStats);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::baccarat::MAX_CARDS;
    use crate::game::deal::DealShape;
    use crate::game::fraction::Fraction;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    fn deal(copies: usize) -> DealConfig {
        DealConfig::shoe(Game::Baccarat, None, Some(copies), DealShape::default()).unwrap()
    }

    #[test]
    fn fair_shoes_fit_the_odds_and_a_new_shoe_does_not() {
        let d = deal(8);
        let mut fair = BaccaratStats::new(&d);
        let mut shoe: Vec<Card> = d.start_deck();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(28);
        for _ in 0..20_000 {
            shoe.shuffle(&mut rng);
            fair.add(&shoe);
        }
        // Fixed seed: a fair sample rejects below p = 1e-6 with probability 1e-6 (the bound is the χ²(2) test's
        // own level, whose law is exact up to the normal approximation at 20,000 shoes).
        let t = &fair.evaluate()[0];
        assert_eq!(t.df, 2.0);
        assert!(t.ln_p > 1e-6f64.ln(), "{t:?}");
        // A shoe never shuffled deals the same coup every time: A, 2, 3, 4 of spades, then the 5 (player 4 + 5 =
        // 9 against the banker's 6, who stands on a third card of 5): the player always wins.
        let mut sorted = BaccaratStats::new(&d);
        for _ in 0..50 {
            sorted.add(&d.start_deck());
        }
        assert_eq!(sorted.counts(), [0, 50, 0]);
        let t = &sorted.evaluate()[0];
        assert!(t.ln_p < 1e-6f64.ln(), "{t:?}");
        let Finding::BaccaratOdds { outcome, exact, .. } = &t.finding else { panic!() };
        assert_eq!(*outcome, Outcome::Player as usize);
        assert_eq!(exact[0], Exact::from(Fraction::new(2_292_252_566_437_888, 4_998_398_275_503_360)));
    }

    #[test]
    fn the_odds_test_rejects_fair_shoes_at_its_level() {
        // 4000 runs of 500 fair 8-deck shoes each. Only a shoe's first six cards matter, and those of a uniform
        // shuffle are a uniform ordered sample without replacement: a partial Fisher–Yates draws exactly that.
        // If the test's level is what it says, the rejections are Binomial(4000, α): within 20..=62 at α = 1%
        // and 150..=250 at 5%, each band missed with probability below 6·10^-4 (fixed seed, so the outcome is
        // fixed; the bound says how likely another seed would be to break it).
        let d = deal(8);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut shoe = d.start_deck();
        let (mut at1, mut at5) = (0, 0);
        let empty = BaccaratStats::new(&d);
        for _ in 0..4000 {
            let mut s = empty.clone();
            for _ in 0..500 {
                for i in 0..MAX_CARDS {
                    let j = rng.random_range(i..shoe.len());
                    shoe.swap(i, j);
                }
                s.add(&shoe);
            }
            let ln_p = s.evaluate()[0].ln_p;
            at1 += usize::from(ln_p < 0.01f64.ln());
            at5 += usize::from(ln_p < 0.05f64.ln());
        }
        assert!((20..=62).contains(&at1), "{at1} of 4000 rejected at 1%");
        assert!((150..=250).contains(&at5), "{at5} of 4000 rejected at 5%");
    }

    #[test]
    fn halves_merge_into_the_whole() {
        use crate::stats::testing::{merging_halves_is_adding_all, random_decks};
        merging_halves_is_adding_all(&BaccaratStats::new(&deal(6)), &random_decks(312, 101, 5));
    }
}
