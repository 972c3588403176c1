//! The generators a shuffle can be driven by.
//!
//! Card-game code is written against a C library's `rand()`, so shuffle-audit reproduces the two that matter
//! (MSVC's 15-bit LCG and glibc's additive feedback generator) bit for bit, next to modern generators from
//! `rand_chacha` and `rand_pcg`. Every generator exposes one raw output `r()` and its width, because the
//! algorithms use `r() % k` exactly as their sources did: the width decides the size of the modulo bias.
//!
//! Games written in Java, C#, C++ or Python do not write `r() % k`: they call their runtime's bounded draw
//! (`nextInt(k)`, `Next(k)`, `uniform_int_distribution`, `randint`). The runtimes' generators (`java`, `dotnet`,
//! `mt19937`, `python`) are reproduced bit for bit with that scaling ([`RawRng::SCALES`], [`RawRng::below`]),
//! their library shuffle ([`RawRng::library_shuffle`]) and their natural sort key ([`RawRng::sort_key`]).

mod chacha_wide;
mod dotnet;
mod facts;
mod glibc;
mod go;
mod java;
mod lua54;
mod modern;
mod msvc;
mod mt19937;
mod mulberry32;
mod php;
mod python;
mod ruby;
mod sin;
mod v8;
pub mod v8_sin;

pub use dotnet::{DotnetRandom, dotnet_scale};
pub use facts::{DeckBound, Draws, Family, RngFacts, SeedParam, StateInit, StreamTwins};
pub use glibc::GlibcRand;
pub use go::{GO_ZERO_SEED, GoRand, cooked as go_cooked};
pub use java::JavaRandom;
pub use lua54::Lua54Random;
pub use modern::{AuditRng, ChaCha8, ChaCha12, ChaCha20, Pcg32, Pcg64};
pub use msvc::MsvcRand;
pub use mt19937::{Mt19937, StdMt19937, lemire_below};
pub use mulberry32::{Mulberry32, xmur3};
pub use php::PhpMtRand;
pub use python::{PythonRandom, randbelow_from};
pub use ruby::RubyRandom;
pub use sin::{SIN_MAX_SEED, SIN_SCALE, SinRandom};
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

    /// True for a runtime's generator, whose loops draw with the runtime's own bounded draw ([`RawRng::below`])
    /// instead of `r() % k` (`nextInt(k)`, `Next(k)`, JavaScript's `Math.floor(Math.random() * k)`). A constant, so that the shuffles' branch on it is compiled away.
    const SCALES: bool = false;

    /// A draw on `0..m` (`m ≥ 1`) as the runtime scales it: `nextInt(m)`, `Next(m)`, `_randbelow(m)`,
    /// `uniform_int_distribution(0, m−1)`. Only called when [`RawRng::SCALES`] is true; `r() % m` otherwise.
    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.r() % m
    }

    /// The runtime's own library shuffle of `deck` (`Collections.shuffle`, `std::shuffle`, `random.shuffle`),
    /// or false (and `deck` untouched) for a generator whose runtime has none.
    fn library_shuffle<T>(&mut self, deck: &mut [T]) -> bool {
        let _ = deck;
        false
    }

    /// The key a sort by random keys gives one card: the generator's natural draw, compared as an unsigned
    /// number (Java's signed `nextInt()` is mapped to the same order, Python's `random()` is its 53-bit
    /// numerator). `r()` for the C and modern generators.
    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        u64::from(self.r())
    }
}

/// A generator that can be built from a 64-bit seed by its documented rule.
pub trait SeededRng: RawRng + Send + Sized {
    /// What the tool knows of the generator: its words, its seeding, its draws ([`RngKind::facts`]).
    const FACTS: RngFacts;
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
        Java => "java",
        Dotnet => "dotnet",
        Mt19937 => "mt19937",
        Python => "python",
        V8 => "v8",
        Go => "go",
        Mulberry32 => "mulberry32",
        Sin => "sin",
        Lua54 => "lua54",
        Php => "php",
        Ruby => "ruby",
    }
}

impl RngKind {
    /// The generator's facts, as its own file states them ([`SeededRng::FACTS`]).
    pub fn facts(self) -> RngFacts {
        crate::with_rng_type!(self, R => R::FACTS)
    }

    /// Output width in bits.
    pub fn bits(self) -> u32 {
        crate::with_rng_type!(self, R => R::BITS)
    }

    /// One line on where the generator comes from.
    pub fn description(self) -> &'static str {
        self.facts().description
    }

    /// True for a generator whose programs scale draws by their runtime's own rule ([`RawRng::SCALES`]) rather
    /// than by `r() % m`, so that the `r() % m` models (the exact law, the modulo bias) do not describe it.
    pub fn scales(self) -> bool {
        crate::with_rng_type!(self, R => R::SCALES)
    }

    /// True for the C library generators whose `srand` takes an unsigned 32-bit seed.
    pub fn is_c_library(self) -> bool {
        self.facts().family == Family::CLibrary
    }

    /// True for the runtimes' generators, which draw with their runtime's scaling ([`RawRng::SCALES`]).
    pub fn is_runtime(self) -> bool {
        self.facts().family.is_runtime()
    }

    /// The runtime's own shuffle, when it has one: `Collections.shuffle`, `std::shuffle`, `random.shuffle`.
    pub fn library_shuffle(self) -> Option<&'static str> {
        self.facts().library_shuffle
    }

    /// The largest seed the generator's seeding rule takes: 2^32 − 1 for `srand(unsigned int)` and
    /// `std::mt19937(uint32)`, 2^31 − 1 for .NET's `Random(int)` (negative seeds are their absolute value),
    /// 2^64 − 1 for the others.
    pub fn max_seed(self) -> u64 {
        self.facts().max_seed
    }

    /// The number of distinct seeds: `max_seed() + 1`.
    pub fn seed_space(self) -> u128 {
        u128::from(self.max_seed()) + 1
    }

    /// How the generator is seeded, in words.
    pub fn seeding_rule(self) -> &'static str {
        self.facts().seeding_rule
    }

    /// How a program calls the generator with a seed: `srand(seed)`, `new Random(seed)`, `std::mt19937(seed)`,
    /// `random.seed(seed)`, `node --random_seed=S`, or `seed_from_u64(seed)` for the Rust generators.
    pub fn seeding_call(self) -> &'static str {
        self.facts().seeding_call
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
        let max = self.max_seed();
        if seed > max {
            let bits = 64 - max.leading_zeros();
            return Err(ConfigError::new(
                Field::Seed,
                format!(
                    "{} seeds with {}: {seed} does not fit in {bits} bits (max {max})",
                    self.name(),
                    self.seeding_rule()
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
            $crate::rng::RngKind::Java => {
                type $R = $crate::rng::JavaRandom;
                $body
            }
            $crate::rng::RngKind::Dotnet => {
                type $R = $crate::rng::DotnetRandom;
                $body
            }
            $crate::rng::RngKind::Mt19937 => {
                type $R = $crate::rng::StdMt19937;
                $body
            }
            $crate::rng::RngKind::Python => {
                type $R = $crate::rng::PythonRandom;
                $body
            }
            $crate::rng::RngKind::V8 => {
                type $R = $crate::rng::V8MathRandom;
                $body
            }
            $crate::rng::RngKind::Go => {
                type $R = $crate::rng::GoRand;
                $body
            }
            $crate::rng::RngKind::Mulberry32 => {
                type $R = $crate::rng::Mulberry32;
                $body
            }
            $crate::rng::RngKind::Sin => {
                type $R = $crate::rng::SinRandom;
                $body
            }
            $crate::rng::RngKind::Lua54 => {
                type $R = $crate::rng::Lua54Random;
                $body
            }
            $crate::rng::RngKind::Php => {
                type $R = $crate::rng::PhpMtRand;
                $body
            }
            $crate::rng::RngKind::Ruby => {
                type $R = $crate::rng::RubyRandom;
                $body
            }
        }
    };
}
