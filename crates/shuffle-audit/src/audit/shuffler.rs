//! A built-in source's decks one at a time, as `shuffle` and `deal` print them: one generator seeded once, the
//! decks following each other from its stream.
//!
//! The shuffle and the generator are chosen once, when the [`Shuffler`] is made, and reached through one dynamic
//! call a deck. Code that prints or writes decks is then compiled once, not once for every pair of shuffle and
//! generator (the parallel runner, whose loop counts every deck, is monomorphised instead: `runner/engine.rs`).

use crate::cards::Card;
use crate::rng::{RawRng, RngKind, SeededRng};
use crate::shuffle::{Algorithm, Fault, Scratch, Shuffle};
use crate::{audit::PostProcess, with_rng_type, with_shuffle};

/// One shuffle of the catalogue driven by one generator stream.
pub struct Shuffler {
    inner: Box<dyn Step>,
}

trait Step {
    fn shuffle(&mut self, deck: &mut [Card]) -> Result<(), Fault>;
    fn post(&mut self, post: &PostProcess, deck: &mut [Card]);
}

struct Typed<S, R> {
    shuffle: S,
    rng: R,
    scratch: Scratch,
}

impl<S: Shuffle, R: RawRng> Step for Typed<S, R> {
    fn shuffle(&mut self, deck: &mut [Card]) -> Result<(), Fault> {
        self.shuffle.shuffle(deck, &mut self.rng, &mut self.scratch)
    }

    fn post(&mut self, post: &PostProcess, deck: &mut [Card]) {
        post.apply(deck, &mut self.rng);
    }
}

impl Shuffler {
    /// `algorithm` on decks of `n` cards, its generator `rng` seeded once with `seed` (as `srand(seed)` or
    /// `seed_from_u64(seed)`; a run's chunks draw from streams derived from its seed instead).
    pub fn new(algorithm: Algorithm, rng: RngKind, seed: u64, n: usize) -> Self {
        with_rng_type!(rng, R => with_shuffle!(algorithm, n, s => Shuffler {
            inner: Box::new(Typed { shuffle: s, rng: R::from_seed_u64(seed), scratch: Scratch::new(n) }),
        }))
    }

    /// Shuffles `deck` in place, from the order it is in, with the next draws of the stream.
    pub fn shuffle(&mut self, deck: &mut [Card]) -> Result<(), Fault> {
        self.inner.shuffle(deck)
    }

    /// Cuts or burns a shuffled deck as [`PostProcess::apply`] does, drawing from the same stream.
    pub fn post(&mut self, post: &PostProcess, deck: &mut [Card]) {
        self.inner.post(post, deck);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::reset;
    use crate::shuffle::AlgorithmKind;

    #[test]
    fn the_shuffler_deals_what_the_typed_shuffle_deals() {
        // The same decks as the shuffle called directly with its generator, over 3 decks of 52 from one stream,
        // then a cut drawn from that stream.
        let algorithm = Algorithm::new(AlgorithmKind::FisherYates);
        let mut shuffler = Shuffler::new(algorithm, RngKind::Msvc, 7, 52);
        let mut rng = crate::rng::MsvcRand::from_seed_u64(7);
        let mut scratch = Scratch::new(52);
        let (mut a, mut b) = (vec![0; 52], vec![0; 52]);
        let post = PostProcess { cut: true, burn: 0 };
        for _ in 0..3 {
            reset(&mut a);
            reset(&mut b);
            shuffler.shuffle(&mut a).unwrap();
            crate::shuffle::FisherYates.shuffle(&mut b, &mut rng, &mut scratch).unwrap();
            assert_eq!(a, b);
        }
        shuffler.post(&post, &mut a);
        post.apply(&mut b, &mut rng);
        assert_eq!(a, b);
        assert_ne!(a, {
            let mut c = vec![0; 52];
            reset(&mut c);
            c
        });
    }
}
