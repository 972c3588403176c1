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
    /// A Rust crate (`rand_chacha`, `rand_pcg`).
    RustCrate,
}

impl Family {
    /// True for a language runtime's own generator, which draws with its runtime's scaling.
    pub fn is_runtime(self) -> bool {
        match self {
            Family::Cpp | Family::Java | Family::Dotnet | Family::Python | Family::JavaScript => true,
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
