//! `fisher-yates-forward`: the forward swap shuffle of the 斗地主 material (S5).
//!
//! Position i takes a card drawn uniformly from the not-yet-fixed tail `i..n`. It is Fisher–Yates read
//! left to right and as fair, apart from the modulo bias of `r() % (n−i)`. It makes n calls: the last is
//! `r() % 1`, which always yields 0 but still advances the generator.

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in 0..n { j = i + r() % (n-i); swap(d[i], d[j]) }";

/// Forward Fisher–Yates: n generator calls.
#[derive(Clone, Copy, Debug, Default)]
pub struct FisherYatesForward;

impl Shuffle for FisherYatesForward {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        for i in 0..n {
            let j = i + draw(rng, n - i);
            deck.swap(i, j);
        }
        Ok(())
    }
}
