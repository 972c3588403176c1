//! Exact laws of `k` Gilbert–Shannon–Reeds riffles ([`crate::shuffle::Riffle`]).
//!
//! Marginals: one riffle moves the card at position `i` to position `j` with probability
//! `M[i][j] = Σ_c P(cut = c)·P(i ↦ j | c)`; the cut is binomial(n, 1/2) exactly with every generator (its `n`
//! draws are `r() % 2`, and `2^w` is even), and given the cut a dynamic programme over the state (cards dropped
//! from the left, from the right) weights each drop with its exact probability: `a/(a+b)` for ideal draws,
//! `(a·q + min(a, 2^w mod m))/2^w` with `m = a + b`, `q = floor(2^w/m)` for a w-bit generator. `k` riffles are
//! `M^k` (fresh draws each time). O(n³) per riffle matrix.
//!
//! Order law (n ≤ 9): with ideal draws Bayer and Diaconis's closed form, `P(d) = C(2^k + n − r, n) / 2^{kn}`
//! for a deck `d` with `r` rising sequences (1 + the number of cards `v` that lie after `v + 1`); with a w-bit
//! generator the one-riffle law (every cut and drop sequence enumerated) convolved `k` times.

use super::Intractable;
use super::choices::{
    below_probability, check_order_deck, factorial, matrix_power, order_law_of_steps, step_law, unrank,
};
use crate::cards::Card;
use crate::shuffle::riffle_once;

/// `p[card * n + pos]` after `riffles` riffles of `n` cards (ideal draws, or a `bits`-wide generator).
pub fn marginals(n: usize, riffles: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    matrix_power("riffle", "--riffles", n, &step_matrix(n, bits), riffles)
}

/// The probability of every order of `n ≤ 9` cards after `riffles` riffles, by lexicographic rank.
pub fn order_law(n: usize, riffles: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("riffle", n)?;
    match bits {
        None => Ok(closed_form(n, riffles)),
        Some(_) => {
            let mut buf = Vec::with_capacity(n);
            let step = step_law(n, bits, |deck, d| riffle_once(deck, d, &mut buf));
            order_law_of_steps("riffle", n, riffles, &step)
        }
    }
}

/// Distances from uniform after `riffles` riffles of a deck (ideal draws), from the rising-sequence law.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RiffleDistance {
    pub riffles: u32,
    /// `½ Σ_d |P(d) − 1/n!|` ([`crate::stats::exact::laws::riffle_tv_distance`]).
    pub total_variation: f64,
    /// `max_d (1 − n!·P(d))`: the least likely order is the reversed deck's kind, `n` rising sequences, so
    /// `1 − Π_{j<n} (1 − j/2^k)` (1 while `2^k < n`: some orders are still impossible).
    pub separation: f64,
}

/// Riffles in the table of `exact --algorithm riffle --table`: 1..=12.
pub const TABLE_RIFFLES: u32 = 12;

/// Total variation and separation distance after 1..=`max` riffles of `n` cards (ideal draws), exact for any
/// deck the tool takes (log-space sums, O(n²) per row).
pub fn distance_table(n: usize, max: u32) -> Vec<RiffleDistance> {
    (1..=max)
        .map(|k| RiffleDistance {
            riffles: k,
            total_variation: super::laws::riffle_tv_distance(n, k),
            separation: separation(n, k),
        })
        .collect()
}

/// `1 − Π_{j=1}^{n−1} (1 − j/2^k)`, formed with `ln_1p` and `expm1` so that it stays accurate near 0.
pub fn separation(n: usize, k: u32) -> f64 {
    let a = 2f64.powi(k.min(1023) as i32);
    if (n as f64) > a {
        return 1.0;
    }
    let ln_min: f64 = (1..n).map(|j| (-(j as f64) / a).ln_1p()).sum();
    (-ln_min.exp_m1()).clamp(0.0, 1.0)
}

/// Bayer–Diaconis: `C(2^k + n − r, n) / 2^{kn} = Π_{t=1}^{n} (2^k − r + t) / (t·2^k)`, each factor divided by
/// 2^k (exactly, a power of two) before t, so that `t·2^k` cannot overflow for k near 1023 (2^k is capped
/// there: the factors are then 1/t to the last bit).
fn closed_form(n: usize, k: u64) -> Vec<f64> {
    let a = 2f64.powi(k.min(1023) as i32);
    let mut deck: Vec<Card> = vec![0; n];
    let mut pos = vec![0usize; n];
    (0..factorial(n))
        .map(|r| {
            unrank(n, r, &mut deck);
            for (p, &c) in deck.iter().enumerate() {
                pos[c as usize] = p;
            }
            let rising = (1 + (0..n.saturating_sub(1)).filter(|&v| pos[v + 1] < pos[v]).count()) as f64;
            (1..=n).map(|t| (a - rising + t as f64) / a / t as f64).product::<f64>().max(0.0)
        })
        .collect()
}

/// One riffle's `M[i][j]`, row-major.
fn step_matrix(n: usize, bits: Option<u32>) -> Vec<f64> {
    let mut m = vec![0.0; n * n];
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64; // ln C(n, c)
    let mut f = vec![0.0; (n + 1) * (n + 1)];
    for c in 0..=n {
        if c > 0 {
            ln_choose += ((n - c + 1) as f64 / c as f64).ln();
        }
        let pc = (ln_choose + ln_half_n).exp();
        let right = n - c;
        let w = right + 1;
        f.iter_mut().for_each(|x| *x = 0.0);
        f[0] = 1.0;
        for x in 0..=c {
            for y in 0..=right {
                let here = f[x * w + y];
                if here == 0.0 || x + y == n {
                    continue;
                }
                let (a, b) = (c - x, right - y);
                let pl = if b == 0 {
                    1.0
                } else if a == 0 {
                    0.0
                } else {
                    below_probability(a, a + b, bits)
                };
                if pl > 0.0 {
                    m[x * n + x + y] += pc * here * pl;
                    f[(x + 1) * w + y] += here * pl;
                }
                if pl < 1.0 {
                    m[(c + y) * n + x + y] += pc * here * (1.0 - pl);
                    f[x * w + y + 1] += here * (1.0 - pl);
                }
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::choices::marginals_of_order_law;
    use crate::stats::exact::laws::riffle_tv_distance;

    fn close(a: &[f64], b: &[f64], tol: f64) {
        assert_eq!(a.len(), b.len());
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert!((x - y).abs() <= tol, "cell {i}: {x} vs {y}");
        }
    }

    #[test]
    fn marginals_match_full_enumeration_of_every_draw() {
        // Every cut and drop sequence of every riffle, with its exact probability, for ideal draws and a 3-bit
        // generator (outputs 0..8, strongly biased drops).
        for n in 4..=6 {
            for bits in [None, Some(3), Some(15)] {
                for k in 1..=3 {
                    let mut buf = Vec::new();
                    let step = step_law(n, bits, |deck, d| riffle_once(deck, d, &mut buf));
                    let law = order_law_of_steps("riffle", n, k, &step).unwrap();
                    assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                    close(&marginals(n, k, bits).unwrap(), &marginals_of_order_law(n, &law), 1e-12);
                    if bits.is_some() {
                        close(&order_law(n, k, bits).unwrap(), &law, 0.0);
                    } else {
                        close(&order_law(n, k, None).unwrap(), &law, 1e-12);
                    }
                }
            }
        }
    }

    #[test]
    fn closed_form_total_variation_matches_the_rising_sequence_formula() {
        for k in 1..=6 {
            let law = order_law(7, u64::from(k), None).unwrap();
            let u = 1.0 / 5040.0;
            let tv = 0.5 * law.iter().map(|p| (p - u).abs()).sum::<f64>();
            assert!((tv - riffle_tv_distance(7, k)).abs() < 1e-12, "k = {k}: {tv}");
        }
    }

    #[test]
    fn table_for_52_cards_is_bayer_and_diaconis() {
        // Bayer & Diaconis (1992), Table 1: total variation after k riffles of 52 cards.
        let published = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043];
        let table = distance_table(52, TABLE_RIFFLES);
        assert_eq!(table.len(), 12);
        for (row, want) in table.iter().zip(published) {
            assert_eq!(format!("{:.3}", row.total_variation), format!("{want:.3}"), "k = {}", row.riffles);
        }
        // Separation: 1 until 2^k >= 52; then 1 − Π (1 − j/2^k).
        assert_eq!(table[4].separation, 1.0);
        let k6: f64 = 1.0 - (1..52).map(|j| 1.0 - j as f64 / 64.0).product::<f64>();
        assert!((table[5].separation - k6).abs() < 1e-12);
        assert!(table.windows(2).all(|w| w[1].separation <= w[0].separation));
        assert!(table.iter().all(|r| r.separation >= r.total_variation - 1e-12), "separation bounds TV");
    }

    #[test]
    fn separation_matches_the_order_law() {
        for k in 1..=5 {
            let law = order_law(6, u64::from(k), None).unwrap();
            let sep = law.iter().map(|p| 1.0 - 720.0 * p).fold(f64::MIN, f64::max);
            assert!((sep - separation(6, k)).abs() < 1e-12, "k = {k}");
        }
    }

    #[test]
    fn table_for_1024_cards_stays_finite() {
        let table = distance_table(1024, TABLE_RIFFLES);
        assert!(table.iter().all(|r| r.total_variation.is_finite() && (0.0..=1.0).contains(&r.separation)));
        assert_eq!(
            table[9].separation, 1.0,
            "2^10 = 1024: the least likely order has 1023!/1024^1023 of the uniform probability"
        );
        assert!(table[11].total_variation < table[10].total_variation);
    }

    #[test]
    fn refuses_large_order_laws() {
        let e = order_law(10, 7, None).unwrap_err();
        assert!(e.to_string().contains("10 cards"), "{e}");
    }

    // The sampled shuffle against its exact order law: 2^18 shuffles of 5 cards, chi-square over the 120 orders
    // (pooled to expected counts >= 5). A correct model fails this with probability 1e-6 (the threshold); the
    // positive control, the same sample against the law one step further, must be rejected (p < 1e-9).
    #[test]
    fn sampled_riffle_agrees_with_its_exact_law() {
        use crate::rng::MsvcRand;
        use crate::shuffle::Riffle;
        use crate::stats::exact::choices::sampled::ln_p_against;
        let two = order_law(5, 2, Some(15)).unwrap();
        let three = order_law(5, 3, Some(15)).unwrap();
        let s = Riffle { riffles: 2 };
        assert!(ln_p_against::<_, MsvcRand>(&s, 5, 11, 1 << 18, &two) > 1e-6f64.ln());
        assert!(ln_p_against::<_, MsvcRand>(&s, 5, 11, 1 << 18, &three) < 1e-9f64.ln());
    }
}
