//! `shuffle-audit run`: one source (a built-in algorithm shuffled N times, or the decks of `--decks FILE|-` /
//! `--exec CMD` as they stream), the selected tests, the verdict and the report files; with `--progressive`,
//! growing samples until the first FAIL. The flags become one [`RunRequest`], validated once.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::cli::RunArgs;
use shuffle_audit::audit::input::{self, Fold};
use shuffle_audit::audit::progressive::{self, LookPlan};
use shuffle_audit::audit::runner::{self, Control, Counted, Progress, RunConfig};
use shuffle_audit::audit::settings::{ExternalPlan, Plan, RunRequest, StateSettings};
use shuffle_audit::audit::state::RunState;
use shuffle_audit::audit::stop::StopReason;
use shuffle_audit::audit::verdict::Thresholds;
use shuffle_audit::audit::{self, RunReport};
use shuffle_audit::report::console::render_console;
use shuffle_audit::report::files::{Output, write_run_files};
use shuffle_audit::report::i18n::group_digits;
use shuffle_audit::report::writer;

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let request: RunRequest = args.request();
    let output = Output::new(args.output.lang, args.output.no_timings);
    if let Some(path) = &args.resume {
        let resumed = read_state(path).map_err(|e| anyhow::anyhow!("--resume: {e}"))?;
        let settings = request.validate_resume(&resumed)?;
        let Plan::Builtin(config) = settings.plan else { unreachable!("a state is of a built-in run") };
        return run_builtin(config, settings.state, settings.thresholds, Some(resumed), args.out.clone(), output);
    }
    let settings = super::validate(&request, "this run")?;
    let thresholds = settings.thresholds;
    match (settings.plan, settings.progressive) {
        (Plan::Builtin(config), Some(max)) => {
            super::progressive::run(config, max, thresholds, args.out.clone(), output)
        }
        (Plan::Builtin(config), None) => {
            run_builtin(config, settings.state, thresholds, None, args.out.clone(), output)
        }
        (Plan::External(plan), max) => run_external(plan, max, thresholds, args.out.clone(), output),
    }
}

/// Reads and checks a state file; the error names the file.
pub fn read_state(path: &Path) -> anyhow::Result<RunState> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    RunState::decode(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// A built-in run, or the rest of one (`--resume`), or a shard of one: counts the chunks it misses, stops
/// cleanly at the first SIGINT/SIGTERM, checkpoints when asked, and writes its reports (marked PARTIAL when
/// chunks are missing) and its state.
fn run_builtin(
    config: RunConfig,
    keep: StateSettings,
    thresholds: Thresholds,
    resumed: Option<RunState>,
    out: Option<PathBuf>,
    output: Output,
) -> anyhow::Result<ExitCode> {
    let dir = out.unwrap_or_else(|| PathBuf::from("reports").join(config.dir_name()));
    let wanted = match keep.shard {
        Some((i, k)) => runner::shard_chunks(config.chunks(), i, k),
        None => 0..config.chunks(),
    };
    let (mut counted, before) = match resumed {
        Some(state) => (state.counted, Duration::from_secs_f64(state.seconds)),
        None => (Counted::new(&config), Duration::ZERO),
    };
    crate::signals::install();
    let began = Instant::now();
    let threads = config.threads.unwrap_or_else(rayon::current_num_threads);
    let state_of = |counted: &Counted, elapsed: Duration| {
        RunState::new(&config, counted.clone(), keep.shard, before + elapsed, threads)
            .expect("a built-in run has a state")
    };
    let mut save = |counted: &Counted| {
        if let Some(path) = &keep.out
            && let Err(e) = writer::write_atomic(path, &state_of(counted, began.elapsed()).encode())
        {
            eprintln!("warning: --checkpoint-every: {e:#}; the run goes on");
        }
    };
    let mut control = Control {
        progress: Progress::Bar,
        stop: Some(&crate::signals::STOP),
        checkpoint: keep.checkpoint_every.map(|every| (every, &mut save as &mut runner::SaveCheckpoint)),
    };
    let finish = runner::run_into(&config, &mut counted, wanted.clone(), &mut control)?;
    let state = state_of(&counted, finish.elapsed);
    let report =
        RunReport::of_state(&state, wanted, finish.stopped, before + finish.elapsed, finish.threads, thresholds);
    // An interrupted run and a shard keep their state: in --state-out, or beside their reports.
    let state_path = match (&keep.out, report.is_partial()) {
        (Some(path), _) => Some(path.clone()),
        (None, true) => Some(dir.join("run.state")),
        (None, false) => None,
    };
    let code = finish_report(&report, &dir, output, None)?;
    if let Some(path) = &state_path {
        writer::write_atomic(path, &state.encode())?;
    }
    let Some(reason) = finish.stopped.filter(|_| report.is_partial()) else {
        if let (Some(path), Some((i, k))) = (&state_path, keep.shard) {
            println!("Shard {i}/{k} state written to {} (add up the shards with: shuffle-audit merge)", path.display());
        }
        return Ok(code);
    };
    let path = state_path.expect("an interrupted run writes its state");
    let resume = if dir == PathBuf::from("reports").join(config.dir_name()) {
        format!("shuffle-audit run --resume {}", path.display())
    } else {
        format!("shuffle-audit run --resume {} --out {}", path.display(), dir.display())
    };
    eprintln!(
        "{} after {} of {} shuffles: partial reports in {}/, state in {}; continue with: {resume}",
        match reason {
            StopReason::Timeout => "stopped by the time limit".to_string(),
            r => format!("interrupted by {}", r.label()),
        },
        group_digits(state.counted.tally.shuffles()),
        group_digits(config.shuffles),
        dir.display(),
        path.display()
    );
    Ok(ExitCode::from(reason.exit_code()))
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
    let code = finish(&report, out, output, note)?;
    if strict_stop {
        let first = report.input.as_ref().and_then(|i| i.first_invalid.first()).map(|d| d.to_string());
        eprintln!("Error: {flag}: invalid deck ({}); stopped (--strict)", first.unwrap_or_default());
        return Ok(ExitCode::from(2));
    }
    Ok(code)
}

/// Writes a finished run's files, then prints its summary: a closed stdout (`| head`) must not lose the
/// counts.
fn finish(report: &RunReport, out: Option<PathBuf>, output: Output, note: Option<String>) -> anyhow::Result<ExitCode> {
    let dir = out.unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    finish_report(report, &dir, output, note)
}

/// [`finish`] into `dir`.
pub fn finish_report(report: &RunReport, dir: &Path, output: Output, note: Option<String>) -> anyhow::Result<ExitCode> {
    let written = write_run_files(dir, report, output)?;
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
