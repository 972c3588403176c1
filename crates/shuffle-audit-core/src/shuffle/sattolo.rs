//! `sattolo`: Sattolo's algorithm (S. Sattolo, "An algorithm to generate a random cyclic permutation",
//! Information Processing Letters 22, 1986), the Fisher–Yates loop with its partner drawn strictly below `i`: `for i in (1..n).rev() { j = r() % i; swap(d[i], d[j]) }`.
//!
//! It is a common bug in real code (Java's `j = rnd.nextInt(i)` where `nextInt(i + 1)` was meant): every deck
//! it deals is a single cycle through all n cards, uniform over the (n−1)! such cycles. No card ever stays in
//! place, the parity is always that of n − 1, and a card that starts at place h ends at each other place with
//! probability exactly 1/(n−1) (ideal draws).

use super::{Fault, Scratch, Shuffle, draw};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for i in (1..n).rev() { j = r() % i; swap(d[i], d[j]) }";

/// Backward Fisher–Yates with `r() % i` instead of `r() % (i+1)`: n − 1 generator calls.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sattolo;

impl Shuffle for Sattolo {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        for i in (1..deck.len()).rev() {
            let j = draw(rng, i);
            deck.swap(i, j);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{ChaCha8, SeededRng};
    use crate::stats::deck::cycles::count_cycles;

    #[test]
    fn every_deck_is_one_cycle() {
        // Deterministic: every output of the loop is a single n-cycle, whatever the draws.
        let mut rng = ChaCha8::from_seed_u64(3);
        let mut scratch = Scratch::new(52);
        let mut seen = [false; 52];
        for n in [2usize, 3, 7, 52] {
            for _ in 0..500 {
                let mut deck: Vec<Card> = (0..n as Card).collect();
                Sattolo.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
                assert_eq!(count_cycles(&deck, &mut seen[..n]), 1, "{deck:?}");
                assert!(deck.iter().enumerate().all(|(p, &c)| usize::from(c) != p));
            }
        }
    }
}
