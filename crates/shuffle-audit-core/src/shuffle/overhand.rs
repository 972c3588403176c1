//! `overhand`: the overhand shuffle as Pemantle modelled it (R. Pemantle 1989, "Randomization time for the
//! overhand shuffle", J. Theoret. Probab. 2(1); J. Jonasson 2006, "The overhand shuffle mixes in Θ(n² log n)
//! steps", Ann. Appl. Probab. 16(1)).
//!
//! One pass cuts the deck at each of the `n − 1` gaps between neighbouring cards independently with probability
//! 1/2 (the gap after position `g − 1` is a cut when `r() % 2 == 1`, drawn for `g = 1..n` in order) and
//! reverses the order of the packets, each packet keeping its own order: the hand slides small packets off the
//! top onto the other hand, so the first packet ends at the bottom. A card moves only a few places per pass,
//! so the shuffle is slow: Jonasson shows order n² log n passes are needed (thousands for 52 cards), where
//! people do about ten. `--passes K` sets the number of passes (default 10).

use super::{Draws, Fault, RngDraws, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "repeat k times { e = []; p = [d[0]]; for g in 1..n { if r() % 2 == 1 { e = p ++ e; \
     p = [] }; p.push(d[g]) }; d = p ++ e }";

/// Passes when `--passes` is not given: about what a person does at a card table.
pub const DEFAULT_PASSES: usize = 10;

/// `k` overhand passes (`--passes K`, default 10).
#[derive(Clone, Copy, Debug)]
pub struct Overhand {
    pub passes: usize,
}

impl Shuffle for Overhand {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let mut draws = RngDraws(rng);
        for _ in 0..self.passes {
            overhand_pass(deck, &mut draws, &mut scratch.cards);
        }
        Ok(())
    }
}

/// One overhand pass of `deck` with the choices `d` makes; `buf` holds a copy of the deck.
#[inline]
pub fn overhand_pass<D: Draws>(deck: &mut [Card], d: &mut D, buf: &mut Vec<Card>) {
    let n = deck.len();
    buf.clear();
    buf.extend_from_slice(deck);
    // The packet buf[start..g] goes just above the packets already placed, which fill deck[end..n].
    let mut start = 0;
    let mut end = n;
    for g in 1..=n {
        if g == n || d.below(2) == 1 {
            let len = g - start;
            deck[end - len..end].copy_from_slice(&buf[start..g]);
            end -= len;
            start = g;
        }
    }
}
