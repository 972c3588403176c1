//! A finished run: its configuration, what it counted, every test with its adjusted p-values, and the verdict.
//! Domain data that renderers read; nothing here formats a file.

use std::ops::Range;
use std::time::Duration;

use serde::Serialize;

use crate::audit::fault::FaultReport;
use crate::audit::input::ExternalAudit;
use crate::audit::runner::{CHUNK_SHUFFLES, RunConfig, RunOutcome};
use crate::audit::state::RunState;
use crate::audit::stop::StopReason;
use crate::audit::verdict::{Assessment, Thresholds, Verdict, assess};
use crate::error::{ConfigError, Field};
use crate::game::table::seat_cards::SeatCardCounts;
use crate::stats::power::PowerStatement;
use crate::stats::{PositionCardCounts, TestId, TestResult};

/// The detection probability of every power statement ([`RunReport::power`]): 99%.
pub const STATED_POWER: f64 = 0.99;

/// Why a run got its verdict, as data: the reports put it into words (`report::i18n::reason` for the sentence,
/// `report::i18n::headline` for the short phrase of tables), in English for the files and in the page's
/// language for the pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The loop is broken: the run's [`FaultReport`] says how.
    Broken,
    /// No test finds a bias (the family-wise p says how far from it the run is).
    NoBias,
    /// No deck was counted (a run stopped before its first deck), so no test was applied.
    NoDeck,
    /// The decisive test's statistic is too small: the decks are too regular to be random.
    TooUniform(TestId),
    /// The decisive test finds a bias; with a deal, `also` is the next table-level test at the run's verdict.
    Bias { test: TestId, also: Option<TestId> },
    /// A verdict that no single test decided.
    Verdict(Verdict),
}

impl Reason {
    /// The reason of an assessed run without a fault.
    pub fn of(a: &Assessment) -> Self {
        match (a.verdict, a.decisive()) {
            (Verdict::Pass, _) => Reason::NoBias,
            (_, Some(t)) if a.too_uniform => Reason::TooUniform(t.result.test),
            (_, Some(t)) => Reason::Bias { test: t.result.test, also: crate::audit::verdict::second_table_finding(a) },
            (v, None) => Reason::Verdict(v),
        }
    }
}

/// A built-in run that did not count every shuffle of its definition: stopped early, a shard's share, or a
/// merge of states that miss chunks. Its counts and verdict are those of the shuffles counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Incomplete {
    /// Shuffles counted, and shuffles of the run's definition.
    pub counted: u64,
    pub planned: u64,
    /// What stopped it: a signal or the time limit; `None` for a shard or a merge.
    pub stopped: Option<StopReason>,
    /// The shard `[I, K]` whose share this is.
    pub shard: Option<[u64; 2]>,
    /// The shuffles of the run not counted, as 1-based inclusive ranges `[first, last]`.
    pub missing: Vec<[u64; 2]>,
}

impl Incomplete {
    /// What a state misses of the chunks `wanted`, or `None` when it counted them all (or met a fault, which ends
    /// a run where it is).
    pub fn of(state: &RunState, wanted: Range<u64>, stopped: Option<StopReason>) -> Option<Self> {
        let gaps = state.counted.missing(wanted.clone());
        let shard = state.shard.map(|(i, k)| [i, k]).filter(|_| wanted != (0..state.config.chunks()));
        if gaps.is_empty() && shard.is_none() {
            return None;
        }
        let shuffles = state.config.shuffles;
        let missing = state
            .counted
            .missing(0..state.config.chunks())
            .iter()
            .map(|r| [r.start * CHUNK_SHUFFLES + 1, (r.end * CHUNK_SHUFFLES).min(shuffles)])
            .collect();
        Some(Incomplete {
            counted: state.counted.tally.shuffles(),
            planned: shuffles,
            stopped: if gaps.is_empty() { None } else { stopped },
            shard,
            missing,
        })
    }
}

/// Everything known about one finished run.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    pub config: RunConfig,
    pub thresholds: Thresholds,
    /// Shuffles counted (fewer than configured when a fault stopped the run).
    pub shuffles_done: u64,
    pub assessment: Assessment,
    pub fault: Option<FaultReport>,
    pub verdict: Verdict,
    /// Why the verdict (`run.json` holds it in words, as `reason` and `headline`).
    #[serde(skip)]
    pub reason: Reason,
    /// The finding that explains the others, when the counts show one (the reason then names its test).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<crate::audit::cause::Cause>,
    /// The catalogue loop the position-by-card counts look like, when the run failed and one fits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looks_like: Option<crate::audit::looks_like::LooksLike>,
    #[serde(skip)]
    pub counts: PositionCardCounts,
    /// What the decks held: a shoe's copies, and whether their ids are known (decks written by face do not say
    /// which copy is which: `counts` then numbers them copy by copy, and only its sums over a face mean anything).
    #[serde(skip)]
    pub cards: crate::stats::Cards,
    /// The seat-by-card counts of a run with a deal.
    #[serde(skip)]
    pub seat_counts: Option<SeatCardCounts>,
    /// The adjacency counts, when the run kept them (for the adjacency heatmap).
    #[serde(skip)]
    pub adjacency: Option<crate::stats::deck::adjacency::AdjacencyCounts>,
    /// Timings: machine-dependent, written to `run.json` by `report::json::render` unless omitted.
    #[serde(skip)]
    pub threads: usize,
    #[serde(skip)]
    pub seconds: f64,
    #[serde(skip)]
    pub shuffles_per_second: f64,
    /// What an external run (`--decks`, `--exec`) read: line counts, invalid decks, the producer's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<crate::audit::input::InputSummary>,
    /// A built-in run that did not count every shuffle (interrupted, a shard, merged states with gaps).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<Incomplete>,
    /// A run split into samples (`--samples`): each sample's tests (the second level is among the run's tests).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<crate::audit::samples::Samples>,
}

impl RunReport {
    /// Evaluates a run's battery and decides its verdict.
    pub fn new(config: RunConfig, outcome: RunOutcome, thresholds: Thresholds) -> Self {
        let results = outcome.tally.evaluate();
        Self::with_results(config, outcome, results, thresholds)
    }

    /// Decides the verdict of a run from test results already computed (e.g. a selection of the battery's).
    pub fn with_results(
        config: RunConfig,
        outcome: RunOutcome,
        results: Vec<TestResult>,
        thresholds: Thresholds,
    ) -> Self {
        // No deck counted (a shuffle broken from its first deck, an empty input): there is nothing to test, and
        // the statistics of no decks are NaN and infinities that no report should show.
        let results = if outcome.tally.shuffles() == 0 { Vec::new() } else { results };
        let mut assessment = assess(results, &thresholds);
        // With a deal, lead with what the table feels (the verdict itself is unchanged).
        if let Some(lead) = crate::audit::verdict::table_level_decisive(&assessment) {
            assessment.decisive_test = Some(lead);
        }
        let (verdict, mut reason) = match &outcome.fault {
            Some(_) => (Verdict::Broken, Reason::Broken),
            None if outcome.tally.shuffles() == 0 => (assessment.verdict, Reason::NoDeck),
            None => (assessment.verdict, Reason::of(&assessment)),
        };
        // Lead with the finding that explains the others, when there is one.
        let cause = match reason {
            Reason::Bias { .. } => crate::audit::cause::rank(&assessment, config.deck, outcome.tally.shuffles()),
            _ => None,
        };
        if let Some(c) = &cause {
            reason = Reason::Bias { test: c.test, also: c.also };
        }
        let looks_like = match reason {
            Reason::Bias { .. } => crate::audit::looks_like::looks_like(
                &config,
                outcome.tally.battery.cards,
                &assessment,
                &outcome.tally.battery.position_card,
            ),
            _ => None,
        };
        RunReport {
            thresholds,
            shuffles_done: outcome.tally.shuffles(),
            verdict,
            reason,
            cause,
            looks_like,
            counts: outcome.tally.battery.position_card.clone(),
            cards: outcome.tally.battery.cards,
            seat_counts: outcome.tally.game.as_ref().map(|g| g.seat_cards.clone()),
            adjacency: outcome.tally.battery.adjacency.clone(),
            threads: outcome.threads,
            seconds: outcome.elapsed.as_secs_f64(),
            shuffles_per_second: outcome.shuffles_per_second(),
            fault: outcome.fault,
            assessment,
            config,
            input: None,
            incomplete: None,
            samples: None,
        }
    }

    /// What this many decks can detect with the position-by-card test at the run's FAIL threshold, with
    /// probability [`STATED_POWER`] ([`PowerStatement`]): the statement behind "what a PASS rules out". `None`
    /// when the test was not applied (not selected, no deck counted, a BROKEN run) or does not count distinct
    /// cards (a shoe written by face).
    pub fn power(&self) -> Option<PowerStatement> {
        let applied = self.assessment.get(TestId::PositionCard).is_some();
        (applied && self.fault.is_none() && self.shuffles_done > 0 && self.cards.ids_known).then(|| {
            PowerStatement::new(
                self.cards.n,
                self.shuffles_done,
                self.assessment.tests.len(),
                self.thresholds.fail,
                STATED_POWER,
            )
        })
    }

    /// The report of a run split into samples: the whole run's tests, and the second level of the samples in
    /// the same family.
    pub fn with_samples(
        config: RunConfig,
        outcome: RunOutcome,
        samples: crate::audit::samples::Samples,
        thresholds: Thresholds,
    ) -> Self {
        let mut results = if outcome.tally.shuffles() == 0 { Vec::new() } else { outcome.tally.evaluate() };
        results.extend(samples.second_level());
        let mut report = Self::with_results(config, outcome, results, thresholds);
        report.samples = Some(samples);
        report
    }

    /// The report of what a state counted of the chunks `wanted` (the run, or a shard's share), with the time it
    /// took; marked incomplete when chunks are missing.
    pub fn of_state(
        state: &RunState,
        wanted: Range<u64>,
        stopped: Option<StopReason>,
        elapsed: Duration,
        threads: usize,
        thresholds: Thresholds,
    ) -> Self {
        let outcome = state.counted.clone().into_outcome(elapsed, threads);
        let mut report = RunReport::new(state.config.clone(), outcome, thresholds);
        report.incomplete = Incomplete::of(state, wanted, stopped);
        report
    }

    /// The source with its options in command-line form: `wash --swaps 108`, `identity --cut`, `decks:FILE`.
    pub fn algorithm_label(&self) -> String {
        self.config.label()
    }

    /// Directory name used by `run` and `compare`: `run-<algorithm>-<rng>-<deck>` plus options.
    pub fn dir_name(&self) -> String {
        self.config.dir_name()
    }

    /// The generator column: its name, or `-` for decks made elsewhere.
    pub fn rng_label(&self) -> String {
        self.config.source.rng_label()
    }

    /// The seed column: the seed, or `-` for decks made elsewhere.
    pub fn seed_label(&self) -> String {
        self.config.source.seed_label()
    }

    /// True when the run did not see all its input (an external run stopped by `--strict`, a crashed
    /// producer or a read error) or did not count all its shuffles ([`Incomplete`]).
    pub fn is_partial(&self) -> bool {
        self.input.as_ref().is_some_and(|i| i.partial) || self.incomplete.is_some()
    }

    /// The cell whose observed/expected ratio is farthest from 1 (in log ratio).
    pub fn worst_ratio(&self) -> f64 {
        if self.counts.shuffles() == 0 {
            return f64::NAN;
        }
        let (lo, hi) = self.counts.ratio_extremes();
        if lo.0 <= 0.0 || hi.0.ln().abs() < lo.0.ln().abs() { lo.0 } else { hi.0 }
    }

    /// The global position-by-card test's ln p: two-sided, as it enters the family (before adjustment).
    pub fn global_ln_p(&self) -> Option<f64> {
        self.assessment.tests.iter().find(|t| t.result.test == TestId::PositionCard).map(|t| t.ln_p_test)
    }
}

// The report of decks made elsewhere is made here, beside a built-in run's: the report holds the input's
// summary, so the input module never names the report.
impl ExternalAudit {
    /// Checks that the selected tests apply to the decks read (their size is known only now), evaluates them
    /// and decides the verdict.
    pub fn into_report(self, thresholds: Thresholds) -> Result<RunReport, ConfigError> {
        self.into_sampled_report(thresholds, None)
    }

    /// [`ExternalAudit::into_report`] of decks read in samples (`run --samples`): the second level of the
    /// samples joins the run's family.
    pub fn into_sampled_report(
        self,
        thresholds: Thresholds,
        samples: Option<crate::audit::samples::Samples>,
    ) -> Result<RunReport, ConfigError> {
        let config = self.config();
        let fault = self.fault();
        if config.shuffles > 0 {
            // The decks read: a shoe's copies, told apart or not (a shoe by face).
            config
                .tests
                .check_cards(self.stream.tally.battery.cards, config.shuffles, config.deal.map(|d| d.test_scope()))
                .map_err(|m| ConfigError::new(Field::Tests, m))?;
        }
        let mut results = if config.shuffles > 0 { self.stream.tally.evaluate() } else { Vec::new() };
        if config.shuffles > 0 {
            results.extend(samples.as_ref().and_then(crate::audit::samples::Samples::second_level));
        }
        let outcome = RunOutcome { tally: self.stream.tally, elapsed: self.stream.elapsed, fault, threads: 1 };
        let mut report = RunReport::with_results(config, outcome, results, thresholds);
        report.input = Some(self.summary);
        report.samples = samples;
        Ok(report)
    }
}
