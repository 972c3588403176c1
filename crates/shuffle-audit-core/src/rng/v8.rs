//! V8's `Math.random` (Node.js, Chrome, Deno): xorshift128+ behind a cache of 64 doubles.
//!
//! What V8 does (src/base/utils/random-number-generator.h and src/numbers/math-random.cc), checked bit for bit
//! against Node 20 by `tests/runtimes/node/`:
//!
//! - **The step.** The state is two 64-bit words `(state0, state1)`. One step moves the old `state1` into
//!   `state0` and computes the new `state1` from the old pair: with `s1` the old `state0` and `s0` the old
//!   `state1`, `s1 ^= s1 << 23; s1 ^= s1 >> 17; s1 ^= s0; s1 ^= s0 >> 26`. The word a value is made from is the
//!   new `state0`, i.e. the `state1` of the step before: every output is a linear function over GF(2) of the
//!   128 state bits.
//! - **The double.** The top 52 bits of `state0` become the mantissa of a double in [1, 2) (`state0 >> 12 |
//!   0x3FF0000000000000`), and 1 is subtracted: `x = (state0 >> 12) / 2^52` exactly, so `x < 0.5` exactly when
//!   the top bit of `state0` is clear.
//! - **The cache.** A context keeps 64 doubles. When it is empty, 64 steps fill slots 0..63 in the order they
//!   are generated, and `Math.random()` then serves slot 63 first and slot 0 last: within each block of 64 the
//!   values come out in the reverse order of their generation.
//! - **The seed.** On the first refill the state is `(0, 0)`, which means "not seeded yet": with `node
//!   --random_seed=S` (S a C `int`; `0` means "no seed") the 64-bit seed is S sign-extended, else 64 bits from
//!   the isolate's generator; then `state0 = fmix64(seed)` and `state1 = fmix64(!seed)` with MurmurHash3's
//!   64-bit finaliser. Node reads the flag with `strtol` into an `int`, so S and S + 2^32 give the same
//!   sequence; this crate takes the seed as the 32-bit pattern, 1..=2^32 − 1 (2^31 and above being node's
//!   negative seeds S − 2^32).
//!
//! As a [`RawRng`], `r()` is the top 32 bits of the 52-bit mantissa, so `r() < 2^31` exactly when
//! `Math.random() < 0.5` (the comparator of `sort-random-comparator`), and [`V8MathRandom::below`] is
//! JavaScript's `Math.floor(Math.random() * k)`, which the shuffles use instead of `r() % k`
//! ([`RawRng::SCALES`]).

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// Doubles per refill of a context's cache (V8's `MathRandom::kCacheSize`).
pub const V8_CACHE_SIZE: usize = 64;

/// The exponent bits of a double in [1, 2).
const ONE_EXPONENT: u64 = 0x3FF0_0000_0000_0000;

/// One xorshift128+ step as V8 writes it: `(state0, state1)` becomes `(state1, s1')`.
#[inline(always)]
pub fn xorshift128_step(state0: u64, state1: u64) -> (u64, u64) {
    let mut s1 = state0;
    let s0 = state1;
    s1 ^= s1 << 23;
    s1 ^= s1 >> 17;
    s1 ^= s0;
    s1 ^= s0 >> 26;
    (s0, s1)
}

/// The double V8 makes of `state0`: its top 52 bits as a mantissa in [1, 2), minus 1.
#[inline(always)]
pub fn to_double(state0: u64) -> f64 {
    f64::from_bits((state0 >> 12) | ONE_EXPONENT) - 1.0
}

/// MurmurHash3's 64-bit finaliser (`fmix64`), V8's `RandomNumberGenerator::MurmurHash3`.
pub fn murmur3_fmix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    h
}

/// The inverse of [`murmur3_fmix64`]: every step of the finaliser is a bijection of 64-bit words.
pub fn murmur3_fmix64_inverse(mut h: u64) -> u64 {
    // x ^= x >> 33 is its own inverse (33 ≥ 64 / 2); the multipliers are odd, so invertible modulo 2^64.
    h ^= h >> 33;
    h = h.wrapping_mul(inverse_mod_2_64(0xC4CE_B9FE_1A85_EC53));
    h ^= h >> 33;
    h = h.wrapping_mul(inverse_mod_2_64(0xFF51_AFD7_ED55_8CCD));
    h ^= h >> 33;
    h
}

/// The inverse of an odd `a` modulo 2^64 by Newton's iteration (each round doubles the correct low bits).
fn inverse_mod_2_64(a: u64) -> u64 {
    let mut x = a; // correct to 3 bits for odd a
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

/// The xorshift128+ state `node --random_seed=seed` starts `Math.random` from: the 32-bit pattern of the C `int`
/// sign-extended to 64 bits, then `(fmix64(seed), fmix64(!seed))`.
pub fn node_seed_state(seed: u32) -> (u64, u64) {
    let seed = i64::from(seed as i32) as u64;
    (murmur3_fmix64(seed), murmur3_fmix64(!seed))
}

/// The `node --random_seed` whose state is `(state0, state1)`, if there is one (the state of a context's first
/// refill, not of a later one).
pub fn node_seed_of_state(state0: u64, state1: u64) -> Option<u32> {
    let seed = murmur3_fmix64_inverse(state0);
    let fits = i64::from(seed as i32) as u64 == seed;
    (fits && seed != 0 && murmur3_fmix64(!seed) == state1).then_some(seed as u32)
}

/// `Math.random` of one V8 context: the xorshift128+ state and the cache it serves from.
#[derive(Clone, Debug)]
pub struct V8MathRandom {
    state0: u64,
    state1: u64,
    /// The `state0` words of the last refill, in generation order.
    cache: [u64; V8_CACHE_SIZE],
    /// Values left in the cache: the next one served is `cache[left - 1]`.
    left: usize,
}

impl V8MathRandom {
    /// The context of `node --random_seed=seed` (the 32-bit pattern of node's `int`; 0 is node's "unseeded").
    pub fn node_seed(seed: u32) -> Self {
        let (state0, state1) = node_seed_state(seed);
        Self::from_state(state0, state1)
    }

    /// A context whose next refill starts from `(state0, state1)` (the cache empty).
    pub fn from_state(state0: u64, state1: u64) -> Self {
        V8MathRandom { state0, state1, cache: [0; V8_CACHE_SIZE], left: 0 }
    }

    /// The xorshift128+ state: the one the next refill starts from.
    pub fn state(&self) -> (u64, u64) {
        (self.state0, self.state1)
    }

    /// Values still in the cache before the next refill.
    pub fn cached(&self) -> usize {
        self.left
    }

    fn refill(&mut self) {
        for slot in &mut self.cache {
            (self.state0, self.state1) = xorshift128_step(self.state0, self.state1);
            *slot = self.state0;
        }
        self.left = V8_CACHE_SIZE;
    }

    /// The `state0` word of the next value served.
    #[inline]
    fn next_word(&mut self) -> u64 {
        if self.left == 0 {
            self.refill();
        }
        self.left -= 1;
        self.cache[self.left]
    }

    /// `Math.random()`.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        to_double(self.next_word())
    }

    /// The next value's 52-bit mantissa: `Math.random() · 2^52`, exactly.
    #[inline]
    pub fn next_mantissa(&mut self) -> u64 {
        self.next_word() >> 12
    }

    /// `Math.floor(Math.random() * k)` in JavaScript's double arithmetic (the product rounded to nearest, then
    /// floored), for `k` ≥ 1.
    #[inline]
    pub fn below(&mut self, k: u32) -> u32 {
        scale(self.next_f64(), k)
    }
}

/// `Math.floor(x * k)` for a `Math.random()` value `x` in [0, 1): the same IEEE product (rounded to nearest) as
/// JavaScript's, floored by the cast (the product is never negative).
#[inline(always)]
pub fn scale(x: f64, k: u32) -> u32 {
    (x * f64::from(k)) as u32
}

impl RawRng for V8MathRandom {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    /// The top 32 bits of the 52-bit mantissa.
    #[inline(always)]
    fn r(&mut self) -> u32 {
        (self.next_word() >> 32) as u32
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        V8MathRandom::below(self, m)
    }
}

impl SeededRng for V8MathRandom {
    const FACTS: RngFacts = RngFacts {
        description: "V8 Math.random (Node, Chrome): xorshift128+, 64-value cache, node --random_seed; draws floor(x*k)",
        seeding_rule: "node --random_seed=S",
        seeding_call: "node --random_seed=S",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::None,
        os_key_bits: 256,
        library_shuffle: None,
        draws: Draws::Scaled("Math.floor(Math.random() * m) from a 52-bit double"),
        family: Family::JavaScript,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    /// `node --random_seed=seed` for a seed that fits in 32 bits ([`super::RngKind::check_seed`] refuses the
    /// others; here the low 32 bits are taken).
    fn from_seed_u64(seed: u64) -> Self {
        V8MathRandom::node_seed(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_seed_1_first_values() {
        // node --random_seed=1 -e 'console.log(Math.random(), Math.random())'
        let mut g = V8MathRandom::node_seed(1);
        assert_eq!(g.next_f64(), 0.147205063401058);
        assert_eq!(g.next_f64(), 0.2741339589710077);
    }

    #[test]
    fn negative_seeds_are_the_high_patterns() {
        // node --random_seed=-1 and --random_seed=-2147483648
        assert_eq!(V8MathRandom::node_seed(u32::MAX).next_f64(), 0.9965895685703987);
        assert_eq!(V8MathRandom::node_seed(1 << 31).next_f64(), 0.11717096633908586);
    }

    #[test]
    fn cache_serves_each_block_in_reverse() {
        let mut g = V8MathRandom::from_state(3, 5);
        let (mut s0, mut s1) = (3u64, 5u64);
        let mut generated = Vec::new();
        for _ in 0..2 * V8_CACHE_SIZE {
            (s0, s1) = xorshift128_step(s0, s1);
            generated.push(s0 >> 12);
        }
        let served: Vec<u64> = (0..2 * V8_CACHE_SIZE).map(|_| g.next_mantissa()).collect();
        for block in 0..2 {
            let mut want = generated[block * 64..(block + 1) * 64].to_vec();
            want.reverse();
            assert_eq!(served[block * 64..(block + 1) * 64], want[..]);
        }
    }

    #[test]
    fn fmix64_inverts() {
        for h in [0u64, 1, 42, u64::MAX, 0x0123_4567_89AB_CDEF] {
            assert_eq!(murmur3_fmix64_inverse(murmur3_fmix64(h)), h);
        }
        let (s0, s1) = node_seed_state(42);
        assert_eq!(node_seed_of_state(s0, s1), Some(42));
        assert_eq!(node_seed_of_state(s0, s1 ^ 1), None);
    }

    #[test]
    fn r_splits_at_one_half() {
        let mut a = V8MathRandom::node_seed(7);
        let mut b = a.clone();
        for _ in 0..500 {
            assert_eq!(a.r() < 1 << 31, b.next_f64() < 0.5);
        }
    }
}
