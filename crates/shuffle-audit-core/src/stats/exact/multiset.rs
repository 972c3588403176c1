//! Exact laws of shoes: arrangements of a multiset, every distinct order of the faces equally likely (what a
//! uniform shuffle of a shoe gives, whatever the copies' ids).
//!
//! **Equal neighbours.** For classes of sizes D_1..D_r (N cards in all), the number X of positions i with the
//! cards at i and i + 1 of the same class ("clumping": two tens in a row, two cards of one value). Its mean is
//! `Σ_c D_c(D_c − 1)/N` (each of the N − 1 neighbouring pairs is equal with probability
//! `Σ_c D_c(D_c − 1)/(N(N − 1))`). Its law comes from building the arrangement class by class: a sequence of L
//! cards with k equal neighbours receives the D copies of a new class as b runs (C(D − 1, b − 1) ways to split
//! them), put into b distinct gaps of the L + 1, s of them among the k gaps between equal neighbours (which the
//! run splits); the result has `k − s + D − b` equal neighbours, and every arrangement of the larger multiset
//! arises exactly once. With the C(L + D, D) ways to place the class, the step carries probabilities:
//!
//! `P'(k − s + D − b) += P(k) · C(D−1, b−1) · C(k, s) · C(L+1−k, b−s) / C(L+D, D)`,
//!
//! every term positive (no cancellation), each binomial in log space. The classes are added largest first, so
//! that the biggest class costs nothing. Checked against every arrangement of small multisets in the tests.

use statrs::function::gamma::ln_gamma;

/// `ln C(n, k)`, `−∞` when `k > n`.
fn ln_choose(n: usize, k: usize) -> f64 {
    if k > n {
        return f64::NEG_INFINITY;
    }
    ln_gamma(n as f64 + 1.0) - ln_gamma(k as f64 + 1.0) - ln_gamma((n - k) as f64 + 1.0)
}

/// The law of the number of equal neighbours in a uniformly random arrangement of a multiset whose classes
/// have the given sizes: `pmf[k]` for k in 0..N (N = the sizes' sum; `[1.0]` for fewer than two cards).
pub fn equal_neighbours_pmf(sizes: &[usize]) -> Vec<f64> {
    let n: usize = sizes.iter().sum();
    let mut sizes: Vec<usize> = sizes.iter().copied().filter(|&d| d > 0).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let mut p = vec![0.0; n.max(1)];
    let Some((&first, rest)) = sizes.split_first() else {
        p[0] = 1.0;
        return p;
    };
    // One class alone: its D cards in a row, D − 1 equal neighbours.
    p[first - 1] = 1.0;
    let mut len = first;
    for &d in rest {
        let mut next = vec![0.0; n.max(1)];
        let ln_ways = ln_choose(len + d, d);
        for (k, &pk) in p.iter().enumerate().take(len) {
            if pk == 0.0 {
                continue;
            }
            let ln_pk = pk.ln();
            for b in 1..=d.min(len + 1) {
                let ln_split = ln_choose(d - 1, b - 1);
                for s in 0..=b.min(k) {
                    let ln_gaps = ln_choose(k, s) + ln_choose(len + 1 - k, b - s);
                    if ln_gaps == f64::NEG_INFINITY {
                        continue;
                    }
                    next[k - s + d - b] += (ln_pk + ln_split + ln_gaps - ln_ways).exp();
                }
            }
        }
        p = next;
        len += d;
    }
    p
}

/// The mean of [`equal_neighbours_pmf`]: `Σ D(D − 1)/N`.
pub fn equal_neighbours_mean(sizes: &[usize]) -> f64 {
    let n: usize = sizes.iter().sum();
    if n == 0 {
        return 0.0;
    }
    sizes.iter().map(|&d| (d * d.saturating_sub(1)) as f64).sum::<f64>() / n as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every distinct arrangement of the multiset, by brute force over the permutations of its positions
    /// (each distinct arrangement is reached Π D_c! times, so the counts divided by n! are its law).
    fn by_every_arrangement(sizes: &[usize]) -> Vec<f64> {
        let mut cards: Vec<usize> = sizes.iter().enumerate().flat_map(|(c, &d)| std::iter::repeat_n(c, d)).collect();
        let n = cards.len();
        let mut counts = vec![0u64; n.max(1)];
        let mut total = 0u64;
        let record = |cards: &[usize]| {
            counts[cards.windows(2).filter(|w| w[0] == w[1]).count()] += 1;
            total += 1;
        };
        crate::stats::testing::for_each_order(&mut cards, record);
        counts.iter().map(|&k| k as f64 / total as f64).collect()
    }

    #[test]
    fn the_law_is_every_arrangement_counted() {
        for sizes in [
            vec![1, 1],
            vec![2],
            vec![2, 2],
            vec![3, 1],
            vec![2, 2, 2],
            vec![4, 1, 1, 1],
            vec![3, 3, 2],
            vec![2, 2, 2, 2, 1],
            vec![5, 2, 1, 1],
            vec![1, 1, 1, 1, 1, 1, 1, 1, 1],
            vec![0, 3, 0, 3, 3],
        ] {
            let exact = equal_neighbours_pmf(&sizes);
            let brute = by_every_arrangement(&sizes);
            assert_eq!(exact.len(), brute.len(), "{sizes:?}");
            for (k, (a, b)) in exact.iter().zip(&brute).enumerate() {
                assert!((a - b).abs() < 1e-12, "{sizes:?}: P({k}) = {a}, by enumeration {b}");
            }
            let mean: f64 = exact.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            assert!((mean - equal_neighbours_mean(&sizes)).abs() < 1e-12, "{sizes:?}");
        }
    }

    #[test]
    fn a_shoe_of_values_sums_to_one_with_its_mean() {
        // The value classes of an 8-deck shoe: 128 ten-valued cards, 32 of each other value; mean
        // (128·127 + 9·32·31)/416 = 60.5385.
        let mut sizes = vec![32; 9];
        sizes.push(128);
        let p = equal_neighbours_pmf(&sizes);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        assert!((mean - (128.0 * 127.0 + 9.0 * 32.0 * 31.0) / 416.0).abs() < 1e-6, "{mean}");
        // One deck of distinct cards has no equal neighbours.
        assert!((equal_neighbours_pmf(&[1; 52])[0] - 1.0).abs() < 1e-12);
    }
}
