//! `wash`: S4's "wash the deck" class, k pair swaps with the two positions forced apart.
//!
//! When the two draws coincide the second position moves to the next slot (wrapping to 0), so every step is
//! a real transposition and the permutation's parity is always `k mod 2`: half of all orders can never
//! appear. The source's default is k = 54 ("108 if unsure"); random transpositions mix only near
//! (1/2)·n·ln n ≈ 108 steps for 54 cards (Diaconis & Shahshahani 1981), and at k = 54 about 7.6 cards stay
//! in place on average instead of 1.

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "repeat k times { a = r() % n; b = r() % n; if a == b { b = a + 1; if b >= n { b = 0 } } swap(d[a], d[b]) }";

/// k forced-distinct pair swaps (`--swaps K`, default the deck size).
#[derive(Clone, Copy, Debug)]
pub struct Wash {
    pub swaps: usize,
}

impl Shuffle for Wash {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        for _ in 0..self.swaps {
            let a = draw(rng, n);
            let mut b = draw(rng, n);
            if a == b {
                b = a + 1;
                if b >= n {
                    b = 0;
                }
            }
            deck.swap(a, b);
        }
        Ok(())
    }
}
