//! The cause a failed run's headline names: the finding that explains the others, when the counts show one.
//!
//! The smallest p of a run is often a symptom. A dealer that reseeds from the clock deals a handful of decks, and
//! every statistic of those few decks is far from fair, the seats' as much as the positions'; a shuffle that
//! leaves the deck as it was fails every test at once; Sattolo's loop makes every deck a single cycle, so no
//! card ever stays in place and the parity never changes. The rank, first that holds:
//! 1. **no card moves**: every deck is in its starting order (`fixed-points` saw n fixed points in every deck);
//! 2. **few decks**: `duplicate-decks` finds repeated decks spread over a small space (no one deck holds them
//!    all: see `spread_over_the_space`);
//! 3. **one cycle**: every deck is a single cycle of all n cards (`cycles` saw 1 in every deck, n ≥ 3);
//! 4. **fixed parity**: every deck has the same parity (`parity` saw only even, or only odd, decks);
//!
//! and otherwise the run's decisive test. A cause is named only when its test fails at the run's verdict, and
//! each is a fact of the counts (a histogram with one value, a repeated deck), not an estimate.
//!
//! Which other failures *follow* from the cause is claimed only where it is implied or measured:
//! - no card moves: every test sees the same deck again and again, so every other failure follows;
//! - one cycle: no fixed point and the parity of n − 1 are implied, so `fixed-points` and `parity` follow;
//! - few decks: N decks drawn from about S possible ones repeat each about N/S times, which inflates every
//!   count statistic by the design effect `1 + (N − 1)/S` (a Pearson χ² of counts made of S clusters of
//!   identical decks). The other failures are said to follow when each possible deck was dealt at least 10 times
//!   on average (`N/S ≥ 10`, S at the upper end of its 95% interval) and the position-by-card statistic divided
//!   by that design effect is within chance (its χ² p above e^−10): what is left after the repeats is no bias;
//! - fixed parity explains nothing else by itself (a wash of many swaps has fair marginals and fixed parity).
//!
//! When the run's decisive test is neither the cause's test nor among those that follow, the headline names it
//! too, and so it does the strongest other failure of a cause that accounts for none: the control of a biased
//! shuffle reseeded from a small space keeps its own bias in the headline.

use serde::Serialize;

use crate::audit::verdict::{AssessedTest, Assessment, Verdict};
use crate::stats::TestId;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{CHANCE_LN_P, Finding};

/// Each possible deck dealt at least this many times on average before the repeats are said to explain the
/// other failures.
pub const FEW_DECKS_MIN_REPEATS: f64 = 10.0;

/// The kinds of cause, in their rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CauseKind {
    /// Every deck is in its starting order.
    NoCardMoves,
    /// The decks repeat: they come from a small space of possible decks.
    FewDecks,
    /// Every deck is one cycle of all its cards (Sattolo's algorithm).
    OneCycle,
    /// Every deck has the same parity.
    FixedParity,
}

/// The cause of a failed run, with the failures that follow from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cause {
    pub kind: CauseKind,
    /// The test whose counts show it.
    pub test: TestId,
    /// The other failing tests that follow from it (see the module's rules).
    pub follows: Vec<TestId>,
    /// The run's decisive test, when the cause does not account for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub also: Option<TestId>,
    /// Few decks: the decks dealt per possible deck, `N/S` (S the space's estimate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeats_per_deck: Option<f64>,
}

/// Whether a test fails at the run's verdict (upper tail: a bias, not "too uniform").
fn failing(a: &Assessment, t: &AssessedTest) -> bool {
    a.verdict > Verdict::Pass && t.verdict == a.verdict && !t.too_uniform
}

/// The cause of a run of `n`-card decks over `decks` decks, if its counts show one (see the module's rank).
pub fn rank(a: &Assessment, n: usize, decks: u64) -> Option<Cause> {
    if a.verdict == Verdict::Pass || a.too_uniform {
        return None;
    }
    let failing_test = |id: TestId| a.get(id).filter(|t| failing(a, t));
    let others = |id: TestId| -> Vec<TestId> {
        a.tests.iter().filter(|t| t.result.test != id && failing(a, t)).map(|t| t.result.test).collect()
    };
    let (kind, test, follows, repeats_per_deck) = if let Some(t) = failing_test(TestId::FixedPoints)
        .filter(|t| matches!(&t.result.finding, Finding::FixedPoints(h) if h.only == Some(n)))
    {
        (CauseKind::NoCardMoves, t.result.test, others(t.result.test), None)
    } else if let Some((t, per_deck)) = failing_test(TestId::DuplicateDecks).and_then(|t| match &t.result.finding {
        Finding::DuplicateDecks { seed_space, decks: window, most, .. } => seed_space
            .estimate
            .filter(|&s| spread_over_the_space(*most, *window as f64 / s))
            .map(|s| (t, decks as f64 / s)),
        _ => None,
    }) {
        let follows = if few_decks_explain(a, decks) { others(t.result.test) } else { Vec::new() };
        (CauseKind::FewDecks, t.result.test, follows, Some(per_deck))
    } else if let Some(t) = failing_test(TestId::Cycles)
        .filter(|t| n >= 3 && matches!(&t.result.finding, Finding::Cycles(h) if h.only == Some(1)))
    {
        let implied = [TestId::FixedPoints, TestId::Parity];
        let follows = others(t.result.test).into_iter().filter(|id| implied.contains(id)).collect();
        (CauseKind::OneCycle, t.result.test, follows, None)
    } else if let Some(t) = failing_test(TestId::Parity).filter(|t| {
        matches!(&t.result.finding, Finding::Parity { odd, decks, .. } if *decks > 0 && (*odd == 0 || odd == decks))
    }) {
        (CauseKind::FixedParity, t.result.test, Vec::new(), None)
    } else {
        return None;
    };
    // The decisive test when the cause does not account for it; when the cause is itself the decisive test but
    // accounts for nothing else, the strongest of the other failures.
    let also = match a.decisive_test.filter(|d| *d != test && !follows.contains(d)) {
        Some(d) => Some(d),
        None if follows.is_empty() => a
            .tests
            .iter()
            .filter(|t| t.result.test != test && failing(a, t))
            .min_by(|x, y| x.ln_p_adjusted.total_cmp(&y.ln_p_adjusted))
            .map(|t| t.result.test),
        None => None,
    };
    Some(Cause { kind, test, follows, also, repeats_per_deck })
}

/// Whether the repeats look like draws from a space of decks, each seen about `per_deck` times: the deck seen
/// most often is seen at most `10·per_deck + 10` times (the largest of S Poisson counts of mean λ is about
/// `λ + √(2λ·ln S)`, far below that for every λ and any S up to 2^64; the slack lets a few seeds share a deck,
/// as pair-swap's untouched deck does over 4096 seeds). A shuffle that leaves one deck far more likely than the
/// others (pair-swap, untouched 1 time in 1023, over a large space) repeats that deck alone: its "space",
/// C(M, 2)/pairs, is no count of possible decks, and no small space is named.
fn spread_over_the_space(most: u64, per_deck: f64) -> bool {
    most as f64 <= 10.0 * per_deck + 10.0
}

/// Whether the repeats of a small deck space explain the run's other failures: each possible deck dealt at
/// least [`FEW_DECKS_MIN_REPEATS`] times (S at the upper end of its interval), and the position-by-card
/// statistic, divided by the design effect `1 + (N − 1)/S`, within chance.
fn few_decks_explain(a: &Assessment, decks: u64) -> bool {
    let Some(dup) = a.get(TestId::DuplicateDecks) else { return false };
    let Finding::DuplicateDecks { seed_space, .. } = &dup.result.finding else { return false };
    let Some(space) = seed_space.high.or(seed_space.estimate) else { return false };
    let n = decks as f64;
    if n / space < FEW_DECKS_MIN_REPEATS {
        return false;
    }
    match a.get(TestId::PositionCard) {
        Some(t) if t.result.df > 0.0 => {
            let design_effect = 1.0 + (n - 1.0) / space;
            chi2_ln_sf(t.result.statistic / design_effect, t.result.df) > CHANCE_LN_P
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::verdict::{Thresholds, assess};
    use crate::stats::TestResult;
    use crate::stats::finding::{HistogramFinding, SeedSpaceEstimate};

    fn result(test: TestId, ln_p: f64, finding: Finding) -> TestResult {
        TestResult { test, statistic: 0.0, df: 1.0, ln_p, ln_p_low: None, effect: 0.0, finding }
    }

    fn histogram(only: Option<usize>) -> HistogramFinding {
        HistogramFinding {
            mean: 0.0,
            fair_mean: 1.0,
            worst: (0, 2.0),
            never: None,
            bins: 5,
            impossible: 0,
            only,
            fair: false,
        }
    }

    fn parity(odd: u64, decks: u64) -> Finding {
        Finding::Parity { odd, decks, share: odd as f64 / decks as f64, fair: false }
    }

    #[test]
    fn one_cycle_is_named_only_when_every_deck_is_one_cycle() {
        let tests = |only| {
            vec![
                result(TestId::Cycles, -5000.0, Finding::Cycles(histogram(only))),
                result(TestId::FixedPoints, -800.0, Finding::FixedPoints(histogram(Some(0)))),
                result(TestId::Parity, -900.0, parity(1000, 1000)),
            ]
        };
        let a = assess(tests(Some(1)), &Thresholds::default());
        let c = rank(&a, 52, 1000).unwrap();
        assert_eq!((c.kind, c.test, c.also), (CauseKind::OneCycle, TestId::Cycles, None));
        assert_eq!(c.follows, [TestId::FixedPoints, TestId::Parity]);
        // Control: the same failures with one deck of two cycles is not "one cycle"; the parity (all odd) is.
        let a = assess(tests(None), &Thresholds::default());
        let c = rank(&a, 52, 1000).unwrap();
        assert_eq!((c.kind, c.test, c.also), (CauseKind::FixedParity, TestId::Parity, Some(TestId::Cycles)));
        assert!(c.follows.is_empty());
    }

    #[test]
    fn no_card_moves_only_when_every_deck_keeps_every_card() {
        let tests = |only| {
            vec![
                result(TestId::FixedPoints, -5000.0, Finding::FixedPoints(histogram(only))),
                result(TestId::Parity, -900.0, parity(0, 1000)),
            ]
        };
        let c = rank(&assess(tests(Some(52)), &Thresholds::default()), 52, 1000).unwrap();
        assert_eq!((c.kind, c.follows.as_slice()), (CauseKind::NoCardMoves, &[TestId::Parity][..]));
        // 50 cards in place in every deck (two always swapped): the cards move, the parity (all even) is fixed.
        let c = rank(&assess(tests(Some(50)), &Thresholds::default()), 52, 1000).unwrap();
        assert_eq!(c.kind, CauseKind::FixedParity);
    }

    fn duplicates(decks: u64, space: f64) -> Finding {
        Finding::DuplicateDecks {
            decks,
            window: decks,
            repeats: decks - 8,
            pairs: (decks as f64 * decks as f64 / 2.0 / space) as u64,
            most: (decks as f64 / space).ceil() as u64 + 1,
            fair_pairs: 0.0,
            seed_space: SeedSpaceEstimate { estimate: Some(space), low: space * 0.99, high: Some(space * 1.01) },
            fair: false,
        }
    }

    fn position_card(statistic: f64) -> TestResult {
        TestResult {
            statistic,
            df: 2601.0,
            ..result(TestId::PositionCard, chi2_ln_sf(statistic, 2601.0), parity(0, 1))
        }
    }

    #[test]
    fn few_decks_explain_the_others_only_when_the_repeats_account_for_them() {
        let n = 200_000u64;
        // 8 possible decks: the design effect is 25,000; a position-card statistic of 2601 × 25,000 is what fair
        // decks repeated that often give, so the seat's failure follows.
        let seat = result(TestId::BigCardsSeat, -300.0, parity(0, 1));
        let a = assess(
            vec![
                result(TestId::DuplicateDecks, -1e6, duplicates(n, 8.0)),
                position_card(2601.0 * 25_000.0),
                seat.clone(),
            ],
            &Thresholds::default(),
        );
        let c = rank(&a, 52, n).unwrap();
        assert_eq!(c.kind, CauseKind::FewDecks);
        assert_eq!(c.follows, [TestId::PositionCard, TestId::BigCardsSeat]);
        assert_eq!(c.also, None);
        // Control: the same repeats with a position-card statistic 3 times what they explain (a bias of its own).
        let a = assess(
            vec![
                result(TestId::DuplicateDecks, -1e6, duplicates(n, 8.0)),
                position_card(3.0 * 2601.0 * 25_000.0),
                seat,
            ],
            &Thresholds::default(),
        );
        let c = rank(&a, 52, n).unwrap();
        assert!(c.follows.is_empty());
        assert_eq!(c.also, Some(TestId::PositionCard));
        // ... also when the repeats are the decisive test: the strongest other failure is named beside them.
        let a = assess(
            vec![result(TestId::DuplicateDecks, -1e12, duplicates(n, 8.0)), position_card(3.0 * 2601.0 * 25_000.0)],
            &Thresholds::default(),
        );
        assert_eq!(rank(&a, 52, n).unwrap().also, Some(TestId::PositionCard));
        // Control: a space of 2^32 seen 10^6 times repeats decks (a real finding) but explains no marginal.
        let a = assess(
            vec![result(TestId::DuplicateDecks, -200.0, duplicates(1_000_000, 2f64.powi(32))), position_card(40_000.0)],
            &Thresholds::default(),
        );
        let c = rank(&a, 52, 1_000_000).unwrap();
        assert_eq!((c.kind, c.follows.len(), c.also), (CauseKind::FewDecks, 0, Some(TestId::PositionCard)));
    }

    #[test]
    fn one_deck_repeated_alone_is_no_small_space() {
        // Control: pair-swap leaves the deck untouched once in 1023 shuffles: 256 of 262,144 decks are the
        // starting order, C(256, 2) pairs suggest "2^20 decks", but one deck holds every repeat.
        let mut f = duplicates(262_144, 2f64.powi(20));
        if let Finding::DuplicateDecks { most, .. } = &mut f {
            *most = 256;
        }
        let a = assess(vec![result(TestId::DuplicateDecks, -1e5, f), position_card(40_000.0)], &Thresholds::default());
        assert_eq!(rank(&a, 52, 262_144), None);
    }

    #[test]
    fn a_run_without_a_cause_keeps_its_decisive_test() {
        let a = assess(
            vec![
                position_card(40_000.0),
                result(TestId::Parity, -0.1, Finding::Parity { odd: 5, decks: 9, share: 0.5, fair: true }),
            ],
            &Thresholds::default(),
        );
        assert_eq!(rank(&a, 52, 1000), None);
        // A passing run has no cause even if its decks all had one cycle (two decks, say).
        let a = assess(vec![result(TestId::Cycles, -1.0, Finding::Cycles(histogram(Some(1))))], &Thresholds::default());
        assert_eq!(rank(&a, 52, 2), None);
    }
}
