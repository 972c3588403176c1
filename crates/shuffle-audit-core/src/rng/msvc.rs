//! MSVC's `rand()`: a 32-bit linear congruential generator whose visible output is 15 bits.
//!
//! `state = state * 214013 + 2531011 (mod 2^32)`, output `(state >> 16) & 0x7fff`, `RAND_MAX = 32767`;
//! `srand(s)` sets `state = s` (so `srand(1)` gives 41, 18467, 6334, …). With only 32768 outputs,
//! `rand() % k` favours the first `32768 mod k` residues by one part in `32768 / k`.

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// The multiplier and increment of the state update.
const A: u32 = 214_013;
const C: u32 = 2_531_011;

/// The visible output of a state: bits 16..30.
#[inline(always)]
fn output(state: u32) -> u32 {
    (state >> 16) & 0x7fff
}

/// The Microsoft C runtime `rand()`.
#[derive(Clone, Debug)]
pub struct MsvcRand {
    state: u32,
}

impl MsvcRand {
    /// `srand(seed)`.
    pub fn srand(seed: u32) -> Self {
        MsvcRand { state: seed }
    }
}

impl RawRng for MsvcRand {
    const BITS: u32 = 15;
    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(A).wrapping_add(C);
        output(self.state)
    }

    #[inline(always)]
    fn r2(&mut self) -> (u32, u32) {
        // Two steps at once: state·A² + C·(A + 1) (mod 2^32) is the state after two steps, computed from the
        // current state in parallel with the first step instead of after it.
        const A2: u32 = A.wrapping_mul(A);
        const C2: u32 = C.wrapping_mul(A).wrapping_add(C);
        let first = self.state.wrapping_mul(A).wrapping_add(C);
        self.state = self.state.wrapping_mul(A2).wrapping_add(C2);
        (output(first), output(self.state))
    }
}

impl SeededRng for MsvcRand {
    const FACTS: RngFacts = RngFacts {
        description: "MSVC rand(): LCG state*214013+2531011, output bits 16..30",
        seeding_rule: "srand(unsigned int)",
        seeding_call: "srand(seed)",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Low32,
        twins: StreamTwins::Low31,
        os_key_bits: 32,
        library_shuffle: None,
        draws: Draws::Modulo,
        family: Family::CLibrary,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        MsvcRand::srand(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srand_1_starts_with_41() {
        let mut g = MsvcRand::srand(1);
        let first: Vec<u32> = (0..5).map(|_| g.r()).collect();
        assert_eq!(first, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn two_at_once_are_the_next_two() {
        // r2 against two r() calls, from seeds spread over the state space and mixed with single calls.
        for seed in [0u32, 1, 2, 12345, 0x7fff_ffff, 0x8000_0000, u32::MAX] {
            let (mut a, mut b) = (MsvcRand::srand(seed), MsvcRand::srand(seed));
            for k in 0..10_000 {
                if k % 3 == 0 {
                    assert_eq!(a.r(), b.r(), "seed {seed}, call {k}");
                }
                let want = (b.r(), b.r());
                assert_eq!(a.r2(), want, "seed {seed}, pair {k}");
            }
        }
    }
}
