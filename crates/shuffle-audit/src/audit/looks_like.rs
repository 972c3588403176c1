//! "Looks like": the catalogue loop whose exact position-by-card matrix a failed run's counts match
//! ([`crate::stats::exact::resemblance`]), for the reports to name with its distance.
//!
//! It is looked for only when the run FAILs and its position-by-card test FAILs on its own (the counts are not
//! uniform), on one deck of 3 to 64 distinct cards, and for a built-in source only without a cut or a burn
//! (the candidates are the bare loops). Decks from a file or a program are compared the same way: that is
//! where it helps, a loop written elsewhere named by the catalogue entry it behaves like.

use serde::Serialize;

use crate::audit::runner::RunConfig;
use crate::audit::verdict::{Assessment, Verdict};
use crate::shuffle::AlgorithmKind;
use crate::stats::exact::resemblance::{Fit, MAX_DECK, looks_like as resemble};
use crate::stats::{Cards, PositionCardCounts, TestId};

/// One candidate's fit, as the reports give it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateFit {
    pub algorithm: AlgorithmKind,
    /// With its settings: `riffle(3)`, `wash(52)`.
    pub label: String,
    /// Mean total variation between the observed and the exact law of a position.
    pub distance: f64,
    /// What sampling noise alone gives at this number of decks.
    pub noise: f64,
    /// X² against the exact matrix, scaled to χ²(df), and its two-sided p as log10.
    pub statistic: f64,
    pub df: f64,
    pub log10_p: f64,
    /// Non-empty cells the candidate says are impossible.
    pub impossible: usize,
}

impl CandidateFit {
    fn of(f: &Fit, n: usize) -> Self {
        CandidateFit {
            algorithm: f.algorithm.kind,
            label: f.algorithm.label(n),
            distance: f.distance,
            noise: f.noise,
            statistic: f.statistic,
            df: f.df,
            log10_p: f.ln_p / std::f64::consts::LN_10,
            impossible: f.impossible,
        }
    }
}

/// The loop a failed run looks like, and the closest of the others.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LooksLike {
    #[serde(flatten)]
    pub best: CandidateFit,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<CandidateFit>,
}

/// The catalogue loop a run's counts look like, when the run qualifies (see the module) and one does.
pub fn looks_like(config: &RunConfig, cards: Cards, a: &Assessment, counts: &PositionCardCounts) -> Option<LooksLike> {
    let n = config.deck;
    let position_fails = a.get(TestId::PositionCard).is_some_and(|t| t.verdict == Verdict::Fail && !t.too_uniform);
    let post = config.builtin().is_some_and(|b| b.post.cut || b.post.burn > 0);
    if a.verdict != Verdict::Fail || !position_fails || post || cards.copies != 1 || !cards.ids_known || n > MAX_DECK {
        return None;
    }
    let r = resemble(counts.matrix(), counts.shuffles(), &config.start_deck())?;
    Some(LooksLike { best: CandidateFit::of(&r.best, n), next: r.next.as_ref().map(|f| CandidateFit::of(f, n)) })
}
