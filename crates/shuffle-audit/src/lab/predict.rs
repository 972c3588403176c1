//! How predictable a run's deals are, from what the run knows: the seed space of its generator's seeding (32 bits
//! for `srand(unsigned int)`, 64 for `seed_from_u64`, the `--seed-space` of per-deal seeding; MSVC's twin seeds
//! halve its distinct streams) against log2 n! bits of the deck's orders, and the repeated-deck test's finding.
//! A generator whose seed has fewer bits than the deck's orders can deal only 2^bits of them: whoever searches the
//! seeds predicts every deal (Arkin et al., "How We Learned to Cheat at Online Poker", 1999).

use crate::audit::source::Seeding;
use crate::audit::{DeckSource, RunReport};
use crate::crack::space::{Clock, DEFAULT_MAX_PID, SeedPolicy, SeedSpace, SpaceRequest};
use crate::stats::deck::duplicate_decks::ln_orders_of_faces;
use crate::stats::finding::SeedSpaceEstimate;
use crate::stats::{Finding, TestId};

/// The seed space of a built-in source's seeding.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SeedBits {
    /// log2 of the seeds, and of the distinct streams they give.
    pub bits: f64,
    pub stream_bits: f64,
    /// How the seed is taken: `srand(unsigned int)`, `seed_from_u64`.
    pub how: &'static str,
}

/// The repeated-deck test's finding, as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Repeats {
    pub decks: u64,
    pub repeats: u64,
    pub pairs: u64,
    pub fair_pairs: f64,
    pub space: SeedSpaceEstimate,
    pub fair: bool,
}

/// What the page says of predictability.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Predictability {
    /// `None` for decks made elsewhere (their seeding is not known).
    pub seed: Option<SeedBits>,
    /// log2 of the deck's distinct orders (a shoe's by face).
    pub order_bits: f64,
    /// `None` when the duplicate-decks test was not run.
    pub repeats: Option<Repeats>,
}

impl Predictability {
    pub(super) fn of(report: &RunReport) -> Self {
        let config = &report.config;
        let order_bits = ln_orders_of_faces(config.deck, config.copies) / std::f64::consts::LN_2;
        let seed = match &config.source {
            DeckSource::Builtin(b) => {
                let request = match b.seeding {
                    Seeding::PerDeal { space: Some(n) } if n > 0 => SpaceRequest::Seeds { from: 0, to: n - 1 },
                    _ => SpaceRequest::All,
                };
                let policy = SeedPolicy { rng: b.rng, clock: Clock::default(), request, max_pid: DEFAULT_MAX_PID };
                SeedSpace::new(policy).ok().map(|space| SeedBits {
                    bits: space.log2_size,
                    stream_bits: space.log2_streams(),
                    how: b.rng.seeding_rule(),
                })
            }
            DeckSource::External(_) | DeckSource::Function(_) => None,
        };
        let repeats = report.assessment.get(TestId::DuplicateDecks).and_then(|t| match &t.result.finding {
            Finding::DuplicateDecks { decks, repeats, pairs, fair_pairs, seed_space, fair, .. } => Some(Repeats {
                decks: *decks,
                repeats: *repeats,
                pairs: *pairs,
                fair_pairs: *fair_pairs,
                space: *seed_space,
                fair: *fair,
            }),
            _ => None,
        });
        Predictability { seed, order_bits, repeats }
    }
}
