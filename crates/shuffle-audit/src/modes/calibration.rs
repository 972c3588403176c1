//! Two-level calibration (after TestU01's second-level tests, L'Ecuyer & Simard 2007): run R independent
//! replicates of the same configuration, collect every statistic's p-value from each, and test each statistic's
//! R p-values for uniformity with Kolmogorov–Smirnov and Anderson–Darling. For a fair shuffle this shows the
//! harness's real false-positive rate: a miscalibrated null (the uncorrected position-by-card X², say) makes its
//! p-values pile up near 0 and fails here at a few hundred replicates.
//!
//! Replicate r is an ordinary run seeded with [`replicate_seed`]`(seed, r)`: SplitMix64 output r + 1 from a stream
//! separate from the chunk seeds (low 32 bits for the C generators, whose `srand` takes 32). Replicates run in
//! parallel and each one's chunks too; results do not depend on the thread count.
//!
//! The p-values tested are [`crate::stats::Battery::uniform_p_values`]: each tail of a two-sided statistic on
//! its own (`upper`, `lower`: a miscalibrated lower tail would make "too uniform" fire too often), the test's own
//! p of a one-sided one, except Šidák's transform for the two max-over-lines tests (their Bonferroni bound has an
//! atom at 1) and the mid-p value for parity (a discrete statistic). The other statistics are chi-square
//! approximations to discrete laws; with 10^5 shuffles their discreteness is far below what 200 replicates can
//! see.
//!
//! The verdict rule itself. Uniform p-values do not make the verdict's false-alarm rate right: that is the family
//! rule's business (`crate::audit::verdict`: one Holm family, each two-sided test's smaller tail doubled). So
//! every replicate also records the family p its run would be judged on — or, for `calibrate --progressive`, the
//! progressive run's (the smallest look's family p times the looks, [`crate::modes::progressive`]) — and
//! [`family_rates`] counts, at α = 0.01, 0.05 and 0.1, how many fell below α, with the exact Clopper–Pearson 99%
//! interval of that rate: the rule is `calibrated` when α is inside it, `conservative` when the interval is
//! below α, and `TOO MANY` (a family rule that lies) when it is above.

use std::time::{Duration, Instant};

use crate::audit::meter::Meter;
use rayon::prelude::*;

use crate::audit::fault::FaultReport;
use crate::audit::runner::{self, RunConfig, chunk_seed};
use crate::audit::source::{Builtin, DeckSource};
use crate::audit::verdict::{Thresholds, family_ln_p};
use crate::error::{ConfigError, Field};
use crate::modes::progressive;
use crate::stats::distributions::special::clopper_pearson;
use crate::stats::distributions::uniformity::{anderson_darling_uniform_ln, ks_uniform_ln};
use crate::stats::{LnP, TestId};

/// Stream offset that separates replicate seeds from chunk seeds ("REPLICAT" in ASCII).
const REPLICATE_STREAM: u64 = 0x5245_504c_4943_4154;

/// The seed of replicate `r`.
pub fn replicate_seed(seed: u64, r: u64, max_seed: u64) -> u64 {
    // Every generator's largest seed is 2^k − 1: the mask keeps the seed inside its seeding rule.
    chunk_seed(seed ^ REPLICATE_STREAM, r) & max_seed
}

/// One replicate's p-values: (test, how the p was formed, p), and the family p its verdict is judged on.
#[derive(Clone, Debug)]
pub struct Replicate {
    pub index: u64,
    pub seed: u64,
    pub p_values: Vec<(TestId, &'static str, f64)>,
    /// ln of the family-wise p of the replicate's run (of its progressive run with `--progressive`).
    pub ln_p_family: f64,
    /// How many tests that family holds.
    pub family_size: usize,
}

/// The levels at which `family.csv` counts the replicates whose family p fell below α.
pub const FAMILY_ALPHAS: [f64; 3] = [0.01, 0.05, 0.1];

/// Coverage of the interval of each rate in `family.csv`.
pub const FAMILY_COVERAGE: f64 = 0.99;

crate::names::named_enum! {
    /// Whether the family rule fires at its nominal rate.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum FamilyVerdict("family verdict") {
        /// α is inside the 99% interval of the rate.
        Calibrated => "calibrated",
        /// The interval lies below α: the rule fires less often than it may (the looks of progressive mode).
        Conservative => "conservative",
        /// The interval lies above α: the rule's false-alarm rate is higher than it states.
        TooMany => "TOO MANY",
    }
}

/// How often the family rule fired at one level α.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FamilyRate {
    pub alpha: f64,
    pub replicates: u64,
    /// Replicates whose family p was below α.
    pub fired: u64,
    pub rate: f64,
    /// The exact (Clopper–Pearson) interval of the rate, [`FAMILY_COVERAGE`].
    pub ci_low: f64,
    pub ci_high: f64,
    pub verdict: FamilyVerdict,
}

/// The family rule's rate at each of [`FAMILY_ALPHAS`] over the replicates' family p-values.
pub fn family_rates(ln_p_family: &[f64]) -> Vec<FamilyRate> {
    let n = ln_p_family.len() as u64;
    FAMILY_ALPHAS
        .iter()
        .map(|&alpha| {
            let fired = ln_p_family.iter().filter(|&&p| p < alpha.ln()).count() as u64;
            let (ci_low, ci_high) = clopper_pearson(fired, n, FAMILY_COVERAGE);
            let verdict = if ci_low > alpha {
                FamilyVerdict::TooMany
            } else if ci_high < alpha {
                FamilyVerdict::Conservative
            } else {
                FamilyVerdict::Calibrated
            };
            let rate = if n == 0 { 0.0 } else { fired as f64 / n as f64 };
            FamilyRate { alpha, replicates: n, fired, rate, ci_low, ci_high, verdict }
        })
        .collect()
}

/// One statistic's second-level tests.
#[derive(Clone, Debug)]
pub struct StatisticCalibration {
    pub test: TestId,
    /// `upper` or `lower` (a tail of a two-sided statistic), `p` (a one-sided one), `Sidak` or `mid-p`.
    pub p_kind: &'static str,
    pub p_values: Vec<f64>,
    pub ks_d: f64,
    /// The KS p-value, and its natural log (from the p-values' logarithms: it does not round to 0 however
    /// miscalibrated the statistic is; `ks_p` is its exponential, which may).
    pub ks_p: f64,
    pub ks_ln_p: LnP,
    pub ad_a2: f64,
    /// The Anderson–Darling p-value, and its natural log, as for KS.
    pub ad_p: f64,
    pub ad_ln_p: LnP,
    /// Replicates with p < 0.01 (a calibrated test: about 1%).
    pub rejected_at_01: usize,
}

/// Below this second-level p a statistic is reported as not uniform.
pub const NOT_UNIFORM_BELOW: f64 = 1e-3;

impl StatisticCalibration {
    pub fn uniform(&self) -> bool {
        self.ks_ln_p >= NOT_UNIFORM_BELOW.ln() && self.ad_ln_p >= NOT_UNIFORM_BELOW.ln()
    }
}

/// The result of a calibration.
#[derive(Clone, Debug)]
pub struct CalibrationOutcome {
    pub replicates: Vec<Replicate>,
    pub statistics: Vec<StatisticCalibration>,
    pub elapsed: Duration,
    pub threads: usize,
    /// The first replicate's fault, if the algorithm is broken.
    pub fault: Option<FaultReport>,
    /// The family rule's rate at each level ([`family_rates`]).
    pub family: Vec<FamilyRate>,
    /// The largest look of `calibrate --progressive` (`None` for single runs).
    pub progressive: Option<u64>,
}

impl CalibrationOutcome {
    /// True when no statistic is NOT UNIFORM and the family rule never fires TOO MANY.
    pub fn calibrated(&self) -> bool {
        self.statistics.iter().all(|s| s.uniform()) && self.family.iter().all(|f| f.verdict != FamilyVerdict::TooMany)
    }
}

/// Runs `replicates` replicates of `config` (its `seed` is the master seed), counting every shuffle on `bar`.
pub fn calibrate(config: &RunConfig, replicates: u64, bar: &Meter) -> Result<CalibrationOutcome, ConfigError> {
    calibrate_looks(config, replicates, None, bar)
}

/// [`calibrate`], or with `progressive = Some(max_shuffles)` replicates of `run --progressive` up to
/// `max_shuffles` (the looks as [`progressive::look_sizes`]; `config.shuffles` is then ignored): each replicate's
/// family p is then the progressive run's, and the statistics' p-values those of its last look.
pub fn calibrate_looks(
    config: &RunConfig,
    replicates: u64,
    progressive: Option<u64>,
    bar: &Meter,
) -> Result<CalibrationOutcome, ConfigError> {
    let mut config = config.clone();
    if let Some(max) = progressive {
        config.shuffles = max;
    }
    let config = &config;
    config.validate()?;
    if replicates == 0 {
        return Err(ConfigError::new(Field::Replicates, "must be at least 1"));
    }
    crate::audit::config::limits::check_replicates(replicates, config.shuffles)?;
    let start = Instant::now();
    let pool = runner::thread_pool(config.threads)?;
    let Some(builtin) = config.builtin().copied() else {
        return Err(ConfigError::new(Field::Algorithm, "calibration replicates built-in shuffles only"));
    };
    let max_seed = builtin.rng.max_seed();
    let runs: Vec<(Replicate, Option<FaultReport>)> = pool.install(|| {
        (0..replicates)
            .into_par_iter()
            .map(|r| {
                let seed = replicate_seed(builtin.seed, r, max_seed);
                let c = RunConfig { source: DeckSource::Builtin(Builtin { seed, ..builtin }), ..config.clone() };
                let (outcome, ln_p_family, family_size) = match progressive {
                    None => {
                        let outcome = runner::run_chunks(&c, 0..c.chunks(), bar);
                        let results = outcome.tally.evaluate();
                        (outcome, family_ln_p(&results), results.len())
                    }
                    Some(max) => {
                        // In this pool: the replicates and their chunks share it.
                        let out = progressive::run_here(&c, max, Thresholds::default(), bar);
                        let ln_p = out.ln_p_family();
                        let size = out.last.tally.evaluate().len();
                        (out.last, ln_p, size)
                    }
                };
                let p_values = outcome
                    .tally
                    .battery
                    .uniform_p_values()
                    .into_iter()
                    .map(|(t, kind, ln_p)| (t, kind, ln_p.exp()))
                    .collect();
                (Replicate { index: r, seed, p_values, ln_p_family, family_size }, outcome.fault)
            })
            .collect()
    });
    let fault = runs.iter().find_map(|(_, f)| f.clone());
    let replicates: Vec<Replicate> = runs.into_iter().map(|(r, _)| r).collect();
    let statistics = if fault.is_some() { Vec::new() } else { second_level(&replicates) };
    let family = if fault.is_some() {
        Vec::new()
    } else {
        family_rates(&replicates.iter().map(|r| r.ln_p_family).collect::<Vec<_>>())
    };
    Ok(CalibrationOutcome {
        replicates,
        statistics,
        elapsed: start.elapsed(),
        threads: pool.current_num_threads(),
        fault,
        family,
        progressive,
    })
}

/// KS and AD tests of each statistic's p-values across the replicates.
pub fn second_level(replicates: &[Replicate]) -> Vec<StatisticCalibration> {
    let Some(first) = replicates.first() else { return Vec::new() };
    first
        .p_values
        .iter()
        .map(|&(test, p_kind, _)| {
            let p_values: Vec<f64> = replicates
                .iter()
                .filter_map(|r| r.p_values.iter().find(|(t, k, _)| *t == test && *k == p_kind).map(|&(_, _, p)| p))
                .collect();
            let ln_p: Vec<f64> = p_values.iter().map(|p| p.ln()).collect();
            let (ks_d, ks_ln_p) = ks_uniform_ln(&ln_p);
            let (ad_a2, ad_ln_p) = anderson_darling_uniform_ln(&ln_p);
            let rejected_at_01 = p_values.iter().filter(|&&p| p < 0.01).count();
            StatisticCalibration {
                test,
                p_kind,
                p_values,
                ks_d,
                ks_p: ks_ln_p.exp(),
                ks_ln_p,
                ad_a2,
                ad_p: ad_ln_p.exp(),
                ad_ln_p,
                rejected_at_01,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};

    fn config(kind: AlgorithmKind, shuffles: u64) -> RunConfig {
        RunConfig { threads: Some(2), ..RunConfig::new(Algorithm::new(kind), RngKind::Chacha8, 8, shuffles, 1) }
    }

    #[test]
    fn replicate_seeds_are_distinct_and_fit_srand() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|r| replicate_seed(7, r, u64::MAX)).collect();
        assert_eq!(seeds.len(), 1000);
        assert!((0..100).all(|r| replicate_seed(7, r, u64::from(u32::MAX)) <= u64::from(u32::MAX)));
        assert_ne!(replicate_seed(7, 0, u64::MAX), chunk_seed(7, 0));
    }

    #[test]
    fn a_small_fair_calibration_is_uniform_and_a_biased_shuffle_is_not() {
        // 100 replicates × 5000 shuffles of 8 cards. Each statistic's KS and AD p must stay above 0.001: with 12
        // statistics and two tests each, a calibrated harness fails this with probability about 2.4% at most, and
        // the seeds are fixed, so the outcome is deterministic.
        let fair = calibrate(&config(AlgorithmKind::FisherYates, 5000), 100, &Meter::hidden()).unwrap();
        assert!(fair.statistics.len() >= 10);
        for s in &fair.statistics {
            assert!(s.uniform(), "{:?}: KS p {}, AD p {}", s.test, s.ks_p, s.ad_p);
        }
        // Positive control: naive-swap's p-values pile up near 0 (KS p < 1e-9 happens by chance with probability
        // 1e-9).
        let biased = calibrate(&config(AlgorithmKind::NaiveSwap, 5000), 100, &Meter::hidden()).unwrap();
        let pos = biased.statistics.iter().find(|s| s.test == TestId::PositionCard).unwrap();
        assert!(pos.ks_p < 1e-9, "{}", pos.ks_p);
    }
}
