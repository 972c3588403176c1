//! The one shape of every statistic: an accumulator that counts shuffled decks, merges with the accumulator of
//! other decks, and evaluates to its tests.
//!
//! The runner, sharding and resuming are the same fold over it: chunks of decks are counted separately and
//! merged in any order, and the merged accumulator is the one that would have counted every deck, byte for byte
//! (integer counts). Every deck statistic of [`crate::stats::deck`], the [`crate::stats::Battery`] that holds
//! them and the table statistics of a deal implement it, delegating to their own methods of the same names: the
//! battery's hot path still calls those directly (and its fused one-pass kernel), so the trait costs nothing.

use crate::cards::Card;
use crate::stats::TestResult;

/// An accumulator of shuffled decks.
///
/// `merge` folds in an accumulator of the same configuration that counted other decks: counting a sequence of
/// decks in two parts and merging equals counting it whole, when the whole starts a new stream where the second
/// part starts ([`Statistic::begin_stream`]: a part is a stream of its own).
pub trait Statistic {
    /// Counts one deck (a permutation of `0..n`).
    fn add(&mut self, deck: &[Card]);

    /// Adds the counts of `other`.
    fn merge(&mut self, other: &Self);

    /// The tests on the decks counted so far.
    fn evaluate(&self) -> Vec<TestResult>;

    /// Starts a new stream of decks: the next deck is not paired with the previous one. Only the statistics
    /// that pair consecutive decks (serial correlation, and what holds it) have anything to do.
    fn begin_stream(&mut self) {}

    /// Hands every counter of the accumulator to `visitor`, in a fixed order, as named arrays of `u64`: what a
    /// state file stores and reads back (`shuffle_audit::audit::state`). Two accumulators of the same configuration
    /// visit the same names and lengths; an accumulator whose counters are all overwritten through this equals
    /// the one they came from. Configuration (deck size, starting order) and per-deck scratch are not counters.
    fn visit_counts(&mut self, visitor: &mut dyn CountVisitor);
}

/// Receives an accumulator's counters ([`Statistic::visit_counts`]): to read them, or to overwrite them.
pub trait CountVisitor {
    /// One named array of counters (a single counter is an array of one).
    fn visit(&mut self, name: &str, values: &mut [u64]);

    /// Whether this visitor only reads the counters: an accumulator may then hand an array over by
    /// [`CountVisitor::read`], without a mutable (and so possibly copied) view of it.
    fn only_reads(&self) -> bool {
        false
    }

    /// An array handed over for reading only (when [`CountVisitor::only_reads`] says so).
    fn read(&mut self, name: &str, values: &[u64]) {
        self.visit(name, &mut values.to_vec());
    }
}

/// Visits a 128-bit counter as two 64-bit words, low first.
pub fn visit_u128(visitor: &mut dyn CountVisitor, name: &str, value: &mut u128) {
    let mut words = [*value as u64, (*value >> 64) as u64];
    visitor.visit(name, &mut words);
    *value = u128::from(words[0]) | (u128::from(words[1]) << 64);
}

/// Implements [`Statistic`] for a type whose own `add`, `merge`, `evaluate` and `visit_counts` (and, with
/// `streams`, `begin_stream`) have the trait's signatures, by delegating to them.
#[macro_export]
#[doc(hidden)]
macro_rules! impl_statistic {
    ($t:ty $(, $streams:ident)?) => {
        impl $crate::stats::statistic::Statistic for $t {
            #[inline(always)]
            fn add(&mut self, deck: &[$crate::cards::Card]) {
                <$t>::add(self, deck)
            }

            fn merge(&mut self, other: &Self) {
                <$t>::merge(self, other)
            }

            fn evaluate(&self) -> Vec<$crate::stats::TestResult> {
                <$t>::evaluate(self)
            }

            fn visit_counts(&mut self, visitor: &mut dyn $crate::stats::statistic::CountVisitor) {
                <$t>::visit_counts(self, visitor)
            }

            $(
                fn begin_stream(&mut self) {
                    // `streams`: the type pairs consecutive decks and has a `begin_stream` of its own.
                    let _ = stringify!($streams);
                    <$t>::begin_stream(self)
                }
            )?
        }
    };
}

pub use crate::impl_statistic;

#[cfg(test)]
mod tests {
    use crate::cards::Card;
    use crate::stats::deck::adjacency::AdjacencyCounts;
    use crate::stats::deck::cycles::CycleCounts;
    use crate::stats::deck::duplicate_decks::DuplicateDecks;
    use crate::stats::deck::fixed_points::FixedPointCounts;
    use crate::stats::deck::full_permutation::PermutationCounts;
    use crate::stats::deck::inversions::InversionCounts;
    use crate::stats::deck::parity::ParityCounts;
    use crate::stats::deck::rising_sequences::RisingSequenceCounts;
    use crate::stats::deck::serial_correlation::SerialCorrelation;
    use crate::stats::deck::suit_rank::ClassPositionCounts;
    use crate::stats::testing::{copying_counters_restores_it, merging_halves_is_adding_all, random_decks};
    use crate::stats::{Battery, PositionCardCounts, TestId, TestSelection};

    #[test]
    fn every_deck_statistic_merges_its_halves_into_the_whole() {
        for n in [5usize, 8, 52, 54, 65] {
            let decks = random_decks(n, 301, n as u64);
            merging_halves_is_adding_all(&PositionCardCounts::new(n), &decks);
            merging_halves_is_adding_all(&AdjacencyCounts::new(n), &decks);
            merging_halves_is_adding_all(&ParityCounts::new(n), &decks);
            merging_halves_is_adding_all(&FixedPointCounts::new(n), &decks);
            merging_halves_is_adding_all(&CycleCounts::new(n), &decks);
            merging_halves_is_adding_all(&InversionCounts::new(n), &decks);
            merging_halves_is_adding_all(&RisingSequenceCounts::new(n), &decks);
            merging_halves_is_adding_all(&SerialCorrelation::new(n), &decks);
            merging_halves_is_adding_all(&DuplicateDecks::new(n), &decks);
            if n <= 8 {
                merging_halves_is_adding_all(&PermutationCounts::new(n), &decks);
            }
            if n == 52 || n == 54 {
                merging_halves_is_adding_all(&ClassPositionCounts::suits(n), &decks);
                merging_halves_is_adding_all(&ClassPositionCounts::ranks(n), &decks);
            }
        }
    }

    #[test]
    fn every_counter_of_every_statistic_is_visited() {
        for n in [5usize, 8, 52, 54, 65] {
            let decks = random_decks(n, 301, 3 + n as u64);
            copying_counters_restores_it(&PositionCardCounts::new(n), &decks);
            copying_counters_restores_it(&AdjacencyCounts::new(n), &decks);
            copying_counters_restores_it(&ParityCounts::new(n), &decks);
            copying_counters_restores_it(&FixedPointCounts::new(n), &decks);
            copying_counters_restores_it(&CycleCounts::new(n), &decks);
            copying_counters_restores_it(&InversionCounts::new(n), &decks);
            copying_counters_restores_it(&RisingSequenceCounts::new(n), &decks);
            copying_counters_restores_it(&SerialCorrelation::new(n), &decks);
            copying_counters_restores_it(&DuplicateDecks::new(n), &decks);
            copying_counters_restores_it(&Battery::new(n), &decks);
            if n <= 8 {
                copying_counters_restores_it(&PermutationCounts::new(n), &decks);
            }
            if n == 52 || n == 54 {
                copying_counters_restores_it(&ClassPositionCounts::suits(n), &decks);
                copying_counters_restores_it(&ClassPositionCounts::ranks(n), &decks);
            }
        }
    }

    #[test]
    fn the_battery_merges_its_halves_into_the_whole() {
        for n in [4usize, 8, 52, 65] {
            let decks = random_decks(n, 301, 7 + n as u64);
            merging_halves_is_adding_all(&Battery::new(n), &decks);
            let some = TestSelection::only(&[TestId::Cycles, TestId::SerialCorrelation, TestId::Adjacency]);
            merging_halves_is_adding_all(&Battery::with_tests(n, some), &decks);
        }
        // A deck that never moves: every statistic far from fair, the same whichever way it is counted.
        let fixed: Vec<Vec<Card>> = vec![(0..52).rev().collect(); 40];
        merging_halves_is_adding_all(&Battery::new(52), &fixed);
    }
}
