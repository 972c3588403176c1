//! `library-shuffle`: the runtime's own shuffle, called the way a game calls it: `Collections.shuffle(deck,
//! rnd)` in Java, `std::shuffle(deck.begin(), deck.end(), gen)` in C++ (libstdc++), `random.shuffle(deck)` in
//! Python. Only the runtimes' generators have one ([`crate::rng::RngKind::library_shuffle`]); .NET has no
//! library shuffle before .NET 8's `Random.Shuffle`, which this tool does not reproduce.
//!
//! Java's and Python's are the backward Fisher–Yates loop with their exactly uniform bounded draws; libstdc++'s
//! walks forward and takes two positions from one draw (see [`crate::rng::StdMt19937`]). All three are fair up
//! to the generator itself.

use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "Collections.shuffle(d, rnd) | std::shuffle(d.begin(), d.end(), gen) | random.shuffle(d)";

/// The runtime's library shuffle.
#[derive(Clone, Copy, Debug, Default)]
pub struct LibraryShuffle;

impl Shuffle for LibraryShuffle {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        // The run's validation refuses this algorithm for a generator without a library shuffle
        // (AlgorithmKind::check_rng), so the deck is always shuffled here.
        let shuffled = rng.library_shuffle(deck);
        assert!(shuffled, "library-shuffle with a generator that has none: refused by the run's validation");
        Ok(())
    }
}
