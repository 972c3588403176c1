//! `shuffle-audit logs FILE...`: a shuffle audited from what players saw of its deals. The files' formats are
//! decided before any is read, the deals are read one at a time (a spinner on a terminal), Ctrl-C or SIGTERM
//! ends the reading with a PARTIAL report of the deals read, and the report goes to `--out` (logs.json,
//! logs.csv) and to the console (or as JSON with `--json`). Exit 0 PASS/SUSPICIOUS, 1 FAIL/BROKEN, 2 usage.

use std::io::IsTerminal;
use std::process::ExitCode;

use super::Console;
use crate::cli::LogsArgs;
use shuffle_audit::cards::{MAX_DECK, MIN_DECK};
use shuffle_audit::game::view_laws::ViewGame;
use shuffle_audit::logs::plan::{self, Dealing, TableDeal};
use shuffle_audit::logs::{self, LogAudit, LogFormat, LogSettings, MAX_INVALID_SHARE, ReadOptions};
use shuffle_audit::report::{logs as render, write_all};

pub fn run(args: LogsArgs) -> anyhow::Result<ExitCode> {
    if args.output.no_timings {
        anyhow::bail!("--no-timings: logs.json holds no timings, so its files depend only on the logs already");
    }
    let thresholds = args.thresholds.thresholds()?;
    let lang = args.output.lang;
    let formats = logs::formats(&args.files, args.format)?;
    let poker = formats.iter().any(|f| *f != LogFormat::Views);
    let views = formats.contains(&LogFormat::Views);
    let deck = match (args.game, args.deck) {
        (Some(g), Some(_)) if g.name != "custom" => {
            anyhow::bail!("--deck: give --game or --deck, not both ({} names its deck)", g.name)
        }
        (Some(g), None) if g.name == "custom" => anyhow::bail!("--game custom: needs --deck N, the faces of its deck"),
        (Some(g), None) => g.faces,
        (_, Some(n)) => n,
        (None, None) => 52,
    };
    if !(MIN_DECK..=MAX_DECK).contains(&deck) {
        anyhow::bail!("--deck: {deck} is outside {MIN_DECK}..={MAX_DECK}");
    }
    let copies = args.copies.or(args.game.map(|g| g.copies)).unwrap_or(1);
    if copies == 0 || copies * deck > MAX_DECK {
        anyhow::bail!("--copies: {copies} decks of {deck} cards are not a shoe of 1..={MAX_DECK} cards");
    }
    if poker && deck != 52 {
        let flag = if args.game.is_some() { "--game" } else { "--deck" };
        anyhow::bail!("{flag}: hand histories are of hold'em, dealt from 52 cards");
    }
    if args.hero.is_some() && !poker {
        anyhow::bail!("--hero: applies to hand histories (pokerstars, ohh, phh), not to a views file");
    }
    if (args.game.is_some() || args.deck.is_some() || args.copies.is_some()) && !views {
        let flag = if args.game.is_some() {
            "--game"
        } else if args.deck.is_some() {
            "--deck"
        } else {
            "--copies"
        };
        anyhow::bail!("{flag}: applies to a views file; hand histories are of hold'em's 52 cards");
    }
    let deal = table_deal(&args, poker)?;
    let dir = super::out_path(args.out.as_deref(), || "logs".to_string());
    for file in &args.files {
        if file.exists() && dir.exists() && file.canonicalize()?.starts_with(dir.canonicalize()?) {
            anyhow::bail!(
                "--out: {} is inside the report folder {}, which is replaced whole",
                file.display(),
                dir.display()
            );
        }
    }
    let out = super::prepare_out(&dir)?;
    // The games' hand laws are those of one deck.
    let game = match args.game.map(|g| g.name) {
        Some("doudizhu") if copies == 1 => Some(ViewGame::Doudizhu),
        Some("douniu") if copies == 1 => Some(ViewGame::Douniu),
        _ => None,
    };
    let max_invalid = args.max_invalid.unwrap_or(MAX_INVALID_SHARE);
    let ordered = deal.is_some();
    let settings = LogSettings { deck, copies, ordered, game, complete: args.complete, max_invalid };
    let options = ReadOptions { deck, hero: args.hero.clone() };
    let mut audit = LogAudit::new(settings);
    crate::signals::install();
    let spinner = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("logs: reading deals");
        bar
    });
    let stopped = logs::read_into(&mut audit, &args.files, &formats, &options, &crate::signals::STOP, |read| {
        if let Some(bar) = &spinner {
            bar.set_message(format!("logs: {} deals read", shuffle_audit::report::group_digits(read)));
            bar.tick();
        }
    });
    if let Some(bar) = &spinner {
        bar.finish_and_clear();
    }
    let stopped = stopped?;
    let report = audit.report(&thresholds, stopped);
    let can_show = match &deal {
        Some(deal) => plan::can_show(deal, &report.views, report.tests.len(), thresholds.fail)
            .map_err(|e| anyhow::anyhow!("--deal: {e}"))?,
        None => Vec::new(),
    };
    let files = render::files(&report, &can_show, lang);
    out.write(|d| write_all(d, &files))?;
    let dir = out.commit()?;
    let mut stdout = Console::stdout();
    if args.json {
        write!(stdout, "{}", render::json(&report, &can_show, lang));
    } else {
        write!(stdout, "{}", render::console(&report, lang));
        write!(stdout, "{}", render::can_show_lines(&can_show, lang));
        let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
        writeln!(stdout, "Reports written to {}/ ({})", dir.display(), names.join(", "));
    }
    stdout.finish()?;
    if let Some(reason) = stopped {
        eprintln!(
            "{} after {} deals: the reports, marked partial, test the deals read",
            reason.stopped_by(),
            shuffle_audit::report::group_digits(audit.read())
        );
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// `--deal` and `--players`: the views file's table, dealt as the game deals it; `None` without `--deal`.
fn table_deal(args: &LogsArgs, poker: bool) -> anyhow::Result<Option<TableDeal>> {
    let Some(scheme) = args.deal.as_deref() else {
        if args.players.is_some() {
            anyhow::bail!("--players: applies with --deal, which says how the table was dealt");
        }
        return Ok(None);
    };
    if poker {
        anyhow::bail!("--deal: applies to a views file (a hand history's seats move with the button)");
    }
    let (game, deck) = match args.game {
        Some(g) if matches!(g.name, "doudizhu" | "douniu" | "holdem") => (g.name, g.faces),
        _ => anyhow::bail!("--deal: needs --game doudizhu, douniu or holdem, whose hands it deals"),
    };
    if args.copies.is_some_and(|k| k != 1) {
        anyhow::bail!("--copies: --deal deals a table from one deck");
    }
    let (players, hand, bottom) = match game {
        "doudizhu" => (3, 17, 3),
        "douniu" => (5, 5, 0),
        _ => (6, 2, 0),
    };
    let players = args.players.unwrap_or(players);
    if players < 2 || players * hand + bottom > deck || (game == "doudizhu" && players != 3) {
        anyhow::bail!("--players: {players} seats of {hand} cards are not a table of {game}");
    }
    let dealing = match (scheme, game) {
        ("block", "doudizhu" | "douniu") => Dealing::Block,
        ("round-robin", "doudizhu" | "douniu") => Dealing::RoundRobin,
        ("holdem", "holdem") => Dealing::Holdem,
        (other, _) => anyhow::bail!(
            "--deal: '{other}' is not how {game} is dealt (doudizhu and douniu: block or round-robin; holdem: holdem)"
        ),
    };
    Ok(Some(TableDeal { dealing, deck, players, hand, bottom }))
}
