//! The scaled draws of the catalogue's fixed-schedule loops: which range each `r()` of a shuffle is reduced to.
//!
//! A loop that takes `r() % k` for a range `k` fixed by its position in the loop makes the same sequence of
//! ranges every shuffle: Fisher–Yates (Durstenfeld) takes `n, n−1, …, 2`, its forward form `n, n−1, …, 1`,
//! the naive swap `n` each time (`n−1` in its off-by-one form), Sattolo's loop `n−1, …, 1`, the direct draw `n` per slot and the erase loop
//! `n, n−1, …, 1`. Knowing the schedule, the draws of one range `k` can be taken straight from the generator
//! (`r() % k`, the C remainder, its modulo bias kept) and fed to a battery.

use crate::rng::RawRng;
use crate::shuffle::AlgorithmKind;

/// The ranges of one shuffle's draws, in order, one `r()` each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawSchedule {
    ranges: Vec<u32>,
}

/// An algorithm whose draws do not follow a fixed schedule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0} has no fixed schedule of draws: the loops with one are fisher-yates, fisher-yates-forward, naive-swap, \
     naive-swap-off-by-one, sattolo, direct-draw and vec-erase"
)]
pub struct ScheduleError(pub AlgorithmKind);

impl DrawSchedule {
    /// The schedule of `algorithm` over `n` cards.
    pub fn of(algorithm: AlgorithmKind, n: usize) -> Result<Self, ScheduleError> {
        let n = n as u32;
        let ranges: Vec<u32> = match algorithm {
            AlgorithmKind::FisherYates => (2..=n).rev().collect(),
            AlgorithmKind::FisherYatesForward | AlgorithmKind::VecErase => (1..=n).rev().collect(),
            AlgorithmKind::NaiveSwap | AlgorithmKind::DirectDraw => vec![n; n as usize],
            AlgorithmKind::NaiveSwapOffByOne => vec![n - 1; n as usize],
            AlgorithmKind::Sattolo => (1..n).rev().collect(),
            other => return Err(ScheduleError(other)),
        };
        Ok(DrawSchedule { ranges })
    }

    /// The ranges, in the order the loop draws them.
    pub fn ranges(&self) -> &[u32] {
        &self.ranges
    }

    /// How many of one shuffle's draws are of range `k`.
    pub fn draws_of(&self, k: u32) -> usize {
        self.ranges.iter().filter(|&&r| r == k).count()
    }

    /// One shuffle's draws: takes one draw per range from `rng` (`r() % range`, or the generator's own scaling:
    /// [`RawRng::below`]) and pushes those of range `k`.
    #[inline]
    pub fn shuffle_draws<R: RawRng>(&self, rng: &mut R, k: u32, out: &mut Vec<u32>) {
        for &range in &self.ranges {
            let x = rng.below(range);
            if range == k {
                out.push(x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::rng::{MsvcRand, SeededRng};
    use crate::shuffle::{FisherYates, Scratch, Shuffle};

    #[test]
    fn fisher_yates_draws_are_its_swap_indices() {
        // Replays Durstenfeld's loop from the schedule's draws (one draw of each range i+1 for i = n−1 … 1) and
        // compares with the real shuffle from the same seed, shuffle after shuffle.
        let n = 52;
        let schedule = DrawSchedule::of(AlgorithmKind::FisherYates, n).unwrap();
        let (mut a, mut b) = (MsvcRand::from_seed_u64(9), MsvcRand::from_seed_u64(9));
        let mut scratch = Scratch::new(n);
        for _ in 0..200 {
            let mut real: Vec<Card> = (0..n as Card).collect();
            FisherYates.shuffle(&mut real, &mut a, &mut scratch).unwrap();
            // The draw of range i+1, taken alone from the shuffle's start, is step i's swap index.
            let index = |k: u32| {
                let mut out = Vec::new();
                schedule.shuffle_draws(&mut b.clone(), k, &mut out);
                assert_eq!(out.len(), 1);
                out[0] as usize
            };
            let mut replay: Vec<Card> = (0..n as Card).collect();
            for i in (1..n).rev() {
                replay.swap(i, index(i as u32 + 1));
            }
            assert_eq!(real, replay);
            // On to the next shuffle: the whole schedule's draws.
            schedule.shuffle_draws(&mut b, 0, &mut Vec::new());
        }
    }

    #[test]
    fn schedules_have_their_loops_lengths() {
        let n = 10;
        for (kind, len) in [
            (AlgorithmKind::FisherYates, 9),
            (AlgorithmKind::FisherYatesForward, 10),
            (AlgorithmKind::NaiveSwap, 10),
            (AlgorithmKind::NaiveSwapOffByOne, 10),
            (AlgorithmKind::Sattolo, 9),
            (AlgorithmKind::DirectDraw, 10),
            (AlgorithmKind::VecErase, 10),
        ] {
            assert_eq!(DrawSchedule::of(kind, n).unwrap().ranges().len(), len, "{kind}");
        }
        assert_eq!(DrawSchedule::of(AlgorithmKind::NaiveSwapOffByOne, n).unwrap().draws_of(9), 10);
        assert!(DrawSchedule::of(AlgorithmKind::Riffle, n).is_err());
    }
}
