//! Go's `math/rand` before Go 1.20: `rand.New(rand.NewSource(seed))` (and the top-level functions after
//! `rand.Seed(seed)`), with `Intn`, `Shuffle` and `Perm` as Go's `math/rand/rand.go` writes them.
//!
//! The source (`rng.go`, after Mitchell and Reeds) is an additive lagged Fibonacci generator over 64-bit words:
//! a register of 607 words, each output `x_k = x_{k−607} + x_{k−273} (mod 2^64)`. `Seed(seed)` reduces the
//! int64 seed modulo 2^31 − 1 (Go's truncating `%`, a negative remainder raised by 2^31 − 1, and 0 replaced by
//! 89482311), runs the Park–Miller generator `x ← 48271 · x mod (2^31 − 1)` (Schrage's form) twenty times, then
//! fills each of the 607 words with three of its values (`x << 40 ^ x' << 20 ^ x''`) XOR the word of
//! `rngCooked`. That table is the register of the same generator seeded by `gen_cooked.go`'s `srand(1)` (words
//! `x << 20 ^ x' << 10 ^ x''`) after 7.8·10^12 steps; it is computed here ([`cooked`]) by raising `t` to the
//! 7.8·10^12-th power modulo the characteristic polynomial `t^607 − t^334 − 1`, which takes milliseconds
//! instead of the hours of stepping `gen_cooked.go` takes, and is checked against the runtime by the golden file.
//!
//! Draws: `Int63()` is the output's low 63 bits, `Int31()` its top 31, `Uint32()` bits 31..62. `Intn(n)` for
//! `n ≤ 2^31 − 1` is `Int31n(n)`: a power of two masks `Int31()`; otherwise `Int31()` is redrawn while above
//! `2^31 − 1 − 2^31 mod n` and reduced `mod n` (exactly uniform). `Shuffle(n, swap)` walks `i` from `n − 1` down
//! to 1 and swaps `i` with the unexported `int31n(i + 1)`, Lemire's multiply-and-shift of `Uint32()` with its
//! rejection, a different stream of indices from `Intn`'s. `Perm(n)` builds its permutation inside out:
//! for `i` in `0..n`, `j = Intn(i + 1)`, `m[i] = m[j]`, `m[j] = i`.
//!
//! The raw output `r()` of this generator is `Uint32()`.

use std::sync::OnceLock;

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

const LEN: usize = 607;
const TAP: usize = 273;
const INT32_MAX: i64 = (1 << 31) - 1;
/// The steps `gen_cooked.go` takes before printing its register.
const COOKED_STEPS: u64 = 7_800_000_000_000;
/// What `Seed` puts in place of a seed ≡ 0 (mod 2^31 − 1).
pub const GO_ZERO_SEED: u64 = 89_482_311;

/// One step of Park and Miller's minimal standard generator with multiplier 48271, in Schrage's form, as Go's
/// `seedrand` writes it.
fn seedrand(x: i32) -> i32 {
    const A: i32 = 48_271;
    const Q: i32 = 44_488;
    const R: i32 = 3_399;
    let (hi, lo) = (x / Q, x % Q);
    let x = A * lo - R * hi;
    if x < 0 { x + INT32_MAX as i32 } else { x }
}

/// Multiplies two polynomials of degree below 607 over Z/2^64 and reduces the product modulo
/// `t^607 − t^334 − 1` (`t^d ≡ t^{d−273} + t^{d−607}` for `d ≥ 607`).
fn mul_mod(a: &[u64; LEN], b: &[u64; LEN]) -> [u64; LEN] {
    let mut p = vec![0u64; 2 * LEN - 1];
    for (i, &x) in a.iter().enumerate().filter(|(_, x)| **x != 0) {
        for (j, &y) in b.iter().enumerate() {
            p[i + j] = p[i + j].wrapping_add(x.wrapping_mul(y));
        }
    }
    for d in (LEN..p.len()).rev() {
        let c = p[d];
        p[d - TAP] = p[d - TAP].wrapping_add(c);
        p[d - LEN] = p[d - LEN].wrapping_add(c);
    }
    let mut out = [0u64; LEN];
    out.copy_from_slice(&p[..LEN]);
    out
}

/// `rngCooked`: the register of `gen_cooked.go` after `srand(1)` and 7.8·10^12 calls of `vrand`, as 64-bit
/// words (the table `rng.go` holds).
///
/// The register read as a sequence: step k (from 0) writes `y_{k+607} = y_k + y_{k+334}` at position
/// `(333 − k) mod 607`, where `y_0 ..= y_606` are the seeded words (`y_i` at position `(333 − i) mod 607`). The
/// last 607 steps wrote `y_N ..= y_{N+606}`, and with `t^N ≡ Σ c_i t^i (mod t^607 − t^334 − 1)`,
/// `y_{N+j} = Σ c_i y_{i+j}`.
pub fn cooked() -> &'static [i64; LEN] {
    static COOKED: OnceLock<[i64; LEN]> = OnceLock::new();
    COOKED.get_or_init(|| {
        // gen_cooked.go's srand(1).
        let mut vec = [0i64; LEN];
        let mut x: i32 = 1;
        for i in -20..LEN as i32 {
            x = seedrand(x);
            if i >= 0 {
                let mut u = i64::from(x) << 20;
                x = seedrand(x);
                u ^= i64::from(x) << 10;
                x = seedrand(x);
                u ^= i64::from(x);
                vec[i as usize] = u;
            }
        }
        // The sequence y_0 ..= y_1212.
        let mut y = vec![0u64; 2 * LEN - 1];
        for (i, v) in y.iter_mut().enumerate().take(LEN) {
            *v = vec[(333 + LEN - i) % LEN] as u64;
        }
        for i in LEN..y.len() {
            y[i] = y[i - LEN].wrapping_add(y[i - TAP]);
        }
        // t^N mod the characteristic polynomial, by squaring and multiplying.
        let mut power = [0u64; LEN];
        power[0] = 1;
        let mut base = [0u64; LEN];
        base[1] = 1;
        let mut n = COOKED_STEPS;
        while n > 0 {
            if n & 1 == 1 {
                power = mul_mod(&power, &base);
            }
            base = mul_mod(&base, &base);
            n >>= 1;
        }
        let mut out = [0i64; LEN];
        for j in 0..LEN {
            let value = power.iter().enumerate().fold(0u64, |acc, (i, &c)| acc.wrapping_add(c.wrapping_mul(y[i + j])));
            let k = COOKED_STEPS - LEN as u64 + j as u64;
            let position = (333 + LEN as u64 * 2 - k % LEN as u64) as usize % LEN;
            out[position] = value as i64;
        }
        out
    })
}

/// Go's `math/rand` source and `Rand`, seeded with `rand.NewSource(seed)`.
#[derive(Clone, Debug)]
pub struct GoRand {
    vec: Box<[u64; LEN]>,
    tap: usize,
    feed: usize,
}

impl GoRand {
    /// `rand.New(rand.NewSource(seed))`, or `rand.Seed(seed)` before Go 1.20.
    pub fn new(seed: i64) -> Self {
        let mut seed = seed % INT32_MAX;
        if seed < 0 {
            seed += INT32_MAX;
        }
        if seed == 0 {
            seed = GO_ZERO_SEED as i64;
        }
        let cooked = cooked();
        let mut vec = Box::new([0u64; LEN]);
        let mut x = seed as i32;
        for i in -20..LEN as i32 {
            x = seedrand(x);
            if i >= 0 {
                let mut u = i64::from(x) << 40;
                x = seedrand(x);
                u ^= i64::from(x) << 20;
                x = seedrand(x);
                u ^= i64::from(x);
                u ^= cooked[i as usize];
                vec[i as usize] = u as u64;
            }
        }
        GoRand { vec, tap: 0, feed: LEN - TAP }
    }

    /// The source's `Uint64()`: the register's next word.
    #[inline(always)]
    pub fn uint64(&mut self) -> u64 {
        self.tap = if self.tap == 0 { LEN - 1 } else { self.tap - 1 };
        self.feed = if self.feed == 0 { LEN - 1 } else { self.feed - 1 };
        let x = self.vec[self.feed].wrapping_add(self.vec[self.tap]);
        self.vec[self.feed] = x;
        x
    }

    /// `Int63()`.
    #[inline(always)]
    pub fn int63(&mut self) -> i64 {
        (self.uint64() & (u64::MAX >> 1)) as i64
    }

    /// `Int31()`: the top 31 of `Int63()`'s bits.
    #[inline(always)]
    pub fn int31(&mut self) -> i32 {
        (self.int63() >> 32) as i32
    }

    /// `Uint32()`: bits 31..62 of `Int63()`.
    #[inline(always)]
    pub fn uint32(&mut self) -> u32 {
        (self.int63() >> 31) as u32
    }

    /// `Int31n(n)` for `n` in 1..=2^31 − 1: a power of two masks `Int31()`; otherwise rejection above the last
    /// whole block of `n` values.
    #[inline(always)]
    pub fn int31n(&mut self, n: i32) -> i32 {
        debug_assert!(n > 0);
        if n & (n - 1) == 0 {
            return self.int31() & (n - 1);
        }
        let max = (INT32_MAX - (1i64 << 31) % i64::from(n)) as i32;
        let mut v = self.int31();
        while v > max {
            v = self.int31();
        }
        v % n
    }

    /// `Int63n(n)` for `n ≥ 1`: as `Int31n` over `Int63()`.
    pub fn int63n(&mut self, n: i64) -> i64 {
        debug_assert!(n > 0);
        if n & (n - 1) == 0 {
            return self.int63() & (n - 1);
        }
        let max = (u64::MAX >> 1) as i64 - ((1u64 << 63) % n as u64) as i64;
        let mut v = self.int63();
        while v > max {
            v = self.int63();
        }
        v % n
    }

    /// `Intn(n)` for `n ≥ 1`: `Int31n` below 2^31, `Int63n` above.
    #[inline(always)]
    pub fn intn(&mut self, n: i64) -> i64 {
        if n <= INT32_MAX { i64::from(self.int31n(n as i32)) } else { self.int63n(n) }
    }

    /// The unexported `int31n(n)` of `Shuffle`: Lemire's multiply-and-shift of `Uint32()`, redrawn while the low
    /// half of the product is below `2^32 mod n`.
    #[inline(always)]
    pub fn int31n_lemire(&mut self, n: u32) -> u32 {
        let mut prod = u64::from(self.uint32()) * u64::from(n);
        if (prod as u32) < n {
            let thresh = n.wrapping_neg() % n;
            while (prod as u32) < thresh {
                prod = u64::from(self.uint32()) * u64::from(n);
            }
        }
        (prod >> 32) as u32
    }

    /// `Perm(n)`: a permutation of `0..n` built inside out with `Intn(i + 1)`.
    pub fn perm(&mut self, n: usize) -> Vec<usize> {
        let mut m = vec![0usize; n];
        for i in 0..n {
            let j = self.intn(i as i64 + 1) as usize;
            m[i] = m[j];
            m[j] = i;
        }
        m
    }
}

impl RawRng for GoRand {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.uint32()
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.intn(i64::from(m)) as u32
    }

    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        // rand.Shuffle(len(deck), swap): decks are far below the 2^31 elements where it switches to Int63n.
        for i in (1..deck.len()).rev() {
            let j = self.int31n_lemire(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        true
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        self.int63() as u64
    }
}

impl SeededRng for GoRand {
    const FACTS: RngFacts = RngFacts {
        description: "Go math/rand before 1.20 (rand.NewSource): 607-lag additive generator; Intn, rand.Shuffle",
        seeding_rule: "rand.Seed(int64), reduced mod 2^31 - 1",
        seeding_call: "rand.Seed(seed)",
        max_seed: u64::MAX,
        seed_param: SeedParam::Whole,
        twins: StreamTwins::ModInt32Max,
        os_key_bits: 64,
        library_shuffle: Some("rand.Shuffle(n, swap)"),
        draws: Draws::Uniform,
        family: Family::Go,
        state_init: StateInit::Other,
        deck_bound: DeckBound::Streams,
    };

    /// The tool's seed is the int64's 64 bits (a seed of 2^63 or more is the negative int64 with those bits).
    fn from_seed_u64(seed: u64) -> Self {
        GoRand::new(seed as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_fold_modulo_2_pow_31_minus_1() {
        let first = |seed: i64| {
            let mut g = GoRand::new(seed);
            (0..4).map(|_| g.int63()).collect::<Vec<_>>()
        };
        assert_eq!(first(5), first(5 + INT32_MAX));
        assert_eq!(first(0), first(GO_ZERO_SEED as i64));
        assert_eq!(first(-5), first(INT32_MAX - 5));
        assert_ne!(first(5), first(6));
    }

    #[test]
    fn bounded_draws_stay_below_the_bound() {
        let mut g = GoRand::new(7);
        for n in [1u32, 2, 3, 52, 54, 64, 1 << 30, (1 << 30) + 1, i32::MAX as u32, 1 << 31, u32::MAX] {
            for _ in 0..200 {
                assert!(g.below(n) < n, "Intn({n})");
                assert!(g.int31n_lemire(n) < n, "int31n({n})");
            }
        }
        let p = g.perm(54);
        let mut sorted = p.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..54).collect::<Vec<_>>());
    }
}
