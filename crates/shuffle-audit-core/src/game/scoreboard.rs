//! Outcome-only logs (a live-dealer scoreboard): the winner of each baccarat coup, `B`, `P` or `T`, against the
//! exact odds of a coup from a fresh shoe ([`crate::game::baccarat::odds`]): under the null the coups are
//! independent with those odds (a continuous shuffling machine's coups are; a dealt shoe's are to within its
//! depletion, which moves each coup's odds by far less than a scoreboard can see). Tests:
//!
//! - **odds** (`outcome-odds`): Pearson's χ² of the banker, player and tie counts against the exact odds, 2 df;
//! - **streaks** (`outcome-runs`): the runs of banker and player wins (ties left out: an independent sequence with
//!   its ties removed is independent), against their exact conditional mean `1 + 2·n_B·n_P/n` and variance
//!   `2·n_B·n_P·(2·n_B·n_P − n)/(n²·(n − 1))` given the counts (Wald and Wolfowitz 1940), normal, two-sided: a
//!   scoreboard with too few runs has streaks, too many has chop;
//! - **serial pairs** (`outcome-pairs`): each outcome right after each outcome against independence given their
//!   own counts, Pearson's χ² on (3 − 1)² = 4 df (Anderson and Goodman 1957), circular.

use crate::game::baccarat::Outcome;
use crate::stats::distributions::special::{chi2_ln_sf, normal_ln_cdf, normal_ln_sf};
use crate::stats::stream::{Found, MIN_EXPECTED, NotApplied, StreamTest, StreamTestId};

#[derive(Clone, Debug)]
pub struct OutcomeCounts {
    odds: [f64; 3],
    counts: [u64; 3],
    pairs: [[u64; 3]; 3],
    first: Option<usize>,
    last: Option<usize>,
    last_decided: Option<usize>,
    runs: u64,
}

impl OutcomeCounts {
    /// Nothing counted; `odds` the probabilities of banker, player and tie.
    pub fn new(odds: [f64; 3]) -> Self {
        OutcomeCounts { odds, counts: [0; 3], pairs: [[0; 3]; 3], first: None, last: None, last_decided: None, runs: 0 }
    }

    pub fn coups(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub fn add(&mut self, outcome: Outcome) {
        let o = outcome as usize;
        self.counts[o] += 1;
        match self.last {
            Some(a) => self.pairs[a][o] += 1,
            None => self.first = Some(o),
        }
        self.last = Some(o);
        if outcome != Outcome::Tie {
            if self.last_decided != Some(o) {
                self.runs += 1;
            }
            self.last_decided = Some(o);
        }
    }

    pub fn tests(&self) -> (Vec<StreamTest>, Vec<NotApplied>) {
        let mut done = Vec::new();
        let mut not = Vec::new();
        for r in [self.odds_test(), self.runs_test(), self.pairs_test()] {
            match r {
                Ok(t) => done.push(t),
                Err(e) => not.push(e),
            }
        }
        (done, not)
    }

    fn odds_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::OutcomeOdds;
        let n = self.coups() as f64;
        let least = self.odds.iter().copied().fold(f64::INFINITY, f64::min) * n;
        if least < MIN_EXPECTED {
            return Err(NotApplied { id, why: format!("{least:.1} coups expected of the rarest outcome, 5 needed") });
        }
        let mut x2 = 0.0;
        let mut worst: Option<(f64, Found)> = None;
        for (o, (&c, &p)) in self.counts.iter().zip(&self.odds).enumerate() {
            let e = n * p;
            let d = (c as f64 - e) / e.sqrt();
            x2 += d * d;
            if worst.as_ref().is_none_or(|(w, _)| d.abs() > *w) {
                let found = Found::Outcome { outcome: Outcome::ALL[o].name(), observed: c as f64, expected: e };
                worst = Some((d.abs(), found));
            }
        }
        Ok(StreamTest {
            id,
            statistic: x2,
            df: 2.0,
            ln_p: chi2_ln_sf(x2, 2.0),
            ln_p_low: None,
            found: worst.expect("outcomes").1,
        })
    }

    fn runs_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::OutcomeRuns;
        let (b, p) = (self.counts[0] as f64, self.counts[1] as f64);
        let n = b + p;
        if b < 10.0 || p < 10.0 {
            return Err(NotApplied { id, why: format!("{b} banker and {p} player wins: 10 of each needed") });
        }
        let mean = 1.0 + 2.0 * b * p / n;
        let var = 2.0 * b * p * (2.0 * b * p - n) / (n * n * (n - 1.0));
        let z = (self.runs as f64 - mean) / var.sqrt();
        Ok(StreamTest {
            id,
            statistic: z,
            df: 1.0,
            ln_p: normal_ln_sf(z),
            ln_p_low: Some(normal_ln_cdf(z)),
            found: Found::Runs { runs: self.runs, expected: mean, decided: n as u64 },
        })
    }

    fn pairs_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::OutcomePairs;
        let n = self.coups() as f64;
        let mut pairs = self.pairs;
        if let (Some(a), Some(b)) = (self.last, self.first) {
            pairs[a][b] += 1;
        }
        let least = self.counts.iter().map(|&c| c as f64).fold(f64::INFINITY, f64::min);
        if n == 0.0 || least * least / n < MIN_EXPECTED {
            return Err(NotApplied {
                id,
                why: format!(
                    "{:.1} tie-after-tie coups expected, 5 needed",
                    if n > 0.0 { least * least / n } else { 0.0 }
                ),
            });
        }
        let (mut x2, mut worst) = (0.0, None::<(f64, Found)>);
        for (a, row) in pairs.iter().enumerate() {
            for (b, &o) in row.iter().enumerate() {
                let e = self.counts[a] as f64 * self.counts[b] as f64 / n;
                let d = (o as f64 - e) / e.sqrt();
                x2 += d * d;
                if worst.as_ref().is_none_or(|(w, _)| d.abs() > *w) {
                    let found = Found::OutcomePair {
                        first: Outcome::ALL[a].name(),
                        second: Outcome::ALL[b].name(),
                        observed: o as f64,
                        expected: e,
                    };
                    worst = Some((d.abs(), found));
                }
            }
        }
        Ok(StreamTest {
            id,
            statistic: x2,
            df: 4.0,
            ln_p: chi2_ln_sf(x2, 4.0),
            ln_p_low: None,
            found: worst.expect("pairs").1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::baccarat::{odds, shoe_of_decks};
    use crate::stats::stream::StreamTestId;
    use rand::{RngExt, SeedableRng};

    fn draw<R: rand::Rng>(g: &mut R, p: [f64; 3]) -> Outcome {
        let u: f64 = g.random();
        if u < p[0] {
            Outcome::Banker
        } else if u < p[0] + p[1] {
            Outcome::Player
        } else {
            Outcome::Tie
        }
    }

    /// 1,000 fair scoreboards of 5,000 coups at an 8-deck shoe's exact odds: each test rejects at α = 0.01 at most
    /// 22 times (a test at its level does 23 or more with probability 3e-4); a scoreboard whose winner repeats one
    /// time in ten more than chance FAILs by its runs.
    #[test]
    fn fair_scoreboards_keep_the_rate_and_streaky_ones_fail() {
        let p = odds(&shoe_of_decks(8)).pmf();
        let mut g = rand_pcg::Pcg64::seed_from_u64(12);
        let mut rejected = std::collections::BTreeMap::<StreamTestId, u64>::new();
        for _ in 0..1000 {
            let mut c = OutcomeCounts::new(p);
            for _ in 0..5_000 {
                c.add(draw(&mut g, p));
            }
            let (done, not) = c.tests();
            assert!(not.is_empty(), "{not:?}");
            for t in done {
                *rejected.entry(t.id).or_default() += u64::from(t.family_ln_p() < 0.01f64.ln());
            }
        }
        for (id, k) in rejected {
            let (lo, hi) = crate::stats::distributions::special::clopper_pearson(k, 1000, 0.99);
            eprintln!("outcomes: {id} {k}/1000 at 0.01 (99% interval {lo:.4}..{hi:.4})");
            assert!(k <= 22, "{id}: {k} of 1000");
        }
        let mut c = OutcomeCounts::new(p);
        let mut last = Outcome::Banker;
        for _ in 0..20_000 {
            last = if g.random_range(0..10) == 0 { last } else { draw(&mut g, p) };
            c.add(last);
        }
        let runs = c.runs_test().unwrap();
        assert!(runs.family_ln_p() < 1e-9f64.ln() && runs.statistic < 0.0, "{runs:?}");
    }
}
