//! `reject-retry`: S3's method 1 exactly as written, with its bug.
//!
//! Each card draws a destination `pos = r() % (n−1)` until it finds an empty one. `% (n−1)` can never yield
//! n − 1, so after n − 1 cards have filled slots 0..n−2 the last card has nowhere to go and the original
//! program loops forever. Here the loop is stopped after [`RETRY_CAP`] draws for one card and reported as a
//! [`Fault::NonTermination`], with the card, the free slot and the slots that cannot be drawn.

use super::{Fault, RETRY_CAP, Scratch, Shuffle, Stuck, draw, reachable_below};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "for card in 0..n { loop { pos = r() % (n-1); if d[pos] is empty { break } } d[pos] = card }";

/// Random destination with retry, `r() % (n−1)` as the source wrote it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RejectRetry;

impl Shuffle for RejectRetry {
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        place_with_retry(deck, rng, scratch, deck.len() - 1)
    }
}

/// Shared by `reject-retry` (`m = n − 1`) and `reject-retry-fixed` (`m = n`): card k of the current deck goes
/// to the first empty slot among the draws `r() % m`.
#[inline]
pub(super) fn place_with_retry<R: RawRng>(
    deck: &mut [Card],
    rng: &mut R,
    scratch: &mut Scratch,
    m: usize,
) -> Result<(), Fault> {
    let n = deck.len();
    let src = &mut scratch.cards;
    src.clear();
    src.extend_from_slice(deck);
    let filled = &mut scratch.flags;
    filled.clear();
    filled.resize(n, false);
    let mut draws = 0u64;
    for (k, &card) in src.iter().enumerate() {
        let mut tries = 0u64;
        let pos = loop {
            if tries == RETRY_CAP {
                return Err(stuck(k, draws, reachable_below::<R>(m), filled, deck));
            }
            let pos = draw(rng, m);
            tries += 1;
            if !filled[pos] {
                break pos;
            }
        };
        draws += tries;
        filled[pos] = true;
        deck[pos] = card;
    }
    Ok(())
}

#[cold]
fn stuck(k: usize, draws: u64, reach: usize, filled: &[bool], deck: &[Card]) -> Fault {
    Fault::NonTermination(Box::new(Stuck {
        card_index: k,
        placed: k,
        draws_to_place: draws,
        draws_on_stuck: RETRY_CAP,
        free_slots: (0..deck.len()).filter(|&p| !filled[p]).collect(),
        unreachable_slots: (reach..deck.len()).collect(),
        partial: deck.iter().zip(filled).map(|(&c, &f)| f.then_some(c)).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::reset;
    use crate::rng::MsvcRand;

    #[test]
    fn the_last_card_never_finds_a_slot() {
        let mut deck = vec![0; 54];
        reset(&mut deck);
        let mut g = MsvcRand::srand(1);
        let err = RejectRetry.shuffle(&mut deck, &mut g, &mut Scratch::new(54)).unwrap_err();
        let Fault::NonTermination(s) = err else { panic!("expected non-termination") };
        assert_eq!((s.card_index, s.placed, s.draws_to_place), (53, 53, 173));
        assert_eq!(s.free_slots, vec![53]);
        assert_eq!(s.unreachable_slots, vec![53]);
    }
}
