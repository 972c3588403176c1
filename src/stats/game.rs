//! The statistics of a run with a deal (`run --game …`): seat-by-card counts for every deal, plus the game's
//! table-level counts (斗地主 rocket, bombs and bottom jokers; 斗牛 niu values), folded like every accumulator.
//!
//! Reports lead with what players feel. When a run with a deal fails, the family-wise verdict is unchanged (it
//! is still Holm over every test), but the test *shown* as decisive is the most significant table-level test
//! that reaches the run's verdict on its own, then a seat test, before the position tests: "the bottom holds a
//! joker 31% of the time instead of 11%" says more at a 斗地主 table than a position-by-card statistic. The
//! short headline then adds the next table-level finding at the same verdict, typically the seat that gains.

use super::TestResult;
use super::doudizhu::DoudizhuSeatStats;
use super::douniu::DouniuSeatStats;
use super::seat_cards::SeatCardCounts;
use crate::cards::Card;
use crate::deal::DealConfig;
use crate::game::Game;
use crate::verdict::{Assessment, Verdict};

/// Tests at the level of the game, in the order reports list them.
pub const TABLE_TESTS: [&str; 6] =
    ["bottom-joker", "big-cards-seat", "rocket-seat", "bomb-seat", "bombs-per-hand", "niu-seat"];
/// Tests of the seat-by-card counts.
pub const SEAT_TESTS: [&str; 3] = ["seat-card", "seat-worst", "card-seat-worst"];

/// Every per-deal accumulator of a run with a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    pub deal: DealConfig,
    pub seat_cards: SeatCardCounts,
    pub doudizhu: Option<DoudizhuSeatStats>,
    pub douniu: Option<DouniuSeatStats>,
}

impl GameStats {
    pub fn new(deal: &DealConfig) -> Self {
        let map = deal.seat_map();
        GameStats {
            deal: *deal,
            seat_cards: SeatCardCounts::new(&map),
            doudizhu: (deal.game == Game::Doudizhu).then(|| DoudizhuSeatStats::new(&map)),
            douniu: (deal.game == Game::Douniu).then(|| DouniuSeatStats::new(&map)),
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
        out.extend(self.seat_cards.evaluate());
        out
    }
}

/// The test a report with a deal should lead with: the most significant table-level test whose own verdict is
/// the run's, else the most significant such seat test; `None` when the run passed, failed as "too uniform", or
/// no game test reaches its verdict.
pub fn table_level_decisive(a: &Assessment) -> Option<String> {
    if a.verdict == Verdict::Pass || a.too_uniform {
        return None;
    }
    for tier in [&TABLE_TESTS[..], &SEAT_TESTS[..]] {
        let best = a
            .tests
            .iter()
            .filter(|t| tier.contains(&t.result.test.as_str()) && t.verdict == a.verdict && !t.too_uniform)
            .min_by(|x, y| x.ln_p_adjusted.total_cmp(&y.ln_p_adjusted));
        if let Some(t) = best {
            return Some(t.result.test.clone());
        }
    }
    None
}

/// The second table-level finding for a run's short headline: the next most significant table-level test at
/// the run's verdict after the decisive one, as `test: headline`; `None` unless the decisive test is itself a
/// table-level test.
pub fn second_table_finding(a: &Assessment) -> Option<String> {
    let decisive = a.decisive_test.as_deref()?;
    if !TABLE_TESTS.contains(&decisive) || a.verdict == Verdict::Pass || a.too_uniform {
        return None;
    }
    a.tests
        .iter()
        .filter(|t| {
            let name = t.result.test.as_str();
            name != decisive && TABLE_TESTS.contains(&name) && t.verdict == a.verdict && !t.too_uniform
        })
        .min_by(|x, y| x.ln_p_adjusted.total_cmp(&y.ln_p_adjusted))
        .map(|t| format!("{}: {}", t.result.test, t.result.headline))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealShape;
    use crate::verdict::{Thresholds, assess};

    #[test]
    fn a_failing_deal_leads_with_the_table() {
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let mut g = GameStats::new(&deal);
        for _ in 0..300 {
            g.add(&deal.start_deck());
        }
        let mut h = GameStats::new(&deal);
        h.merge(&g);
        assert_eq!(h, g);
        let tests = g.evaluate();
        let names: Vec<&str> = tests.iter().map(|t| t.test.as_str()).collect();
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
        let a = assess(tests, &Thresholds::default());
        assert_eq!(a.verdict, Verdict::Fail);
        let mut a = a;
        a.decisive_test = table_level_decisive(&a);
        let lead = a.decisive_test.clone().unwrap();
        assert!(TABLE_TESTS.contains(&lead.as_str()), "{lead}");
        let second = second_table_finding(&a).unwrap();
        assert!(!second.starts_with(&lead), "{second}");
    }
}
