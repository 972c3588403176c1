//! `stream-guess`: a player who sees every card dealt and returned (complete feedback) guesses the next dealt face:
//! the face with the most copies inside that were not just returned (ties to the lowest face), as one who knows
//! the machine holds returned cards back would. Under the ideal machine the guess `g` is right with the known
//! probability `i_g / I`, so the hits are compared with the sum of these Bernoulli variables (grouped by their
//! exact ratio, saddlepoint upper tail in log space): a machine a player can predict gives too many.

use super::{Found, Inside, MIN_EXPECTED, NotApplied, RatioGroups, StreamTest, StreamTestId};
use crate::cards::Card;
use crate::stats::distributions::saddlepoint::bernoulli_sum_ln_sf;

#[derive(Clone, Debug)]
pub struct Guesser {
    /// Copies of each face in the last batch of returns.
    fresh: Vec<u32>,
    fresh_list: Vec<Card>,
    hits: u64,
    groups: RatioGroups,
}

impl Guesser {
    pub fn new(faces: usize) -> Self {
        Guesser { fresh: vec![0; faces], fresh_list: Vec::new(), hits: 0, groups: RatioGroups::default() }
    }

    /// The guess given what is inside, its copies inside, then the face dealt.
    pub fn dealt(&mut self, inside: &Inside, f: usize) {
        let mut best = (i64::MIN, 0usize);
        for (g, &k) in inside.count.iter().enumerate() {
            let score = i64::from(k) - i64::from(self.fresh[g]);
            if k > 0 && score > best.0 {
                best = (score, g);
            }
        }
        let g = best.1;
        self.groups.add(inside.count[g], inside.total);
        self.hits += u64::from(g == f);
        // The returned copy may now be the one dealt: a fresh copy of the face dealt is spent first.
        if self.fresh[f] > 0 {
            self.fresh[f] -= 1;
        }
    }

    pub fn new_batch(&mut self, batch: &[Card]) {
        for &f in &self.fresh_list {
            self.fresh[usize::from(f)] = 0;
        }
        self.fresh_list.clear();
        for &f in batch {
            self.fresh[usize::from(f)] += 1;
            self.fresh_list.push(f);
        }
    }

    pub fn test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::Guess;
        let (mean, var) = self.groups.moments();
        let guesses = self.groups.trials();
        if mean < MIN_EXPECTED {
            return Err(NotApplied { id, why: format!("{mean:.1} right guesses expected, {MIN_EXPECTED} needed") });
        }
        Ok(StreamTest {
            id,
            statistic: (self.hits as f64 - mean) / var.sqrt(),
            df: 1.0,
            ln_p: bernoulli_sum_ln_sf(&self.groups.groups(), self.hits),
            ln_p_low: None,
            found: Found::Guess { guesses, hits: self.hits, expected: mean },
        })
    }
}
