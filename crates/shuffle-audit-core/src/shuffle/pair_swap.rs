//! `pair-swap`: S3's method 2, "swap random pairs a random number of times".
//!
//! The number of swaps is itself random, `r() % 1023`: with probability 1/1023 the deck is not touched at
//! all, and short runs are common. Each swap picks both positions independently (a = b allowed, a no-op).
//! k random transpositions leave `1 + (n−1)(1 − 2/n)^k` fixed points on average (Diaconis & Shahshahani
//! 1981), so averaging over k uniform on 0..1022 gives about 2.4 fixed points instead of 1.
//!
//! The fixed-count variant (`--swaps K`, used by `sweep`) is the same inner loop run exactly K times, without
//! the first draw `cnt = r() % 1023`: K random transpositions with a = b allowed, the walk of Diaconis &
//! Shahshahani. It is not in any source; it exists to show how the bias fades with the number of swaps.

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "cnt = r() % 1023; repeat cnt times { p1 = r() % n; p2 = r() % n; swap(d[p1], d[p2]) }";

/// The fixed-count variant's loop (`--swaps K`).
pub const FIXED_PSEUDOCODE: &str = "repeat k times { p1 = r() % n; p2 = r() % n; swap(d[p1], d[p2]) }";

/// Random pair swaps: `r() % 1023` of them as the source does, or exactly `swaps` when it is set.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairSwap {
    pub swaps: Option<usize>,
}

impl Shuffle for PairSwap {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        let count = match self.swaps {
            Some(k) => k,
            None => draw(rng, 1023),
        };
        for _ in 0..count {
            let p1 = draw(rng, n);
            let p2 = draw(rng, n);
            deck.swap(p1, p2);
        }
        Ok(())
    }
}
