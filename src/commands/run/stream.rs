//! `run --stream FILE`, `run --draws FILE` and `run -a csm`: a shuffling machine's events (read, or simulated) and
//! cards drawn with replacement, read a line at a time in constant memory (a spinner on a terminal), tested as one
//! family ([`shuffle_audit::streams`]), with `stream.json` and `stream.csv` in the report folder. Ctrl-C or
//! SIGTERM ends the reading with a PARTIAL report of what was read. Exit 0 PASS/SUSPICIOUS, 1 FAIL/BROKEN,
//! 2 usage; 130/143 when interrupted.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use super::Console;
use crate::cli::{AlgorithmArg, MachineChoice, RunArgs};
use shuffle_audit::cards::{MAX_DECK, MIN_DECK};
use shuffle_audit::game::Game;
use shuffle_audit::game::csm::{MachineKind, MachineSpec};
use shuffle_audit::game::dealer::DealerRule;
use shuffle_audit::game::scoreboard::{Scoreboard, ScoreboardGame};
use shuffle_audit::report::{streams as render, write_all};
use shuffle_audit::streams::{self, CardReader, StreamAudit};

/// Rounds a simulated machine deals when `--shuffles` is not given.
pub const DEFAULT_ROUNDS: u64 = 20_000;

/// True when `args` ask for a stream (`--stream`, `--draws`, `-a csm`); otherwise the machine flags are refused.
pub fn wanted(args: &RunArgs) -> anyhow::Result<bool> {
    let stream = args.stream.is_some()
        || args.draws.is_some()
        || args.outcomes.is_some()
        || args.algorithm == Some(AlgorithmArg::Csm);
    if !stream && let Some(flag) = args.machine.given().first() {
        anyhow::bail!("{flag}: applies to -a csm (a shuffling machine)");
    }
    if !stream && args.hits_soft_17 {
        anyhow::bail!("--hits-soft-17: applies to --outcomes FILE --game blackjack (a scoreboard of dealer results)");
    }
    Ok(stream)
}

/// The flags of `run` that no stream takes, given: refused by name.
fn refuse_others(args: &RunArgs, flag: &str) -> anyhow::Result<()> {
    let g = &args.generator;
    let given = [
        (args.decks.is_some(), "--decks"),
        (args.exec.is_some(), "--exec"),
        (args.base.is_some(), "--base"),
        (args.format.is_some(), "--format"),
        (args.strict, "--strict"),
        (args.max_decks.is_some(), "--max-decks"),
        (args.threads.is_some(), "--threads"),
        (args.tests.is_some(), "--tests"),
        (args.guesser.is_some(), "--guesser"),
        (args.progressive, "--progressive"),
        (args.max_shuffles.is_some(), "--max-shuffles"),
        (args.timeout.is_some(), "--timeout"),
        (args.game.game.is_some() && args.outcomes.is_none(), "--game"),
        (g.rng.is_some(), "--rng"),
        (g.swaps.is_some(), "--swaps"),
        (g.riffles.is_some(), "--riffles"),
        (g.passes.is_some(), "--passes"),
        (g.moves.is_some(), "--moves"),
        (g.shelves.is_some(), "--shelves"),
        (g.piles.is_some(), "--piles"),
        (g.pile_order.is_some(), "--pile-order"),
        (g.faro.is_some(), "--faro"),
        (g.draw.is_some(), "--draw"),
        (args.post.cut, "--cut"),
        (args.post.burn.is_some(), "--burn"),
        (args.state_out.is_some(), "--state-out"),
        (args.checkpoint_every.is_some(), "--checkpoint-every"),
        (args.save_decks.is_some(), "--save-decks"),
        (args.force, "--force"),
        (args.resume.is_some(), "--resume"),
        (args.shard.is_some(), "--shard"),
        (args.seeding.is_some(), "--seeding"),
        (args.seed_space.is_some(), "--seed-space"),
        (args.samples.is_some(), "--samples"),
        (args.against_exact, "--against-exact"),
        (args.lab, "--lab"),
        (args.level.is_some(), "--level"),
        (args.isa.isa.is_some(), "--isa"),
        (args.output.no_timings, "--no-timings"),
        (args.hits_soft_17 && args.outcomes.is_none(), "--hits-soft-17"),
    ];
    if let Some((_, other)) = given.iter().find(|(g, _)| *g) {
        anyhow::bail!("{other}: does not apply to {flag} (a stream of cards, not decks)");
    }
    Ok(())
}

/// The source of the stream, decided once from the flags.
enum Source<'a> {
    Events(&'a Path),
    Draws(&'a Path),
    Machine { spec: MachineSpec, rounds: u64, seed: u64 },
}

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let csm = args.algorithm == Some(AlgorithmArg::Csm);
    if let Some(path) = &args.outcomes {
        return outcomes(&args, path);
    }
    let (flag, source) = match (&args.stream, &args.draws, args.algorithm) {
        (Some(_), Some(_), _) => anyhow::bail!("--draws: give --stream or --draws, not both"),
        (Some(_), None, Some(_)) | (None, Some(_), Some(_)) => {
            let flag = if args.stream.is_some() { "--stream" } else { "--draws" };
            anyhow::bail!("{flag}: reads a file, so it takes no -a (a machine is simulated by -a csm alone)")
        }
        (Some(p), None, None) => ("--stream", Some(Source::Events(p))),
        (None, Some(p), None) => ("--draws", Some(Source::Draws(p))),
        _ => ("-a csm", None),
    };
    refuse_others(&args, flag)?;
    if !csm {
        if let Some(other) = args.machine.given().first() {
            anyhow::bail!("{other}: applies to -a csm (a simulated machine), not to {flag}");
        }
        for (given, other) in [(args.shuffles.is_some(), "--shuffles"), (args.generator.seed.is_some(), "--seed")] {
            if given {
                anyhow::bail!(
                    "{other}: applies to -a csm (a simulated machine), not to {flag}: the file is read whole"
                );
            }
        }
    }
    let faces = args.deck.unwrap_or(52);
    if !(MIN_DECK..=MAX_DECK).contains(&faces) {
        anyhow::bail!("--deck: {faces} is outside {MIN_DECK}..={MAX_DECK}");
    }
    if flag == "--draws" && args.copies.is_some() {
        anyhow::bail!("--copies: draws with replacement have no copies: each draw is a face of --deck");
    }
    let copies = args.copies.unwrap_or(if csm { MachineSpec::DEFAULT.copies } else { 1 });
    if faces * copies > 65_535 {
        anyhow::bail!("--copies: {copies} copies of {faces} faces are more cards than a machine holds here");
    }
    let source = match source {
        Some(s) => s,
        None => {
            let m = &args.machine;
            let d = MachineSpec::DEFAULT;
            let kind = match m.machine {
                Some(MachineChoice::Ideal) => MachineKind::Ideal,
                Some(MachineChoice::Csm) | None => MachineKind::Compartments,
            };
            let spec = MachineSpec {
                kind,
                faces,
                copies,
                compartments: m.compartments.unwrap_or(d.compartments),
                tray: m.tray.unwrap_or(d.tray),
                round: m.round.unwrap_or(d.round),
            };
            spec.check().map_err(|(key, why)| anyhow::anyhow!("--{key}: {why}"))?;
            let seed = args.generator.seed.unwrap_or_else(|| {
                let seed = super::super::os_seed(shuffle_audit::rng::RngKind::Chacha8);
                eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this run)");
                seed
            });
            Source::Machine { spec, rounds: args.shuffles.unwrap_or(DEFAULT_ROUNDS), seed }
        }
    };
    let thresholds = args.thresholds.thresholds()?;
    let lang = args.output.lang;
    let (label, dir_name) = match &source {
        Source::Events(p) | Source::Draws(p) => {
            let stem = p.file_stem().map_or("input".into(), |s| s.to_string_lossy().into_owned());
            let kind = if matches!(source, Source::Events(_)) { "stream" } else { "draws" };
            (p.display().to_string(), format!("{kind}-{stem}"))
        }
        Source::Machine { spec, rounds, seed } => {
            let kind = if spec.kind == MachineKind::Ideal { "ideal" } else { "csm" };
            (
                format!(
                    "{kind} machine ({} compartments, tray {}, {} decks of {faces}, {} cards a round, {} rounds, seed {seed})",
                    spec.compartments, spec.tray, spec.copies, spec.round, rounds
                ),
                format!("run-{kind}-{}x{faces}", spec.copies),
            )
        }
    };
    let dir = super::super::out_path(args.out.as_deref(), || dir_name);
    if let Source::Events(file) | Source::Draws(file) = &source
        && file.exists()
        && dir.exists()
        && file.canonicalize()?.starts_with(dir.canonicalize()?)
    {
        anyhow::bail!(
            "--out: {} is inside the report folder {}, which is replaced whole",
            file.display(),
            dir.display()
        );
    }
    let out = super::super::prepare_out(&dir)?;
    let reader = CardReader { faces, copies };
    let mut audit = if flag == "--draws" { StreamAudit::draws(faces) } else { StreamAudit::machine(faces, copies) };
    crate::signals::install();
    let spinner = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(format!("{flag}: reading"));
        bar
    });
    let tick = |what: &str, n: u64| {
        if let Some(bar) = &spinner {
            bar.set_message(format!("{flag}: {} {what}", shuffle_audit::report::group_digits(n)));
            bar.tick();
        }
    };
    let stop = &crate::signals::STOP;
    let stopped = match &source {
        Source::Events(p) => streams::read_stream(&mut audit, p, &reader, stop, |n| tick("lines read", n)),
        Source::Draws(p) => streams::read_draws(&mut audit, p, &reader, stop, |n| tick("lines read", n)),
        Source::Machine { spec, rounds, seed } => {
            Ok(streams::simulate(&mut audit, *spec, *rounds, *seed, stop, |n| tick("rounds dealt", n)))
        }
    };
    if let Some(bar) = &spinner {
        bar.finish_and_clear();
    }
    let stopped = stopped.map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    let units = if flag == "--draws" { "draws" } else { "events" };
    finish(&audit, &thresholds, stopped, out, &label, lang, units)
}

/// Judges what was read, writes the reports and the console, says what a stop left out, and gives the exit
/// status: the stop's, else the verdict's.
fn finish(
    audit: &StreamAudit,
    thresholds: &shuffle_audit::audit::Thresholds,
    stopped: Option<shuffle_audit::audit::StopReason>,
    out: shuffle_audit::report::OutDir,
    label: &str,
    lang: shuffle_audit::Lang,
    units: &str,
) -> anyhow::Result<ExitCode> {
    let report = audit.report(thresholds, stopped);
    let files = render::files(&report, label, lang);
    out.write(|d| write_all(d, &files))?;
    let dir = out.commit()?;
    let mut stdout = Console::stdout();
    write!(stdout, "{}", render::console(&report, label, lang));
    let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
    writeln!(stdout, "Reports written to {}/ ({})", dir.display(), names.join(", "));
    stdout.finish()?;
    if let Some(reason) = stopped {
        eprintln!(
            "{} after {} {units}: the reports, marked partial, test what was read",
            reason.stopped_by(),
            shuffle_audit::report::group_digits(audit.read())
        );
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// `run --outcomes FILE --game baccarat|blackjack`: a scoreboard's coups' winners against the exact odds of a
/// shoe of `--copies` decks (8 by default), or its rounds' dealer results against the exact law of a dealer's
/// hand from a fresh shoe of `--copies` decks (6 by default), standing on soft 17 or, with `--hits-soft-17`,
/// hitting it.
fn outcomes(args: &RunArgs, path: &Path) -> anyhow::Result<ExitCode> {
    let flag = "--outcomes";
    for (given, other) in [
        (args.stream.is_some(), "--stream"),
        (args.draws.is_some(), "--draws"),
        (args.algorithm.is_some(), "-a"),
        (args.deck.is_some(), "--deck"),
        (args.shuffles.is_some(), "--shuffles"),
        (args.generator.seed.is_some(), "--seed"),
    ] {
        if given {
            anyhow::bail!("{other}: does not apply to {flag} (a scoreboard of hands' outcomes)");
        }
    }
    refuse_others(args, flag)?;
    if let Some(other) = args.machine.given().first() {
        anyhow::bail!("{other}: applies to -a csm (a simulated machine), not to {flag}");
    }
    let board = match args.game.game {
        Some(Game::Baccarat) => {
            if args.hits_soft_17 {
                anyhow::bail!("--hits-soft-17: applies to --game blackjack (a dealer's rule), not to baccarat");
            }
            Scoreboard::baccarat(args.copies.unwrap_or(Game::Baccarat.default_copies()))
        }
        Some(Game::Blackjack) => {
            let rule = if args.hits_soft_17 { DealerRule::HitsSoft17 } else { DealerRule::StandsSoft17 };
            Scoreboard::blackjack(args.copies.unwrap_or(Game::Blackjack.default_copies()), rule)
        }
        Some(other) => anyhow::bail!(
            "--game: {other} has no outcome odds here: --outcomes reads baccarat's B/P/T or blackjack's dealer results"
        ),
        None => anyhow::bail!(
            "--outcomes: needs --game baccarat or --game blackjack (the game whose exact odds the outcomes are \
             tested against)"
        ),
    };
    let game = board.game;
    let decks = game.decks();
    let thresholds = args.thresholds.thresholds()?;
    let lang = args.output.lang;
    let stem = path.file_stem().map_or("input".into(), |s| s.to_string_lossy().into_owned());
    let dir = super::super::out_path(args.out.as_deref(), || format!("outcomes-{stem}"));
    if path.exists() && dir.exists() && path.canonicalize()?.starts_with(dir.canonicalize()?) {
        anyhow::bail!(
            "--out: {} is inside the report folder {}, which is replaced whole",
            path.display(),
            dir.display()
        );
    }
    let out = super::super::prepare_out(&dir)?;
    let label = match board.game {
        ScoreboardGame::Baccarat { .. } => format!("{} (baccarat, {decks}-deck shoe)", path.display()),
        ScoreboardGame::Blackjack { rule, .. } => {
            format!("{} (blackjack, {decks}-deck shoe, {})", path.display(), rule.describe())
        }
    };
    let mut audit = StreamAudit::outcomes(board);
    crate::signals::install();
    let stop = &crate::signals::STOP;
    let stopped = match game {
        ScoreboardGame::Baccarat { .. } => streams::read_outcomes(&mut audit, path, stop, |_| {}),
        ScoreboardGame::Blackjack { .. } => streams::read_dealer_results(&mut audit, path, stop, |_| {}),
    }
    .map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    finish(&audit, &thresholds, stopped, out, &label, lang, game.units())
}
