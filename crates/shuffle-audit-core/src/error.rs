//! Errors the library reports to its callers: each names the field, line, card or position at fault.
//!
//! A setting is a [`Field`]; the command line shows it as its flag (`--burn`), the gate as its TOML key
//! (`burn`) on the check's line. Settings are validated once (`shuffle_audit::audit::settings`) whatever they came
//! from, so every message is written once.

use thiserror::Error;

crate::names::named_enum! {
    /// A setting of a run, a deal or a subcommand.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Field("setting") {
        Algorithm => "algorithm",
        Rng => "rng",
        Seed => "seed",
        Deck => "deck",
        Copies => "copies",
        CutCard => "cut-card",
        Shuffles => "shuffles",
        Threads => "threads",
        Swaps => "swaps",
        Riffles => "riffles",
        Passes => "passes",
        Moves => "moves",
        Shelves => "shelves",
        Piles => "piles",
        PileOrder => "pile-order",
        Faro => "faro",
        Table => "table",
        Draw => "draw",
        Cut => "cut",
        Burn => "burn",
        Decks => "decks",
        Exec => "exec",
        Format => "format",
        Base => "base",
        Strict => "strict",
        MaxDecks => "max-decks",
        Tests => "tests",
        Guesser => "guesser",
        Game => "game",
        Players => "players",
        Hand => "hand",
        Bottom => "bottom",
        Scheme => "scheme",
        Order => "order",
        Progressive => "progressive",
        MaxShuffles => "max-shuffles",
        FailBelow => "fail-below",
        SuspiciousBelow => "suspicious-below",
        Replicates => "replicates",
        Count => "count",
        Out => "out",
        Timeout => "timeout",
        StateOut => "state-out",
        CheckpointEvery => "checkpoint-every",
        Resume => "resume",
        Shard => "shard",
        Seeding => "seeding",
        SeedSpace => "seed-space",
        Seat => "seat",
        Cards => "cards",
        Ordered => "ordered",
        DealNumber => "deal",
        Time => "time",
        Window => "window",
        Seeds => "seeds",
        AllSeeds => "all-seeds",
        OsSeeded => "os-seeded",
        Clock => "clock",
        MaxPid => "max-pid",
        Uptime => "uptime",
        Trials => "trials",
        Samples => "samples",
        Lab => "lab",
        Level => "level",
        Shown => "shown",
    }
}

impl Field {
    /// The command-line flag: `--max-shuffles`.
    pub fn flag(self) -> String {
        format!("--{}", self.name())
    }

    /// The gate's TOML key: `max_shuffles`.
    pub fn key(self) -> String {
        self.name().replace('-', "_")
    }
}

/// A configuration that cannot be run: the field at fault and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}: {message}", .field.flag())]
pub struct ConfigError {
    pub field: Field,
    pub message: String,
}

impl ConfigError {
    pub fn new(field: Field, message: impl Into<String>) -> Self {
        ConfigError { field, message: message.into() }
    }
}
