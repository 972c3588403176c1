//! glibc's `rand()`: the TYPE_3 additive feedback generator behind `random()`.
//!
//! Seeding (`srandom_r`): `r[0] = s` (0 becomes 1), `r[i] = 16807 · r[i−1] mod (2^31 − 1)` for i = 1..30,
//! computed in signed 32-bit arithmetic with Schrage's method as glibc does; `r[i] = r[i−31]` for i = 31..33;
//! then `r[i] = r[i−31] + r[i−3] (mod 2^32)`. Output k is `r[k + 344] >> 1` (31 bits): the first 310 values
//! after the 34 seeded ones are discarded. Only lags 31 and 3 are ever read, so a 32-slot ring holds the state.

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// The GNU C library `rand()`.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    ring: [u32; 32],
    /// Index of the next value to produce, `i` in `r[i]`.
    i: usize,
}

impl GlibcRand {
    /// `srand(seed)`.
    pub fn srand(seed: u32) -> Self {
        let mut r = [0i32; 34];
        r[0] = if seed == 0 { 1 } else { seed as i32 };
        for i in 1..31 {
            // 16807 * r mod (2^31 - 1) by Schrage's decomposition, exactly as glibc's srandom_r.
            let hi = r[i - 1] / 127_773;
            let lo = r[i - 1] % 127_773;
            let mut word = 16_807i32.wrapping_mul(lo).wrapping_sub(2_836i32.wrapping_mul(hi));
            if word < 0 {
                word = word.wrapping_add(2_147_483_647);
            }
            r[i] = word;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = GlibcRand { ring: [0; 32], i: 34 };
        for (i, &v) in r.iter().enumerate() {
            g.ring[i & 31] = v as u32;
        }
        for _ in 34..344 {
            g.step();
        }
        g
    }

    #[inline(always)]
    fn step(&mut self) -> u32 {
        let v = self.ring[(self.i + 1) & 31].wrapping_add(self.ring[(self.i + 29) & 31]);
        self.ring[self.i & 31] = v;
        self.i = self.i.wrapping_add(1);
        v
    }
}

impl RawRng for GlibcRand {
    const BITS: u32 = 31;
    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.step() >> 1
    }
}

impl SeededRng for GlibcRand {
    const FACTS: RngFacts = RngFacts {
        description: "glibc rand(): TYPE_3 additive feedback, r[i] = r[i-31] + r[i-3]",
        seeding_rule: "srand(unsigned int)",
        seeding_call: "srand(seed)",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Low32,
        twins: StreamTwins::ZeroIsOne,
        os_key_bits: 32,
        library_shuffle: None,
        draws: Draws::Modulo,
        family: Family::CLibrary,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        GlibcRand::srand(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srand_1_matches_glibc() {
        let mut g = GlibcRand::srand(1);
        let first: Vec<u32> = (0..3).map(|_| g.r()).collect();
        assert_eq!(first, [1_804_289_383, 846_930_886, 1_681_692_777]);
    }

    #[test]
    fn srand_0_is_srand_1() {
        let mut a = GlibcRand::srand(0);
        let mut b = GlibcRand::srand(1);
        for _ in 0..100 {
            assert_eq!(a.r(), b.r());
        }
    }
}
