//! Where a run's decks come from: one type, one variant per kind of source.
//!
//! A built-in source is a shuffle of the catalogue driven by a generator from a seed, with the cut or burn the
//! sources apply afterwards; an external source is a file, standard input or a program's output. Everything a
//! report says about the source (its label, the `algorithm` and `variant` columns, the generator and seed
//! columns, the output directory's name, the command that reproduces the run) comes from one match on it here,
//! so no renderer needs to know which kind of source it shows.

use serde::Serialize;

use std::path::PathBuf;

use crate::cards::Card;
use crate::game::deal::DealConfig;
use crate::rng::{RawRng, RngKind};
use crate::shuffle::{Algorithm, AlgorithmKind};

/// What is done to each shuffled deck before it is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct PostProcess {
    /// A random cyclic cut: rotate left by `r() % n` (a runtime's bounded draw with `--rng java|dotnet|mt19937|python`),
    /// drawn from the same generator after the shuffle.
    pub cut: bool,
    /// Move the first K cards to the bottom ("start dealing from the 7th card" is `burn = 6`).
    pub burn: usize,
}

impl PostProcess {
    pub fn is_none(&self) -> bool {
        !self.cut && self.burn == 0
    }

    /// Applies the cut (drawing `r() % n` from `rng`, or the generator's own scaling: [`RawRng::below`]) and then the burn to a shuffled deck.
    #[inline(always)]
    pub fn apply<R: RawRng>(&self, deck: &mut [Card], rng: &mut R) {
        if self.cut {
            let k = rng.below(deck.len() as u32) as usize;
            deck.rotate_left(k);
        }
        if self.burn > 0 {
            deck.rotate_left(self.burn % deck.len());
        }
    }

    /// `--cut`, `--burn 6`, or empty.
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        if self.cut {
            parts.push("--cut".to_string());
        }
        if self.burn > 0 {
            parts.push(format!("--burn {}", self.burn));
        }
        parts.join(" ")
    }
}

crate::names::named_enum! {
    /// How a built-in source seeds its generator (`--seeding`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum SeedingMode("seeding") {
        /// Once per chunk: a chunk's decks follow each other from one stream.
        #[default]
        Once => "once",
        /// Every deck from a generator seeded anew, as a server that reseeds before every hand.
        PerDeal => "per-deal",
    }
}

/// How a built-in source seeds its generator: once per chunk of the run (the stream of chunk i seeded from
/// (seed, i)), or once per deck (`per-deal`): deck k of chunk i is shuffled, from a fresh deck, by a generator
/// built with `srand(s)` (the C generators) or `seed_from_u64(s)` (the others) from its own seed s, drawn
/// uniformly from `0..space` by the chunk's deterministic stream of seeds. That is a server that reseeds before
/// every hand: each deck is as uniform as the generator's first outputs, yet at most `space` decks (fewer with
/// MSVC's twin seeds) can ever be dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "mode")]
pub enum Seeding {
    #[default]
    Once,
    PerDeal {
        /// The number of seeds; `None`: the generator's whole seed space ([`seed_space`]).
        space: Option<u64>,
    },
}

/// The number of seeds a generator's seeding rule takes: 2^32 for `srand(unsigned int)`, 2^31 for .NET's
/// `Random(int)`, 2^64 for `seed_from_u64` ([`RngKind::seed_space`]).
pub(crate) fn seed_space(rng: RngKind) -> u128 {
    rng.seed_space()
}

impl Seeding {
    pub fn is_once(&self) -> bool {
        *self == Seeding::Once
    }

    pub fn mode(&self) -> SeedingMode {
        match self {
            Seeding::Once => SeedingMode::Once,
            Seeding::PerDeal { .. } => SeedingMode::PerDeal,
        }
    }

    /// The number of seeds per-deal seeding draws from with `rng` (`None` for `once`).
    pub fn space(&self, rng: RngKind) -> Option<u128> {
        match self {
            Seeding::Once => None,
            Seeding::PerDeal { space } => Some(space.map_or(seed_space(rng), u128::from)),
        }
    }

    /// `--seeding per-deal --seed-space 86400000`, `--seeding per-deal`, or empty for `once`.
    pub fn label(&self) -> String {
        match self {
            Seeding::Once => String::new(),
            Seeding::PerDeal { space: None } => "--seeding per-deal".to_string(),
            Seeding::PerDeal { space: Some(n) } => format!("--seeding per-deal --seed-space {n}"),
        }
    }
}

/// A shuffle of the catalogue, seeded and run by the parallel runner.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Builtin {
    pub algorithm: Algorithm,
    pub rng: RngKind,
    /// `srand(seed)` for the C generators (its low 32 bits), `seed_from_u64` otherwise; chunk i's generator is
    /// seeded from (seed, i) (with per-deal seeding, chunk i's stream of per-deal seeds).
    pub seed: u64,
    pub post: PostProcess,
    /// Once per chunk, or once per deck.
    pub seeding: Seeding,
}

impl Builtin {
    pub fn new(algorithm: Algorithm, rng: RngKind, seed: u64) -> Self {
        Builtin { algorithm, rng, seed, post: PostProcess::default(), seeding: Seeding::Once }
    }

    /// The algorithm's own options in command-line form: `--swaps 108`, `--draw batched`, `--cut --burn 6`.
    fn options(&self, deck: usize) -> Vec<String> {
        let a = self.algorithm;
        let mut parts = Vec::new();
        if a.kind == AlgorithmKind::FisherYatesBatched {
            parts.push("--draw batched".to_string());
        }
        if a.kind == AlgorithmKind::Wash || (a.kind == AlgorithmKind::PairSwap && a.swaps.is_some()) {
            parts.push(format!("--swaps {}", a.wash_swaps(deck)));
        }
        if let (
            Some(option),
            AlgorithmKind::Riffle
            | AlgorithmKind::Overhand
            | AlgorithmKind::TopToRandom
            | AlgorithmKind::Shelf
            | AlgorithmKind::Faro,
        ) = (a.kind.repetition_option(), a.kind)
        {
            parts.push(format!("--{option} {}", a.repetitions(deck)));
        }
        parts.extend(a.machine_options());
        let post = self.post.label();
        if !post.is_empty() {
            parts.push(post);
        }
        let seeding = self.seeding.label();
        if !seeding.is_empty() {
            parts.push(seeding);
        }
        parts
    }

    /// The name `--algorithm` takes (`fisher-yates` for the batched draw, whose `--draw` is a variant).
    fn algorithm_name(&self) -> &'static str {
        match self.algorithm.kind {
            AlgorithmKind::FisherYatesBatched => AlgorithmKind::FisherYates.name(),
            k => k.name(),
        }
    }
}

/// Decks produced elsewhere: `run --decks FILE|-` or `run --exec "CMD ..."`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ExternalSource {
    /// A file of decks, or `-` for standard input.
    Decks(PathBuf),
    /// A shell command whose standard output is decks.
    Exec(String),
}

impl ExternalSource {
    /// `decks:FILE` or `exec:CMD`, the algorithm column of the reports.
    pub fn label(&self) -> String {
        match self {
            ExternalSource::Decks(p) => format!("decks:{}", p.display()),
            ExternalSource::Exec(c) => format!("exec:{c}"),
        }
    }

    /// `run-decks-<file stem>-<n>` or `run-exec-<n>`.
    pub fn dir_name(&self, n: usize) -> String {
        match self {
            ExternalSource::Decks(p) if p.as_os_str() == "-" => format!("run-decks-stdin-{n}"),
            ExternalSource::Decks(p) => {
                let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                let stem: String =
                    stem.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
                format!("run-decks-{}-{n}", if stem.is_empty() { "input" } else { &stem })
            }
            ExternalSource::Exec(_) => format!("run-exec-{n}"),
        }
    }

    /// Where the decks come from, in words.
    pub fn describe(&self) -> String {
        match self {
            ExternalSource::Decks(p) if p.as_os_str() == "-" => "standard input".to_string(),
            ExternalSource::Decks(p) => p.display().to_string(),
            ExternalSource::Exec(c) => format!("the output of `{c}`"),
        }
    }
}

/// A caller's own shuffle function, audited in-process through the library's API ([`crate::Audit::run`]): the
/// runner hands it a fresh deck and an [`crate::AuditRng`] seeded per chunk from `seed`, exactly as it runs a
/// built-in shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionSource {
    /// What the reports call it (`function` unless the caller names it).
    pub name: String,
    /// The seed of the chunks' generators; `None` for decks the caller made some other way (`Audit::run_decks`).
    pub seed: Option<u64>,
    /// The generator the caller's decks came from, when it is not the API's own ([`crate::AuditRng`], ChaCha8):
    /// a binding's (`python-random`).
    pub generator: Option<String>,
    /// How to reproduce the run, when the caller says (a binding's own call); else the Rust API call.
    pub reproduce: Option<String>,
}

/// Where a run's decks come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum DeckSource {
    /// A shuffle of the catalogue with a generator.
    Builtin(Builtin),
    /// Decks made elsewhere: `--decks FILE|-` or `--exec CMD`.
    External(ExternalSource),
    /// A caller's shuffle function, through the library's API.
    Function(FunctionSource),
}

impl Builtin {
    /// `naive-swap / chacha8, 52 cards`: the run's algorithm, generator and deck, as the consoles head it.
    pub fn title(&self, deck: usize) -> String {
        format!("{} / {}, {deck} cards", self.algorithm.label(deck), self.rng)
    }
}

impl DeckSource {
    pub fn builtin(&self) -> Option<&Builtin> {
        match self {
            DeckSource::Builtin(b) => Some(b),
            DeckSource::External(_) | DeckSource::Function(_) => None,
        }
    }

    pub fn external(&self) -> Option<&ExternalSource> {
        match self {
            DeckSource::Builtin(_) | DeckSource::Function(_) => None,
            DeckSource::External(e) => Some(e),
        }
    }

    /// The caller's function source, for runs through the library's API.
    pub fn function(&self) -> Option<&FunctionSource> {
        match self {
            DeckSource::Function(f) => Some(f),
            DeckSource::Builtin(_) | DeckSource::External(_) => None,
        }
    }

    /// The `algorithm` column of `summary.csv`: the algorithm's name alone (`wash`), or `decks:FILE` /
    /// `exec:CMD`.
    pub fn algorithm_column(&self) -> String {
        match self {
            DeckSource::Builtin(b) => b.algorithm_name().to_string(),
            DeckSource::External(e) => e.label(),
            DeckSource::Function(f) => format!("function:{}", f.name),
        }
    }

    /// The `variant` column: the options that make the row (`--swaps 54 --game doudizhu --order rank`), empty
    /// when there are none.
    pub fn variant(&self, deck: usize, deal: Option<&DealConfig>) -> String {
        let mut parts = match self {
            DeckSource::Builtin(b) => b.options(deck),
            DeckSource::External(_) | DeckSource::Function(_) => Vec::new(),
        };
        if let Some(deal) = deal {
            parts.push(deal.label());
        }
        parts.join(" ")
    }

    /// The source with its options in command-line form: `wash --swaps 108`, `identity --cut`,
    /// `fisher-yates --game doudizhu --order rank`, `decks:deals.txt --game doudizhu`.
    pub fn label(&self, deck: usize, deal: Option<&DealConfig>) -> String {
        let (name, variant) = (self.algorithm_column(), self.variant(deck, deal));
        if variant.is_empty() { name } else { format!("{name} {variant}") }
    }

    /// The generator column: its name, or `-` for decks made elsewhere.
    pub fn rng_label(&self) -> String {
        match self {
            DeckSource::Builtin(b) => b.rng.to_string(),
            DeckSource::External(_) => "-".to_string(),
            DeckSource::Function(f) => match (&f.generator, f.seed) {
                (Some(g), _) => g.clone(),
                (None, Some(_)) => RngKind::Chacha8.to_string(),
                (None, None) => "-".to_string(),
            },
        }
    }

    /// The seed column: the seed, or `-` for decks made elsewhere.
    pub fn seed_label(&self) -> String {
        match self {
            DeckSource::Builtin(b) => b.seed.to_string(),
            DeckSource::External(_) => "-".to_string(),
            DeckSource::Function(f) => f.seed.map_or_else(|| "-".to_string(), |s| s.to_string()),
        }
    }

    /// The output directory of `run` and `compare`: `run-<algorithm>-<rng>-<deck>` plus options, or
    /// `run-decks-<file stem>-<deck>` / `run-exec-<deck>`; with a deal, its slug.
    pub fn dir_name(&self, deck: usize, deal: Option<&DealConfig>) -> String {
        let mut name = match self {
            DeckSource::Builtin(b) => {
                let a = b.algorithm;
                let mut name = format!("run-{}-{}-{deck}", a.kind.name(), b.rng);
                if let (Some(option), Some(_)) = (a.kind.repetition_option(), a.swaps) {
                    name.push_str(&format!("-{option}{}", a.repetitions(deck)));
                }
                for o in a.machine_options() {
                    name.push_str(&o.replace("--", "-").replace(' ', ""));
                }
                if b.post.cut {
                    name.push_str("-cut");
                }
                if b.post.burn > 0 {
                    name.push_str(&format!("-burn{}", b.post.burn));
                }
                match b.seeding {
                    Seeding::Once => {}
                    Seeding::PerDeal { space: None } => name.push_str("-per-deal"),
                    Seeding::PerDeal { space: Some(n) } => name.push_str(&format!("-per-deal{n}")),
                }
                name
            }
            DeckSource::External(e) => e.dir_name(deck),
            DeckSource::Function(f) => {
                let slug: String =
                    f.name.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect();
                format!("run-function-{slug}-{deck}")
            }
        };
        if let Some(deal) = deal {
            name.push('-');
            name.push_str(&deal.slug());
        }
        name
    }

    /// The `shuffle-audit run` arguments that choose this source: `--algorithm wash --rng msvc --seed 1
    /// --swaps 108`, `--decks deals.txt`, `--exec 'python3 shuffle.py'`.
    pub fn run_arguments(&self, deck: usize, copies: usize, shuffles: u64) -> String {
        // A shoe is `--deck` copies of one deck: `--deck 52 --copies 8` for 416 cards.
        let copies = copies.max(1);
        let base = deck / copies;
        let deck = if copies > 1 { format!("{base} --copies {copies}") } else { deck.to_string() };
        match self {
            DeckSource::Builtin(b) => {
                let mut s = format!(
                    "--algorithm {} --rng {} --deck {deck} --shuffles {shuffles} --seed {}",
                    b.algorithm_name(),
                    b.rng,
                    b.seed
                );
                if b.algorithm.kind == AlgorithmKind::FisherYatesBatched {
                    s.push_str(" --draw batched");
                }
                if let (Some(k), Some(option)) = (b.algorithm.swaps, b.algorithm.kind.repetition_option()) {
                    s.push_str(&format!(" --{option} {k}"));
                }
                for o in b.algorithm.machine_options() {
                    s.push(' ');
                    s.push_str(&o);
                }
                let post = b.post.label();
                if !post.is_empty() {
                    s.push(' ');
                    s.push_str(&post);
                }
                let seeding = b.seeding.label();
                if !seeding.is_empty() {
                    s.push(' ');
                    s.push_str(&seeding);
                }
                s
            }
            DeckSource::External(ExternalSource::Decks(p)) => {
                format!("--decks {} --deck {deck}", shell_word(&p.display().to_string()))
            }
            DeckSource::External(ExternalSource::Exec(c)) => format!("--exec {} --deck {deck}", shell_word(c)),
            // No command line runs a caller's function: the reports say which seed and size to give the API.
            DeckSource::Function(f) => match (&f.reproduce, f.seed) {
                (Some(call), _) => call.clone(),
                (None, Some(seed)) if copies > 1 => {
                    format!("Audit::new({base}).copies({copies}).shuffles({shuffles}).seed({seed})")
                }
                (None, Some(seed)) => format!("Audit::new({deck}).shuffles({shuffles}).seed({seed})"),
                (None, None) if copies > 1 => {
                    format!("Audit::new({base}).copies({copies}).run_decks(the same {shuffles} decks)")
                }
                (None, None) => format!("Audit::new({deck}).run_decks(the same {shuffles} decks)"),
            },
        }
    }
}

/// A word for a POSIX shell: as it is when it is plain, single-quoted otherwise.
pub(crate) fn shell_word(s: &str) -> String {
    let plain = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c));
    if plain { s.to_string() } else { format!("'{}'", s.replace('\'', "'\\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_come_from_the_source() {
        let wash = DeckSource::Builtin(Builtin::new(
            Algorithm::with_swaps(AlgorithmKind::Wash, Some(54)),
            RngKind::Chacha8,
            0,
        ));
        assert_eq!(wash.algorithm_column(), "wash");
        assert_eq!(wash.variant(54, None), "--swaps 54");
        assert_eq!(wash.label(54, None), "wash --swaps 54");
        let batched =
            DeckSource::Builtin(Builtin::new(Algorithm::new(AlgorithmKind::FisherYatesBatched), RngKind::Chacha8, 0));
        assert_eq!(batched.algorithm_column(), "fisher-yates");
        assert_eq!(batched.label(52, None), "fisher-yates --draw batched");
        let decks = DeckSource::External(ExternalSource::Decks("deals.txt".into()));
        assert_eq!((decks.algorithm_column(), decks.variant(52, None)), ("decks:deals.txt".into(), String::new()));
        assert_eq!((decks.rng_label(), decks.seed_label()), ("-".into(), "-".into()));
        let exec = DeckSource::External(ExternalSource::Exec("python3 my shuffle.py".into()));
        assert_eq!(exec.run_arguments(52, 1, 10), "--exec 'python3 my shuffle.py' --deck 52");
    }
}
