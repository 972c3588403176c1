//! The statistics of a run with a deal (`run --game …`): seat-by-card counts for every deal, plus the game's
//! table-level counts (斗地主 rocket, bombs and bottom jokers; 斗牛 niu values; baccarat's first coup; blackjack's naturals; 掼蛋's and two-deck
//! 斗地主's jokers, bombs and straight flushes), folded
//! like every accumulator.
//!
//! Reports lead with what players feel. When a run with a deal fails, the family-wise verdict is unchanged (it
//! is still Holm over every test), but the test *shown* as decisive is the most significant table-level test
//! that reaches the run's verdict on its own, then a seat test, before the position tests: "the bottom holds a
//! joker 31% of the time instead of 11%" says more at a 斗地主 table than a position-by-card statistic. The
//! short headline then adds the next table-level finding at the same verdict, typically the seat that gains.

pub mod baccarat;
pub mod blackjack;
pub mod doudizhu;
pub mod douniu;
pub mod seat_cards;
pub mod two_deck;

use crate::cards::Card;
use crate::game::Game;
use crate::game::deal::DealConfig;
use crate::game::table::baccarat::BaccaratStats;
use crate::game::table::blackjack::BlackjackStats;
use crate::game::table::doudizhu::DoudizhuSeatStats;
use crate::game::table::douniu::DouniuSeatStats;
use crate::game::table::seat_cards::SeatCardCounts;
use crate::game::table::two_deck::TwoDeckStats;
use crate::stats::{TestResult, TestScope, TestSelection};

/// Every per-deal accumulator of a run with a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    pub deal: DealConfig,
    /// The tests to report (the accumulators of a game are kept when any of its tests is selected).
    pub tests: TestSelection,
    pub seat_cards: SeatCardCounts,
    pub doudizhu: Option<DoudizhuSeatStats>,
    pub douniu: Option<DouniuSeatStats>,
    pub baccarat: Option<BaccaratStats>,
    pub blackjack: Option<BlackjackStats>,
    pub two_deck: Option<TwoDeckStats>,
}

impl GameStats {
    /// The accumulators of a deal. The seat-by-card counts are always kept (`seat_counts.csv` comes from
    /// them); a game's table counts only when one of its tests is selected, so an unselected test costs nothing.
    pub fn new(deal: &DealConfig, tests: TestSelection) -> Self {
        let map = deal.seat_map();
        let wanted = |scope: TestScope| tests.tests().any(|t| t.scope() == scope);
        GameStats {
            deal: *deal,
            tests,
            seat_cards: SeatCardCounts::new(&map),
            doudizhu: (deal.game == Game::Doudizhu && wanted(TestScope::Doudizhu))
                .then(|| DoudizhuSeatStats::new(&map)),
            douniu: (deal.game == Game::Douniu && wanted(TestScope::Douniu)).then(|| DouniuSeatStats::new(&map)),
            baccarat: (deal.game == Game::Baccarat && wanted(TestScope::Baccarat)).then(|| BaccaratStats::new(deal)),
            blackjack: (deal.game == Game::Blackjack && wanted(TestScope::Blackjack))
                .then(|| BlackjackStats::new(deal)),
            two_deck: (deal.game.is_two_deck() && wanted(TestScope::TwoDeck)).then(|| TwoDeckStats::new(&map)),
        }
    }

    /// Counts one shuffled (and cut or burned) deck as it is dealt.
    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        self.seat_cards.add(deck);
        if let Some(d) = &mut self.doudizhu {
            d.add(deck);
        }
        if let Some(d) = &mut self.douniu {
            d.add(deck);
        }
        if let Some(d) = &mut self.baccarat {
            d.add(deck);
        }
        if let Some(d) = &mut self.blackjack {
            d.add(deck);
        }
        if let Some(d) = &mut self.two_deck {
            d.add(deck);
        }
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!(self.deal, other.deal);
        self.seat_cards.merge(&other.seat_cards);
        if let (Some(a), Some(b)) = (&mut self.doudizhu, &other.doudizhu) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (&mut self.douniu, &other.douniu) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (&mut self.baccarat, &other.baccarat) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (&mut self.blackjack, &other.blackjack) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (&mut self.two_deck, &other.two_deck) {
            a.merge(b);
        }
    }

    /// The game's table-level tests, then the seat tests.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let mut out = Vec::new();
        if let Some(d) = &self.doudizhu {
            out.extend(d.evaluate());
        }
        if let Some(d) = &self.douniu {
            out.extend(d.evaluate());
        }
        if let Some(d) = &self.baccarat {
            out.extend(d.evaluate());
        }
        if let Some(d) = &self.blackjack {
            out.extend(d.evaluate());
        }
        if let Some(d) = &self.two_deck {
            out.extend(d.evaluate());
        }
        out.extend(self.seat_cards.evaluate());
        out.retain(|t| self.tests.contains(t.test));
        out
    }
}

impl GameStats {
    /// Every counter of the deal's statistics, for state files (see
    /// [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.seat_cards.visit_counts(visitor);
        if let Some(d) = &mut self.doudizhu {
            d.visit_counts(visitor);
        }
        if let Some(d) = &mut self.douniu {
            d.visit_counts(visitor);
        }
        if let Some(d) = &mut self.baccarat {
            d.visit_counts(visitor);
        }
        if let Some(d) = &mut self.blackjack {
            d.visit_counts(visitor);
        }
        if let Some(d) = &mut self.two_deck {
            d.visit_counts(visitor);
        }
    }
}

crate::stats::statistic::impl_statistic!(GameStats);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::deal::DealShape;

    #[test]
    fn only_selected_table_tests_are_counted() {
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let mut g = GameStats::new(&deal, TestSelection::parse("seat-card").unwrap());
        assert!(g.doudizhu.is_none() && g.douniu.is_none() && g.baccarat.is_none());
        g.add(&deal.start_deck());
        let names: Vec<&str> = g.evaluate().iter().map(|t| t.test.name()).collect();
        assert_eq!(names, ["seat-card"]);
        assert!(GameStats::new(&deal, TestSelection::parse("rocket-seat").unwrap()).doudizhu.is_some());
    }

    #[test]
    fn every_table_statistic_merges_its_halves_into_the_whole() {
        use crate::stats::testing::{merging_halves_is_adding_all, random_decks};
        let custom = DealShape { players: Some(3), hand: Some(5), bottom: Some(2), ..Default::default() };
        for deal in [
            DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap(),
            DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap(),
            DealConfig::new(Game::Custom, Some(20), custom).unwrap(),
            DealConfig::shoe(Game::Baccarat, None, Some(2), DealShape::default()).unwrap(),
            DealConfig::shoe(Game::Blackjack, None, Some(2), DealShape::default()).unwrap(),
            DealConfig::new(Game::Doudizhu4, None, DealShape::default()).unwrap(),
        ] {
            let decks = random_decks(deal.deck, 301, 3);
            let map = deal.seat_map();
            merging_halves_is_adding_all(&SeatCardCounts::new(&map), &decks);
            merging_halves_is_adding_all(&GameStats::new(&deal, TestSelection::default()), &decks);
            match deal.game {
                Game::Doudizhu => merging_halves_is_adding_all(&DoudizhuSeatStats::new(&map), &decks),
                Game::Douniu => merging_halves_is_adding_all(&DouniuSeatStats::new(&map), &decks),
                Game::Baccarat => merging_halves_is_adding_all(&BaccaratStats::new(&deal), &decks),
                Game::Blackjack => merging_halves_is_adding_all(&BlackjackStats::new(&deal), &decks),
                Game::Guandan | Game::Doudizhu4 => merging_halves_is_adding_all(&TwoDeckStats::new(&map), &decks),
                Game::Custom => {}
            }
        }
    }

    #[test]
    fn a_deal_reports_its_table_then_its_seats() {
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let mut g = GameStats::new(&deal, TestSelection::default());
        for _ in 0..300 {
            g.add(&deal.start_deck());
        }
        let mut h = GameStats::new(&deal, TestSelection::default());
        h.merge(&g);
        assert_eq!(h, g);
        let tests = g.evaluate();
        let names: Vec<&str> = tests.iter().map(|t| t.test.name()).collect();
        assert_eq!(
            names,
            [
                "bottom-joker",
                "big-cards-seat",
                "rocket-seat",
                "bomb-seat",
                "bombs-per-hand",
                "seat-card",
                "seat-worst",
                "card-seat-worst"
            ]
        );
    }
}
