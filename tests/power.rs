//! The power statement checked by simulation: "the position-card test alone FAILs the run with at least 99%
//! probability when any cell is off by δ". The "any cell" bias is simulated exactly as the law on permutations
//! it is: with probability q = |δ|/(n−1), card 0 is forced to position 0 (δ > 0) or kept from it (δ < 0), and
//! the other cards are shuffled uniformly; otherwise the whole deck is shuffled uniformly (ChaCha8, fixed
//! seeds). Its position-by-card marginals are `(1 + δ_pc)/n` with `δ_00 = δ`, the rest of row 0 and column 0
//! at `−δ/(n−1)` and every other cell at `δ/(n−1)²`: the least-norm pattern the statement is about.
//!
//! For each configuration, 2000 runs at the stated δ and N, each judged as the run would be (its scaled
//! statistic above the critical value at α/(2m), m the family size the statement was made for). The misses
//! are Binomial(2000, 1 − P) with P the real power; the assertion is that they are at most the top of the
//! 99.9% band of Binomial(2000, 0.01), so if the real power were exactly the stated 99% the test would fail by
//! chance at most 0.05% of the time, and less when, as the statement means, the real power is higher.
//!
//! Ignored by default (heavy): the four configurations take about 60 s together on 2 cores shared with other
//! builds (optimised test profile); CI runs them with the other ignored tests.

use shuffle_audit::cards::Card;
use shuffle_audit::rng::{ChaCha8, RawRng, SeededRng};
use shuffle_audit::stats::PositionCardCounts;
use shuffle_audit::stats::dist::special::{binomial_band, clopper_pearson};
use shuffle_audit::stats::power::PowerStatement;

const RUNS: u64 = 2000;

/// A uniform index below `m` (multiply-shift: bias below 2^-32·m, far below what 2000 runs can see).
fn below(rng: &mut ChaCha8, m: usize) -> usize {
    ((u64::from(rng.r()) * m as u64) >> 32) as usize
}

/// One deck of the "any cell" mixture with cell deviation `delta` (card 0 at position 0).
fn any_cell_deck(rng: &mut ChaCha8, deck: &mut [Card], delta: f64) {
    let n = deck.len();
    for (i, c) in deck.iter_mut().enumerate() {
        *c = i as Card;
    }
    let q = delta.abs() / (n as f64 - 1.0);
    let biased = (f64::from(rng.r()) + 0.5) / 4294967296.0 < q;
    if biased && delta > 0.0 {
        // Card 0 stays at position 0; positions 1.. get a uniform shuffle of the rest.
        for i in (2..n).rev() {
            let j = 1 + below(rng, i);
            deck.swap(i, j);
        }
    } else if biased {
        // Card 0 goes to a uniform position 1..n, the other cards uniformly to the remaining positions.
        for i in (1..n).rev() {
            let j = below(rng, i + 1);
            deck.swap(i, j);
        }
        if deck[0] == 0 {
            // Rejection would bias the rest; instead send card 0 to a uniform other position: the swapped
            // card takes position 0, and the rest stays a uniform arrangement.
            let j = 1 + below(rng, n - 1);
            deck.swap(0, j);
        }
    } else {
        for i in (1..n).rev() {
            let j = below(rng, i + 1);
            deck.swap(i, j);
        }
    }
}

/// Simulated power at the statement's δ (times `sign`) and N: (runs that FAILed, runs).
fn simulate(statement: &PowerStatement, sign: f64, seed: u64) -> u64 {
    let n = statement.deck;
    let delta = sign * statement.any_cell;
    let mut rng = ChaCha8::from_seed_u64(seed);
    let mut deck = vec![0 as Card; n];
    let mut detected = 0;
    for _ in 0..RUNS {
        let mut counts = PositionCardCounts::new(n);
        for _ in 0..statement.shuffles {
            any_cell_deck(&mut rng, &mut deck, delta);
            counts.add(&deck);
        }
        let scaled = counts.global_chi2() * (n as f64 - 1.0) / n as f64;
        detected += u64::from(scaled > statement.critical_value);
    }
    detected
}

fn check(deck: usize, shuffles: u64, tests: usize, seed: u64) {
    let statement = PowerStatement::new(deck, shuffles, tests, 1e-9, 0.99);
    let (_, max_misses) = binomial_band(RUNS, 0.01, 0.999);
    for (sign, s) in [(1.0, seed), (-1.0, seed + 1)] {
        let detected = simulate(&statement, sign, s);
        let (lo, hi) = clopper_pearson(detected, RUNS, 0.99);
        println!(
            "{deck} cards, {shuffles} shuffles, m = {tests}, δ = {:+.4}: FAILed {detected} of {RUNS} = {:.4} (99% \
             interval {lo:.4}–{hi:.4}), stated at least 0.99",
            sign * statement.any_cell,
            detected as f64 / RUNS as f64
        );
        let misses = RUNS - detected;
        assert!(misses <= max_misses, "{misses} misses of {RUNS} (at most {max_misses} if the power is 99%)");
    }
}

/// The first case: 8 cards, 20000 decks.
#[test]
#[ignore = "heavy: 8·10^7 shuffles of 8 cards"]
fn any_cell_power_holds_for_8_cards() {
    check(8, 20_000, 10, 1);
}

/// 52 cards, 5000 decks.
#[test]
#[ignore = "heavy: 2·10^7 shuffles of 52 cards"]
fn any_cell_power_holds_for_52_cards() {
    check(52, 5_000, 12, 3);
}
