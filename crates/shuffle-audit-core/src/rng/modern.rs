//! Modern generators: ChaCha with 8, 12 and 20 rounds and PCG, seen through the same raw `r()` as the C ones.
//!
//! `r()` is `next_u32()`, a full 32-bit output; seeding is `SeedableRng::seed_from_u64`, so a seed printed by
//! shuffle-audit reproduces the same stream with the plain `rand` crates. The PCG types wrap `rand_pcg`. The
//! ChaCha types reproduce `rand_chacha`'s `ChaCha8Rng` / `ChaCha12Rng` / `ChaCha20Rng` streams exactly, for
//! `next_u32` and `next_u64` in any order: they take the key from `rand_chacha`'s `seed_from_u64` and buffer
//! sixteen blocks at a time, computed side by side with AVX-512 when the processor has it and by
//! `rand_chacha`'s own block function otherwise.

use rand::{Rng, SeedableRng};

use super::chacha_wide::ChaChaWide;
use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// A `rand` generator (or [`ChaChaWide`], which copies one's stream), seen through `RawRng`: its `next_u32`,
/// its `next_u64`, and its `seed_from_u64`.
macro_rules! modern_rng {
    ($name:ident, $inner:ty, $doc:literal, $description:literal, $os_key_bits:literal) => {
        #[doc = $doc]
        #[derive(Clone, Debug)]
        pub struct $name($inner);

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
            const FACTS: RngFacts = RngFacts {
                description: $description,
                seeding_rule: "seed_from_u64",
                seeding_call: "seed_from_u64(seed)",
                max_seed: u64::MAX,
                seed_param: SeedParam::Whole,
                twins: StreamTwins::None,
                os_key_bits: $os_key_bits,
                library_shuffle: None,
                draws: Draws::Modulo,
                family: Family::RustCrate,
                state_init: StateInit::Other,
                deck_bound: DeckBound::Streams,
            };

            fn from_seed_u64(seed: u64) -> Self {
                $name(<$inner>::seed_from_u64(seed))
            }
        }
    };
}

modern_rng!(
    ChaCha8,
    ChaChaWide<rand_chacha::ChaCha8Rng>,
    "ChaCha8: exactly the stream of `rand_chacha::ChaCha8Rng` seeded with `seed_from_u64`.",
    "ChaCha with 8 rounds (rand_chacha)",
    256
);
modern_rng!(
    ChaCha12,
    ChaChaWide<rand_chacha::ChaCha12Rng>,
    "ChaCha12: exactly the stream of `rand_chacha::ChaCha12Rng` seeded with `seed_from_u64`.",
    "ChaCha with 12 rounds (rand_chacha)",
    256
);
modern_rng!(
    ChaCha20,
    ChaChaWide<rand_chacha::ChaCha20Rng>,
    "ChaCha20: exactly the stream of `rand_chacha::ChaCha20Rng` seeded with `seed_from_u64`.",
    "ChaCha with 20 rounds (rand_chacha)",
    256
);
// A ChaCha key is 256 bits; PCG32's state and stream 128; PCG64's 256.
modern_rng!(Pcg32, rand_pcg::Pcg32, "PCG32 (`rand_pcg::Pcg32`, XSH RR 64/32).", "PCG XSH RR 64/32 (rand_pcg)", 128);
modern_rng!(
    Pcg64,
    rand_pcg::Pcg64,
    "PCG64 (`rand_pcg::Pcg64`, XSL RR 128/64).",
    "PCG XSL RR 128/64 (rand_pcg), low 32 bits of next_u32",
    256
);

/// The generator a function audited through the library's API draws from (`Audit::run`): ChaCha8, seeded per
/// chunk as the runner seeds a built-in run's (`seed_from_u64` of the chunk's seed), and a `rand` generator
/// ([`rand::TryRng`] with no error, so [`rand::Rng`] and every extension built on it: `SliceRandom::shuffle`,
/// `random_range`, a caller's own generic code).
#[derive(Clone, Debug)]
pub struct AuditRng(ChaCha8);

impl RawRng for AuditRng {
    const BITS: u32 = 32;
    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.0.r()
    }
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        RawRng::next_u64(&mut self.0)
    }
}

impl SeededRng for AuditRng {
    /// ChaCha8's: it is ChaCha8's stream.
    const FACTS: RngFacts = ChaCha8::FACTS;

    fn from_seed_u64(seed: u64) -> Self {
        AuditRng(ChaCha8::from_seed_u64(seed))
    }
}

impl rand::TryRng for AuditRng {
    type Error = std::convert::Infallible;

    #[inline(always)]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.r())
    }

    #[inline(always)]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(RawRng::next_u64(&mut self.0))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand::rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u64())
    }
}
