//! What a run is, validated: [`RunConfig`], the chunks it is cut into ([`CHUNK_SHUFFLES`], [`chunk_seed`]), and
//! the checks every configuration passes however it was built (flags, a state file, the gate, the API) with the
//! most work a command may ask for ([`limits`]). Requests become configurations in [`crate::audit::settings`];
//! the engine ([`crate::audit::runner`]) runs them.

mod checks;
pub(crate) mod limits;

use crate::audit::source::{Builtin, DeckSource};
use crate::audit::tally::Tally;
use crate::cards::Card;
use crate::error::ConfigError;
use crate::game::deal::DealConfig;
use crate::rng::RngKind;
use crate::shuffle::Algorithm;
use crate::stats::{Cards, TestSelection};
use serde::Serialize;

pub(crate) use checks::*;

/// Shuffles per chunk: large enough to amortise seeding and merging, small enough to balance two threads on a
/// short run.
pub const CHUNK_SHUFFLES: u64 = 1 << 14;

/// The generator seed of chunk `index`: SplitMix64 (Steele, Lea & Flood 2014) output number `index + 1` of the
/// stream started at `seed`.
pub fn chunk_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A validated run: what the engine needs, and nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct RunConfig {
    pub source: DeckSource,
    /// Cards per shuffled deck: a shoe's every card (`--deck 52 --copies 6`: 312).
    pub deck: usize,
    /// Copies of the base deck in it (`--copies`, 1 for one deck): card id `c` shows face `c mod (deck/copies)`.
    pub copies: usize,
    /// Shuffles to run (built-in sources) or valid decks read (external ones).
    pub shuffles: u64,
    /// Worker threads; `None` uses every core. A timing, not part of the run's definition: `run.json` shows the
    /// threads used beside the other timings.
    pub threads: Option<usize>,
    /// Deal every deck (`--game`): seat and game tests, and the deck's starting order.
    pub deal: Option<DealConfig>,
    /// The tests to apply (`--tests`).
    pub tests: TestSelection,
}

/// `run.json`'s `config`: the built-in source's algorithm, generator, seed and post-processing as fields of
/// their own, or the external source as `external`; then the deck, shuffles, deal and tests.
fn is_one(k: &usize) -> bool {
    *k == 1
}

impl Serialize for RunConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Fields<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            algorithm: Option<&'a Algorithm>,
            #[serde(skip_serializing_if = "Option::is_none")]
            rng: Option<RngKind>,
            #[serde(skip_serializing_if = "Option::is_none")]
            seed: Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            post: Option<&'a crate::audit::source::PostProcess>,
            #[serde(skip_serializing_if = "Option::is_none")]
            external: Option<&'a crate::audit::source::ExternalSource>,
            #[serde(skip_serializing_if = "Option::is_none")]
            function: Option<&'a crate::audit::source::FunctionSource>,
            deck: usize,
            /// Absent for one deck, so that the reports of single-deck runs stay as they were.
            #[serde(skip_serializing_if = "is_one")]
            copies: usize,
            shuffles: u64,
            deal: &'a Option<DealConfig>,
            tests: TestSelection,
            #[serde(skip_serializing_if = "Option::is_none")]
            seeding: Option<crate::audit::source::SeedingMode>,
            /// The number of seeds of per-deal seeding (2^64 for the whole space of `seed_from_u64`).
            #[serde(skip_serializing_if = "Option::is_none", serialize_with = "seed_space_number")]
            seed_space: Option<u128>,
        }
        let b = self.builtin();
        let per_deal = b.filter(|b| !b.seeding.is_once());
        Fields {
            algorithm: b.map(|b| &b.algorithm),
            rng: b.map(|b| b.rng),
            seed: b.map(|b| b.seed),
            post: b.map(|b| &b.post),
            external: self.source.external(),
            function: self.source.function(),
            deck: self.deck,
            copies: self.copies,
            shuffles: self.shuffles,
            deal: &self.deal,
            tests: self.tests,
            seeding: per_deal.map(|b| b.seeding.mode()),
            seed_space: per_deal.and_then(|b| b.seeding.space(b.rng)),
        }
        .serialize(serializer)
    }
}

/// A seed space as a JSON number: an integer up to 2^64 − 1, and 2^64 (the whole space of `seed_from_u64`, one
/// more than JSON readers' 64-bit integers hold) as the double 1.8446744073709552e19, which is 2^64 exactly.
fn seed_space_number<S: serde::Serializer>(space: &Option<u128>, serializer: S) -> Result<S::Ok, S::Error> {
    match space.map(|n| u64::try_from(n).map_err(|_| n as f64)) {
        Some(Ok(n)) => serializer.serialize_u64(n),
        Some(Err(x)) => serializer.serialize_f64(x),
        None => serializer.serialize_none(),
    }
}

impl RunConfig {
    /// A built-in run with every option at its default: all cores, no cut or burn, no deal, the default tests.
    pub fn new(algorithm: Algorithm, rng: RngKind, deck: usize, shuffles: u64, seed: u64) -> Self {
        Self::of(DeckSource::Builtin(Builtin::new(algorithm, rng, seed)), deck, shuffles)
    }

    /// A run of `source` with every other option at its default.
    pub fn of(source: DeckSource, deck: usize, shuffles: u64) -> Self {
        RunConfig { source, deck, copies: 1, shuffles, threads: None, deal: None, tests: TestSelection::default() }
    }

    /// The built-in source, for the runner; `None` for decks made elsewhere.
    pub fn builtin(&self) -> Option<&Builtin> {
        self.source.builtin()
    }

    /// Checks what the engine relies on: the one copy of these checks, which the settings validation
    /// (`crate::audit::settings`) calls too.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_run(self)
    }

    /// Number of chunks of a run of `shuffles` shuffles.
    pub fn chunks(&self) -> u64 {
        self.shuffles.div_ceil(CHUNK_SHUFFLES)
    }

    /// The deck before every shuffle: `0..n`, or the deal's starting order.
    pub fn start_deck(&self) -> Vec<Card> {
        match &self.deal {
            Some(deal) => deal.start_deck(),
            None => (0..self.deck as Card).collect(),
        }
    }

    /// An empty tally for this run: the battery of the selected tests, with position counts that know the
    /// starting order, and the deal's statistics.
    pub fn new_tally(&self) -> Tally {
        Tally::for_cards(self.cards(), self.tests, self.deal.as_ref())
    }

    /// What the decks hold: `copies` copies of a base deck, every id known (built-in shuffles and their
    /// replays number every card).
    pub fn cards(&self) -> Cards {
        Cards { n: self.deck, copies: self.copies, ids_known: true }
    }

    /// The source with its options in command-line form (`wash --swaps 108 --game doudizhu`).
    pub fn label(&self) -> String {
        self.source.label(self.deck, self.deal.as_ref())
    }

    /// The output directory's name (`run-wash-chacha8-54-swaps108`, `run-decks-deals-52`).
    pub fn dir_name(&self) -> String {
        self.source.dir_name(self.deck, self.deal.as_ref())
    }

    /// The command that reproduces this run (for a caller's function, the API call with its seed).
    pub fn reproduce_command(&self) -> String {
        if let DeckSource::Function(_) = &self.source {
            return self.source.run_arguments(self.deck, self.copies, self.shuffles);
        }
        let mut s = format!("shuffle-audit run {}", self.source.run_arguments(self.deck, self.copies, self.shuffles));
        if let Some(deal) = &self.deal {
            s.push(' ');
            s.push_str(&deal.label());
        }
        if !self.tests.is_default() {
            s.push_str(&format!(" --tests {}", self.tests));
        }
        s
    }
}
