//! Heavy checks of the whole battery, ignored by default; CI runs them with
//! `cargo test --release --test integration -- --ignored second_level::`.
//!
//! - Two-level calibration: every statistic's p-values over independent replicates of a fair shuffle are uniform.
//! - Progressive mode finds MSVC's modulo bias in Fisher–Yates where the exact marginals say it should.

use shuffle_audit::audit::Meter;
use shuffle_audit::audit::RunConfig;
use shuffle_audit::audit::Thresholds;
use shuffle_audit::modes::calibration::calibrate;
use shuffle_audit::modes::progressive;
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};
use shuffle_audit::stats::{TestId, TestSelection};

fn config(kind: AlgorithmKind, rng: RngKind, shuffles: u64, seed: u64) -> RunConfig {
    RunConfig::new(Algorithm::new(kind), rng, 52, shuffles, seed)
}

#[test]
#[ignore = "heavy: 4·10^6 shuffles with every test; run in release"]
fn every_statistic_is_calibrated_on_fisher_yates_chacha8() {
    // 200 replicates × 20000 shuffles of 52 cards. For each of the 15 statistics with a uniform p (each tail of
    // the two-sided ones on its own: 27 rows; duplicate-decks, whose p is a conservative bound, is left out), KS
    // and AD p above 0.001: a calibrated harness fails this with probability at most about 5.4% (54 tests at
    // 0.001; the two tails of a continuous statistic are mirror images, so in fact about 3%); the seed is
    // fixed, so the outcome is deterministic.
    let c = config(AlgorithmKind::FisherYates, RngKind::Chacha8, 20_000, 1);
    let out = calibrate(&c, 200, &Meter::hidden()).unwrap();
    let mut tests: Vec<TestId> = out.statistics.iter().map(|s| s.test).collect();
    tests.dedup();
    assert_eq!(tests.len(), 15);
    assert!(out.statistics.len() > 15);
    for s in &out.statistics {
        assert!(s.uniform(), "{}: KS p {:e}, AD p {:e}", s.test, s.ks_p, s.ad_p);
    }
}

#[test]
#[ignore = "heavy: 4·10^5 shuffles with the guessers; run in release"]
fn the_opt_in_tests_are_calibrated_on_fisher_yates_chacha8() {
    // 200 replicates × 2000 shuffles of 52 cards with longest-increasing and guess (each guesser's own p:
    // 2 + 3 = 5 rows), KS and AD p above 0.001: a calibrated harness fails this with probability at most 1%
    // (10 tests at 0.001); and the family rule's rates stay within their binomial bands. The seed is fixed.
    let mut c = config(AlgorithmKind::FisherYates, RngKind::Chacha8, 2_000, 3);
    c.tests = TestSelection::parse("longest-increasing,guess").unwrap();
    let out = calibrate(&c, 200, &Meter::hidden()).unwrap();
    let kinds: Vec<(TestId, &str)> = out.statistics.iter().map(|s| (s.test, s.p_kind)).collect();
    assert_eq!(kinds.len(), 5, "{kinds:?}");
    for g in ["marginal", "successor", "above-last"] {
        assert!(kinds.contains(&(TestId::Guess, g)), "{kinds:?}");
    }
    for s in &out.statistics {
        assert!(s.uniform(), "{} {}: KS p {:e}, AD p {:e}", s.test, s.p_kind, s.ks_p, s.ad_p);
    }
    assert!(out.calibrated());
}

#[test]
#[ignore = "heavy: up to 1.3·10^8 shuffles with every test; run in release"]
fn progressive_mode_finds_the_msvc_modulo_bias_where_the_exact_marginals_say() {
    // The exact marginals put suit-by-position at the FAIL level near 4·10^7 shuffles (2^25.3) and position-card
    // near 8.5·10^7 (2^26.3) for this run's thresholds, so detection is expected at 2^25, 2^26 or 2^27. A fair
    // shuffle reaches FAIL anywhere in a progressive run with probability below 1e-9; the seed is fixed.
    let c = config(AlgorithmKind::FisherYates, RngKind::Msvc, 1, 20261130);
    let out = progressive::run(&c, 1 << 27, Thresholds::default(), &Meter::hidden(), |_| {}).unwrap();
    let look = out.detected().expect("the msvc modulo bias must be detected by 2^27 shuffles");
    assert!((1 << 25..=1 << 27).contains(&look.shuffles), "detected at {}", look.shuffles);
    let decisive = look.assessment.decisive_test.unwrap();
    assert!([TestId::SuitByPosition, TestId::PositionCard].contains(&decisive), "decided by {decisive}");
}
