//! Helpers shared by the statistics' unit tests: every permutation of a tiny deck, and one test of a real run.

use crate::audit::runner::{Progress, RunConfig, run};
use crate::audit::source::{Builtin, DeckSource, PostProcess};
use crate::cards::Card;
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::TestResult;
use crate::stats::{TestId, TestSelection};

/// All n! orders of `0..n`.
pub fn all_permutations(n: usize) -> Vec<Vec<Card>> {
    if n == 1 {
        return vec![vec![0]];
    }
    let mut out = Vec::new();
    for p in all_permutations(n - 1) {
        for at in 0..n {
            let mut q = p.clone();
            q.insert(at, (n - 1) as Card);
            out.push(q);
        }
    }
    out
}

/// Mean and variance of `values`.
pub fn moments(values: &[f64]) -> (f64, f64) {
    let m = values.iter().sum::<f64>() / values.len() as f64;
    (m, values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / values.len() as f64)
}

/// One test of a real run through the runner (two threads; the result does not depend on it).
pub fn run_one(
    algorithm: Algorithm,
    rng: RngKind,
    deck: usize,
    shuffles: u64,
    seed: u64,
    post: PostProcess,
    test: TestId,
) -> TestResult {
    let source = DeckSource::Builtin(Builtin { post, ..Builtin::new(algorithm, rng, seed) });
    let config =
        RunConfig { threads: Some(2), tests: TestSelection::only(&[test]), ..RunConfig::of(source, deck, shuffles) };
    let outcome = run(&config, Progress::Hidden).expect("valid test configuration");
    assert!(outcome.fault.is_none());
    let mut results = outcome.tally.evaluate();
    assert_eq!(results.len(), 1, "{test} must be the only test");
    results.remove(0)
}

/// [`run_one`] for an algorithm without parameters and no post-processing.
pub fn run_plain(kind: AlgorithmKind, rng: RngKind, deck: usize, shuffles: u64, seed: u64, test: TestId) -> TestResult {
    run_one(Algorithm::new(kind), rng, deck, shuffles, seed, PostProcess::default(), test)
}
