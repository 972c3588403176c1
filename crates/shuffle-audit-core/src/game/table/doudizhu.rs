//! 斗地主 at the table: how often each seat holds the rocket and bombs, how many big cards (A, 2, jokers) it
//! gets, and how often the bottom holds a joker, each against its exact value from
//! [`crate::game::doudizhu::odds`].
//!
//! Every deal is independent and, under a uniform shuffle, gives each seat a uniform 17-card hand, so a seat's
//! count of deals with the rocket (or with at least one bomb) is exactly Binomial(N, p), and so is the bottom's
//! count of deals with a joker. These are tested two-sided (`p = min(1, 2·min(P(X ≥ k), P(X ≤ k)))`, both tails
//! from [`special::binomial_ln_sf`] / [`special::binomial_ln_cdf`] in log space). The numbers of bombs (0..=4)
//! and of big cards (0..=10) in a hand have exact laws (inclusion–exclusion, hypergeometric); a seat's total S
//! over N deals is the sum of N independent copies, tested two-sided (`2·min` of the tails) with the
//! saddlepoint tail of that sum ([`crate::stats::distributions::saddlepoint`]), accurate to about 1% relative far into the tail,
//! where a normal tail would be badly off for the skewed bomb count; `z = (S − Nμ)/√(Nσ²)` is reported as the
//! statistic. Seats are not independent (only one seat can hold the rocket), so each statistic reports its
//! worst seat with a Bonferroni correction over the seats, which holds under any dependence.

use crate::cards::Card;
use crate::game::deal::SeatMap;
use crate::game::doudizhu::{Odds, hand_facts, odds};
use crate::game::fraction::Fraction;
use crate::stats::distributions::saddlepoint::{sum_ln_cdf, sum_ln_sf};
use crate::stats::distributions::special;
use crate::stats::finding::Finding;
use crate::stats::{TestId, TestResult};

/// Per-seat counts of rocket and bomb hands, and the bottom's joker count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoudizhuSeatStats {
    seats: Vec<Vec<usize>>,
    bottom: Vec<usize>,
    hand: usize,
    deals: u64,
    rocket: Vec<u64>,
    any_bomb: Vec<u64>,
    bombs: Vec<u64>,
    big: Vec<u64>,
    bottom_joker: u64,
}

impl DoudizhuSeatStats {
    pub fn new(map: &SeatMap) -> Self {
        let seats = map.seat_positions();
        let bottom = map.bottom_positions();
        let p = seats.len();
        DoudizhuSeatStats {
            hand: seats.first().map_or(0, Vec::len),
            seats,
            bottom,
            deals: 0,
            rocket: vec![0; p],
            any_bomb: vec![0; p],
            bombs: vec![0; p],
            big: vec![0; p],
            bottom_joker: 0,
        }
    }

    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        for (s, positions) in self.seats.iter().enumerate() {
            let f = hand_facts(positions.iter().map(|&p| deck[p]));
            self.rocket[s] += u64::from(f.rocket);
            self.any_bomb[s] += u64::from(f.bombs > 0);
            self.bombs[s] += u64::from(f.bombs);
            self.big[s] += u64::from(f.big);
        }
        self.bottom_joker += u64::from(self.bottom.iter().any(|&p| deck[p] >= 52));
        self.deals += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!((&self.seats, &self.bottom), (&other.seats, &other.bottom));
        for (a, b) in [
            (&mut self.rocket, &other.rocket),
            (&mut self.any_bomb, &other.any_bomb),
            (&mut self.bombs, &other.bombs),
            (&mut self.big, &other.big),
        ] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.bottom_joker += other.bottom_joker;
        self.deals += other.deals;
    }

    /// The exact values the counts are tested against.
    pub fn odds(&self) -> Odds {
        odds(self.hand, self.bottom.len())
    }

    /// `bottom-joker` (with bottom cards), `big-cards-seat`, `rocket-seat`, `bomb-seat` and `bombs-per-hand`
    /// (hands of 4 or more), in report order; a test whose event is impossible or certain at this hand size is
    /// left out.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let o = self.odds();
        let mut out = Vec::new();
        let usable = |f: &Fraction| f.numer() > 0 && f.numer() < f.denom();
        if self.deals == 0 {
            return out;
        }
        let n = self.deals;
        if !self.bottom.is_empty() && usable(&o.bottom_joker) {
            out.push(bottom_joker_test(TestId::BottomJoker, self.bottom_joker, n, &o.bottom_joker));
        }
        if o.big_variance.numer() > 0 {
            let law = (&o.big_mean, &o.big_variance, &o.big_pmf[..]);
            out.push(seat_mean_test(TestId::BigCardsSeat, &self.big, n, law));
        }
        if usable(&o.rocket) {
            out.push(seat_rate_test(TestId::RocketSeat, &self.rocket, n, &o.rocket));
        }
        if usable(&o.bomb) {
            out.push(seat_rate_test(TestId::BombSeat, &self.any_bomb, n, &o.bomb));
        }
        if o.bombs_variance.numer() > 0 {
            let law = (&o.bombs_mean, &o.bombs_variance, &o.bombs_pmf[..]);
            out.push(seat_mean_test(TestId::BombsPerHand, &self.bombs, n, law));
        }
        out
    }
}

/// The bottom's count of deals with a joker, `k` of `n`, against its exact rate: two-sided binomial.
pub(crate) fn bottom_joker_test(test: TestId, k: u64, n: u64, p: &Fraction) -> TestResult {
    let pf = p.to_f64();
    let ln_p = binomial_two_sided(k, n, pf);
    let rate = k as f64 / n as f64;
    TestResult {
        test,
        statistic: k as f64,
        df: 0.0,
        ln_p,
        ln_p_low: None,
        effect: rate / pf - 1.0,
        finding: Finding::BottomJoker { hits: k, deals: n, rate, exact: (*p).into(), fair_rate: pf },
    }
}

/// Each seat's count of deals with an event against its exact rate: two-sided binomial, the worst seat with
/// Bonferroni over the seats.
pub(crate) fn seat_rate_test(test: TestId, counts: &[u64], n: u64, p: &Fraction) -> TestResult {
    let pf = p.to_f64();
    let seats = counts.len();
    let ln_ps: Vec<f64> = counts.iter().map(|&k| binomial_two_sided(k, n, pf)).collect();
    let worst = argmin(&ln_ps);
    let rate = counts[worst] as f64 / n as f64;
    TestResult {
        test,
        statistic: counts[worst] as f64,
        df: 0.0,
        ln_p: bonferroni(ln_ps[worst], seats),
        ln_p_low: None,
        effect: rate / pf - 1.0,
        finding: Finding::SeatRate {
            seat: worst,
            counts: counts.to_vec(),
            deals: n,
            exact: (*p).into(),
            fair_rate: pf,
        },
    }
}

/// A seat's total of a per-hand count (bombs, big cards) against the exact law of a sum of N hands, given
/// as the per-hand (mean, variance, pmf): two-sided saddlepoint tail, worst seat with Bonferroni.
pub(crate) fn seat_mean_test(test: TestId, totals: &[u64], deals: u64, law: PerHand) -> TestResult {
    let (mu, var, pmf) = law;
    let n = deals as f64;
    let (m, v) = (mu.to_f64(), var.to_f64());
    let pmf: Vec<f64> = pmf.iter().map(Fraction::to_f64).collect();
    let z: Vec<f64> = totals.iter().map(|&s| (s as f64 - n * m) / (n * v).sqrt()).collect();
    let ln_ps: Vec<f64> = totals
        .iter()
        .map(|&s| {
            let upper = s as f64 >= n * m;
            let tail = if upper { sum_ln_sf(&pmf, deals, s) } else { sum_ln_cdf(&pmf, deals, s) };
            (std::f64::consts::LN_2 + tail).min(0.0)
        })
        .collect();
    let worst = argmin(&ln_ps);
    let mean = totals[worst] as f64 / n;
    TestResult {
        test,
        statistic: z[worst],
        df: 0.0,
        ln_p: bonferroni(ln_ps[worst], totals.len()),
        ln_p_low: None,
        effect: mean / m - 1.0,
        finding: Finding::SeatMean {
            seat: worst,
            means: totals.iter().map(|&b| b as f64 / n).collect(),
            fair_mean: m,
            exact_mean: (*mu).into(),
            exact_variance: (*var).into(),
            z: z[worst],
        },
    }
}

/// The exact law of a per-hand count: mean, variance and pmf.
pub(crate) type PerHand<'a> = (&'a Fraction, &'a Fraction, &'a [Fraction]);

/// Two-sided binomial ln p: `min(0, ln 2 + min(ln P(X ≥ k), ln P(X ≤ k)))`, for `0 < p < 1`.
pub fn binomial_two_sided(k: u64, n: u64, p: f64) -> f64 {
    let tail = special::binomial_ln_sf(k, n, p).min(special::binomial_ln_cdf(k, n, p));
    (std::f64::consts::LN_2 + tail).min(0.0)
}

/// `min(1, m·p)` in log space.
pub fn bonferroni(ln_p: f64, m: usize) -> f64 {
    (ln_p + (m as f64).ln()).min(0.0)
}

/// Index of the smallest value (the first on ties).
pub fn argmin(v: &[f64]) -> usize {
    v.iter().enumerate().fold(0, |best, (i, &x)| if x < v[best] { i } else { best })
}

impl DoudizhuSeatStats {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("doudizhu.deals", std::slice::from_mut(&mut self.deals));
        visitor.visit("doudizhu.rocket", &mut self.rocket);
        visitor.visit("doudizhu.any_bomb", &mut self.any_bomb);
        visitor.visit("doudizhu.bombs", &mut self.bombs);
        visitor.visit("doudizhu.big", &mut self.big);
        visitor.visit("doudizhu.bottom_joker", std::slice::from_mut(&mut self.bottom_joker));
    }
}

crate::stats::statistic::impl_statistic!(DoudizhuSeatStats);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};

    fn fresh() -> (DealConfig, DoudizhuSeatStats) {
        let config = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let stats = DoudizhuSeatStats::new(&config.seat_map());
        (config, stats)
    }

    #[test]
    fn counts_follow_the_deal() {
        let (config, mut s) = fresh();
        // The unshuffled deck in blocks: seat 1 gets ♠A..♠K and ♥A..♥4 (no bomb), the bottom ♦K and both jokers.
        s.add(&config.start_deck());
        let mut t = s.clone();
        t.merge(&s);
        assert_eq!((t.deals, t.bottom_joker, &t.rocket, &t.any_bomb), (2, 2, &vec![0, 0, 0], &vec![0, 0, 0]));
        let mut deck = config.start_deck();
        // Seat 1 gets the four aces (ids 0, 13, 26, 39) and both jokers.
        for (slot, card) in [(1, 13), (2, 26), (3, 39), (4, 52), (5, 53)] {
            let from = deck.iter().position(|&c| c == card).unwrap();
            deck.swap(slot, from);
        }
        let mut u = fresh().1;
        u.add(&deck);
        assert_eq!((u.rocket[0], u.any_bomb[0], u.bombs[0], u.bottom_joker), (1, 1, 1, 0));
    }

    #[test]
    fn two_sided_binomial_doubles_the_smaller_tail() {
        // Bin(10, 1/2), k = 2: P(X ≤ 2) = 56/1024, two-sided 112/1024.
        assert!((binomial_two_sided(2, 10, 0.5).exp() - 112.0 / 1024.0).abs() < 1e-12);
        assert_eq!(binomial_two_sided(5, 10, 0.5), 0.0);
    }
}
