//! Ruby's `Random` (CRuby 3): MT19937 seeded by `Random.new(seed)` (or `srand(seed)`), with `Random#rand(n)` and
//! `Array#shuffle(random:)` as `random.c` and `array.c` write them.
//!
//! Seeding takes the integer's absolute value in 32-bit words, least significant first: one word seeds MT19937
//! with `init_genrand(word)`, several with `init_by_array(words)` ([`super::Mt19937`]). A top word of exactly 1
//! is dropped (`rand_init` takes it for the guard word it strips), so the seeds 2^32 + s and s give one stream
//! (Ruby 3.1 on Debian 12, checked by the golden file). `rand(n)` draws on
//! `0..=n − 1` by masked rejection: `limit = n − 1`, `mask` the smallest `2^b − 1` not below it; one 32-bit
//! output masked, drawn again while above `limit` (exactly uniform; no output is taken when `n` is 1).
//! `shuffle(random: r)` walks `i` from the length down to 1, draws `j = r.rand(i)` and swaps elements `i − 1` and
//! `j`: the backward Fisher–Yates loop written with `rand(i + 1)`. `rand` (a float) is the 53-bit `(a >> 5) ·
//! 2^26 + (b >> 6)` of two outputs over 2^53, as CPython's.
//!
//! The raw output `r()` of this generator is one 32-bit output (`rand(2**32)`).

use super::{DeckBound, Draws, Family, Mt19937, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// Ruby's `Random.new(seed)` for a seed below 2^64.
#[derive(Clone, Debug)]
pub struct RubyRandom {
    core: Mt19937,
}

impl RubyRandom {
    /// `Random.new(seed)`.
    pub fn new(seed: u64) -> Self {
        // A top word of 1 is dropped as if it were the guard word rand_init strips: 2^32 + s seeds as s.
        let core = if seed >> 32 <= 1 {
            Mt19937::init_genrand(seed as u32)
        } else {
            Mt19937::init_by_array(&[seed as u32, (seed >> 32) as u32])
        };
        RubyRandom { core }
    }

    /// `rand(limit + 1)`: uniform on `0..=limit` by masked rejection of 32-bit outputs.
    #[inline(always)]
    pub fn limited(&mut self, limit: u32) -> u32 {
        if limit == 0 {
            return 0;
        }
        let mask = u32::MAX >> limit.leading_zeros();
        loop {
            let v = self.core.next_u32() & mask;
            if v <= limit {
                return v;
            }
        }
    }
}

impl RawRng for RubyRandom {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.core.next_u32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.limited(m - 1)
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        let mut i = deck.len();
        while i > 0 {
            let j = self.limited(i as u32 - 1) as usize;
            i -= 1;
            deck.swap(i, j);
        }
        true
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // rand: the 53-bit numerator of genrand_res53.
        let a = u64::from(self.core.next_u32() >> 5);
        let b = u64::from(self.core.next_u32() >> 6);
        (a << 26) | b
    }
}

impl SeededRng for RubyRandom {
    const FACTS: RngFacts = RngFacts {
        description: "Ruby Random (MT19937): Random.new(seed); rand(n) by masked rejection, Array#shuffle(random:)",
        seeding_rule: "Random.new(Integer): one 32-bit word by init_genrand, more by init_by_array",
        seeding_call: "Random.new(seed)",
        max_seed: u64::MAX,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::TopWordOne,
        os_key_bits: 128,
        library_shuffle: Some("deck.shuffle(random: rng)"),
        draws: Draws::Uniform,
        family: Family::Ruby,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        RubyRandom::new(seed)
    }
}
