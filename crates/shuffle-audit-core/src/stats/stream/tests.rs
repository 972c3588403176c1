//! The stream tests on machines: the ideal machine keeps each test's stated rate, a compartment machine fails
//! by return latency, and draws with replacement from a byte scaled to 52 fail naming the four short faces.

use super::draws::{DrawCounts, resolution_candidates};
use super::*;
use crate::game::csm::{Machine, MachineKind, MachineSpec};
use rand::{RngExt, SeedableRng};

fn machine_counts(spec: MachineSpec, rounds: u64, seed: u64) -> StreamCounts {
    let mut g = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut m = Machine::new(spec, &mut g);
    let mut counts = StreamCounts::new(spec.faces, spec.copies);
    for _ in 0..rounds {
        m.round(&mut g, &mut |e| counts.add(e).expect("a machine's event"));
    }
    counts
}

fn ideal(faces: usize, copies: usize, round: usize) -> MachineSpec {
    MachineSpec { kind: MachineKind::Ideal, faces, copies, compartments: 1, tray: 1, round }
}

/// Fair streams (the ideal machine, PCG64 seed `seed`): each test's rejections at α = 0.01 over `runs` runs, with
/// the bound that a test at its level exceeds with probability below 1e-3.
fn fair_rates(spec: MachineSpec, rounds: u64, runs: u64, seed: u64) -> std::collections::BTreeMap<StreamTestId, u64> {
    let mut rejected = std::collections::BTreeMap::new();
    for r in 0..runs {
        let counts = machine_counts(spec, rounds, seed * 1000 + r);
        let (done, not) = counts.tests();
        assert!(not.is_empty(), "{not:?}");
        for t in done {
            *rejected.entry(t.id).or_default() += u64::from(t.family_ln_p() < 0.01f64.ln());
        }
    }
    rejected
}

/// 40 fair runs of 4 decks, 16 cards a round, 1,500 rounds: at most 4 rejections at α = 0.01 for each test (a
/// test at its level gives 5 or more of 40 with probability 8e-4).
#[test]
fn the_ideal_machine_passes_each_test() {
    for (id, k) in fair_rates(ideal(52, 4, 16), 1_500, 40, 3) {
        assert!(k <= 4, "{id}: {k} of 40");
    }
}

/// The stated rates, checked at scale (release: `cargo test --release -- --ignored`): 400 fair runs each of one
/// and of four decks; each test's rejections at α = 0.01 within the 99.9% binomial band of 400 at 0.01 (0..=11).
#[test]
#[ignore = "heavy: 800 fair machines of 3,000 rounds (release: about 5 s)"]
fn the_ideal_machine_keeps_the_stated_rate() {
    for (spec, rounds) in [(ideal(52, 4, 16), 3_000u64), (ideal(52, 1, 8), 3_000)] {
        for (id, k) in fair_rates(spec, rounds, 400, 7) {
            let (lo, hi) = crate::stats::distributions::special::clopper_pearson(k, 400, 0.99);
            eprintln!("{spec:?}: {id} {k}/400 at 0.01 (99% interval {lo:.4}..{hi:.4})");
            assert!(k <= 11, "{id}: {k} of 400");
        }
    }
}

/// The toy machine of the issue (38 compartments, 4 decks, tray refilled below 20, 16 cards a round) never deals
/// a card in the round after its return; 2,000 rounds are enough to FAIL at 1e-9 by return latency.
#[test]
fn a_compartment_machine_fails_by_return_latency() {
    let counts = machine_counts(MachineSpec::DEFAULT, 2_000, 1);
    let (done, _) = counts.tests();
    let latency = done.iter().find(|t| t.id == StreamTestId::ReturnLatency).expect("applies");
    assert!(latency.family_ln_p() < 1e-9f64.ln(), "{latency:?}");
    let Found::Latency { hits, expected, round, .. } = latency.found else { panic!() };
    assert!((hits as f64) < 0.9 * expected && round == 16, "{hits} {expected} {round}");
    // With one deck no card just returned comes out at all.
    let one = MachineSpec { copies: 1, tray: 20, round: 8, ..MachineSpec::DEFAULT };
    let (done, _) = machine_counts(one, 2_000, 2).tests();
    let latency = done.iter().find(|t| t.id == StreamTestId::ReturnLatency).expect("applies");
    assert!(matches!(latency.found, Found::Latency { hits: 0, .. }), "{latency:?}");
    assert!(latency.family_ln_p() < 1e-9f64.ln());
}

/// Impossible events are refused: a face dealt with none inside, returned with none out.
#[test]
fn impossible_events_are_refused() {
    let mut c = StreamCounts::new(52, 1);
    assert_eq!(c.add(Event::Returned(3)), Err(Impossible::ReturnedNoneOut(3)));
    c.add(Event::Dealt(3)).unwrap();
    assert_eq!(c.add(Event::Dealt(3)), Err(Impossible::DealtNoneInside(3)));
    c.add(Event::Returned(3)).unwrap();
    assert_eq!(c.dealt(), 1);
}

#[test]
fn hi_lo_tags_ranks() {
    // ♠A, ♠2, ♠6, ♠7, ♠9, ♠10, ♠K; the jokers count nothing.
    let tags: Vec<i8> = [0u16, 1, 5, 6, 8, 9, 12, 52].iter().map(|&c| hi_lo(c, 54)).collect();
    assert_eq!(tags, [-1, 1, 1, 0, 0, -1, -1, 0]);
}

/// A byte scaled to 52 draws four faces 4/256: the candidates name them, and 200,000 such draws FAIL by
/// resolution with those faces; fair draws (PCG64) pass every test.
#[test]
fn a_byte_scaled_to_52_is_named_and_fair_draws_pass() {
    let byte = resolution_candidates(52).into_iter().find(|c| c.bits == 8 && c.scaled).unwrap();
    let short: Vec<u16> =
        (0..52u16).filter(|&f| (0..256usize).filter(|&u| u * 52 / 256 == usize::from(f)).count() == 4).collect();
    assert_eq!(byte.short, short);
    assert_eq!(short.len(), 4);
    let mut g = rand_pcg::Pcg64::seed_from_u64(9);
    let (mut coarse, mut fair) = (DrawCounts::new(52), DrawCounts::new(52));
    for _ in 0..200_000 {
        coarse.add((usize::from(g.random::<u8>()) * 52 / 256) as u16);
        fair.add(g.random_range(0..52u16));
    }
    let (done, not) = coarse.tests();
    assert!(not.is_empty());
    let res = done.iter().find(|t| t.id == StreamTestId::DrawResolution).unwrap();
    assert!(res.ln_p < 1e-9f64.ln(), "{res:?}");
    assert!(matches!(&res.found, Found::Resolution { bits: 8, scaled: true, short: s, .. } if *s == short));
    // Fair draws: every test passes at 0.001 (each fails it with probability 1e-3 at most; 4 tests: 4e-3).
    for t in fair.tests().0 {
        assert!(t.family_ln_p() > 1e-3f64.ln(), "{t:?}");
    }
}

/// Fair draws keep each test's rate: 300 runs of 20,000 draws of 52 faces; at most 8 rejections at α = 0.01
/// (a test at its level gives 9 or more of 300 with probability 1e-3). Heavy in debug: ignored, run in release.
#[test]
#[ignore = "heavy: 300 fair runs of 20,000 draws (release: about 1 s)"]
fn fair_draws_keep_the_stated_rate() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(21);
    let mut rejected: std::collections::BTreeMap<StreamTestId, u64> = Default::default();
    for _ in 0..300 {
        let mut d = DrawCounts::new(52);
        for _ in 0..20_000 {
            d.add(g.random_range(0..52u16));
        }
        let (done, not) = d.tests();
        assert!(not.is_empty(), "{not:?}");
        for t in done {
            *rejected.entry(t.id).or_default() += u64::from(t.family_ln_p() < 0.01f64.ln());
        }
    }
    for (id, k) in rejected {
        let (lo, hi) = crate::stats::distributions::special::clopper_pearson(k, 300, 0.99);
        eprintln!("draws: {id} {k}/300 at 0.01 (99% interval {lo:.4}..{hi:.4})");
        assert!(k <= 8, "{id}: {k} of 300");
    }
}

/// Draws that repeat the previous face one time in ten (else uniform) keep every face's frequency fair and fail
/// by serial pairs: 20,000 draws put the repeats about 60 standard deviations above independence.
#[test]
fn sticky_draws_fail_by_serial_pairs() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(4);
    let mut d = DrawCounts::new(52);
    let mut last = 0u16;
    for _ in 0..20_000 {
        last = if g.random_range(0..10) == 0 { last } else { g.random_range(0..52u16) };
        d.add(last);
    }
    let (done, _) = d.tests();
    let pairs = done.iter().find(|t| t.id == StreamTestId::DrawPairs).unwrap();
    assert!(pairs.ln_p < 1e-9f64.ln(), "{pairs:?}");
    let faces = done.iter().find(|t| t.id == StreamTestId::DrawFaces).unwrap();
    // A fair face frequency: fails at 1e-3 with probability 1e-3.
    assert!(faces.ln_p > 1e-3f64.ln(), "{faces:?}");
}

/// A few draws (100 of 52 faces, 1.9 a face expected): `draw-faces` takes the exact multinomial law and keeps its
/// level. 2,000 fair runs (PCG64 seed 31): the exact test of a discrete statistic rejects at most α = 0.01 of
/// them, so at most 35 (a test at 0.01 gives 36 or more of 2,000 with probability 8e-4). The χ² approximation's
/// rejections of the same runs are printed beside (24 at this seed, against the exact law's 19). Heavy in debug:
/// ignored, run in release.
#[test]
#[ignore = "heavy: 2,000 exact walks (about 10 s on one core)"]
fn few_draws_take_the_exact_law_and_keep_its_level() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(31);
    let (mut exact, mut chi2) = (0u64, 0u64);
    for _ in 0..2_000 {
        let mut d = DrawCounts::new(52);
        for _ in 0..100 {
            d.add(g.random_range(0..52u16));
        }
        let (done, _) = d.tests();
        let faces = done.iter().find(|t| t.id == StreamTestId::DrawFaces).expect("applied with 100 draws");
        assert!(matches!(faces.found, Found::FaceExact { bound: false, .. }), "{faces:?}");
        assert!(faces.ln_p <= 0.0 && faces.ln_p.is_finite());
        exact += u64::from(faces.ln_p < 0.01f64.ln());
        chi2 += u64::from(crate::stats::distributions::special::chi2_ln_sf(faces.statistic, 51.0) < 0.01f64.ln());
    }
    let (lo, hi) = crate::stats::distributions::special::clopper_pearson(exact, 2_000, 0.99);
    eprintln!("draw-faces exact: {exact}/2000 at 0.01 (99% interval {lo:.4}..{hi:.4}); chi2 would reject {chi2}");
    assert!(exact <= 35, "{exact} of 2000");
}

/// 150 draws of 52 faces, ♠A one time in five (else uniform): about 33 ♠A where 2.9 are expected; the exact law
/// gives p far below 1e-9 and names ♠A. A fair 150 PASSes at 1e-3 (fails with probability at most 1e-3).
#[test]
fn few_draws_with_a_heavy_face_fail_by_the_exact_law() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(32);
    let faces_of = |d: &DrawCounts| {
        let (done, _) = d.tests();
        done.into_iter().find(|t| t.id == StreamTestId::DrawFaces).expect("applied with 150 draws")
    };
    let (mut heavy, mut fair) = (DrawCounts::new(52), DrawCounts::new(52));
    for _ in 0..150 {
        heavy.add(if g.random_range(0..5) == 0 { 0 } else { g.random_range(0..52u16) });
        fair.add(g.random_range(0..52u16));
    }
    let t = faces_of(&heavy);
    assert!(t.ln_p < 1e-9f64.ln(), "{t:?}");
    assert!(matches!(t.found, Found::FaceExact { face: 0, bound: false, .. }), "{t:?}");
    let t = faces_of(&fair);
    assert!(t.ln_p > 1e-3f64.ln(), "{t:?}");
}

/// Short fair streams keep the gap test's rate: 1,000 runs of 150 draws of 52 faces (PCG64 seed 33), at most 19
/// rejections at α = 0.01 (a test at its level gives 20 or more of 1,000 with probability 1.5e-3). Its classes'
/// shares count the gaps the end of the stream cuts off; the bare geometric shares would reject 733 of the same
/// 1,000.
#[test]
fn short_fair_streams_keep_the_gap_tests_rate() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(33);
    let mut rejected = 0u64;
    for _ in 0..1_000 {
        let mut d = DrawCounts::new(52);
        for _ in 0..150 {
            d.add(g.random_range(0..52u16));
        }
        let gaps = d.gaps_test().expect("150 draws have two classes of gaps");
        rejected += u64::from(gaps.ln_p < 0.01f64.ln());
    }
    let (lo, hi) = crate::stats::distributions::special::clopper_pearson(rejected, 1_000, 0.99);
    eprintln!("draw-gaps, 150 draws: {rejected}/1000 at 0.01 (99% interval {lo:.4}..{hi:.4})");
    assert!(rejected <= 19, "{rejected} of 1000");
}

/// The control of `draw-resolution`'s cause: draws leaning on the spades (one in four from the 13 spades, else
/// uniform) leave every other face short, among them the four short faces of an 8-bit number reduced mod 52,
/// whose share (5.96% at seed 41) even fits that mapping's 4/256 each. But the other faces do not follow the
/// mapping's law (13 high, 35 low), so the finding must not name a mapping as the cause. A byte scaled to 52
/// does name its mapping (its draws follow it). Fixed seeds; the spades' excess is some 30 standard deviations
/// at 5,000 draws.
#[test]
fn a_face_bias_is_not_blamed_on_a_coarse_mapping() {
    let mut g = rand_pcg::Pcg64::seed_from_u64(41);
    let mut d = DrawCounts::new(52);
    for _ in 0..5_000 {
        d.add(if g.random_range(0..4) == 0 { g.random_range(0..13u16) } else { g.random_range(0..52u16) });
    }
    let (done, _) = d.tests();
    let res = done.iter().find(|t| t.id == StreamTestId::DrawResolution).unwrap();
    assert!(matches!(res.found, Found::Resolution { explained: false, .. }), "{res:?}");
    let mut d = DrawCounts::new(52);
    for _ in 0..200_000 {
        d.add(((g.random_range(0..256u32) * 52) / 256) as u16);
    }
    let (done, _) = d.tests();
    let res = done.iter().find(|t| t.id == StreamTestId::DrawResolution).unwrap();
    assert!(matches!(res.found, Found::Resolution { bits: 8, scaled: true, explained: true, .. }), "{res:?}");
    assert!(res.ln_p < 1e-9f64.ln(), "{res:?}");
}
