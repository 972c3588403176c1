//! `shuffle-audit list`: every algorithm, generator, deck preset, game and machine.

use std::process::ExitCode;

use shuffle_audit::cards::PRESETS;
use shuffle_audit::game::Game;
use shuffle_audit::game::csm::MachineSpec;
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::AlgorithmKind;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut out = super::Console::stdout();
    writeln!(out, "Algorithms:");
    for kind in AlgorithmKind::ALL {
        let info = kind.info();
        writeln!(out, "  {:<22} {:<28} {}", info.name, info.source, info.summary);
    }
    writeln!(out, "\nGenerators:");
    for kind in RngKind::ALL {
        writeln!(out, "  {:<22} {:>2} bits  {}", kind.name(), kind.bits(), kind.description());
    }
    writeln!(out, "\nDeck presets (--deck N accepts any N from 2 to 1024):");
    for (n, what) in PRESETS {
        writeln!(out, "  {n:<22} {what}");
    }
    writeln!(out, "\nGames (--game, for run and deal):");
    for (game, what) in [
        (Game::Doudizhu, "斗地主: 54 cards, 3 seats × 17 + 3 bottom, blocks (S5) or round-robin (S2)"),
        (Game::Douniu, "斗牛: 52 cards, 5 cards to each of 2..=10 seats in blocks (S1)"),
        (
            Game::Baccarat,
            "baccarat: player and banker from a shoe of --copies 52-card decks (8), third cards by the rule",
        ),
        (
            Game::Blackjack,
            "blackjack: 1..=7 players (5) and the dealer from a shoe of --copies 52-card decks (6), until --cut-card",
        ),
        (Game::Guandan, "掼蛋: two 54-card decks (108), 4 seats × 27, round-robin"),
        (Game::Doudizhu4, "two-deck 斗地主: two 54-card decks (108), 4 seats × 25 + 8 bottom, round-robin"),
        (Game::Custom, "any seats × hand (+ bottom) of any deck, round-robin by default (S3: 4 × 13)"),
    ] {
        writeln!(out, "  {:<22} {what}", game.name());
    }
    let m = MachineSpec::DEFAULT;
    writeln!(out, "\nMachines (-a csm, for run and shuffle: a stream of dealt and returned cards, not decks):");
    writeln!(
        out,
        "  {:<22} continuous shuffling machine: --compartments M ({}), --tray T refilled below T cards ({}), --round R \
         cards ({}), --copies K decks ({})",
        "csm", m.compartments, m.tray, m.round, m.copies
    );
    writeln!(
        out,
        "  {:<22} the ideal machine, the control: every card dealt uniformly from the cards inside",
        "csm --machine ideal"
    );
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
