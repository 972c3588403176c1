//! `sin`: the `fract(sin(seed) · 10000)` idiom JavaScript games use as a seedable `Math.random`:
//!
//! ```js
//! function random() { var x = Math.sin(seed++) * 10000; return x - Math.floor(x); }
//! ```
//!
//! The seed is a number the program counts up by one per draw (a room number, `Date.now()`); its stream is
//! the fractional parts of `10000 · sin(seed)`, `10000 · sin(seed + 1)`, … with V8's `Math.sin` bit for bit
//! ([`super::v8_sin`]). A loop draws `Math.floor(random() * (i + 1))`.
//!
//! Seeds are plentiful but decks are not. Integer seeds s only matter through `s mod 2π`: the deck a
//! Fisher–Yates loop deals is a function of that angle, constant on the arcs between the angles where one of
//! its draws changes. Draw k with bound m changes each time `10000 · sin(θ + k)` crosses a multiple of `1/m`:
//! `4 · 10000 · m` times a turn. So an n-card Fisher–Yates deals at most `40000 · Σ_{m=2..n} m` decks
//! (2^25.7 for 52 cards) however many seeds there are ([`super::DeckBound::SinePhase`]); consecutive seeds
//! even share their stream, one draw apart.
//!
//! The raw output `r()` of this generator is `Math.floor(random() · 2^32)`, exact (a power of two scales it).

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins, scale, v8_sin};

/// What the idiom multiplies the sine by.
pub const SIN_SCALE: f64 = 10_000.0;

/// The largest seed: JavaScript's numbers count every integer up to 2^53 exactly.
pub const SIN_MAX_SEED: u64 = (1 << 53) - 1;

/// The `fract(sin(seed++) · 10000)` generator at seed `seed`.
#[derive(Clone, Debug)]
pub struct SinRandom {
    seed: f64,
}

impl SinRandom {
    /// `var seed = s;` for an integer seed up to 2^53 − 1 (of a larger one, its low 53 bits).
    pub fn new(seed: u64) -> Self {
        SinRandom { seed: (seed & SIN_MAX_SEED) as f64 }
    }

    /// `random()`: `x = Math.sin(seed++) * 10000; return x - Math.floor(x)`.
    #[inline(always)]
    pub fn next_f64(&mut self) -> f64 {
        let x = v8_sin::sin(self.seed) * SIN_SCALE;
        self.seed += 1.0;
        x - x.floor()
    }
}

impl RawRng for SinRandom {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        (self.next_f64() * 4_294_967_296.0) as u32
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        scale(self.next_f64(), m)
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // random() is never negative: its bits sort as the numbers do.
        self.next_f64().to_bits()
    }
}

impl SeededRng for SinRandom {
    const FACTS: RngFacts = RngFacts {
        description: "fract(sin(seed++) * 10000) (JavaScript, V8's Math.sin): decks a function of seed mod 2*pi",
        seeding_rule: "var seed = S, an integer JavaScript number (up to 2^53 - 1)",
        seeding_call: "fract(sin(seed++) * 10000)",
        max_seed: SIN_MAX_SEED,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::None,
        os_key_bits: 53,
        library_shuffle: None,
        draws: Draws::Scaled("Math.floor(random() * m) of fract(10000 * sin(seed++))"),
        family: Family::JavaScript,
        state_init: StateInit::Other,
        deck_bound: DeckBound::SinePhase { scale: 10_000 },
    };

    /// The seed's low 53 bits, so that a run's 64-bit chunk seeds each keep a seed of their own (the seeds a
    /// user gives are checked to fit).
    fn from_seed_u64(seed: u64) -> Self {
        SinRandom::new(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_seeds_share_their_stream_one_draw_apart() {
        let mut a = SinRandom::new(1000);
        let mut b = SinRandom::new(1001);
        a.r();
        for _ in 0..50 {
            assert_eq!(a.r(), b.r());
        }
    }
}
