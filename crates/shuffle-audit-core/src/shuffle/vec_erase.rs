//! `vec-erase`: S3's method 3, draw an index into a shrinking vector and erase it.
//!
//! `t = r() % len` uses the length *before* the decrement, so every remaining card is a candidate: the
//! result is uniform apart from modulo bias. Erasing from a vector makes it O(n²).

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "v = d; len = n; while len > 0 { t = r() % len; len -= 1; out.push(v.remove(t)) }";

/// Draw-and-erase from a vector: n generator calls.
#[derive(Clone, Copy, Debug, Default)]
pub struct VecErase;

impl Shuffle for VecErase {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let v = &mut scratch.cards;
        v.clear();
        v.extend_from_slice(deck);
        for (k, slot) in deck.iter_mut().enumerate() {
            let len = v.len();
            let t = draw(rng, len);
            *slot = v.remove(t);
            debug_assert_eq!(v.len() + k + 1, len + k);
        }
        Ok(())
    }
}
