//! PHP's `mt_rand` (PHP 7.1 and later, `MT_RAND_MT19937`, the default mode): MT19937 seeded by `mt_srand(seed)`,
//! with `mt_rand(min, max)` and `shuffle()` as PHP 8.2's `ext/random` writes them.
//!
//! `mt_srand(seed)` keeps the integer's low 32 bits and seeds MT19937 with `init_genrand` ([`super::Mt19937`]).
//! `mt_rand()` is one output shifted right by one (31 bits). `mt_rand(min, max)` draws on `0..=umax`, `umax =
//! max − min`: the output itself when `umax` is 2^32 − 1; its low bits when `umax + 1` is a power of two;
//! otherwise it redraws while the output is above `2^32 − 1 − (2^32 − 1) mod (umax + 1) − 1` and returns it
//! modulo `umax + 1` (exactly uniform; the last whole block is one value short, as PHP's source has it).
//! `shuffle($a)` walks `i` from `count − 1` down to 1 and swaps `a[i]` with `a[mt_rand(0, i)]`: the same decks
//! as the fisher-yates loop written with `mt_rand(0, $i)`. (PHP 5's `rand()`-style range mapping, and the
//! `MT_RAND_PHP` mode that keeps its twist bug, are not reproduced.)
//!
//! The raw output `r()` of this generator is one 32-bit output (`mt_rand(0, 4294967295)`).

use super::{DeckBound, Draws, Family, Mt19937, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// PHP's Mersenne Twister after `mt_srand(seed)`.
#[derive(Clone, Debug)]
pub struct PhpMtRand {
    core: Mt19937,
}

impl PhpMtRand {
    /// `mt_srand(seed)`: the seed's low 32 bits.
    pub fn new(seed: u32) -> Self {
        PhpMtRand { core: Mt19937::init_genrand(seed) }
    }

    /// One 32-bit output.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        self.core.next_u32()
    }

    /// `mt_rand(0, umax)` for `umax` below 2^32.
    #[inline(always)]
    pub fn range(&mut self, umax: u32) -> u32 {
        let mut result = self.next_u32();
        if umax == u32::MAX {
            return result;
        }
        let m = umax + 1;
        if m & (m - 1) == 0 {
            return result & (m - 1);
        }
        let limit = u32::MAX - (u32::MAX % m) - 1;
        while result > limit {
            result = self.next_u32();
        }
        result % m
    }
}

impl RawRng for PhpMtRand {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next_u32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.range(m - 1)
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        for i in (1..deck.len()).rev() {
            let j = self.range(i as u32) as usize;
            deck.swap(i, j);
        }
        true
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // mt_rand(): 31 bits.
        u64::from(self.next_u32() >> 1)
    }
}

impl SeededRng for PhpMtRand {
    const FACTS: RngFacts = RngFacts {
        description: "PHP mt_rand (7.1+, MT19937 mode): mt_srand(seed); mt_rand(min, max) by rejection, shuffle()",
        seeding_rule: "mt_srand(int), its low 32 bits",
        seeding_call: "mt_srand(seed)",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Low32,
        twins: StreamTwins::None,
        os_key_bits: 32,
        library_shuffle: Some("shuffle($deck)"),
        draws: Draws::Uniform,
        family: Family::Php,
        // init_genrand, as std::mt19937's, but the seed search's MT lanes draw as libstdc++ does: no lanes.
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        PhpMtRand::new(seed as u32)
    }
}
