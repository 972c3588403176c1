//! Reports: the plain data of a finished run ([`RunReport`]) and pure renderers, one file per format, that turn
//! it into bytes. Only [`writer`] touches the file system.

pub mod counts_csv;
pub mod html;
pub mod i18n;
pub mod json;
pub mod markdown;
pub mod position_heatmap;
pub mod summary_csv;
pub mod svg;
pub mod sweep;
pub mod writer;

use serde::Serialize;

use crate::runner::{FaultReport, RunConfig, RunOutcome};
use crate::stats::{PositionCardCounts, format_ln_p};
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
    /// Timings: machine-dependent, written to `run.json` by [`json::render`] unless omitted.
    #[serde(skip)]
    pub threads: usize,
    #[serde(skip)]
    pub seconds: f64,
    #[serde(skip)]
    pub shuffles_per_second: f64,
}

impl RunReport {
    /// Evaluates a run's battery and decides its verdict.
    pub fn new(config: RunConfig, outcome: RunOutcome, thresholds: Thresholds) -> Self {
        let assessment = assess(outcome.battery.evaluate(), &thresholds);
        let (verdict, reason, headline) = match &outcome.fault {
            Some(f) => (Verdict::Broken, format!("{}: {}", f.kind, f.description), f.headline.clone()),
            None => (assessment.verdict, reason(&assessment), headline(&assessment)),
        };
        RunReport {
            thresholds,
            shuffles_done: outcome.battery.shuffles(),
            verdict,
            reason,
            headline,
            counts: outcome.battery.position_card.clone(),
            threads: outcome.threads,
            seconds: outcome.elapsed.as_secs_f64(),
            shuffles_per_second: outcome.shuffles_per_second(),
            fault: outcome.fault,
            assessment,
            config,
        }
    }

    /// The algorithm with its options in command-line form: `wash --swaps 108`, `identity --cut`.
    pub fn algorithm_label(&self) -> String {
        let c = &self.config;
        let mut label = c.algorithm.kind.name().to_string();
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
        label
    }

    /// Directory name used by `run` and `compare`: `run-<algorithm>-<rng>-<deck>` plus options.
    pub fn dir_name(&self) -> String {
        let c = &self.config;
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
        name
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
