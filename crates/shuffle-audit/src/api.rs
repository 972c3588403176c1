//! The API for a project's own tests: audit a shuffle function, or decks made some other way, in one call, with
//! the same battery, verdict rule and determinism as `shuffle-audit run`.
//!
//! ```
//! use shuffle_audit::{Audit, AuditRng, Verdict};
//! use rand::seq::SliceRandom;
//!
//! // rand's own shuffle, 2^16 times on 52 cards, with a fixed seed: it passes.
//! let report = Audit::new(52).shuffles(1 << 16).seed(7).run(|deck: &mut [u16], rng: &mut AuditRng| deck.shuffle(rng));
//! report.assert_fair();
//! assert_eq!(report.verdict(), Verdict::Pass);
//! ```
//!
//! [`Audit::run`] hands the function a fresh deck of card ids `0..n` (or a deal's starting order, with
//! [`Audit::game`]) and an [`AuditRng`]: chunk i of 16384 shuffles draws from ChaCha8 seeded with the runner's
//! chunk seed of (seed, i), so the same seed gives the same report for any thread count. A result that is not a
//! permutation makes the report BROKEN, naming the deck. [`Audit::run_decks`] audits decks produced elsewhere
//! (as `run --decks` does), and [`DeckAuditor`] takes them one at a time, for bindings.
//!
//! [`Report::assert_fair`] panics unless the verdict is PASS, with a message that names the failing tests, the
//! seed that reproduces them, and the assertion's nominal false-positive rate: 10^-3 with the default
//! thresholds (the SUSPICIOUS threshold on the run's family-wise p: one Holm family in which each two-sided test
//! counts once, its smaller tail doubled). That bound holds whatever the dependence between the tests; the rule's
//! real rate is measured at testable levels (α = 0.01, 0.05, 0.1) by `calibrate`'s `family.csv` and by the
//! release test `tests/integration/family.rs`, where it sits at or below α.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::audit::RunReport;
use crate::audit::resumable::{Checkpoints, ResumableRun};
use crate::audit::runner::{CHUNK_SHUFFLES, Control, Counted, RunConfig, RunOutcome, run_function_into};
use crate::audit::settings::thresholds;
use crate::audit::source::{DeckSource, FunctionSource};
use crate::audit::state::RunState;
use crate::audit::stop::StopFlag;
use crate::audit::tally::Tally;
use crate::audit::verdict::{Thresholds, Verdict};
use crate::cards::{Card, Lang, PermutationDefect};
use crate::error::{ConfigError, Field};
use crate::game::Game;
use crate::game::deal::DealShape;
use crate::report::files::{Output, write_run_files};
use crate::report::{console, i18n, writer};
use crate::rng::AuditRng;
use crate::stats::TestSelection;
use crate::stats::distributions::special::ln_to_log10;
use crate::stats::power::PowerStatement;

/// Shuffles of an audit when [`Audit::shuffles`] is not called.
pub const DEFAULT_SHUFFLES: u64 = crate::audit::settings::DEFAULT_SHUFFLES;
/// The seed of an audit when [`Audit::seed`] is not called.
pub const DEFAULT_SEED: u64 = 0;
/// The tests of an audit when [`Audit::tests`] is not called, as `--tests` names them.
pub const DEFAULT_TESTS: &str = "default";
/// The deck `run` audits when no size is given (the builder's [`Audit::new`] always takes one; bindings that
/// default it take this one).
pub const DEFAULT_DECK: usize = crate::audit::settings::DEFAULT_DECK;
/// An audit to run: the deck, how many shuffles, the seed, and the tests. Build it with [`Audit::new`] and the
/// builder methods, then [`Audit::run`] a shuffle function or [`Audit::run_decks`] a list of decks.
#[derive(Clone, Debug)]
pub struct Audit {
    deck: usize,
    /// Copies of the deck in one shoe (`--copies`); a game of shoes has its own default.
    copies: Option<usize>,
    shuffles: u64,
    seed: u64,
    threads: Option<usize>,
    tests: Option<String>,
    thresholds: Option<(f64, f64)>,
    game: Option<Game>,
    /// The deal's players, hand, bottom and cut card, where the game's defaults are not wanted.
    shape: DealShape,
    name: String,
    /// Decks a binding makes from the seed with its own generator (`made_by`).
    made_by: Option<(String, String)>,
}

/// Why an audit could not run: a setting out of range (named as the command line names it), or a deck that is not
/// a permutation of the deck's ids (named by its index, from 0).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct AuditError {
    message: String,
    setting: Option<ConfigError>,
}

impl AuditError {
    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The setting at fault and what is wrong with it, when the error is a setting's: a binding names the field
    /// its own way ([`crate::Field::key`]) instead of the command line's flag.
    pub fn setting(&self) -> Option<&ConfigError> {
        self.setting.as_ref()
    }

    fn other(message: String) -> Self {
        AuditError { message, setting: None }
    }
}

impl From<ConfigError> for AuditError {
    fn from(e: ConfigError) -> Self {
        AuditError { message: e.to_string(), setting: Some(e) }
    }
}

impl Audit {
    /// An audit of a deck of `deck` cards, ids `0..deck`, with 10^6 shuffles, seed 0, every core, the default
    /// tests and thresholds.
    pub fn new(deck: usize) -> Self {
        Audit {
            deck,
            copies: None,
            shuffles: DEFAULT_SHUFFLES,
            seed: DEFAULT_SEED,
            threads: None,
            tests: None,
            thresholds: None,
            game: None,
            shape: DealShape::default(),
            name: "function".to_string(),
            made_by: None,
        }
    }

    /// A shoe of `copies` copies of the deck, shuffled as one (`--copies`): the function is handed ids
    /// `0..copies·deck`, card `c` showing face `c mod deck`, and the face, suit, rank and value-by-position tests
    /// of a shoe join the battery. Decks given to [`Audit::run_decks`] are such ids. With [`Game::Baccarat`] and
    /// [`Game::Blackjack`] it is the decks in the game's shoe (8 and 6 when not given).
    pub fn copies(mut self, copies: usize) -> Self {
        self.copies = Some(copies);
        self
    }

    /// Shuffles to run (for [`Audit::run`]; [`Audit::run_decks`] counts the decks it is given).
    pub fn shuffles(mut self, shuffles: u64) -> Self {
        self.shuffles = shuffles;
        self
    }

    /// The seed: chunk i of the run draws from ChaCha8 seeded with the chunk seed of (seed, i).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Worker threads (default: every core); the report does not depend on it.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// The tests, named as `--tests` names them: `"default"`, `"position"`, `"adjacency,parity"`.
    pub fn tests(mut self, list: &str) -> Self {
        self.tests = Some(list.to_string());
        self
    }

    /// The verdict's thresholds: FAIL when the family-wise p is below `fail_below`, SUSPICIOUS below
    /// `suspicious_below` (defaults 1e-9 and 1e-3).
    pub fn thresholds(mut self, fail_below: f64, suspicious_below: f64) -> Self {
        self.thresholds = Some((fail_below, suspicious_below));
        self
    }

    /// Deal every deck as `game` deals it (its deck, seats and starting order: `--game`), adding the seat and
    /// table tests. [`Game::Baccarat`] deals the first coup of a shoe of [`Audit::copies`] decks, [`Game::Blackjack`] its rounds
    /// to 5 players and the dealer until the cut card at three quarters of the shoe.
    pub fn game(mut self, game: Game) -> Self {
        self.game = Some(game);
        self
    }

    /// Players at the table (`--players`): blackjack's 1 to 7 (5 when not given), or another game's own range.
    /// Needs [`Audit::game`]: without it the audit is refused, naming the setting.
    pub fn players(mut self, players: usize) -> Self {
        self.shape.players = Some(players);
        self
    }

    /// Cards in each hand (`--hand`), for a game whose hands can change size. Needs [`Audit::game`].
    pub fn hand(mut self, hand: usize) -> Self {
        self.shape.hand = Some(hand);
        self
    }

    /// Cards left at the bottom (`--bottom`), for a game that has one. Needs [`Audit::game`].
    pub fn bottom(mut self, bottom: usize) -> Self {
        self.shape.bottom = Some(bottom);
        self
    }

    /// Blackjack's cut card (`--cut-card`), in cards from the top of the shoe: rounds are dealt until it is
    /// reached (three quarters of the shoe when not given). Refused for any other game.
    pub fn cut_card(mut self, cut_card: usize) -> Self {
        self.shape.cut_card = Some(cut_card);
        self
    }

    /// What the reports call the source (`function` by default): their `algorithm` column is `function:NAME`.
    pub fn name(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    /// For bindings that make the decks themselves from the seed, with a generator of their own: the reports'
    /// `rng` column shows `generator`, their `seed` column the seed, and [`Report::failure_message`] says
    /// `reproduce` (the binding's own call) as the way to reproduce the run. Applies to [`Audit::deck_auditor`].
    pub fn made_by(mut self, generator: &str, reproduce: &str) -> Self {
        self.made_by = Some((generator.to_string(), reproduce.to_string()));
        self
    }

    /// Runs the audit of `shuffle`, which shuffles a fresh deck in place with the generator it is given.
    ///
    /// # Panics
    /// When a setting is out of range (see [`Audit::try_run`], which returns the error instead).
    #[track_caller]
    pub fn run<F: Fn(&mut [Card], &mut AuditRng) + Sync>(&self, shuffle: F) -> Report {
        self.try_run(shuffle).unwrap_or_else(|e| panic!("shuffle-audit: {e}"))
    }

    /// [`Audit::run`], with a setting out of range as an error.
    pub fn try_run<F: Fn(&mut [Card], &mut AuditRng) + Sync>(&self, shuffle: F) -> Result<Report, AuditError> {
        let (config, thresholds) = self.config(Some(self.seed), self.shuffles, None)?;
        let mut counted = Counted::new(&config);
        let finish = run_function_into(&config, &shuffle, &mut counted, 0..config.chunks(), &mut Control::default())?;
        Ok(Report::new(RunReport::new(config, counted.into_outcome(finish.elapsed, finish.threads), thresholds)))
    }

    /// Audits decks made some other way, one stream in the order given.
    ///
    /// ```
    /// use shuffle_audit::{Audit, Verdict};
    ///
    /// // 3000 copies of one deck: every statistic is as far from fair as it can be.
    /// let decks = vec![[3u16, 1, 4, 0, 2]; 3000];
    /// let report = Audit::new(5).run_decks(&decks);
    /// assert_eq!(report.verdict(), Verdict::Fail);
    /// assert_eq!(report.shuffles(), 3000);
    /// assert!(Audit::new(5).try_run_decks([[0u16, 1, 2, 3, 3]]).unwrap_err().message().starts_with("deck 0: "));
    /// ```
    ///
    /// # Panics
    /// When a setting is out of range or a deck is not a permutation (see [`Audit::try_run_decks`]).
    #[track_caller]
    pub fn run_decks<I: IntoIterator<Item = D>, D: AsRef<[Card]>>(&self, decks: I) -> Report {
        self.try_run_decks(decks).unwrap_or_else(|e| panic!("shuffle-audit: {e}"))
    }

    /// [`Audit::run_decks`], with a bad setting or deck as an error.
    pub fn try_run_decks<I: IntoIterator<Item = D>, D: AsRef<[Card]>>(&self, decks: I) -> Result<Report, AuditError> {
        let mut auditor = self.deck_auditor()?;
        for deck in decks {
            auditor.add(deck.as_ref())?;
        }
        auditor.finish()
    }

    /// An auditor that takes decks one at a time ([`DeckAuditor::add`]), for callers that make them in batches.
    pub fn deck_auditor(&self) -> Result<DeckAuditor, AuditError> {
        let seed = self.made_by.as_ref().map(|_| self.seed);
        // Decks given are counted as they come; a binding that makes them (`made_by`) makes `shuffles` of them,
        // so its count is checked as `run`'s is.
        let shuffles = if self.made_by.is_some() { self.shuffles } else { self.shuffles.max(1) };
        let (config, thresholds) = self.config(seed, shuffles, self.made_by.as_ref())?;
        Ok(DeckAuditor {
            tally: config.new_tally(),
            seen: vec![0; config.deck],
            config,
            thresholds,
            decks: 0,
            started: Instant::now(),
        })
    }

    /// The run's configuration, validated as the command line's is.
    fn config(
        &self,
        seed: Option<u64>,
        shuffles: u64,
        made_by: Option<&(String, String)>,
    ) -> Result<(RunConfig, Thresholds), AuditError> {
        let err = AuditError::from;
        let tests = match &self.tests {
            Some(list) => TestSelection::parse(list).map_err(|m| err(ConfigError::new(Field::Tests, m)))?,
            None => TestSelection::default(),
        };
        let deal = crate::audit::settings::deal(self.game, Some(self.deck), self.copies, self.shape).map_err(err)?;
        let thresholds = match self.thresholds {
            Some((fail, suspicious)) => thresholds(Some(fail), Some(suspicious)).map_err(err)?,
            None => Thresholds::default(),
        };
        let (generator, reproduce) = match made_by {
            Some((g, r)) => (Some(g.clone()), Some(r.clone())),
            None => (None, None),
        };
        let source = DeckSource::Function(FunctionSource { name: self.name.clone(), seed, generator, reproduce });
        crate::audit::config::check_deck(self.deck).map_err(err)?;
        let copies = deal.map_or(self.copies.unwrap_or(1), |d| d.copies);
        let cards = crate::audit::config::check_copies(self.deck, copies).map_err(err)?;
        let tests = tests.for_copies(copies, deal.is_some());
        let config = RunConfig { threads: self.threads, deal, tests, copies, ..RunConfig::of(source, cards, shuffles) };
        config.validate().map_err(err)?;
        Ok((config, thresholds))
    }
}

impl Audit {
    /// A run of this audit that can stop and go on: count part of it ([`AuditRun::run_shuffles`]), or all of it
    /// with checkpoints on disk ([`AuditRun::run_with`]), keep its state ([`AuditRun::state`]), and resume it in
    /// another process ([`Audit::resume`]). Its report, once complete, is the report of [`Audit::run`] with the
    /// same settings, test for test.
    ///
    /// ```
    /// use shuffle_audit::{Audit, AuditRng};
    /// use rand::seq::SliceRandom;
    ///
    /// let audit = Audit::new(52).shuffles(1 << 16).seed(7);
    /// let shuffle = |deck: &mut [u16], rng: &mut AuditRng| deck.shuffle(rng);
    /// let mut first = audit.resumable().unwrap();
    /// first.run_shuffles(&shuffle, 1 << 15).unwrap();
    /// let state: Vec<u8> = first.state();
    ///
    /// let mut rest = audit.resume(&state).unwrap();
    /// rest.run(&shuffle).unwrap();
    /// assert_eq!(rest.report().tests(), audit.run(shuffle).tests());
    /// ```
    pub fn resumable(&self) -> Result<AuditRun, AuditError> {
        let (config, thresholds) = self.config(Some(self.seed), self.shuffles, None)?;
        let run = ResumableRun::new(config, None)?;
        Ok(AuditRun { run, thresholds })
    }

    /// The rest of a run of this audit from its state (the bytes of [`AuditRun::state`], or a checkpoint file's).
    /// An error when the state is damaged or belongs to another audit (another deck, seed, number of shuffles,
    /// tests, game or name).
    pub fn resume(&self, state: &[u8]) -> Result<AuditRun, AuditError> {
        let (config, thresholds) = self.config(Some(self.seed), self.shuffles, None)?;
        let state = RunState::decode(state).map_err(|e| AuditError::other(format!("the state: {e}")))?;
        if Some(state.definition_sha256()) != RunState::definition_sha256_of(&config) {
            return Err(AuditError::other(
                "the state is of another audit (its deck, seed, shuffles, tests, game or name differ)".into(),
            ));
        }
        let run = ResumableRun::continuing(config, state)?;
        Ok(AuditRun { run, thresholds })
    }
}

/// A run of an [`Audit`] that can stop, keep its state, and go on ([`Audit::resumable`], [`Audit::resume`]).
/// The shuffle function is given to each call; it must be the same function each time, as the seed is.
#[derive(Clone, Debug)]
pub struct AuditRun {
    run: ResumableRun,
    thresholds: Thresholds,
}

impl AuditRun {
    /// Counts every shuffle not yet counted.
    pub fn run<F: Fn(&mut [Card], &mut AuditRng) + Sync>(&mut self, shuffle: &F) -> Result<(), AuditError> {
        self.run_with(shuffle, None, None).map(drop)
    }

    /// Counts at least `shuffles` more shuffles (whole chunks of 16384, the run's unit of work), or the rest of
    /// the run if fewer are missing, in the order an uninterrupted run counts them.
    pub fn run_shuffles<F: Fn(&mut [Card], &mut AuditRng) + Sync>(
        &mut self,
        shuffle: &F,
        shuffles: u64,
    ) -> Result<(), AuditError> {
        let from = self.run.counted().covered.first().filter(|r| r.start == 0).map_or(0, |r| r.end);
        let chunks = shuffles.div_ceil(CHUNK_SHUFFLES);
        let to = from.saturating_add(chunks);
        self.run.run_function(shuffle, Some(from..to), None, None).map_err(AuditError::from)?;
        Ok(())
    }

    /// Counts every shuffle not yet counted until `stop` is requested (then the run stops within a chunk and
    /// can be resumed), writing its state to `checkpoint.0` at most once per `checkpoint.1` while it counts, and
    /// once more when it stops or ends. Returns whether the run is complete. Before any shuffle, a checkpoint
    /// path that holds something else than a state of this tool, or whose `<path>.window` beside it is not the
    /// window of the state there, is refused: the checkpoints would overwrite it.
    pub fn run_with<F: Fn(&mut [Card], &mut AuditRng) + Sync>(
        &mut self,
        shuffle: &F,
        stop: Option<&StopFlag>,
        checkpoint: Option<(&Path, Duration)>,
    ) -> Result<bool, AuditError> {
        if let Some((path, _)) = checkpoint {
            // A file of someone else's is refused; a path that cannot be written is the error of the first
            // checkpoint, after the run, as below.
            for check in [crate::audit::check_replaceable(path), crate::audit::check_window_replaceable(path)] {
                if let Err(e @ (crate::audit::StateError::Foreign | crate::audit::StateError::ForeignWindow(_))) = check
                {
                    return Err(AuditError::other(format!("checkpoint: {}: {e}", path.display())));
                }
            }
        }
        // The first checkpoint that could not be written is the call's error, once the run has stopped (its
        // counts stay in memory: `state` and `save` still have them).
        let failed = std::sync::Mutex::new(None);
        let file = checkpoint.map(|(path, _)| writer::CheckpointFile::new(path));
        let fail = |e| {
            failed.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(e);
        };
        let write = |state: &RunState| {
            if let Some(file) = &file
                && let Err(e) = file.checkpoint(state)
            {
                fail(e);
            }
        };
        let checkpoints = checkpoint.map(|(_, every)| Checkpoints { every, keep: &write });
        self.run.run_function(shuffle, None, stop, checkpoints)?;
        // And the state it stopped or ended with, whole.
        if let Some(file) = &file
            && let Err(e) = file.finish(&self.state())
        {
            fail(e);
        }
        if let Some(e) = failed.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
            return Err(AuditError::other(format!("checkpoint: {}", e.chain())));
        }
        Ok(self.run.is_complete())
    }

    /// Whether every shuffle is counted.
    pub fn is_complete(&self) -> bool {
        self.run.is_complete()
    }

    /// Shuffles counted so far.
    pub fn shuffles_counted(&self) -> u64 {
        self.run.counted().tally.shuffles()
    }

    /// The run's state: what [`Audit::resume`] reads (and what `shuffle-audit merge` adds up).
    pub fn state(&self) -> Vec<u8> {
        self.run.state().expect("an audit of a function with its seed has a state").encode()
    }

    /// Writes [`AuditRun::state`] to `path`, atomically.
    pub fn save(&self, path: &Path) -> Result<(), crate::report::writer::WriteError> {
        writer::write_atomic(path, &self.state())
    }

    /// The report of what is counted so far, marked partial ([`Report::is_partial`]) while shuffles are missing.
    pub fn report(&self) -> Report {
        Report::new(self.run.report(self.thresholds, None))
    }
}

/// Takes decks one at a time and counts them; [`DeckAuditor::finish`] evaluates them.
#[derive(Debug)]
pub struct DeckAuditor {
    config: RunConfig,
    thresholds: Thresholds,
    tally: Tally,
    seen: Vec<u32>,
    decks: u64,
    started: Instant,
}

impl DeckAuditor {
    /// Starts a new generator stream: the next deck is not paired with the previous one by the serial
    /// correlation test (call it where the decks of one chunk, or one generator, begin).
    /// The cards of every deck it takes: a shoe's every card (`copies` × deck).
    pub fn cards(&self) -> usize {
        self.config.deck
    }

    pub fn begin_stream(&mut self) {
        self.tally.begin_stream();
    }

    /// Counts one deck, after checking it is a permutation of the deck's ids; the error names the deck by its
    /// index (from 0) and says what is wrong.
    pub fn add(&mut self, deck: &[Card]) -> Result<(), AuditError> {
        let n = self.config.deck;
        let k = self.decks;
        if deck.len() != n {
            return Err(AuditError::other(format!("deck {k}: {} cards instead of {n}", deck.len())));
        }
        if let Some((i, &bad)) = deck.iter().enumerate().find(|&(_, &c)| usize::from(c) >= n) {
            return Err(AuditError::other(format!(
                "deck {k}: id {bad} at position {i} is out of range for a {n}-card deck (ids 0..={})",
                n - 1
            )));
        }
        if let Some(defect) = PermutationDefect::check(deck, &mut self.seen) {
            return Err(AuditError::other(format!(
                "deck {k}: not a permutation: {}",
                defect.describe(n, crate::cards::NameStyle::Symbol)
            )));
        }
        self.tally.add(deck);
        self.decks += 1;
        Ok(())
    }

    /// Counts decks given back to back (`decks.len()` a multiple of the deck size), as [`DeckAuditor::add`].
    pub fn add_flat(&mut self, decks: &[Card]) -> Result<(), AuditError> {
        let n = self.config.deck;
        if !decks.len().is_multiple_of(n) {
            return Err(AuditError::other(format!("{} ids are not a whole number of {n}-card decks", decks.len())));
        }
        decks.chunks_exact(n).try_for_each(|deck| self.add(deck))
    }

    /// Decks counted so far.
    pub fn decks(&self) -> u64 {
        self.decks
    }

    /// Evaluates the decks counted.
    pub fn finish(self) -> Result<Report, AuditError> {
        if self.decks == 0 {
            return Err(AuditError::other("no decks to audit".to_string()));
        }
        let config = RunConfig { shuffles: self.decks, ..self.config };
        config.validate()?;
        let outcome = RunOutcome { tally: self.tally, elapsed: self.started.elapsed(), fault: None, threads: 1 };
        Ok(Report::new(RunReport::new(config, outcome, self.thresholds)))
    }
}

/// One test of a report.
#[derive(Clone, Debug, PartialEq)]
pub struct TestSummary {
    /// The test's name, as `--tests` names it.
    pub name: &'static str,
    /// The test's statistic (a scaled χ² for the cell tests).
    pub statistic: f64,
    /// Its degrees of freedom.
    pub df: f64,
    /// The test's p in the run's family (it may be 0 below 1e-308: `log10_p` stays finite): one-sided, or for
    /// a two-sided test `min(1, 2·min(p_upper, p_lower))`.
    pub p_value: f64,
    /// log10 of `p_value`, finite whatever its size.
    pub log10_p: f64,
    /// True when `p_value` is two-sided (the test has a "too uniform" lower tail).
    pub two_sided: bool,
    /// `p_value` Holm-adjusted over the run's tests.
    pub adjusted_p: f64,
    /// The test's verdict at the run's thresholds (its adjusted p).
    pub verdict: Verdict,
}

/// A finished audit: the verdict, every test, the explanation and the power statement, and the files `run`
/// writes.
#[derive(Clone, Debug)]
pub struct Report {
    run: RunReport,
    power: Option<PowerStatement>,
}

impl Report {
    fn new(run: RunReport) -> Self {
        let power = run.power();
        Report { run, power }
    }

    /// PASS, SUSPICIOUS, FAIL or BROKEN.
    pub fn verdict(&self) -> Verdict {
        self.run.verdict
    }

    /// Every test applied, in report order.
    pub fn tests(&self) -> Vec<TestSummary> {
        self.run
            .assessment
            .tests
            .iter()
            .map(|t| TestSummary {
                name: t.result.test.name(),
                statistic: t.result.statistic,
                df: t.result.df,
                p_value: t.ln_p_test.exp(),
                log10_p: ln_to_log10(t.ln_p_test),
                two_sided: t.result.two_sided(),
                adjusted_p: t.ln_p_adjusted.exp(),
                verdict: t.verdict,
            })
            .collect()
    }

    /// Why the verdict, in one sentence.
    pub fn explanation(&self) -> String {
        i18n::reason(Lang::En, &self.run)
    }

    /// What this many shuffles can detect with the position-by-card test (when it was applied).
    pub fn power(&self) -> Option<String> {
        self.power.as_ref().map(PowerStatement::sentence)
    }

    /// The summary `run` prints: the source, every test with its p-values, and the verdict line.
    pub fn summary(&self) -> String {
        console::render_console(&self.run, Lang::En)
    }

    /// Writes the files `run` writes (summary.csv, counts.csv, run.json, report.html, …) into `dir`, replacing it
    /// whole, and returns their names.
    pub fn write_to(&self, dir: &Path) -> Result<Vec<&'static str>, crate::report::writer::WriteError> {
        let out = writer::OutDir::prepare(dir)?;
        let written = out.write(|d| write_run_files(d, &self.run, Output::default()))?;
        out.commit()?;
        Ok(written)
    }

    /// The seed of an audit of a function (`None` for decks audited as given).
    pub fn seed(&self) -> Option<u64> {
        self.run.config.source.function().and_then(|f| f.seed)
    }

    /// True when shuffles are missing (a run of [`AuditRun`] not yet complete): its summary says PARTIAL.
    pub fn is_partial(&self) -> bool {
        self.run.is_partial()
    }

    /// Shuffles (or decks) counted.
    pub fn shuffles(&self) -> u64 {
        self.run.shuffles_done
    }

    /// The full report, as the renderers see it.
    pub fn run_report(&self) -> &RunReport {
        &self.run
    }

    /// Panics unless the verdict is PASS, saying what failed, how to reproduce it and how often a fair shuffle
    /// fails this assertion.
    #[track_caller]
    pub fn assert_fair(&self) {
        if let Some(message) = self.failure_message(Verdict::Pass) {
            panic!("{message}");
        }
    }

    /// Panics unless the verdict is `expected`, with the same message as [`Report::assert_fair`].
    #[track_caller]
    pub fn assert_verdict(&self, expected: Verdict) {
        if let Some(message) = self.failure_message(expected) {
            panic!("{message}");
        }
    }

    /// The message [`Report::assert_verdict`] panics with, or `None` when the verdict is `expected`.
    pub fn failure_message(&self, expected: Verdict) -> Option<String> {
        let r = &self.run;
        if r.verdict == expected {
            return None;
        }
        let mut m = format!("shuffle-audit: expected {expected}, got {}: {}\n", r.verdict, self.explanation());
        let failing: Vec<String> = r
            .assessment
            .tests
            .iter()
            .filter(|t| t.verdict > Verdict::Pass)
            .map(|t| {
                format!(
                    "{} {} (Holm-adjusted p = {})",
                    t.result.test,
                    t.verdict,
                    crate::stats::format_ln_p(t.ln_p_adjusted)
                )
            })
            .collect();
        if !failing.is_empty() {
            let more = failing.len().saturating_sub(4);
            let mut list = failing[..failing.len() - more].join(", ");
            if more > 0 {
                list.push_str(&format!(" and {more} more"));
            }
            m.push_str(&format!("  tests: {list}\n"));
        }
        m.push_str(&format!(
            "  {} shuffles of {} cards; reproduce with {}\n",
            r.shuffles_done,
            r.config.deck,
            r.config.reproduce_command()
        ));
        if expected == Verdict::Pass {
            m.push_str(&format!(
                "  false-positive rate of this assertion: nominally {:e} for a fair shuffle (the SUSPICIOUS threshold \
                 on the family-wise p, Holm over the {} tests, both tails of each two-sided test counted once); \
                 re-run with another seed before concluding it is biased\n",
                r.thresholds.suspicious,
                r.assessment.family_size()
            ));
        }
        Some(m)
    }
}
