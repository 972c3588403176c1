//! Goodness of fit of observed counts against an exact null distribution.
//!
//! The audit tabulates a discrete statistic (fixed points, cycles, …) over
//! many shuffles and compares the histogram with the exact law from
//! [`crate::stats::exact::laws`] by Pearson's chi-square test. Sparse tail cells
//! are pooled so every cell has an expected count of at least 5, the
//! classical rule of thumb for the chi-square approximation (Cochran 1954,
//! "Some methods for strengthening the common χ² tests", Biometrics 10;
//! see also Agresti, *Categorical Data Analysis*, §1.5). p-values come
//! from [`crate::stats::distributions::special`] in log space.

use crate::stats::distributions::lattice::pearson_ln_cdf;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf};

/// Minimum expected count per pooled cell used by [`chi2_against_pmf`].
pub const MIN_EXPECTED: f64 = 5.0;

/// Outcome of a chi-square goodness-of-fit test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GofResult {
    /// Pearson's `X² = Σ (O − E)² / E` over the pooled cells.
    pub statistic: f64,
    /// Degrees of freedom, `bins − 1` (0 when fewer than two cells).
    pub df: f64,
    /// `ln P(χ²_df > X²)`: the ordinary ("too far from the law") p-value.
    pub ln_sf: f64,
    /// `ln P(X² ≤ x)`: small when the counts are suspiciously *close* to
    /// the expected ones ("too good to be true"); exact over the pooled
    /// multinomial where its atoms matter, `ln P(χ²_df ≤ X²)` elsewhere.
    pub ln_cdf: f64,
    /// Number of pooled cells.
    pub bins: usize,
    /// Observations on values the law says are impossible (zero, negative
    /// or NaN probability, or an index beyond the end of the pmf). They are
    /// left out of `statistic`; any non-zero count is by itself proof that
    /// the shuffle is not the null law, and the caller should report FAIL.
    pub impossible: u64,
}

impl GofResult {
    /// The result reported when there is nothing to test (fewer than two
    /// pooled cells): statistic 0, df 0, p = 1 on both sides.
    fn degenerate(bins: usize, impossible: u64) -> Self {
        GofResult { statistic: 0.0, df: 0.0, ln_sf: 0.0, ln_cdf: 0.0, bins, impossible }
    }
}

/// Pearson chi-square test of `observed[i]` (number of times the statistic
/// took value `i`) against the probabilities `pmf[i]`, with
/// [`MIN_EXPECTED`] = 5. See [`chi2_against_pmf_with_min`].
pub fn chi2_against_pmf(observed: &[u64], pmf: &[f64]) -> GofResult {
    chi2_against_pmf_with_min(observed, pmf, MIN_EXPECTED)
}

/// Pearson chi-square test with a chosen minimum expected count per cell.
///
/// 1. Observations at indices whose probability is not positive (or beyond
///    `pmf`) are counted in [`GofResult::impossible`] and removed. The
///    remaining `N` observations get expected counts `E_i = N·pmf_i / S`,
///    `S = Σ_{pmf_i > 0} pmf_i` (renormalising absorbs tail probabilities
///    that underflowed to 0).
/// 2. Pooling, greedily from both tails inward: let `m` be the cell with the
///    largest expected count. Walking from the lowest positive-probability
///    cell up towards `m`, adjacent cells are accumulated and a pooled cell
///    is closed as soon as its expected count reaches `min_expected`; the
///    same is done from the highest cell down towards `m`. Whatever is left
///    over on either side (expected < `min_expected`) is merged with `m`
///    into the central cell. If that central cell is itself still below
///    `min_expected` (only possible when `N` is small) it absorbs the
///    smaller of its neighbouring pooled cells until it reaches the
///    threshold or is the only cell left. Every resulting cell therefore has
///    expected count ≥ `min_expected`, unless there is only one cell.
/// 3. `X² = Σ_cells (O − E)² / E`, `df = cells − 1`,
///    `ln_sf = ln P(χ²_df > X²)`; `ln_cdf = ln P(X² ≤ x)` exactly, summed over the pooled cells' multinomial
///    ([`crate::stats::distributions::lattice`]), where few count vectors lie below x, else `ln P(χ²_df ≤ X²)`.
///
/// With fewer than two cells (no data, or too little) the result is
/// statistic 0, df 0, p = 1 (`ln_sf = ln_cdf = 0`).
pub fn chi2_against_pmf_with_min(observed: &[u64], pmf: &[f64], min_expected: f64) -> GofResult {
    let valid = |i: usize| i < pmf.len() && pmf[i] > 0.0 && pmf[i].is_finite();
    let mut impossible = 0_u64;
    let mut n_ok = 0_u64;
    for (i, &o) in observed.iter().enumerate() {
        if valid(i) {
            n_ok += o;
        } else {
            impossible += o;
        }
    }
    let support: Vec<usize> = (0..pmf.len()).filter(|&i| valid(i)).collect();
    if n_ok == 0 || support.len() < 2 {
        let bins = usize::from(n_ok > 0 || !support.is_empty());
        return GofResult::degenerate(bins, impossible);
    }
    let mass: f64 = support.iter().map(|&i| pmf[i]).sum();
    let nf = n_ok as f64;
    let cells: Vec<(f64, f64)> = support
        .iter()
        .map(|&i| {
            let o = observed.get(i).copied().unwrap_or(0) as f64;
            (o, nf * pmf[i] / mass)
        })
        .collect();
    let pooled = pool_cells(&cells, min_expected);
    if pooled.len() < 2 {
        return GofResult::degenerate(pooled.len(), impossible);
    }
    let statistic: f64 = pooled.iter().map(|&(o, e)| (o - e) * (o - e) / e).sum();
    let df = (pooled.len() - 1) as f64;
    // The lower tail summed over the pooled multinomial's count vectors where few lie below the observed X²
    // (there the χ² approximation misses the atoms: a balanced count has P(χ² ≤ 0) = 0), χ² elsewhere.
    let probs: Vec<f64> = pooled.iter().map(|&(_, e)| e / nf).collect();
    let ln_cdf = pearson_ln_cdf(n_ok, &probs, statistic).unwrap_or_else(|| chi2_ln_cdf(statistic, df));
    GofResult { statistic, df, ln_sf: chi2_ln_sf(statistic, df), ln_cdf, bins: pooled.len(), impossible }
}

/// Pools `(observed, expected)` cells as described in
/// [`chi2_against_pmf_with_min`]; returns the pooled cells in order.
fn pool_cells(cells: &[(f64, f64)], min_expected: f64) -> Vec<(f64, f64)> {
    let add = |a: (f64, f64), b: (f64, f64)| (a.0 + b.0, a.1 + b.1);
    let mode = cells.iter().enumerate().fold(0, |best, (i, c)| if c.1 > cells[best].1 { i } else { best });

    let mut left = Vec::new();
    let mut acc = (0.0, 0.0);
    for &c in &cells[..mode] {
        acc = add(acc, c);
        if acc.1 >= min_expected {
            left.push(acc);
            acc = (0.0, 0.0);
        }
    }
    let mut central = add(acc, cells[mode]);

    let mut right_rev = Vec::new();
    acc = (0.0, 0.0);
    for &c in cells[mode + 1..].iter().rev() {
        acc = add(acc, c);
        if acc.1 >= min_expected {
            right_rev.push(acc);
            acc = (0.0, 0.0);
        }
    }
    central = add(central, acc);

    // Grow a too-small central cell with its smaller neighbour.
    while central.1 < min_expected && (!left.is_empty() || !right_rev.is_empty()) {
        let take_left = match (left.last(), right_rev.last()) {
            (Some(l), Some(r)) => l.1 <= r.1,
            (Some(_), None) => true,
            _ => false,
        };
        let neighbour = if take_left { left.pop() } else { right_rev.pop() };
        if let Some(nb) = neighbour {
            central = add(central, nb);
        }
    }

    let mut out = left;
    out.push(central);
    out.extend(right_rev.into_iter().rev());
    out
}

/// Pearson chi-square statistic for `k` equally likely cells:
/// `X² = Σ (c_i − N/k)² / (N/k) = (k·Σ c_i² − N²) / N`, with
/// `df = k − 1`. Returns `(X², df)`.
///
/// The numerator is formed in exact 128-bit integer arithmetic (it is a
/// difference of two nearly equal large numbers when the fit is good);
/// only in the absurd case where that overflows does it fall back to
/// floating point. Empty input or `N = 0` gives `(0.0, 0.0)`; a single
/// cell gives `(0.0, 0.0)` as well (nothing to compare).
pub fn pearson_uniform(counts: &[u64]) -> (f64, f64) {
    let k = counts.len();
    let n: u128 = counts.iter().map(|&c| c as u128).sum();
    if k < 2 || n == 0 {
        return (0.0, 0.0);
    }
    let df = (k - 1) as f64;
    let exact = counts
        .iter()
        .try_fold(0_u128, |s, &c| s.checked_add((c as u128).checked_mul(c as u128)?))
        .and_then(|sq| sq.checked_mul(k as u128))
        .and_then(|ksq| ksq.checked_sub(n.checked_mul(n)?));
    let stat = match exact {
        Some(num) => num as f64 / n as f64,
        None => {
            let e = n as f64 / k as f64;
            counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
        }
    };
    (stat, df)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::laws::fixed_points_pmf;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    #[test]
    fn hand_computed_four_cells() {
        // N = 100, E = 25 each: (225 + 25 + 25 + 225) / 25 = 20, df = 3.
        let r = chi2_against_pmf(&[10, 20, 30, 40], &[0.25; 4]);
        assert!((r.statistic - 20.0).abs() < 1e-12);
        assert_eq!(r.df, 3.0);
        assert_eq!(r.bins, 4);
        assert_eq!(r.impossible, 0);
        // P(χ²_3 > 20) = 1.697e-4 (closed form: erfc(√10) + 2·φ(√20)·√20).
        let x: f64 = 20.0;
        let closed =
            statrs::function::erf::erfc((x / 2.0).sqrt()) + (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp();
        assert!((r.ln_sf - closed.ln()).abs() < 1e-8);
        assert!((r.ln_sf.exp() - 1.697e-4).abs() < 1e-6);
        // The lower tail is the multinomial's own, summed over its count vectors: near 1 − P(χ²_3 > 20), but not
        // equal (the lattice of 100 observations in 4 cells).
        assert!((r.ln_cdf.exp() + r.ln_sf.exp() - 1.0).abs() < 1e-3, "{}", r.ln_cdf.exp());
        assert_eq!(pearson_uniform(&[10, 20, 30, 40]), (20.0, 3.0));
    }

    #[test]
    fn hand_computed_unequal_cells() {
        // pmf (0.5, 0.3, 0.2), N = 50: E = (25, 15, 10), O = (30, 10, 10):
        // 25/25 + 25/15 + 0 = 8/3, df = 2, p = e^{−4/3}.
        let r = chi2_against_pmf(&[30, 10, 10], &[0.5, 0.3, 0.2]);
        assert!((r.statistic - 8.0 / 3.0).abs() < 1e-12);
        assert_eq!(r.df, 2.0);
        assert!((r.ln_sf - (-4.0 / 3.0)).abs() < 1e-12);
    }

    #[test]
    fn pooling_from_both_tails() {
        // N = 100, E = (1, 2, 3, 44, 40, 6, 4):
        // left {0,1,2} = 6; right {6,5} = 10 then {4} = 40; centre {3} = 44.
        let pmf = [0.01, 0.02, 0.03, 0.44, 0.40, 0.06, 0.04];
        let exact = [1, 2, 3, 44, 40, 6, 4];
        let r = chi2_against_pmf(&exact, &pmf);
        assert_eq!(r.bins, 4);
        assert_eq!(r.df, 3.0);
        assert!(r.statistic.abs() < 1e-12);
        assert_eq!(r.ln_sf, 0.0);
        // Moving observations inside a pooled cell does not change X².
        let r2 = chi2_against_pmf(&[3, 0, 3, 44, 40, 10, 0], &pmf);
        assert!(r2.statistic.abs() < 1e-12);
        // Moving them across cells does: O = (6, 34, 50, 10) vs (6, 44, 40, 10).
        let r3 = chi2_against_pmf(&[6, 0, 0, 34, 50, 10, 0], &pmf);
        assert!((r3.statistic - (100.0 / 44.0 + 100.0 / 40.0)).abs() < 1e-12);
    }

    #[test]
    fn pooling_leftovers_join_centre() {
        // N = 100, E = (1, 2, 6, 50, 36, 3, 2): left {0,1,2} = 9; right
        // {6,5} = 5 and {4} = 36; centre {3} = 50: four cells.
        // Then E = (1, 2, 50, 40, 3, 4): the left leftover {0,1} = 3 joins
        // the centre {2} → 53; right {5,4} = 7 and {3} = 40: three cells.
        let pmf = [0.01, 0.02, 0.06, 0.50, 0.36, 0.03, 0.02];
        let r = chi2_against_pmf(&[1, 2, 6, 50, 36, 3, 2], &pmf);
        assert_eq!(r.bins, 4);
        let pmf = [0.01, 0.02, 0.50, 0.40, 0.03, 0.04];
        let cells: Vec<(f64, f64)> = pmf.iter().map(|&p| (0.0, 100.0 * p)).collect();
        let pooled = pool_cells(&cells, 5.0);
        let e: Vec<f64> = pooled.iter().map(|c| c.1).collect();
        assert_eq!(e.len(), 3);
        assert!((e[0] - 53.0).abs() < 1e-9 && (e[1] - 40.0).abs() < 1e-9 && (e[2] - 7.0).abs() < 1e-9);
        // Every pooled cell meets the threshold, totals are preserved.
        for n in [7.0, 20.0, 57.0, 1000.0] {
            let fp = fixed_points_pmf(52);
            let cells: Vec<(f64, f64)> = fp.iter().map(|&p| (1.0, n * p)).collect();
            let pooled = pool_cells(&cells, 5.0);
            let total_e: f64 = pooled.iter().map(|c| c.1).sum();
            let total_o: f64 = pooled.iter().map(|c| c.0).sum();
            assert!((total_e - n).abs() < 1e-9 && total_o == 53.0);
            if pooled.len() > 1 {
                assert!(pooled.iter().all(|c| c.1 >= 5.0), "n={n} {pooled:?}");
            }
        }
    }

    #[test]
    fn small_samples_are_degenerate_not_errors() {
        // N = 4: nothing reaches 5, one cell, p = 1.
        let r = chi2_against_pmf(&[1, 2, 1], &[0.25, 0.5, 0.25]);
        assert_eq!(r.bins, 1);
        assert_eq!((r.statistic, r.df, r.ln_sf, r.ln_cdf), (0.0, 0.0, 0.0, 0.0));
        let r = chi2_against_pmf(&[], &[0.5, 0.5]);
        assert_eq!((r.statistic, r.df, r.ln_sf, r.bins), (0.0, 0.0, 0.0, 1));
        let r = chi2_against_pmf(&[], &[]);
        assert_eq!((r.statistic, r.df, r.ln_sf, r.bins, r.impossible), (0.0, 0.0, 0.0, 0, 0));
        let r = chi2_against_pmf(&[3, 4], &[1.0]);
        assert_eq!((r.df, r.ln_sf, r.impossible), (0.0, 0.0, 4));
        assert_eq!(pearson_uniform(&[]), (0.0, 0.0));
        assert_eq!(pearson_uniform(&[0, 0, 0]), (0.0, 0.0));
        assert_eq!(pearson_uniform(&[17]), (0.0, 0.0));
    }

    #[test]
    fn impossible_values_are_counted_and_excluded() {
        // Value 1 has probability 0; index 3 is beyond the pmf.
        let r = chi2_against_pmf(&[10, 3, 10, 2], &[0.5, 0.0, 0.5]);
        assert_eq!(r.impossible, 5);
        assert_eq!(r.bins, 2);
        assert!(r.statistic.abs() < 1e-12);
        // Fixed points of 52 cards: exactly 51 is impossible.
        let fp = fixed_points_pmf(52);
        let mut obs = vec![0u64; 53];
        obs[0] = 37;
        obs[1] = 36;
        obs[2] = 19;
        obs[51] = 1;
        let r = chi2_against_pmf(&obs, &fp);
        assert_eq!(r.impossible, 1);
        // Negative and NaN probabilities are treated as impossible too.
        let r = chi2_against_pmf(&[5, 5, 5, 5], &[0.5, -0.1, f64::NAN, 0.5]);
        assert_eq!(r.impossible, 10);
    }

    #[test]
    fn pearson_uniform_exact_arithmetic() {
        assert_eq!(pearson_uniform(&[5, 5, 5, 5]), (0.0, 3.0));
        // (k Σc² − N²)/N with N = 3·10^12 + 3, nearly uniform counts.
        let c = 1_000_000_000_000_u64;
        let (s, df) = pearson_uniform(&[c, c + 1, c + 2]);
        let n = 3.0 * c as f64 + 3.0;
        assert_eq!(df, 2.0);
        assert!((s - 6.0 / n).abs() < 1e-25, "{s}");
        // Overflowing u128 falls back to floating point and stays finite.
        let (s, _) = pearson_uniform(&[u64::MAX, 0, u64::MAX]);
        assert!(s.is_finite() && s > 0.0);
    }

    /// Draws `n` values from `pmf` by inversion of its cdf.
    fn sample_counts(rng: &mut Pcg64, pmf: &[f64], n: usize) -> Vec<u64> {
        let mut cdf = Vec::with_capacity(pmf.len());
        let mut s = 0.0;
        for &p in pmf {
            s += p;
            cdf.push(s);
        }
        let mut counts = vec![0u64; pmf.len()];
        for _ in 0..n {
            let u: f64 = rng.random::<f64>() * s;
            let i = cdf.partition_point(|&c| c <= u).min(pmf.len() - 1);
            counts[i] += 1;
        }
        counts
    }

    #[test]
    fn simulation_size_and_power() {
        // Null: 200 replicates of 5000 draws from the fixed-point law of a
        // 52-card deck, rejected at α = 0.01. Expected false positives ≈ 2;
        // P(more than 10 | Bin(200, 0.01)) ≈ 1e-5, so this fixed-seed test
        // is robust while still catching a mis-calibrated statistic.
        let fp = fixed_points_pmf(52);
        let mut rng = Pcg64::seed_from_u64(0x5eed_0001);
        let alpha_ln = 0.01_f64.ln();
        let mut rejections = 0;
        let mut too_good = 0;
        for _ in 0..200 {
            let obs = sample_counts(&mut rng, &fp, 5000);
            let r = chi2_against_pmf(&obs, &fp);
            assert_eq!(r.impossible, 0);
            assert!(r.bins >= 6);
            if r.ln_sf < alpha_ln {
                rejections += 1;
            }
            if r.ln_cdf < alpha_ln {
                too_good += 1;
            }
        }
        assert!(rejections <= 10, "false positives {rejections}/200");
        assert!(too_good <= 10, "too-good flags {too_good}/200");

        // Alternative: a Poisson(1.15) law instead of ≈ Poisson(1): with
        // 5000 draws the mean shift of 0.15 (≈ 10 standard errors) must be
        // detected with an overwhelming p-value.
        let mut alt = vec![0.0; 53];
        let mut t = (-1.15_f64).exp();
        for (k, a) in alt.iter_mut().enumerate() {
            if k > 0 {
                t *= 1.15 / k as f64;
            }
            *a = t;
        }
        let obs = sample_counts(&mut rng, &alt, 5000);
        let r = chi2_against_pmf(&obs, &fp);
        assert!(r.ln_sf < 1e-6_f64.ln(), "ln p = {}", r.ln_sf);
    }

    #[test]
    fn too_good_to_be_true_is_flagged() {
        // Counts equal to the rounded expectations: X² far below df.
        let fp = fixed_points_pmf(52);
        let n = 100_000.0;
        let obs: Vec<u64> = fp.iter().map(|&p| (p * n).round() as u64).collect();
        let r = chi2_against_pmf(&obs, &fp);
        assert!(r.statistic < 0.1, "{r:?}");
        assert!(r.ln_cdf < -10.0, "ln cdf {}", r.ln_cdf);
        assert!(r.ln_sf > -1e-6);
    }
}
