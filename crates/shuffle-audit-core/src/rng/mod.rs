//! The generators a shuffle can be driven by.
//!
//! Card-game code is written against a C library's `rand()`, so shuffle-audit reproduces the two that matter
//! (MSVC's 15-bit LCG and glibc's additive feedback generator) bit for bit, next to modern generators from
//! `rand_chacha` and `rand_pcg`. Every generator exposes one raw output `r()` and its width, because the
//! algorithms use `r() % k` exactly as their sources did: the width decides the size of the modulo bias.

mod chacha_wide;
mod glibc;
mod modern;
mod msvc;
mod v8;

pub use glibc::GlibcRand;
pub use modern::{AuditRng, ChaCha8, ChaCha12, ChaCha20, Pcg32, Pcg64};
pub use msvc::MsvcRand;
pub use v8::{
    V8_CACHE_SIZE, V8MathRandom, murmur3_fmix64, murmur3_fmix64_inverse, node_seed_of_state, node_seed_state, scale,
    to_double, xorshift128_step,
};

use crate::error::{ConfigError, Field};

/// One raw output stream, as a shuffle loop sees it.
pub trait RawRng {
    /// Number of significant bits in one output: every `r()` is below `2^BITS`.
    const BITS: u32;
    /// Next raw output, `0 ..= 2^BITS - 1`.
    fn r(&mut self) -> u32;

    /// True for a generator whose programs scale by their runtime's own rule (JavaScript's
    /// `Math.floor(Math.random() * m)`) rather than by `r() % m`: the shuffles then draw with [`RawRng::below`].
    const SCALES: bool = false;

    /// A draw in `0..m` (`m` ≥ 1) as the generator's programs make it: `r() % m` by default, the runtime's
    /// scaling when [`RawRng::SCALES`] is set.
    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.r() % m
    }

    /// 64 uniform bits: the low 64 bits of consecutive outputs concatenated (five for MSVC's 15 bits, three for
    /// glibc's 31, two for 32-bit generators; modern generators override it with their native 64-bit output).
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        let mut x = 0u64;
        let mut bits = 0;
        while bits < 64 {
            x = (x << Self::BITS) | u64::from(self.r());
            bits += Self::BITS;
        }
        x
    }

    /// The next two raw outputs, in order: `(r(), r())`. A generator whose next state is a multiply of the
    /// current one (MSVC's) computes both straight from the current state, so that a loop taking two draws at
    /// a time waits on one multiply per pair instead of two in a row.
    #[inline(always)]
    fn r2(&mut self) -> (u32, u32) {
        let first = self.r();
        (first, self.r())
    }
}

/// A generator that can be built from a 64-bit seed by its documented rule.
pub trait SeededRng: RawRng + Send + Sized {
    /// `srand(seed)` for the C generators (the seed must fit in 32 bits), `seed_from_u64` otherwise.
    fn from_seed_u64(seed: u64) -> Self;
}

crate::names::named_enum! {
    /// The generators selectable with `--rng`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum RngKind("generator") {
        Msvc => "msvc",
        Glibc => "glibc",
        Chacha8 => "chacha8",
        Chacha12 => "chacha12",
        Chacha20 => "chacha20",
        Pcg32 => "pcg32",
        Pcg64 => "pcg64",
        V8 => "v8",
    }
}

impl RngKind {
    /// Output width in bits.
    pub fn bits(self) -> u32 {
        match self {
            RngKind::Msvc => MsvcRand::BITS,
            RngKind::Glibc => GlibcRand::BITS,
            RngKind::Chacha8 => ChaCha8::BITS,
            RngKind::Chacha12 => ChaCha12::BITS,
            RngKind::Chacha20 => ChaCha20::BITS,
            RngKind::Pcg32 => Pcg32::BITS,
            RngKind::Pcg64 => Pcg64::BITS,
            RngKind::V8 => V8MathRandom::BITS,
        }
    }

    /// One line on where the generator comes from.
    pub fn description(self) -> &'static str {
        match self {
            RngKind::Msvc => "MSVC rand(): LCG state*214013+2531011, output bits 16..30",
            RngKind::Glibc => "glibc rand(): TYPE_3 additive feedback, r[i] = r[i-31] + r[i-3]",
            RngKind::Chacha8 => "ChaCha with 8 rounds (rand_chacha)",
            RngKind::Chacha12 => "ChaCha with 12 rounds (rand_chacha)",
            RngKind::Chacha20 => "ChaCha with 20 rounds (rand_chacha)",
            RngKind::Pcg32 => "PCG XSH RR 64/32 (rand_pcg)",
            RngKind::Pcg64 => "PCG XSL RR 128/64 (rand_pcg), low 32 bits of next_u32",
            RngKind::V8 => {
                "V8 Math.random (Node, Chrome): xorshift128+, 64-value cache, node --random_seed; draws floor(x*k)"
            }
        }
    }

    /// True for a generator whose programs scale draws by their runtime's own rule ([`RawRng::SCALES`]) rather
    /// than by `r() % m`, so that the `r() % m` models (the exact law, the modulo bias) do not describe it.
    pub fn scales(self) -> bool {
        crate::with_rng_type!(self, R => R::SCALES)
    }

    /// True for the C library generators whose `srand` takes an unsigned 32-bit seed.
    pub fn is_c_library(self) -> bool {
        matches!(self, RngKind::Msvc | RngKind::Glibc)
    }

    /// Checks that `seed` is acceptable for this generator's seeding rule.
    pub fn check_seed(self, seed: u64) -> Result<(), ConfigError> {
        if self == RngKind::V8 && !(1..=u64::from(u32::MAX)).contains(&seed) {
            return Err(ConfigError::new(
                Field::Seed,
                format!(
                    "v8 seeds as node --random_seed=S, a C int (0 meaning unseeded): {seed} is not in 1..=4294967295 \
                     (2147483648 and above are node's negative seeds S - 2^32)"
                ),
            ));
        }
        if self.is_c_library() && seed > u64::from(u32::MAX) {
            return Err(ConfigError::new(
                Field::Seed,
                format!(
                    "{} seeds with srand(unsigned int): {seed} does not fit in 32 bits (max 4294967295)",
                    self.name()
                ),
            ));
        }
        Ok(())
    }
}

/// Calls `$body` with `$R` bound to the concrete generator type of `$kind`: the one place where the
/// generator enum is turned into a monomorphised type.
#[macro_export]
macro_rules! with_rng_type {
    ($kind:expr, $R:ident => $body:expr) => {
        match $kind {
            $crate::rng::RngKind::Msvc => {
                type $R = $crate::rng::MsvcRand;
                $body
            }
            $crate::rng::RngKind::Glibc => {
                type $R = $crate::rng::GlibcRand;
                $body
            }
            $crate::rng::RngKind::Chacha8 => {
                type $R = $crate::rng::ChaCha8;
                $body
            }
            $crate::rng::RngKind::Chacha12 => {
                type $R = $crate::rng::ChaCha12;
                $body
            }
            $crate::rng::RngKind::Chacha20 => {
                type $R = $crate::rng::ChaCha20;
                $body
            }
            $crate::rng::RngKind::Pcg32 => {
                type $R = $crate::rng::Pcg32;
                $body
            }
            $crate::rng::RngKind::Pcg64 => {
                type $R = $crate::rng::Pcg64;
                $body
            }
            $crate::rng::RngKind::V8 => {
                type $R = $crate::rng::V8MathRandom;
                $body
            }
        }
    };
}
