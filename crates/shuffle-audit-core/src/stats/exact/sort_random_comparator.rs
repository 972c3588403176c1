//! Exact laws of `sort-random-comparator` ([`crate::shuffle::SortRandomComparator`]): V8's TimSort with a
//! comparator that answers "less" with probability exactly 1/2 (`r() < 2^(w−1)`), so neither `bits` nor a
//! repetition count changes anything.
//!
//! Marginals (n < 64, where V8 sorts by run detection and binary insertion alone): the first run has length
//! `L` (`P(L = l) = 2^−(l−1)` for `2 ≤ l < n`, `2^−(n−2)` for `l = n`) and is reversed with probability 1/2;
//! then each card at `start = L..n−1` is inserted by a binary search of fair coins into `0..=start`, at place
//! `ℓ` with the probability of the search paths that end there, lifting the cards at `ℓ..start` by one. Every
//! step ignores the cards' values, so each card's position is a Markov chain through the insertions. From 64
//! cards on, merges with galloping carry state (`min_gallop`, the run stack) through the whole sort: the exact
//! marginals are refused, and sampling is the nearest thing.
//!
//! Order laws (n ≤ 9): every sequence of comparator answers enumerated.

use super::Intractable;
use super::choices::{check_order_deck, enumerate, factorial, rank};
use crate::shuffle::v8_sort_random;

/// Below this many cards V8 uses binary insertion alone (its `minrun` is the whole array).
pub const INSERTION_ONLY_BELOW: usize = 64;

/// `p[card * n + pos]` for `n < 64` cards (`param` and `bits` do not change it).
pub fn marginals(n: usize, _param: u32, _bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    if n >= INSERTION_ONLY_BELOW {
        return Err(Intractable {
            reason: format!(
                "V8 merges runs with galloping from 64 cards on ({n} here), and the merge state (min_gallop, the \
                 run stack) makes the law depend on the whole history of answers"
            ),
            nearest: "the exact marginals exist for decks below 64 cards; a sampled run shows the bias at any size"
                .to_string(),
        });
    }
    let mut out = vec![0.0; n * n];
    if n < 2 {
        out.iter_mut().for_each(|x| *x = 1.0);
        return Ok(out);
    }
    // ins[start][l]: the binary search of a card at `start` ends at place l.
    let ins: Vec<Vec<f64>> = (0..n)
        .map(|start| {
            let mut dist = vec![0.0; start + 1];
            search(0, start, 1.0, &mut dist);
            dist
        })
        .collect();
    let mut pos = vec![0.0; n * n];
    for run in 2..=n {
        let p_run = if run < n { 0.5f64.powi(run as i32 - 1) } else { 0.5f64.powi(n as i32 - 2) };
        for descending in [false, true] {
            pos.iter_mut().for_each(|x| *x = 0.0);
            for card in 0..n {
                let p = if descending && card < run { run - 1 - card } else { card };
                pos[card * n + p] = 1.0;
            }
            for (start, dist) in ins.iter().enumerate().skip(run) {
                // P(ℓ ≤ p) for p < start: the card at p is lifted.
                let mut lifted = vec![0.0; start];
                let mut acc = 0.0;
                for (p, l) in lifted.iter_mut().enumerate() {
                    acc += dist[p];
                    *l = acc;
                }
                for card in 0..n {
                    let row = &mut pos[card * n..(card + 1) * n];
                    let pivot = row[start];
                    for p in (0..start).rev() {
                        let x = row[p];
                        if x != 0.0 {
                            row[p] = x * (1.0 - lifted[p]);
                            row[p + 1] += x * lifted[p];
                        }
                    }
                    // The card at `start` (its mass before the lifts) goes to ℓ.
                    row[start] -= pivot;
                    for (l, &q) in dist.iter().enumerate() {
                        row[l] += pivot * q;
                    }
                }
            }
            for (o, &x) in out.iter_mut().zip(&pos) {
                *o += 0.5 * p_run * x;
            }
        }
    }
    Ok(out)
}

/// Binary search over `left..right` with fair answers: "less" moves `right` to `mid`.
fn search(left: usize, right: usize, p: f64, dist: &mut [f64]) {
    if left == right {
        dist[left] += p;
        return;
    }
    let mid = left + ((right - left) >> 1);
    search(left, mid, p / 2.0, dist);
    search(mid + 1, right, p / 2.0, dist);
}

/// The probability of every order of `n ≤ 9` cards, by lexicographic rank: every answer sequence enumerated.
pub fn order_law(n: usize, _param: u32, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("sort-random-comparator", n)?;
    let mut law = vec![0.0; factorial(n)];
    let mut tmp = Vec::with_capacity(n);
    enumerate(n, bits, |deck, d| v8_sort_random(deck, d, &mut tmp), |deck, p| law[rank(deck)] += p);
    Ok(law)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::choices::marginals_of_order_law;

    #[test]
    fn marginals_match_full_enumeration_of_every_answer() {
        for n in 2..=8 {
            let law = order_law(n, 0, Some(15)).unwrap();
            assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            let want = marginals_of_order_law(n, &law);
            for (i, (x, y)) in marginals(n, 0, None).unwrap().iter().zip(&want).enumerate() {
                assert!((x - y).abs() < 1e-12, "n {n} cell {i}: {x} vs {y}");
            }
        }
    }

    #[test]
    fn refuses_the_merge_phase() {
        let e = marginals(64, 0, None).unwrap_err();
        assert!(e.reason.contains("galloping") && e.nearest.contains("below 64"), "{e}");
        assert!(marginals(63, 0, None).is_ok());
    }

    // The sampled sort against its exact order law: 2^18 sorts of 5 cards, chi-square over the 120 orders. A
    // correct model fails with probability 1e-6 (the threshold); the positive control, the same sample against
    // the uniform law, must be rejected (p < 1e-9).
    #[test]
    fn sampled_sort_agrees_with_its_exact_law() {
        use crate::rng::Pcg32;
        use crate::shuffle::SortRandomComparator;
        use crate::stats::exact::choices::sampled::ln_p_against;
        let law = order_law(5, 0, None).unwrap();
        assert!(ln_p_against::<_, Pcg32>(&SortRandomComparator, 5, 14, 1 << 18, &law) > 1e-6f64.ln());
        let uniform = vec![1.0 / 120.0; 120];
        assert!(ln_p_against::<_, Pcg32>(&SortRandomComparator, 5, 14, 1 << 18, &uniform) < 1e-9f64.ln());
    }
}
