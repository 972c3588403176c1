//! The checks every run configuration passes, however it was built (flags, a state file, the gate, the API):
//! the deck size, the engine's preconditions, the seeding, the deal and the shard.

use super::{CHUNK_SHUFFLES, RunConfig};
use crate::audit::source::Builtin;
use crate::cards::{MAX_DECK, MIN_DECK};
use crate::error::{ConfigError, Field};
use crate::game::deal::DealConfig;
use crate::rng::RngKind;

/// A deck size the tool supports: 2..=1024.
pub(crate) fn check_deck(n: usize) -> Result<(), ConfigError> {
    if !(MIN_DECK..=MAX_DECK).contains(&n) {
        return Err(ConfigError::new(Field::Deck, format!("{n} cards is outside 2..=1024")));
    }
    Ok(())
}

/// A shoe of `copies` copies of a `base`-card deck: at least one copy, and at most 1024 cards in all.
pub(crate) fn check_copies(base: usize, copies: usize) -> Result<usize, ConfigError> {
    if copies == 0 {
        return Err(ConfigError::new(Field::Copies, "must be at least 1"));
    }
    match base.checked_mul(copies) {
        Some(n) if n <= MAX_DECK => Ok(n),
        _ => Err(ConfigError::new(
            Field::Copies,
            format!("{copies} copies of {base} cards is more than the {MAX_DECK} cards a deck may hold"),
        )),
    }
}

/// What the engine relies on in a run's configuration, however it was built.
pub(crate) fn check_run(c: &RunConfig) -> Result<(), ConfigError> {
    check_deck(c.deck)?;
    if c.copies == 0 || !c.deck.is_multiple_of(c.copies) || c.deck / c.copies < MIN_DECK {
        return Err(ConfigError::new(
            Field::Copies,
            format!("{} copies do not make a {}-card deck of copies of at least {MIN_DECK} cards", c.copies, c.deck),
        ));
    }
    if let Some(d) = &c.deal
        && d.copies != c.copies
    {
        return Err(ConfigError::new(
            Field::Copies,
            format!(
                "the deal ({}) is of {} × {} cards, the run of {} × {}",
                d.label(),
                d.copies,
                d.base(),
                c.copies,
                c.deck / c.copies
            ),
        ));
    }
    if c.shuffles == 0 {
        return Err(ConfigError::new(Field::Shuffles, "must be at least 1"));
    }
    if c.threads == Some(0) {
        return Err(ConfigError::new(Field::Threads, "must be at least 1"));
    }
    if let Some(b) = c.builtin() {
        if b.post.burn >= c.deck {
            return Err(ConfigError::new(
                Field::Burn,
                format!("cannot burn {} cards of a {}-card deck", b.post.burn, c.deck),
            ));
        }
        b.rng.check_seed(b.seed)?;
        b.algorithm.kind.check_rng(b.rng)?;
        check_seeding(b)?;
    }
    // The limits on the work hold for every source: a caller's function through the API runs as long and
    // starts as many threads as a built-in shuffle.
    crate::audit::config::limits::check_run(c.shuffles, c.threads, c.builtin().and_then(|b| b.algorithm.swaps))?;
    if let Some(deal) = &c.deal {
        deal.validate()?;
        if deal.deck != c.deck {
            return Err(deal_mismatch(deal, c.deck / c.copies.max(1)));
        }
    }
    c.tests
        .check_cards(c.cards(), c.shuffles, c.deal.map(|d| d.test_scope()))
        .map_err(|m| ConfigError::new(Field::Tests, m))
}

/// A per-deal seed space of 1..=the generator's seeds.
pub(crate) fn check_seeding(b: &Builtin) -> Result<(), ConfigError> {
    if let crate::audit::source::Seeding::PerDeal { space: Some(n) } = b.seeding {
        let most = crate::audit::source::seed_space(b.rng);
        if n == 0 {
            return Err(ConfigError::new(Field::SeedSpace, "must be at least 1 seed"));
        }
        if u128::from(n) > most {
            return Err(ConfigError::new(
                Field::SeedSpace,
                format!("{n} seeds is more than {} has: {} seeds with {}", b.rng, most, seeding_rule(b.rng)),
            ));
        }
    }
    Ok(())
}

/// How a generator is seeded, in words.
fn seeding_rule(rng: RngKind) -> &'static str {
    rng.seeding_rule()
}

/// The error of a deal that does not fit the deck.
pub(crate) fn deal_mismatch(deal: &DealConfig, n: usize) -> ConfigError {
    ConfigError::new(Field::Deck, format!("the {} deal needs {} cards, not {n}", deal.game, deal.base()))
}

/// Checks a shard `index`/`count` of a run of `chunks` chunks.
pub(crate) fn check_shard(index: u64, count: u64, chunks: u64) -> Result<(), ConfigError> {
    if count == 0 || index == 0 || index > count {
        return Err(ConfigError::new(Field::Shard, format!("{index}/{count}: I must be in 1..=K, K at least 1")));
    }
    if count > chunks {
        return Err(ConfigError::new(
            Field::Shard,
            format!(
                "{count} shards of a run of {chunks} chunk(s) ({CHUNK_SHUFFLES} shuffles each): use at most {chunks} \
                 shards, or more shuffles"
            ),
        ));
    }
    Ok(())
}
