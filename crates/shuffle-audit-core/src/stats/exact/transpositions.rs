//! Exact expectations for k random transpositions, the `pair-swap` and `wash` families, used by `sweep` to draw
//! the curve the observed points must follow.
//!
//! Follow one card. Each step moves it by a transposition independent of where it is, so its displacement is a
//! random walk on the cycle ℤ/n with a circulant transition matrix M; after k steps it sits `d` places after its
//! start with probability `q_k(d) = (1/n) Σ_j μ_j^k cos(2πjd/n)`, where μ_j are M's eigenvalues
//! (a circulant matrix is diagonalised by the discrete Fourier transform). Then, exactly:
//!
//! - expected fixed points = `Σ_c P(card c at c) = n · q_k(0) = Σ_j μ_j^k` (the trace of M^k);
//! - for N independent shuffles, each cell (p, c) of the position-by-card matrix is Binomial(N, q_k(p − c)),
//!   so `E[X²] = n² Σ_d [q(1 − q) + N (q − 1/n)²]` and the scaled statistic `X²·(n−1)/n` has expectation
//!   `(n−1)·n·Σ_d [q_d(1 − q_d) + N (q_d − 1/n)²]`, which is `(n−1)²` for a fair shuffle (q_d = 1/n).
//!
//! The two walks:
//!
//! - **independent** (`pair-swap`): a and b uniform and independent, a = b allowed (a no-op). The card moves to
//!   each other place with probability 2/n², so μ_0 = 1 and every other μ_j = 1 − 2/n: expected fixed points
//!   `1 + (n−1)(1 − 2/n)^k` (Diaconis & Shahshahani 1981; docs/src/reference.md#random-transpositions: n = 52, k = 54 gives 7.13).
//! - **forced distinct** (`wash`): when a = b the source sets b = a + 1 (wrapping), so the ordered pair
//!   (a, a+1) has probability 2/n² and every other ordered pair with a ≠ b has 1/n². Cyclically adjacent
//!   places are swapped half as often again as the others: the card moves to its two neighbours with
//!   probability 3/n² each and elsewhere with 2/n², giving `μ_j = 1 − 2/n − 2/n² + 2cos(2πj/n)/n²`. The
//!   formula `1 + (n−1)(1 − 2/(n−1))^k` holds for transpositions drawn uniformly among the n(n−1)/2 pairs,
//!   which `wash` is not: its μ_j average to `1 − 2/(n−1)` but are not all equal, and the two expectations
//!   differ, if only slightly (n = 54, k = 54: 7.6424 against 7.6400). The unit tests check both walks against
//!   enumeration of every draw through the shuffles' own code.

/// Which random-transposition walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TranspositionWalk {
    /// a and b independent and uniform, a = b allowed (`pair-swap`).
    Independent,
    /// a and b uniform, b moved to a + 1 (mod n) when they coincide (`wash`).
    ForcedDistinct,
}

impl TranspositionWalk {
    /// The non-trivial eigenvalues μ_1 … μ_{n−1} of one card's transition matrix (μ_0 = 1).
    fn eigenvalues(self, n: usize) -> Vec<f64> {
        let nf = n as f64;
        (1..n)
            .map(|j| match self {
                TranspositionWalk::Independent => 1.0 - 2.0 / nf,
                TranspositionWalk::ForcedDistinct => {
                    let theta = 2.0 * std::f64::consts::PI * j as f64 / nf;
                    1.0 - 2.0 / nf - 2.0 / (nf * nf) + 2.0 * theta.cos() / (nf * nf)
                }
            })
            .collect()
    }

    /// `q_k(d)` for d in 0..n: the probability that a card sits d places (cyclically) after its start after k
    /// steps.
    pub fn displacement_law(self, n: usize, k: u64) -> Vec<f64> {
        let nf = n as f64;
        let powers: Vec<f64> = self.eigenvalues(n).into_iter().map(|mu| pow(mu, k)).collect();
        (0..n)
            .map(|d| {
                let sum: f64 = powers
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        // cos(2πjd/n) with j·d reduced mod n first, so that the angle stays small and exact.
                        let jd = ((i + 1) * d % n) as f64;
                        p * (2.0 * std::f64::consts::PI * jd / nf).cos()
                    })
                    .sum();
                ((1.0 + sum) / nf).clamp(0.0, 1.0)
            })
            .collect()
    }

    /// Expected number of fixed points after k steps: `Σ_j μ_j^k` (1 for a fair shuffle).
    pub fn expected_fixed_points(self, n: usize, k: u64) -> f64 {
        1.0 + self.eigenvalues(n).into_iter().map(|mu| pow(mu, k)).sum::<f64>()
    }

    /// Expected scaled position-by-card statistic `X²·(n−1)/n` after N shuffles of k steps each.
    pub fn expected_scaled_statistic(self, n: usize, k: u64, shuffles: u64) -> f64 {
        let nf = n as f64;
        let big_n = shuffles as f64;
        let per_d: f64 =
            self.displacement_law(n, k).iter().map(|&q| q * (1.0 - q) + big_n * (q - 1.0 / nf).powi(2)).sum();
        (nf - 1.0) * nf * per_d
    }
}

/// `mu^k` for a possibly negative base and a large exponent.
fn pow(mu: f64, k: u64) -> f64 {
    match i32::try_from(k) {
        Ok(k) => mu.powi(k),
        Err(_) => mu.signum().powf(k as f64 % 2.0) * mu.abs().powf(k as f64),
    }
}

/// The Diaconis–Shahshahani cutoff `(1/2)·n·ln n`: about how many random transpositions mix n cards.
pub fn mixing_cutoff(n: usize) -> f64 {
    0.5 * n as f64 * (n as f64).ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, reset};
    use crate::rng::RawRng;
    use crate::shuffle::{PairSwap, Scratch, Shuffle, Wash};

    /// Replays a fixed list of raw outputs, so that every draw sequence can be enumerated.
    struct Script<'a>(&'a [u32], usize);

    impl RawRng for Script<'_> {
        const BITS: u32 = 32;
        fn r(&mut self) -> u32 {
            self.1 += 1;
            self.0[self.1 - 1]
        }
    }

    /// The exact displacement law of a shuffle with k steps of two draws each, by enumerating all n^(2k)
    /// equally likely draw sequences through the shuffle's own code.
    fn enumerate<S: Shuffle>(s: &S, n: usize, k: usize) -> Vec<f64> {
        let draws = 2 * k;
        let total = n.pow(draws as u32);
        let mut law = vec![0.0; n];
        let mut deck: Vec<Card> = vec![0; n];
        let mut scratch = Scratch::new(n);
        let mut values = vec![0u32; draws];
        for code in 0..total {
            let mut c = code;
            for v in values.iter_mut() {
                *v = (c % n) as u32;
                c /= n;
            }
            reset(&mut deck);
            let mut rng = Script(&values, 0);
            s.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
            assert_eq!(rng.1, draws);
            // Card 0's displacement: where it went.
            let at = deck.iter().position(|&x| x == 0).unwrap();
            law[at] += 1.0 / total as f64;
        }
        law
    }

    #[test]
    fn both_walks_match_enumeration_through_the_shuffles() {
        for n in [2usize, 3, 4, 5] {
            for k in 0..=3usize {
                if n.pow(2 * k as u32) > 1 << 20 {
                    continue;
                }
                let wash = enumerate(&Wash { swaps: k }, n, k);
                let pair = enumerate(&PairSwap { swaps: Some(k) }, n, k);
                let wash_law = TranspositionWalk::ForcedDistinct.displacement_law(n, k as u64);
                let pair_law = TranspositionWalk::Independent.displacement_law(n, k as u64);
                for d in 0..n {
                    assert!((wash[d] - wash_law[d]).abs() < 1e-12, "wash n={n} k={k} d={d}: {wash:?} {wash_law:?}");
                    assert!((pair[d] - pair_law[d]).abs() < 1e-12, "pair n={n} k={k} d={d}: {pair:?} {pair_law:?}");
                }
                // By symmetry every card has card 0's law, so fixed points = n · q(0).
                let fp = TranspositionWalk::ForcedDistinct.expected_fixed_points(n, k as u64);
                assert!((fp - n as f64 * wash[0]).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn independent_walk_has_the_reference_values() {
        // docs/src/reference.md#random-transpositions: n = 52: k = 27 → 18.69, 54 → 7.13, 108 → 1.74, 200 → 1.02.
        let w = TranspositionWalk::Independent;
        for (k, want) in [(27, 18.69), (54, 7.13), (108, 1.74), (200, 1.02)] {
            assert!((w.expected_fixed_points(52, k) - want).abs() < 0.005, "k = {k}");
            let closed = crate::stats::exact::laws::fixed_points_after_transpositions(52, k);
            assert!((w.expected_fixed_points(52, k) - closed).abs() < 1e-12);
        }
    }

    #[test]
    fn wash_is_not_uniform_over_distinct_pairs() {
        // The forced-distinct rule favours neighbouring pairs, so the closed form for uniform distinct pairs,
        // 1 + (n−1)(1 − 2/(n−1))^k, is close but not exact.
        let exact = TranspositionWalk::ForcedDistinct.expected_fixed_points(54, 54);
        let uniform_pairs = 1.0 + 53.0 * (1.0 - 2.0 / 53.0f64).powi(54);
        assert!((exact - 7.642372).abs() < 1e-6, "{exact}");
        assert!((uniform_pairs - 7.640005).abs() < 1e-6, "{uniform_pairs}");
    }

    #[test]
    fn expected_statistic_is_fair_at_the_limit_and_matches_enumeration() {
        let w = TranspositionWalk::Independent;
        assert!((w.expected_scaled_statistic(52, 100_000, 1_000_000) - 51.0 * 51.0).abs() < 1e-6);
        // N = 2 shuffles of wash with n = 3, k = 1: enumerate all 9 × 9 pairs of draw sequences.
        let n = 3usize;
        let decks: Vec<Vec<Card>> = (0..9u32)
            .map(|code| {
                let values = [code % 3, code / 3];
                let mut deck: Vec<Card> = vec![0; n];
                reset(&mut deck);
                Wash { swaps: 1 }.shuffle(&mut deck, &mut Script(&values, 0), &mut Scratch::new(n)).unwrap();
                deck
            })
            .collect();
        let mut mean = 0.0;
        for a in &decks {
            for b in &decks {
                let mut c = crate::stats::PositionCardCounts::new(n);
                c.add(a);
                c.add(b);
                mean += c.global_chi2() * 2.0 / 3.0 / 81.0;
            }
        }
        let want = TranspositionWalk::ForcedDistinct.expected_scaled_statistic(n, 1, 2);
        assert!((mean - want).abs() < 1e-12, "{mean} vs {want}");
    }

    #[test]
    fn cutoff_is_half_n_log_n() {
        assert!((mixing_cutoff(54) - 107.7).abs() < 0.1);
        assert!((mixing_cutoff(52) - 102.7).abs() < 0.1);
    }
}
