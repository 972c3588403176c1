//! `run --against-exact`: the position-by-card counts tested against the shuffle's exact (non-uniform) matrix
//! instead of against uniformity, so that a simulator must agree with its own model and not only look fair.
//!
//! With exact cell probabilities p, the Pearson statistic `X² = Σ (O − N·p)²/(N·p)` over the K cells with p > 0
//! has mean `Σ (1 − p) = K − n` for every N (each cell is Binomial(N, p)). For a uniform p that is n(n−1), and
//! the position-card test scales X² by (n−1)/n to χ²((n−1)²): the same statistic here is scaled by
//! `df / (K − n)` with `df = (n−1)² − z` (z the cells with p = 0, which carry no freedom), which is exactly
//! (n−1)/n when no cell is impossible and matches the mean in every case. The spread of the statistic is that
//! of χ²(df) to the extent that the cells' correlations are those of a near-uniform law; a unit test checks the
//! false-alarm rate by simulation on a far-from-uniform law. Cells with p = 0 must be empty: a count there is
//! impossible under the model, and the test fails with that cell named (its p is 0; the report shows the
//! smallest positive double instead).

use super::model::ExactMatrix;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf};
use crate::stats::finding::{Finding, excess_within_noise};
use crate::stats::{TestId, TestResult};

/// The test against an exact matrix, with the impossible cells that were hit.
#[derive(Clone, Debug)]
pub struct AgainstExact {
    pub result: TestResult,
    /// `(position, card, count)` of every non-empty cell the model says is impossible.
    pub impossible: Vec<(usize, usize, u64)>,
}

impl AgainstExact {
    /// One line for the console: the statistic and df, or the impossible cells.
    pub fn describe(&self) -> String {
        match self.impossible.first() {
            Some(&(pos, card, count)) => format!(
                "FAIL against the exact model: card {card} was seen {count} times at position {pos}, where the exact \
                 law puts probability 0 ({} impossible cells hit)",
                self.impossible.len()
            ),
            None => {
                // Two-sided, as the run judges it: 2·min(upper, lower), at most 1.
                let low = self.result.ln_p_low.unwrap_or(0.0);
                let two_sided = (std::f64::consts::LN_2 + self.result.ln_p.min(low)).min(0.0);
                format!(
                    "against the exact model: scaled X² = {:.1} on {} df (two-sided p = {})",
                    self.result.statistic,
                    self.result.df,
                    crate::stats::format_ln_p(two_sided)
                )
            }
        }
    }
}

/// Tests `counts` (the position-by-card matrix of `shuffles` decks, row-major by position, columns card ids:
/// `PositionCardCounts::matrix`) against `exact` (`[card][pos]`, by card id). The counts come as plain data so
/// that the exact laws never name the statistics that are tested against them.
pub fn test_against_exact(counts: &[u64], shuffles: u64, exact: &ExactMatrix) -> AgainstExact {
    let n = exact.n();
    assert_eq!(counts.len(), n * n, "the exact matrix is for another deck size");
    let big_n = shuffles as f64;
    let (mut x2, mut zero, mut impossible) = (0.0, 0usize, Vec::new());
    let (mut lo, mut hi) = ((f64::INFINITY, (0, 0)), (f64::NEG_INFINITY, (0, 0)));
    for pos in 0..n {
        for card in 0..n {
            let p = exact.get(card, pos).to_f64();
            let o = counts[pos * n + card];
            // Below 1e-300 a cell is empty in any run: treat it as impossible.
            if p < 1e-300 {
                zero += 1;
                if o > 0 {
                    impossible.push((pos, card, o));
                }
                continue;
            }
            let e = big_n * p;
            x2 += (o as f64 - e).powi(2) / e;
            let r = o as f64 / e;
            if r < lo.0 {
                lo = (r, (pos, card));
            }
            if r > hi.0 {
                hi = (r, (pos, card));
            }
        }
    }
    let nf = n as f64;
    let df = ((nf - 1.0) * (nf - 1.0) - zero as f64).max(0.0);
    let mean = (n * n - zero) as f64 - nf;
    let statistic = if mean > 0.0 && df > 0.0 { x2 * df / mean } else { 0.0 };
    let (mut ln_p, mut ln_p_low) =
        if df > 0.0 { (chi2_ln_sf(statistic, df), Some(chi2_ln_cdf(statistic, df))) } else { (0.0, None) };
    if !impossible.is_empty() {
        // Impossible under the model: p is 0, shown as the smallest positive double.
        ln_p = f64::MIN_POSITIVE.ln();
        ln_p_low = Some(0.0);
    }
    let result = TestResult {
        test: TestId::PositionCard,
        statistic,
        df,
        ln_p,
        ln_p_low,
        effect: if df > 0.0 { crate::stats::noncentrality_per_shuffle(statistic, df, shuffles) } else { 0.0 },
        finding: Finding::PositionCard {
            n,
            most: hi,
            least: lo,
            stays_home: hi.1.0 == hi.1.1,
            within_noise: excess_within_noise(statistic, df),
            noise_band: crate::stats::finding::cell_noise_band(n, n, big_n / nf),
            shuffles,
        },
    };
    AgainstExact { result, impossible }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{ChaCha8, RawRng};
    use crate::shuffle::{Algorithm, AlgorithmKind};
    use crate::stats::PositionCardCounts;
    use crate::stats::exact::model::{ExactRequest, exact_marginals};
    use crate::stats::exact::testing::counts_of;

    fn test_counts(counts: &PositionCardCounts, exact: &ExactMatrix) -> AgainstExact {
        test_against_exact(counts.matrix(), counts.shuffles(), exact)
    }

    #[test]
    fn the_false_alarm_rate_holds_on_a_law_far_from_uniform() {
        // pair-swap with 3 swaps on 6 cards: every card stays home with probability ≈ 0.45 (against 1/6). 400
        // replicates of 2000 shuffles, ChaCha8 (32-bit r() % 6, its exact law). Fraction of p < 0.05 must be
        // within 0.05 ± 0.035 (beyond 3.2 binomial s.d.: false-positive rate about 0.15% if the null is right),
        // and of p < 0.01 at most 0.03 (binomial tail about 0.3%).
        let n = 6;
        let exact = exact_marginals(&ExactRequest::new(
            Algorithm::with_swaps(AlgorithmKind::PairSwap, Some(3)),
            Some(ChaCha8::BITS),
            n,
        ))
        .unwrap();
        let shuffle = crate::shuffle::PairSwap { swaps: Some(3) };
        let (mut below5, mut below1) = (0, 0);
        for seed in 0..400u64 {
            let t = test_counts(&counts_of(&shuffle, n, 2000, 1000 + seed), &exact);
            assert!(t.impossible.is_empty());
            below5 += usize::from(t.result.ln_p < 0.05f64.ln());
            below1 += usize::from(t.result.ln_p < 0.01f64.ln());
        }
        let f5 = below5 as f64 / 400.0;
        assert!((0.015..=0.085).contains(&f5), "{below5} of 400 below 0.05");
        assert!(below1 <= 12, "{below1} of 400 below 0.01");
    }

    #[test]
    fn an_impossible_cell_fails_and_a_wrong_model_is_caught() {
        // naive-swap-off-by-one never leaves the last card last; counts from naive-swap (which can) hit it.
        let n = 8;
        let off =
            exact_marginals(&ExactRequest::new(Algorithm::new(AlgorithmKind::NaiveSwapOffByOne), Some(32), n)).unwrap();
        let t = test_counts(&counts_of(&crate::shuffle::NaiveSwap, n, 20_000, 7), &off);
        assert!(!t.impossible.is_empty() && t.result.ln_p < 1e-9f64.ln(), "{}", t.describe());
        assert!(t.describe().contains("probability 0"));
        // Its own counts agree with it (fixed seed; false-positive rate of p < 1e-3 is 0.1%).
        let own = test_counts(&counts_of(&crate::shuffle::NaiveSwapOffByOne, n, 20_000, 7), &off);
        assert!(own.impossible.is_empty() && own.result.ln_p > 1e-3f64.ln(), "{}", own.describe());
        // Positive control: fisher-yates counts against naive-swap's exact law (cell ratios 0.74..1.35 on 52 cards,
        // similar on 8): p far below 1e-9.
        let naive = exact_marginals(&ExactRequest::new(Algorithm::new(AlgorithmKind::NaiveSwap), Some(32), n)).unwrap();
        let wrong = test_counts(&counts_of(&crate::shuffle::FisherYates, n, 20_000, 7), &naive);
        assert!(wrong.result.ln_p < 1e-9f64.ln(), "{}", wrong.describe());
    }
}
