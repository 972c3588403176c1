//! The battery: every statistic a run accumulates, updated once per shuffle and merged across chunks.

use super::{GameStats, PositionCardCounts, TestResult};
use crate::cards::Card;

/// All accumulators of one run. `add` is called once per shuffled deck; `merge` folds chunk results in any
/// order (integer counts make the result independent of the order and so of the thread count).
#[derive(Clone, Debug)]
pub struct Battery {
    pub n: usize,
    pub position_card: PositionCardCounts,
    /// Seat and game statistics, for runs with a deal (`run --game …`).
    pub game: Option<GameStats>,
}

impl Battery {
    pub fn new(n: usize) -> Self {
        Battery { n, position_card: PositionCardCounts::new(n), game: None }
    }

    pub fn shuffles(&self) -> u64 {
        self.position_card.shuffles()
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        self.position_card.add(deck);
        if let Some(g) = &mut self.game {
            g.add(deck);
        }
    }

    pub fn merge(&mut self, other: &Self) {
        self.position_card.merge(&other.position_card);
        if let (Some(a), Some(b)) = (&mut self.game, &other.game) {
            a.merge(b);
        }
    }

    /// Every test of the battery, in report order.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let mut tests = vec![
            self.position_card.global_test(),
            self.position_card.worst_position_test(),
            self.position_card.worst_card_test(),
        ];
        tests.extend(self.game.iter().flat_map(GameStats::evaluate));
        tests
    }
}
