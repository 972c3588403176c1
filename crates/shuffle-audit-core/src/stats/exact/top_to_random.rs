//! Exact laws of `k` top-to-random moves ([`crate::shuffle::TopToRandom`]).
//!
//! One move sends the top card to place `j = r() % n` (law `1/n`, or the w-bit residue law) and lifts every card
//! at positions `1..=j` by one: `M[0][j] = P(j)`, and for `i ≥ 1`, `M[i][i−1] = P(j ≥ i)`, `M[i][i] = P(j < i)`.
//! `k` moves are `M^k`. Order laws (n ≤ 9): the `n` outcomes of one move convolved `k` times.

use super::Intractable;
use super::choices::{check_order_deck, matrix_power, order_law_of_steps, residue_probability, step_law};
use crate::shuffle::top_to_random_move;

/// `p[card * n + pos]` after `moves` moves of `n` cards (ideal draws, or a `bits`-wide generator).
pub fn marginals(n: usize, moves: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    let mut m = vec![0.0; n * n];
    let p: Vec<f64> = (0..n).map(|j| residue_probability(n, j, bits)).collect();
    m[..n].copy_from_slice(&p);
    for i in 1..n {
        let below: f64 = p[..i].iter().sum();
        let at_or_above: f64 = p[i..].iter().sum();
        m[i * n + i - 1] = at_or_above;
        m[i * n + i] = below;
    }
    matrix_power("top-to-random", "--moves", n, &m, moves)
}

/// The probability of every order of `n ≤ 9` cards after `moves` moves, by lexicographic rank.
pub fn order_law(n: usize, moves: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("top-to-random", n)?;
    let step = step_law(n, bits, |deck, d| top_to_random_move(deck, d));
    order_law_of_steps("top-to-random", n, moves, &step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::choices::marginals_of_order_law;

    #[test]
    fn marginals_match_full_enumeration_of_every_draw() {
        for n in 4..=6 {
            for bits in [None, Some(3), Some(4)] {
                for k in [1, 2, 5, 12] {
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
    fn uniform_once_the_bottom_card_has_risen_and_been_inserted() {
        // With ideal draws the law after k moves is a mixture of the exactly uniform law (the strong uniform
        // time has passed) and others, so the smallest order probability never exceeds uniform and, for many
        // moves, the law is uniform to rounding.
        let law = order_law(5, 200, None).unwrap();
        for p in law {
            assert!((p - 1.0 / 120.0).abs() < 1e-12);
        }
    }

    // The sampled shuffle against its exact order law: 2^18 shuffles of 5 cards, chi-square over the 120 orders
    // (pooled to expected counts >= 5). A correct model fails this with probability 1e-6 (the threshold); the
    // positive control, the same sample against the law one step further, must be rejected (p < 1e-9).
    #[test]
    fn sampled_top_to_random_agrees_with_its_exact_law() {
        use crate::rng::GlibcRand;
        use crate::shuffle::TopToRandom;
        use crate::stats::exact::choices::sampled::ln_p_against;
        let s = TopToRandom { moves: 4 };
        let law = order_law(5, 4, Some(31)).unwrap();
        assert!(ln_p_against::<_, GlibcRand>(&s, 5, 13, 1 << 18, &law) > 1e-6f64.ln());
        let next = order_law(5, 5, Some(31)).unwrap();
        assert!(ln_p_against::<_, GlibcRand>(&s, 5, 13, 1 << 18, &next) < 1e-9f64.ln());
    }
}
