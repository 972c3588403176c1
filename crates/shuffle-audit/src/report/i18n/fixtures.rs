//! Test fixtures of the message catalogue: the results of every test, each turned into the variants that take
//! every branch of its sentences, and runs that end for every reason, so that the tests render every message
//! the catalogue can build.

use crate::audit::cause::{Cause, CauseKind};
use crate::audit::fault::{FaultKind, FaultReport};
use crate::audit::input::{DeckFormat, ExternalSource, InputSummary, PartialReason, ProducerStatus};
use crate::audit::looks_like::{CandidateFit, LooksLike};
use crate::audit::result::{Incomplete, Reason};
use crate::audit::stop::StopReason;
use crate::audit::verdict::{Thresholds, Verdict};
use crate::report::RunReport;
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::finding::{CardClass, DealGroup, Finding, SeedSpaceEstimate};
use crate::stats::{TestId, TestResult};

/// Results of every test: the deck tests of a small and a full deck, and the seat and table tests of 斗地主,
/// 斗牛, baccarat, blackjack, two-deck 斗地主 and a custom deal, from a fair shuffle and from decks that barely move.
pub(super) fn every_test_result() -> Vec<TestResult> {
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::game::table::GameStats;
    use crate::stats::{Battery, Cards, TestSelection};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut g = rand_pcg::Pcg64::seed_from_u64(1);
    let mut out = Vec::new();
    let custom = DealShape { players: Some(3), hand: Some(4), bottom: Some(2), ..Default::default() };
    let deals = [
        DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap(),
        DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap(),
        DealConfig::new(Game::Custom, Some(20), custom).unwrap(),
        DealConfig::shoe(Game::Baccarat, None, Some(2), DealShape::default()).unwrap(),
        DealConfig::shoe(Game::Blackjack, None, Some(2), DealShape::default()).unwrap(),
        DealConfig::new(Game::Doudizhu4, None, DealShape::default()).unwrap(),
    ];
    for fair in [true, false] {
        // Three decks and a 2-deck shoe of 52 cards (the tests of faces by position).
        let cards = [Cards::deck(6), Cards::deck(52), Cards::deck(54), Cards::shoe(52, 2, true)];
        for cards in cards {
            let n = cards.n;
            let mut b = Battery::for_cards(cards, TestSelection::all());
            let mut deck: Vec<crate::cards::Card> = (0..n as u16).collect();
            for k in 0..8_000 {
                if fair {
                    deck.shuffle(&mut g);
                } else {
                    deck.swap(k % n, (k * 7 + 1) % n);
                }
                b.add(&deck);
            }
            out.extend(b.evaluate());
            if n == 52 {
                // The second level of a run in samples: four samples of this deck's p-values.
                let p = b.uniform_p_values();
                out.extend(crate::stats::second_level::second_level(&[p.clone(), p.clone(), p.clone(), p], 8_000));
            }
        }
        for deal in &deals {
            let mut stats = GameStats::new(deal, TestSelection::default());
            let mut deck = deal.start_deck();
            for k in 0..4_000 {
                if fair {
                    deck.shuffle(&mut g);
                } else {
                    deck.swap(k % deal.deck, (k * 5 + 3) % deal.deck);
                }
                stats.add(&deck);
            }
            out.extend(stats.evaluate());
        }
    }
    out
}

/// Copies of a result with its finding changed so that each branch of its sentences is taken: fair and not,
/// within noise and not, every group of a deal and class of cards, ratios near and far from 1.
pub(super) fn variants(t: &TestResult) -> Vec<TestResult> {
    let with = |f: Finding| TestResult { finding: f, ..t.clone() };
    let mut out = vec![t.clone()];
    let groups = [DealGroup::Seat(0), DealGroup::Seat(2), DealGroup::Bottom, DealGroup::Undealt];
    match &t.finding {
        Finding::PositionCard { most, least, .. } => {
            for within_noise in [true, false] {
                for noise_band in [f64::INFINITY, 1.0, 1e-6] {
                    for stays_home in [true, false] {
                        if let Finding::PositionCard { n, shuffles, .. } = t.finding {
                            out.push(with(Finding::PositionCard {
                                n,
                                most: *most,
                                least: *least,
                                stays_home,
                                within_noise,
                                noise_band,
                                shuffles,
                            }));
                        }
                    }
                }
            }
        }
        Finding::PositionWorst { n, position, card, .. } => {
            for ratio in [1.02, 1.5] {
                out.push(with(Finding::PositionWorst { n: *n, position: *position, card: *card, ratio }));
            }
        }
        Finding::Guess(g) => {
            for fair in [true, false] {
                out.push(with(Finding::Guess(crate::stats::finding::GuessFinding { fair, ..g.clone() })));
            }
        }
        Finding::Adjacency { .. } => {
            for fair in [true, false] {
                let mut f = t.finding.clone();
                if let Finding::Adjacency { fair: x, .. } = &mut f {
                    *x = fair;
                }
                out.push(with(f));
            }
        }
        Finding::Parity { decks, .. } => {
            for (odd, fair) in [(0, false), (*decks, false), (decks / 2, true), (decks / 3, false)] {
                let share = odd as f64 / *decks as f64;
                out.push(with(Finding::Parity { odd, decks: *decks, share, fair }));
            }
        }
        Finding::FixedPoints(h)
        | Finding::Cycles(h)
        | Finding::RisingSequences(h)
        | Finding::Descents(h)
        | Finding::TurningPoints(h)
        | Finding::RunsUpDown(h)
        | Finding::LongestIncreasing(h)
        | Finding::Clumping(h) => {
            for fair in [true, false] {
                for never in [None, Some((5, 221_561.4))] {
                    let means = [
                        (h.fair_mean, (1, 1.03)),
                        (h.fair_mean + 3.0, (0, 2.5)),
                        (1.0, (2, 0.5)),
                        (h.fair_mean - 0.5, (1, 0.5)),
                        (h.fair_mean - 0.5, (2, 0.5)),
                    ];
                    // Every deck with the same value: none, one (a single cycle), several.
                    let only = [None, Some(0), Some(1), Some(3)];
                    for ((mean, worst), only) in means.into_iter().flat_map(|m| only.map(|o| (m, o))) {
                        let mut h = h.clone();
                        h.only = only;
                        h.fair = fair;
                        h.never = never;
                        h.mean = mean;
                        h.worst = worst;
                        h.impossible = if fair { 0 } else { 3 };
                        out.push(with(match t.finding {
                            Finding::FixedPoints(_) => Finding::FixedPoints(h),
                            Finding::Cycles(_) => Finding::Cycles(h),
                            Finding::Descents(_) => Finding::Descents(h),
                            Finding::TurningPoints(_) => Finding::TurningPoints(h),
                            Finding::RunsUpDown(_) => Finding::RunsUpDown(h),
                            Finding::LongestIncreasing(_) => Finding::LongestIncreasing(h),
                            Finding::Clumping(_) => Finding::Clumping(h),
                            _ => Finding::RisingSequences(h),
                        }));
                    }
                }
            }
        }
        Finding::Inversions { .. } => {
            for (fair, shift) in [(true, 0.0), (false, -3.0), (false, 2.0), (false, 0.01)] {
                for histogram in [None, Some((40, 0)), Some((40, 2))] {
                    let mut f = t.finding.clone();
                    if let Finding::Inversions { fair: x, shift: s, histogram: h, .. } = &mut f {
                        (*x, *s, *h) = (fair, shift, histogram);
                    }
                    out.push(with(f));
                }
            }
        }
        Finding::FullPermutation { .. } => {
            for (fair, never, expected) in [(true, 0, 300.0), (false, 12, 300.0), (false, 12, 5.0), (false, 0, 300.0)] {
                let mut f = t.finding.clone();
                if let Finding::FullPermutation { fair: x, never: v, expected: e, .. } = &mut f {
                    (*x, *v, *e) = (fair, never, expected);
                }
                out.push(with(f));
            }
        }
        Finding::ClassByPosition { .. } => {
            let classes = [
                CardClass::Suit(1),
                CardClass::Rank(12),
                CardClass::Jokers,
                CardClass::Other(3),
                CardClass::Face { card: 40, base: 52 },
                CardClass::Value(10),
            ];
            for class in classes {
                for (fair, noise_band, ratio) in [(true, f64::INFINITY, 1.01), (false, 1.0, 1.3), (false, 0.01, 1.3)] {
                    let tests = [
                        TestId::SuitByPosition,
                        TestId::RankByPosition,
                        TestId::FaceByPosition,
                        TestId::ValueByPosition,
                    ];
                    for test in tests {
                        let mut f = t.finding.clone();
                        if let Finding::ClassByPosition { class: c, fair: x, noise_band: b, ratio: r, .. } = &mut f {
                            (*c, *x, *b, *r) = (class, fair, noise_band, ratio);
                        }
                        out.push(TestResult { test, ..with(f) });
                    }
                }
            }
        }
        Finding::SecondLevel(f) => {
            for fair in [true, false] {
                out.push(with(Finding::SecondLevel(crate::stats::finding::SecondLevelFinding { fair, ..f.clone() })));
            }
        }
        Finding::FaceAdjacency { .. } | Finding::FaceSerial { .. } => {
            for fair in [true, false] {
                let mut f = t.finding.clone();
                if let Finding::FaceAdjacency { fair: x, .. } | Finding::FaceSerial { fair: x, .. } = &mut f {
                    *x = fair;
                }
                out.push(with(f));
            }
        }
        Finding::SerialCorrelation { .. } => {
            for fair in [true, false] {
                let mut f = t.finding.clone();
                if let Finding::SerialCorrelation { fair: x, .. } = &mut f {
                    *x = fair;
                }
                out.push(with(f));
            }
        }
        Finding::DuplicateDecks { .. } => {
            for (fair, estimate, high) in
                [(true, None, None), (false, Some(2.0f64.powf(31.2)), Some(2.0f64.powf(31.9))), (false, None, None)]
            {
                let mut f = t.finding.clone();
                if let Finding::DuplicateDecks { fair: x, seed_space, repeats, pairs, .. } = &mut f {
                    *x = fair;
                    *seed_space = SeedSpaceEstimate { estimate, low: 2.0f64.powf(30.8), high };
                    (*repeats, *pairs) = if fair { (0, 0) } else { (206, 207) };
                }
                out.push(with(f));
            }
        }
        Finding::BottomJoker { hits, deals, exact, .. } => {
            for (rate, fair_rate) in [(0.327, 0.109), (0.05, 0.109), (0.109, 0.109)] {
                out.push(with(Finding::BottomJoker { hits: *hits, deals: *deals, rate, exact: *exact, fair_rate }));
            }
        }
        Finding::SeatRate { .. } | Finding::SeatMean { .. } => {
            for test in [
                TestId::RocketSeat,
                TestId::BombSeat,
                TestId::BigCardsSeat,
                TestId::BombsPerHand,
                TestId::JokersPerHand,
                TestId::TwoDeckBombs,
                TestId::StraightFlushSeat,
                TestId::NaturalSeat,
            ] {
                for up in [true, false] {
                    let mut f = t.finding.clone();
                    match &mut f {
                        Finding::SeatRate { fair_rate, .. } => *fair_rate = if up { 0.0 } else { 1.0 },
                        Finding::SeatMean { fair_mean, .. } => *fair_mean = if up { 1e-3 } else { 1e3 },
                        _ => {}
                    }
                    out.push(TestResult { test, ..with(f) });
                }
            }
        }
        Finding::NiuSeat { .. } => {
            for value in [0, 7, 10] {
                let mut f = t.finding.clone();
                if let Finding::NiuSeat { value: v, .. } = &mut f {
                    *v = value;
                }
                out.push(with(f));
            }
        }
        Finding::NaturalRounds { naturals, .. } => {
            // A player's seat and the dealer's, each favoured and short-changed.
            for seat in [0, naturals.len() - 1] {
                for expected in [1.0, 1e9] {
                    let mut f = t.finding.clone();
                    if let Finding::NaturalRounds { seat: s, expected: e, .. } = &mut f {
                        (*s, *e) = (seat, expected);
                    }
                    out.push(with(f));
                }
            }
        }
        Finding::BaccaratOdds { .. } => {
            for outcome in [0, 1, 2] {
                let mut f = t.finding.clone();
                if let Finding::BaccaratOdds { outcome: o, .. } = &mut f {
                    *o = outcome;
                }
                out.push(with(f));
            }
        }
        Finding::SeatCard { n, groups: k, most, least, .. } => {
            for within_noise in [true, false] {
                for g in groups {
                    out.push(with(Finding::SeatCard {
                        n: *n,
                        groups: *k,
                        most: (most.0, (g, most.1.1)),
                        least: (least.0, (groups[3 - groups.iter().position(|x| *x == g).unwrap()], least.1.1)),
                        within_noise,
                    }));
                }
            }
        }
        Finding::SeatWorst { .. } | Finding::CardSeatWorst { .. } => {
            for g in groups {
                let mut f = t.finding.clone();
                match &mut f {
                    Finding::SeatWorst { group, .. } | Finding::CardSeatWorst { group, .. } => *group = g,
                    _ => {}
                }
                out.push(with(f));
            }
        }
        Finding::CardWorst { .. } => {}
    }
    out
}

/// Every variant of every test's result.
pub(super) fn every_variant() -> Vec<TestResult> {
    every_test_result().iter().flat_map(variants).collect()
}

/// A small run of a fair and of a biased shuffle, every test of its deck on.
fn run(kind: AlgorithmKind, n: usize) -> RunReport {
    let config = crate::RunConfig::new(Algorithm::new(kind), RngKind::Chacha8, n, 4_000, 7);
    crate::audit::execute(config, Thresholds::default(), crate::Progress::Hidden).expect("a valid run")
}

/// The summary of 7 valid decks read from a program, partial for `partial_reason`.
pub(super) fn input(partial_reason: Option<PartialReason>, producer: Option<ProducerStatus>) -> InputSummary {
    InputSummary {
        source: ExternalSource::Exec("gen".into()),
        format: DeckFormat::Ids { base: 0 },
        deck_inferred: true,
        lines: 7,
        decks: 7,
        valid_decks: 7,
        invalid_decks: 0,
        first_invalid: Vec::new(),
        partial: partial_reason.is_some(),
        partial_reason,
        stopped_strict: false,
        read_error: None,
        producer,
    }
}

fn producer(exit_code: Option<i32>, signal: Option<i32>) -> ProducerStatus {
    ProducerStatus {
        command: "gen".into(),
        exit_code,
        signal,
        stopped_by_audit: false,
        lingered: None,
        stderr_bytes: 0,
        stderr_tail: Vec::new(),
    }
}

/// Runs that end for every reason, with and without a fault, partial input or missing shuffles.
pub(super) fn every_run() -> Vec<RunReport> {
    let fair = run(AlgorithmKind::FisherYates, 8);
    let biased = run(AlgorithmKind::NaiveSwap, 8);
    let cut = run(AlgorithmKind::Identity, 52);
    // A PASS of 20 decks: too few to rule out even a card never dealt to a position.
    let tiny = RunReport { shuffles_done: 20, ..fair.clone() };
    let mut out = vec![fair.clone(), biased.clone(), cut.clone(), tiny];
    let tests: Vec<TestId> = biased.assessment.tests.iter().map(|t| t.result.test).collect();
    for base in [&fair, &biased] {
        let mut reasons = vec![
            Reason::NoBias,
            Reason::NoDeck,
            Reason::Broken,
            Reason::TooUniform(TestId::PositionCard),
            Reason::Bias { test: TestId::SeatCard, also: None },
            Reason::Verdict(Verdict::Suspicious),
        ];
        for (i, &test) in tests.iter().enumerate() {
            reasons.push(Reason::Bias { test, also: None });
            reasons.push(Reason::Bias { test, also: Some(tests[(i + 1) % tests.len()]) });
        }
        for reason in reasons {
            out.push(RunReport { reason, ..base.clone() });
        }
    }
    // Every cause, with none, some or all of the other failures following from it, and with the decisive test
    // it leaves out or none.
    // (The 52-card run has the duplicate-decks test, and its decks are all even.)
    for (base, kind) in [&biased, &cut].into_iter().flat_map(|b| {
        [CauseKind::NoCardMoves, CauseKind::FewDecks, CauseKind::OneCycle, CauseKind::FixedParity].map(|k| (b, k))
    }) {
        let failing: Vec<TestId> = base.assessment.tests.iter().map(|t| t.result.test).collect();
        let test = match kind {
            CauseKind::NoCardMoves => TestId::FixedPoints,
            CauseKind::FewDecks => TestId::DuplicateDecks,
            CauseKind::OneCycle => TestId::Cycles,
            CauseKind::FixedParity => TestId::Parity,
        };
        let others: Vec<TestId> = failing.iter().copied().filter(|t| *t != test).collect();
        for follows in [Vec::new(), vec![TestId::PositionCard], others] {
            for also in [None, Some(TestId::PositionCard)] {
                let repeats_per_deck = (kind == CauseKind::FewDecks).then_some(25.0);
                let cause = Cause { kind, test, follows: follows.clone(), also, repeats_per_deck };
                let mut r = RunReport { reason: Reason::Bias { test, also }, cause: Some(cause), ..base.clone() };
                // All the others failing at the run's verdict, for the "all follow" sentences.
                for t in &mut r.assessment.tests {
                    t.verdict = r.assessment.verdict;
                    t.too_uniform = false;
                }
                out.push(r);
            }
        }
    }
    // A run that looks like a loop of the catalogue: the next closest ruled out by its p, by an impossible cell,
    // or no other candidate.
    let fit = |impossible| CandidateFit {
        algorithm: AlgorithmKind::NaiveSwapOffByOne,
        label: "naive-swap-off-by-one".into(),
        distance: 0.0123,
        noise: 0.0121,
        statistic: 2581.3,
        df: 2550.0,
        log10_p: -0.4,
        impossible,
    };
    for next in [Some(fit(0)), Some(fit(51)), None] {
        out.push(RunReport { looks_like: Some(LooksLike { best: fit(0), next }), ..biased.clone() });
    }
    for kind in FaultKind::ALL {
        for reason in [Reason::Broken, Reason::NoBias] {
            let fault = FaultReport {
                kind,
                first_shuffle: 3,
                decks_checked: 10,
                invalid_decks: 9,
                description: "9 of 10 decks were not permutations".into(),
                headline: "not a permutation: 90.0% of decks repeat cards".into(),
            };
            out.push(RunReport { reason, fault: Some(fault), ..fair.clone() });
        }
    }
    let partials = [
        (PartialReason::Strict { line: 6 }, None),
        (PartialReason::ReadError { line: 3, error: "invalid UTF-8".into() }, None),
        (PartialReason::ProducerFailed { decks: 12 }, None),
        (PartialReason::ProducerFailed { decks: 12 }, Some(producer(Some(3), None))),
        (PartialReason::ProducerFailed { decks: 12 }, Some(producer(None, Some(9)))),
        (PartialReason::ProducerFailed { decks: 1 }, Some(producer(None, None))),
        (PartialReason::Interrupted { signal: StopReason::Interrupt, decks: 1 }, None),
        (PartialReason::Interrupted { signal: StopReason::Terminate, decks: 1200 }, None),
        (PartialReason::TimedOut { limit: std::time::Duration::from_secs(90), decks: 1 }, None),
        (PartialReason::TimedOut { limit: std::time::Duration::from_millis(2500), decks: 40 }, None),
    ];
    for (p, status) in partials {
        let mut r = RunReport { input: Some(input(Some(p), status)), ..biased.clone() };
        r.config.source = crate::audit::source::DeckSource::External(ExternalSource::Exec("gen".into()));
        out.push(r);
    }
    out.push(RunReport { input: Some(input(None, None)), ..fair.clone() });
    let incomplete = |stopped, shard, missing: Vec<[u64; 2]>| Incomplete {
        counted: 3_276_800,
        planned: 10_000_000,
        stopped,
        shard,
        missing,
    };
    for i in [
        incomplete(Some(StopReason::Interrupt), None, Vec::new()),
        incomplete(Some(StopReason::Terminate), None, Vec::new()),
        incomplete(Some(StopReason::Timeout), None, Vec::new()),
        incomplete(None, Some([2, 4]), Vec::new()),
        incomplete(None, None, vec![[0, 1_048_575]]),
        incomplete(None, None, vec![[0, 9], [20, 29], [40, 49], [60, 69], [80, 89]]),
    ] {
        out.push(RunReport { incomplete: Some(i), ..fair.clone() });
    }
    out
}
