//! `shelf`: the casino shelf shuffling machine as Diaconis, Fulman & Holmes modelled it ("Analysis of casino
//! shelf shuffling machines", Ann. Appl. Probab. 23(4), 2013, arXiv 1107.2961).
//!
//! The machine takes the deck from the top, one card at a time; each card goes to one of `M` shelves chosen
//! uniformly (10 in the machine studied) and is put on the top or at the bottom of that shelf's pile with
//! probability ½; the piles are then gathered in a random order. A pile read from the top is the cards put on
//! top, last first, then the cards put at the bottom, first first: values fall, then rise (a "V"), so the
//! machine's decks have too few valleys. DFH showed that after one pass a player who guesses each next card, with
//! the cards already shown, gets about 9.5 right per 52-card deck against 4.5 for a random deck, though the
//! maker's tests had passed it; the maker then ran two passes.
//!
//! How the draws are used, exactly: for each card from position 0 up, `s = r() % M`, then `r() % 2` (1: on top of
//! pile s, 0: at its bottom; the first card of an empty pile is the pile either way); then the order in which the
//! piles are gathered is a backward Fisher–Yates of `0..M` with `r() % (i + 1)`, and the first pile of that order
//! becomes the top of the deck. `--shelves M` (default 10) and `--passes K` (default 1) repeat it.

use super::{Draws, Fault, RngDraws, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "repeat k times { for i in 0..n { s[i] = r() % m; top[i] = r() % 2 == 1 }; \
     order = 0..m; for i in (1..m).rev() { swap(order[i], order[r() % (i + 1)]) }; e = []; for p in order { \
     for i in (0..n).rev() { if s[i] == p and top[i] { e.push(d[i]) } }; for i in 0..n { if s[i] == p and \
     not top[i] { e.push(d[i]) } } }; d = e }";

/// Shelves when `--shelves` is not given: the machine DFH studied.
pub const DEFAULT_SHELVES: usize = 10;

/// `k` passes of an `m`-shelf machine (`--shelves M`, `--passes K`, default 10 shelves, 1 pass).
#[derive(Clone, Copy, Debug)]
pub struct Shelf {
    pub shelves: usize,
    pub passes: usize,
}

impl Shuffle for Shelf {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        let mut draws = RngDraws(rng);
        for _ in 0..self.passes {
            shelf_pass(deck, self.shelves, &mut draws, scratch);
        }
        Ok(())
    }
}

/// One pass of an `m`-shelf machine over `deck` with the choices `d` makes. `scratch.seen` holds each card's
/// shelf and side, then the order of the shelves (no allocation once it has grown to `n + m`).
#[inline]
pub fn shelf_pass<D: Draws>(deck: &mut [Card], m: usize, d: &mut D, scratch: &mut Scratch) {
    let n = deck.len();
    let Scratch { cards, seen, .. } = scratch;
    cards.clear();
    cards.extend_from_slice(deck);
    if seen.len() < n + m {
        seen.resize(n + m, 0);
    }
    let (place, order) = seen.split_at_mut(n);
    for p in place.iter_mut() {
        let shelf = d.below(m) as u32;
        let top = d.below(2) as u32;
        *p = shelf << 1 | top;
    }
    let order = &mut order[..m];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u32;
    }
    for i in (1..m).rev() {
        let j = d.below(i + 1);
        order.swap(i, j);
    }
    let mut at = 0;
    for &shelf in order.iter() {
        let (on_top, at_bottom) = (shelf << 1 | 1, shelf << 1);
        for i in (0..n).rev() {
            if place[i] == on_top {
                deck[at] = cards[i];
                at += 1;
            }
        }
        for i in 0..n {
            if place[i] == at_bottom {
                deck[at] = cards[i];
                at += 1;
            }
        }
    }
    debug_assert_eq!(at, n);
}
