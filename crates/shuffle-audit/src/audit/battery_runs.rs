//! The statistics' and the table tests' checks on real runs: a biased algorithm through the runner must be
//! caught, a fair one must pass, and the explanation must say what was seen. Each statistic's own unit tests live
//! with it in the core crate; these need the runner and the reports, which the core cannot use.

use crate::audit::meter::Progress;
use crate::audit::runner::{RunConfig, run};
use crate::audit::source::{Builtin, DeckSource, PostProcess};
use crate::cards::Card;
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::Finding;
use crate::stats::{TestId, TestResult, TestSelection};

/// One test of a real run through the runner (two threads; the result does not depend on it).
pub(super) fn run_one(
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
pub(super) fn run_plain(
    kind: AlgorithmKind,
    rng: RngKind,
    deck: usize,
    shuffles: u64,
    seed: u64,
    test: TestId,
) -> TestResult {
    run_one(Algorithm::new(kind), rng, deck, shuffles, seed, PostProcess::default(), test)
}

mod full_permutation {
    use super::*;

    use super::run_plain;
    use crate::rng::RngKind;
    use crate::shuffle::AlgorithmKind;

    #[test]
    fn naive_swap_favours_some_orders_and_fisher_yates_does_not() {
        // Positive control on 4 cards (4^4 = 256 paths over 24 orders cannot be even) with 24000 shuffles, 1000
        // expected per order; a fair shuffle gives p < 1e-9 with probability 1e-9.
        let t = run_plain(AlgorithmKind::NaiveSwap, RngKind::Chacha8, 4, 24_000, 9, TestId::FullPermutation);
        assert!(t.ln_p < 1e-9f64.ln(), "{t:?}");
        // Fisher-Yates at a fixed seed: p below 1e-4 in either tail with probability 2e-4.
        let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 4, 2400, 9, TestId::FullPermutation);
        assert!(fair.ln_p > 1e-4f64.ln() && fair.ln_p_low.unwrap() > 1e-4f64.ln(), "{fair:?}");
    }
}

mod suit_rank {
    use super::*;

    use super::run_plain;
    use crate::rng::RngKind;
    use crate::shuffle::AlgorithmKind;

    #[test]
    fn a_barely_shuffled_deck_keeps_suits_in_place() {
        // Positive control: pair-swap leaves many cards at home, so each suit stays in its block of positions.
        // A fair shuffle gives p < 1e-9 with probability 1e-9.
        for test in [TestId::SuitByPosition, TestId::RankByPosition] {
            let t = run_plain(AlgorithmKind::PairSwap, RngKind::Chacha8, 52, 20_000, 2, test);
            assert!(t.ln_p < -100.0, "{test}: {}", t.ln_p);
            // Fisher-Yates at a fixed seed: p below 1e-4 in either tail with probability 2e-4.
            let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 54, 20_000, 2, test);
            assert!(fair.ln_p > 1e-4f64.ln() && fair.ln_p_low.unwrap() > 1e-4f64.ln(), "{fair:?}");
            // The headline's noise band: pair-swap's worst cell lies far beyond it, a fair shuffle's worst cell
            // inside it (outside with probability about 4.5e-5 by construction).
            let band = |t: &crate::stats::TestResult| match t.finding {
                Finding::ClassByPosition { ratio, noise_band, .. } => (ratio, noise_band),
                ref other => panic!("{other:?}"),
            };
            let (ratio, noise) = band(&t);
            assert!(crate::stats::finding::stands_out(ratio, noise), "pair-swap {ratio} within ±{noise}");
            let (ratio, noise) = band(&fair);
            assert!(!crate::stats::finding::stands_out(ratio, noise), "fair {ratio} beyond ±{noise}");
        }
    }
}

mod fixed_points {

    use crate::rng::RngKind;
    use crate::shuffle::AlgorithmKind;
    use crate::stats::TestId;

    use super::run_plain;

    #[test]
    fn pair_swap_leaves_cards_at_home() {
        // Positive control: pair-swap (docs/src/algorithms.md#pair-swap: about 2.3 fixed points instead of 1 at 52 cards). A fair shuffle gives
        // p < 1e-9 with probability 1e-9; this one must be far below.
        let t = run_plain(AlgorithmKind::PairSwap, RngKind::Chacha8, 52, 20_000, 3, TestId::FixedPoints);
        assert!(t.ln_p < -1000.0, "{}", t.ln_p);
        assert!(t.effect > 1.0, "{}", t.effect);
        // Fisher-Yates at a fixed seed: p below 1e-4 with probability 1e-4.
        let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 52, 20_000, 3, TestId::FixedPoints);
        assert!(fair.ln_p > 1e-4f64.ln() && fair.ln_p_low.unwrap() > 1e-4f64.ln(), "{fair:?}");
    }
}

mod cycles {

    use crate::audit::source::PostProcess;
    use crate::rng::RngKind;
    use crate::shuffle::Algorithm;
    use crate::stats::TestId;

    use super::run_one;

    #[test]
    fn an_even_only_shuffle_never_has_an_odd_cycle_count() {
        // Positive control: wash with 54 swaps on 54 cards reaches only even permutations, so the cycle count is
        // always even; a fair shuffle gives p < 1e-9 with probability 1e-9.
        let wash = Algorithm::with_swaps(crate::shuffle::AlgorithmKind::Wash, Some(54));
        let t = run_one(wash, RngKind::Chacha8, 54, 20_000, 1, PostProcess::default(), TestId::Cycles);
        assert!(t.ln_p < -1000.0, "{}", t.ln_p);
        let headline = crate::report::i18n::test_headline(crate::cards::Lang::En, &t);
        assert!(headline.starts_with("never"), "{headline}");
    }
}

mod rising_sequences {

    use crate::audit::source::PostProcess;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};
    use crate::stats::TestId;

    use super::{run_one, run_plain};

    #[test]
    fn a_cut_deck_has_at_most_two_rising_sequences() {
        // Positive control: identity followed by a random cut. A fair shuffle gives p < 1e-9 with probability
        // 1e-9.
        let cut = PostProcess { cut: true, burn: 0 };
        let t = run_one(
            Algorithm::new(AlgorithmKind::Identity),
            RngKind::Chacha8,
            52,
            2000,
            1,
            cut,
            TestId::RisingSequences,
        );
        assert!(t.ln_p < -10_000.0, "{}", t.ln_p);
        assert!(t.effect < -20.0, "{}", t.effect);
        // Fisher-Yates at a fixed seed: p below 1e-4 with probability 1e-4.
        let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 52, 20_000, 1, TestId::RisingSequences);
        assert!(fair.ln_p > 1e-4f64.ln() && fair.ln_p_low.unwrap() > 1e-4f64.ln(), "{fair:?}");
    }
}

mod inversions {
    use super::*;

    use super::run_plain;
    use crate::rng::RngKind;
    use crate::shuffle::AlgorithmKind;

    #[test]
    fn a_barely_shuffled_deck_keeps_its_order() {
        // Positive control: pair-swap often barely touches the deck, so far fewer than half of the pairs are
        // inverted. A fair shuffle gives p < 1e-9 with probability 1e-9.
        let t = run_plain(AlgorithmKind::PairSwap, RngKind::Chacha8, 52, 20_000, 5, TestId::Inversions);
        assert!(t.ln_p < -100.0, "{}", t.ln_p);
        assert!(t.effect < 0.0);
        // Large decks use the z-test: 300 cards of pair-swap, the same conclusion.
        let big = run_plain(AlgorithmKind::PairSwap, RngKind::Chacha8, 300, 5_000, 5, TestId::Inversions);
        assert!(big.ln_p < -100.0 && crate::report::i18n::detail(&big).contains("normal approximation"), "{big:?}");
        // Fisher-Yates at a fixed seed: p below 1e-4 with probability 1e-4, for both forms of the test.
        for n in [52, 300] {
            let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, n, 20_000, 5, TestId::Inversions);
            assert!(fair.ln_p > 1e-4f64.ln(), "{fair:?}");
        }
    }
}

mod adjacency {
    use super::*;

    use super::{run_one, run_plain};
    use crate::audit::source::PostProcess;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};
    use crate::stats::distributions::special::binomial_band;
    use crate::stats::distributions::uniformity::ks_uniform;

    #[test]
    fn fair_shuffles_give_uniform_p_values() {
        // 200 independent seeds of Fisher-Yates/chacha8 on 8 cards (df = 41), 2000 shuffles each. A calibrated
        // test rejects at α = 0.05 a Binomial(200, 0.05) number of times; the 99.9% band and a KS p above 0.001
        // each fail by chance with probability at most 0.001 (seeds are fixed, so the outcome is deterministic).
        let mut p_values = Vec::new();
        for seed in 0..200 {
            let t = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 8, 2000, seed, TestId::Adjacency);
            p_values.push(t.ln_p.exp());
        }
        let rejected = p_values.iter().filter(|&&p| p < 0.05).count() as u64;
        let (lo, hi) = binomial_band(200, 0.05, 0.999);
        assert!((lo..=hi).contains(&rejected), "{rejected} rejections of 200 at 5% (band {lo}..={hi})");
        let (_, ks_p) = ks_uniform(&p_values);
        assert!(ks_p > 1e-3, "KS p = {ks_p}");
    }
    #[test]
    fn a_cut_deck_is_caught_while_its_positions_look_fair() {
        // Positive control: identity + a random cut. Every position is uniform, yet the pairs are intact. A fair
        // shuffle gives p < 1e-9 with probability 1e-9.
        let cut = PostProcess { cut: true, burn: 0 };
        let id = Algorithm::new(AlgorithmKind::Identity);
        let t = run_one(id, RngKind::Chacha8, 52, 2000, 4, cut, TestId::Adjacency);
        assert!(t.ln_p < -10_000.0, "{}", t.ln_p);
        let headline = crate::report::i18n::test_headline(crate::cards::Lang::En, &t);
        assert!(headline.contains("right after"), "{headline}");
        // The position-by-card test at the same seed: p above 1e-4 in both tails (probability 2e-4 of failing).
        let pos = run_one(id, RngKind::Chacha8, 52, 2000, 4, cut, TestId::PositionCard);
        assert!(pos.ln_p > 1e-4f64.ln() && pos.ln_p_low.unwrap() > 1e-4f64.ln(), "{pos:?}");
    }
}

mod parity {
    use super::*;

    use super::{run_one, run_plain};
    use crate::audit::source::PostProcess;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};

    #[test]
    fn wash_never_makes_an_odd_permutation_and_fails_with_a_finite_p() {
        // Positive control: wash with an even number of swaps is always even. p = 2^(1−N) exactly.
        let wash = Algorithm::with_swaps(AlgorithmKind::Wash, Some(500));
        let t = run_one(wash, RngKind::Chacha8, 54, 5000, 7, PostProcess::default(), TestId::Parity);
        assert_eq!(t.statistic, 0.0);
        assert!((t.ln_p - (1.0 - 5000.0) * std::f64::consts::LN_2).abs() < 1e-6, "{}", t.ln_p);
        assert_eq!(crate::report::i18n::test_headline(crate::cards::Lang::En, &t), "never odd");
        // Fisher-Yates at a fixed seed: p below 1e-4 with probability 1e-4.
        let fair = run_plain(AlgorithmKind::FisherYates, RngKind::Chacha8, 54, 5000, 7, TestId::Parity);
        assert!(fair.ln_p > 1e-4f64.ln(), "{fair:?}");
    }
}

mod seat_cards {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::game::table::seat_cards::*;

    #[test]
    fn a_deck_dealt_unshuffled_is_caught_and_named() {
        let m = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap().seat_map();
        let mut c = SeatCardCounts::new(&m);
        let deck: Vec<Card> = (0..54).collect();
        for _ in 0..100 {
            c.add(&deck);
        }
        let tests = c.evaluate();
        assert!(tests.iter().all(|t| t.ln_p < -100.0), "{tests:?}");
        assert_eq!(tests[0].df, 3.0 * 53.0);
        let headline = crate::report::i18n::test_headline(crate::cards::Lang::En, &tests[2]);
        assert!(headline.contains("as often as fair"), "{headline}");
    }
}

mod doudizhu {

    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::game::table::doudizhu::*;
    use crate::rng::{Pcg32, RawRng, SeededRng};

    fn fresh() -> (DealConfig, DoudizhuSeatStats) {
        let config = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let stats = DoudizhuSeatStats::new(&config.seat_map());
        (config, stats)
    }

    #[test]
    fn a_fair_shuffle_passes_and_a_dealt_order_fails() {
        // Fisher–Yates driven by PCG32 (seed 11), 20000 deals. Each test is Bonferroni-corrected; the chance that
        // any of the five falls below p = 1e-4 for a fair shuffle is at most 5e-4.
        let (config, mut s) = fresh();
        let mut rng = Pcg32::from_seed_u64(11);
        let mut deck = config.start_deck();
        for _ in 0..20_000 {
            deck.copy_from_slice(&config.start_deck());
            for i in (1..deck.len()).rev() {
                let j = (rng.r() % (i as u32 + 1)) as usize;
                deck.swap(i, j);
            }
            s.add(&deck);
        }
        let tests = s.evaluate();
        let names: Vec<&str> = tests.iter().map(|t| t.test.name()).collect();
        assert_eq!(names, ["bottom-joker", "big-cards-seat", "rocket-seat", "bomb-seat", "bombs-per-hand"]);
        for t in &tests {
            assert!(t.ln_p > 1e-4f64.ln(), "{}: {}", t.test, crate::report::i18n::detail(t));
        }
        // Positive control: the same deck every time puts a joker in the bottom in every deal.
        let (config, mut s) = fresh();
        for _ in 0..200 {
            s.add(&config.start_deck());
        }
        let bottom = &s.evaluate()[0];
        assert!(bottom.ln_p < -100.0, "{}", crate::report::i18n::detail(bottom));
        assert_eq!(
            crate::report::i18n::test_headline(crate::cards::Lang::En, bottom),
            "bottom holds a joker 100.0% vs 10.9% fair"
        );
    }
}

mod douniu {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::game::table::douniu::*;
    use crate::rng::{Pcg32, RawRng, SeededRng};

    #[test]
    fn fair_deals_fit_and_a_fixed_deal_does_not() {
        let config = DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap();
        let map = config.seat_map();
        let mut s = DouniuSeatStats::new(&map);
        // Fisher–Yates with PCG32 (seed 5), 20000 deals: the Bonferroni-adjusted p falls below 1e-4 for a fair
        // shuffle with probability at most 1e-4.
        let mut rng = Pcg32::from_seed_u64(5);
        let mut deck: Vec<Card> = (0..52).collect();
        for _ in 0..20_000 {
            for i in (1..52).rev() {
                deck.swap(i, (rng.r() % (i as u32 + 1)) as usize);
            }
            s.add(&deck);
        }
        let t = &s.evaluate()[0];
        assert!(t.ln_p > 1e-4f64.ln(), "{}", crate::report::i18n::detail(t));
        assert_eq!(s.seat_counts(2).iter().sum::<u64>(), 20_000);
        // Positive control: the unshuffled deck gives seat 1 ♠A..♠5, niu 5, every time.
        let mut fixed = DouniuSeatStats::new(&map);
        let sorted: Vec<Card> = (0..52).collect();
        for _ in 0..500 {
            fixed.add(&sorted);
        }
        let mut merged = DouniuSeatStats::new(&map);
        merged.merge(&fixed);
        let t = &merged.evaluate()[0];
        assert!(t.ln_p < -100.0, "{}", crate::report::i18n::detail(t));
        assert_eq!(merged.seat_counts(0)[5], 500);
        let headline = crate::report::i18n::test_headline(crate::cards::Lang::En, t);
        assert!(headline.contains("100.0% vs"), "{headline}");
    }
}
