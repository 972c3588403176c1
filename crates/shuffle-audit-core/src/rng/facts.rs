//! What the tool knows of each generator beyond its stream: its description and seeding in words, the seeds it
//! takes and which of them share a stream, the clocks its programs are seeded from, how the exact chains model
//! its bounded draws. Each generator states them once, beside its code, as [`SeededRng::FACTS`]; every command
//! and the seed search read them through [`RngKind::facts`], so that a new generator is described in its own file
//! and nowhere else.
//!
//! [`SeededRng::FACTS`]: super::SeededRng::FACTS
//! [`RngKind::facts`]: super::RngKind::facts

/// A generator's facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RngFacts {
    /// One line on where the generator comes from.
    pub description: &'static str,
    /// How the generator is seeded, in words: `srand(unsigned int)`, `new Random(long)`, `seed_from_u64`.
    pub seeding_rule: &'static str,
    /// How a program calls it with a seed: `srand(seed)`, `new Random(seed)`, `seed_from_u64(seed)`.
    pub seeding_call: &'static str,
    /// The largest seed its seeding rule takes.
    pub max_seed: u64,
    /// What its seeding parameter keeps of the integer a program passes (a clock's value).
    pub seed_param: SeedParam,
    /// Which seeds give the same stream.
    pub twins: StreamTwins,
    /// Bits of the key a program seeded by the operating system draws (`from_os_rng`, `SecureRandom`): what a
    /// seed search over such a program would have to cover.
    pub os_key_bits: u32,
    /// The runtime's own shuffle, when it has one: `Collections.shuffle`, `std::shuffle`, `random.shuffle`.
    pub library_shuffle: Option<&'static str>,
    /// Its bounded draws, as the exact chains see them.
    pub draws: Draws,
    /// The programs it is found in: their language, its clocks and how they read them.
    pub family: Family,
    /// How seeding fills the state, where the seed search has vector lanes for it.
    pub state_init: StateInit,
    /// What bounds the decks its seeds deal, besides the count of its streams.
    pub deck_bound: DeckBound,
}

/// What bounds the distinct decks a generator's seeds can deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckBound {
    /// Its distinct streams (and n!): each stream is taken to deal its own deck.
    Streams,
    /// `fract(scale · sin(seed++))`: a Fisher–Yates deck of n cards is a function of `seed mod 2π`, constant
    /// on at most `4 · scale · Σ_{m=2..n} m` arcs of the turn, however many seeds there are.
    SinePhase {
        /// What the sine is multiplied by (10000).
        scale: u32,
    },
}

impl DeckBound {
    /// log2 of the most decks of `n` cards a Fisher–Yates loop (one draw on `0..m` for each m from n down to
    /// 2) can deal, or `None` when only the streams bound them.
    pub fn log2_fisher_yates_decks(self, n: usize) -> Option<f64> {
        match self {
            DeckBound::Streams => None,
            DeckBound::SinePhase { scale } => {
                let bounds: f64 = (2..=n).map(|m| m as f64).sum();
                Some((4.0 * f64::from(scale) * bounds.max(1.0)).log2())
            }
        }
    }
}

/// What a generator's seeding parameter keeps of the integer a program passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedParam {
    /// Its low 32 bits: `srand(unsigned int)`, `std::mt19937(uint32_t)`.
    Low32,
    /// Its low 32 bits as a signed int, then their absolute value (`Int32.MinValue` as `Int32.MaxValue`): .NET's
    /// `new Random(int)`.
    AbsInt32,
    /// The value itself.
    Whole,
}

/// Which seeds give one stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamTwins {
    /// Every seed its own stream.
    None,
    /// Seeds 2^31 apart: MSVC's state never shows its top bit.
    Low31,
    /// Seeds 2^48 apart: only the low 48 bits of Java's `long` reach the state.
    Low48,
    /// Seed 0 runs as seed 1 (glibc's `srand(0)`).
    ZeroIsOne,
    /// Seeds 2^31 − 1 apart, and seed 0 with 89482311: Go's `rand.Seed(int64)` keeps the seed modulo 2^31 − 1
    /// and replaces 0 by 89482311.
    ModInt32Max,
    /// Seeds s and s + 2^32 for s below 2^32: Ruby's seeding drops a top 32-bit word of 1.
    TopWordOne,
}

/// How a generator's programs draw a bounded integer, as the exact chains model it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draws {
    /// `r() % m` of the generator's raw output, whose width makes the modulo bias.
    Modulo,
    /// Exactly uniform: Java's `nextInt`, Python's `_randbelow`, libstdc++'s Lemire downscaling.
    Uniform,
    /// Neither: no exact model. The words say what it draws (".NET's Next(m) = (int)(Sample() * m)").
    Scaled(&'static str),
}

/// The programs a generator is found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A C library's `rand()`, seeded with `srand`.
    CLibrary,
    /// C++'s `<random>`.
    Cpp,
    /// Java.
    Java,
    /// .NET (C#).
    Dotnet,
    /// CPython.
    Python,
    /// JavaScript (V8).
    JavaScript,
    /// Go.
    Go,
    /// Lua.
    Lua,
    /// PHP.
    Php,
    /// Ruby.
    Ruby,
    /// A Rust crate (`rand_chacha`, `rand_pcg`).
    RustCrate,
}

impl Family {
    /// True for a language runtime's own generator, which draws with its runtime's scaling.
    pub fn is_runtime(self) -> bool {
        match self {
            Family::Cpp
            | Family::Java
            | Family::Dotnet
            | Family::Python
            | Family::JavaScript
            | Family::Go
            | Family::Lua
            | Family::Php
            | Family::Ruby => true,
            Family::CLibrary | Family::RustCrate => false,
        }
    }
}

/// How seeding fills a generator's state, for the seed search's vector lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateInit {
    /// MT19937's `init_genrand(seed)` (C++'s `std::mt19937(seed)`).
    Mt19937Genrand,
    /// MT19937's `init_by_array` of the seed's 32-bit words (CPython's `random.seed(int)`).
    Mt19937ByArray,
    /// Knuth's subtractive table of .NET's `new Random(int)`.
    DotnetKnuth,
    /// Another way, with no lanes of its own (the search runs the generator itself).
    Other,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::RngKind;

    /// The facts agree with each other and with the generators' code, for every generator: a new one whose facts
    /// contradict its own type fails here.
    #[test]
    fn every_generators_facts_agree_with_its_code() {
        for rng in RngKind::ALL {
            let f = rng.facts();
            let name = rng.name();
            // The runtimes scale their draws; the C libraries and the Rust crates draw r() % m.
            assert_eq!(f.family.is_runtime(), rng.scales(), "{name}: family {:?}", f.family);
            assert_eq!(f.draws == Draws::Modulo, !rng.scales(), "{name}: draws {:?}", f.draws);
            // What the seeding keeps bounds the seeds it takes.
            match f.seed_param {
                SeedParam::Low32 => assert_eq!(f.max_seed, u64::from(u32::MAX), "{name}"),
                SeedParam::AbsInt32 => assert_eq!(f.max_seed, i32::MAX as u64, "{name}"),
                SeedParam::Whole => assert!(f.max_seed >= u64::from(u32::MAX), "{name}"),
            }
            // Twins fold seeds the seeding takes: MSVC's 2^31 and glibc's 0 within 32 bits, Java's 2^48 within 64.
            match f.twins {
                StreamTwins::Low31 | StreamTwins::ZeroIsOne => assert_eq!(f.max_seed, u64::from(u32::MAX), "{name}"),
                StreamTwins::Low48 | StreamTwins::ModInt32Max | StreamTwins::TopWordOne => {
                    assert_eq!(f.max_seed, u64::MAX, "{name}")
                }
                StreamTwins::None => {}
            }
            // A library shuffle is a runtime's; a key is at least as wide as the seeds.
            assert!(f.library_shuffle.is_none() || f.family.is_runtime(), "{name}");
            assert!(u128::from(f.os_key_bits) >= u128::from(64 - f.max_seed.leading_zeros()), "{name}");
            assert!(!f.description.is_empty() && !f.seeding_rule.is_empty() && !f.seeding_call.is_empty(), "{name}");
        }
    }

    /// Twin seeds give the same stream, as the facts say (the seed search runs each stream once).
    #[test]
    fn twin_seeds_give_the_same_stream() {
        fn first<R: crate::rng::SeededRng>(seed: u64) -> Vec<u32> {
            let mut r = R::from_seed_u64(seed);
            (0..8).map(|_| r.r()).collect()
        }
        for rng in RngKind::ALL {
            let stream = |seed: u64| crate::with_rng_type!(rng, R => first::<R>(seed));
            match rng.facts().twins {
                StreamTwins::Low31 => assert_eq!(stream(12345), stream(12345 + (1 << 31)), "{rng}"),
                StreamTwins::Low48 => assert_eq!(stream(12345), stream(12345 + (1 << 48)), "{rng}"),
                StreamTwins::ZeroIsOne => assert_eq!(stream(0), stream(1), "{rng}"),
                StreamTwins::TopWordOne => {
                    assert_eq!(stream(12345), stream(12345 + (1 << 32)), "{rng}");
                    assert_ne!(stream(12345), stream(12345 + (2 << 32)), "{rng}");
                }
                StreamTwins::ModInt32Max => {
                    assert_eq!(stream(12345), stream(12345 + (1 << 31) - 1), "{rng}");
                    assert_eq!(stream(0), stream(89_482_311), "{rng}");
                    assert_ne!(stream(0), stream(1), "{rng}");
                }
                StreamTwins::None => {
                    // No folding the facts leave out: seeds 2^31 and 2^48 apart (where the seeding takes them),
                    // and 0 and 1, give streams of their own.
                    let max = rng.facts().max_seed;
                    for twin in [12345 + (1 << 31), 12345 + (1 << 48)].into_iter().filter(|&t| t <= max) {
                        assert_ne!(stream(12345), stream(twin), "{rng}: seeds 12345 and {twin}");
                    }
                    if rng != RngKind::V8 {
                        // (V8 takes no seed 0: node's --random_seed=0 means unseeded.)
                        assert_ne!(stream(0), stream(1), "{rng}: seeds 0 and 1");
                    }
                }
            }
        }
    }
}
