//! `reject-retry-fixed`: S3's method 1 with the bug fixed (`pos = r() % n`), as S5 also writes it.
//!
//! Every empty slot is equally likely to be the first one drawn, so the result is uniform apart from the
//! modulo bias. Filling the last slots is the coupon collector's tail: about n·H(n) ≈ 250 draws for 54 cards.

use super::reject_retry::place_with_retry;
use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "for card in 0..n { loop { pos = r() % n; if d[pos] is empty { break } } d[pos] = card }";

/// Random destination with retry, `r() % n`.
#[derive(Clone, Copy, Debug, Default)]
pub struct RejectRetryFixed;

impl Shuffle for RejectRetryFixed {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        place_with_retry(deck, rng, scratch, n)
    }
}
