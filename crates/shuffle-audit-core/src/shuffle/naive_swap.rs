//! `naive-swap`: the classic wrong shuffle, "swap every card with a random card".
//!
//! n steps with n choices each give n^n equally likely paths, which cannot spread evenly over n! orders
//! (n^n is not a multiple of n! for n > 2). The bias is strong: at n = 52 the position-by-card cells range
//! from about 0.74 to 1.35 of their fair value. Popularised by Jeff Atwood ("The Danger of Naïveté", 2007) and
//! Mike Bostock's "Will It Shuffle?".

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in 0..n { j = r() % n; swap(d[i], d[j]) }";

/// Swap each position with a uniformly drawn one.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaiveSwap;

impl Shuffle for NaiveSwap {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        for i in 0..n {
            let j = draw(rng, n);
            deck.swap(i, j);
        }
        Ok(())
    }
}
