//! Reports: the plain data of a finished run ([`RunReport`]) and pure renderers, one file per format, that turn
//! it into bytes. Only [`writer`] touches the file system.

pub mod adjacency_heatmap;
pub mod calibration_csv;
pub mod counts_csv;
pub mod gate_json;
pub mod html;
pub mod i18n;
pub mod json;
pub mod junit;
pub mod markdown;
pub mod position_heatmap;
pub mod progressive_csv;
pub mod seat_counts_csv;
pub mod summary_csv;
pub mod svg;
pub mod sweep;
pub mod writer;

use serde::Serialize;

use crate::runner::{FaultReport, RunConfig, RunOutcome};
use crate::stats::{PositionCardCounts, SeatCardCounts, TestResult, format_ln_p};
use crate::verdict::{Assessment, Thresholds, Verdict, assess};

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
    /// One line in plain words: why the verdict.
    pub reason: String,
    /// A short phrase for tables.
    pub headline: String,
    #[serde(skip)]
    pub counts: PositionCardCounts,
    /// The seat-by-card counts of a run with a deal.
    #[serde(skip)]
    pub seat_counts: Option<SeatCardCounts>,
    /// The adjacency counts, when the run kept them (for the adjacency heatmap).
    #[serde(skip)]
    pub adjacency: Option<crate::stats::adjacency::AdjacencyCounts>,
    /// Timings: machine-dependent, written to `run.json` by [`json::render`] unless omitted.
    #[serde(skip)]
    pub threads: usize,
    #[serde(skip)]
    pub seconds: f64,
    #[serde(skip)]
    pub shuffles_per_second: f64,
    /// What an external run (`--decks`, `--exec`) read: line counts, invalid decks, the producer's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<crate::input::InputSummary>,
}

impl RunReport {
    /// Evaluates a run's battery and decides its verdict.
    pub fn new(config: RunConfig, outcome: RunOutcome, thresholds: Thresholds) -> Self {
        let results = outcome.battery.evaluate();
        Self::with_results(config, outcome, results, thresholds)
    }

    /// Decides the verdict of a run from test results already computed (e.g. a selection of the battery's).
    pub fn with_results(
        config: RunConfig,
        outcome: RunOutcome,
        results: Vec<TestResult>,
        thresholds: Thresholds,
    ) -> Self {
        let mut assessment = assess(results, &thresholds);
        // With a deal, lead with what the table feels (the verdict itself is unchanged).
        if let Some(lead) = crate::stats::game::table_level_decisive(&assessment) {
            assessment.decisive_test = Some(lead);
        }
        let (verdict, reason, headline) = match &outcome.fault {
            Some(f) => (Verdict::Broken, format!("{}: {}", f.kind, f.description), f.headline.clone()),
            None => {
                let mut line = headline(&assessment);
                if let Some(more) = crate::stats::game::second_table_finding(&assessment) {
                    line = format!("{line}; {more}");
                }
                (assessment.verdict, reason(&assessment), line)
            }
        };
        RunReport {
            thresholds,
            shuffles_done: outcome.battery.shuffles(),
            verdict,
            reason,
            headline,
            counts: outcome.battery.position_card.clone(),
            seat_counts: outcome.battery.game.as_ref().map(|g| g.seat_cards.clone()),
            adjacency: outcome.battery.adjacency.clone(),
            threads: outcome.threads,
            seconds: outcome.elapsed.as_secs_f64(),
            shuffles_per_second: outcome.shuffles_per_second(),
            fault: outcome.fault,
            assessment,
            config,
            input: None,
        }
    }

    /// The algorithm with its options in command-line form: `wash --swaps 108`, `identity --cut`.
    pub fn algorithm_label(&self) -> String {
        if let Some(source) = &self.config.external {
            return source.label();
        }
        config_label(&self.config)
    }

    /// Directory name used by `run` and `compare`: `run-<algorithm>-<rng>-<deck>` plus options.
    pub fn dir_name(&self) -> String {
        let c = &self.config;
        if let Some(source) = &c.external {
            return source.dir_name(c.deck);
        }
        let mut name = format!("run-{}-{}-{}", c.algorithm.kind.name(), c.rng, c.deck);
        if matches!(c.algorithm.kind, crate::shuffle::AlgorithmKind::Wash | crate::shuffle::AlgorithmKind::PairSwap)
            && c.algorithm.swaps.is_some()
        {
            name.push_str(&format!("-swaps{}", c.algorithm.wash_swaps(c.deck)));
        }
        if c.post.cut {
            name.push_str("-cut");
        }
        if c.post.burn > 0 {
            name.push_str(&format!("-burn{}", c.post.burn));
        }
        if let Some(deal) = &c.deal {
            name.push('-');
            name.push_str(&deal.slug());
        }
        name
    }

    /// The generator column: its name, or `-` for decks made elsewhere.
    pub fn rng_label(&self) -> String {
        if self.config.external.is_some() { "-".to_string() } else { self.config.rng.to_string() }
    }

    /// The seed column: the seed, or `-` for decks made elsewhere.
    pub fn seed_label(&self) -> String {
        if self.config.external.is_some() { "-".to_string() } else { self.config.seed.to_string() }
    }

    /// True when the run did not see all its input (an external run stopped by `--strict`, a crashed
    /// producer or a read error).
    pub fn is_partial(&self) -> bool {
        self.input.as_ref().is_some_and(|i| i.partial)
    }

    /// The cell whose observed/expected ratio is farthest from 1 (in log ratio).
    pub fn worst_ratio(&self) -> f64 {
        if self.counts.shuffles() == 0 {
            return f64::NAN;
        }
        let (lo, hi) = self.counts.ratio_extremes();
        if lo.0 <= 0.0 || hi.0.ln().abs() < lo.0.ln().abs() { lo.0 } else { hi.0 }
    }

    /// The global position-by-card test's ln p.
    pub fn global_ln_p(&self) -> Option<f64> {
        self.assessment.tests.iter().find(|t| t.result.test == "position-card").map(|t| t.result.ln_p)
    }
}

/// A run's algorithm with its options in command-line form: `wash --swaps 108`, `identity --cut`,
/// `fisher-yates --game doudizhu --order rank`.
pub fn config_label(c: &RunConfig) -> String {
    let mut label = match c.algorithm.kind {
        crate::shuffle::AlgorithmKind::FisherYatesBatched => "fisher-yates --draw batched".to_string(),
        k => k.name().to_string(),
    };
    if c.algorithm.kind == crate::shuffle::AlgorithmKind::Wash
        || (c.algorithm.kind == crate::shuffle::AlgorithmKind::PairSwap && c.algorithm.swaps.is_some())
    {
        label.push_str(&format!(" --swaps {}", c.algorithm.wash_swaps(c.deck)));
    }
    let post = c.post.label();
    if !post.is_empty() {
        label.push(' ');
        label.push_str(&post);
    }
    if let Some(deal) = &c.deal {
        label.push(' ');
        label.push_str(&deal.label());
    }
    label
}

/// A short phrase for a verdict.
fn headline(a: &Assessment) -> String {
    let decisive = a.decisive_test.as_ref().and_then(|name| a.tests.iter().find(|t| &t.result.test == name));
    match (a.verdict, decisive) {
        (Verdict::Pass, _) => "no bias found".to_string(),
        (_, Some(t)) if a.too_uniform => format!("{}: too uniform", t.result.test),
        (_, Some(t)) => format!("{}: {}", t.result.test, t.result.headline),
        (v, None) => v.to_string(),
    }
}

/// Plain words for a verdict.
fn reason(a: &Assessment) -> String {
    let decisive = a.decisive_test.as_ref().and_then(|name| a.tests.iter().find(|t| &t.result.test == name));
    match (a.verdict, decisive) {
        (Verdict::Pass, _) => format!(
            "no test finds a bias: the smallest Holm-adjusted p is {}",
            format_ln_p(a.ln_p_family.min(a.ln_p_family_low))
        ),
        (_, Some(t)) if a.too_uniform => format!(
            "{}: too uniform (p = {} in the lower tail): real randomness is not this regular",
            t.result.test,
            format_ln_p(t.ln_p_low_adjusted.unwrap_or(0.0))
        ),
        (_, Some(t)) => format!("{} (p = {})", t.result.explanation, format_ln_p(t.ln_p_adjusted)),
        (v, None) => v.to_string(),
    }
}
