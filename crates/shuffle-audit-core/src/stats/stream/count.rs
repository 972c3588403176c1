//! `count-lag1`, `count-lag2`: whether a round's discards tell a counter about the next rounds' cards. A round's
//! returned cards are counted with Hi-Lo (2–6 +1, 7–9 0, tens, faces and aces −1): `C_r`. Each card dealt `k`
//! rounds later has a tag `x_t` whose expectation given what is inside is known under the ideal machine
//! (`μ_t = Σ_f i_f·tag_f / I`, variance `σ²_t`), so `Σ_t C_{r(t)}·(x_t − μ_t)` is a martingale (`C_r` is known
//! before its cards are dealt) with predictable variance `Σ_t C²_{r(t)}·σ²_t`: the ratio is normal by the
//! martingale central limit theorem, tested two-sided. The ideal machine's own depletion (returned low cards
//! make the inside richer in them) is in `μ_t`, so only what the machine adds is tested.
//!
//! The edge in words: the slope `β = Σ C·(x − μ) / Σ C²` shifts the next cards' mean tag by `β·C`; a mean tag
//! `m` is a true count of `−52·m` (a deck's worth of such cards), and each true-count point is worth about 0.5%
//! to a blackjack player (the usual rule of thumb), so a typical round's count `±s` is worth `0.5·52·|β|·s`
//! percent.

use super::{Found, Inside, MIN_EXPECTED, NotApplied, StreamTest, StreamTestId, hi_lo};
use crate::cards::Card;
use crate::stats::distributions::special::{normal_ln_cdf, normal_ln_sf};

/// The lags tested (rounds after the discards).
const LAGS: usize = 2;

/// One lag's sums.
#[derive(Clone, Copy, Debug, Default)]
struct LagSums {
    /// Σ C·(x − μ), Σ C²·σ², Σ C², Σ (x − μ)² over the dealt cards, and the rounds seen.
    ce: f64,
    c2v: f64,
    c2: f64,
    e2: f64,
    cards: u64,
    rounds: u64,
}

#[derive(Clone, Debug)]
pub struct CountCorrelation {
    applies: bool,
    /// The counts of the last batches, newest first.
    recent: [Option<i64>; LAGS],
    sums: [LagSums; LAGS],
    /// Σ C and Σ C² over the batches, for the typical spread.
    batches: u64,
    c_sum: f64,
    c_sum2: f64,
}

impl CountCorrelation {
    /// Hi-Lo counts ranks: a deck of 52 cards (or 54 with jokers, which count 0).
    pub fn new(faces: usize) -> Self {
        CountCorrelation {
            applies: faces == 52 || faces == 54,
            recent: [None; LAGS],
            sums: [LagSums::default(); LAGS],
            batches: 0,
            c_sum: 0.0,
            c_sum2: 0.0,
        }
    }

    pub fn dealt(&mut self, inside: &Inside, f: usize) {
        if !self.applies {
            return;
        }
        let (mu, var) = inside.tag_law();
        let e = f64::from(inside.tag[f]) - mu;
        for (lag, c) in self.recent.iter().enumerate() {
            if let Some(c) = *c {
                let c = c as f64;
                let s = &mut self.sums[lag];
                s.ce += c * e;
                s.c2v += c * c * var;
                s.c2 += c * c;
                s.e2 += e * e;
                s.cards += 1;
            }
        }
    }

    pub fn new_batch(&mut self, inside: &Inside, batch: &[Card]) {
        if !self.applies {
            return;
        }
        let c: i64 = batch.iter().map(|&f| i64::from(hi_lo(f, inside.faces))).sum();
        self.recent.rotate_right(1);
        self.recent[0] = Some(c);
        for (lag, r) in self.recent.iter().enumerate() {
            if r.is_some() {
                self.sums[lag].rounds += 1;
            }
        }
        self.batches += 1;
        self.c_sum += c as f64;
        self.c_sum2 += (c * c) as f64;
    }

    /// The test at lag 1 or 2.
    pub fn test(&self, lag: u32) -> Result<StreamTest, NotApplied> {
        let id = if lag == 1 { StreamTestId::CountLag1 } else { StreamTestId::CountLag2 };
        if !self.applies {
            return Err(NotApplied { id, why: "Hi-Lo counts the ranks of a 52- or 54-card deck".into() });
        }
        let s = self.sums[lag as usize - 1];
        if (s.rounds as f64) < 4.0 * MIN_EXPECTED || s.c2v <= 0.0 {
            return Err(NotApplied {
                id,
                why: format!("{} rounds with a count of their discards {lag} rounds before, 20 needed", s.rounds),
            });
        }
        let z = s.ce / s.c2v.sqrt();
        let slope = if s.c2 > 0.0 { s.ce / s.c2 } else { 0.0 };
        let n = self.batches.max(1) as f64;
        let spread = (self.c_sum2 / n - (self.c_sum / n).powi(2)).max(0.0).sqrt();
        let correlation = if s.e2 > 0.0 { s.ce / (s.c2 * s.e2).sqrt() } else { 0.0 };
        Ok(StreamTest {
            id,
            statistic: z,
            df: 1.0,
            ln_p: normal_ln_sf(z),
            ln_p_low: Some(normal_ln_cdf(z)),
            found: Found::Count {
                lag,
                slope,
                correlation,
                spread,
                edge: 0.5 * 52.0 * slope.abs() * spread,
                rounds: s.rounds,
            },
        })
    }
}
