//! Exact laws of `k` overhand passes ([`crate::shuffle::Overhand`], Pemantle's model).
//!
//! Every gap is a cut with probability exactly 1/2 with every generator (`r() % 2`, `2^w` even), so the law
//! does not depend on `bits`. In one pass the card at position `i` lies in a packet that reaches `u` cards
//! above it and `v` below: `P(u) = 2^−(u+1)` for `u < i` and `2^−i` for `u = i` (no cut up to the top), the same
//! for `v` towards the bottom, independently; the packets are reversed, so the card ends at position
//! `n − 1 − i − v + u`. `k` passes are `M^k`. Order laws (n ≤ 9): the one-pass law over all `2^(n−1)` cut
//! patterns, convolved `k` times.

use super::Intractable;
use super::choices::{check_order_deck, matrix_power, order_law_of_steps, step_law};
use crate::shuffle::overhand_pass;

/// `p[card * n + pos]` after `passes` passes of `n` cards (`bits` does not change it).
pub fn marginals(n: usize, passes: u64, _bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    matrix_power("overhand", "--passes", n, &step_matrix(n), passes)
}

/// The probability of every order of `n ≤ 9` cards after `passes` passes, by lexicographic rank.
pub fn order_law(n: usize, passes: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("overhand", n)?;
    let mut buf = Vec::with_capacity(n);
    let step = step_law(n, bits, |deck, d| overhand_pass(deck, d, &mut buf));
    order_law_of_steps("overhand", n, passes, &step)
}

/// The law of how far a packet reaches past a card with `room` cards on that side.
fn reach(room: usize) -> impl Iterator<Item = (usize, f64)> {
    (0..=room).map(move |u| (u, if u < room { 0.5f64.powi(u as i32 + 1) } else { 0.5f64.powi(room as i32) }))
}

fn step_matrix(n: usize) -> Vec<f64> {
    let mut m = vec![0.0; n * n];
    for i in 0..n {
        for (u, pu) in reach(i) {
            for (v, pv) in reach(n - 1 - i) {
                m[i * n + (n - 1 - i - v + u)] += pu * pv;
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::choices::marginals_of_order_law;

    #[test]
    fn marginals_match_full_enumeration_of_every_draw() {
        for n in 4..=6 {
            for bits in [None, Some(3)] {
                for k in 1..=4 {
                    let law = order_law(n, k, bits).unwrap();
                    assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                    let want = marginals_of_order_law(n, &law);
                    for (i, (x, y)) in marginals(n, k, bits).unwrap().iter().zip(&want).enumerate() {
                        assert!((x - y).abs() < 1e-12, "n {n} k {k} cell {i}: {x} vs {y}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_pass_reverses_the_deck_half_the_time_per_gap() {
        // Every gap cut: the deck reversed, probability 2^-(n-1).
        let law = order_law(4, 1, None).unwrap();
        assert_eq!(law[23], 0.125);
        assert_eq!(law[0], 0.125, "no cut at all: one packet, the deck unchanged");
    }

    // The sampled shuffle against its exact order law: 2^18 shuffles of 5 cards, chi-square over the 120 orders
    // (pooled to expected counts >= 5). A correct model fails this with probability 1e-6 (the threshold); the
    // positive control, the same sample against the law one step further, must be rejected (p < 1e-9).
    #[test]
    fn sampled_overhand_agrees_with_its_exact_law() {
        use crate::rng::ChaCha8;
        use crate::shuffle::Overhand;
        use crate::stats::exact::choices::sampled::ln_p_against;
        let s = Overhand { passes: 3 };
        let law = order_law(5, 3, None).unwrap();
        assert!(ln_p_against::<_, ChaCha8>(&s, 5, 12, 1 << 18, &law) > 1e-6f64.ln());
        let next = order_law(5, 4, None).unwrap();
        assert!(ln_p_against::<_, ChaCha8>(&s, 5, 12, 1 << 18, &next) < 1e-9f64.ln());
    }
}
