//! 掼蛋 and two-deck 斗地主 at the table: each seat's jokers, bombs (four or more of a rank) and straight flushes,
//! and how often the bottom holds a joker, each against its exact value from [`crate::game::two_deck::odds`].
//!
//! As for 斗地主 ([`super::doudizhu`]): every deal is independent and gives each seat a uniform hand of the 108, so
//! a seat's count of deals with a straight flush (and the bottom's count of deals with a joker) is exactly
//! Binomial(N, p), tested two-sided; a seat's total of jokers or of bombs over N deals is the sum of N independent
//! copies of the per-hand law, tested two-sided with the saddlepoint tail of that sum. Each statistic reports its
//! worst seat with a Bonferroni correction over the seats. Cards are read by face (`id mod 54`), so the counts are
//! the same whether a deck names its cards by id or by face.

use super::doudizhu::{bottom_joker_test, seat_mean_test, seat_rate_test};
use crate::cards::Card;
use crate::game::deal::SeatMap;
use crate::game::fraction::Fraction;
use crate::game::two_deck::{Odds, hand_facts, is_joker, odds};
use crate::stats::{TestId, TestResult};

/// Per-seat counts of jokers, bombs and straight-flush hands, and the bottom's joker count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoDeckStats {
    seats: Vec<Vec<usize>>,
    bottom: Vec<usize>,
    hand: usize,
    deals: u64,
    jokers: Vec<u64>,
    bombs: Vec<u64>,
    straight_flush: Vec<u64>,
    bottom_joker: u64,
}

impl TwoDeckStats {
    pub fn new(map: &SeatMap) -> Self {
        let seats = map.seat_positions();
        let bottom = map.bottom_positions();
        let p = seats.len();
        TwoDeckStats {
            hand: seats.first().map_or(0, Vec::len),
            seats,
            bottom,
            deals: 0,
            jokers: vec![0; p],
            bombs: vec![0; p],
            straight_flush: vec![0; p],
            bottom_joker: 0,
        }
    }

    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        for (s, positions) in self.seats.iter().enumerate() {
            let f = hand_facts(positions.iter().map(|&p| deck[p]));
            self.jokers[s] += u64::from(f.jokers);
            self.bombs[s] += u64::from(f.bombs);
            self.straight_flush[s] += u64::from(f.straight_flush);
        }
        self.bottom_joker += u64::from(self.bottom.iter().any(|&p| is_joker(deck[p])));
        self.deals += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!((&self.seats, &self.bottom), (&other.seats, &other.bottom));
        for (a, b) in [
            (&mut self.jokers, &other.jokers),
            (&mut self.bombs, &other.bombs),
            (&mut self.straight_flush, &other.straight_flush),
        ] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.bottom_joker += other.bottom_joker;
        self.deals += other.deals;
    }

    /// The exact values the counts are tested against.
    pub fn odds(&self) -> Odds {
        odds(self.hand, self.bottom.len())
    }

    /// `bottom-jokers` (with bottom cards), `jokers-per-hand`, `two-deck-bombs` and `straight-flush-seat`, in
    /// report order; a test whose event is impossible or certain at this hand size is left out.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let mut out = Vec::new();
        if self.deals == 0 {
            return out;
        }
        let o = self.odds();
        let n = self.deals;
        let usable = |f: &Fraction| f.numer() > 0 && f.numer() < f.denom();
        if !self.bottom.is_empty() && usable(&o.bottom_joker) {
            out.push(bottom_joker_test(TestId::BottomJokers, self.bottom_joker, n, &o.bottom_joker));
        }
        if o.jokers_variance.numer() > 0 {
            let law = (&o.jokers_mean, &o.jokers_variance, &o.jokers_pmf[..]);
            out.push(seat_mean_test(TestId::JokersPerHand, &self.jokers, n, law));
        }
        if o.bombs_variance.numer() > 0 {
            let law = (&o.bombs_mean, &o.bombs_variance, &o.bombs_pmf[..]);
            out.push(seat_mean_test(TestId::TwoDeckBombs, &self.bombs, n, law));
        }
        if usable(&o.straight_flush) {
            out.push(seat_rate_test(TestId::StraightFlushSeat, &self.straight_flush, n, &o.straight_flush));
        }
        out
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("two_deck.deals", std::slice::from_mut(&mut self.deals));
        visitor.visit("two_deck.jokers", &mut self.jokers);
        visitor.visit("two_deck.bombs", &mut self.bombs);
        visitor.visit("two_deck.straight_flush", &mut self.straight_flush);
        visitor.visit("two_deck.bottom_joker", std::slice::from_mut(&mut self.bottom_joker));
    }
}

crate::stats::statistic::impl_statistic!(TwoDeckStats);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::stats::testing::random_decks;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    fn stats(game: Game) -> (DealConfig, TwoDeckStats) {
        let deal = DealConfig::shoe(game, None, None, DealShape::default()).unwrap();
        let s = TwoDeckStats::new(&deal.seat_map());
        (deal, s)
    }

    #[test]
    fn counts_follow_the_deal() {
        let (deal, mut s) = stats(Game::Doudizhu4);
        // The new deck dealt round-robin: seat 1 gets ids 0, 4, 8, …, 96; the bottom the last 8 cards, 100..108,
        // faces 46..54 with the second copy's two jokers.
        s.add(&deal.start_deck());
        assert_eq!((s.deals, s.bottom_joker), (1, 1));
        let f = hand_facts((0..25).map(|i| (4 * i) as Card));
        assert_eq!(s.jokers[0], u64::from(f.jokers));
        assert_eq!(s.bombs[0], u64::from(f.bombs));
        let names: Vec<&str> = s.evaluate().iter().map(|t| t.test.name()).collect();
        assert_eq!(names, ["bottom-jokers", "jokers-per-hand", "two-deck-bombs", "straight-flush-seat"]);
        let (_, g) = stats(Game::Guandan);
        assert!(g.bottom.is_empty() && g.seats.len() == 4 && g.hand == 27);
    }

    #[test]
    fn a_fair_shuffle_passes_and_a_sorted_deck_fails() {
        // 2000 uniform deals: every test's p above 1e-4 (four tests: a false alarm below 4e-4 in all).
        let (deal, mut fair) = stats(Game::Doudizhu4);
        for deck in random_decks(deal.deck, 2000, 11) {
            fair.add(&deck);
        }
        for t in fair.evaluate() {
            assert!(t.ln_p > 1e-4f64.ln(), "{}: ln p = {}", t.test, t.ln_p);
        }
        // The new deck every time: seat 1's hand never changes, so its counts are far from any fair rate.
        let (deal, mut sorted) = stats(Game::Guandan);
        for _ in 0..2000 {
            sorted.add(&deal.start_deck());
        }
        assert!(sorted.evaluate().iter().any(|t| t.ln_p < 1e-9f64.ln()));
    }

    #[test]
    fn the_table_tests_reject_fair_deals_at_most_at_their_level() {
        // 1000 runs of 200 uniform two-deck 斗地主 deals each (fixed seed). Each test is two-sided with Bonferroni
        // over the seats (or one binomial for the bottom), so its level is at most α: at α = 5% its rejections
        // are at most Binomial(1000, 0.05), and the bound of 73 is missed with probability below 6.5e-4 (the
        // binomial's tail; a conservative test lies further below). The discrete and saddlepoint tails must not
        // be anti-conservative, which is what this checks.
        let (deal, empty) = stats(Game::Doudizhu4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let mut deck = deal.start_deck();
        let mut rejected = [0usize; 4];
        for _ in 0..1000 {
            let mut s = empty.clone();
            for _ in 0..200 {
                deck.shuffle(&mut rng);
                s.add(&deck);
            }
            let results = s.evaluate();
            assert_eq!(results.len(), 4);
            for (r, t) in rejected.iter_mut().zip(&results) {
                *r += usize::from(t.ln_p < 0.05f64.ln());
            }
        }
        assert!(
            rejected.iter().all(|&r| r <= 73),
            "rejections at 5% of 1000 (bottom, jokers, bombs, SF): {rejected:?}"
        );
    }
}
