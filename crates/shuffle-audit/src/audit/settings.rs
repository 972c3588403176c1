//! Settings, validated once: a [`RunRequest`] holds what the user asked for (from the command line or from a
//! gate check, each field `None` when not given) and [`RunRequest::validate`] turns it into the plain
//! [`RunSettings`] the engine runs, or a [`ConfigError`] that names the [`Field`] at fault. The command line
//! shows the field as its flag, the gate as its TOML key and line; no other copy of any check exists.
//!
//! Every option either applies to the source it is given with or is refused: decks made elsewhere have no
//! generator, seed, swap count, draw, cut, burn, thread count or number of shuffles, and a built-in shuffle has
//! no input format, first id or strict reading. `--tests`, `--game` (with the deal's shape checked against the
//! deck), `--progressive` and the thresholds apply to every source.

use std::path::PathBuf;
use std::time::Duration;

use crate::audit::config::{check_copies, check_deck, deal_mismatch, limits};
use crate::audit::input::{ExternalSource, FormatChoice, StreamOptions};
use crate::audit::runner::RunConfig;
use crate::audit::source::{Builtin, DeckSource, PostProcess, Seeding, SeedingMode, seed_space};
use crate::audit::state::RunState;
use crate::audit::verdict::Thresholds;
use crate::error::{ConfigError, Field};
use crate::game::Game;
use crate::game::deal::{DealConfig, DealShape};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::deck::guess::Guessers;
use crate::stats::{Cards, TestId, TestSelection};

/// Cards of a built-in run's deck when the request does not say (and no game deals it).
pub(crate) const DEFAULT_DECK: usize = 52;
/// Shuffles of a built-in run when the request does not say.
pub(crate) const DEFAULT_SHUFFLES: u64 = 1_000_000;
/// Largest sample of progressive mode when the request does not say: 2^30.
pub const DEFAULT_MAX_SHUFFLES: u64 = 1 << 30;
/// The generator when the request does not say.
pub const DEFAULT_RNG: RngKind = RngKind::Chacha8;

crate::names::named_enum! {
    /// How `pile` stacks its piles (`--pile-order`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub enum PileOrder("pile order") {
        /// Pile 0 on top, then pile 1, and so on: the same permutation every time.
        #[default]
        Fixed => "fixed",
        /// A uniformly random order of the piles.
        Random => "random",
    }
}

crate::names::named_enum! {
    /// Which perfect shuffle `faro` makes (`--faro`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub enum FaroKind("faro shuffle") {
        /// The top card stays on top.
        #[default]
        Out => "out",
        /// The top card goes second.
        In => "in",
    }
}

crate::names::named_enum! {
    /// How `fisher-yates` draws its bounded random numbers (`--draw`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub enum Draw("draw") {
        /// `r() % (i+1)`, as the sources write it (modulo bias included).
        #[default]
        Modulo => "modulo",
        /// Several exactly unbiased draws per 64-bit word (the `fisher-yates-batched` algorithm).
        Batched => "batched",
    }
}

/// What was asked for, before validation. `None` (or `false`) means "not given".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunRequest {
    pub algorithm: Option<AlgorithmKind>,
    pub rng: Option<RngKind>,
    pub seed: Option<u64>,
    pub swaps: Option<u64>,
    /// `--riffles` (riffle), `--passes` (overhand), `--moves` (top-to-random): the hand shuffles' repetitions.
    pub riffles: Option<u64>,
    pub passes: Option<u64>,
    pub moves: Option<u64>,
    /// `--shelves` (shelf), `--piles` and `--pile-order` (pile), `--faro` (faro): the machines' layouts.
    pub shelves: Option<u64>,
    pub piles: Option<u64>,
    pub pile_order: Option<PileOrder>,
    pub faro: Option<FaroKind>,
    pub draw: Option<Draw>,
    pub cut: bool,
    pub burn: Option<usize>,
    pub decks: Option<PathBuf>,
    pub exec: Option<String>,
    pub format: Option<FormatChoice>,
    pub base: Option<u32>,
    pub strict: bool,
    /// `--max-decks N`: read only the first N deck lines of decks made elsewhere.
    pub max_decks: Option<u64>,
    pub deck: Option<usize>,
    /// `--copies K`: the deck is K copies of `deck` (a shoe), shuffled as one.
    pub copies: Option<usize>,
    pub shuffles: Option<u64>,
    pub threads: Option<usize>,
    pub tests: Option<TestSelection>,
    /// `--guesser NAME|all`: the guessers of the `guess` test (it must be among the tests).
    pub guesser: Option<Guessers>,
    pub game: Option<Game>,
    pub shape: DealShape,
    pub progressive: bool,
    pub max_shuffles: Option<u64>,
    pub fail_below: Option<f64>,
    pub suspicious_below: Option<f64>,
    /// Run only shard `(I, K)` of the chunks (`--shard I/K`).
    pub shard: Option<(u64, u64)>,
    /// Write the run's state to this file at its end (`--state-out`).
    pub state_out: Option<PathBuf>,
    /// Rewrite the state file this often during the run (`--checkpoint-every`).
    pub checkpoint_every: Option<Duration>,
    /// `--timeout` (a gate check's `timeout`): the run stops when it runs out, with partial reports.
    pub timeout: Option<Duration>,
    /// `--seeding`: once per chunk (the default) or once per deck.
    pub seeding: Option<SeedingMode>,
    /// `--seed-space N`: the number of seeds per-deal seeding draws from (up to 2^64).
    pub seed_space: Option<u128>,
    /// `--samples S`: split the run into S samples of equal size, each tested, and their second level.
    pub samples: Option<u64>,
}

/// What a built-in run keeps of itself beyond its reports: its share of the chunks and its state file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateSettings {
    /// The shard `(I, K)` to run, checked against the run's chunks.
    pub shard: Option<(u64, u64)>,
    /// Where the state goes at the end (and at an interrupt); `None`: only an interrupted run or a shard writes
    /// one, into its report folder as `run.state`.
    pub out: Option<PathBuf>,
    /// Checkpoints into `out` this often.
    pub checkpoint_every: Option<Duration>,
}

/// Decks made elsewhere, ready to be read.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalPlan {
    pub source: ExternalSource,
    /// How to read it; `options.deck` is the deal's deck when there is a deal.
    pub options: StreamOptions,
    pub deal: Option<DealConfig>,
    pub tests: TestSelection,
}

/// What a validated run reads or shuffles.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// A built-in shuffle, run by the parallel runner.
    Builtin(RunConfig),
    /// Decks from a file, standard input or a program, read by the stream audit.
    External(ExternalPlan),
}

/// A validated run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSettings {
    pub plan: Plan,
    pub thresholds: Thresholds,
    /// Progressive mode, with its largest sample.
    pub progressive: Option<u64>,
    /// Shard and state file of a built-in run.
    pub state: StateSettings,
    /// The time limit of the run, for every source: external runs stop reading, kill their producer's group
    /// and write partial reports when it runs out (`audit::input::Control::timeout`).
    pub timeout: Option<Duration>,
    /// `--samples S`: the number of samples (a built-in run's are checked against its shuffles; a file's decks
    /// are counted when it is read).
    pub samples: Option<u64>,
}

impl RunSettings {
    /// The built-in run, if that is what this is.
    pub fn builtin(&self) -> Option<&RunConfig> {
        match &self.plan {
            Plan::Builtin(c) => Some(c),
            Plan::External(_) => None,
        }
    }
}

impl RunRequest {
    /// Validates the request. `draw_seed` gives the seed of a built-in run that was not seeded.
    pub fn validate(&self, draw_seed: impl FnOnce(RngKind) -> u64) -> Result<RunSettings, ConfigError> {
        let thresholds = thresholds(self.fail_below, self.suspicious_below)?;
        if self.max_shuffles.is_some() && !self.progressive {
            return Err(ConfigError::new(Field::MaxShuffles, "only applies with --progressive"));
        }
        if self.progressive && self.shuffles.is_some() {
            return Err(ConfigError::new(
                Field::Shuffles,
                "does not apply with --progressive (the sample doubles up to --max-shuffles)",
            ));
        }
        let progressive = self.progressive.then(|| self.max_shuffles.unwrap_or(DEFAULT_MAX_SHUFFLES));
        let state = self.state_settings()?;
        self.check_samples_apply()?;
        if let Some(max) = progressive {
            limits::check_shuffles(max).map_err(|e| ConfigError { field: Field::MaxShuffles, ..e })?;
        }
        let deal = self.deal()?;
        let tests = self.tests()?;
        // The deck: the deal's (a --deck that disagrees is an error), else the one given; external input infers
        // it from the first deck when neither says.
        // A game of shoes (baccarat) holds `copies` decks of its deck: the deck is one of them.
        let deck = match (deal, self.deck) {
            (Some(d), Some(n)) if d.base() != n => return Err(deal_mismatch(&d, n)),
            (Some(d), _) => Some(d.base()),
            (None, n) => n,
        };
        let copies = deal.map_or(self.copies.unwrap_or(1), |d| d.copies);
        // A shoe's default battery is the shoe's.
        let tests = tests.for_copies(copies, deal.is_some());
        let plan = match self.external_source()? {
            Some(source) => {
                self.refuse_given(
                    &self.builtin_only(),
                    "applies to algorithm sources (built-in shuffles), not to exec or decks sources (decks made elsewhere)",
                )?;
                self.refuse_given(
                    &self.state_only(),
                    "applies to algorithm sources only: decks made elsewhere cannot be replayed, so they have no state \
                     to resume, shard or merge",
                )?;
                if self.copies.is_some() && deck.is_none() {
                    return Err(ConfigError::new(
                        Field::Copies,
                        "needs --deck N with decks made elsewhere: the shoe is --copies copies of an N-card deck",
                    ));
                }
                let deck = match deck {
                    Some(n) => {
                        check_deck(n)?;
                        let all = check_copies(n, copies)?;
                        // A shoe's decks are read by face unless `--format ids` says they are ids: the tests of
                        // distinct cards apply only to ids.
                        let format = self.format.unwrap_or_default();
                        let cards = Cards::shoe(n, copies, copies == 1 || format == FormatChoice::Ids);
                        if !tests.is_default() {
                            for t in tests.tests() {
                                t.applies_to_cards(cards).map_err(|m| ConfigError::new(Field::Tests, m))?;
                            }
                        }
                        if let Some(max) = progressive {
                            tests
                                .check_cards(cards, max, deal.map(|d| d.test_scope()))
                                .map_err(|m| ConfigError::new(Field::Tests, m))?;
                        }
                        Some(all)
                    }
                    None => None,
                };
                let options = StreamOptions {
                    copies,
                    deck,
                    format: self.format.unwrap_or_default(),
                    base: self.base.unwrap_or(0),
                    strict: self.strict,
                    max_decks: self.max_decks,
                };
                Plan::External(ExternalPlan { source, options, deal, tests })
            }
            None => {
                self.refuse_given(
                    &self.external_only(),
                    "applies to exec and decks sources only (decks made elsewhere), not to algorithm sources",
                )?;
                let Some(kind) = self.algorithm else {
                    return Err(ConfigError::new(
                        Field::Algorithm,
                        "give an algorithm, or --decks FILE, or --exec CMD",
                    ));
                };
                let kind = resolve_draw(kind, self.draw.unwrap_or_default())?;
                if self.swaps.is_some() && !matches!(kind, AlgorithmKind::Wash | AlgorithmKind::PairSwap) {
                    return Err(ConfigError::new(
                        Field::Swaps,
                        format!("applies to wash and pair-swap only, not {}", kind.name()),
                    ));
                }
                let swaps = match self.swaps {
                    Some(k) => {
                        limits::check_swaps(k)?;
                        Some(usize::try_from(k).map_err(|_| ConfigError::new(Field::Swaps, "too large"))?)
                    }
                    None => self.repetitions(kind)?,
                };
                let rng = self.rng.unwrap_or(DEFAULT_RNG);
                let seed = match self.seed {
                    Some(s) => s,
                    None => draw_seed(rng),
                };
                let deck = deck.unwrap_or(DEFAULT_DECK);
                check_deck(deck)?;
                let deck = check_copies(deck, copies)?;
                let (layout, variant) = self.machine(kind, deck)?;
                let builtin = Builtin {
                    algorithm: Algorithm { kind, swaps, layout, variant },
                    rng,
                    seed,
                    post: PostProcess { cut: self.cut, burn: self.burn.unwrap_or(0) },
                    seeding: self.seeding(rng)?,
                };
                let config = RunConfig {
                    source: DeckSource::Builtin(builtin),
                    deck,
                    copies,
                    shuffles: progressive.unwrap_or(self.shuffles.unwrap_or(DEFAULT_SHUFFLES)),
                    threads: self.threads,
                    deal,
                    tests,
                };
                config.validate()?;
                if let Some((i, k)) = state.shard {
                    crate::audit::config::check_shard(i, k, config.chunks())?;
                }
                if let Some(count) = self.samples {
                    let size = crate::audit::samples::check_samples(count, config.shuffles, "shuffles")?;
                    if !config.tests.is_default() {
                        config.tests.check_cards(config.cards(), size, deal.map(|d| d.test_scope())).map_err(|m| {
                            ConfigError::new(Field::Tests, format!("{m} (each of the {count} samples has {size})"))
                        })?;
                    }
                }
                Plan::Builtin(config)
            }
        };
        Ok(RunSettings { plan, thresholds, progressive, state, timeout: self.timeout, samples: self.samples })
    }

    /// The settings of `run --resume`: the state holds the run's definition, so every option that defines a run
    /// is refused; the thread count, the thresholds, the state file and its checkpoints apply.
    pub fn validate_resume(&self, resumed: &RunState) -> Result<RunSettings, ConfigError> {
        let defining = [
            (Field::Algorithm, self.algorithm.is_some()),
            (Field::Decks, self.decks.is_some()),
            (Field::Exec, self.exec.is_some()),
            (Field::Rng, self.rng.is_some()),
            (Field::Seed, self.seed.is_some()),
            (Field::Swaps, self.swaps.is_some()),
            (Field::Riffles, self.riffles.is_some()),
            (Field::Passes, self.passes.is_some()),
            (Field::Moves, self.moves.is_some()),
            (Field::Shelves, self.shelves.is_some()),
            (Field::Piles, self.piles.is_some()),
            (Field::PileOrder, self.pile_order.is_some()),
            (Field::Faro, self.faro.is_some()),
            (Field::Draw, self.draw.is_some()),
            (Field::Cut, self.cut),
            (Field::Burn, self.burn.is_some()),
            (Field::Deck, self.deck.is_some()),
            (Field::Copies, self.copies.is_some()),
            (Field::Shuffles, self.shuffles.is_some()),
            (Field::Tests, self.tests.is_some()),
            (Field::Guesser, self.guesser.is_some()),
            (Field::Game, self.game.is_some()),
        ]
        .into_iter()
        .chain(shape_given(&self.shape))
        .chain([
            (Field::Format, self.format.is_some()),
            (Field::Base, self.base.is_some()),
            (Field::Strict, self.strict),
            (Field::MaxDecks, self.max_decks.is_some()),
            (Field::Progressive, self.progressive),
            (Field::MaxShuffles, self.max_shuffles.is_some()),
            (Field::Shard, self.shard.is_some()),
            (Field::Seeding, self.seeding.is_some()),
            (Field::SeedSpace, self.seed_space.is_some()),
            (Field::Samples, self.samples.is_some()),
        ])
        .collect::<Vec<_>>();
        self.refuse_given(&defining, "does not apply with --resume: the state file holds the run's definition")?;
        if let Some(f) = resumed.config.source.function() {
            return Err(ConfigError::new(
                Field::Resume,
                format!(
                    "the state is of the shuffle function `{}`, audited through the library: resume it there \
                     (Audit::resume), which has the function",
                    f.name
                ),
            ));
        }
        let thresholds = thresholds(self.fail_below, self.suspicious_below)?;
        if resumed.samples.is_some() {
            self.refuse_given(
                &self.state_only(),
                "does not apply to the state of a run of samples: stopped again, it keeps its state beside its \
                 reports",
            )?;
        }
        let mut state = self.state_settings()?;
        state.shard = resumed.shard;
        let config = RunConfig { threads: self.threads, ..resumed.config.clone() };
        config.validate()?;
        Ok(RunSettings {
            plan: Plan::Builtin(config),
            thresholds,
            progressive: None,
            state,
            timeout: self.timeout,
            samples: resumed.samples.as_ref().map(|s| s.count),
        })
    }

    /// The tests, with the chosen guessers: `--guesser` applies to the `guess` test only.
    fn tests(&self) -> Result<TestSelection, ConfigError> {
        let tests = self.tests.unwrap_or_default();
        match self.guesser {
            None => Ok(tests),
            Some(_) if !tests.contains(TestId::Guess) => Err(ConfigError::new(
                Field::Guesser,
                format!(
                    "applies to the guess test only, which is not among the tests '{tests}': add it with --tests guess \
                     (or default,guess)"
                ),
            )),
            Some(g) => Ok(tests.with_guessers(g)),
        }
    }

    fn state_settings(&self) -> Result<StateSettings, ConfigError> {
        if self.progressive {
            self.refuse_given(
                &self.state_only(),
                "does not apply with --progressive (its sample grows until a FAIL; run a fixed --shuffles instead)",
            )?;
        }
        if self.checkpoint_every.is_some() && self.state_out.is_none() {
            return Err(ConfigError::new(
                Field::CheckpointEvery,
                "needs --state-out FILE: checkpoints go to a file of their own, outside the report folder (which \
                 is replaced whole at the end of the run)",
            ));
        }
        Ok(StateSettings { shard: self.shard, out: self.state_out.clone(), checkpoint_every: self.checkpoint_every })
    }

    /// `--samples`: the samples are separate runs tested one by one, so the options of one growing or resumable
    /// run do not apply, and decks made elsewhere are split when their number is known before reading: a file.
    fn check_samples_apply(&self) -> Result<(), ConfigError> {
        if self.samples.is_none() {
            return Ok(());
        }
        let why = "does not apply with --samples: each sample is a run of its own, tested when it ends";
        self.refuse_given(&[(Field::Progressive, self.progressive)], why)?;
        self.refuse_given(&self.state_only(), why)?;
        if self.exec.is_some() || self.decks.as_deref().is_some_and(|p| p.as_os_str() == "-") {
            return Err(ConfigError::new(
                Field::Samples,
                "splits decks made elsewhere when their number is known before reading: give them as a file \
                 (--decks FILE), not a stream",
            ));
        }
        Ok(())
    }

    /// The options of a run's state that were given.
    fn state_only(&self) -> [(Field, bool); 3] {
        [
            (Field::Shard, self.shard.is_some()),
            (Field::StateOut, self.state_out.is_some()),
            (Field::CheckpointEvery, self.checkpoint_every.is_some()),
        ]
    }

    fn external_source(&self) -> Result<Option<ExternalSource>, ConfigError> {
        Ok(match (&self.decks, &self.exec) {
            (Some(_), Some(_)) => {
                return Err(ConfigError::new(Field::Exec, "a run has one source: --decks and --exec are both given"));
            }
            (Some(p), None) => Some(ExternalSource::Decks(p.clone())),
            (None, Some(c)) if c.trim().is_empty() => {
                return Err(ConfigError::new(Field::Exec, "the command is empty"));
            }
            (None, Some(c)) => Some(ExternalSource::Exec(c.clone())),
            (None, None) => None,
        })
        .and_then(|s| {
            if s.is_some() && self.algorithm.is_some() {
                let other = if self.decks.is_some() { "--decks" } else { "--exec" };
                return Err(ConfigError::new(Field::Algorithm, format!("a run has one source: {other} is given too")));
            }
            Ok(s)
        })
    }

    /// The seeding of a built-in run with generator `rng`: `--seed-space` needs `--seeding per-deal` and a
    /// number of seeds in 1..=the generator's (the whole space is stored as `None`).
    fn seeding(&self, rng: RngKind) -> Result<Seeding, ConfigError> {
        match (self.seeding.unwrap_or_default(), self.seed_space) {
            (SeedingMode::Once, None) => Ok(Seeding::Once),
            (SeedingMode::Once, Some(_)) => {
                Err(ConfigError::new(Field::SeedSpace, "only applies with --seeding per-deal"))
            }
            (SeedingMode::PerDeal, None) => Ok(Seeding::PerDeal { space: None }),
            (SeedingMode::PerDeal, Some(0)) => Err(ConfigError::new(Field::SeedSpace, "must be at least 1 seed")),
            (SeedingMode::PerDeal, Some(n)) if n > seed_space(rng) => Err(ConfigError::new(
                Field::SeedSpace,
                format!("{n} seeds is more than {rng} has: {} seeds with {}", seed_space(rng), rng.seeding_rule()),
            )),
            (SeedingMode::PerDeal, Some(n)) if n == seed_space(rng) => Ok(Seeding::PerDeal { space: None }),
            (SeedingMode::PerDeal, Some(n)) => Ok(Seeding::PerDeal { space: Some(n as u64) }),
        }
    }

    /// The repetition count of `riffle`, `overhand` or `top-to-random` (`--riffles`, `--passes`, `--moves`),
    /// each refused with any other algorithm; at most 2^20 (the swap limit, for the same reason: past it a run
    /// is a typo).
    fn repetitions(&self, kind: AlgorithmKind) -> Result<Option<usize>, ConfigError> {
        let given = [
            (Field::Riffles, self.riffles, AlgorithmKind::Riffle, "riffles"),
            (Field::Passes, self.passes, AlgorithmKind::Overhand, "passes"),
            (Field::Moves, self.moves, AlgorithmKind::TopToRandom, "moves"),
        ];
        let mut count = None;
        for (field, value, owner, unit) in given {
            let Some(k) = value else { continue };
            let machine_passes = field == Field::Passes && matches!(kind, AlgorithmKind::Shelf | AlgorithmKind::Faro);
            if kind != owner && !machine_passes {
                let owners = if field == Field::Passes { "overhand, shelf and faro" } else { owner.name() };
                return Err(ConfigError::new(field, format!("applies to {owners} only, not {}", kind.name())));
            }
            if machine_passes && k == 0 {
                return Err(ConfigError::new(field, "must be at least 1"));
            }
            if k > limits::MAX_SWAPS {
                return Err(ConfigError::new(
                    field,
                    format!("{k} is above the limit of 2^20 = {} {unit} per shuffle", limits::MAX_SWAPS),
                ));
            }
            count = Some(usize::try_from(k).map_err(|_| ConfigError::new(field, "too large"))?);
        }
        Ok(count)
    }

    /// The machines' layout and mode for `kind` on an `n`-card deck ([`machine_settings`]).
    fn machine(&self, kind: AlgorithmKind, n: usize) -> Result<(Option<usize>, bool), ConfigError> {
        machine_settings(kind, n, self.shelves, self.piles, self.pile_order, self.faro)
    }

    /// The options of a built-in shuffle that were given.
    fn builtin_only(&self) -> [(Field, bool); 17] {
        [
            (Field::Shelves, self.shelves.is_some()),
            (Field::Piles, self.piles.is_some()),
            (Field::PileOrder, self.pile_order.is_some()),
            (Field::Faro, self.faro.is_some()),
            (Field::Rng, self.rng.is_some()),
            (Field::Seed, self.seed.is_some()),
            (Field::Swaps, self.swaps.is_some()),
            (Field::Riffles, self.riffles.is_some()),
            (Field::Passes, self.passes.is_some()),
            (Field::Moves, self.moves.is_some()),
            (Field::Draw, self.draw.is_some()),
            (Field::Cut, self.cut),
            (Field::Burn, self.burn.is_some()),
            (Field::Threads, self.threads.is_some()),
            (Field::Shuffles, self.shuffles.is_some()),
            (Field::Seeding, self.seeding.is_some()),
            (Field::SeedSpace, self.seed_space.is_some()),
        ]
    }

    /// The options of external input that were given.
    fn external_only(&self) -> [(Field, bool); 4] {
        [
            (Field::Format, self.format.is_some()),
            (Field::Base, self.base.is_some()),
            (Field::Strict, self.strict),
            (Field::MaxDecks, self.max_decks.is_some()),
        ]
    }

    fn refuse_given(&self, given: &[(Field, bool)], why: &str) -> Result<(), ConfigError> {
        match given.iter().find(|(_, g)| *g) {
            Some((field, _)) => Err(ConfigError::new(*field, why)),
            None => Ok(()),
        }
    }

    /// The validated deal, if `--game` was given; the shape options without `--game` are an error.
    fn deal(&self) -> Result<Option<DealConfig>, ConfigError> {
        deal(self.game, self.deck, self.copies, self.shape)
    }
}

/// The validated deal of `game` (a shoe of `copies` decks where the game takes one), if a game was given; the
/// deal's shape (players, hand, bottom, scheme, order, cut card) without a game is an error naming the first
/// setting given. The command line and the library's `Audit` both decide it here.
pub(crate) fn deal(
    game: Option<Game>,
    deck: Option<usize>,
    copies: Option<usize>,
    shape: DealShape,
) -> Result<Option<DealConfig>, ConfigError> {
    match game {
        Some(game) => DealConfig::shoe(game, deck, copies, shape).map(Some),
        None => match shape_given(&shape).iter().find(|(_, g)| *g) {
            Some((field, _)) => {
                Err(ConfigError::new(*field, "describes a deal: add --game doudizhu, douniu, blackjack or custom"))
            }
            None => Ok(None),
        },
    }
}

/// The settings of a deal's shape, each with whether it was given.
fn shape_given(s: &DealShape) -> [(Field, bool); 6] {
    [
        (Field::Players, s.players.is_some()),
        (Field::Hand, s.hand.is_some()),
        (Field::Bottom, s.bottom.is_some()),
        (Field::Scheme, s.scheme.is_some()),
        (Field::Order, s.order.is_some()),
        (Field::CutCard, s.cut_card.is_some()),
    ]
}

/// Applies `--draw` to `--algorithm`.
pub(crate) fn resolve_draw(kind: AlgorithmKind, draw: Draw) -> Result<AlgorithmKind, ConfigError> {
    match (kind, draw) {
        (AlgorithmKind::FisherYates, Draw::Batched) => Ok(AlgorithmKind::FisherYatesBatched),
        (k, Draw::Modulo) => Ok(k),
        (AlgorithmKind::FisherYatesBatched, Draw::Batched) => Ok(AlgorithmKind::FisherYatesBatched),
        (k, Draw::Batched) => {
            Err(ConfigError::new(Field::Draw, format!("batched draws apply to fisher-yates only, not {}", k.name())))
        }
    }
}

/// The verdict thresholds: each a probability in (0, 0.5), FAIL's at most SUSPICIOUS's.
pub fn thresholds(fail: Option<f64>, suspicious: Option<f64>) -> Result<Thresholds, ConfigError> {
    let defaults = Thresholds::default();
    let check = |field: Field, v: Option<f64>, default: f64| match v {
        None => Ok(default),
        Some(v) if v > 0.0 && v < 0.5 => Ok(v),
        Some(v) => Err(ConfigError::new(field, format!("{v} is not a probability between 0 and 0.5"))),
    };
    let fail = check(Field::FailBelow, fail, defaults.fail)?;
    let suspicious = check(Field::SuspiciousBelow, suspicious, defaults.suspicious)?;
    if fail > suspicious {
        return Err(ConfigError::new(
            Field::FailBelow,
            format!("{fail} is above the SUSPICIOUS threshold {suspicious}"),
        ));
    }
    Ok(Thresholds { fail, suspicious })
}

/// The machines' layout (`--shelves M`, `--piles P`) and mode (`--pile-order random`, `--faro in`) for `kind` on
/// an `n`-card deck, as [`crate::shuffle::Algorithm`]'s `layout` and `variant`: each option refused when it does
/// not apply to `kind`, or out of range (1 to 1024 shelves, 1 to n piles). `run` and `exact` both validate here.
pub(crate) fn machine_settings(
    kind: AlgorithmKind,
    n: usize,
    shelves: Option<u64>,
    piles: Option<u64>,
    pile_order: Option<PileOrder>,
    faro: Option<FaroKind>,
) -> Result<(Option<usize>, bool), ConfigError> {
    let owned = [
        (Field::Shelves, shelves.is_some(), AlgorithmKind::Shelf),
        (Field::Piles, piles.is_some(), AlgorithmKind::Pile),
        (Field::PileOrder, pile_order.is_some(), AlgorithmKind::Pile),
        (Field::Faro, faro.is_some(), AlgorithmKind::Faro),
    ];
    for (field, given, owner) in owned {
        if given && kind != owner {
            return Err(ConfigError::new(field, format!("applies to {} only, not {}", owner.name(), kind.name())));
        }
    }
    let layout = match (shelves, piles) {
        (Some(m), _) if !(1..=1024).contains(&m) => {
            return Err(ConfigError::new(Field::Shelves, format!("{m} shelves: give 1 to 1024")));
        }
        (_, Some(p)) if p == 0 || p > n as u64 => {
            return Err(ConfigError::new(Field::Piles, format!("{p} piles for {n} cards: give 1 to {n}")));
        }
        (Some(k), _) | (_, Some(k)) => Some(k as usize),
        (None, None) => None,
    };
    let default_piles = crate::shuffle::DEFAULT_PILES;
    if kind == AlgorithmKind::Pile && layout.is_none() && default_piles > n {
        return Err(ConfigError::new(
            Field::Piles,
            format!("the default {default_piles} piles need at least that many cards (this deck has {n})"),
        ));
    }
    Ok((layout, pile_order == Some(PileOrder::Random) || faro == Some(FaroKind::In)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> RunRequest {
        RunRequest { algorithm: Some(AlgorithmKind::FisherYates), seed: Some(1), ..Default::default() }
    }

    fn field_of(r: RunRequest) -> (Field, String) {
        let e = r.validate(|_| 0).unwrap_err();
        (e.field, e.message)
    }

    #[test]
    fn options_that_do_not_apply_are_refused() {
        let decks = || RunRequest { decks: Some("d.txt".into()), ..Default::default() };
        for (r, field) in [
            (RunRequest { seed: Some(1), ..decks() }, Field::Seed),
            (RunRequest { rng: Some(RngKind::Msvc), ..decks() }, Field::Rng),
            (RunRequest { draw: Some(Draw::Batched), ..decks() }, Field::Draw),
            (RunRequest { swaps: Some(3), ..decks() }, Field::Swaps),
            (RunRequest { threads: Some(2), ..decks() }, Field::Threads),
            (RunRequest { algorithm: Some(AlgorithmKind::Wash), ..decks() }, Field::Algorithm),
            (RunRequest { strict: true, ..request() }, Field::Strict),
            (RunRequest { max_decks: Some(10), ..request() }, Field::MaxDecks),
            (RunRequest { swaps: Some(3), ..request() }, Field::Swaps),
            (RunRequest { max_shuffles: Some(8), ..request() }, Field::MaxShuffles),
            (RunRequest { shape: DealShape { players: Some(7), ..Default::default() }, ..request() }, Field::Players),
            (RunRequest { seeding: Some(SeedingMode::PerDeal), ..decks() }, Field::Seeding),
            (RunRequest { seed_space: Some(10), ..decks() }, Field::SeedSpace),
            (
                RunRequest { exec: Some("cat d.txt".into()), seeding: Some(SeedingMode::Once), ..Default::default() },
                Field::Seeding,
            ),
            (RunRequest { seed_space: Some(10), ..request() }, Field::SeedSpace),
            (RunRequest { seeding: Some(SeedingMode::Once), seed_space: Some(10), ..request() }, Field::SeedSpace),
        ] {
            assert_eq!(field_of(r).0, field);
        }
    }

    #[test]
    fn a_deal_must_fit_the_deck_and_no_test_means_no_run() {
        let doudizhu = RunRequest { game: Some(Game::Doudizhu), ..request() };
        let r: RunRequest =
            RunRequest { shape: DealShape { players: Some(7), ..Default::default() }, ..doudizhu.clone() };
        assert!(field_of(r).1.contains("7 players × 17 cards + 3 bottom = 122 cards"));
        let r = RunRequest { deck: Some(52), ..doudizhu };
        assert_eq!(field_of(r).0, Field::Deck);
        let r = RunRequest {
            deck: Some(8),
            shuffles: Some(1000),
            tests: Some(TestSelection::parse("full-permutation").unwrap()),
            ..request()
        };
        assert!(field_of(r).1.contains("403200"));
        let external = RunRequest {
            decks: Some("d.txt".into()),
            tests: Some(TestSelection::parse("bottom-joker").unwrap()),
            game: Some(Game::Douniu),
            progressive: true,
            ..Default::default()
        };
        assert_eq!(field_of(external).0, Field::Tests);
    }

    #[test]
    fn per_deal_seed_spaces_fit_the_generator() {
        let per_deal = |rng, space| RunRequest {
            rng: Some(rng),
            seeding: Some(SeedingMode::PerDeal),
            seed_space: space,
            ..request()
        };
        let seeding = |r: RunRequest| r.validate(|_| 0).map(|s| s.builtin().unwrap().builtin().unwrap().seeding);
        assert_eq!(seeding(per_deal(RngKind::Msvc, None)), Ok(Seeding::PerDeal { space: None }));
        assert_eq!(seeding(per_deal(RngKind::Msvc, Some(1 << 32))), Ok(Seeding::PerDeal { space: None }));
        assert_eq!(seeding(per_deal(RngKind::Glibc, Some(86_400))), Ok(Seeding::PerDeal { space: Some(86_400) }));
        assert_eq!(seeding(per_deal(RngKind::Chacha8, Some(1 << 64))), Ok(Seeding::PerDeal { space: None }));
        for (rng, n) in [(RngKind::Msvc, (1u128 << 32) + 1), (RngKind::Glibc, 1 << 40), (RngKind::Pcg64, (1 << 64) + 1)]
        {
            let (field, message) = field_of(per_deal(rng, Some(n)));
            assert_eq!(field, Field::SeedSpace);
            assert!(message.contains("more than"), "{message}");
        }
        assert_eq!(field_of(per_deal(RngKind::Msvc, Some(0))), (Field::SeedSpace, "must be at least 1 seed".into()));
    }

    #[test]
    fn a_valid_request_becomes_a_run() {
        let s = RunRequest { rng: Some(RngKind::Msvc), shuffles: Some(100), ..request() }.validate(|_| 9).unwrap();
        let c = s.builtin().unwrap();
        assert_eq!((c.deck, c.shuffles, c.builtin().unwrap().seed), (52, 100, 1));
        let drawn = RunRequest { seed: None, ..request() }.validate(|_| 9).unwrap();
        assert_eq!(drawn.builtin().unwrap().builtin().unwrap().seed, 9);
    }
}
