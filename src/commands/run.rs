//! `shuffle-audit run`: one source (a built-in algorithm shuffled N times, or the decks of `--decks FILE|-` /
//! `--exec CMD` as they stream), the selected tests, the verdict and the report files; with `--progressive`,
//! growing samples until the first FAIL. The flags become one [`RunRequest`], validated once.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::RunArgs;
use shuffle_audit::audit::input::{self, Fold};
use shuffle_audit::audit::progressive::{self, LookPlan};
use shuffle_audit::audit::runner::Progress;
use shuffle_audit::audit::settings::{ExternalPlan, Plan, RunRequest};
use shuffle_audit::audit::stop::StopReason;
use shuffle_audit::audit::verdict::Thresholds;
use shuffle_audit::audit::{self, RunReport};
use shuffle_audit::report::console::render_console;
use shuffle_audit::report::files::{Output, write_run_files};
use shuffle_audit::report::i18n::{self, Lang};

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let request: RunRequest = args.request();
    let settings = super::validate(&request, "this run")?;
    let output = Output::new(args.output.lang, args.output.no_timings);
    let thresholds = settings.thresholds;
    match (settings.plan, settings.progressive) {
        (Plan::Builtin(config), Some(max)) => {
            super::progressive::run(config, max, thresholds, args.out.clone(), output)
        }
        (Plan::Builtin(config), None) => {
            let report = audit::execute(config, thresholds, Progress::Bar)?;
            finish(&report, args.out.clone(), output, None)
        }
        (Plan::External(plan), max) => run_external(plan, max, thresholds, settings.timeout, args.out.clone(), output),
    }
}

/// `run --decks` / `run --exec`: stream the decks into the tally, report, and exit 0 (PASS, SUSPICIOUS), 1
/// (FAIL, BROKEN) or 2 (no decks at all, or `--strict` stopped at an invalid deck: reports still written).
/// With `--progressive`, the tests are judged at 2^10, 2^11, … decks as they arrive, and reading stops at the
/// first FAIL. SIGINT or SIGTERM stops the reading (partial reports, exit 130 or 143), and so does `timeout`
/// (exit 2); waiting lines on stderr say when no deck has come for a while.
fn run_external(
    plan: ExternalPlan,
    progressive: Option<u64>,
    thresholds: Thresholds,
    timeout: Option<Duration>,
    out: Option<PathBuf>,
    output: Output,
) -> anyhow::Result<ExitCode> {
    crate::signals::install();
    let flag = match plan.source {
        input::ExternalSource::Decks(_) => "--decks",
        input::ExternalSource::Exec(_) => "--exec",
    };
    let looks = progressive.map(|max| LookPlan::new(max, thresholds));
    let mut stdout = std::io::stdout();
    let mut seen = Vec::new();
    let mut watch = |tally: &audit::tally::Tally| -> bool {
        let (Some(plan), Some(max)) = (&looks, progressive) else { return true };
        let n = tally.shuffles();
        if !plan.is_look(n) {
            return n < max;
        }
        let look = plan.judge(n, tally);
        let _ = writeln!(
            stdout,
            "  look at {:>8} decks: family-wise p = {} after x{} for the looks: {}",
            progressive::size_label(n),
            shuffle_audit::stats::format_ln_p((look.ln_p_family + (plan.planned() as f64).ln()).min(0.0)),
            plan.planned(),
            look.verdict
        );
        let stop = look.verdict >= shuffle_audit::audit::verdict::Verdict::Fail || n >= max;
        seen.push(look);
        !stop
    };
    if let Some(max) = progressive {
        println!(
            "progressive: looks at {} .. {} decks read from {}; each look's family-wise p is multiplied by the {} \
             planned looks",
            progressive::size_label(progressive::look_sizes(max)[0]),
            progressive::size_label(max),
            plan.source.describe(),
            progressive::look_sizes(max).len()
        );
    }
    let fold = Fold {
        tests: plan.tests,
        deal: plan.deal,
        watch: progressive.map(|_| &mut watch as &mut dyn FnMut(&_) -> bool),
    };
    let mut notify = |n: &input::Notice| eprintln!("{n}");
    let control = input::Control { stop: &crate::signals::STOP, timeout, notify: Some(&mut notify) };
    let audit = match input::audit_external(&plan.source, &plan.options, fold, None, control) {
        Ok(audit) => audit,
        // Stopped before a deck could be read (only invalid lines so far): nothing to report, the stop's status.
        Err(e) if crate::signals::STOP.is_set() => {
            eprintln!("Error: {flag}: {e}");
            return Ok(ExitCode::from(crate::signals::STOP.requested().map_or(2, |r| r.exit_code())));
        }
        Err(e) => return Err(anyhow::anyhow!("{flag}: {e}")),
    };
    let strict_stop = audit.summary.stopped_strict;
    // Progressive looks are judged at the looks' thresholds; the report holds the last look's sample.
    let judged = looks.as_ref().map_or(thresholds, |l| l.thresholds);
    let report = audit.into_report(judged)?;
    let note = looks.map(|l| {
        format!(
            "progressive: {} looks taken of {} planned; thresholds divided by {} for the looks",
            seen.len(),
            l.planned(),
            l.planned()
        )
    });
    let code = finish(&report, out, output, note)?;
    let stopped = report.input.as_ref().and_then(|i| Some((i.stopped_by()?, i18n::partial_reason(Lang::En, i)?)));
    if let Some((reason, why)) = stopped {
        let flag = if reason == StopReason::Timeout { "--timeout" } else { flag };
        eprintln!("{flag}: {why}; the reports, marked partial, hold the decks read until then");
        return Ok(ExitCode::from(reason.exit_code()));
    }
    if strict_stop {
        let first = report.input.as_ref().and_then(|i| i.first_invalid.first()).map(|d| d.to_string());
        eprintln!("Error: {flag}: invalid deck ({}); stopped (--strict)", first.unwrap_or_default());
        return Ok(ExitCode::from(2));
    }
    // A signal after the whole input was read: complete reports, the signal's status all the same.
    if let Some(reason) = crate::signals::STOP.requested() {
        eprintln!("{flag}: {} after the whole input was read; the reports are complete", reason.label());
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(code)
}

/// Writes a finished run's files, then prints its summary: a closed stdout (`| head`) must not lose the
/// counts.
fn finish(report: &RunReport, out: Option<PathBuf>, output: Output, note: Option<String>) -> anyhow::Result<ExitCode> {
    let dir = out.unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    let written = write_run_files(&dir, report, output)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{}", render_console(report, output.lang))?;
    if let Some(note) = note {
        writeln!(stdout, "{note}")?;
    }
    writeln!(
        stdout,
        "Reports written to {}/ ({}){}",
        dir.display(),
        written.join(", "),
        if report.is_partial() { ", marked partial" } else { "" }
    )?;
    Ok(ExitCode::from(report.verdict.exit_code()))
}
