//! `shuffle-audit run --progressive` of a built-in algorithm: the sample doubles from 2^10 shuffles, every test's p is printed at each
//! size, and the run stops at the first FAIL ("detected at 2^k shuffles"). The last look's report files are
//! written as `run` writes them, with `progressive.csv` beside them.

use shuffle_audit::cards::Lang;
use shuffle_audit::report::explanation_in;
use std::path::PathBuf;
use std::process::ExitCode;

use shuffle_audit::audit::Incomplete;
use shuffle_audit::audit::RunConfig;
use shuffle_audit::audit::within_limit;
use shuffle_audit::audit::{Thresholds, Verdict};
use shuffle_audit::modes::progressive::{self, Look, ProgressiveOutcome, look_sizes, marginal_estimate, size_label};

use shuffle_audit::report::RunReport;
use shuffle_audit::stats::distributions::special::ln_to_log10;
use shuffle_audit::stats::{TestId, format_ln_p};

/// Runs progressive mode for a validated `run` configuration.
pub fn run(
    config: RunConfig,
    max: u64,
    (thresholds, timeout): (Thresholds, Option<std::time::Duration>),
    out: Option<PathBuf>,
    output: shuffle_audit::report::Output,
) -> anyhow::Result<ExitCode> {
    let sizes = look_sizes(max);
    let tests: Vec<TestId> = config.tests.applicable(config.deck, max, config.deal.map(|d| d.test_scope()));
    let dir = crate::commands::out_path(out.as_deref(), || {
        format!("progressive-{}", config.dir_name().trim_start_matches("run-"))
    });
    let out = crate::commands::prepare_out(&dir)?;
    let mut stdout = crate::commands::Console::stdout();
    write!(stdout, "{}", preamble(&config, max, sizes.len(), &tests, &thresholds));
    writeln!(stdout, "{}", header(&tests));
    crate::signals::install();
    let outcome = within_limit(&crate::signals::STOP, timeout, |stop| {
        progressive::run_until(&config, max, thresholds, &shuffle_audit::audit::Meter::hidden(), stop, |look| {
            writeln!(stdout, "{}", row(look, &tests, sizes.len()));
        })
    })?;
    let summary = conclusion(&outcome, max);
    writeln!(stdout, "\n{summary}");
    let mut final_config = config.clone();
    final_config.shuffles = outcome.last.tally.shuffles().max(1);
    final_config.tests = config.tests.relaxed();
    let mut report = RunReport::new(final_config, outcome.last.clone(), outcome.look_thresholds);
    if let Some(reason) = outcome.stopped {
        report.incomplete = Some(Incomplete {
            counted: outcome.last.tally.shuffles(),
            planned: max,
            stopped: Some(reason),
            shard: None,
            missing: Vec::new(),
        });
    }
    let written =
        out.write(|dir| shuffle_audit::report::write_progressive_files(dir, &report, &outcome, &summary, output))?;
    let dir = out.commit()?;
    writeln!(stdout, "Reports of the last look written to {}/ ({})", dir.display(), written.join(", "));
    stdout.finish()?;
    // The worst look's verdict, the rule whose false-alarm rate is stated, not the last look's.
    let verdict = outcome.verdict();
    if let Some(reason) = outcome.stopped {
        eprintln!(
            "{} after the look at {} shuffles: the reports of that look are in {}/ (a progressive run is not resumed: \
             run it again, or run a fixed --shuffles with --state-out)",
            reason.stopped_by(),
            size_label(outcome.last.tally.shuffles()),
            dir.display()
        );
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(verdict.exit_code()))
}

fn preamble(config: &RunConfig, max: u64, looks: usize, tests: &[TestId], t: &Thresholds) -> String {
    let b = config.builtin().expect("progressive mode of a built-in run");
    let mut s = format!(
        "progressive: {}, seed {}; looks at {} .. {} shuffles ({looks} looks)\n",
        b.title(config.deck),
        b.seed,
        size_label(look_sizes(max)[0]),
        size_label(max),
    );
    s.push_str(&format!(
        "Columns: each test's p (one-sided, or two-sided: the smaller tail doubled), then the look's family-wise p \
         (Holm over its {} tests) multiplied by {looks}, the number of looks (Bonferroni): the adjusted p. A fair \
         shuffle FAILs anywhere in this run with probability at most {:e} (SUSPICIOUS: {:e}).\n",
        tests.len(),
        t.fail,
        t.suspicious
    ));
    let ln_alpha = (t.fail / (looks as f64 * tests.len().max(1) as f64)).ln();
    if let Some(est) = marginal_estimate(config, ln_alpha) {
        let parts: Vec<String> =
            est.iter().map(|e| format!("{} near {:.2e} ({})", e.test, e.shuffles, log2_label(e.shuffles))).collect();
        if !parts.is_empty() {
            s.push_str(&format!(
                "Exact marginals ({}-bit {}): the expected statistic reaches this run's FAIL level for {}.\n",
                b.rng.bits(),
                b.rng,
                parts.join(", ")
            ));
        }
    }
    s.push('\n');
    s
}

fn log2_label(x: f64) -> String {
    if x.is_finite() && x > 1.0 { format!("2^{:.1}", x.log2()) } else { "never".into() }
}

fn header(tests: &[TestId]) -> String {
    let mut s = format!("  {:>8}", "shuffles");
    for t in tests {
        s.push_str(&format!(" {:>10}", t.short()));
    }
    s.push_str(&format!(" {:>11}  {}", "adjusted p", "verdict"));
    s
}

fn row(look: &Look, tests: &[TestId], planned: usize) -> String {
    let mut s = format!("  {:>8}", size_label(look.shuffles));
    for t in tests {
        let cell = look
            .assessment
            .tests
            .iter()
            .find(|a| a.result.test == *t)
            .map_or("-".to_string(), |a| compact_p(a.ln_p_test));
        s.push_str(&format!(" {cell:>10}"));
    }
    let family = progressive::look_corrected_ln_p(look.ln_p_family, planned);
    s.push_str(&format!(" {:>11}  {}", compact_p(family), look.verdict));
    s
}

/// A p-value in at most about 10 characters: `0.4211`, `3.2e-05`, `1e-578004`.
pub fn compact_p(ln_p: f64) -> String {
    let log10 = ln_to_log10(ln_p);
    if log10 >= -3.0 {
        format!("{:.4}", ln_p.exp())
    } else if log10 > -100.0 {
        format!("{:.1e}", ln_p.exp())
    } else {
        format!("1e{:.0}", log10.round())
    }
}

fn conclusion(outcome: &ProgressiveOutcome, max: u64) -> String {
    if let Some(f) = &outcome.fault {
        return format!("BROKEN: {}: {}", f.kind, f.description);
    }
    let planned = outcome.planned_looks;
    match outcome.detected() {
        Some(look) => {
            let a = &look.assessment;
            let why = a
                .decisive_test
                .as_ref()
                .and_then(|name| a.tests.iter().find(|t| &t.result.test == name))
                .map(|t| {
                    if a.too_uniform {
                        format!("{}: too uniform (lower tail)", t.result.test)
                    } else {
                        format!(
                            "{}: {}",
                            t.result.test,
                            explanation_in(Lang::En, outcome.last.tally.battery.cards, &t.result)
                        )
                    }
                })
                .unwrap_or_default();
            format!(
                "FAIL: detected at {} shuffles ({}), family-wise p = {} after x{planned} for the looks. {why}",
                size_label(look.shuffles),
                look.shuffles,
                format_ln_p(progressive::look_corrected_ln_p(look.ln_p_family, planned))
            )
        }
        None => {
            let last = outcome.looks.last();
            // SUSPICIOUS at any look makes the run SUSPICIOUS: that is the rule whose rate the output states.
            let verdict = outcome.verdict();
            // An interrupted run saw up to its last look, not up to its largest sample.
            let (seen, partial) = match (outcome.stopped, last) {
                (Some(reason), Some(l)) => (l.shuffles, format!("PARTIAL (interrupted by {}) ", reason.label())),
                _ => (max, String::new()),
            };
            let corrected = |l: &Look| format_ln_p(progressive::look_corrected_ln_p(l.ln_p_family, planned));
            let smallest = outcome.decisive_look().map_or_else(String::new, |l| {
                let p = format!(
                    "the smallest family-wise p over the looks is {} after x{planned} for the looks",
                    corrected(l)
                );
                if verdict > Verdict::Pass {
                    format!(", but {verdict} at {} shuffles ({}); {p}", size_label(l.shuffles), l.shuffles)
                } else {
                    format!("; {p} (at {})", size_label(l.shuffles))
                }
            });
            format!(
                "{partial}{verdict}: not detected up to {} shuffles ({seen}){smallest}, the last look's {}.",
                size_label(seen),
                last.map_or("1".into(), corrected)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_p_values_stay_short() {
        assert_eq!(compact_p(0.42f64.ln()), "0.4200");
        assert_eq!(compact_p(3.2e-5f64.ln()), "3.2e-5");
        assert_eq!(compact_p(-578004.0 * std::f64::consts::LN_10), "1e-578004");
    }
}
