//! Exact laws: the null distributions of permutation statistics, the exact position-by-card marginals of every
//! shuffle of the catalogue with ideal or w-bit draws ([`model`]), the whole law over the n! orders of small
//! decks ([`order_law`]), what it takes to see a bias by sampling ([`detect`]), the expectations of k random
//! transpositions, and the exact marginals and order laws of the hand shuffles (riffle, overhand, top-to-random)
//! and of the random-comparator sort; what a card guesser can get from them ([`guessing`]); which of the
//! catalogue's loops a biased matrix looks like ([`resemblance`]).

pub mod against;
pub mod chains;
pub mod choices;
pub mod dd;
pub mod detect;
pub mod draws;
pub mod guessing;
pub mod laws;
pub mod machines;
pub mod marginals;
pub mod model;
pub mod multiset;
pub mod order_law;
pub mod overhand;
pub mod resemblance;
pub mod retry;
pub mod riffle;
pub mod sort_random_comparator;
pub mod top_to_random;
pub mod transpositions;

#[cfg(test)]
pub(crate) mod testing {
    //! What the tests of the exact laws share.
    use crate::cards::Card;
    use crate::rng::{ChaCha8, SeededRng};
    use crate::shuffle::{Scratch, Shuffle};
    use crate::stats::PositionCardCounts;

    /// The position-by-card counts of `shuffles` decks of `n` cards shuffled by `s` from ChaCha8 seeded `seed`.
    pub(crate) fn counts_of<S: Shuffle>(s: &S, n: usize, shuffles: u64, seed: u64) -> PositionCardCounts {
        let mut rng = ChaCha8::from_seed_u64(seed);
        let mut scratch = Scratch::new(n);
        let mut counts = PositionCardCounts::new(n);
        let mut deck: Vec<Card> = Vec::with_capacity(n);
        for _ in 0..shuffles {
            deck.clear();
            deck.extend(0..n as Card);
            s.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
            counts.add(&deck);
        }
        counts
    }
}

use std::fmt;

/// Why a shuffle's exact law cannot be computed, and the nearest thing that can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intractable {
    /// Why not, in words: `direct-draw does not produce a permutation`.
    pub reason: String,
    /// The nearest thing that can be computed or run instead.
    pub nearest: String,
}

impl fmt::Display for Intractable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the exact law is intractable: {}; {}", self.reason, self.nearest)
    }
}

impl std::error::Error for Intractable {}

/// The lexicographic rank of an arrangement (its Lehmer code read in the factorial number system): 0 for the
/// identity `d = 0, 1, …, n−1`, n! − 1 for the reversal. `d[pos] = card`, n ≤ 20.
pub fn lehmer_rank(d: &[u8]) -> usize {
    let n = d.len();
    let mut rank = 0usize;
    for i in 0..n {
        let smaller = d[i + 1..].iter().filter(|&&x| x < d[i]).count();
        rank = rank * (n - i) + smaller;
    }
    rank
}

/// The arrangement of lexicographic rank `rank` (the inverse of [`lehmer_rank`]).
pub fn lehmer_unrank(mut rank: usize, n: usize) -> Vec<u8> {
    let mut code = vec![0usize; n];
    for i in (0..n).rev() {
        let base = n - i;
        code[i] = rank % base;
        rank /= base;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    code.into_iter().map(|k| left.remove(k)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_lexicographic() {
        assert_eq!(lehmer_rank(&[0, 1, 2, 3]), 0);
        assert_eq!(lehmer_rank(&[0, 1, 3, 2]), 1);
        assert_eq!(lehmer_rank(&[3, 2, 1, 0]), 23);
        for r in 0..120 {
            assert_eq!(lehmer_rank(&lehmer_unrank(r, 5)), r);
        }
    }
}
