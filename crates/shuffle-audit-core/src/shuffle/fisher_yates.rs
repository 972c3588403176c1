//! `fisher-yates`: Durstenfeld's (1964) in-place form of the Fisher–Yates shuffle (Knuth, TAOCP vol. 2,
//! Algorithm P), as written in S1 v3 (C) and S2 (Python's `randint(0, i)`).
//!
//! With a generator of `2^w` outputs every one of the n! orders has probability `Π 1/(i+1)` up to the
//! modulo bias of `r() % (i+1)`: `2^w mod (i+1)` residues get one extra preimage. For MSVC's 15 bits and
//! `% 52` that is 631 against 630 chances in 32768, a bias that about 10^8 shuffles reveal; for 31- and 32-bit
//! generators it needs about 10^17 and is invisible in practice.
//!
//! With a runtime's generator the draw is the runtime's own: `nextInt(i+1)` (Java), `Next(i+1)` (.NET),
//! `randint(0, i)` (Python), `uniform_int_distribution<int>(0, i)` (C++),
//! `Math.floor(Math.random() * (i + 1))` (JavaScript).

use super::{Fault, Scratch, Shuffle, draw, rem};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }";

/// Backward Fisher–Yates with `r() % (i+1)`: n − 1 generator calls.
#[derive(Clone, Copy, Debug, Default)]
pub struct FisherYates;

impl Shuffle for FisherYates {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        // Every divisor is in the remainder table (and the checks of its index leave the loop).
        assert!(deck.len() <= super::fastmod::MAX_DIVISOR, "no deck has more than 1024 cards");
        // Two steps at a time (the generator's outputs in the same order), then the odd one out.
        let mut i = deck.len().saturating_sub(1);
        if R::SCALES {
            // A runtime's bounded draw (nextInt(i+1), Next(i+1), randint(0, i), uniform_int_distribution(0, i)) may
            // take several outputs per draw: one draw at a time.
            while i >= 1 {
                let j = draw(rng, i + 1);
                deck.swap(i, j);
                i -= 1;
            }
            return Ok(());
        }
        while i >= 2 {
            let (first, second) = rng.r2();
            deck.swap(i, rem::<R>(first, i + 1));
            deck.swap(i - 1, rem::<R>(second, i));
            i -= 2;
        }
        if i == 1 {
            let j = draw(rng, 2);
            deck.swap(1, j);
        }
        Ok(())
    }
}
