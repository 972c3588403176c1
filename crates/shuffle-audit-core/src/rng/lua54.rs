//! Lua 5.4's `math.random`: xoshiro256** (Blackman and Vigna), seeded by `math.randomseed(n)`, with
//! `math.random(m, n)` as `lmathlib.c` writes it.
//!
//! `math.randomseed(n)` sets the four 64-bit words of the state to `(n, 0xff, 0, 0)` (the second argument,
//! absent here, is the third word) and discards 16 outputs to spread the seed. Each output is
//! `rotl(s1 · 5, 7) · 9`, then the state steps: `t = s1 << 17; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
//! s3 = rotl(s3, 45)`.
//!
//! `math.random(m, n)` takes one output and "projects" it on `0..=n − m`: when `n − m + 1` is a power of two it
//! keeps the output's low bits; otherwise it masks the output with the smallest `2^b − 1` at least `n − m` and
//! draws again while the masked value is above `n − m` (exactly uniform). `math.random(i)` is `math.random(1,
//! i)`, so the loop `for i = #t, 2, -1 do local j = math.random(i) … end` draws each j on `1..=i`. `math.random()`
//! is the output's top 53 bits over 2^53.
//!
//! The raw output `r()` of this generator is the low 32 bits of one output (`math.random(0) & 0xFFFFFFFF`).

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// Lua 5.4's generator after `math.randomseed(seed)`.
#[derive(Clone, Debug)]
pub struct Lua54Random {
    s: [u64; 4],
}

impl Lua54Random {
    /// `math.randomseed(seed)`: the integer's 64 bits.
    pub fn new(seed: i64) -> Self {
        let mut g = Lua54Random { s: [seed as u64, 0xff, 0, 0] };
        for _ in 0..16 {
            g.next_u64();
        }
        g
    }

    /// One xoshiro256** output (`math.random(0)` as an unsigned integer).
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// `project(ran, n)`: a value on `0..=n` from the output `ran`, redrawing after a mask as Lua does.
    #[inline(always)]
    pub fn project(&mut self, ran: u64, n: u64) -> u64 {
        if n & n.wrapping_add(1) == 0 {
            return ran & n;
        }
        // The smallest 2^b − 1 not below n.
        let lim = u64::MAX >> n.leading_zeros();
        let mut ran = ran & lim;
        while ran > n {
            ran = self.next_u64() & lim;
        }
        ran
    }

    /// `math.random(m, n) - m`: uniform on `0..=n − m`, given `span = n − m`.
    #[inline(always)]
    pub fn random_span(&mut self, span: u64) -> u64 {
        let ran = self.next_u64();
        self.project(ran, span)
    }
}

impl RawRng for Lua54Random {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next_u64() as u32
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.random_span(u64::from(m) - 1) as u32
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // math.random(): the top 53 bits.
        self.next_u64() >> 11
    }
}

impl SeededRng for Lua54Random {
    const FACTS: RngFacts = RngFacts {
        description: "Lua 5.4 math.random: xoshiro256**, math.randomseed(n); math.random(m, n) by masked rejection",
        seeding_rule: "math.randomseed(integer)",
        seeding_call: "math.randomseed(seed)",
        max_seed: u64::MAX,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::None,
        os_key_bits: 128,
        library_shuffle: None,
        draws: Draws::Uniform,
        family: Family::Lua,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    /// The tool's seed is the integer's 64 bits (a seed of 2^63 or more is the negative integer with those bits).
    fn from_seed_u64(seed: u64) -> Self {
        Lua54Random::new(seed as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projections_stay_in_range() {
        let mut g = Lua54Random::new(3);
        for m in [1u32, 2, 3, 52, 54, 64, 1000, u32::MAX] {
            for _ in 0..200 {
                assert!(g.below(m) < m, "{m}");
            }
        }
    }
}
