//! The second level of a run split into samples (`run --samples S`), as testing labs draw them and as TestU01
//! judges a battery (L'Ecuyer & Simard 2007): every sample is tested on its own, and the S p-values of each
//! statistic are then tested for uniformity with Kolmogorov–Smirnov and Anderson–Darling. A statistic whose
//! p-values pile up near 0 over the samples (a bias each sample shows a little of), or near 1 (decks too regular,
//! through the lower tail's p), fails here even when no single sample is decisive.
//!
//! The p-values are [`crate::stats::Battery::uniform_p_values`]: each tail of a two-sided statistic on its own,
//! with the uniform transform of a discrete statistic (the same p-values `calibrate` tests). The samples are
//! independent (separate generator streams, or disjoint decks of a fair producer), so under a fair shuffle each
//! group's KS and AD p-values are exact up to the discreteness of the statistics and the approximations of
//! their laws (`calibrate` checks both).
//!
//! The result is one test of the run's family: its p is Bonferroni's bound `min(1, 2G · p_min)` over the KS and
//! AD p-values of the G groups, valid whatever their dependence, so the family's Holm rule keeps its stated
//! false-alarm rate with it.
//!
//! Everything is in log space: the samples' p-values enter the uniformity tests as `ln p`
//! ([`ks_uniform_ln`], [`anderson_darling_uniform_ln`]), whose p-values come back as `ln p`, and the bound is
//! `min(0, ln p_min + ln 2G)`; a p-value far below the smallest double is neither floored nor clamped.

use crate::stats::distributions::uniformity::{anderson_darling_uniform_ln, ks_uniform_ln};
use crate::stats::finding::{Finding, SecondLevelFinding, SecondLevelGroup};
use crate::stats::{LnP, TestId, TestResult};

/// The least number of samples `run --samples` takes: one p-value per statistic cannot be tested for uniformity.
pub const MIN_SAMPLES: u64 = 2;

/// One sample's p-values: (statistic, form, ln p), as [`crate::stats::Battery::uniform_p_values`] gives them.
pub type SampleP = (TestId, &'static str, LnP);

/// The groups of the samples' p-values: one per (statistic, form) in the order the first sample lists them,
/// each with its KS and AD tests. A group needs a p from at least [`MIN_SAMPLES`] samples.
pub fn groups(samples: &[Vec<SampleP>]) -> Vec<SecondLevelGroup> {
    let mut keys: Vec<(TestId, &'static str)> = Vec::new();
    for sample in samples {
        for &(test, form, _) in sample {
            if !keys.contains(&(test, form)) {
                keys.push((test, form));
            }
        }
    }
    keys.into_iter()
        .filter_map(|(test, form)| {
            let ln_ps: Vec<LnP> = samples
                .iter()
                .filter_map(|s| s.iter().find(|(t, f, _)| (*t, *f) == (test, form)).map(|&(_, _, ln_p)| ln_p))
                .collect();
            if (ln_ps.len() as u64) < MIN_SAMPLES {
                return None;
            }
            let (ks_d, ks_ln_p) = ks_uniform_ln(&ln_ps);
            let (ad_a2, ad_ln_p) = anderson_darling_uniform_ln(&ln_ps);
            Some(SecondLevelGroup { test, form, samples: ln_ps.len(), ks_d, ks_ln_p, ad_a2, ad_ln_p })
        })
        .collect()
}

/// The `second-level` test of `samples` samples of `sample_decks` decks each, from their p-values; `None` when
/// no statistic has p-values from two samples.
///
/// Statistic: the worst group's KS D (the effect: how far the p-values' distribution is from uniform, 0 to 1);
/// p: `min(1, 2G · min over groups of min(p_KS, p_AD))`, in logs.
pub fn second_level(samples: &[Vec<SampleP>], sample_decks: u64) -> Option<TestResult> {
    let groups = groups(samples);
    let worst = (0..groups.len()).min_by(|&a, &b| groups[a].ln_p_min().total_cmp(&groups[b].ln_p_min()))?;
    let bonferroni = (2 * groups.len()) as f64;
    let ln_p = (groups[worst].ln_p_min() + bonferroni.ln()).min(0.0);
    let d = groups[worst].ks_d;
    let fair = ln_p >= 0.01f64.ln();
    Some(TestResult {
        test: TestId::SecondLevel,
        statistic: d,
        df: 0.0,
        ln_p,
        ln_p_low: None,
        effect: d,
        finding: Finding::SecondLevel(SecondLevelFinding { samples: samples.len(), sample_decks, groups, worst, fair }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(ps: &[(TestId, &'static str, f64)]) -> Vec<SampleP> {
        ps.iter().map(|&(t, f, p)| (t, f, p.ln())).collect()
    }

    #[test]
    fn uniform_p_values_pass_and_piled_up_ones_fail() {
        // Twenty samples whose p-values are the midpoints (k + 1/2)/20: as uniform as twenty values can be.
        let even: Vec<Vec<SampleP>> = (0..20)
            .map(|k| {
                let p = (k as f64 + 0.5) / 20.0;
                sample(&[(TestId::PositionCard, "upper", p), (TestId::PositionCard, "lower", 1.0 - p)])
            })
            .collect();
        let r = second_level(&even, 1000).unwrap();
        assert_eq!(r.test, TestId::SecondLevel);
        assert!(r.ln_p > 0.5f64.ln(), "{}", r.ln_p.exp());
        let Finding::SecondLevel(f) = &r.finding else { panic!("a second-level finding") };
        assert_eq!((f.samples, f.groups.len(), f.sample_decks), (20, 2, 1000));
        assert!(f.fair);
        // The same twenty, squeezed into (0, 0.2): a bias each sample shows a little of.
        let piled: Vec<Vec<SampleP>> =
            (0..20).map(|k| sample(&[(TestId::Adjacency, "upper", (k as f64 + 0.5) / 100.0)])).collect();
        let r = second_level(&piled, 1000).unwrap();
        assert!(r.ln_p < 1e-6f64.ln(), "{}", r.ln_p.exp());
        let Finding::SecondLevel(f) = &r.finding else { panic!("a second-level finding") };
        assert_eq!(f.worst().test, TestId::Adjacency);
        assert!(!f.fair);
    }

    #[test]
    fn the_bound_is_bonferroni_over_both_tests_of_every_group() {
        let s: Vec<Vec<SampleP>> = (0..10)
            .map(|k| {
                let p = (k as f64 + 0.3) / 10.0;
                sample(&[
                    (TestId::Cycles, "upper", p),
                    (TestId::Cycles, "lower", 1.0 - p),
                    (TestId::Parity, "mid-p", p),
                ])
            })
            .collect();
        let gs = groups(&s);
        assert_eq!(gs.len(), 3);
        let p_min = gs.iter().map(SecondLevelGroup::ln_p_min).fold(0.0, f64::min).exp();
        let r = second_level(&s, 50).unwrap();
        assert!((r.ln_p.exp() - (6.0 * p_min).min(1.0)).abs() < 1e-12);
    }

    #[test]
    fn extreme_p_values_stay_finite_and_a_lone_sample_has_no_second_level() {
        let s: Vec<Vec<SampleP>> = (0..5).map(|_| vec![(TestId::PositionCard, "upper", -2000.0)]).collect();
        let r = second_level(&s, 10).unwrap();
        // Five p-values of e^-2000: KS's D is 1 − e^-2000 and its p 2·(e^-2000)^5, so ln p = ln 2 − 10000, and
        // Bonferroni over the two tests adds ln 2 to the smaller of KS's and AD's; nothing is floored at the
        // smallest double.
        let Finding::SecondLevel(f) = &r.finding else { panic!("a second-level finding") };
        let want = 2f64.ln() - 10_000.0;
        assert!((f.worst().ks_ln_p - want).abs() < 1e-6, "{}", f.worst().ks_ln_p);
        assert!((r.ln_p - (f.worst().ln_p_min() + 2f64.ln())).abs() < 1e-9, "{}", r.ln_p);
        assert!(r.ln_p <= want + 2f64.ln() + 1e-9, "{}", r.ln_p);
        assert!(f.worst().ad_ln_p.is_finite() && f.worst().ad_ln_p < -1000.0, "{}", f.worst().ad_ln_p);
        let ones: Vec<Vec<SampleP>> = (0..5).map(|_| vec![(TestId::PositionCard, "upper", 0.0)]).collect();
        assert!(second_level(&ones, 10).unwrap().ln_p.is_finite());
        assert!(second_level(&[vec![(TestId::PositionCard, "upper", -1.0)]], 10).is_none());
        assert!(second_level(&[], 10).is_none());
    }
}
