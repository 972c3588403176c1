//! The battery: every statistic a run accumulates, updated once per shuffle and merged across chunks.

use super::{PositionCardCounts, TestResult};
use crate::cards::Card;

/// All accumulators of one run. `add` is called once per shuffled deck; `merge` folds chunk results in any
/// order (integer counts make the result independent of the order and so of the thread count).
#[derive(Clone, Debug)]
pub struct Battery {
    pub n: usize,
    pub position_card: PositionCardCounts,
}

impl Battery {
    pub fn new(n: usize) -> Self {
        Battery { n, position_card: PositionCardCounts::new(n) }
    }

    pub fn shuffles(&self) -> u64 {
        self.position_card.shuffles()
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        self.position_card.add(deck);
    }

    pub fn merge(&mut self, other: &Self) {
        self.position_card.merge(&other.position_card);
    }

    /// Every test of the battery, in report order.
    pub fn evaluate(&self) -> Vec<TestResult> {
        vec![
            self.position_card.global_test(),
            self.position_card.worst_position_test(),
            self.position_card.worst_card_test(),
        ]
    }
}
