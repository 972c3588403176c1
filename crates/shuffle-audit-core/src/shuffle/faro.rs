//! `faro`: perfect faro (riffle) shuffles, the magician's and the card cheat's (Diaconis, Graham & Kantor, "The
//! mathematics of perfect shuffles", Adv. Appl. Math. 4, 1983).
//!
//! The deck is cut exactly in half and the halves are interleaved one card from each in turn. An out-shuffle
//! (`--faro out`, the default) keeps the top card on top: the top half leads; an in-shuffle (`--faro in`) puts the
//! bottom half's first card on top. With an odd number of cards the leading half is the longer one: for an
//! out-shuffle the top ⌈n/2⌉ cards, for an in-shuffle the bottom ⌈n/2⌉. No draw is made: 8 out-shuffles bring 52
//! cards back to their order, and 52 in-shuffles do. A deterministic control that must FAIL.

use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "repeat k times { if out { a = d[0..ceil(n/2)]; b = d[ceil(n/2)..n] } else \
     { a = d[floor(n/2)..n]; b = d[0..floor(n/2)] }; d = a[0] b[0] a[1] b[1] ... }";

/// Perfect faro shuffles: `passes` of them, out-shuffles or in-shuffles.
#[derive(Clone, Copy, Debug)]
pub struct Faro {
    pub passes: usize,
    pub in_shuffle: bool,
}

impl Shuffle for Faro {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], _rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        for _ in 0..self.passes {
            faro_pass(deck, self.in_shuffle, &mut scratch.cards);
        }
        Ok(())
    }
}

/// One perfect shuffle of `deck`; `buf` holds a copy of the deck.
#[inline]
pub fn faro_pass(deck: &mut [Card], in_shuffle: bool, buf: &mut Vec<Card>) {
    let n = deck.len();
    buf.clear();
    buf.extend_from_slice(deck);
    let (lead, follow) = if in_shuffle {
        let (b, a) = buf.split_at(n / 2);
        (a, b)
    } else {
        let (a, b) = buf.split_at(n.div_ceil(2));
        (a, b)
    };
    for (i, slot) in deck.iter_mut().enumerate() {
        *slot = if i % 2 == 0 { lead[i / 2] } else { follow[i / 2] };
    }
}
