//! The Mersenne Twister MT19937 (Matsumoto & Nishimura 1998), and C++'s `std::mt19937` with libstdc++'s
//! `std::uniform_int_distribution` and `std::shuffle` (GCC 12).
//!
//! The core ([`Mt19937`]) is shared with CPython's `random` module ([`super::PythonRandom`]): 624 words of
//! state, a twist of the whole state every 624 outputs, and a tempering of each word on its way out. It is
//! seeded either from one 32-bit value (`init_genrand`: `x[0] = s`, `x[i] = 1812433253 · (x[i−1] XOR
//! x[i−1] >> 30) + i`), which is `std::mt19937(s)`, or from an array of 32-bit words (`init_by_array`), which is
//! what CPython's `random.seed(int)` does.
//!
//! libstdc++'s `uniform_int_distribution` on `[0, r)` with a 32-bit generator downscales by Lemire's nearly
//! divisionless method: `p = g() · r` in 64 bits; if the low 32 bits of `p` are below `r`, it redraws while
//! they are below `2^32 mod r`; the result is `p >> 32`. `std::shuffle` of `n` elements (any `n` whose square
//! fits in the generator's range) walks forward: for an even `n` it first swaps element 1 with a draw on
//! `[0, 2)`; then, two elements at a time at `i, i+1`, one draw `x` on `[0, (i+1)(i+2))` gives both positions,
//! `x / (i+2)` for element `i` and `x mod (i+2)` for element `i+1`.
//!
//! The raw output `r()` of `std::mt19937` is `gen()`, 32 bits.

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// The MT19937 state and its 32-bit output.
#[derive(Clone, Debug)]
pub struct Mt19937 {
    state: Box<[u32; N]>,
    index: usize,
}

impl Mt19937 {
    /// `init_genrand(seed)`.
    pub fn init_genrand(seed: u32) -> Self {
        let mut state = Box::new([0u32; N]);
        state[0] = seed;
        for i in 1..N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        Mt19937 { state, index: N }
    }

    /// `init_by_array(key)`: the state of `init_genrand(19650218)` mixed with the key words, then with itself;
    /// the first word is forced to `2^31` so the state is never all zero.
    pub fn init_by_array(key: &[u32]) -> Self {
        let mut g = Mt19937::init_genrand(19_650_218);
        let mt = &mut g.state;
        let (mut i, mut j) = (1usize, 0usize);
        let len = key.len().max(1);
        for _ in 0..N.max(len) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key.get(j).copied().unwrap_or(0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g
    }

    /// The 624 words as they stand (before the first twist, the seeded state).
    pub fn words(&self) -> &[u32; N] {
        &self.state
    }

    /// Regenerates the 624 words.
    fn twist(&mut self) {
        let mt = &mut self.state;
        for k in 0..N {
            let y = (mt[k] & UPPER) | (mt[(k + 1) % N] & LOWER);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `genrand_int32()`: the next tempered word.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

/// C++'s `std::mt19937` seeded with one 32-bit value, drawing as libstdc++ does.
#[derive(Clone, Debug)]
pub struct StdMt19937 {
    core: Mt19937,
}

impl StdMt19937 {
    /// `std::mt19937 gen(seed)`.
    pub fn new(seed: u32) -> Self {
        StdMt19937 { core: Mt19937::init_genrand(seed) }
    }

    /// `gen()`.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        self.core.next_u32()
    }

    /// `std::uniform_int_distribution{0, range − 1}(gen)` for `range` in `1..=2^32`, as libstdc++'s downscaling
    /// (Lemire's method in 64-bit products).
    #[inline(always)]
    pub fn uniform_below(&mut self, range: u64) -> u64 {
        lemire_below(range, || self.next_u32())
    }
}

/// libstdc++'s `uniform_int_distribution{0, range − 1}` over a 32-bit generator's outputs `next()`, for `range`
/// in `1..=2^32`: `p = next() · range`; while the low 32 bits of `p` are below `2^32 mod range`, draw again;
/// the result is `p >> 32`. Shared by [`StdMt19937`] and the seed searches, which serve precomputed outputs.
#[inline(always)]
pub fn lemire_below(range: u64, mut next: impl FnMut() -> u32) -> u64 {
    if range > u64::from(u32::MAX) {
        // The whole range of the generator: no scaling at all.
        return u64::from(next());
    }
    let range32 = range as u32;
    let mut product = u64::from(next()) * range;
    let mut low = product as u32;
    if low < range32 {
        let threshold = range32.wrapping_neg() % range32;
        while low < threshold {
            product = u64::from(next()) * range;
            low = product as u32;
        }
    }
    product >> 32
}

impl RawRng for StdMt19937 {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next_u32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.uniform_below(u64::from(m)) as u32
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        let n = deck.len() as u64;
        if n == 0 {
            return true;
        }
        // Every deck the tool takes has n² within 2^32 − 1, the condition of the two-at-a-time path.
        debug_assert!(n * n <= u64::from(u32::MAX));
        let mut i = 1usize;
        if n.is_multiple_of(2) {
            let j = self.uniform_below(2) as usize;
            deck.swap(1, j);
            i = 2;
        }
        while i < deck.len() {
            let bound = i as u64 + 1;
            let x = self.uniform_below(bound * (bound + 1));
            deck.swap(i, (x / (bound + 1)) as usize);
            deck.swap(i + 1, (x % (bound + 1)) as usize);
            i += 2;
        }
        true
    }
}

impl SeededRng for StdMt19937 {
    const FACTS: RngFacts = RngFacts {
        description: "C++ std::mt19937(seed) with libstdc++'s uniform_int_distribution and std::shuffle",
        seeding_rule: "std::mt19937(uint32)",
        seeding_call: "std::mt19937(seed)",
        max_seed: u32::MAX as u64,
        seed_param: SeedParam::Low32,
        twins: StreamTwins::None,
        os_key_bits: 256,
        library_shuffle: Some("std::shuffle(first, last, gen)"),
        draws: Draws::Uniform,
        family: Family::Cpp,
        state_init: StateInit::Mt19937Genrand,
        deck_bound: DeckBound::Streams,
    };

    /// The constructor takes one 32-bit value: the tool's seed is checked to fit where the user gives it;
    /// derived seeds (one per chunk) keep their low 32 bits.
    fn from_seed_u64(seed: u64) -> Self {
        StdMt19937::new(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ten_thousandth_output_is_the_standards() {
        // [rand.predef]: the 10000th consecutive invocation of a default-constructed mt19937 (seed 5489)
        // produces 4123659995.
        let mut g = StdMt19937::new(5489);
        let last = (0..10_000).map(|_| g.next_u32()).last();
        assert_eq!(last, Some(4_123_659_995));
    }

    #[test]
    fn init_by_array_matches_the_reference() {
        // mt19937ar.c's test: init_by_array({0x123, 0x234, 0x345, 0x456}) starts 1067595299 955945823.
        let mut g = Mt19937::init_by_array(&[0x123, 0x234, 0x345, 0x456]);
        assert_eq!([g.next_u32(), g.next_u32()], [1_067_595_299, 955_945_823]);
    }

    #[test]
    fn uniform_draws_stay_below_the_range() {
        let mut g = StdMt19937::new(1);
        for range in [1u64, 2, 3, 52, 52 * 53, 1 << 31, (1 << 32) - 1] {
            for _ in 0..1000 {
                assert!(g.uniform_below(range) < range);
            }
        }
    }
}
