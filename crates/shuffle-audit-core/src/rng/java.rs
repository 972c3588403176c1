//! `java.util.Random`: the 48-bit linear congruential generator of the Java class library.
//!
//! The seed is a 64-bit `long`; only its low 48 bits matter. Construction scrambles it:
//! `state = (seed XOR 0x5DEECE66D) mod 2^48`. Each step is `state = state · 0x5DEECE66D + 0xB (mod 2^48)`, and
//! `next(bits)` returns the top `bits` of the new 48-bit state (`state >> (48 − bits)`, as a signed `int`).
//!
//! `nextInt()` is `next(32)`. `nextInt(bound)` draws `r = next(31)`; for a power-of-two bound it returns the top
//! bits of `r` (`bound · r >> 31`); otherwise it takes `r mod bound` and rejects `r` when it falls in the
//! incomplete last block of `bound` values (`r − r mod bound + bound − 1` overflows a signed 32-bit int), drawing
//! again. Every value below `bound` is then exactly as likely. `Collections.shuffle(list, rnd)` walks `i` from
//! the list's size down to 2 and swaps elements `i − 1` and `rnd.nextInt(i)`.
//!
//! The raw output `r()` of this generator is `nextInt()` read as unsigned (`next(32)`).

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const ADDEND: u64 = 0xB;
const MASK: u64 = (1 << 48) - 1;

/// `java.util.Random` seeded with `new Random(seed)`.
#[derive(Clone, Debug)]
pub struct JavaRandom {
    state: u64,
}

impl JavaRandom {
    /// `new Random(seed)`: the seed's low 48 bits, scrambled.
    pub fn new(seed: i64) -> Self {
        JavaRandom { state: (seed as u64 ^ MULTIPLIER) & MASK }
    }

    /// `next(bits)` for `bits` in 1..=32: the top `bits` of the next state, as Java's `int` (the sign bit set
    /// only when `bits` is 32).
    #[inline(always)]
    pub fn next(&mut self, bits: u32) -> i32 {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND) & MASK;
        (self.state >> (48 - bits)) as u32 as i32
    }

    /// `nextInt()`: 32 bits as a signed int.
    #[inline(always)]
    pub fn next_int(&mut self) -> i32 {
        self.next(32)
    }

    /// `nextInt(bound)` for `bound` in 1..=2^31−1: exactly uniform on `0..bound`.
    #[inline(always)]
    pub fn next_int_below(&mut self, bound: i32) -> i32 {
        debug_assert!(bound > 0);
        let r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            // A power of two: the top bits of the 31-bit draw.
            return ((i64::from(bound) * i64::from(r)) >> 31) as i32;
        }
        let mut u = r;
        loop {
            let v = u % bound;
            // `u − v` is the start of u's block of `bound` values; the block is whole when its last value,
            // `u − v + bound − 1`, still fits in an int (Java detects the overflow by the sign).
            if u.wrapping_sub(v).wrapping_add(m) >= 0 {
                return v;
            }
            u = self.next(31);
        }
    }
}

impl RawRng for JavaRandom {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next(32) as u32
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.next_int_below(m as i32) as u32
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        for i in (2..=deck.len()).rev() {
            let j = self.next_int_below(i as i32) as usize;
            deck.swap(i - 1, j);
        }
        true
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // nextInt() compared as a signed int: flipping the sign bit makes the unsigned order the signed one.
        u64::from(self.next_int() as u32 ^ 0x8000_0000)
    }
}

impl SeededRng for JavaRandom {
    const FACTS: RngFacts = RngFacts {
        description: "java.util.Random(long): 48-bit LCG; nextInt(bound), Collections.shuffle",
        seeding_rule: "new Random(long)",
        seeding_call: "new Random(seed)",
        max_seed: u64::MAX,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::Low48,
        os_key_bits: 256,
        library_shuffle: Some("Collections.shuffle(list, rnd)"),
        draws: Draws::Uniform,
        family: Family::Java,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    /// The tool's seed is the `long`'s 64 bits (a seed of 2^63 or more is the negative `long` with those bits).
    fn from_seed_u64(seed: u64) -> Self {
        JavaRandom::new(seed as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_42_starts_as_the_jdk() {
        // new Random(42).nextInt() gives -1170105035, then 234785527 (the classic first values).
        let mut g = JavaRandom::new(42);
        assert_eq!(g.next_int(), -1_170_105_035);
        assert_eq!(g.next_int(), 234_785_527);
    }

    #[test]
    fn bounded_draws_stay_below_the_bound() {
        let mut g = JavaRandom::new(7);
        for bound in [1, 2, 3, 52, 64, 1 << 30, (1 << 30) + 1, i32::MAX] {
            for _ in 0..1000 {
                let v = g.next_int_below(bound);
                assert!((0..bound).contains(&v), "{v} for {bound}");
            }
        }
    }
}
