//! `direct-draw`: S1's first version, `d[i] = r() % n` with no de-duplication.
//!
//! The result is a sequence of n independent draws, not a permutation: a 20-card deal from 52 repeats a card
//! with probability 0.985, a whole 52-card deck with probability 1 − 52!/52^52 ≈ 1. Reported as a
//! [`Fault::NotPermutation`] with the repeated and missing cards; the drawn cards are left in the deck so
//! that `shuffle` can print them.

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::{Card, PermutationDefect};
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in 0..n { d[i] = r() % n }";

/// Independent draws with replacement.
#[derive(Clone, Copy, Debug, Default)]
pub struct DirectDraw;

impl Shuffle for DirectDraw {
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        let src = &mut scratch.cards;
        src.clear();
        src.extend_from_slice(deck);
        for slot in deck.iter_mut() {
            *slot = src[draw(rng, n)];
        }
        scratch.seen.resize(n, 0);
        match PermutationDefect::check(deck, &mut scratch.seen) {
            None => Ok(()),
            Some(defect) => Err(Fault::NotPermutation(defect)),
        }
    }
}
