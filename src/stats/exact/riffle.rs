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
pub fn marginals(n: usize, riffles: u32, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    matrix_power("riffle", n, &step_matrix(n, bits), riffles)
}

/// The probability of every order of `n ≤ 9` cards after `riffles` riffles, by lexicographic rank.
pub fn order_law(n: usize, riffles: u32, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
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

/// Bayer–Diaconis: `C(2^k + n − r, n) / 2^{kn} = Π_{t=1}^{n} (2^k − r + t) / (t·2^k)`.
fn closed_form(n: usize, k: u32) -> Vec<f64> {
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
            (1..=n).map(|t| (a - rising + t as f64) / (t as f64 * a)).product::<f64>().max(0.0)
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
            let law = order_law(7, k, None).unwrap();
            let u = 1.0 / 5040.0;
            let tv = 0.5 * law.iter().map(|p| (p - u).abs()).sum::<f64>();
            assert!((tv - riffle_tv_distance(7, k)).abs() < 1e-12, "k = {k}: {tv}");
        }
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
