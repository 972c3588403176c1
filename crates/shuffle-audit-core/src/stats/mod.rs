//! Statistics over shuffled decks: mergeable accumulators with exact or correctly scaled nulls.
//!
//! Every statistic is a struct with `add(&deck)`, `merge(&other)` and `evaluate()` (the [`Statistic`] trait),
//! so the runner, sharding and resuming are the same fold; evaluating it yields [`TestResult`]s with a p-value
//! from a survival function (kept as a natural log so that p far below 1e-300 stays finite and exact), an
//! effect size and a [`Finding`]: the numbers the reports' words are made of.

pub mod battery;
pub mod deck;
pub mod distributions;
pub mod exact;
pub mod finding;
pub mod power;
pub mod second_level;
pub mod selection;
pub mod statistic;
pub mod stream;
pub mod test_id;
/// The helpers of the statistics' unit tests, also the audit library's. Compiled in every build (they cost nothing
/// unused): a feature for them would make the test build's core differ from the one `cargo install` compiles.
#[doc(hidden)]
pub mod testing;
pub mod view_order;
pub mod views;

pub use battery::Battery;
pub use deck::position_card::PositionCardCounts;
pub use finding::Finding;
pub use selection::TestSelection;
pub use statistic::Statistic;
pub use test_id::{Cards, PSides, TestId, TestScope};

use serde::Serialize;

/// Natural log of a probability.
pub type LnP = f64;
/// Base-10 log of a probability, as reports print it.
pub type Log10P = f64;

/// One test of a run, before multiple-comparison control.
#[derive(Clone, Debug, Serialize)]
pub struct TestResult {
    /// The test (its name is the `test` column of `summary.csv`: `position-card`, `position-worst`, …).
    pub test: TestId,
    /// The test statistic (for chi-square tests, already scaled to its null).
    pub statistic: f64,
    /// Degrees of freedom of the null, or 0 where not applicable.
    pub df: f64,
    /// ln of the upper-tail p-value: evidence of bias.
    pub ln_p: LnP,
    /// ln of the lower-tail p-value, for tests where a too-small statistic means "too uniform".
    pub ln_p_low: Option<LnP>,
    /// The test's effect size, one that does not grow with the sample for a fixed bias: for the χ² tests of
    /// cells (position-card, seat-card, adjacency, suit/rank-by-position, full-permutation) the estimated
    /// noncentrality per shuffle `max(0, statistic − df)/N` ([`noncentrality_per_shuffle`]; its interval is
    /// [`crate::stats::power::noncentrality_interval`]); for the others a ratio, share or mean shift (the
    /// result's detail says which).
    pub effect: f64,
    /// What the test found, as numbers: the reports put it into words (`report::i18n`: the detail of
    /// `summary.csv`, a headline for tables and an explanation, in English or Chinese).
    #[serde(skip)]
    pub finding: Finding,
}

/// Which tail of a test's statistic its family p-value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tail {
    /// The statistic is too large: evidence of bias.
    Upper,
    /// The statistic is too small: the decks are too regular ("too uniform").
    Lower,
}

impl TestResult {
    /// True for the tests with a lower tail ([`TestResult::ln_p_low`]): a statistic too small is as suspicious
    /// as one too large.
    pub fn two_sided(&self) -> bool {
        self.ln_p_low.is_some()
    }

    /// The test's one p-value in a run's family, with the tail it comes from: the upper-tail p of a one-sided
    /// test; for a two-sided test `min(1, 2·min(p_upper, p_lower))`, computed in log space. Doubling the
    /// smaller tail makes it a p-value of the test "either tail is extreme" (exactly uniform for a continuous
    /// statistic), so one Holm family over these keeps the family-wise rate at its level.
    pub fn family_ln_p(&self) -> (LnP, Tail) {
        match self.ln_p_low {
            Some(low) if low < self.ln_p => ((low + std::f64::consts::LN_2).min(0.0), Tail::Lower),
            Some(_) => ((self.ln_p + std::f64::consts::LN_2).min(0.0), Tail::Upper),
            None => (self.ln_p.min(0.0), Tail::Upper),
        }
    }

    pub fn p_value(&self) -> f64 {
        self.ln_p.exp()
    }

    pub fn log10_p(&self) -> Log10P {
        distributions::special::ln_to_log10(self.ln_p)
    }
}

/// The estimated noncentrality per shuffle of a χ² statistic over `samples` shuffles: `max(0, statistic − df)/N`.
/// Its expectation is λ/N, a property of the shuffle (λ grows as N for a fixed bias), so it does not grow with
/// the sample as `(statistic − df)/df` does.
pub fn noncentrality_per_shuffle(statistic: f64, df: f64, samples: u64) -> f64 {
    if samples == 0 { 0.0 } else { (statistic - df).max(0.0) / samples as f64 }
}

/// Formats a probability given as its natural log: `0.0312`, `2.1e-10`, or `10^-1234.5` below f64's range.
pub fn format_ln_p(ln_p: LnP) -> String {
    // No p-value of this crate is 0 (ln p = −∞) or NaN; should one be, it prints as 0 or "—", never as
    // `10^-inf` or `NaN`.
    if ln_p == f64::NEG_INFINITY {
        return "0".into();
    }
    if ln_p.is_nan() {
        return "—".into();
    }
    let log10 = distributions::special::ln_to_log10(ln_p);
    if log10 >= -4.0 {
        format!("{:.4}", ln_p.exp())
    } else if log10 > -300.0 {
        format!("{:.2e}", ln_p.exp())
    } else {
        format!("10^{log10:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_are_printed_without_underflow() {
        assert_eq!(format_ln_p(0.05f64.ln()), "0.0500");
        assert_eq!(format_ln_p(2.1e-10f64.ln()), "2.10e-10");
        assert_eq!(format_ln_p(-5000.0), "10^-2171.5");
        assert_eq!(format_ln_p(f64::NEG_INFINITY), "0");
        assert_eq!(format_ln_p(f64::NAN), "—");
    }
}
