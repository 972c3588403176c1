//! Everything a run counts: the battery of deck statistics and, for a run with a deal, the game's table
//! statistics. The runner and the stream audit fold decks into a tally; tallies of disjoint chunks merge into
//! the tally of their union, byte for byte.

use crate::cards::Card;
use crate::game::deal::DealConfig;
use crate::game::table::GameStats;
use crate::stats::{Battery, Cards, PositionCardCounts, TestResult, TestSelection};

/// The accumulators of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub battery: Battery,
    /// Seat and game statistics, for runs with a deal (`--game …`).
    pub game: Option<GameStats>,
}

impl Tally {
    /// An empty tally with the selected tests of an n-card deck; with a deal, position counts that know the
    /// deal's starting order, and the deal's statistics.
    pub fn new(n: usize, tests: TestSelection, deal: Option<&DealConfig>) -> Self {
        Self::for_cards(Cards::deck(n), tests, deal)
    }

    /// [`Tally::new`] for decks of `cards` (a shoe's copies, their ids known or not).
    pub fn for_cards(cards: Cards, tests: TestSelection, deal: Option<&DealConfig>) -> Self {
        let n = cards.n;
        let mut battery = Battery::for_cards(cards, tests);
        let game = deal.map(|deal| {
            battery.position_card = PositionCardCounts::new(n).with_start(&deal.start_deck());
            // A shoe written by face: its seat tests cannot tell the copies of a card apart.
            GameStats::new(deal, tests.applying_to_cards(cards))
        });
        Tally { battery, game }
    }

    pub fn shuffles(&self) -> u64 {
        self.battery.shuffles()
    }

    /// Starts a new generator stream (see [`Battery::begin_stream`]).
    #[inline(always)]
    pub fn begin_stream(&mut self) {
        self.battery.begin_stream();
    }

    /// Starts a chunk of `count` decks at deck `first` of the run (see [`Battery::begin_chunk`]).
    pub fn begin_chunk(&mut self, first: u64, count: u64) {
        self.battery.begin_chunk(first, count);
    }

    /// Counts one deck.
    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        self.battery.add(deck);
        if let Some(g) = &mut self.game {
            g.add(deck);
        }
    }

    /// Counts one deck into the battery's chunk tables (the runner's hot path, see [`Battery::add_in_chunk`]).
    ///
    /// Compiled once, not into each shuffle × generator the runner instantiates: the counting goes through the
    /// battery's kernel pointer whatever the caller, and inlining the glue and the game's tables into every
    /// instance tripled the library's compile time (184 s against 56 s on 2 cores) for no measurable speed
    /// (audited fisher-yates/chacha8, one thread: within the ±5% between runs). The shuffle and its generator
    /// stay monomorphised in the caller's loop.
    #[inline(never)]
    pub fn add_in_chunk(&mut self, deck: &[Card]) {
        self.battery.add_in_chunk(deck);
        if let Some(g) = &mut self.game {
            g.add(deck);
        }
    }

    /// See [`Battery::flush_chunk`].
    pub fn flush_chunk(&mut self) {
        self.battery.flush_chunk();
    }

    /// Readies the tally to be copied for a checkpoint ([`Battery::settle`]).
    pub fn settle(&mut self) {
        self.battery.settle();
    }

    pub fn merge(&mut self, other: &Self) {
        self.battery.merge(&other.battery);
        if let (Some(a), Some(b)) = (&mut self.game, &other.game) {
            a.merge(b);
        }
    }

    /// Every counter of the battery and of the deal's statistics, for state files (see
    /// [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.battery.visit_counts(visitor);
        if let Some(g) = &mut self.game {
            g.visit_counts(visitor);
        }
    }

    /// Every selected test that applies, in report order: the deck's, then the table's.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let mut tests = self.battery.evaluate();
        tests.extend(self.game.iter().flat_map(GameStats::evaluate));
        tests
    }
}

crate::stats::statistic::impl_statistic!(Tally, streams);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::DealShape;
    use crate::stats::testing::{copying_counters_restores_it, merging_halves_is_adding_all, random_decks};

    #[test]
    fn a_tally_merges_its_halves_into_the_whole() {
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let decks = random_decks(54, 301, 11);
        merging_halves_is_adding_all(&Tally::new(54, TestSelection::default(), Some(&deal)), &decks);
        merging_halves_is_adding_all(&Tally::new(52, TestSelection::default(), None), &random_decks(52, 301, 12));
    }

    #[test]
    fn a_tally_with_each_game_is_restored_from_its_counters() {
        use crate::game::deal::DealShape;
        for game in [Game::Doudizhu, Game::Douniu] {
            let deal = DealConfig::new(game, None, DealShape::default()).unwrap();
            let decks = random_decks(deal.deck, 301, 13);
            copying_counters_restores_it(&Tally::new(deal.deck, TestSelection::default(), Some(&deal)), &decks);
        }
    }
}
