//! The exact model of a run's source, when it has one: the position-by-card law of its built-in shuffle with
//! its generator's draws (15 bits for MSVC, 31 for glibc, 32 for the modern generators), its cut and burn, and
//! its starting order ([`crate::stats::exact::model`]). `run --against-exact`, `compare` and the run reports use
//! it; decks made elsewhere have none. A report computes it only when that is cheap ([`report_model`]).
//!
//! It belongs to the run model, below the reports that show it; callers reach it through the library's `exact`
//! module, the entry point of exact analysis, which re-exports it.

use crate::audit::runner::RunConfig;
use crate::audit::source::DeckSource;
use crate::rng::{Draws, RngKind};
use crate::stats::exact::Intractable;
use crate::stats::exact::model::{ExactMatrix, ExactRequest, exact_marginals};

/// The exact request for a built-in source on n cards, or why there is none.
pub fn exact_request(source: &DeckSource, n: usize) -> Result<ExactRequest, Intractable> {
    match source {
        DeckSource::Builtin(b) => Ok(ExactRequest {
            cut: b.post.cut,
            burn: b.post.burn,
            ..ExactRequest::new(b.algorithm, exact_bits(b.rng)?, n)
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

/// The draws the exact chains model for a generator: `r() % m` with its width for the C and modern generators;
/// exactly uniform draws for the runtimes whose bounded draws are exact (Java's `nextInt`, Python's
/// `_randbelow`, libstdc++'s Lemire downscaling); none for .NET's `(int)(Sample() · m)` and V8's
/// `Math.floor(Math.random() * m)`, which are neither.
fn exact_bits(rng: RngKind) -> Result<Option<u32>, Intractable> {
    match rng.facts().draws {
        Draws::Modulo => Ok(Some(rng.bits())),
        Draws::Uniform => Ok(None),
        Draws::Scaled(what) => Err(Intractable {
            reason: format!(
                "--rng {rng} draws {what}, neither r() % m nor exactly uniform: the exact chains do not model it"
            ),
            nearest: "its law with ideal draws is the algorithm's without --rng (exact --algorithm ...)".to_string(),
        }),
    }
}

/// The exact matrix of a run (cells by card id, for its starting order), or why there is none.
pub fn exact_model(config: &RunConfig) -> Result<ExactMatrix, Intractable> {
    let req = exact_request(&config.source, config.deck)?;
    Ok(exact_marginals(&req)?.relabel(&config.start_deck()))
}

/// Work ([`ExactRequest::work`], double-double operations) above which a run's report does not compute the
/// exact matrix beside its heatmap: about a second on one core. Every 52- and 54-card source is far below it
/// (pair-swap on 54 cards, the largest, is about 1.2e7); Fisher–Yates on 1024 cards is 4.3e9, a minute.
pub const REPORT_MAX_WORK: f64 = 1e8;

/// The exact matrix a run's report shows beside its sampled heatmap, or why it shows none.
#[derive(Clone, Debug, PartialEq)]
pub enum ReportExact {
    Matrix(ExactMatrix),
    /// The source has an exact law, but computing it would take far longer than the report's budget.
    Skipped(SkippedExact),
    /// The source has no exact law (decks from elsewhere, a broken loop, a deck too large for the chain).
    Unavailable(Intractable),
}

/// An exact matrix left out of a report for its cost, and the command that computes it.
#[derive(Clone, Debug, PartialEq)]
pub struct SkippedExact {
    /// Its estimated work, against [`REPORT_MAX_WORK`].
    pub work: f64,
    /// `shuffle-audit exact --algorithm fisher-yates --deck 1024`.
    pub command: String,
    /// The run's draws are w-bit `r() % m` that `exact --rng` does not model (32-bit generators): the command
    /// computes the law with ideal draws, which differs from theirs by about n/2^w.
    pub ideal_draws: bool,
}

/// The exact matrix of a run for its report, computed only when its work is at most [`REPORT_MAX_WORK`].
pub fn report_model(config: &RunConfig) -> ReportExact {
    let req = match exact_request(&config.source, config.deck) {
        Ok(req) => req,
        Err(why) => return ReportExact::Unavailable(why),
    };
    let work = req.work();
    if work > REPORT_MAX_WORK {
        let b = config.source.builtin().expect("an exact request is of a built-in source");
        return ReportExact::Skipped(SkippedExact {
            work,
            command: exact_command(&req, b.rng),
            ideal_draws: !b.rng.is_c_library(),
        });
    }
    match exact_marginals(&req) {
        Ok(m) => ReportExact::Matrix(m.relabel(&config.start_deck())),
        Err(why) => ReportExact::Unavailable(why),
    }
}

/// The `shuffle-audit exact` command line of a request (its generator's draws when `exact --rng` has them).
fn exact_command(req: &ExactRequest, rng: RngKind) -> String {
    let kind = req.algorithm.kind;
    let mut s = format!("shuffle-audit exact --algorithm {kind}");
    if let Some(k) = req.algorithm.swaps {
        // The option that repeats the algorithm (`--riffles`, `--passes`, `--moves`), `--swaps` for the others.
        let flag = format!("--{}", kind.repetition_option().unwrap_or("swaps"));
        s.push_str(&format!(" {flag} {k}"));
    }
    if rng.is_c_library() {
        s.push_str(&format!(" --rng {rng}"));
    }
    s.push_str(&format!(" --deck {}", req.n));
    if req.cut {
        s.push_str(" --cut");
    }
    if req.burn > 0 {
        s.push_str(&format!(" --burn {}", req.burn));
    }
    s
}
