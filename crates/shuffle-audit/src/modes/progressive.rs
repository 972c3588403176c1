//! Progressive mode (after PractRand's doubling test lengths): test at 2^10 shuffles, then 2^11, 2^12, … up to a
//! maximum, and stop at the first FAIL, so a gross bias is reported after a moment and a subtle one as soon as the
//! sample is large enough to show it.
//!
//! No work is redone: chunk i of a run is fixed by (seed, i), so the sample of 2^(k+1) shuffles is the sample of
//! 2^k plus the next chunks, and the batteries merge. Samples smaller than one chunk are simply run again.
//!
//! Repeated looks. Each look applies the whole battery with Holm's family-wise control over one family (each
//! two-sided test's smaller tail doubled: `crate::audit::verdict`), and a fair shuffle can fail any of them.
//! With L planned looks, every look's family-wise p is multiplied by L (Bonferroni over the looks; the looks are
//! strongly dependent, so this is conservative), which keeps the chance that a fair shuffle FAILs anywhere in
//! the progressive run below the FAIL threshold, and the same for SUSPICIOUS. The run's progressive family p is
//! [`progressive_ln_p`]: the smallest look's family p times L.

use std::time::Instant;

use crate::audit::meter::Meter;

use crate::audit::fault::FaultReport;
use crate::audit::runner::{self, CHUNK_SHUFFLES, RunConfig, RunOutcome};
use crate::audit::stop::{NEVER, StopFlag, StopReason};
use crate::audit::tally::Tally;
use crate::audit::verdict::{Assessment, Thresholds, Verdict, assess};
use crate::error::ConfigError;
use crate::shuffle::Sweep;
use crate::stats::exact::marginals::{
    Direction, class_lambda, fisher_yates_marginals, position_card_lambda, shuffles_to_reach,
};
use crate::stats::{TestId, TestResult};

/// log2 of the first look's size.
pub const FIRST_LOOK_LOG2: u32 = 10;
pub use crate::audit::settings::DEFAULT_MAX_SHUFFLES;

/// The sizes of the looks: 2^10, 2^11, … up to `max`, then `max` itself if it is not a power of two.
pub fn look_sizes(max: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = (FIRST_LOOK_LOG2..64).map(|k| 1u64 << k).take_while(|&s| s <= max).collect();
    if sizes.last() != Some(&max) {
        sizes.push(max);
    }
    sizes
}

/// `2^12` for powers of two, the number otherwise.
pub fn size_label(n: u64) -> String {
    if n.is_power_of_two() { format!("2^{}", n.trailing_zeros()) } else { n.to_string() }
}

/// One look at the growing sample.
#[derive(Clone, Debug)]
pub struct Look {
    pub shuffles: u64,
    /// The battery's tests with Holm-adjusted p-values, judged against thresholds divided by the number of looks.
    pub assessment: Assessment,
    /// Family-wise ln p of this look (Holm over the tests' family p-values), before the correction for looks.
    pub ln_p_family: f64,
    pub verdict: Verdict,
}

/// Everything a progressive run found.
#[derive(Clone, Debug)]
pub struct ProgressiveOutcome {
    pub looks: Vec<Look>,
    pub planned_looks: usize,
    /// Thresholds each look was judged against (the run's thresholds divided by the planned looks).
    pub look_thresholds: Thresholds,
    /// The battery and timing of the last look.
    pub last: RunOutcome,
    pub fault: Option<FaultReport>,
    /// A signal or the time limit stopped the run before its next look: `last` is the last look finished.
    pub stopped: Option<StopReason>,
}

/// A look's family p after the correction for `planned` looks: `min(1, L · p)`.
pub fn look_corrected_ln_p(ln_p_family: f64, planned: usize) -> f64 {
    (ln_p_family + (planned.max(1) as f64).ln()).min(0.0)
}

/// The family p of a whole progressive run: the smallest look's family p, times the planned looks (what the
/// looks are judged on; `calibrate --progressive` counts how often it is below α).
pub fn progressive_ln_p(looks: &[Look], planned: usize) -> f64 {
    look_corrected_ln_p(looks.iter().map(|l| l.ln_p_family).fold(0.0, f64::min), planned)
}

impl ProgressiveOutcome {
    /// The run's family p over every look ([`progressive_ln_p`]).
    pub fn ln_p_family(&self) -> f64 {
        progressive_ln_p(&self.looks, self.planned_looks)
    }

    /// The first look that FAILed.
    pub fn detected(&self) -> Option<&Look> {
        self.looks.iter().find(|l| l.verdict >= Verdict::Fail)
    }

    /// The verdict of the whole run: BROKEN on a fault, otherwise the worst verdict of any look. This is the rule
    /// whose false-alarm rate is stated (a fair shuffle is flagged at some look with probability at most the
    /// threshold): a run SUSPICIOUS at one look stays SUSPICIOUS when a later look PASSes.
    pub fn verdict(&self) -> Verdict {
        if self.fault.is_some() {
            return Verdict::Broken;
        }
        self.looks.iter().map(|l| l.verdict).max().unwrap_or(Verdict::Pass)
    }

    /// The look with the smallest family p (the first of them on a tie): the one whose look-corrected p is the
    /// run's ([`Self::ln_p_family`]), and a look with the run's verdict (the verdict of a look follows its family p).
    pub fn decisive_look(&self) -> Option<&Look> {
        self.looks.iter().reduce(|best, l| if l.ln_p_family < best.ln_p_family { l } else { best })
    }
}

/// The looks of a progressive run: the planned sizes and the thresholds each look is judged against (the run's
/// divided by the number of planned looks).
#[derive(Clone, Debug)]
pub struct LookPlan {
    pub sizes: Vec<u64>,
    pub thresholds: Thresholds,
}

impl LookPlan {
    pub fn new(max_shuffles: u64, thresholds: Thresholds) -> Self {
        let sizes = look_sizes(max_shuffles);
        let planned = sizes.len() as f64;
        LookPlan {
            thresholds: Thresholds { fail: thresholds.fail / planned, suspicious: thresholds.suspicious / planned },
            sizes,
        }
    }

    pub fn planned(&self) -> usize {
        self.sizes.len()
    }

    /// True when a sample of `n` decks is one of the planned looks.
    pub fn is_look(&self, n: u64) -> bool {
        self.sizes.binary_search(&n).is_ok()
    }

    /// Judges the tally of a sample of `shuffles` decks.
    pub fn judge(&self, shuffles: u64, tally: &Tally) -> Look {
        judge(shuffles, tally.evaluate(), &self.thresholds)
    }
}

/// Runs the looks of `config` (its `shuffles` is ignored) up to `max_shuffles`, calling `on_look` after each, and
/// stops at the first FAIL or fault.
pub fn run(
    config: &RunConfig,
    max_shuffles: u64,
    thresholds: Thresholds,
    bar: &Meter,
    on_look: impl FnMut(&Look),
) -> Result<ProgressiveOutcome, ConfigError> {
    run_until(config, max_shuffles, thresholds, bar, &NEVER, on_look)
}

/// [`run`], stopped cleanly when `stop` is set: the sample counted for the next look is dropped, and the outcome
/// is the last look finished (the first one is always finished).
pub fn run_until(
    config: &RunConfig,
    max_shuffles: u64,
    thresholds: Thresholds,
    bar: &Meter,
    stop: &StopFlag,
    mut on_look: impl FnMut(&Look),
) -> Result<ProgressiveOutcome, ConfigError> {
    let mut check = config.clone();
    check.shuffles = max_shuffles;
    check.validate()?;
    let pool_start = Instant::now();
    let pool = runner::thread_pool(config.threads)?;
    Ok(run_looks(config, max_shuffles, thresholds, bar, stop, Some(&pool), pool_start, &mut on_look))
}

/// [`run`] in the current rayon pool, for a caller that is already inside one (calibration replicates run
/// progressive runs in parallel: a pool of its own per run would nest pools). `config` must be valid.
pub fn run_here(config: &RunConfig, max_shuffles: u64, thresholds: Thresholds, bar: &Meter) -> ProgressiveOutcome {
    run_looks(config, max_shuffles, thresholds, bar, &NEVER, None, Instant::now(), &mut |_| {})
}

#[allow(clippy::too_many_arguments)]
fn run_looks(
    config: &RunConfig,
    max_shuffles: u64,
    thresholds: Thresholds,
    bar: &Meter,
    stop: &StopFlag,
    pool: Option<&rayon::ThreadPool>,
    pool_start: Instant,
    on_look: &mut dyn FnMut(&Look),
) -> ProgressiveOutcome {
    let plan = LookPlan::new(max_shuffles, thresholds);
    let (sizes, planned, look_thresholds) = (plan.sizes.clone(), plan.planned(), plan.thresholds);
    let mut looks = Vec::new();
    let mut tally: Option<Tally> = None;
    let mut chunks_done = 0u64;
    // Starting the workers is part of the run's time.
    let mut elapsed = pool_start.elapsed();
    let mut last = None;
    let mut fault = None;
    let mut stopped = None;
    for &size in &sizes {
        let mut look_config = config.clone();
        look_config.shuffles = size;
        // Tests grow into their requirements (full-permutation needs 10·n! shuffles): skip them until then.
        look_config.tests = config.tests.relaxed();
        let chunks = look_config.chunks();
        // A partial chunk cannot be extended: a look that follows one (samples below one chunk) starts again from
        // chunk 0.
        let extend = chunks_done > 0 && tally.is_some();
        let from = if extend { chunks_done } else { 0 };
        let never_stop = last.is_none();
        let count =
            || runner::run_chunks_until(&look_config, from..chunks, bar, if never_stop { &NEVER } else { stop });
        let counted = match pool {
            Some(pool) => pool.install(count),
            None => count(),
        };
        let outcome = match counted {
            Some(outcome) => outcome,
            None => {
                stopped = stop.requested();
                break;
            }
        };
        elapsed += outcome.elapsed;
        let merged = match (extend, tally.take()) {
            (true, Some(mut b)) => {
                b.merge(&outcome.tally);
                b
            }
            _ => outcome.tally,
        };
        chunks_done = if size % CHUNK_SHUFFLES == 0 { chunks } else { 0 };
        if let Some(f) = outcome.fault {
            fault = Some(f);
            last = Some(RunOutcome { tally: merged, elapsed, fault: fault.clone(), threads: outcome.threads });
            break;
        }
        let look = judge(size, merged.evaluate(), &look_thresholds);
        on_look(&look);
        let stop = look.verdict >= Verdict::Fail;
        looks.push(look);
        last = Some(RunOutcome { tally: merged.clone(), elapsed, fault: None, threads: outcome.threads });
        tally = Some(merged);
        if stop {
            break;
        }
    }
    let last = last.expect("at least one look");
    ProgressiveOutcome { looks, planned_looks: planned, look_thresholds, last, fault, stopped }
}

fn judge(shuffles: u64, results: Vec<TestResult>, thresholds: &Thresholds) -> Look {
    let assessment = assess(results, thresholds);
    let ln_p_family = assessment.ln_p_family;
    Look { shuffles, verdict: assessment.verdict, ln_p_family, assessment }
}

/// What the exact marginals of Fisher–Yates predict for a run: for the position-by-card, suit-by-position and
/// rank-by-position tests, the noncentrality per shuffle and the number of shuffles at which the expected statistic
/// reaches a FAIL of that test alone at `ln_alpha` (a level already divided by the Holm and look multipliers).
#[derive(Clone, Debug)]
pub struct MarginalEstimate {
    pub test: TestId,
    pub df: f64,
    pub lambda_per_shuffle: f64,
    pub shuffles: f64,
}

/// The estimate for `fisher-yates` and `fisher-yates-forward` (other algorithms, a random cut, or decks above 256
/// cards give `None`: the cut makes positions exactly uniform, and the O(n³) chain is kept to small decks).
pub fn marginal_estimate(config: &RunConfig, ln_alpha: f64) -> Option<Vec<MarginalEstimate>> {
    let builtin = config.builtin()?;
    let direction = match builtin.algorithm.kind.fisher_yates_sweep()? {
        Sweep::Backward => Direction::Backward,
        Sweep::Forward => Direction::Forward,
    };
    let n = config.deck;
    // A generator that scales by its runtime's rule has no r() % m model.
    if builtin.post.cut || n > 256 || builtin.rng.scales() {
        return None;
    }
    // A burn rotates positions, which changes no sum of squares over positions.
    let p = fisher_yates_marginals(n, builtin.rng.bits(), direction);
    let mut out = Vec::new();
    let mut push = |test: TestId, df: f64, lambda: f64| {
        if config.tests.contains(test) && lambda > 0.0 {
            out.push(MarginalEstimate {
                test,
                df,
                lambda_per_shuffle: lambda,
                shuffles: shuffles_to_reach(df, lambda, ln_alpha),
            });
        }
    };
    let nf = n as f64;
    push(TestId::PositionCard, (nf - 1.0) * (nf - 1.0), position_card_lambda(n, &p));
    if n == 52 || n == 54 {
        let suits: Vec<u8> = (0..n).map(|c| (c / 13).min(4) as u8).collect();
        let ranks: Vec<u8> = (0..n).map(|c| if c < 52 { (c % 13) as u8 } else { 13 }).collect();
        let (ks, kr) = if n == 52 { (4, 13) } else { (5, 14) };
        push(TestId::SuitByPosition, (ks as f64 - 1.0) * (nf - 1.0), class_lambda(n, &p, &suits, ks));
        push(TestId::RankByPosition, (kr as f64 - 1.0) * (nf - 1.0), class_lambda(n, &p, &ranks, kr));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};

    #[test]
    fn looks_double_from_2_to_the_10() {
        assert_eq!(look_sizes(1 << 12), vec![1024, 2048, 4096]);
        assert_eq!(look_sizes(5000), vec![1024, 2048, 4096, 5000]);
        assert_eq!(look_sizes(100), vec![100]);
        assert_eq!(look_sizes(1 << 30).len(), 21);
    }

    fn config(kind: AlgorithmKind, rng: RngKind) -> RunConfig {
        RunConfig { threads: Some(2), ..RunConfig::new(Algorithm::new(kind), rng, 52, 1, 3) }
    }

    #[test]
    fn naive_swap_is_caught_at_the_first_looks_and_extending_matches_a_fresh_run() {
        // naive-swap's bias needs about 550 shuffles (docs/src/reference.md#sample-sizes); the looks are judged at 1e-9 / 21 per look,
        // which a fair shuffle crosses with probability below 1e-9 over the whole progressive run.
        let c = config(AlgorithmKind::NaiveSwap, RngKind::Chacha8);
        let mut seen = Vec::new();
        let out = run(&c, 1 << 30, Thresholds::default(), &Meter::hidden(), |l| seen.push(l.shuffles)).unwrap();
        let detected = out.detected().expect("naive-swap must be detected");
        assert!(detected.shuffles <= 1 << 12, "detected at {}", detected.shuffles);
        assert_eq!(seen.len(), out.looks.len());
        // Fisher-Yates/chacha8 up to 2^16 shuffles: four chunks built by extension equal one fresh run.
        let fair = config(AlgorithmKind::FisherYates, RngKind::Chacha8);
        let out = run(&fair, 1 << 16, Thresholds::default(), &Meter::hidden(), |_| {}).unwrap();
        assert!(out.detected().is_none());
        assert_eq!(out.looks.len(), 7);
        let mut fresh = fair.clone();
        fresh.shuffles = 1 << 16;
        assert_eq!(out.last.tally, runner::run(&fresh, crate::audit::meter::Progress::Hidden).unwrap().tally);
    }

    #[test]
    fn the_exact_marginals_place_msvc_detection_near_10_to_the_8() {
        let c = config(AlgorithmKind::FisherYates, RngKind::Msvc);
        let est = marginal_estimate(&c, 1e-9f64.ln()).unwrap();
        let pos = est.iter().find(|e| e.test == TestId::PositionCard).unwrap();
        assert!((5e7..1.5e8).contains(&pos.shuffles), "{pos:?}");
        assert!(marginal_estimate(&config(AlgorithmKind::NaiveSwap, RngKind::Msvc), -20.0).is_none());
    }
}
