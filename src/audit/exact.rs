//! The exact model of a run's source, when it has one: the position-by-card law of its built-in shuffle with
//! its generator's draws (15 bits for MSVC, 31 for glibc, 32 for the modern generators), its cut and burn, and
//! its starting order ([`crate::stats::exact::model`]). `run --against-exact`, `compare` and the run reports use
//! it; decks made elsewhere have none.

use crate::audit::runner::RunConfig;
use crate::audit::source::DeckSource;
use crate::stats::exact::Intractable;
use crate::stats::exact::model::{ExactMatrix, ExactRequest, exact_marginals};

/// The exact request for a built-in source on n cards, or why there is none.
pub fn exact_request(source: &DeckSource, n: usize) -> Result<ExactRequest, Intractable> {
    match source {
        DeckSource::Builtin(b) => Ok(ExactRequest {
            cut: b.post.cut,
            burn: b.post.burn,
            ..ExactRequest::new(b.algorithm, Some(b.rng.bits()), n)
        }),
        DeckSource::External(_) => Err(Intractable {
            reason: "decks read from a file or a program (--decks, --exec) have no exact model".to_string(),
            nearest: "run a built-in --algorithm, whose law is computed from its code".to_string(),
        }),
        DeckSource::Function(_) => Err(Intractable {
            reason: "a caller's shuffle function has no exact model".to_string(),
            nearest: "run a built-in algorithm".to_string(),
        }),
    }
}

/// The exact matrix of a run (cells by card id, for its starting order), or why there is none.
pub fn exact_model(config: &RunConfig) -> Result<ExactMatrix, Intractable> {
    let req = exact_request(&config.source, config.deck)?;
    Ok(exact_marginals(&req)?.relabel(&config.start_deck()))
}
