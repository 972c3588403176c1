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
//! The p-value tested is [`crate::stats::Battery::uniform_p_values`]: the test's own p, except Šidák's transform for the two
//! max-over-lines tests (their Bonferroni bound has an atom at 1) and the mid-p value for parity (a discrete
//! statistic). The other statistics are chi-square approximations to discrete laws; with 10^5 shuffles their
//! discreteness is far below what 200 replicates can see.

use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::audit::fault::FaultReport;
use crate::audit::runner::{self, RunConfig, chunk_seed};
use crate::audit::source::{Builtin, DeckSource};
use crate::error::{ConfigError, Field};
use crate::stats::TestId;
use crate::stats::dist::uniformity::{anderson_darling_uniform, ks_uniform};

/// Stream offset that separates replicate seeds from chunk seeds ("REPLICAT" in ASCII).
const REPLICATE_STREAM: u64 = 0x5245_504c_4943_4154;

/// The seed of replicate `r`.
pub fn replicate_seed(seed: u64, r: u64, c_library: bool) -> u64 {
    let s = chunk_seed(seed ^ REPLICATE_STREAM, r);
    if c_library { s & 0xffff_ffff } else { s }
}

/// One replicate's p-values: (test, how the p was formed, p).
#[derive(Clone, Debug)]
pub struct Replicate {
    pub index: u64,
    pub seed: u64,
    pub p_values: Vec<(TestId, &'static str, f64)>,
}

/// One statistic's second-level tests.
#[derive(Clone, Debug)]
pub struct StatisticCalibration {
    pub test: TestId,
    /// `p`, `Sidak` or `mid-p`.
    pub p_kind: &'static str,
    pub p_values: Vec<f64>,
    pub ks_d: f64,
    pub ks_p: f64,
    pub ad_a2: f64,
    pub ad_p: f64,
    /// Replicates with p < 0.01 (a calibrated test: about 1%).
    pub rejected_at_01: usize,
}

/// Below this second-level p a statistic is reported as not uniform.
pub const NOT_UNIFORM_BELOW: f64 = 1e-3;

impl StatisticCalibration {
    pub fn uniform(&self) -> bool {
        self.ks_p >= NOT_UNIFORM_BELOW && self.ad_p >= NOT_UNIFORM_BELOW
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
}

/// Runs `replicates` replicates of `config` (its `seed` is the master seed), counting every shuffle on `bar`.
pub fn calibrate(config: &RunConfig, replicates: u64, bar: &ProgressBar) -> Result<CalibrationOutcome, ConfigError> {
    config.validate()?;
    if replicates == 0 {
        return Err(ConfigError::new(Field::Replicates, "must be at least 1"));
    }
    crate::audit::limits::check_replicates(replicates, config.shuffles)?;
    let start = Instant::now();
    let pool = runner::thread_pool(config.threads)?;
    let Some(builtin) = config.builtin().copied() else {
        return Err(ConfigError::new(Field::Algorithm, "calibration replicates built-in shuffles only"));
    };
    let c_library = builtin.rng.is_c_library();
    let runs: Vec<(Replicate, Option<FaultReport>)> = pool.install(|| {
        (0..replicates)
            .into_par_iter()
            .map(|r| {
                let seed = replicate_seed(builtin.seed, r, c_library);
                let c = RunConfig { source: DeckSource::Builtin(Builtin { seed, ..builtin }), ..config.clone() };
                let outcome = runner::run_chunks(&c, 0..c.chunks(), bar);
                let p_values = outcome
                    .tally
                    .battery
                    .uniform_p_values()
                    .into_iter()
                    .map(|(t, kind, ln_p)| (t, kind, ln_p.exp()))
                    .collect();
                (Replicate { index: r, seed, p_values }, outcome.fault)
            })
            .collect()
    });
    let fault = runs.iter().find_map(|(_, f)| f.clone());
    let replicates: Vec<Replicate> = runs.into_iter().map(|(r, _)| r).collect();
    let statistics = if fault.is_some() { Vec::new() } else { second_level(&replicates) };
    Ok(CalibrationOutcome {
        replicates,
        statistics,
        elapsed: start.elapsed(),
        threads: pool.current_num_threads(),
        fault,
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
                .filter_map(|r| r.p_values.iter().find(|(t, _, _)| *t == test).map(|&(_, _, p)| p))
                .collect();
            let (ks_d, ks_p) = ks_uniform(&p_values);
            let (ad_a2, ad_p) = anderson_darling_uniform(&p_values);
            let rejected_at_01 = p_values.iter().filter(|&&p| p < 0.01).count();
            StatisticCalibration { test, p_kind, p_values, ks_d, ks_p, ad_a2, ad_p, rejected_at_01 }
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
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|r| replicate_seed(7, r, false)).collect();
        assert_eq!(seeds.len(), 1000);
        assert!((0..100).all(|r| replicate_seed(7, r, true) <= u64::from(u32::MAX)));
        assert_ne!(replicate_seed(7, 0, false), chunk_seed(7, 0));
    }

    #[test]
    fn a_small_fair_calibration_is_uniform_and_a_biased_shuffle_is_not() {
        // 100 replicates × 5000 shuffles of 8 cards. Each statistic's KS and AD p must stay above 0.001: with 12
        // statistics and two tests each, a calibrated harness fails this with probability about 2.4% at most, and
        // the seeds are fixed, so the outcome is deterministic.
        let fair = calibrate(&config(AlgorithmKind::FisherYates, 5000), 100, &ProgressBar::hidden()).unwrap();
        assert!(fair.statistics.len() >= 10);
        for s in &fair.statistics {
            assert!(s.uniform(), "{:?}: KS p {}, AD p {}", s.test, s.ks_p, s.ad_p);
        }
        // Positive control: naive-swap's p-values pile up near 0 (KS p < 1e-9 happens by chance with probability
        // 1e-9).
        let biased = calibrate(&config(AlgorithmKind::NaiveSwap, 5000), 100, &ProgressBar::hidden()).unwrap();
        let pos = biased.statistics.iter().find(|s| s.test == TestId::PositionCard).unwrap();
        assert!(pos.ks_p < 1e-9, "{}", pos.ks_p);
    }
}
