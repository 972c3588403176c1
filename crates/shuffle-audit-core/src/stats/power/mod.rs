//! The power of the global position-by-card test: how small a bias N shuffles detect with 99% probability.
//!
//! **Null and alternative.** The scaled statistic `S = X²·(n−1)/n` is χ²((n−1)²) for a fair shuffle. For a
//! shuffle whose card c lands at position p with probability `π_pc = (1 + δ_pc)/n` (`δ_pc` the relative
//! deviation of the cell; every row and column of δ sums to 0), `E[X²] = n(n−1) + (N/n)·Σ δ_pc²` to first order,
//! so S is approximately noncentral χ²((n−1)², λ) with
//!
//! `λ = N·(n−1)/n² · Σ_pc δ_pc²`
//!
//! (the local-alternative approximation of Pearson's statistic, Mitra 1958; checked by simulation in the
//! tests below).
//!
//! **Threshold.** A run FAILs when its family-wise p, Holm over the m tests it applies, is below α. The
//! position-card test is two-sided (its family p is the smaller tail doubled), so it alone guarantees a FAIL
//! once its upper-tail p is below α/(2m): when `S > c`, the upper α/(2m) quantile of χ²((n−1)²). The power
//! `P(S > c)` is a lower bound for the run's power: the other tests can only add to it.
//!
//! **The spread under the alternative.** The noncentral law χ'²(k, λ) has variance `2k + 4λ`, and it
//! understates the statistic's real spread: a real biased shuffle is a law on permutations, not independent
//! cells, and the excess of a cell comes in atoms (a card that stays home does so for a whole deck). The "any
//! cell" bias is exactly the mixture "with probability q = |δ|/(n−1) card 0 is forced to (δ > 0) or kept from
//! (δ < 0) position 0, otherwise a uniform shuffle", whose count in the biased direction has per-deck variance
//! `(1 − q)·v₀ + q(1 − q)·Δμ²` = `v₀·(1 + |δ|)(1 − q)` at most (v₀ the uniform shuffle's, Δμ the shift of its
//! mean), so the cross term 4λ of the variance grows by the factor `1 + |δ|`. The statement therefore uses
//!
//! `P(S > c) ≈ Φ((k + λ − c) / √(2k + 4λ·(1 + |δ|)))`,
//!
//! the normal law with the statistic's mean `k + λ` and this variance. It is conservative on both counts: the
//! variance is an upper bound of the "any cell" mixture's to first order, and a right-skewed statistic's lower
//! tail (the misses) is lighter than the normal one with its mean and variance, so the normal law overstates
//! the miss rate. `tests/integration/power.rs` checks the stated 99% by simulation of that mixture (8 and 52 cards, both
//! signs of δ, 20,000 runs each: the observed power and its 99% interval are in the book's gate guide).
//!
//! **Noncentral χ².** `P(χ'²(k, λ) > x) = Σ_j e^{−λ/2}(λ/2)^j/j! · Q(k/2 + j, x/2)` (the Poisson mixture;
//! Johnson, Kotz & Balakrishnan, *Continuous Univariate Distributions* vol. 2, ch. 29), summed outward from the
//! Poisson mode in log space with the central tails of [`crate::stats::distributions::special`], stopping when a rigorous geometric
//! bound on the rest is below 1e-16 of the sum. It is exact to rounding, not an approximation.

pub mod detection;

use serde::Serialize;
use statrs::function::gamma::ln_gamma;

pub use crate::stats::distributions::special::chi2_upper_quantile;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf, ln_add_exp as ln_add};

/// The Poisson mixture `Σ_j w_j·F(k + 2j)` in log space, with `F = chi2_ln_sf` (`upper`) or `chi2_ln_cdf`.
///
/// Terms are summed from the Poisson mode j₀ = ⌊λ/2⌋ outward. Along a direction where the central probability
/// decreases (downward for the upper tail, upward for the lower) every later term is below the current one
/// times the Poisson ratio r, so the rest is at most `term·r/(1−r)`; in the other direction the central
/// probability is at most 1 and the rest is at most `w_j·r/(1−r)`. Summation stops once that bound is below
/// 1e-16 of the sum.
fn ncx2_ln_mixture(x: f64, k: f64, lambda: f64, upper: bool) -> f64 {
    if x.is_nan() || k.is_nan() || lambda.is_nan() {
        // The stopping rule compares with the sum: a NaN would never stop it.
        return f64::NAN;
    }
    let central = |df: f64| if upper { chi2_ln_sf(x, df) } else { chi2_ln_cdf(x, df) };
    if lambda == 0.0 {
        return central(k);
    }
    let h = 0.5 * lambda;
    let ln_h = h.ln();
    let ln_w = |j: f64| -h + j * ln_h - ln_gamma(j + 1.0);
    let j0 = h.floor();
    let stop = 1e-16f64.ln();
    let mut sum = f64::NEG_INFINITY;
    // Upward from j0.
    let mut j = j0;
    loop {
        let w = ln_w(j);
        let term = w + central(k + 2.0 * j);
        sum = ln_add(sum, term);
        let r = h / (j + 2.0);
        if r < 1.0 {
            let bound = if upper { w } else { term } + (r / (1.0 - r)).ln();
            if bound < sum + stop {
                break;
            }
        }
        j += 1.0;
    }
    // Downward from j0 − 1.
    let mut j = j0 - 1.0;
    while j >= 0.0 {
        let w = ln_w(j);
        let term = w + central(k + 2.0 * j);
        sum = ln_add(sum, term);
        let r = j / h;
        if r < 1.0 {
            let bound = if upper { term } else { w } + (r / (1.0 - r)).ln();
            if bound < sum + stop {
                break;
            }
        }
        j -= 1.0;
    }
    sum.min(0.0)
}

/// ln P(χ'²(k, λ) > x), the noncentral chi-square upper tail (λ ≥ 0).
pub fn ncx2_ln_sf(x: f64, k: f64, lambda: f64) -> f64 {
    ncx2_ln_mixture(x, k, lambda, true)
}

/// ln P(χ'²(k, λ) ≤ x), the noncentral chi-square distribution function (λ ≥ 0).
pub fn ncx2_ln_cdf(x: f64, k: f64, lambda: f64) -> f64 {
    ncx2_ln_mixture(x, k, lambda, false)
}

/// The noncentrality λ at which `P(χ'²(k, λ) > c) = power`, by bisection (the tail grows with λ).
pub fn noncentrality_for_power(c: f64, k: f64, power: f64) -> f64 {
    // Work with the lower tail, 1 − power, which is small and so accurate in log space.
    let target = (1.0 - power).ln();
    let miss = |lambda: f64| ncx2_ln_cdf(c, k, lambda);
    if miss(0.0) <= target {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0, (c - k).max(1.0));
    while miss(hi) > target {
        lo = hi;
        hi *= 2.0;
    }
    while hi - lo > 1e-9 * hi {
        let mid = 0.5 * (lo + hi);
        if miss(mid) > target { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// The exact (Neyman) interval of the noncentrality λ of a χ² statistic observed at `x` on `k` df, coverage
/// `coverage`: the λ at which `x` is the upper and the lower `(1 − coverage)/2` point of χ'²(k, λ) (0 when even
/// λ = 0 puts `x` below that point). Divide by N for the noncentrality per shuffle. Beyond an excess of 10^4
/// (far from the null, where the exact inversion is slow) the normal law with the statistic's mean and variance.
pub fn noncentrality_interval(x: f64, k: f64, coverage: f64) -> (f64, f64) {
    if !x.is_finite() || !k.is_finite() || k <= 0.0 {
        // No statistic (no decks counted) or no law: nothing to invert.
        return (f64::NAN, f64::NAN);
    }
    let a = (0.5 * (1.0 - coverage)).ln();
    if x - k > 1e4 {
        // Far from the null the Poisson mixture needs ~√λ terms per evaluation; χ'²(k, λ) is then normal to
        // within O(1/√λ) in the quantile's relative error, so use its mean k + λ and variance 2(k + 2λ).
        let z = chi2_upper_quantile(a + std::f64::consts::LN_2, 1.0).sqrt();
        let lambda = x - k;
        let sd = (2.0 * (k + 2.0 * lambda)).sqrt();
        return ((lambda - z * sd).max(0.0), lambda + z * sd);
    }
    // P(χ'² ≥ x) grows with λ; P(χ'² ≤ x) falls.
    let solve = |f: &dyn Fn(f64) -> f64| {
        let (mut lo, mut hi) = (0.0f64, (x - k).abs().max(1.0) + 10.0 * x.sqrt());
        while f(hi) > 0.0 {
            lo = hi;
            hi *= 2.0;
        }
        while hi - lo > 1e-9 * hi.max(1.0) {
            let mid = 0.5 * (lo + hi);
            if f(mid) > 0.0 { lo = mid } else { hi = mid }
        }
        0.5 * (lo + hi)
    };
    // Lower end: P(χ'²(k, λ) ≥ x) = a; 0 if already above a at λ = 0.
    let low = if ncx2_ln_sf(x, k, 0.0) >= a { 0.0 } else { solve(&|l| a - ncx2_ln_sf(x, k, l)) };
    // Upper end: P(χ'²(k, λ) ≤ x) = a.
    let high = if ncx2_ln_cdf(x, k, 0.0) <= a { 0.0 } else { solve(&|l| ncx2_ln_cdf(x, k, l) - a) };
    (low, high)
}

/// What N shuffles of n cards can detect with the global position-by-card test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PowerStatement {
    pub deck: usize,
    pub shuffles: u64,
    /// Tests in the Holm family (m) and the family-wise FAIL threshold α.
    pub tests: usize,
    pub fail_below: f64,
    /// Probability of detection stated (0.99).
    pub power: f64,
    /// The global statistic's critical value: the upper α/m quantile of χ²((n−1)²).
    pub critical_value: f64,
    /// The noncentrality detected with probability `power`.
    pub noncentrality: f64,
    /// Smallest relative deviation of a single cell detected (any bias with a cell off by this much).
    pub any_cell: f64,
    /// Smallest deviation detected when every cell is off by ±δ in a balanced pattern.
    pub every_cell: f64,
}

/// The conservative power `Φ((k + λ − c)/√(2k + 4λ(1 + |δ|)))` of the position-card test ([module
/// docs](self)), as ln of the miss probability, for noncentrality λ with cell deviation δ.
pub fn ln_miss(c: f64, k: f64, lambda: f64, delta: f64) -> f64 {
    let sd = (2.0 * k + 4.0 * lambda * (1.0 + delta.abs())).sqrt();
    crate::stats::distributions::special::normal_ln_cdf((c - k - lambda) / sd)
}

/// The noncentrality λ at which the conservative power reaches `power`, with the deviation δ of the cell that
/// λ implies (`δ(λ)`, increasing): by bisection, the miss probability falls as λ grows.
pub fn conservative_noncentrality(c: f64, k: f64, power: f64, delta: impl Fn(f64) -> f64) -> f64 {
    let target = (1.0 - power).ln();
    let miss = |lambda: f64| ln_miss(c, k, lambda, delta(lambda));
    let (mut lo, mut hi) = (0.0, (c - k).max(1.0));
    while miss(hi) > target {
        lo = hi;
        hi *= 2.0;
    }
    while hi - lo > 1e-9 * hi {
        let mid = 0.5 * (lo + hi);
        if miss(mid) > target { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

impl PowerStatement {
    /// The power statement for `shuffles` shuffles of `deck` cards, FAIL below `fail_below` over `tests` tests:
    /// the position-card test's critical value at `fail_below/(2m)` and the noncentrality the conservative
    /// normal law ([module docs](self)) needs for `power`.
    pub fn new(deck: usize, shuffles: u64, tests: usize, fail_below: f64, power: f64) -> Self {
        let n = deck as f64;
        let k = (n - 1.0) * (n - 1.0);
        let c = chi2_upper_quantile(fail_below.ln() - (2.0 * tests.max(1) as f64).ln(), k);
        let big_n = shuffles as f64;
        // The "any cell" pattern: λ = N·δ²/(n−1), so δ = √(λ(n−1)/N).
        let lambda = conservative_noncentrality(c, k, power, |l| (l * (n - 1.0) / big_n).sqrt());
        PowerStatement {
            deck,
            shuffles,
            tests,
            fail_below,
            power,
            critical_value: c,
            noncentrality: lambda,
            any_cell: (lambda * (n - 1.0) / big_n).sqrt(),
            every_cell: (lambda / ((n - 1.0) * big_n)).sqrt(),
        }
    }

    /// `any cell off by 18.7% or more; every cell by ±0.37%`.
    pub fn short(&self) -> String {
        format!("any cell off by {} or more; every cell by ±{}", percent(self.any_cell), percent(self.every_cell))
    }

    /// The statement in full.
    pub fn sentence(&self) -> String {
        format!(
            "With {} shuffles of {} cards the position-card test alone FAILs the run with at least {:.0}% \
             probability when any position-card cell is off by {} or more (or when every cell is off by ±{} in a \
             balanced pattern): statistic of mean {} + λ, λ = {:.1}, and variance 2·{} + 4λ(1 + δ), above {:.1}, \
             the χ² quantile at {:e}/(2·{}) (two-sided, Holm over {} tests).",
            self.shuffles,
            self.deck,
            self.power * 100.0,
            percent(self.any_cell),
            percent(self.every_cell),
            (self.deck - 1) * (self.deck - 1),
            self.noncentrality,
            (self.deck - 1) * (self.deck - 1),
            self.critical_value,
            self.fail_below,
            self.tests.max(1),
            self.tests.max(1)
        )
    }
}

/// `18.7%`, `0.37%`, `0.042%`: three significant digits at most.
pub fn percent(x: f64) -> String {
    let p = x * 100.0;
    if p >= 10.0 {
        format!("{p:.1}%")
    } else if p >= 1.0 {
        format!("{p:.2}%")
    } else {
        format!("{p:.3}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{ChaCha8, RawRng, SeededRng};
    use crate::stats::PositionCardCounts;
    use crate::stats::distributions::special::normal_ln_sf;

    /// P(χ'²(k, λ) > x) by an independent route: χ'²(k, λ) = (Z + √λ)² + χ²(k−1), so
    /// `sf(x) = ∫ P((Z+√λ)² > x − u) f_{k−1}(u) du` with `P((Z+μ)² > t) = Φ̄(√t − μ) + Φ̄(√t + μ)`; composite
    /// Simpson on a fine grid of u over the bulk of the χ²(k−1) density.
    fn sf_by_quadrature(x: f64, k: f64, lambda: f64) -> f64 {
        let mu = lambda.sqrt();
        let m = k - 1.0;
        let ln_pdf = |u: f64| (m / 2.0 - 1.0) * u.ln() - u / 2.0 - (m / 2.0) * 2f64.ln() - ln_gamma(m / 2.0);
        let tail = |t: f64| {
            if t <= 0.0 {
                return 1.0;
            }
            let s = t.sqrt();
            normal_ln_sf(s - mu).exp() + normal_ln_sf(s + mu).exp()
        };
        let hi = m + 40.0 * (2.0 * m).sqrt() + 200.0;
        let steps = 400_000;
        let h = hi / steps as f64;
        let mut sum = 0.0;
        for i in 1..steps {
            let u = i as f64 * h;
            let wgt = if i % 2 == 1 { 4.0 } else { 2.0 };
            sum += wgt * ln_pdf(u).exp() * tail(x - u);
        }
        // The u = hi end is negligible; the u = 0 end has density 0 for m > 2.
        sum * h / 3.0
    }

    #[test]
    fn the_mixture_matches_an_independent_quadrature() {
        for (x, k, lambda) in [(60.0, 49.0, 5.0), (80.0, 49.0, 20.0), (3000.0, 2601.0, 400.0), (3100.0, 2601.0, 900.0)]
        {
            let series = ncx2_ln_sf(x, k, lambda).exp();
            let quad = sf_by_quadrature(x, k, lambda);
            assert!((series - quad).abs() < 1e-7, "x {x} k {k} λ {lambda}: series {series} quadrature {quad}");
            let cdf = ncx2_ln_cdf(x, k, lambda).exp();
            assert!((series + cdf - 1.0).abs() < 1e-12, "sf + cdf = {}", series + cdf);
        }
        // λ = 0 is the central law.
        assert_eq!(ncx2_ln_sf(30.0, 20.0, 0.0), chi2_ln_sf(30.0, 20.0));
        // Deep tails stay finite in log space.
        let deep = ncx2_ln_sf(20000.0, 2601.0, 50.0);
        assert!(deep.is_finite() && deep < -2000.0, "{deep}");
    }

    #[test]
    fn the_noncentrality_interval_inverts_the_tails() {
        let (k, x) = (2601.0, 3200.0);
        let (lo, hi) = noncentrality_interval(x, k, 0.99);
        assert!(lo < x - k && x - k < hi, "{lo} {hi}");
        assert!((ncx2_ln_sf(x, k, lo).exp() - 0.005).abs() < 1e-6);
        assert!((ncx2_ln_cdf(x, k, hi).exp() - 0.005).abs() < 1e-6);
        // A statistic below its df: the interval starts at 0.
        assert_eq!(noncentrality_interval(2500.0, k, 0.99).0, 0.0);
    }

    #[test]
    fn quantiles_invert_the_tail() {
        // The upper 1% point of χ²(10) is 23.2093 (standard tables).
        assert!((chi2_upper_quantile(0.01f64.ln(), 10.0) - 23.209_251).abs() < 1e-5);
        let c = chi2_upper_quantile(-25.0, 2601.0);
        assert!((chi2_ln_sf(c, 2601.0) + 25.0).abs() < 1e-9);
        let lambda = noncentrality_for_power(c, 2601.0, 0.99);
        assert!((ncx2_ln_sf(c, 2601.0, lambda).exp() - 0.99).abs() < 1e-8);
    }

    #[test]
    fn the_statement_scales_as_one_over_root_n() {
        let a = PowerStatement::new(52, 1_000_000, 3, 1e-9, 0.99);
        let b = PowerStatement::new(52, 4_000_000, 3, 1e-9, 0.99);
        // About 1/√N: λ grows a little with δ, which falls as N grows.
        assert!((a.any_cell / b.any_cell - 2.0).abs() < 0.02, "{}", a.any_cell / b.any_cell);
        assert!((a.any_cell / a.every_cell - 51.0).abs() < 1e-9);
        assert!(a.critical_value > 2601.0 && a.noncentrality > a.critical_value - 2601.0);
        // More conservative than the noncentral χ² with the same critical value.
        let k = 2601.0;
        assert!(a.noncentrality > noncentrality_for_power(a.critical_value, k, 0.99));
    }

    /// Backward Fisher–Yates whose first step (the card put at the last position) takes card c with
    /// probability `(1 + β_c)/n`, `β_c = +b` for the first half of the cards and `−b` for the second; every
    /// later step is uniform. The last row has `δ = β_c`, every other row `δ = −β_c/(n−1)`, so
    /// `Σ δ² = n²b²/(n−1)` and `λ = N·b²`. Each shuffle is a fresh draw and no permutation carries an atom, so the
    /// cells' covariance stays close to the null's: the local alternative the noncentral law describes.
    fn rejection_rate(n: usize, shuffles: u64, b: f64, c: f64, replicates: u64, seed: u64) -> f64 {
        let mut rng = ChaCha8::from_seed_u64(seed);
        let mut deck = vec![0u16; n];
        // Cumulative thresholds of the biased first draw, on the 2^32 scale of r().
        let mut cumulative = Vec::with_capacity(n);
        let mut acc = 0.0;
        for card in 0..n {
            acc += (1.0 + if card < n / 2 { b } else { -b }) / n as f64;
            cumulative.push((acc * 4294967296.0) as u64);
        }
        let mut rejected = 0;
        for _ in 0..replicates {
            let mut counts = PositionCardCounts::new(n);
            for _ in 0..shuffles {
                crate::cards::reset(&mut deck);
                let u = u64::from(rng.r());
                let j = cumulative.iter().position(|&t| u < t).unwrap_or(n - 1);
                deck.swap(n - 1, j);
                for i in (1..n - 1).rev() {
                    let k = (u64::from(rng.r()) * (i as u64 + 1)) >> 32;
                    deck.swap(i, k as usize);
                }
                counts.add(&deck);
            }
            let s = counts.global_chi2() * (n as f64 - 1.0) / n as f64;
            rejected += u64::from(s > c);
        }
        rejected as f64 / replicates as f64
    }

    #[test]
    fn the_predicted_power_matches_simulation() {
        // n = 8 (k = 49), N = 20000, α = 0.01: choose b for a predicted power of 50% and of 99% and simulate
        // 400 runs each (ChaCha8, fixed seeds). The rejection count is Binomial(400, p): at p = 0.5 its standard
        // deviation is 0.025, and the ±0.09 band (3.6σ) holds with probability 0.9997; at p = 0.99 the number
        // of misses is at most 12 (rate ≥ 0.97) with probability 0.9990. So the test fails by chance at most
        // about 1.5e-3 of the time, and with fixed seeds it is deterministic.
        let (n, shuffles, k) = (8usize, 20_000u64, 49.0);
        let c = chi2_upper_quantile(0.01f64.ln(), k);
        for (power, seed) in [(0.5, 11u64), (0.99, 12)] {
            let lambda = noncentrality_for_power(c, k, power);
            let b = (lambda / shuffles as f64).sqrt();
            let rate = rejection_rate(n, shuffles, b, c, 400, seed);
            if power == 0.5 {
                assert!((rate - 0.5).abs() < 0.09, "predicted 0.5, simulated {rate} (b = {b})");
            } else {
                assert!(rate >= 0.97, "predicted 0.99, simulated {rate} (b = {b})");
            }
        }
        // Positive control: with no bias the rejection rate is about α = 0.01 (at most 12 of 400: p > 0.999).
        let null_rate = rejection_rate(n, shuffles, 0.0, c, 400, 13);
        assert!(null_rate <= 0.03, "{null_rate}");
    }
}
