//! Modern generators from `rand_chacha` and `rand_pcg`, seen through the same raw `r()` as the C ones.
//!
//! `r()` is `next_u32()`, a full 32-bit output; seeding is `SeedableRng::seed_from_u64`, so a seed printed by
//! shuffle-audit reproduces the same stream with the plain `rand` crates.

use rand::{Rng, SeedableRng};

use super::{RawRng, SeededRng};

macro_rules! modern_rng {
    ($name:ident, $inner:ty, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Debug)]
        pub struct $name($inner);

        impl $name {
            /// The wrapped `rand` generator, for code that wants the `rand` API.
            pub fn inner_mut(&mut self) -> &mut $inner {
                &mut self.0
            }
        }

        impl RawRng for $name {
            const BITS: u32 = 32;
            #[inline(always)]
            fn r(&mut self) -> u32 {
                self.0.next_u32()
            }
            #[inline(always)]
            fn next_u64(&mut self) -> u64 {
                self.0.next_u64()
            }
        }

        impl SeededRng for $name {
            fn from_seed_u64(seed: u64) -> Self {
                $name(<$inner>::seed_from_u64(seed))
            }
        }
    };
}

modern_rng!(ChaCha8, rand_chacha::ChaCha8Rng, "ChaCha8 (`rand_chacha::ChaCha8Rng`).");
modern_rng!(ChaCha12, rand_chacha::ChaCha12Rng, "ChaCha12 (`rand_chacha::ChaCha12Rng`).");
modern_rng!(ChaCha20, rand_chacha::ChaCha20Rng, "ChaCha20 (`rand_chacha::ChaCha20Rng`).");
modern_rng!(Pcg32, rand_pcg::Pcg32, "PCG32 (`rand_pcg::Pcg32`, XSH RR 64/32).");
modern_rng!(Pcg64, rand_pcg::Pcg64, "PCG64 (`rand_pcg::Pcg64`, XSL RR 128/64).");
