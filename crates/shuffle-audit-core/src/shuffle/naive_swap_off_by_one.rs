//! `naive-swap-off-by-one`: the shuffle of the 1999 online-poker exploit (Arkin et al., "How We Learned to
//! Cheat at Online Poker").
//!
//! Like `naive-swap` but with `r() % (n−1)`: position n − 1 is never drawn, so the card that starts last
//! can only leave, never stay; the last card is never where it began.

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in 0..n { j = r() % (n-1); swap(d[i], d[j]) }";

/// Swap each position with one drawn from `0..n−1`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaiveSwapOffByOne;

impl Shuffle for NaiveSwapOffByOne {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        for i in 0..n {
            let j = draw(rng, n - 1);
            deck.swap(i, j);
        }
        Ok(())
    }
}
