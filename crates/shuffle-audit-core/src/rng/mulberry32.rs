//! `mulberry32`, the 32-bit generator JavaScript games copy from Stack Overflow (Tommy Ettinger's, in bryc's
//! collection), and `xmur3`, the string hash they seed it with (`mulberry32(xmur3("table 7")())`).
//!
//! mulberry32 keeps one 32-bit word `a`. Each call adds `0x6D2B79F5` to it and mixes the sum:
//! `t = imul(a ^ a >>> 15, a | 1); t ^= t + imul(t ^ t >>> 7, t | 61); return ((t ^ t >>> 14) >>> 0) / 2^32`.
//! Its seed is `a`: a number's low 32 bits (`a |= 0`; the copies that write `t = a += 0x6D2B79F5` without it
//! give the same stream for the first 4.9 million calls, until `a` leaves the doubles' exact integers). So
//! there are 2^32 streams, whatever seeds them: `Date.now()` keeps its low 32 bits, a string its xmur3 hash.
//!
//! xmur3 folds a string's UTF-16 code units into `h` (`h = 1779033703 ^ length`, then `h = imul(h ^ c,
//! 3432918353)` rotated left 13 per unit) and returns a function that scrambles `h` with MurmurHash3's
//! finaliser at each call; the first call is the seed.
//!
//! A loop draws `Math.floor(rand() * (i + 1))`: the 32-bit output over 2^32 scaled by `i + 1` in double
//! arithmetic. The raw output `r()` of this generator is the 32-bit word before the division.

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins, scale};

/// mulberry32 seeded with `mulberry32(a)`.
#[derive(Clone, Debug)]
pub struct Mulberry32 {
    a: u32,
}

impl Mulberry32 {
    /// `mulberry32(a)`: the seed's low 32 bits.
    pub fn new(a: u32) -> Self {
        Mulberry32 { a }
    }

    /// The next output, as the 32-bit word `(t ^ t >>> 14) >>> 0`.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        self.a = self.a.wrapping_add(0x6D2B_79F5);
        let a = self.a;
        let mut t = (a ^ (a >> 15)).wrapping_mul(a | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        t ^ (t >> 14)
    }

    /// The next `rand()`: the word over 2^32.
    #[inline(always)]
    pub fn next_f64(&mut self) -> f64 {
        f64::from(self.next_u32()) / 4_294_967_296.0
    }
}

/// `xmur3(text)()`: the first value of xmur3's hash of a string, mulberry32's usual seed.
pub fn xmur3(text: &str) -> u32 {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut h = 1_779_033_703u32 ^ units.len() as u32;
    for &c in &units {
        h = (h ^ u32::from(c)).wrapping_mul(3_432_918_353);
        h = h.rotate_left(13);
    }
    h = (h ^ (h >> 16)).wrapping_mul(2_246_822_507);
    h = (h ^ (h >> 13)).wrapping_mul(3_266_489_909);
    h ^ (h >> 16)
}

impl RawRng for Mulberry32 {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next_u32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        scale(self.next_f64(), m)
    }
}

impl SeededRng for Mulberry32 {
    const FACTS: RngFacts = RngFacts {
        description: "mulberry32 (JavaScript): one 32-bit word, seeded by a number or an xmur3 string hash; draws floor(x*k)",
        seeding_rule: "mulberry32(a), a 32-bit word (a number's low 32 bits, or xmur3(string)())",
        seeding_call: "mulberry32(seed)",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Low32,
        twins: StreamTwins::None,
        os_key_bits: 32,
        library_shuffle: None,
        draws: Draws::Scaled("Math.floor(rand() * m) of a 32-bit output over 2^32"),
        family: Family::JavaScript,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        Mulberry32::new(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_the_floor_of_the_scaled_word() {
        let (mut a, mut b) = (Mulberry32::new(7), Mulberry32::new(7));
        for m in [1u32, 2, 3, 52, 54, 1000, u32::MAX] {
            for _ in 0..100 {
                assert_eq!(a.below(m), ((u64::from(b.next_u32()) * u64::from(m)) >> 32) as u32, "{m}");
            }
        }
    }
}
