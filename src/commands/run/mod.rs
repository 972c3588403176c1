//! `shuffle-audit run`: one source (a built-in algorithm shuffled N times, or the decks of `--decks FILE|-` /
//! `--exec CMD` as they stream), the selected tests, the verdict and the report files; with `--progressive`,
//! growing samples until the first FAIL. The flags become one [`RunRequest`], validated once. With `--lab`, the
//! lab page (`lab.html`) is written after the other reports, whose fingerprints it lists, and printed to
//! `lab.pdf` before the folder is put in place: a missing browser costs the PDF alone (exit status 2).

mod growing;
mod stream;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;

use super::Console;
use crate::cli::RunArgs;
use shuffle_audit::audit::RunConfig;
use shuffle_audit::audit::RunState;
use shuffle_audit::audit::Thresholds;
use shuffle_audit::audit::input::{self, Fold};
use shuffle_audit::audit::{self, RunReport};
use shuffle_audit::audit::{Checkpoints, ResumableRun};
use shuffle_audit::audit::{ExternalPlan, NamedFile, Plan, RunRequest, StateSettings};
use shuffle_audit::audit::{StopReason, within_limit};
use shuffle_audit::cards::Lang;
use shuffle_audit::error::Field;
use shuffle_audit::export;
use shuffle_audit::lab::{self, Level};
use shuffle_audit::modes::progressive::{self, LookPlan};
use shuffle_audit::report::{self, OutDir};
use shuffle_audit::report::{CheckpointFile, Output, write_all, write_run_files};
use shuffle_audit::report::{group_digits, partial_reason};

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    if stream::wanted(&args)? {
        return stream::run(args);
    }
    let request: RunRequest = args.request();
    let output = Output::new(args.output.lang, args.output.no_timings);
    // `--lab` and `--level` first: a refusal costs no work.
    let lab = args.lab().validate(&request, args.resume.is_some(), args.against_exact)?;
    let save = match &args.save_decks {
        Some(path) => Some(SaveDecks::check(&args, path)?),
        None if args.force => anyhow::bail!("--force: applies to --save-decks only"),
        None => None,
    };
    // Before --resume: a resumed run would not test against the exact matrix, and must not seem to.
    if args.against_exact {
        return run_against_exact(&args, request, output);
    }
    if let Some(path) = &args.resume {
        let resumed = super::read_state(path).map_err(|e| anyhow::anyhow!("--resume: {e}"))?;
        let settings = request.validate_resume(&resumed)?;
        let Plan::Builtin(config) = settings.plan else { unreachable!("a state is of a built-in run") };
        if let Some(count) = settings.samples {
            let judge = (settings.thresholds, settings.timeout);
            return run_sampled(config, count, judge, Some(resumed), args.out.as_deref(), (output, None));
        }
        let how = (settings.state, settings.thresholds, settings.timeout);
        return run_builtin(config, how, Some(resumed), args.out.as_deref(), (output, None), None, None);
    }
    let settings = super::validate(&request, "this run")?;
    let thresholds = settings.thresholds;
    if let (Some(count), Plan::Builtin(config)) = (settings.samples, &settings.plan) {
        let judge = (thresholds, settings.timeout);
        return run_sampled(config.clone(), count, judge, None, args.out.as_deref(), (output, lab));
    }
    let samples = settings.samples;
    match (settings.plan, settings.progressive) {
        (Plan::Builtin(config), Some(max)) => {
            growing::run(config, max, (thresholds, settings.timeout), args.out.clone(), output)
        }
        (Plan::Builtin(config), None) => {
            let how = (settings.state, thresholds, settings.timeout);
            let save = save.map(|s| s.seeded(&config, args.generator.seed.is_none()));
            run_builtin(config, how, None, args.out.as_deref(), (output, lab), None, save)
        }
        (Plan::External(plan), max) => {
            let save = save.map(|s| s.reading(&plan.source)).transpose()?;
            run_external(plan, (max, samples), thresholds, settings.timeout, args.out.clone(), (output, lab), save)
        }
    }
}

/// `run --against-exact`: a built-in run whose one test is its position-by-card counts against the shuffle's
/// exact matrix ([`shuffle_audit::stats::exact::against`]), with the run's usual reports.
fn run_against_exact(args: &RunArgs, mut request: RunRequest, output: Output) -> anyhow::Result<ExitCode> {
    let flag = "--against-exact";
    for (given, other) in [(args.decks.is_some(), "--decks"), (args.exec.is_some(), "--exec")] {
        if given {
            anyhow::bail!(
                "{flag}: decks read from {other} have no exact model to test against: it applies to a built-in \
                 --algorithm"
            );
        }
    }
    for (given, other, why) in [
        (args.tests.is_some(), "--tests", "its one test is the position-by-card counts against the exact matrix"),
        (args.progressive, "--progressive", "it tests one sample of --shuffles"),
        (args.resume.is_some(), "--resume", "it is not kept in run states"),
        (args.shard.is_some(), "--shard", "it is not kept in run states"),
        (args.game.game.is_some(), "--game", "the seat tests compare against uniform deals"),
    ] {
        if given {
            anyhow::bail!("{flag}: cannot be combined with {other}: {why}");
        }
    }
    request.tests = Some(shuffle_audit::stats::TestSelection::only(&[shuffle_audit::stats::TestId::PositionCard]));
    let settings = super::validate(&request, "this run")?;
    let Plan::Builtin(config) = settings.plan else { unreachable!("an algorithm is a built-in run") };
    let exact = shuffle_audit::exact::exact_model(&config).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    let how = (settings.state, settings.thresholds, settings.timeout);
    let save = match &args.save_decks {
        Some(path) => Some(SaveDecks::check(args, path)?.seeded(&config, args.generator.seed.is_none())),
        None => None,
    };
    run_builtin(config, how, None, args.out.as_deref(), (output, None), Some(&exact), save)
}

/// A built-in run, or the rest of one (`--resume`), or a shard of one: counts the chunks it misses, stops
/// cleanly at the first SIGINT/SIGTERM, checkpoints when asked, and writes its reports (marked PARTIAL when
/// chunks are missing) and its state.
fn run_builtin(
    config: RunConfig,
    settings: (StateSettings, Thresholds, Option<Duration>),
    resumed: Option<RunState>,
    out: Option<&Path>,
    (output, lab): (Output, Option<Level>),
    exact: Option<&shuffle_audit::stats::exact::model::ExactMatrix>,
    save: Option<SaveDecks>,
) -> anyhow::Result<ExitCode> {
    let (keep, thresholds, timeout) = settings;
    let mut save = save.map(SaveDecks::open).transpose()?;
    let dir = super::out_path(out, || config.dir_name());
    if let Some(path) = &keep.out {
        super::check_state_out(path, &dir)?;
    }
    let outdir = super::prepare_out(&dir)?;
    let mut run = match resumed {
        Some(state) => ResumableRun::continuing(config.clone(), state)?,
        None => ResumableRun::new(config.clone(), keep.shard)?,
    };
    let wanted = run.wanted();
    crate::signals::install();
    let checkpoint_file = keep.out.as_deref().map(CheckpointFile::new);
    let write = |state: &RunState| {
        if let Some(file) = &checkpoint_file
            && let Err(e) = file.checkpoint(state)
        {
            eprintln!("warning: --checkpoint-every: {}; the run goes on", e.chain());
        }
    };
    let checkpoints = match (&keep.out, keep.checkpoint_every) {
        (Some(_), Some(every)) => Some(Checkpoints { every, keep: &write }),
        _ => None,
    };
    // A signal, or the time limit (--timeout), stops the run at the next chunk.
    let finish =
        within_limit(&crate::signals::STOP, timeout, |stop| run.run(crate::progress::BAR, Some(stop), checkpoints))?;
    let state = run.state().expect("a built-in run has a state");
    let elapsed = run.elapsed();
    // Exactly the chunks the run counted, replayed in order: the decks it counted, post-processing done. A file
    // that cannot be written (a full disk) is said after the reports are written: the counts are not lost.
    let save_failed =
        save.take().and_then(|saver| saver.replay(&config, &state.counted.covered, finish.stopped.is_some()).err());
    let (report, against) = match exact {
        None => (RunReport::of_state(&state, wanted, finish.stopped, elapsed, finish.threads, thresholds), None),
        Some(exact) => {
            // The one test: the counts against the exact matrix, in place of the battery's uniform one.
            let counts = &state.counted.tally.battery.position_card;
            let against =
                shuffle_audit::stats::exact::against::test_against_exact(counts.matrix(), counts.shuffles(), exact);
            let outcome = state.counted.clone().into_outcome(elapsed, finish.threads);
            let mut report =
                RunReport::with_results(state.config.clone(), outcome, vec![against.result.clone()], thresholds);
            report.incomplete = shuffle_audit::audit::Incomplete::of(&state, wanted, finish.stopped);
            (report, Some(against))
        }
    };
    // An interrupted run and a shard keep their state: in --state-out, or beside their reports as run.state.
    let beside = keep.out.is_none() && report.is_partial();
    // Encoded only when it is kept (a 10^6-shuffle state sorts and hashes 40 MB of duplicate-deck window).
    let bytes = (checkpoint_file.is_some() || beside).then(|| state.encode());
    // A --state-out that cannot be written (a full disk, a folder gone) does not lose the run: its state goes
    // beside the reports instead, and the error is said at the end.
    let state_failed = match (&checkpoint_file, &bytes) {
        (Some(file), Some(bytes)) => file.finish(bytes).err(),
        _ => None,
    };
    let beside = beside || state_failed.is_some();
    let mut stdout = Console::stdout();
    // Nor does a state that cannot be written beside the reports lose the reports.
    let mut kept_failed = None;
    let mut written = outdir.write(|d| {
        let mut written = write_reports(d, &report, output, lab)?;
        if let (true, Some(bytes)) = (beside, &bytes) {
            kept_failed = keep_state(d, bytes, &mut written);
        }
        anyhow::Ok(written)
    })?;
    let pdf = print_lab_pdf(outdir.path(), &written);
    if let Ok(Some(_)) = pdf {
        written.push(lab::PDF);
    }
    let dir = outdir.commit()?;
    let state_path = match (beside, &kept_failed) {
        (true, None) => Some(dir.join(STATE_FILE)),
        (true, Some(_)) => None,
        (false, _) => keep.out.clone(),
    };
    let note = against.map(|a| a.describe());
    super::print_summary(&mut stdout, &report, &dir, &written, output, note);
    lab_outcome(&mut stdout, &report, lab, &dir, pdf)?;
    let failed =
        not_written(save_failed, StateWrites { out: state_failed, beside: kept_failed, kept: state_path.as_deref() });
    let Some(reason) = finish.stopped.filter(|_| report.is_partial()) else {
        if let (Some(path), Some((i, k)), false) = (&state_path, keep.shard, failed) {
            writeln!(
                stdout,
                "Shard {i}/{k} state written to {} (add up the shards with: shuffle-audit merge)",
                path.display()
            );
        }
        stdout.finish()?;
        return Ok(ExitCode::from(if failed { 2 } else { report.verdict.exit_code() }));
    };
    stdout.finish()?;
    let counted = format!(
        "{} after {} of {} shuffles: partial reports in {}/",
        reason.stopped_by(),
        group_digits(state.counted.tally.shuffles()),
        group_digits(config.shuffles),
        dir.display(),
    );
    let Some(path) = state_path else {
        eprintln!("{counted}; no state was kept, so the run cannot be resumed");
        return Ok(ExitCode::from(2));
    };
    let resume = if dir == super::out_path(None, || config.dir_name()) {
        format!("shuffle-audit run --resume {}", path.display())
    } else {
        format!("shuffle-audit run --resume {} --out {}", path.display(), dir.display())
    };
    eprintln!("{counted}, state in {}; continue with: {resume}", path.display());
    Ok(ExitCode::from(if failed { 2 } else { reason.exit_code() }))
}

/// Writes a run's state beside its reports in the folder `d` being written, and lists it among the files
/// `written`; a state that cannot be written is removed (no half file) and its error returned: the reports stay.
fn keep_state(d: &Path, bytes: &[u8], written: &mut Vec<&'static str>) -> Option<shuffle_audit::report::WriteError> {
    match write_all(d, &[(STATE_FILE, bytes.to_vec())]) {
        Ok(()) => {
            written.push(STATE_FILE);
            None
        }
        Err(e) => {
            let _ = std::fs::remove_file(d.join(STATE_FILE));
            Some(e)
        }
    }
}

/// The final state's writes that failed: to `--state-out` (`out`), then beside the reports (`beside`, where it
/// goes when `--state-out` failed or an interrupted run has none); `kept` is where it is, if anywhere.
struct StateWrites<'a> {
    out: Option<shuffle_audit::report::WriteError>,
    beside: Option<shuffle_audit::report::WriteError>,
    kept: Option<&'a Path>,
}

/// Says, after the reports are written, what could not be: the `--save-decks` file, the `--state-out` file (its
/// state then kept beside the reports), or the state beside the reports. True when anything failed: the run then
/// exits 2.
fn not_written(save: Option<anyhow::Error>, state: StateWrites) -> bool {
    if let Some(e) = &save {
        eprintln!("Error: {e:#}; the reports are written, the decks file is not");
    }
    if let Some(e) = &state.out {
        let kept = state.kept.map_or(String::new(), |p| format!("; the state is kept in {} instead", p.display()));
        eprintln!("Error: --state-out: {}{kept}", e.chain());
    }
    if let Some(e) = &state.beside {
        eprintln!(
            "Error: the run's state could not be kept beside its reports: {}; the reports are written",
            e.chain()
        );
    }
    save.is_some() || state.out.is_some() || state.beside.is_some()
}

/// `run --samples S` of a built-in algorithm, or the rest of one (`--resume` of its state): S runs of N/S
/// shuffles, each of its own seed, tested one by one; the reports are those of their decks together, with each
/// sample's tests and the second level. SIGINT, SIGTERM or `--timeout` stop it at the next chunk: the reports,
/// marked partial, hold the samples finished, and its state beside them (`run.state`) keeps them to resume.
fn run_sampled(
    config: RunConfig,
    count: u64,
    judge: (Thresholds, Option<Duration>),
    resumed: Option<RunState>,
    out: Option<&Path>,
    (output, lab): (Output, Option<Level>),
) -> anyhow::Result<ExitCode> {
    let (thresholds, timeout) = judge;
    let dir = super::out_path(out, || config.dir_name());
    let outdir = super::prepare_out(&dir)?;
    crate::signals::install();
    let size = config.shuffles / count.max(1);
    let mut stdout = Console::stdout();
    let from = resumed.as_ref().and_then(|s| s.samples.as_ref()).map_or(0, |s| s.results.len() as u64);
    let resuming = if from > 0 {
        format!(", from sample {} (the {from} before are in the state)", from + 1)
    } else {
        String::new()
    };
    writeln!(
        stdout,
        "samples: {count} of {} shuffles, each of its own seed, tested one by one; then the samples' p-values \
         for uniformity (the second level){resuming}",
        group_digits(size)
    );
    let resumed = resumed.map(|s| (s.counted, s.samples.expect("a run of samples' state"), s.seconds));
    let sampled = within_limit(&crate::signals::STOP, timeout, |stop| {
        audit::run_samples(&config, count, &thresholds, |_| crate::progress::BAR, Some(stop), resumed)
    })?;
    let state = RunState::of_sampled(&sampled, &config);
    // The finished samples, and the decks of one cut short.
    let counted = sampled.outcome.tally.shuffles();
    let mut report = RunReport::with_samples(config.clone(), sampled.outcome, sampled.samples, thresholds);
    if let Some(reason) = sampled.stopped {
        report.incomplete = Some(shuffle_audit::audit::Incomplete {
            counted,
            planned: config.shuffles,
            stopped: Some(reason),
            shard: None,
            missing: vec![[counted + 1, config.shuffles]],
        });
    }
    let Some(reason) = sampled.stopped else {
        return finish(&report, outdir, stdout, (output, lab), samples_note(&report));
    };
    // Its state goes beside the reports; one that cannot be written does not lose them.
    let mut kept_failed = None;
    let written = outdir.write(|d| {
        let mut written = write_reports(d, &report, output, lab)?;
        if let Some(state) = &state {
            kept_failed = keep_state(d, &state.encode(), &mut written);
        }
        anyhow::Ok(written)
    })?;
    let dir = outdir.commit()?;
    super::print_summary(&mut stdout, &report, &dir, &written, output, samples_note(&report));
    // A partial run has no lab page: said, when one was asked for.
    lab_outcome(&mut stdout, &report, lab, &dir, Ok(None))?;
    stdout.finish()?;
    let finished = report.samples.as_ref().map_or(0, |s| s.samples.len());
    let told = format!(
        "{} after {finished} of {count} samples ({} of {} shuffles): the reports, marked partial, test the {} decks \
         counted and the second level the {finished} samples finished",
        reason.stopped_by(),
        group_digits(counted),
        group_digits(config.shuffles),
        group_digits(counted),
    );
    let path = dir.join(STATE_FILE);
    match (&state, kept_failed) {
        (Some(_), None) => {
            let resume = if dir == super::out_path(None, || config.dir_name()) {
                format!("shuffle-audit run --resume {}", path.display())
            } else {
                format!("shuffle-audit run --resume {} --out {}", path.display(), dir.display())
            };
            eprintln!(
                "{told}; the finished samples are kept in {} (a sample cut short is counted again from its start); \
                 continue with: {resume}",
                path.display()
            );
            Ok(ExitCode::from(reason.exit_code()))
        }
        (_, Some(e)) => {
            eprintln!("{told}; no state was kept, so the run cannot be resumed");
            not_written(None, StateWrites { out: None, beside: Some(e), kept: None });
            Ok(ExitCode::from(2))
        }
        (None, None) => {
            eprintln!("{told}; no state was kept, so the run cannot be resumed");
            Ok(ExitCode::from(2))
        }
    }
}

/// One line on a run's samples: how many, and how often each level's rule passed the tests sample by sample.
fn samples_note(report: &RunReport) -> Option<String> {
    let samples = report.samples.as_ref()?;
    let tested = samples.samples.len();
    let tests: Vec<_> = samples.samples.first()?.tests.iter().map(|t| t.test).collect();
    let level = |alpha: f64| {
        let fewest = tests.iter().map(|&t| (samples.passing(t, alpha), t)).min_by_key(|((pass, _), _)| *pass);
        let all = tests.len() * tested;
        let passed: usize = tests.iter().map(|&t| samples.passing(t, alpha).0).sum();
        match fewest {
            Some(((pass, of), t)) => format!("{passed} of {all} tests passed (fewest: {t}, {pass} of {of} samples)"),
            None => "no test".to_string(),
        }
    };
    Some(format!(
        "samples: {tested} of {} tested, {} decks each; at 95%: {}; at 99%: {}; details in samples.csv and \
         second_level.csv",
        samples.count,
        group_digits(samples.size),
        level(0.05),
        level(0.01)
    ))
}

/// The name of the state an interrupted run or a shard writes beside its reports.
const STATE_FILE: &str = "run.state";

/// `run --decks` / `run --exec`: stream the decks into the tally, report, and exit 0 (PASS, SUSPICIOUS), 1
/// (FAIL, BROKEN) or 2 (no decks at all, or `--strict` stopped at an invalid deck: reports still written).
/// With `--progressive`, the tests are judged at 2^10, 2^11, … decks as they arrive, and reading stops at the
/// first FAIL. SIGINT or SIGTERM stops the reading (partial reports, exit 130 or 143), and so does `timeout`
/// (exit 2); waiting lines on stderr say when no deck has come for a while.
fn run_external(
    plan: ExternalPlan,
    (progressive, sample_count): (Option<u64>, Option<u64>),
    thresholds: Thresholds,
    timeout: Option<Duration>,
    out: Option<PathBuf>,
    (output, lab): (Output, Option<Level>),
    save: Option<SaveDecks>,
) -> anyhow::Result<ExitCode> {
    crate::signals::install();
    // What a producer starts and leaves behind, even out of its group with its environment cleared, is ended with it.
    if matches!(plan.source, input::ExternalSource::Exec(_)) {
        input::adopt_orphans();
    }
    let mut save = save.map(SaveDecks::open).transpose()?;
    // A write error (a full disk) stops the saving, not the audit: it is said once the reports are written.
    let mut saving = save.as_mut().and_then(|s| s.out.as_mut()).map(|out| {
        move |deck: &[_]| {
            out.add(deck);
            true
        }
    });
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
    let mut watch = |tally: &audit::Tally| -> bool {
        let (Some(plan), Some(max)) = (&looks, progressive) else { return true };
        let n = tally.shuffles();
        if !plan.is_look(n) {
            return n < max;
        }
        let look = plan.judge(n, tally);
        writeln!(
            stdout,
            "  look at {:>8} decks: family-wise p (Holm-adjusted) = {} after x{} for the looks: {}",
            progressive::size_label(n),
            shuffle_audit::stats::format_ln_p(progressive::look_corrected_ln_p(look.ln_p_family, plan.planned())),
            plan.planned(),
            look.verdict
        );
        let stop = look.verdict >= shuffle_audit::audit::Verdict::Fail || n >= max;
        seen.push(look);
        !stop
    };
    // `--samples`: the file's deck lines are counted first, to cut them into samples of equal size.
    let sample_size = match (sample_count, &plan.source) {
        (Some(count), input::ExternalSource::Decks(path)) => {
            let file = std::fs::File::open(path).with_context(|| format!("--decks: cannot open {}", path.display()))?;
            let lines =
                input::count_deck_lines(std::io::BufReader::new(file)).map_err(|e| anyhow::anyhow!("--decks: {e}"))?;
            // Only the first --max-decks are read.
            let lines = plan.options.max_decks.map_or(lines, |max| lines.min(max));
            Some((count, audit::check_samples(count, lines, "deck lines")?))
        }
        _ => None,
    };
    let mut tested = Vec::new();
    let mut hand_over = |tally: &audit::Tally| {
        let (count, size) = sample_size.expect("samples are handed over when they are asked for");
        let k = tested.len() as u64;
        if k < count {
            tested.push(audit::SampleResult::of(k + 1, None, k * size + 1, tally, &thresholds));
        }
    };
    let fold = Fold {
        tests: plan.tests,
        deal: plan.deal,
        watch: progressive.map(|_| &mut watch as &mut dyn FnMut(&_) -> bool),
        samples: sample_size.map(|(_, size)| (size, &mut hand_over as &mut dyn FnMut(&audit::Tally))),
        each: saving.as_mut().map(|s| s as &mut dyn FnMut(&[shuffle_audit::cards::Card]) -> bool),
    };
    let mut notify = |n: &input::Notice| eprintln!("{}", report::terminal(&n.to_string()));
    let control = input::Control { stop: &crate::signals::STOP, timeout, notify: Some(&mut notify) };
    let audit = match input::audit_external(&plan.source, &plan.options, fold, None, control) {
        Ok(audit) => audit,
        // Stopped before a deck could be read (only invalid lines so far): nothing to report, the stop's status.
        Err(e) if crate::signals::STOP.is_set() => {
            eprintln!("Error: {flag}: {}", report::terminal(&e.to_string()));
            return Ok(ExitCode::from(crate::signals::STOP.requested().map_or(2, |r| r.exit_code())));
        }
        // Lines there were, and none a deck: the input is broken (exit 1, 2 under --strict), its first invalid
        // lines named.
        Err(e @ input::InputError::NoDecks { error: input::StreamError::NoDeck { .. }, .. })
            if !plan.options.strict =>
        {
            eprintln!("BROKEN: {flag}: {}", report::terminal(&e.to_string()));
            return Ok(ExitCode::from(shuffle_audit::audit::Verdict::Broken.exit_code()));
        }
        Err(e) => return Err(anyhow::anyhow!("{flag}: {e}")),
    };
    let strict_stop = audit.summary.stopped_strict;
    let save_failed = save.take().and_then(|saver| saver.finish(audit.summary.partial).err());
    // Progressive looks are judged at the looks' thresholds; the report holds the last look's sample.
    let judged = looks.as_ref().map_or(thresholds, |l| l.thresholds);
    let samples = sample_size.map(|(count, size)| audit::Samples { count, size, samples: std::mem::take(&mut tested) });
    let report = audit.into_sampled_report(judged, samples)?;
    let note = looks.map(|l| {
        format!(
            "progressive: {} looks taken of {} planned; thresholds divided by {} for the looks",
            seen.len(),
            l.planned(),
            l.planned()
        )
    });
    let note = note.or_else(|| samples_note(&report));
    if out.is_none() {
        outdir.retarget(&super::out_path(None, || report.dir_name())).context(Field::Out.flag())?;
    }
    let code = finish(&report, outdir, stdout, (output, lab), note)?;
    if not_written(save_failed, StateWrites { out: None, beside: None, kept: None }) {
        return Ok(ExitCode::from(2));
    }
    let stopped = report.input.as_ref().and_then(|i| Some((i.stopped_by()?, partial_reason(Lang::En, i)?)));
    if let Some((reason, why)) = stopped {
        let flag = if reason == StopReason::Timeout { "--timeout" } else { flag };
        eprintln!("{flag}: {}; the reports, marked partial, hold the decks read until then", report::terminal(&why));
        return Ok(ExitCode::from(reason.exit_code()));
    }
    if strict_stop {
        let first = report.input.as_ref().and_then(|i| i.first_invalid.first()).map(|d| d.to_string());
        eprintln!("Error: {flag}: invalid deck ({}); stopped (--strict)", report::terminal(&first.unwrap_or_default()));
        return Ok(ExitCode::from(2));
    }
    // A signal after the whole input was read: complete reports, the signal's status all the same.
    if let Some(reason) = crate::signals::STOP.requested() {
        eprintln!("{flag}: {} after the whole input was read; the reports are complete", reason.label());
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(code)
}

/// Writes a finished run's files and puts them in place, then prints its summary: a closed stdout (`| head`)
/// must not lose the counts, and a full one is reported after them.
fn finish(
    report: &RunReport,
    out: OutDir,
    mut stdout: Console,
    (output, lab): (Output, Option<Level>),
    note: Option<String>,
) -> anyhow::Result<ExitCode> {
    let mut written = out.write(|dir| write_reports(dir, report, output, lab))?;
    let pdf = print_lab_pdf(out.path(), &written);
    if let Ok(Some(_)) = pdf {
        written.push(lab::PDF);
    }
    let dir = out.commit()?;
    super::print_summary(&mut stdout, report, &dir, &written, output, note);
    lab_outcome(&mut stdout, report, lab, &dir, pdf)?;
    stdout.finish()?;
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// The run's report files and, with `--lab` for a finished run, the lab page after them: it lists their
/// SHA-256, read from the files written. A partial run gets no lab page (see [`lab_outcome`]).
fn write_reports(
    dir: &Path,
    report: &RunReport,
    output: Output,
    lab: Option<Level>,
) -> Result<Vec<&'static str>, report::WriteError> {
    let mut written = write_run_files(dir, report, output)?;
    if let Some(level) = lab.filter(|_| !report.is_partial()) {
        let prints = lab::Fingerprints::gather(dir, &written, &report.config.source);
        write_all(dir, &[(lab::HTML, lab::render(report, level, &prints, output.lang))])?;
        written.push(lab::HTML);
    }
    Ok(written)
}

/// Prints `lab.pdf` from the `lab.html` among the files `written` into `dir` (the folder being written, before
/// it is put in place): its size, or `None` when no page was written.
fn print_lab_pdf(dir: &Path, written: &[&str]) -> Result<Option<u64>, lab::PdfError> {
    if !written.contains(&lab::HTML) {
        return Ok(None);
    }
    let browser = lab::find_browser()?;
    // Said before the wait, so that it is never silent: a signal ends it at once.
    eprintln!("printing lab.pdf with {} (at most {} s)", browser.display(), lab::PDF_TIME_LIMIT.as_secs());
    lab::print_pdf(&browser, &dir.join(lab::HTML), &dir.join(lab::PDF), &crate::signals::STOP).map(Some)
}

/// Says where the lab's files went once the folder is in place, or why there are none: a partial run has no lab
/// page (the page is the evidence of a finished run), and a PDF that could not be printed is an error naming
/// `--lab` and what to install, with every other file written.
fn lab_outcome(
    stdout: &mut Console,
    report: &RunReport,
    lab: Option<Level>,
    dir: &Path,
    pdf: Result<Option<u64>, lab::PdfError>,
) -> anyhow::Result<()> {
    let Some(level) = lab else { return Ok(()) };
    if report.is_partial() {
        eprintln!("--lab: no lab page: the run is partial, and the page shows finished runs only");
        return Ok(());
    }
    let page = dir.join(lab::HTML);
    match pdf {
        Ok(Some(size)) => {
            writeln!(
                stdout,
                "Lab report (level {}%): {} and {} ({} bytes); it claims no certification",
                level.percent(),
                page.display(),
                dir.join(lab::PDF).display(),
                group_digits(size)
            );
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(e) => Err(anyhow::anyhow!(
            "--lab: lab.pdf was not written: {e}; {} and the other reports are written",
            page.display()
        )),
    }
}

/// `run --save-decks FILE`: every deck the run counts, one line each as `--decks` reads them (0-based ids), in
/// run order, and `manifest.json` beside the file. A built-in run's decks are replayed after it, chunk by chunk
/// as the runner made them ([`shuffle_audit::audit::replay_decks`]); decks read from `--decks`/`--exec` are
/// written as they stream.
struct SaveDecks {
    path: PathBuf,
    /// The manifest beside the file; none for a device written with `--force`.
    manifest: Option<PathBuf>,
    entry: export::FileEntry,
    out: Option<SavedDecks>,
}

/// The open file of [`SaveDecks`].
struct SavedDecks {
    sink: export::Sink,
    lines: export::DeckLines,
    buffer: Vec<u8>,
    decks: u64,
    failed: Option<export::SinkError>,
}

/// Bytes of deck lines gathered before a write.
const SAVE_BUFFER: usize = 1 << 20;

impl SaveDecks {
    /// Refuses `--save-decks` where it does not apply, before any work; names the file's manifest.
    fn check(args: &RunArgs, path: &Path) -> anyhow::Result<SaveDecks> {
        let flag = "--save-decks";
        for (given, other, why) in [
            (args.progressive, "--progressive", "its looks read a growing sample, not one run's decks"),
            (args.resume.is_some(), "--resume", "the decks of the chunks counted before are not in the state"),
            (
                args.shard.is_some(),
                "--shard",
                "a shard counts some of the run's chunks; save the decks of the whole run",
            ),
            (
                args.copies.is_some(),
                "--copies",
                "a shoe's decks repeat faces, which the saved ids would not read back as",
            ),
            (
                args.game.game.is_some(),
                "--game",
                "a deal's decks are not saved (save the decks of the run without --game)",
            ),
            (
                args.samples.is_some(),
                "--samples",
                "a sample is a run of its own seed; save the decks of the run without --samples",
            ),
        ] {
            if given {
                anyhow::bail!("{flag}: cannot be combined with {other}: {why}");
            }
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name.filter(|n| n != export::MANIFEST) else {
            anyhow::bail!(
                "{flag}: {} is not a file name the decks can take (their manifest is {})",
                path.display(),
                export::MANIFEST
            );
        };
        // Never onto the run's input (read after the file is opened), nor over a file this tool did not write.
        let inputs: Vec<NamedFile> = [("--decks", &args.decks), ("--resume", &args.resume)]
            .into_iter()
            .filter_map(|(flag, p)| p.as_deref().map(|p| NamedFile::new(flag, p)))
            .collect();
        let checked = export::check_recorded_output(NamedFile::new(flag, path), &inputs, args.force)?;
        let entry = export::FileEntry {
            name,
            bytes: 0,
            sha256: String::new(),
            kind: "decks".into(),
            generator: None,
            seed: None,
            seeding: None,
            algorithm: None,
            deck: None,
            layout: "one deck per line, 0-based card ids separated by spaces, in run order".into(),
            counts: Default::default(),
            input: None,
            partial: false,
            command: String::new(),
        };
        let manifest = checked.place.records().then_some(checked.manifest);
        Ok(SaveDecks { path: path.to_path_buf(), manifest, entry, out: None })
    }

    /// The entry of a built-in run's decks.
    fn seeded(mut self, config: &RunConfig, drawn: bool) -> SaveDecks {
        let b = config.builtin().expect("a built-in run");
        self.entry.generator = Some(b.rng.to_string());
        self.entry.seed = Some(b.seed);
        self.entry.seeding = Some(format!(
            "chunk i of {} decks from {} of chunk_seed(seed, i), {}",
            shuffle_audit::audit::CHUNK_SHUFFLES,
            super::seeding_of(b.rng),
            b.seeding.mode()
        ));
        let post = if b.post.is_none() { String::new() } else { format!(", then {}", b.post.label()) };
        self.entry.algorithm = Some(format!("{}{post}", b.algorithm.label(config.deck)));
        self.entry.deck = Some(config.deck);
        self.entry.command = super::command_line(drawn.then_some(b.seed));
        self
    }

    /// The entry of decks read from a file or a program.
    fn reading(mut self, source: &shuffle_audit::audit::ExternalSource) -> anyhow::Result<SaveDecks> {
        let input = export::Input::of(source, &crate::signals::STOP);
        self.entry.input = Some(input.with_context(|| match source {
            shuffle_audit::audit::ExternalSource::Decks(p) => format!("--decks: cannot read {}", p.display()),
            shuffle_audit::audit::ExternalSource::Exec(_) => "--exec".to_string(),
        })?);
        self.entry.command = super::command_line(None);
        Ok(self)
    }

    /// Creates the file (an error names it), before the run starts.
    fn open(mut self) -> anyhow::Result<SaveDecks> {
        let sink = export::Sink::open(export::Target::File(self.path.clone()), true)
            .map_err(|e| anyhow::anyhow!("--save-decks: {e}"))?;
        self.out = Some(SavedDecks {
            sink,
            lines: export::DeckLines::default(),
            buffer: Vec::with_capacity(SAVE_BUFFER + 8192),
            decks: 0,
            failed: None,
        });
        Ok(self)
    }

    /// Writes the decks of the chunks `covered` of the built-in run `config`, then the manifest.
    fn replay(mut self, config: &RunConfig, covered: &[std::ops::Range<u64>], partial: bool) -> anyhow::Result<()> {
        // Not stopped by a signal: the run has already stopped on the first one, and its chunks are few.
        let never = shuffle_audit::audit::StopFlag::new();
        let out = self.out.as_mut().expect("an open file");
        let replayed = shuffle_audit::audit::replay_decks(config, covered, &never, &mut |deck| out.add(deck));
        if replayed.invalid > 0 {
            eprintln!(
                "--save-decks: {} outputs that were not permutations are not saved (nor counted)",
                replayed.invalid
            );
        }
        self.finish(partial)
    }

    /// Flushes the file and records it in the manifest; a write error names the file, and no manifest entry
    /// claims it.
    fn finish(mut self, partial: bool) -> anyhow::Result<()> {
        let mut out = self.out.take().expect("an open file");
        out.flush();
        if let Some(e) = out.failed {
            anyhow::bail!("--save-decks: {e}");
        }
        let written = out.sink.finish().map_err(|e| anyhow::anyhow!("--save-decks: {e}"))?;
        let Some(manifest) = self.manifest else {
            eprintln!("{} decks saved to {} (no manifest: it is not a regular file)", out.decks, self.path.display());
            return Ok(());
        };
        let binary = export::binary_sha256().context("cannot read the running executable to hash it")?;
        let mut entry = self.entry;
        entry.bytes = written.bytes;
        entry.sha256 = written.sha256.expect("a hashing sink");
        entry.partial = partial;
        entry.counts.insert("decks".into(), out.decks);
        export::Manifest::record(&manifest, binary, entry).map_err(|e| anyhow::anyhow!("--save-decks: {e}"))?;
        eprintln!("{} decks saved to {} (manifest: {})", out.decks, self.path.display(), manifest.display());
        Ok(())
    }
}

impl SavedDecks {
    /// Adds a deck's line; `false` once a write has failed (the replay then stops; the stream audit goes on).
    fn add(&mut self, deck: &[shuffle_audit::cards::Card]) -> bool {
        self.buffer.extend_from_slice(self.lines.line(deck));
        self.decks += 1;
        if self.buffer.len() >= SAVE_BUFFER {
            self.flush();
        }
        self.failed.is_none()
    }

    fn flush(&mut self) {
        if self.failed.is_none()
            && let Err(e) = self.sink.write(&self.buffer)
        {
            self.failed = Some(e);
        }
        self.buffer.clear();
    }
}
