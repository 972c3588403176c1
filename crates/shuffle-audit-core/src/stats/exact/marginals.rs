//! Exact position-by-card probabilities of Fisher–Yates with a w-bit generator, and the sample size at which its
//! modulo bias becomes visible.
//!
//! `r() % m` with a generator of 2^w equally likely outputs gives residue j with probability
//! `q_m(j) = (⌊2^w/m⌋ + [j < 2^w mod m]) / 2^w`: the first `2^w mod m` residues get one extra preimage (for MSVC's
//! 15-bit `rand()` and m = 52, 631 against 630 chances in 32768). Following one card through the swaps makes its
//! position a Markov chain: in the backward loop (`for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }`)
//! a card at position i moves to j with probability `q_{i+1}(j)`, a card at x < i moves to i with probability
//! `q_{i+1}(x)` and otherwise stays, and positions above i are final. The forward loop (`j = i + r() % (n−i)`) is
//! the mirror image. Iterating the chain from each card's starting position gives the exact marginal law
//! `p[c][pos]` in O(n³) operations, with no sampling.
//!
//! Power. With cell probabilities p instead of 1/n, Pearson's X² over N shuffles gains `N·Σ (p − 1/n)²/(1/n)` on
//! average, so the scaled statistic `X²·(n−1)/n` is approximately noncentral χ²((n−1)², λ) with
//! `λ(N) = N·n·Σ (p − 1/n)²·(n−1)/n` (Cochran 1952; the usual local-alternative approximation). For a grouping of
//! the cards into classes (suits, ranks) the same holds with class probabilities and `Σ δ²/π_k`. The bias is
//! expected to reach a threshold α once `df + λ(N)` reaches the χ²(df) quantile of α: that N is the estimate this
//! module reports (at that N a test fails about half of the time; twice that N it fails almost always).

use crate::stats::distributions::special::chi2_upper_quantile;

/// Which Fisher–Yates loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `fisher-yates`: `for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }`.
    Backward,
    /// `fisher-yates-forward`: `for i in 0..n { j = i + r() % (n-i); swap(d[i], d[j]) }`.
    Forward,
}

/// `q_m(j)` for j in `0..m`: the exact law of `r() % m` for a uniform `bits`-bit r.
pub fn residue_law(m: usize, bits: u32) -> Vec<f64> {
    let outputs = 1u64 << bits;
    let (base, extra) = (outputs / m as u64, outputs % m as u64);
    (0..m as u64).map(|j| (base + u64::from(j < extra)) as f64 / outputs as f64).collect()
}

/// Exact marginals: `p[c * n + pos]` is the probability that card c ends at position pos.
pub fn fisher_yates_marginals(n: usize, bits: u32, direction: Direction) -> Vec<f64> {
    let mut p = vec![0.0; n * n];
    let steps: Vec<(usize, Vec<f64>)> = match direction {
        // Step i draws j in 0..=i.
        Direction::Backward => (1..n).rev().map(|i| (i, residue_law(i + 1, bits))).collect(),
        // Step i draws j − i in 0..n−i.
        Direction::Forward => (0..n).map(|i| (i, residue_law(n - i, bits))).collect(),
    };
    let mut dist = vec![0.0; n];
    let mut next = vec![0.0; n];
    for card in 0..n {
        dist.fill(0.0);
        dist[card] = 1.0;
        for (i, q) in &steps {
            let i = *i;
            next.copy_from_slice(&dist);
            match direction {
                Direction::Backward => {
                    // The card at i goes to j; a card at x < i is swapped up to i with probability q(x).
                    next[i] = 0.0;
                    for x in 0..i {
                        next[i] += dist[x] * q[x];
                        next[x] = dist[x] * (1.0 - q[x]) + dist[i] * q[x];
                    }
                    next[i] += dist[i] * q[i];
                }
                Direction::Forward => {
                    // The card at i goes to i + k; a card at x > i is swapped down to i with probability q(x − i).
                    next[i] = dist[i] * q[0];
                    for x in i + 1..n {
                        next[i] += dist[x] * q[x - i];
                        next[x] = dist[x] * (1.0 - q[x - i]) + dist[i] * q[x - i];
                    }
                }
            }
            std::mem::swap(&mut dist, &mut next);
        }
        p[card * n..(card + 1) * n].copy_from_slice(&dist);
    }
    p
}

/// Noncentrality per shuffle of the scaled position-by-card statistic: `n·Σ (p − 1/n)²·(n−1)/n`.
pub fn position_card_lambda(n: usize, marginals: &[f64]) -> f64 {
    let nf = n as f64;
    let ss: f64 = marginals.iter().map(|&p| (p - 1.0 / nf).powi(2)).sum();
    nf * ss * (nf - 1.0) / nf
}

/// Noncentrality per shuffle of a scaled class-by-position statistic (`class_of[card]` in `0..classes`):
/// `Σ_{k,pos} (P_k(pos) − π_k)²/π_k · (n−1)/n`, with `P_k(pos) = Σ_{c in k} p[c][pos]` and `π_k = m_k/n`.
pub fn class_lambda(n: usize, marginals: &[f64], class_of: &[u8], classes: usize) -> f64 {
    let nf = n as f64;
    let mut sizes = vec![0usize; classes];
    for &k in class_of {
        sizes[usize::from(k)] += 1;
    }
    let mut sum = 0.0;
    for (k, &m) in sizes.iter().enumerate() {
        let pi = m as f64 / nf;
        for pos in 0..n {
            let pk: f64 = (0..n).filter(|&c| usize::from(class_of[c]) == k).map(|c| marginals[c * n + pos]).sum();
            sum += (pk - pi).powi(2) / pi;
        }
    }
    sum * (nf - 1.0) / nf
}

/// The N at which the expected statistic `df + N·λ₁` reaches the level-α critical value of χ²(df).
pub fn shuffles_to_reach(df: f64, lambda_per_shuffle: f64, ln_alpha: f64) -> f64 {
    (chi2_upper_quantile(ln_alpha, df) - df) / lambda_per_shuffle
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: run the loop over every sequence of outputs of a `bits`-bit generator.
    fn enumerate(n: usize, bits: u32, direction: Direction) -> Vec<f64> {
        let calls = if direction == Direction::Backward { n - 1 } else { n };
        let outputs = 1usize << bits;
        let total = outputs.pow(calls as u32);
        let mut p = vec![0.0; n * n];
        for code in 0..total {
            let mut rest = code;
            let mut d: Vec<usize> = (0..n).collect();
            let mut draw = |m: usize| {
                let r = rest % outputs;
                rest /= outputs;
                r % m
            };
            match direction {
                Direction::Backward => {
                    for i in (1..n).rev() {
                        let j = draw(i + 1);
                        d.swap(i, j);
                    }
                }
                Direction::Forward => {
                    for i in 0..n {
                        let j = i + draw(n - i);
                        d.swap(i, j);
                    }
                }
            }
            for (pos, &c) in d.iter().enumerate() {
                p[c * n + pos] += 1.0 / total as f64;
            }
        }
        p
    }

    #[test]
    fn the_markov_chain_matches_brute_force_on_tiny_generators() {
        // 3-bit and 4-bit generators on 4 and 5 cards: every output sequence enumerated (up to 16^5 = 2^20).
        for (n, bits) in [(4, 3), (5, 3), (4, 4), (5, 4)] {
            for direction in [Direction::Backward, Direction::Forward] {
                let exact = fisher_yates_marginals(n, bits, direction);
                let brute = enumerate(n, bits, direction);
                for (a, b) in exact.iter().zip(&brute) {
                    assert!((a - b).abs() < 1e-12, "n = {n}, bits = {bits}, {direction:?}: {a} vs {b}");
                }
            }
        }
    }

    #[test]
    fn marginals_are_doubly_stochastic_and_fair_without_bias() {
        let p = fisher_yates_marginals(52, 15, Direction::Backward);
        for i in 0..52 {
            let row: f64 = (0..52).map(|j| p[i * 52 + j]).sum();
            let col: f64 = (0..52).map(|j| p[j * 52 + i]).sum();
            assert!((row - 1.0).abs() < 1e-12 && (col - 1.0).abs() < 1e-12);
        }
        // Two cards: r() % 2 is exact for a power-of-two generator, so there is no bias at all.
        let two = fisher_yates_marginals(2, 15, Direction::Backward);
        assert!(two.iter().all(|&x| (x - 0.5).abs() < 1e-15));
    }

    #[test]
    fn msvc_bias_needs_about_a_hundred_million_shuffles() {
        // 52 cards, 15 bits: λ ≈ 601 per 10^8 shuffles for the scaled position-by-card statistic.
        let p = fisher_yates_marginals(52, 15, Direction::Backward);
        let lambda = position_card_lambda(52, &p) * 1e8;
        assert!((590.0..612.0).contains(&lambda), "λ per 10^8 shuffles = {lambda}");
        // A 31-bit generator: 2^32 times smaller, i.e. about 10^17 shuffles.
        let glibc = position_card_lambda(52, &fisher_yates_marginals(52, 31, Direction::Backward)) * 1e8;
        let n_glibc = shuffles_to_reach(2601.0, glibc / 1e8, 1e-9f64.ln());
        assert!((1e17..1e18).contains(&n_glibc), "{n_glibc:e}");
        // Grouping the cards by suit keeps most of the noncentrality in 153 degrees of freedom instead of 2601:
        // the bias favours low positions for the low card ids, i.e. one suit, smoothly.
        let suits: Vec<u8> = (0..52).map(|c| (c / 13) as u8).collect();
        let suit_lambda = class_lambda(52, &p, &suits, 4) * 1e8;
        assert!((360.0..370.0).contains(&suit_lambda), "{suit_lambda}");
        let ln_alpha = 1e-9f64.ln();
        assert!(
            shuffles_to_reach(153.0, suit_lambda / 1e8, ln_alpha) < shuffles_to_reach(2601.0, lambda / 1e8, ln_alpha)
        );
    }

    #[test]
    fn quantiles_invert_the_survival_function() {
        let x = chi2_upper_quantile(1e-9f64.ln(), 2601.0);
        assert!((crate::stats::distributions::special::chi2_ln_sf(x, 2601.0) - 1e-9f64.ln()).abs() < 1e-9);
        // Wilson–Hilferty gives 3057 as well.
        assert!((x - 3057.2).abs() < 0.1, "{x}");
    }
}
