//! `shuffle-audit crack`: the seeds consistent with what one seat saw, and every other hand they predict; with
//! `--trials N`, hidden seeds drawn at random and cracked from 1, 2, … of the seat's cards.
//!
//! With `--rng v8 -a fisher-yates --shown FILE`, no seed is searched: V8's `Math.random` state is recovered
//! from the fully shown deals by linear algebra, and the next deal predicted.
//!
//! Exit status: 0 when at least one seed deals the view (or the trials ran, or the state was recovered), 1 when
//! none does (or the shown deals do not determine the state yet, or no V8 state deals them), 2 for bad input
//! or a space too large to search, 130/143 when interrupted (the candidates of the seeds searched are printed;
//! with `--trials`, the figures of the trials done, marked PARTIAL).

use std::io::IsTerminal;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use shuffle_audit::audit::Meter;

use crate::cli::CrackArgs;
use shuffle_audit::crack::CrackResult;
use shuffle_audit::crack::{self, Dealer, Isa, Problem, SearchOptions, SeedSpace, SpaceRequest, TrialsRequest, View};
use shuffle_audit::error::{ConfigError, Field};
use shuffle_audit::game::Game;
use shuffle_audit::game::deal::DealConfig;
use shuffle_audit::rng::{RngKind, StreamTwins};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};

pub fn run(args: CrackArgs) -> anyhow::Result<ExitCode> {
    let (Some(algorithm), Some(rng)) = (args.algorithm, args.rng) else {
        return run_exec(&args);
    };
    if args.shown.is_some() || rng == RngKind::V8 {
        return run_shown(&args, algorithm, rng);
    }
    let deal = DealConfig::new(args.game.unwrap_or(Game::Custom), args.deck, args.shape.shape())?;
    let dealer = Dealer { algorithm: Algorithm::new(algorithm), rng, deal, deal_number: args.deal.unwrap_or(1) };
    let seat = match args.seat {
        Some(0) => return Err(ConfigError::new(Field::Seat, "seats are numbered from 1").into()),
        Some(k) => k - 1,
        None if args.trials.is_some() => 0,
        None => return Err(ConfigError::new(Field::Seat, "which seat saw the cards? (--seat K, 1-based)").into()),
    };
    let policy = args.space.flags().policy(rng)?;
    let space = SeedSpace::new(policy)?;
    // --isa was selected by the dispatch, which checked it (and the environment's only without it).
    let isa = Isa::current();
    if args.trials.is_none() && args.seed.is_some() {
        anyhow::bail!("--seed: applies only to --trials (the seed of the hidden seeds' draw)");
    }
    if args.trials.is_some() && args.cards.is_some() {
        anyhow::bail!("--cards: does not apply to --trials, which draws its own hidden deals");
    }
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    let method = crack::search_method(&Problem::new(dealer, View { seat, cards: vec![], ordered: args.ordered })?, isa);
    let how = format!("{threads} thread{}, {method}", if threads == 1 { "" } else { "s" });
    crate::signals::install();
    let stop = &crate::signals::STOP;

    if let Some(n) = args.trials {
        let request = TrialsRequest { dealer, seat, ordered: args.ordered, trials: n, seed: args.seed.unwrap_or(1) };
        request.validate()?;
        refuse_too_large(&Problem::new(dealer, View { seat, cards: vec![], ordered: args.ordered })?, &space, &args)?;
        let search_bar = Meter::hidden();
        let options = SearchOptions { threads: args.threads, stop, bar: &search_bar, isa, max_listed: 100_000 };
        eprintln!("{n} hidden seeds drawn from the space with seed {} (pass --seed to change)", request.seed);
        let bar = trials_bar(n);
        let outcome = crack::run_trials(&request, &space, &options, &crate::progress::meter(&bar))?;
        bar.finish_and_clear();
        let mut out = super::Console::stdout();
        if args.json {
            write!(out, "{}", crack::render_trials_json(&space, &request, &outcome));
        } else {
            writeln!(out, "seed space: {}", space.description);
            writeln!(
                out,
                "seat {} of {}; {}; {how}",
                seat + 1,
                deal.describe(),
                if args.ordered { "cards in deal order" } else { "cards as a set" }
            );
            write!(out, "{}", crack::render_trials(&outcome));
        }
        out.finish()?;
        return Ok(outcome.stopped.map_or(ExitCode::SUCCESS, |r| ExitCode::from(r.exit_code())));
    }

    let text = args.cards.as_deref().ok_or_else(|| ConfigError::new(Field::Cards, "which cards did the seat see?"))?;
    let cards = crack::parse_cards(text, deal.deck)?;
    let problem = Problem::new(dealer, View { seat, cards, ordered: args.ordered })?;
    refuse_too_large(&problem, &space, &args)?;
    let size = space.size().unwrap_or(u64::MAX);
    let rate = measured_rate(&problem, isa) * threads as f64;
    let estimate = size as f64 / rate;
    let long = estimate > 10.0;
    // The estimate first, whatever the size: a search is never silent about how long it will take.
    eprintln!(
        "searching {} seeds: about {} at {} seeds/s measured ({how}); Ctrl-C stops with what was found",
        shuffle_audit::report::group_digits(size),
        human_time(estimate),
        crack::rate(rate)
    );
    let bar = if long && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(size);
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:30}] {human_pos}/{human_len} seeds, {per_sec}, ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let meter = crate::progress::meter(&bar);
    let options = SearchOptions { threads: args.threads, stop, bar: &meter, isa, max_listed: 10_000 };
    let outcome = crack::search(&problem, &space, &options).map_err(|e| anyhow::anyhow!(e))?;
    bar.finish_and_clear();
    if outcome.found > outcome.streams.len() as u64 {
        eprintln!(
            "warning: {} candidates; the first 10,000 found are listed (give more cards to narrow them)",
            outcome.found
        );
    }
    let candidates = crack::candidates(&problem, &space, &outcome);
    let result = CrackResult { problem: &problem, space: &space, outcome: &outcome, candidates: &candidates, how };
    let mut out = super::Console::stdout();
    if args.json {
        write!(out, "{}", crack::render_json(&result));
    } else {
        write!(out, "{}", crack::render_text(&result));
    }
    out.finish()?;
    Ok(match outcome.stopped {
        Some(r) => ExitCode::from(r.exit_code()),
        None if outcome.found == 0 => ExitCode::from(1),
        None => ExitCode::SUCCESS,
    })
}

/// `crack --rng v8 -a fisher-yates --shown FILE`: the state recovered from the shown deals, and the next deal.
/// Every flag of the seed search is refused here, never ignored.
fn run_shown(args: &CrackArgs, algorithm: AlgorithmKind, rng: RngKind) -> anyhow::Result<ExitCode> {
    let Some(path) = args.shown.as_deref() else {
        return Err(ConfigError::new(
            Field::Rng,
            "v8's state is recovered from shown deals, not searched by seed: give them with --shown FILE \
             (node --random_seed is a test setting; a real dealer's state comes from the operating system)",
        )
        .into());
    };
    if rng != RngKind::V8 {
        return Err(ConfigError::new(
            Field::Shown,
            format!("recovers V8's Math.random state (--rng v8); {rng} is searched by seed (--seat K --cards LIST)"),
        )
        .into());
    }
    if algorithm != AlgorithmKind::FisherYates {
        return Err(ConfigError::new(
            Field::Algorithm,
            format!(
                "--shown recovers the state from fisher-yates deals (Math.floor(Math.random() * (i + 1))), not {algorithm}"
            ),
        )
        .into());
    }
    let s = &args.space;
    let shape = &args.shape;
    let refused: [(bool, &str); 20] = [
        (args.game.is_some(), "--game"),
        (shape.players.is_some(), "--players"),
        (shape.hand.is_some(), "--hand"),
        (shape.bottom.is_some(), "--bottom"),
        (shape.scheme.is_some(), "--scheme"),
        (shape.order.is_some(), "--order"),
        (shape.cut_card.is_some(), "--cut-card"),
        (args.seat.is_some(), "--seat"),
        (args.cards.is_some(), "--cards"),
        (args.ordered, "--ordered"),
        (args.deal.is_some(), "--deal"),
        (s.time.is_some() || s.window.is_some(), "--time/--window"),
        (s.seeds.is_some(), "--seeds"),
        (s.all_seeds, "--all-seeds"),
        (s.os_seeded, "--os-seeded"),
        (s.clock.is_some() || s.max_pid.is_some() || s.uptime.is_some(), "--clock/--max-pid/--uptime"),
        (args.threads.is_some(), "--threads"),
        (args.trials.is_some(), "--trials"),
        (args.seed.is_some(), "--seed"),
        (args.isa.is_some(), "--isa"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        anyhow::bail!(
            "{flag}: does not apply to --shown, which reads whole deals in order from a file and recovers the \
             generator's state (no seat, seed space or search)"
        );
    }
    let shown = crack::read_shown(path, args.deck)?;
    let outcome = crack::recover_v8(&shown);
    let mut out = super::Console::stdout();
    if args.json {
        write!(out, "{}", crack::render_v8_json(&shown, &outcome));
    } else {
        write!(out, "{}", crack::render_v8_text(&shown, &outcome));
    }
    out.finish()?;
    Ok(ExitCode::from(outcome.exit_code()))
}

/// `crack --exec 'PROG {seed}'`: the user's dealer run once per seed of the space (`--seeds FROM..TO`, or
/// `--time T --window W` with the clock's seeds), the seat's cards matched, the candidates and their deals
/// printed. Exit 0 with candidates, 1 with none, 2 when a run of the program fails (named by its seed), 130/143
/// when stopped (the candidates so far printed).
fn run_exec(args: &CrackArgs) -> anyhow::Result<ExitCode> {
    let command = args.exec.clone().expect("clap requires -a and --rng without --exec");
    let refused: [(bool, &str); 8] = [
        (args.shown.is_some(), "--shown"),
        (args.trials.is_some(), "--trials"),
        (args.seed.is_some(), "--seed"),
        (args.isa.is_some(), "--isa"),
        (args.json, "--json"),
        (args.deal.is_some(), "--deal"),
        (args.space.all_seeds, "--all-seeds"),
        (args.space.os_seeded, "--os-seeded"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        anyhow::bail!("{flag}: does not apply to --exec, which runs the program once per seed of --seeds or --time");
    }
    if let Some(clock) = args.space.clock
        && !matches!(clock, crack::Clock::Unix | crack::Clock::UnixMs)
    {
        anyhow::bail!("--clock: with --exec, the seed is the clock's value itself: unix (seconds) or unix-ms");
    }
    // A 64-bit seed taken as it is: the clock's seconds or milliseconds, or the range given.
    let space = SeedSpace::new(args.space.flags().policy(RngKind::Chacha8)?)?;
    let deal = DealConfig::new(args.game.unwrap_or(Game::Custom), args.deck, args.shape.shape())?;
    let seat = match args.seat {
        Some(0) => return Err(ConfigError::new(Field::Seat, "seats are numbered from 1").into()),
        Some(k) => k - 1,
        None => return Err(ConfigError::new(Field::Seat, "which seat saw the cards? (--seat K, 1-based)").into()),
    };
    let text = args.cards.as_deref().ok_or_else(|| ConfigError::new(Field::Cards, "which cards did the seat see?"))?;
    let cards = crack::parse_cards(text, deal.deck)?;
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    let search = crack::ExecSearch {
        command,
        deal,
        seat,
        cards,
        ordered: args.ordered,
        ranges: space.ranges.clone(),
        threads,
        timeout: args.exec_timeout.unwrap_or(std::time::Duration::from_secs(10)),
    };
    search.validate().map_err(|e| anyhow::anyhow!(e))?;
    let size = search.size();
    const MOST: u64 = 1 << 32;
    if size > MOST {
        anyhow::bail!(
            "--seeds: {} seeds is more than the 2^32 a program run per seed can cover; narrow the space",
            shuffle_audit::report::group_digits(size)
        );
    }
    crate::signals::install();
    let ranges: Vec<String> = search.ranges.iter().map(|(a, b)| format!("{a}..={b}")).collect();
    let clock = match (args.space.time.is_some(), args.space.clock) {
        (true, Some(crack::Clock::UnixMs)) => ", the clock's Unix milliseconds",
        (true, _) => ", the clock's Unix seconds",
        (false, _) => "",
    };
    eprintln!(
        "running `{}` for {} seeds ({}{clock}), {threads} at a time; Ctrl-C stops with the candidates found",
        search.command,
        shuffle_audit::report::group_digits(size),
        ranges.join(", ")
    );
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(size);
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:30}] {human_pos}/{human_len} seeds, {per_sec}, ETA {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let outcome = crack::search_exec(&search, &crate::signals::STOP, &crate::progress::meter(&bar));
    bar.finish_and_clear();
    let mut out = super::Console::stdout();
    let names = |cards: &[shuffle_audit::cards::Card]| {
        cards
            .iter()
            .map(|&c| shuffle_audit::cards::card_name(c, deal.deck, shuffle_audit::cards::NameStyle::Symbol))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(
        out,
        "{} of {} seeds run in {:.1} s ({:.0} a second){}: {} candidate{}",
        shuffle_audit::report::group_digits(outcome.searched),
        shuffle_audit::report::group_digits(size),
        outcome.seconds,
        outcome.searched as f64 / outcome.seconds.max(1e-9),
        outcome.stopped.map_or(String::new(), |r| format!(" (PARTIAL: {})", r.stopped_by())),
        outcome.candidates.len(),
        if outcome.candidates.len() == 1 { "" } else { "s" }
    );
    for c in outcome.candidates.iter().take(100) {
        writeln!(out, "seed {}:", c.seed);
        for (k, hand) in c.seats.iter().enumerate() {
            let mark = if k == seat { "  (the seat seen)" } else { "" };
            writeln!(out, "  seat {}: {}{mark}", k + 1, names(hand));
        }
        if !c.bottom.is_empty() {
            writeln!(out, "  bottom: {}", names(&c.bottom));
        }
    }
    if outcome.candidates.len() > 100 {
        writeln!(out, "(the first 100 of {} candidates; give more cards to narrow them)", outcome.candidates.len());
    }
    out.finish()?;
    if let Some((seed, why)) = &outcome.failure {
        anyhow::bail!("--exec: seed {seed}: {why}");
    }
    Ok(match outcome.stopped {
        Some(r) => ExitCode::from(r.exit_code()),
        None if outcome.candidates.is_empty() => ExitCode::from(1),
        None => ExitCode::SUCCESS,
    })
}

/// A bar of the trials done, on a terminal only (as every bar of the project).
fn trials_bar(trials: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(trials);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{bar:30}] {human_pos}/{human_len} trials, {per_sec}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

/// Which path the search takes.
/// Seeds per second one thread searches, from a short run over 2^14 seeds.
fn measured_rate(problem: &Problem, isa: Isa) -> f64 {
    // One warm-up block (a cold first block ran several times slower than the search), then blocks of 2^14 seeds
    // until 50 ms have gone by, so the estimate is not a single cold sample.
    let mut sink = Vec::new();
    let block = 1u64 << 14;
    crack::check_range(problem, 1, block, isa, &mut sink);
    let start = std::time::Instant::now();
    let mut seeds = 0u64;
    while seeds < 1 << 26 && (seeds == 0 || start.elapsed().as_secs_f64() < 0.05) {
        let from = 1 + block + seeds;
        crack::check_range(problem, from, from + block, isa, &mut sink);
        seeds += block;
    }
    let per_stream = seeds as f64 / start.elapsed().as_secs_f64().max(1e-9);
    if problem.dealer.rng == shuffle_audit::rng::RngKind::Msvc { 2.0 * per_stream } else { per_stream }
}

/// `3.2 s`, `14 min`, `2.1 h`, `5.6e+05 years`.
fn human_time(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.1} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 3.0 * 86400.0 {
        format!("{:.1} h", seconds / 3600.0)
    } else if seconds < 365.25 * 86400.0 {
        format!("{:.0} days", seconds / 86400.0)
    } else {
        format!("{:.1e} years", seconds / (365.25 * 86400.0))
    }
}

/// Refuses a space the search does not cover, with its size and the time it would take at the measured rate.
fn refuse_too_large(problem: &Problem, space: &SeedSpace, args: &CrackArgs) -> anyhow::Result<()> {
    if !space.ranges.is_empty() && space.log2_streams() <= crack::SEARCH_LIMIT_LOG2 {
        return Ok(());
    }
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads) as f64;
    let rate = measured_rate(problem, Isa::current()) * threads;
    let flag = match space.policy.request {
        SpaceRequest::OsSeeded => Field::OsSeeded,
        SpaceRequest::All => Field::AllSeeds,
        SpaceRequest::Seeds { .. } => Field::Seeds,
        SpaceRequest::Window { .. } => Field::Time,
        SpaceRequest::Uptime { .. } => Field::Uptime,
    };
    // A search runs each distinct stream once (MSVC's twins, Java's seeds 2^48 apart): its time is the streams'.
    let per_stream = if space.policy.rng.facts().twins == StreamTwins::Low31 { rate / 2.0 } else { rate };
    let size = if space.log2_streams() + 0.5 < space.log2_size {
        format!("2^{:.0} seeds, 2^{:.0} distinct streams", space.log2_size, space.log2_streams())
    } else {
        format!("2^{:.0}", space.log2_size)
    };
    Err(ConfigError::new(
        flag,
        format!(
            "not searchable: {} ({size}); at the {} seeds/s measured here a search would take {} (a search covers at \
             most 2^{:.0})",
            space.description,
            crack::rate(rate),
            human_time(space.log2_streams().exp2() / per_stream),
            crack::SEARCH_LIMIT_LOG2
        ),
    )
    .into())
}
