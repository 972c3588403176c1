//! `return-latency`: how soon a returned card can be dealt again. After a batch of returns (a round's discards
//! going back into the machine), every card dealt until the next return is a *hit* when its face is one of the
//! faces just returned. Under the ideal machine each dealt card is uniform over the cards inside, so given what
//! is inside the hit has the known probability `p_t = Σ_{f just returned} i_f / I`. The hits are compared with
//! the sum of these Bernoulli variables (a Poisson-binomial law, its probabilities grouped by their exact ratio
//! and its tails by the saddlepoint in log space, [`crate::stats::distributions::saddlepoint`]), both tails: a
//! machine whose returned cards cannot come out for a round deals too few of them, a last-in-first-out one too
//! many. With one copy of each face a hit is the returned card itself; with copies, a card of its face.

use super::{Found, Inside, MIN_EXPECTED, NotApplied, RatioGroups, StreamTest, StreamTestId};
use crate::cards::Card;
use crate::stats::distributions::saddlepoint::bernoulli_sum_ln_sf;

/// The just-returned faces and the hits counted in the rounds after them.
#[derive(Clone, Debug)]
pub struct Latency {
    fresh: Vec<bool>,
    fresh_list: Vec<Card>,
    /// Σ over the just-returned faces of their copies inside.
    fresh_inside: u32,
    active: bool,
    hits: u64,
    groups: RatioGroups,
}

impl Latency {
    pub fn new(faces: usize) -> Self {
        Latency {
            fresh: vec![false; faces],
            fresh_list: Vec::new(),
            fresh_inside: 0,
            active: false,
            hits: 0,
            groups: RatioGroups::default(),
        }
    }

    /// A card of face `f` is about to be dealt from `inside`.
    pub fn dealt(&mut self, inside: &Inside, f: usize) {
        if self.active {
            self.groups.add(self.fresh_inside, inside.total);
            self.hits += u64::from(self.fresh[f]);
        }
    }

    pub fn after_take(&mut self, f: usize) {
        if self.fresh[f] {
            self.fresh_inside -= 1;
        }
    }

    pub fn after_put(&mut self, f: usize) {
        if self.fresh[f] {
            self.fresh_inside += 1;
        }
    }

    /// The faces of `batch` are now the just-returned ones.
    pub fn new_batch(&mut self, inside: &Inside, batch: &[Card]) {
        for &f in &self.fresh_list {
            self.fresh[usize::from(f)] = false;
        }
        self.fresh_list.clear();
        self.fresh_inside = 0;
        for &f in batch {
            let i = usize::from(f);
            if !self.fresh[i] {
                self.fresh[i] = true;
                self.fresh_list.push(f);
                self.fresh_inside += inside.count[i];
            }
        }
        self.active = true;
    }

    /// The test, with the most common round and the copies for its words.
    pub fn test(&self, round: u64, copies: usize) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::ReturnLatency;
        let (mean, var) = self.groups.moments();
        let dealt = self.groups.trials();
        if mean < MIN_EXPECTED || dealt as f64 - mean < MIN_EXPECTED {
            return Err(NotApplied {
                id,
                why: format!(
                    "{mean:.1} cards of a just-returned face expected in the rounds after returns, {MIN_EXPECTED} needed"
                ),
            });
        }
        let groups = self.groups.groups();
        Ok(StreamTest {
            id,
            statistic: (self.hits as f64 - mean) / var.sqrt(),
            df: 1.0,
            ln_p: bernoulli_sum_ln_sf(&groups, self.hits),
            ln_p_low: Some(super::bernoulli_sum_ln_cdf(&groups, self.hits)),
            found: Found::Latency { dealt, hits: self.hits, expected: mean, round, copies },
        })
    }
}
