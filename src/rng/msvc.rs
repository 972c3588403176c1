//! MSVC's `rand()`: a 32-bit linear congruential generator whose visible output is 15 bits.
//!
//! `state = state * 214013 + 2531011 (mod 2^32)`, output `(state >> 16) & 0x7fff`, `RAND_MAX = 32767`;
//! `srand(s)` sets `state = s` (so `srand(1)` gives 41, 18467, 6334, …). With only 32768 outputs,
//! `rand() % k` favours the first `32768 mod k` residues by one part in `32768 / k`.

use super::{RawRng, SeededRng};

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
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.state >> 16) & 0x7fff
    }
}

impl SeededRng for MsvcRand {
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
}
