//! `shuffle-audit plan`: how many deals of one view each known flaw (or the one named) needs to FAIL with 99%
//! power, from its exact matrix, beside the full decks position-card needs; before any log is collected.

use std::process::ExitCode;

use super::Console;
use crate::cli::PlanArgs;
use shuffle_audit::logs::ViewName;
use shuffle_audit::logs::plan::{self, Dealing, Flaw, KNOWN_FLAWS, POWER, TableDeal};
use shuffle_audit::report::logs as render;

pub fn run(args: PlanArgs) -> anyhow::Result<ExitCode> {
    if args.thresholds.suspicious_below.is_some() {
        anyhow::bail!("--suspicious-below: a plan is for the FAIL threshold (--fail-below) only");
    }
    let thresholds = args.thresholds.thresholds()?;
    let game = args.game.trim().to_ascii_lowercase();
    let (deck, players, hand, bottom, holdem) = match game.as_str() {
        "doudizhu" => (54, 3, 17, 3, false),
        "douniu" => (52, 5, 5, 0, false),
        "holdem" => (52, 6, 2, 0, true),
        other => anyhow::bail!("--game: '{other}' is not one of doudizhu, douniu or holdem"),
    };
    let players = args.players.unwrap_or(players);
    if players < 2 || players * hand + bottom > deck {
        anyhow::bail!("--players: {players} seats of {hand} cards do not fit in {deck} cards");
    }
    if game == "doudizhu" && players != 3 {
        anyhow::bail!("--players: 斗地主 is dealt to 3 seats");
    }
    let dealing = match (args.deal.as_deref(), holdem) {
        (None | Some("block"), false) => Dealing::Block,
        (Some("round-robin"), false) => Dealing::RoundRobin,
        (None | Some("holdem"), true) => Dealing::Holdem,
        (Some(other), true) => {
            anyhow::bail!("--deal: hold'em is dealt one card to each seat twice (holdem), not '{other}'")
        }
        (Some(other), false) => anyhow::bail!("--deal: '{other}' is not block or round-robin"),
    };
    let Some(view) = ViewName::parse(args.view.trim()) else {
        anyhow::bail!("--view: '{}' is not seat1…seatN, bottom, hole or board", args.view);
    };
    if args.tests == 0 {
        anyhow::bail!("--tests: a family has one test at least");
    }
    let deal = TableDeal { dealing, deck, players, hand, bottom };
    let positions = deal.positions(view).map_err(|e| anyhow::anyhow!("--view: {e}"))?;
    let flaws: Vec<Flaw> = match args.algorithm {
        Some(algorithm) => vec![Flaw { algorithm, rng: args.rng }],
        None if args.rng.is_some() => anyhow::bail!("--rng: names the draws of the flaw given with -a"),
        None => KNOWN_FLAWS.to_vec(),
    };
    let mut out = Console::stdout();
    writeln!(
        out,
        "{} of {game} ({deck} cards, {players} seats, {}): what each flaw needs for {:.0}% power at FAIL \
         (p < {:e} over {} tests), from its exact matrix",
        view.label(),
        match dealing {
            Dealing::Block => "dealt in blocks",
            Dealing::RoundRobin => "dealt round-robin",
            Dealing::Holdem => "two rounds from seat 1, then the board",
        },
        POWER * 100.0,
        thresholds.fail,
        args.tests
    );
    writeln!(out, "  {:<32} {:>20} {:>28}", "flaw", "deals of this view", "full decks (position-card)");
    for flaw in flaws {
        let matrix = plan::flaw_matrix(flaw, deck).map_err(|e| anyhow::anyhow!("-a: {e}"))?;
        let row = plan::plan_row(flaw.label(), &matrix, &positions, args.tests, thresholds.fail);
        let count = |x: Option<f64>| x.map_or_else(|| "never (fair here)".to_string(), render::big_count);
        writeln!(out, "  {:<32} {:>20} {:>28}", row.flaw, count(row.deals), count(row.full_decks));
    }
    writeln!(
        out,
        "From the card-frequency test of the view alone (view-cards); the pairs and suits tests may see a flaw sooner."
    );
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
