//! `shuffle-audit seeds`: what a seeding policy allows, before any search: the distinct decks it can deal
//! against n!, the repeated decks expected among N deals from independent seeds, and the bits of the seed each
//! common view gives away (and whether that pins it).

use std::process::ExitCode;

use crate::cli::SeedsArgs;
use shuffle_audit::crack::SeedSpace;
use shuffle_audit::crack::budget;
use shuffle_audit::game::deal::DealConfig;

pub fn run(args: SeedsArgs) -> anyhow::Result<ExitCode> {
    if args.rng == shuffle_audit::RngKind::V8 {
        anyhow::bail!(shuffle_audit::ConfigError::new(
            shuffle_audit::Field::Rng,
            "v8 is not seeded by a policy to budget: a real dealer's Math.random is keyed with 128 bits from the \
             operating system, and its state is recovered from shown deals instead (crack --rng v8 --shown FILE)",
        ));
    }
    if args.shape.cut_card.is_some() {
        anyhow::bail!(shuffle_audit::ConfigError::new(
            shuffle_audit::Field::CutCard,
            "does not apply to seeds: the orders a seed reaches do not depend on where a shoe is cut",
        ));
    }
    let deal = match args.game {
        Some(g) => Some(DealConfig::shoe(g, args.deck, args.copies, args.shape.shape())?),
        None if !args.shape.shape().is_empty() => {
            anyhow::bail!("--players, --hand, --bottom, --scheme and --order need --game")
        }
        None => None,
    };
    // A shoe: `--copies` decks (a game of shoes has its own default).
    let copies = deal.map_or(args.copies.unwrap_or(1), |d| d.copies);
    let n = deal.map_or(args.deck.unwrap_or(52) * copies, |d| d.deck);
    if n > shuffle_audit::cards::MAX_DECK {
        anyhow::bail!(shuffle_audit::ConfigError::new(
            shuffle_audit::Field::Copies,
            format!("{copies} copies of {} cards is more than the 1024 cards a deck may hold", n / copies),
        ));
    }
    let mut flags = args.space.flags();
    let none =
        flags.time.is_none() && flags.seeds.is_none() && flags.uptime.is_none() && !flags.all_seeds && !flags.os_seeded;
    if none && flags.window.is_none() {
        // With no space given, the whole seed space of the seeding.
        flags.all_seeds = true;
    }
    let space = SeedSpace::new(flags.policy(args.rng)?)?;
    let b = budget(&space, n, copies, deal.as_ref(), args.decks);
    let mut out = super::Console::stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&b)?);
    } else if copies > 1 {
        writeln!(out, "{} with a shoe of {copies} × {} cards ({n})", args.rng.name(), n / copies);
        write!(out, "{}", shuffle_audit::crack::render_budget(&b, args.rng.name()));
    } else {
        writeln!(out, "{} with {n} cards", args.rng.name());
        write!(out, "{}", shuffle_audit::crack::render_budget(&b, args.rng.name()));
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
