//! The gate: a configured list of audits, each with the verdict it must reach, for continuous integration.
//!
//! A check's decks come from a built-in algorithm and generator (the parallel runner), a program's output
//! or a file (the stream audit of [`crate::audit::input`]); either way they go through the same battery, Holm's
//! adjustment over the check's tests and the same thresholds as `run`. A check *meets* its expectation when
//! its verdict is one the expectation accepts (`pass` accepts PASS only, `pass-or-suspicious` both). Each
//! check also states its power ([`crate::stats::power`]): the smallest position-by-card deviation its
//! number of shuffles detects with 99% probability at its FAIL threshold.
//!
//! A check with a `timeout` that runs out, or one a signal stopped, is not met whatever its verdict: its
//! reports are partial and say why. A signal also ends the gate: the checks after it do not run.

pub(crate) mod config;

use std::path::Path;
use std::time::Instant;

use serde::Serialize;

pub use config::{Check, ConfigError, Expectation, GateConfig, folder_name, load};

use crate::audit::RunReport;
use crate::audit::input::{self, Control, Fold, InputError, Notice};
use crate::audit::meter::Progress;
use crate::audit::runner::{self, RunConfig};
use crate::audit::settings::Plan;
use crate::audit::state::RunState;
use crate::audit::stop::{StopFlag, within_limit};
use crate::audit::verdict::Verdict;
use crate::stats::distributions::special::ln_to_log10;
use crate::stats::power::PowerStatement;
use crate::stats::{TestId, format_ln_p};

/// Detection probability of the power statements.
pub use crate::audit::result::STATED_POWER;

/// One test of a check, as the gate's reports show it.
#[derive(Clone, Debug, Serialize)]
pub struct CheckTest {
    pub test: TestId,
    pub statistic: f64,
    pub df: f64,
    /// p and Holm-adjusted p, printed (`0.0312`, `10^-4483.5`) and as base-10 logs (finite however small).
    pub p: String,
    pub adjusted_p: String,
    pub log10_p: f64,
    pub log10_p_adjusted: f64,
    pub verdict: Verdict,
}

/// The result of one check.
#[derive(Clone, Debug, Serialize)]
pub struct CheckOutcome {
    pub name: String,
    /// Line of the check in the configuration.
    pub line: usize,
    pub source: String,
    pub deck: Option<usize>,
    /// Decks audited (valid decks for external sources).
    pub shuffles: u64,
    pub seed: u64,
    pub expected: Expectation,
    /// The verdict, or `None` when the check could not run (`error` says why).
    pub verdict: Option<Verdict>,
    pub met: bool,
    /// Why the check could not run (then `reason` in the gate's reports says the same); `None` when it ran.
    pub error: Option<String>,
    pub partial: bool,
    pub tests: Vec<CheckTest>,
    pub power: Option<PowerStatement>,
    pub seconds: f64,
    /// The full run, for writing its report files; its reason and headline are the check's
    /// (`report::i18n::check_reason`, `check_headline`).
    #[serde(skip)]
    pub report: Option<RunReport>,
}

impl CheckOutcome {
    /// `PASS`, `FAIL`, … or `ERROR` when the check could not run.
    pub fn verdict_label(&self) -> &'static str {
        self.verdict.map_or("ERROR", Verdict::as_str)
    }
}

/// Every check of a gate.
#[derive(Clone, Debug, Serialize)]
pub struct GateOutcome {
    pub config: String,
    pub checks: Vec<CheckOutcome>,
    pub met: usize,
    pub seconds: f64,
}

impl GateOutcome {
    pub fn all_met(&self) -> bool {
        self.met == self.checks.len()
    }
}

/// Runs one check. Errors are configuration errors found only when the check runs (a test name unknown for
/// the deck size an external source turned out to have); a source that gives nothing is a check that did
/// not meet its expectation, not an error. External checks obey `stop` and the check's `timeout`, and tell
/// `notify` while they wait.
pub fn run_check<'a>(
    check: &Check,
    dir: &Path,
    threads: Option<usize>,
    stop: &'a StopFlag,
    notify: Option<&'a mut dyn FnMut(&Notice)>,
) -> Result<CheckOutcome, ConfigError> {
    let start = Instant::now();
    let config_error = |line: usize, message: String| ConfigError {
        file: String::new(),
        line,
        message: format!("check '{}': {message}", check.name),
    };
    let thresholds = check.settings.thresholds;
    let report = match &check.settings.plan {
        Plan::Builtin(c) => {
            let config = RunConfig { threads, ..c.clone() };
            let mut counted = runner::Counted::new(&config);
            let wanted = 0..config.chunks();
            let finish = within_limit(stop, check.settings.timeout, |flag| {
                let mut control = runner::Control { progress: Progress::Hidden, stop: Some(flag), checkpoint: None };
                runner::run_into(&config, &mut counted, wanted.clone(), &mut control)
            })
            .map_err(|e| config_error(check.line, e.to_string()))?;
            let state = RunState::new(&config, counted, None, finish.elapsed, finish.threads)
                .expect("a built-in check has a state");
            Ok(RunReport::of_state(&state, wanted, finish.stopped, finish.elapsed, finish.threads, thresholds))
        }
        Plan::External(e) => {
            let fold = Fold { tests: e.tests, deal: e.deal, watch: None, samples: None, each: None };
            let control = Control { stop, timeout: check.settings.timeout, notify };
            match input::audit_external(&e.source, &e.options, fold, Some(dir), control) {
                Ok(audit) => Ok(audit
                    .into_report(thresholds)
                    .map_err(|e| config_error(check.tests_line, format!("{} {}", e.field.key(), e.message)))?),
                Err(e) => Err(e),
            }
        }
    };
    Ok(outcome_of(check, report, start.elapsed().as_secs_f64()))
}

fn outcome_of(check: &Check, report: Result<RunReport, InputError>, seconds: f64) -> CheckOutcome {
    let mut out = CheckOutcome {
        name: check.name.clone(),
        line: check.line,
        source: check.source_label(),
        deck: check.deck(),
        shuffles: 0,
        seed: check.seed,
        expected: check.expect,
        verdict: None,
        met: false,
        error: None,
        partial: false,
        tests: Vec::new(),
        power: None,
        seconds,
        report: None,
    };
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            out.error = Some(e.to_string());
            return out;
        }
    };
    out.deck = Some(report.config.deck);
    out.shuffles = report.shuffles_done;
    out.verdict = Some(report.verdict);
    // A check stopped early (its time limit, a signal) did not show what it was to show.
    let stopped =
        report.input.as_ref().and_then(|i| i.stopped_by()).or(report.incomplete.as_ref().and_then(|i| i.stopped));
    out.met = check.expect.accepts(report.verdict) && stopped.is_none();
    out.partial = report.is_partial();
    out.tests = report
        .assessment
        .tests
        .iter()
        .map(|t| CheckTest {
            test: t.result.test,
            statistic: t.result.statistic,
            df: t.result.df,
            p: format_ln_p(t.ln_p_test),
            adjusted_p: format_ln_p(t.ln_p_adjusted),
            log10_p: ln_to_log10(t.ln_p_test),
            log10_p_adjusted: ln_to_log10(t.ln_p_adjusted),
            verdict: t.verdict,
        })
        .collect();
    out.power = report.power();
    out.report = Some(report);
    out
}

/// Runs every check in order, calling `each` after every one (to print a table row as it finishes). Once
/// `stop` is set (a signal) the check running stops and no other starts.
pub fn run(
    config: &GateConfig,
    threads: Option<usize>,
    stop: &StopFlag,
    mut notify: Option<&mut dyn FnMut(&Notice)>,
    mut each: impl FnMut(&CheckOutcome),
) -> Result<GateOutcome, ConfigError> {
    let start = Instant::now();
    let mut checks = Vec::with_capacity(config.checks.len());
    for check in &config.checks {
        if stop.is_set() {
            break;
        }
        let outcome =
            run_check(check, &config.dir, threads, stop, notify.as_mut().map(|n| &mut **n as &mut dyn FnMut(&Notice)))
                .map_err(|e| ConfigError { file: config.path.display().to_string(), ..e })?;
        each(&outcome);
        checks.push(outcome);
    }
    let met = checks.iter().filter(|c| c.met).count();
    Ok(GateOutcome { config: config.path.display().to_string(), checks, met, seconds: start.elapsed().as_secs_f64() })
}
