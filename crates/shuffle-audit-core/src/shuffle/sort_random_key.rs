//! `sort-random-key`: sorting the deck by a random key per card, C#'s `deck.OrderBy(x => rng.Next()).ToList()`.
//!
//! Every card gets one key, drawn in deck order, then the deck is sorted by key with a stable sort (LINQ's
//! `OrderBy` is stable: cards with equal keys keep their order). The key is the generator's natural draw
//! ([`crate::rng::RawRng::sort_key`]): `Next()` for .NET (31 bits, `0..=2^31−2`), `nextInt()` compared as a
//! signed int for Java (`list.sort(comparingInt(...))` with keys from `nextInt()`), `gen()` for C++'s mt19937
//! (32 bits), `random()` for Python (`sorted(deck, key=lambda c: random.random())`, 53 bits), `r()` for the
//! C and modern generators.
//!
//! With distinct keys the order is uniform. Ties keep the input order, which favours it: for `n` cards and `K`
//! equally likely keys, some pair ties with probability about `n(n−1)/(2K)`, and each tie leaves the earlier card
//! in front. For 52 cards that is 6.2e-7 with 31-bit keys and 3.1e-7 with 32-bit keys: a pair's order is biased
//! by about `1/(2K)` = 2.3e-10 (31 bits), far below what any feasible number of shuffles can see. MSVC's 15-bit
//! keys tie constantly (about 4% of 52-card decks have a tie) and the bias is visible.

use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "keys = [key() for each card, in deck order]; stable-sort d by keys";

/// Stable sort by one random key per card.
#[derive(Clone, Copy, Debug, Default)]
pub struct SortRandomKey;

impl Shuffle for SortRandomKey {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        // Key and position in one word: sorting the words (unstably, no allocation) is the stable sort by key,
        // since the position breaks every tie in input order.
        let keys = &mut scratch.keys;
        keys.clear();
        keys.extend((0..deck.len()).map(|i| (u128::from(rng.sort_key()) << 16) | i as u128));
        keys.sort_unstable();
        let cards = &mut scratch.cards;
        cards.clear();
        cards.extend_from_slice(deck);
        for (slot, word) in deck.iter_mut().zip(keys.iter()) {
            *slot = cards[(*word & 0xffff) as usize];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generator whose outputs repeat with a short period: its keys tie.
    struct Repeating(u32);

    impl RawRng for Repeating {
        const BITS: u32 = 2;
        fn r(&mut self) -> u32 {
            self.0 = (self.0 + 3) % 4;
            self.0
        }
    }

    #[test]
    fn ties_keep_the_input_order() {
        // Keys 3 2 1 0 3 2 1 0 …: the cards with equal keys come out in their input order.
        let mut deck: Vec<Card> = (0..8).collect();
        SortRandomKey.shuffle(&mut deck, &mut Repeating(0), &mut Scratch::new(8)).unwrap();
        assert_eq!(deck, [3, 7, 2, 6, 1, 5, 0, 4]);
    }
}
