//! `mark-array`: S1's second version, draw a card and retry if it was already dealt.
//!
//! Position i receives the first not-yet-used card among the draws `c = r() % n`; a `used` array marks the
//! cards dealt. Uniform apart from the modulo bias, but slow like any coupon collector (≈ n·H(n) draws).
//! It draws cards, where `reject-retry-fixed` draws positions: the two give inverse permutations.

use super::{Fault, RETRY_CAP, Scratch, Shuffle, Stuck, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "for i in 0..n { loop { c = r() % n; if !used[c] { break } } used[c] = true; d[i] = c }";

/// Draw cards with a used-marks array.
#[derive(Clone, Copy, Debug, Default)]
pub struct MarkArray;

impl Shuffle for MarkArray {
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let n = deck.len();
        let src = &mut scratch.cards;
        src.clear();
        src.extend_from_slice(deck);
        let used = &mut scratch.flags;
        used.clear();
        used.resize(n, false);
        let mut draws = 0u64;
        for i in 0..n {
            let mut tries = 0u64;
            let c = loop {
                if tries == RETRY_CAP {
                    return Err(Fault::NonTermination(Box::new(Stuck {
                        card_index: i,
                        placed: i,
                        draws_to_place: draws,
                        draws_on_stuck: RETRY_CAP,
                        free_slots: (i..n).collect(),
                        unreachable_slots: Vec::new(),
                        partial: (0..n).map(|p| (p < i).then(|| deck[p])).collect(),
                    })));
                }
                let c = draw(rng, n);
                tries += 1;
                if !used[c] {
                    break c;
                }
            };
            draws += tries;
            used[c] = true;
            deck[i] = src[c];
        }
        Ok(())
    }
}
