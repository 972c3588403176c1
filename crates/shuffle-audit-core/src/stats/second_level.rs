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

use crate::stats::distributions::uniformity::{anderson_darling_uniform, ks_uniform};
use crate::stats::finding::{Finding, SecondLevelFinding, SecondLevelGroup};
use crate::stats::{LnP, TestId, TestResult};

/// The least number of samples `run --samples` takes: one p-value per statistic cannot be tested for uniformity.
pub const MIN_SAMPLES: u64 = 2;

/// One sample's p-values: (statistic, form, ln p), as [`crate::stats::Battery::uniform_p_values`] gives them.
pub type SampleP = (TestId, &'static str, LnP);

/// A p-value as the uniformity tests take it: in the open interval (0, 1), so that a p that underflowed to 0 or
/// rounded to 1 does not make Anderson–Darling's logarithms infinite.
fn open_unit(ln_p: LnP) -> f64 {
    ln_p.exp().clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON / 2.0)
}

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
            let ps: Vec<f64> = samples
                .iter()
                .filter_map(|s| {
                    s.iter().find(|(t, f, _)| (*t, *f) == (test, form)).map(|&(_, _, ln_p)| open_unit(ln_p))
                })
                .collect();
            if (ps.len() as u64) < MIN_SAMPLES {
                return None;
            }
            let (ks_d, ks_p) = ks_uniform(&ps);
            let (ad_a2, ad_p) = anderson_darling_uniform(&ps);
            Some(SecondLevelGroup { test, form, samples: ps.len(), ks_d, ks_p, ad_a2, ad_p })
        })
        .collect()
}

/// The `second-level` test of `samples` samples of `sample_decks` decks each, from their p-values; `None` when
/// no statistic has p-values from two samples.
///
/// Statistic: the worst group's KS D (the effect: how far the p-values' distribution is from uniform, 0 to 1);
/// p: `min(1, 2G · min over groups of min(p_KS, p_AD))`, floored at the smallest positive double.
pub fn second_level(samples: &[Vec<SampleP>], sample_decks: u64) -> Option<TestResult> {
    let groups = groups(samples);
    let worst = (0..groups.len()).min_by(|&a, &b| groups[a].p_min().total_cmp(&groups[b].p_min()))?;
    let bonferroni = (2 * groups.len()) as f64;
    let ln_p = (groups[worst].p_min().max(f64::MIN_POSITIVE).ln() + bonferroni.ln()).min(0.0);
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
        let p_min = gs.iter().map(SecondLevelGroup::p_min).fold(1.0, f64::min);
        let r = second_level(&s, 50).unwrap();
        assert!((r.ln_p.exp() - (6.0 * p_min).min(1.0)).abs() < 1e-12);
    }

    #[test]
    fn extreme_p_values_stay_finite_and_a_lone_sample_has_no_second_level() {
        let s: Vec<Vec<SampleP>> = (0..5).map(|_| vec![(TestId::PositionCard, "upper", -2000.0)]).collect();
        let r = second_level(&s, 10).unwrap();
        assert!(r.ln_p.is_finite() && r.ln_p < -100.0, "{}", r.ln_p);
        let ones: Vec<Vec<SampleP>> = (0..5).map(|_| vec![(TestId::PositionCard, "upper", 0.0)]).collect();
        assert!(second_level(&ones, 10).unwrap().ln_p.is_finite());
        assert!(second_level(&[vec![(TestId::PositionCard, "upper", -1.0)]], 10).is_none());
        assert!(second_level(&[], 10).is_none());
    }
}
