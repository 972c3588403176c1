//! How many shuffles it takes to see a bias, estimated from the run that found it.
//!
//! A chi-square statistic with d degrees of freedom has mean d under the null; under a fixed bias its
//! expected excess (its noncentrality λ) grows in proportion to the number of shuffles N, because every
//! cell's squared deviation is N·(q − 1/n)²-sized while the noise term stays fixed (the exact form is in
//! [`crate::stats::exact::transpositions`]; docs/src/reference.md#false-alarms-and-growth-with-n: "a real bias grows linearly with N"). So one run at N₀ shuffles
//! with statistic X estimates `λ(N) ≈ N · (X − d)/N₀`. The bias reaches FAIL at about even odds once the
//! expected statistic `d + λ(N)` reaches the critical value c, the point where the p-value falls below the
//! FAIL threshold divided by the m tests of the run (Holm's first step is Bonferroni's). Hence
//!
//! `N_detect ≈ N₀ · λ_needed / λ_observed`, with `λ_needed = c − d` and `λ_observed = X − d`.
//!
//! When the observed excess is within noise (below three null standard deviations, `3·√(2d)`), there is no
//! bias to extrapolate: the run only bounds it. A bias as large as the three-sigma upper bound
//! `λ_up = max(λ_observed, 0) + 3·√(2d)` would need `N₀ · λ_needed / λ_up` shuffles, so a smaller one needs
//! more: that is the lower bound reported.

use crate::stats::distributions::special::chi2_upper_quantile;

/// What a run says about the number of shuffles needed to see its bias.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Detection {
    /// The bias is real at this sample size; about this many shuffles reach FAIL (at least 1).
    Shuffles(f64),
    /// The excess is within noise: a bias, if any, needs more than this many shuffles to be seen.
    NotDetectable { at_least: f64 },
}

/// Noise band, in null standard deviations, below which an excess is not extrapolated.
pub const NOISE_SIGMAS: f64 = 3.0;

/// The critical value c of χ²(df) whose upper tail is `alpha`: `P(X > c) = alpha`.
pub fn chi2_critical_value(alpha: f64, df: f64) -> f64 {
    chi2_upper_quantile(alpha.ln(), df)
}

/// Shuffles needed to reach FAIL, from one run's chi-square `statistic` on `df` degrees of freedom after
/// `shuffles` shuffles, for a run of `tests` tests and the FAIL threshold `fail_below`.
pub fn shuffles_to_detect(statistic: f64, df: f64, shuffles: u64, tests: usize, fail_below: f64) -> Detection {
    let n0 = shuffles as f64;
    let needed = chi2_critical_value(fail_below / tests.max(1) as f64, df) - df;
    let observed = statistic - df;
    let noise = NOISE_SIGMAS * (2.0 * df).sqrt();
    if observed <= noise {
        let upper = observed.max(0.0) + noise;
        return Detection::NotDetectable { at_least: n0 * needed / upper };
    }
    Detection::Shuffles((n0 * needed / observed).max(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn critical_values_match_tables() {
        // χ²(1) at 5%: 3.841459; χ²(10) at 1%: 23.209251; χ²(2) at 1e-9: −2 ln 1e-9 = 41.446531.
        assert!((chi2_critical_value(0.05, 1.0) - 3.841459).abs() < 1e-5);
        assert!((chi2_critical_value(0.01, 10.0) - 23.209251).abs() < 1e-5);
        assert!((chi2_critical_value(1e-9, 2.0) - 41.446531).abs() < 1e-5);
    }

    #[test]
    fn the_reference_msvc_bias_needs_about_ten_to_the_eight_shuffles() {
        // docs/src/reference.md#fisher-yates-on-msvc-and-glibc: Fisher–Yates with MSVC's rand(), n = 52: statistic ≈ 3076 at 10^8 shuffles (df 2601),
        // p ≈ 2e-10, i.e. FAIL is reached near 10^8; at 10^7 the excess (≈ 48) is within noise.
        match shuffles_to_detect(3076.0, 2601.0, 100_000_000, 3, 1e-9) {
            Detection::Shuffles(n) => assert!((0.8e8..1.2e8).contains(&n), "{n}"),
            d => panic!("{d:?}"),
        }
        assert!(matches!(shuffles_to_detect(2649.0, 2601.0, 10_000_000, 3, 1e-9), Detection::NotDetectable { .. }));
    }

    #[test]
    fn a_fair_run_only_bounds_the_bias() {
        let Detection::NotDetectable { at_least } = shuffles_to_detect(2590.0, 2601.0, 1_000_000, 3, 1e-9) else {
            panic!("a fair statistic is not extrapolated");
        };
        // λ_needed ≈ 470, λ_up = 3·√5202 ≈ 216: at least about 2.2 million.
        assert!((2.0e6..2.4e6).contains(&at_least), "{at_least}");
        // A huge excess needs only a handful of shuffles, never fewer than one.
        assert_eq!(shuffles_to_detect(1e9, 2601.0, 10, 3, 1e-9), Detection::Shuffles(1.0));
    }
}
