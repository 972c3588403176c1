//! `pile`: the pile shuffle, as people do it at a card table and as some shuffling routines are written: deal the
//! deck into `P` piles in turn, then stack the piles.
//!
//! The card at position i (from the top) goes on top of pile `i mod P`, so each pile reads its cards in reverse
//! order of dealing. With `--pile-order fixed` (the default) pile 0 is put on top, then pile 1, and so on: the
//! result is always the same permutation, a deterministic control that must FAIL however many times it runs.
//! With `--pile-order random` the piles are stacked in a uniformly random order (a backward Fisher–Yates of `0..P`
//! with `r() % (i + 1)`, the first pile of that order on top): still only `P!` orders of the deck.

use super::{Draws, Fault, RngDraws, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in 0..n { pile[i % p].push_top(d[i]) }; order = 0..p; if random { for i in \
     (1..p).rev() { swap(order[i], order[r() % (i + 1)]) } }; d = concat(pile[o] top to bottom for o in order)";

/// Piles when `--piles` is not given.
pub const DEFAULT_PILES: usize = 7;

/// A pile shuffle into `piles` piles (`--piles P`, default 7), stacked in a fixed or a random order.
#[derive(Clone, Copy, Debug)]
pub struct Pile {
    pub piles: usize,
    pub random_order: bool,
}

impl Shuffle for Pile {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        pile_pass(deck, self.piles, self.random_order, &mut RngDraws(rng), scratch);
        Ok(())
    }
}

/// One pile shuffle of `deck` into `p` piles (`p ≥ 1`), the order of the piles drawn from `d` when `random`.
#[inline]
pub fn pile_pass<D: Draws>(deck: &mut [Card], p: usize, random: bool, d: &mut D, scratch: &mut Scratch) {
    let n = deck.len();
    let Scratch { cards, seen, .. } = scratch;
    cards.clear();
    cards.extend_from_slice(deck);
    if seen.len() < p {
        seen.resize(p, 0);
    }
    let order = &mut seen[..p];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u32;
    }
    if random {
        for i in (1..p).rev() {
            let j = d.below(i + 1);
            order.swap(i, j);
        }
    }
    let mut at = 0;
    for &pile in order.iter() {
        let pile = pile as usize;
        if pile >= n {
            continue;
        }
        // The last card dealt to the pile is its top: positions pile, pile + p, …, read from the last.
        let last = pile + (n - 1 - pile) / p * p;
        let mut i = last as isize;
        while i >= 0 {
            deck[at] = cards[i as usize];
            at += 1;
            i -= p as isize;
        }
    }
    debug_assert_eq!(at, n);
}
