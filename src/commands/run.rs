//! `shuffle-audit run`: one source (a built-in algorithm shuffled N times, or the decks of `--decks FILE|-` /
//! `--exec CMD` as they stream), the selected tests, the verdict and the report files; with `--progressive`,
//! growing samples until the first FAIL. The flags become one [`RunRequest`], validated once.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::Console;
use crate::cli::RunArgs;
use shuffle_audit::audit::input::{self, Fold};
use shuffle_audit::audit::progressive::{self, LookPlan};
use shuffle_audit::audit::runner::Progress;
use shuffle_audit::audit::settings::{ExternalPlan, Plan, RunRequest};
use shuffle_audit::audit::verdict::Thresholds;
use shuffle_audit::audit::{self, RunReport};
use shuffle_audit::error::Field;
use shuffle_audit::report::console::render_console;
use shuffle_audit::report::files::{Output, write_run_files};
use shuffle_audit::report::writer::OutDir;

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
            let out = super::prepare_out(&super::out_path(args.out.as_deref(), || config.dir_name()))?;
            let report = audit::execute(config, thresholds, Progress::Bar)?;
            finish(&report, out, Console::stdout(), output, None)
        }
        (Plan::External(plan), max) => run_external(plan, max, thresholds, args.out.clone(), output),
    }
}

/// `run --decks` / `run --exec`: stream the decks into the tally, report, and exit 0 (PASS, SUSPICIOUS), 1
/// (FAIL, BROKEN) or 2 (no decks at all, or `--strict` stopped at an invalid deck: reports still written).
/// With `--progressive`, the tests are judged at 2^10, 2^11, … decks as they arrive, and reading stops at the
/// first FAIL.
fn run_external(
    plan: ExternalPlan,
    progressive: Option<u64>,
    thresholds: Thresholds,
    out: Option<PathBuf>,
    output: Output,
) -> anyhow::Result<ExitCode> {
    let flag = match plan.source {
        input::ExternalSource::Decks(_) => "--decks",
        input::ExternalSource::Exec(_) => "--exec",
    };
    // The default folder is named after the deck size, known once the first deck is read: until then it has a
    // provisional name.
    let mut outdir = super::prepare_out(&super::out_path(out.as_deref(), || "run-external".into()))?;
    let looks = progressive.map(|max| LookPlan::new(max, thresholds));
    let mut stdout = Console::stdout();
    if let Some(max) = progressive {
        writeln!(
            stdout,
            "progressive: looks at {} .. {} decks read from {}; each look's family-wise p is multiplied by the {} \
             planned looks",
            progressive::size_label(progressive::look_sizes(max)[0]),
            progressive::size_label(max),
            plan.source.describe(),
            progressive::look_sizes(max).len()
        );
    }
    let mut seen = Vec::new();
    let mut watch = |tally: &audit::tally::Tally| -> bool {
        let (Some(plan), Some(max)) = (&looks, progressive) else { return true };
        let n = tally.shuffles();
        if !plan.is_look(n) {
            return n < max;
        }
        let look = plan.judge(n, tally);
        writeln!(
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
    let fold = Fold {
        tests: plan.tests,
        deal: plan.deal,
        watch: progressive.map(|_| &mut watch as &mut dyn FnMut(&_) -> bool),
    };
    let audit =
        input::audit_external(&plan.source, &plan.options, fold, None).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
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
    if out.is_none() {
        outdir.retarget(&super::out_path(None, || report.dir_name())).context(Field::Out.flag())?;
    }
    let code = finish(&report, outdir, stdout, output, note)?;
    if strict_stop {
        let first = report.input.as_ref().and_then(|i| i.first_invalid.first()).map(|d| d.to_string());
        eprintln!("Error: {flag}: invalid deck ({}); stopped (--strict)", first.unwrap_or_default());
        return Ok(ExitCode::from(2));
    }
    Ok(code)
}

/// Writes a finished run's files and puts them in place, then prints its summary: a closed stdout (`| head`)
/// must not lose the counts, and a full one is reported after them.
fn finish(
    report: &RunReport,
    out: OutDir,
    mut stdout: Console,
    output: Output,
    note: Option<String>,
) -> anyhow::Result<ExitCode> {
    let written = out.write(|dir| write_run_files(dir, report, output))?;
    let dir = out.commit()?;
    write!(stdout, "{}", render_console(report, output.lang));
    if let Some(note) = note {
        writeln!(stdout, "{note}");
    }
    writeln!(
        stdout,
        "Reports written to {}/ ({}){}",
        dir.display(),
        written.join(", "),
        if report.is_partial() { ", marked partial" } else { "" }
    );
    stdout.finish()?;
    Ok(ExitCode::from(report.verdict.exit_code()))
}
