//! `top-to-random`: take the top card and put it back at a uniformly random place (D. Aldous & P. Diaconis 1986,
//! "Shuffling cards and stopping times", Amer. Math. Monthly 93(5)).
//!
//! The place is `j = r() % n` (0 puts the card back on top, `n − 1` at the bottom). The deck is exactly uniform
//! once the card that started at the bottom has come up to the top and been inserted, a strong uniform time with
//! mean `n·H(n)` moves (coupon collecting); the total variation cuts off at `n ln n`. `--moves K` sets the number
//! of moves; the default is `ceil(n·H(n))`, 236 for 52 cards.

use super::{Draws, Fault, RngDraws, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str =
    "repeat k times { j = r() % n; t = d[0]; for i in 0..j { d[i] = d[i+1] }; d[j] = t }";

/// `k` top-to-random moves (`--moves K`, default ceil(n·H(n))).
#[derive(Clone, Copy, Debug)]
pub struct TopToRandom {
    pub moves: usize,
}

/// Moves when `--moves` is not given: `ceil(n·H(n))`, the mean time until the deck is exactly uniform (236 for
/// 52 cards, 248 for 54).
pub fn default_moves(n: usize) -> usize {
    let h: f64 = (1..=n).map(|i| 1.0 / i as f64).sum();
    (n as f64 * h).ceil() as usize
}

impl Shuffle for TopToRandom {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        let mut draws = RngDraws(rng);
        for _ in 0..self.moves {
            top_to_random_move(deck, &mut draws);
        }
        Ok(())
    }
}

/// One move: the top card goes to place `r() % n`.
#[inline]
pub fn top_to_random_move<D: Draws>(deck: &mut [Card], d: &mut D) {
    let j = d.below(deck.len());
    deck[..=j].rotate_left(1);
}

#[cfg(test)]
mod tests {
    #[test]
    fn default_moves_is_n_harmonic_rounded_up() {
        assert_eq!(super::default_moves(52), 236);
        assert_eq!(super::default_moves(54), 248);
        assert_eq!(super::default_moves(2), 3);
    }
}
