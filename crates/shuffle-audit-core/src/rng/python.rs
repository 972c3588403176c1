//! CPython's `random` module: `random.seed(n)` for an int `n`, and the draws of `shuffle`, `randint` and
//! `random()` built on `getrandbits`.
//!
//! Seeding: the absolute value of `n` cut into 32-bit words, least significant first (0 is one word of 0), fed
//! to MT19937's `init_by_array` ([`super::Mt19937`]). `getrandbits(k)` for `k ≤ 32` is the top `k` bits of
//! one 32-bit output. `_randbelow(m)` takes `k = m.bit_length()` and draws `getrandbits(k)` until the value is
//! below `m` (at most two draws on average, exactly uniform). `random.shuffle(x)` walks `i` from `len(x) − 1`
//! down to 1 and swaps `x[i]` with `x[_randbelow(i + 1)]`; `randint(a, b)` is `a + _randbelow(b − a + 1)`, so
//! the loop `j = randint(0, i)` gives the same decks as `shuffle`. `random()` is
//! `(a · 2^26 + b) / 2^53` with `a` the top 27 bits of one output and `b` the top 26 of the next.
//!
//! The raw output `r()` of this generator is `getrandbits(32)`, one MT19937 output.

use super::{DeckBound, Draws, Family, Mt19937, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// `random.Random(seed)` for a non-negative int seed below 2^64.
#[derive(Clone, Debug)]
pub struct PythonRandom {
    core: Mt19937,
}

impl PythonRandom {
    /// `random.seed(seed)`.
    pub fn new(seed: u64) -> Self {
        let key: &[u32] = &[seed as u32, (seed >> 32) as u32];
        let words = if seed >> 32 == 0 { 1 } else { 2 };
        PythonRandom { core: Mt19937::init_by_array(&key[..words]) }
    }

    /// `getrandbits(k)` for `k` in 1..=32.
    #[inline(always)]
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        debug_assert!((1..=32).contains(&k));
        self.core.next_u32() >> (32 - k)
    }

    /// `_randbelow(m)` for `m ≥ 1`: exactly uniform on `0..m`.
    #[inline(always)]
    pub fn randbelow(&mut self, m: u32) -> u32 {
        randbelow_from(m, || self.core.next_u32())
    }

    /// `random()`, as its 53-bit numerator: the double is this value divided by 2^53.
    #[inline(always)]
    pub fn random_53(&mut self) -> u64 {
        let a = u64::from(self.core.next_u32() >> 5);
        let b = u64::from(self.core.next_u32() >> 6);
        (a << 26) | b
    }
}

/// CPython's `_randbelow(m)` over MT19937 outputs `next()`: `k = m.bit_length()`, then `getrandbits(k)` (the top
/// `k` bits of one output) until the value is below `m`. Shared by [`PythonRandom`] and the seed searches.
#[inline(always)]
pub fn randbelow_from(m: u32, mut next: impl FnMut() -> u32) -> u32 {
    let k = 32 - m.leading_zeros();
    loop {
        let r = next() >> (32 - k);
        if r < m {
            return r;
        }
    }
}

impl RawRng for PythonRandom {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.core.next_u32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.randbelow(m)
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        for i in (1..deck.len()).rev() {
            let j = self.randbelow(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        true
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // sorted(deck, key=lambda c: random.random()): the double's order is its 53-bit numerator's.
        self.random_53()
    }
}

impl SeededRng for PythonRandom {
    const FACTS: RngFacts = RngFacts {
        description: "CPython random.seed(int): MT19937; randint/_randbelow, random.shuffle",
        seeding_rule: "random.seed(int)",
        seeding_call: "random.seed(seed)",
        max_seed: u64::MAX,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::None,
        os_key_bits: 256,
        library_shuffle: Some("random.shuffle(x)"),
        draws: Draws::Uniform,
        family: Family::Python,
        state_init: StateInit::Mt19937ByArray,
        deck_bound: DeckBound::Streams,
    };

    fn from_seed_u64(seed: u64) -> Self {
        PythonRandom::new(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn randbelow_stays_below() {
        let mut g = PythonRandom::new(3);
        for m in [1u32, 2, 3, 52, 64, 1024, u32::MAX] {
            for _ in 0..1000 {
                assert!(g.randbelow(m) < m);
            }
        }
    }
}
