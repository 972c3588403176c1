//! Second-level tests: is a collection of p-values Uniform(0, 1)?
//!
//! An audit runs many first-level tests; under a fair shuffle their
//! p-values are i.i.d. uniform. A bias too small to fail any single test
//! can still make the p-values collectively non-uniform, which these tests
//! detect.
//!
//! Sources:
//! - Kolmogorov–Smirnov, exact: G. Marsaglia, W. W. Tsang & J. Wang (2003),
//!   "Evaluating Kolmogorov's distribution", *J. Stat. Software* 8(18)
//!   (Durbin's matrix formula `P(D_n < d) = n!/n^n · (H^n)_{kk}`); for small
//!   p-values the exact one-sided tail of Z. W. Birnbaum & F. H. Tingey
//!   (1951), "One-sided confidence contours for probability distribution
//!   functions", *Ann. Math. Stat.* 22, doubled.
//! - Kolmogorov–Smirnov, large n: the limiting Kolmogorov distribution with
//!   M. A. Stephens' (1970) finite-n scaling `λ = (√n + 0.12 + 0.11/√n)·D`
//!   (J. R. Stat. Soc. B 32; also *Numerical Recipes* §14.3).
//! - Anderson–Darling: T. W. Anderson & D. A. Darling (1954), and
//!   G. Marsaglia & J. Marsaglia (2004), "Evaluating the Anderson–Darling
//!   distribution", *J. Stat. Software* 9(2): the approximation `ADinf` of
//!   the limiting law plus the finite-n correction `errfix(n, x)`.
//!
//! Input handling (both tests): NaN entries are ignored, values are
//! clamped to `[0, 1]`; an empty sample gives statistic 0 and p = 1.
//!
//! Log space: [`ks_uniform_ln`] and [`anderson_darling_uniform_ln`] take the
//! sample as `ln u` (the p-values of first-level tests, which may lie far
//! below the smallest double) and return `ln p`, so neither the inputs nor
//! the result underflow: KS's `1 − D` near `D = 1` and AD's `ln u`,
//! `ln(1 − u)` terms come from the logarithms directly, and both tails are
//! summed in logs.

use statrs::function::gamma::ln_gamma;

use super::special::ln_1m_exp;

/// Largest `⌊n·D⌋` for which [`ks_p_value`] uses the exact
/// Marsaglia–Tsang–Wang matrix (size `m = 2⌊nD⌋ + 1 ≤ 119`, cost
/// O(m³·log n)). Beyond it the doubled one-sided exact tail (for
/// `n ≤ 1000` there always p < 2e-3) or, for large `n` and p > 0.1,
/// Stephens' approximation is used; see [`ks_p_value`].
pub const KS_MATRIX_MAX_ND: usize = 59;

/// Doubled one-sided tails at or below this are used in preference to
/// everything else (their relative error is then below 1e-10).
const KS_DOUBLED_TAIL_EXACT_P: f64 = 1e-3;

/// Doubled one-sided tails at or below this are used as the two-sided
/// p-value when the matrix would be too large; the neglected overlap `P(D⁺ ≥ d, D⁻ ≥ d)` is of relative size
/// about `p³/8` (≈ 1e-4 here).
const KS_DOUBLED_TAIL_MAX_P: f64 = 0.1;

/// Sorted copy of the usable sample: NaNs dropped, values clamped to [0, 1].
fn clean_sorted(sample: &[f64]) -> Vec<f64> {
    let mut v: Vec<f64> = sample.iter().filter(|x| !x.is_nan()).map(|x| x.clamp(0.0, 1.0)).collect();
    v.sort_by(f64::total_cmp);
    v
}

/// One-sample Kolmogorov–Smirnov test against Uniform(0, 1).
///
/// `D_n = max(D⁺, D⁻)`, `D⁺ = max_i (i/n − u_(i))`,
/// `D⁻ = max_i (u_(i) − (i−1)/n)` over the sorted sample; returns
/// `(D_n, P(D_n ≥ d))` with the p-value from [`ks_p_value`].
///
/// Empty input gives `(0.0, 1.0)`.
pub fn ks_uniform(sample: &[f64]) -> (f64, f64) {
    let u = clean_sorted(sample);
    let n = u.len();
    if n == 0 {
        return (0.0, 1.0);
    }
    let nf = n as f64;
    let mut d = 0.0_f64;
    for (i, &x) in u.iter().enumerate() {
        let plus = (i + 1) as f64 / nf - x;
        let minus = x - i as f64 / nf;
        d = d.max(plus).max(minus);
    }
    (d, ks_p_value(n, d))
}

/// Sorted copy of a sample given as `ln u`: NaNs dropped, values above 0 taken as 0 (u = 1), and −∞ (u = 0
/// exactly, which no p-value of this crate is) taken as [`LN_U_FLOOR`].
fn clean_sorted_ln(ln_u: &[f64]) -> Vec<f64> {
    let mut v: Vec<f64> = ln_u.iter().filter(|x| !x.is_nan()).map(|x| x.clamp(LN_U_FLOOR, 0.0)).collect();
    v.sort_by(f64::total_cmp);
    v
}

/// `ln(1 − u)` from `ln u`: [`ln_1m_exp`], except that `ln u = 0` exactly (u = 1, which a continuous uniform
/// never gives: a p-value rounded to 1) is taken as `u = 1 − 2^-53`, the largest double below 1.
fn ln_1m_u(ln_u: f64) -> f64 {
    if ln_u == 0.0 { (f64::EPSILON / 2.0).ln() } else { ln_1m_exp(ln_u) }
}

/// Where an input of −∞ is put: `ln u = −10^100`, far below any p-value a test can compute, finite so that
/// Anderson–Darling's sum stays finite for any sample size this crate uses (up to 10^200 values).
const LN_U_FLOOR: f64 = -1e100;

/// [`ks_uniform`] of a sample given by its logarithms, `ln u ≤ 0`: `(D_n, ln P(D_n ≥ d))`. `1 − D`, which is
/// `u_(n)` when `D⁺` is reached at the largest value and `1 − u_(1)` when `D⁻` is reached at the smallest, is
/// taken from the logarithms, so p-values far below the smallest double keep their size: n values all near
/// `10^-500` give `ln p = n·ln u_(n) + ln 2`, not −∞.
///
/// Empty input gives `(0.0, 0.0)`.
pub fn ks_uniform_ln(ln_u: &[f64]) -> (f64, f64) {
    let v = clean_sorted_ln(ln_u);
    let n = v.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let nf = n as f64;
    // (D, ln(1 − D)) of the largest candidate.
    let mut best = (0.0_f64, 0.0_f64);
    for (i, &l) in v.iter().enumerate() {
        let x = l.exp();
        let plus = (i + 1) as f64 / nf - x;
        let minus = x - i as f64 / nf;
        if plus > best.0 {
            // 1 − D⁺ = u_(n) at the largest value, and at least 1/n elsewhere.
            best = (plus, if i + 1 == n { l } else { (1.0 - plus).ln() });
        }
        if minus > best.0 {
            // 1 − D⁻ = 1 − u_(1) at the smallest value, and at least 1/n elsewhere.
            best = (minus, if i == 0 { ln_1m_u(l) } else { (1.0 - minus).ln() });
        }
    }
    (best.0, ks_ln_p_value(n, best.0, best.1))
}

/// `P(D_n ≥ d)` for the two-sided KS statistic of `n` i.i.d. uniforms.
///
/// Let `T = 2·P(D⁺_n ≥ d)`, with the exact Birnbaum–Tingey (1951)
/// one-sided tail `d·Σ_{j=0}^{⌊n(1−d)⌋} C(n,j)(1−d−j/n)^{n−j}(d+j/n)^{j−1}`
/// summed in log space (O(n)). `T` is exact for `d ≥ ½` and otherwise too
/// large only by the overlap `P(D⁺ ≥ d, D⁻ ≥ d)`, of relative size ~`p³/8`.
/// 1. `T ≤ 1e-3`: p = `T` (relative error < 1e-10, and no `1 − K`
///    cancellation, so tiny p-values keep full relative accuracy).
/// 2. `⌊n·d⌋ ≤ KS_MATRIX_MAX_ND`: exact `1 − P(D_n < d)` by the
///    Marsaglia–Tsang–Wang matrix method (any `n`; ~13 correct digits).
/// 3. `T ≤ 0.1`: p = `T` (relative error ≲ 1e-4).
/// 4. Otherwise (only for `n` above ~120 with p > 0.1) the Kolmogorov limit
///    `Q_KS(λ)` at Stephens' `λ = (√n + 0.12 + 0.11/√n)·d`, accurate to
///    about 5e-3 absolute there.
///
/// `n = 0`, `d ≤ 0` or NaN give 1; `d ≥ 1` gives 0.
pub fn ks_p_value(n: usize, d: f64) -> f64 {
    if d.is_nan() {
        return 1.0;
    }
    ks_ln_p_value(n, d, (1.0 - d).ln()).exp()
}

/// `ln P(D_n ≥ d)` by the routes of [`ks_p_value`], given `ln(1 − d)` as well, so that a `d` within rounding of
/// 1 (whose `1 − d` a double cannot hold) keeps its tail: there only the first Birnbaum–Tingey term is left,
/// `P(D⁺ ≥ d) = (1 − d)^n`, summed in logs. `n = 0`, `d ≤ 0` or NaN give 0 (p = 1).
pub fn ks_ln_p_value(n: usize, d: f64, ln_1md: f64) -> f64 {
    if n == 0 || d.is_nan() || d <= 0.0 {
        return 0.0;
    }
    let nf = n as f64;
    let ln_doubled = (std::f64::consts::LN_2 + ks_one_sided_ln_sf(n, d, ln_1md)).min(0.0);
    if ln_doubled <= KS_DOUBLED_TAIL_EXACT_P.ln() {
        return ln_doubled;
    }
    // Here p > 5e-4: the linear routes lose nothing.
    let p = if ((nf * d).floor() as usize) <= KS_MATRIX_MAX_ND {
        (1.0 - ks_cdf_exact(n, d)).clamp(0.0, 1.0)
    } else if ln_doubled <= KS_DOUBLED_TAIL_MAX_P.ln() {
        ln_doubled.exp()
    } else {
        let sn = nf.sqrt();
        kolmogorov_sf((sn + 0.12 + 0.11 / sn) * d)
    };
    p.ln()
}

/// Exact one-sided tail `P(D⁺_n ≥ d)` (Birnbaum & Tingey 1951), with all
/// terms positive and combined by log-sum-exp.
#[cfg(test)]
fn ks_one_sided_sf(n: usize, d: f64) -> f64 {
    ks_one_sided_ln_sf(n, d, (1.0 - d).ln()).exp()
}

/// `ln P(D⁺_n ≥ d)`, given `ln(1 − d)`: the terms of [`ks_one_sided_sf`] in logs, the first (`j = 0`,
/// `(1 − d)^n`) from `ln(1 − d)` itself.
fn ks_one_sided_ln_sf(n: usize, d: f64, ln_1md: f64) -> f64 {
    let nf = n as f64;
    let one_minus_d = ln_1md.exp();
    let top = ((nf * one_minus_d).floor() as usize).min(n);
    let ln_nfact = ln_gamma(nf + 1.0);
    let mut logs = Vec::with_capacity(top + 1);
    for j in 0..=top {
        let jf = j as f64;
        let lower = if n == j {
            0.0
        } else if j == 0 {
            nf * ln_1md
        } else {
            let base = one_minus_d - jf / nf;
            if base <= 0.0 {
                continue;
            }
            (n - j) as f64 * base.ln()
        };
        let ln_binom = ln_nfact - ln_gamma(jf + 1.0) - ln_gamma((n - j) as f64 + 1.0);
        logs.push(ln_binom + lower + (jf - 1.0) * (d + jf / nf).ln());
    }
    let top_log = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if top_log == f64::NEG_INFINITY {
        return f64::NEG_INFINITY;
    }
    let sum: f64 = logs.iter().map(|l| (l - top_log).exp()).sum();
    (d.ln() + top_log + sum.ln()).min(0.0)
}

/// `P(D_n < d)` by Durbin's matrix formula as organised by
/// Marsaglia–Tsang–Wang (2003).
///
/// With `k = ⌊n·d⌋ + 1`, `m = 2k − 1`, `h = k − n·d`, the `m × m` matrix
/// `H` has `H_ij = 1/(i−j+1)!` for `i − j + 1 ≥ 0` (0 above the first
/// super-diagonal), except that the first column and last row get
/// `H_i0 = (1 − h^{i+1})/(i+1)!`, `H_{m−1,j} = (1 − h^{m−j})/(m−j)!`, and
/// the corner `H_{m−1,0} = (1 − 2h^m + max(0, 2h−1)^m)/m!`. Then
/// `P(D_n < d) = n!/n^n · (H^n)_{k−1,k−1}`. The power is taken by repeated
/// squaring, renormalising by the largest entry after each product and
/// carrying the scale in log space, so nothing overflows.
fn ks_cdf_exact(n: usize, d: f64) -> f64 {
    let nf = n as f64;
    let nd = nf * d;
    let k = nd.floor() as usize + 1;
    let m = 2 * k - 1;
    let h = k as f64 - nd;
    let mut hm = vec![0.0_f64; m * m];
    for i in 0..m {
        for j in 0..m {
            if i + 1 >= j {
                hm[i * m + j] = 1.0;
            }
        }
    }
    for i in 0..m {
        hm[i * m] -= h.powi(i as i32 + 1);
        hm[(m - 1) * m + i] -= h.powi((m - i) as i32);
    }
    if 2.0 * h - 1.0 > 0.0 {
        hm[(m - 1) * m] += (2.0 * h - 1.0).powi(m as i32);
    }
    for i in 0..m {
        for j in 0..m {
            if i + 1 > j {
                let mut f = 1.0;
                for g in 1..=(i + 1 - j) {
                    f *= g as f64;
                }
                hm[i * m + j] /= f;
            }
        }
    }
    let (q, ln_scale) = mat_pow_scaled(&hm, m, n);
    let entry = q[(k - 1) * m + (k - 1)];
    if entry <= 0.0 {
        return 0.0;
    }
    let ln_nfact = ln_gamma(nf + 1.0);
    (entry.ln() + ln_scale + ln_nfact - nf * nf.ln()).exp().min(1.0)
}

/// `a · b` for row-major `m × m` matrices.
fn mat_mul(a: &[f64], b: &[f64], m: usize) -> Vec<f64> {
    let mut c = vec![0.0_f64; m * m];
    for i in 0..m {
        for t in 0..m {
            let ait = a[i * m + t];
            if ait == 0.0 {
                continue;
            }
            let brow = &b[t * m..(t + 1) * m];
            let crow = &mut c[i * m..(i + 1) * m];
            for (cij, &btj) in crow.iter_mut().zip(brow) {
                *cij += ait * btj;
            }
        }
    }
    c
}

/// Divides `a` by its largest absolute entry; returns the log of that factor.
fn renormalise(a: &mut [f64]) -> f64 {
    let big = a.iter().fold(0.0_f64, |acc, x| acc.max(x.abs()));
    if big > 0.0 && big.is_finite() {
        for x in a.iter_mut() {
            *x /= big;
        }
        big.ln()
    } else {
        0.0
    }
}

/// `a^p` as `(matrix, ln scale)`, the true power being `matrix · e^{scale}`.
fn mat_pow_scaled(a: &[f64], m: usize, mut p: usize) -> (Vec<f64>, f64) {
    let mut result: Option<(Vec<f64>, f64)> = None;
    let mut base = a.to_vec();
    let mut base_scale = renormalise(&mut base);
    while p > 0 {
        if p & 1 == 1 {
            result = Some(match result {
                None => (base.clone(), base_scale),
                Some((r, rs)) => {
                    let mut prod = mat_mul(&r, &base, m);
                    let s = renormalise(&mut prod);
                    (prod, rs + base_scale + s)
                }
            });
        }
        p >>= 1;
        if p > 0 {
            let mut sq = mat_mul(&base, &base, m);
            let s = renormalise(&mut sq);
            base = sq;
            base_scale = 2.0 * base_scale + s;
        }
    }
    result.unwrap_or_else(|| {
        let mut id = vec![0.0; m * m];
        for i in 0..m {
            id[i * m + i] = 1.0;
        }
        (id, 0.0)
    })
}

/// Survival function of the limiting Kolmogorov distribution,
/// `Q_KS(λ) = 2 Σ_{j≥1} (−1)^{j−1} e^{−2j²λ²}` for `λ ≥ 1.18`, and
/// `1 − (√(2π)/λ) Σ_{j≥1} e^{−(2j−1)²π²/(8λ²)}` below (both series
/// converge in a handful of terms in their ranges).
pub fn kolmogorov_sf(lambda: f64) -> f64 {
    if lambda.is_nan() || lambda <= 0.0 {
        return 1.0;
    }
    if lambda < 1.18 {
        let pi2 = std::f64::consts::PI * std::f64::consts::PI;
        let w = pi2 / (8.0 * lambda * lambda);
        let mut s = 0.0;
        for j in 1..=20 {
            let o = (2 * j - 1) as f64;
            let t = (-o * o * w).exp();
            s += t;
            if t < 1e-17 * s {
                break;
            }
        }
        let cdf = (2.0 * std::f64::consts::PI).sqrt() / lambda * s;
        (1.0 - cdf).clamp(0.0, 1.0)
    } else {
        let mut s = 0.0;
        let mut sign = 1.0;
        for j in 1..=100 {
            let jf = j as f64;
            let t = (-2.0 * jf * jf * lambda * lambda).exp();
            s += sign * t;
            sign = -sign;
            if t < 1e-17 * s.abs() {
                break;
            }
        }
        (2.0 * s).clamp(0.0, 1.0)
    }
}

/// Anderson–Darling test against Uniform(0, 1).
///
/// `A² = −n − (1/n) Σ_{i=1}^{n} (2i − 1)·[ln u_(i) + ln(1 − u_(n+1−i))]`
/// over the sorted sample; returns `(A², P(A²_n ≥ a²))` with the p-value
/// from [`ad_p_value`]. A value exactly 0 or 1 makes `A² = +∞` and
/// `p = 0` (impossible for a continuous uniform). Empty input gives
/// `(0.0, 1.0)`.
pub fn anderson_darling_uniform(sample: &[f64]) -> (f64, f64) {
    let u = clean_sorted(sample);
    let n = u.len();
    if n == 0 {
        return (0.0, 1.0);
    }
    let nf = n as f64;
    let s: f64 = u
        .iter()
        .zip(u.iter().rev())
        .enumerate()
        .map(|(i, (&lo, &hi))| (2 * i + 1) as f64 * (lo.ln() + (-hi).ln_1p()))
        .sum();
    let a2 = -nf - s / nf;
    (a2, ad_p_value(n, a2))
}

/// [`anderson_darling_uniform`] of a sample given by its logarithms, `ln u ≤ 0`: `(A², ln P(A²_n ≥ a²))`. The
/// terms `ln u_(i)` are the inputs themselves and `ln(1 − u)` is [`ln_1m_exp`] of them, so a p-value far below
/// the smallest double enters with its own size (and a p within 10^-16 of 1 with its own distance from 1); the
/// tail is [`ad_ln_p_value`]. A value `ln u = 0` exactly (u = 1, which a continuous uniform never gives: a
/// p-value rounded to 1) is taken as `1 − 2^-53`, the largest double below 1.
///
/// Empty input gives `(0.0, 0.0)`.
pub fn anderson_darling_uniform_ln(ln_u: &[f64]) -> (f64, f64) {
    let v = clean_sorted_ln(ln_u);
    let n = v.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let nf = n as f64;
    let s: f64 =
        v.iter().zip(v.iter().rev()).enumerate().map(|(i, (&lo, &hi))| (2 * i + 1) as f64 * (lo + ln_1m_u(hi))).sum();
    let a2 = -nf - s / nf;
    (a2, ad_ln_p_value(n, a2))
}

/// Marsaglia & Marsaglia's approximation of the limiting Anderson–Darling
/// distribution function `ADinf(z)` for `0 < z < 2`:
/// `z^{−1/2}·e^{−1.2337141/z}·(2.00012 + (.247105 − (.0649821 − (.0347962 −
/// (.011672 − .00168691 z) z) z) z) z)` (max abs error 2e-6).
fn ad_inf_cdf_low(z: f64) -> f64 {
    let poly = 2.00012 + (0.247105 - (0.0649821 - (0.0347962 - (0.011672 - 0.00168691 * z) * z) * z) * z) * z;
    (-1.2337141 / z).exp() / z.sqrt() * poly
}

/// Exponent in Marsaglia & Marsaglia's `ADinf(z) = exp(−exp(g(z)))`, z ≥ 2:
/// `g(z) = 1.0776 − (2.30695 − (.43424 − (.082433 − (.008056 − .0003146 z)
/// z) z) z) z` (max abs error 8e-7 for z > 4).
fn ad_inf_g(z: f64) -> f64 {
    1.0776 - (2.30695 - (0.43424 - (0.082433 - (0.008056 - 0.0003146 * z) * z) * z) * z) * z
}

/// Where the upper tail of the limiting law switches to its analytic form.
const AD_TAIL_Z: f64 = 6.0;

/// Upper tail `1 − ADinf(z)` of the limiting Anderson–Darling law.
///
/// `z < 2`: `1 − ADinf`; `2 ≤ z ≤ 6`: `−expm1(−e^{g(z)})` (no
/// cancellation); `z > 6` (p < 1e-3): the published fit decays much too fast
/// far out (its quintic exponent gives ln p ≈ −249 at z = 20), so the tail
/// is continued by the exact asymptotic shape: `A²_∞ = Σ_j Y_j/(j(j+1))`
/// with i.i.d. `Y_j ~ χ²₁`, whose largest weight ½ gives
/// `P(A² > z) ~ C·z^{−1/2}·e^{−z}`, with `C` matched at `z = 6`.
pub fn ad_inf_sf(z: f64) -> f64 {
    ad_inf_ln_sf(z).exp()
}

/// `ln(1 − ADinf(z))`, [`ad_inf_sf`] in logs: beyond `z = 6` its analytic continuation is a logarithm already,
/// so the tail never underflows (`z = 2000` gives about `ln p = −1995`).
pub fn ad_inf_ln_sf(z: f64) -> f64 {
    if z.is_nan() || z <= 0.0 {
        return 0.0;
    }
    if z == f64::INFINITY {
        return f64::NEG_INFINITY;
    }
    if z < 2.0 {
        return (1.0 - ad_inf_cdf_low(z)).clamp(0.0, 1.0).ln();
    }
    if z <= AD_TAIL_Z {
        return (-(-ad_inf_g(z).exp()).exp_m1()).ln();
    }
    let z0 = AD_TAIL_Z;
    let ln_p0 = (-(-ad_inf_g(z0).exp()).exp_m1()).ln();
    ln_p0 - (z - z0) - 0.5 * (z / z0).ln()
}

/// Marsaglia & Marsaglia's finite-n correction `errfix(n, x)`: the
/// distribution function of `A²_n` at `z` is `x + errfix(n, x)` with
/// `x = ADinf(z)`. With `c = 0.01265 + 0.1757/n`:
/// - `x < c`: `t = x/c`, `(√t (1−t)(49t − 102))·(0.0037/n² + 0.00078/n + 0.00006)/n`;
/// - `c ≤ x ≤ 0.8`: `t = (x−c)/(0.8−c)`,
///   `(−0.00022633 + (6.54034 − (14.6538 − (14.458 − (8.259 − 1.91864 t) t) t) t) t)
///   ·(0.04213 + 0.01365/n)/n`;
/// - `x > 0.8`: `(−130.2137 + (745.2337 − (1705.091 − (1950.646 −
///   (1116.360 − 255.7844 x) x) x) x) x)/n`.
fn ad_errfix(n: f64, x: f64) -> f64 {
    let c = 0.01265 + 0.1757 / n;
    if x < c {
        let t = x / c;
        let g1 = t.sqrt() * (1.0 - t) * (49.0 * t - 102.0);
        g1 * (0.0037 / (n * n) + 0.00078 / n + 0.00006) / n
    } else if x <= 0.8 {
        let t = (x - c) / (0.8 - c);
        let g2 = -0.00022633 + (6.54034 - (14.6538 - (14.458 - (8.259 - 1.91864 * t) * t) * t) * t) * t;
        g2 * (0.04213 + 0.01365 / n) / n
    } else {
        (-130.2137 + (745.2337 - (1705.091 - (1950.646 - (1116.360 - 255.7844 * x) * x) * x) * x) * x) / n
    }
}

/// Upper-tail probability where the finite-n correction switches from
/// additive to relative (see [`ad_p_value`]).
const AD_REL_FIX_P: f64 = 1e-3;

/// `P(A²_n ≥ a2)` for `n` uniforms: `1 − (x + errfix(n, x))` with
/// `x = ADinf(a2)` (Marsaglia & Marsaglia 2004, accurate to about 1e-5
/// absolute), computed as `(1 − x) − errfix` from the upper tail
/// [`ad_inf_sf`] so no precision is lost.
///
/// The published correction is absolute: as `x → 1` it tends to
/// `0.0006/n`, not 0, which would put a false floor under tiny p-values.
/// So once the limiting tail is below 1e-3 the correction is applied as
/// the constant *relative* factor it has at that point
/// (`p = p_∞ · p_n(x₀)/p_∞(x₀)`, `x₀ = 0.999`), keeping p continuous,
/// decreasing and positive. p-values below ~1e-4 are therefore indicative
/// ("very small") rather than exact. `n = 0` or `a2 ≤ 0` gives 1.
pub fn ad_p_value(n: usize, a2: f64) -> f64 {
    ad_ln_p_value(n, a2).exp()
}

/// `ln P(A²_n ≥ a2)`: [`ad_p_value`] in logs. Above 10^-3 the additive correction is applied to the limiting
/// tail as there; below, the relative factor is added to [`ad_inf_ln_sf`] in logs, so the result never
/// underflows. `n = 0`, `a2 ≤ 0` or NaN give 0.
pub fn ad_ln_p_value(n: usize, a2: f64) -> f64 {
    if n == 0 || a2.is_nan() || a2 <= 0.0 {
        return 0.0;
    }
    let nf = n as f64;
    let ln_p_inf = ad_inf_ln_sf(a2);
    if ln_p_inf >= AD_REL_FIX_P.ln() {
        let p_inf = ln_p_inf.exp();
        (p_inf - ad_errfix(nf, 1.0 - p_inf)).clamp(0.0, 1.0).ln()
    } else {
        let x0 = 1.0 - AD_REL_FIX_P;
        let factor = (AD_REL_FIX_P - ad_errfix(nf, x0)) / AD_REL_FIX_P;
        (ln_p_inf + factor.ln()).min(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    fn uniforms(rng: &mut Pcg64, n: usize) -> Vec<f64> {
        (0..n).map(|_| rng.random::<f64>()).collect()
    }

    /// Birnbaum–Tingey (1951): exact `P(D⁺_n ≥ d)`.
    fn one_sided_exact(n: usize, d: f64) -> f64 {
        let nf = n as f64;
        let mut s = 0.0;
        let mut binom = 1.0;
        let top = (nf * (1.0 - d)).floor() as usize;
        for j in 0..=top {
            if j > 0 {
                binom *= (n - j + 1) as f64 / j as f64;
            }
            let jf = j as f64;
            s += binom * (1.0 - d - jf / nf).powi((n - j) as i32) * (d + jf / nf).powi(j as i32 - 1);
        }
        d * s
    }

    #[test]
    fn ks_statistic_by_hand() {
        // Sorted (0.1, 0.4, 0.7): D⁺ = max(1/3−0.1, 2/3−0.4, 1−0.7) = 0.3,
        // D⁻ = max(0.1, 0.4−1/3, 0.7−2/3) = 0.1.
        let (d, _) = ks_uniform(&[0.7, 0.1, 0.4]);
        assert!((d - 0.3).abs() < 1e-15);
        let (d, p) = ks_uniform(&[0.5]);
        assert!((d - 0.5).abs() < 1e-15 && (p - 1.0).abs() < 1e-12);
    }

    #[test]
    fn ks_exact_against_independent_formulas() {
        // Exact rational-arithmetic evaluations (computed independently):
        for (n, d, p) in [
            (10, 0.274, 0.37152038454349573),
            (5, 0.3, 0.664),
            (20, 0.15, 0.7044671549442871),
            (3, 0.4, 0.5946666666666667),
            (10, 0.5, 0.00777741),
            (10, 0.6, 0.0005681672),
            // 40-digit evaluation of the same matrix formula.
            (1000, 0.02, 0.8108971310702122),
            (1000, 0.04, 0.07933955497540123),
        ] {
            let got = ks_p_value(n, d);
            assert!((got - p).abs() < 1e-12, "n={n} d={d}: {got} vs {p}");
        }
        // For d ≥ ½ the two one-sided events are disjoint: p = 2·P(D⁺ ≥ d).
        for (n, d) in [(10, 0.5), (10, 0.6), (7, 0.55), (30, 0.5)] {
            let got = ks_p_value(n, d);
            let want = 2.0 * one_sided_exact(n, d);
            assert!((got - want).abs() <= 1e-9 * want, "n={n} d={d}: {got} vs {want}");
        }
        // n = 1: D = max(u, 1−u), P(D ≥ d) = 2(1 − d).
        for d in [0.5, 0.6, 0.9] {
            assert!((ks_p_value(1, d) - 2.0 * (1.0 - d)).abs() < 1e-14);
        }
        // 1/(2n) ≤ d ≤ 1/n: P(D < d) = n!·(2d − 1/n)^n.
        let want = 3628800.0 * (0.14_f64 - 0.1).powi(10);
        assert!((ks_cdf_exact(10, 0.07) - want).abs() < 1e-9 * want);
        assert!(ks_p_value(10, 0.04) == 1.0);
    }

    #[test]
    fn ks_asymptotic_is_close_to_exact() {
        // Second, independent route for n = 10, D = 0.274: Stephens ≈ 0.36.
        let sn = 10f64.sqrt();
        let asym = kolmogorov_sf((sn + 0.12 + 0.11 / sn) * 0.274);
        assert!((asym - 0.3715).abs() < 0.015, "{asym}");
        // Limiting law: classical critical values.
        assert!((kolmogorov_sf(1.3581) - 0.05).abs() < 1e-4);
        assert!((kolmogorov_sf(1.6276) - 0.01).abs() < 1e-4);
        // The two series agree where they meet.
        let l: f64 = 1.18;
        let pi2 = std::f64::consts::PI.powi(2);
        let theta: f64 = (1..20).map(|j| (-((2 * j - 1) as f64).powi(2) * pi2 / (8.0 * l * l)).exp()).sum();
        let left = 1.0 - (2.0 * std::f64::consts::PI).sqrt() / l * theta;
        assert!((kolmogorov_sf(l) - left).abs() < 1e-14);
        // Exact vs Stephens at n = 1000 across the range of d.
        let sn = 1000f64.sqrt();
        for d in [0.02, 0.03, 0.04, 0.05] {
            let exact = ks_p_value(1000, d);
            let asym = kolmogorov_sf((sn + 0.12 + 0.11 / sn) * d);
            assert!((exact - asym).abs() < 5e-3, "d={d}: {exact} vs {asym}");
        }
        // Matrix vs doubled one-sided tail where both are accurate
        // (p between 1e-3 and 0.02: overlap of relative size ≲ 1e-6).
        for (n, d) in [(1000usize, 0.045), (1000, 0.05), (500, 0.07), (200, 0.11), (20, 0.3)] {
            let matrix = 1.0 - ks_cdf_exact(n, d);
            let doubled = 2.0 * ks_one_sided_sf(n, d);
            assert!(doubled >= matrix * (1.0 - 1e-9));
            assert!((doubled - matrix).abs() < 1e-5 * matrix, "n={n}: {doubled} vs {matrix}");
        }
        // Large n, moderate d: exact matrix vs Stephens.
        let exact = ks_p_value(20_000, 0.009);
        let sn = 20_000f64.sqrt();
        let asym = kolmogorov_sf((sn + 0.12 + 0.11 / sn) * 0.009);
        assert!((exact - asym).abs() < 2e-3, "{exact} vs {asym}");
    }

    #[test]
    fn ks_monotone_and_bounded() {
        // Above ~120 points the switch to Stephens' approximation at p = 0.1
        // may step by its ~1e-3 error; elsewhere the p-value is smooth.
        for n in [1usize, 2, 10, 100, 1000, 5000] {
            let tol = if n > 120 { 2e-3 } else { 1e-9 };
            let mut prev = 1.0;
            for i in 0..=100 {
                let d = i as f64 / 100.0;
                let p = ks_p_value(n, d);
                assert!((0.0..=1.0).contains(&p));
                assert!(p <= prev + tol, "n={n} d={d} {p} > {prev}");
                prev = p;
            }
        }
    }

    #[test]
    fn ks_edge_cases() {
        assert_eq!(ks_uniform(&[]), (0.0, 1.0));
        assert_eq!(ks_uniform(&[f64::NAN]), (0.0, 1.0));
        let (d, p) = ks_uniform(&[0.0, 0.0, 0.0]);
        assert_eq!(d, 1.0);
        assert_eq!(p, 0.0);
        let (d, p) = ks_uniform(&[-3.0, 7.0]); // clamped to 0 and 1
        assert!((d - 0.5).abs() < 1e-15 && p > 0.0 && p <= 1.0);
        assert_eq!(ks_p_value(0, 0.3), 1.0);
        assert_eq!(ks_p_value(10, f64::NAN), 1.0);
    }

    #[test]
    fn ad_statistic_by_hand() {
        // n = 1, u = ½: A² = −1 − 2·ln ½ = 2 ln 2 − 1.
        let (a2, _) = anderson_darling_uniform(&[0.5]);
        assert!((a2 - (2.0 * 2f64.ln() - 1.0)).abs() < 1e-15);
        // n = 2, (0.25, 0.75): −2 − ½[(ln .25 + ln .25) + 3(ln .75 + ln .75)].
        let (a2, _) = anderson_darling_uniform(&[0.75, 0.25]);
        let want = -2.0 - 0.5 * (2.0 * 0.25f64.ln() + 6.0 * 0.75f64.ln());
        assert!((a2 - want).abs() < 1e-14);
    }

    #[test]
    fn ad_limiting_critical_values() {
        // Classical asymptotic percentage points of A².
        for (z, p) in [(1.933, 0.10), (2.492, 0.05), (3.070, 0.025), (3.857, 0.01)] {
            assert!((ad_inf_sf(z) - p).abs() < 3e-4, "z={z}: {}", ad_inf_sf(z));
        }
        // Large n: finite-n value approaches the limit.
        assert!((ad_p_value(100_000, 2.492) - 0.05).abs() < 3e-4);
        assert!((ad_p_value(1_000_000, 3.857) - 0.01).abs() < 3e-4);
        assert!((ad_inf_sf(1.248) - 0.25).abs() < 1e-3);
        // The pieces join continuously.
        assert!(((1.0 - ad_inf_cdf_low(2.0)) - ad_inf_sf(2.0)).abs() < 1e-5);
        let z = AD_TAIL_Z;
        assert!((ad_inf_sf(z) - ad_inf_sf(z + 1e-12)).abs() < 1e-9 * ad_inf_sf(z));
    }

    #[test]
    fn ad_exact_for_one_observation() {
        // n = 1: A² = −1 − ln(u(1−u)), so P(A² ≥ z) = 1 − √(1 − 4e^{−1−z}).
        // The published correction is good to ~1e-3 here for p ≤ 0.35
        // (it is off by 0.045 at z = 0.5, p ≈ 0.67, irrelevant for testing).
        for z in [1.0_f64, 1.5, 2.0, 2.714, 3.5, 4.5, 5.5] {
            let c: f64 = (-1.0 - z).exp();
            let exact_p = 1.0 - (1.0 - 4.0 * c).sqrt();
            let got = ad_p_value(1, z);
            assert!((got - exact_p).abs() < 2e-3, "z={z}: {got} vs {exact_p}");
        }
    }

    #[test]
    fn ad_tail_monotone_and_finite() {
        for n in [1usize, 2, 5, 10, 100, 10_000] {
            let mut prev = 1.0;
            let mut z = 0.01;
            while z < 60.0 {
                let p = ad_p_value(n, z);
                assert!((0.0..=1.0).contains(&p), "n={n} z={z}");
                assert!(p <= prev + 1e-12, "n={n} z={z}: {p} > {prev}");
                prev = p;
                z *= 1.02;
            }
        }
        // The tail keeps resolving small p instead of collapsing to 0.
        let p = ad_p_value(1000, 20.0);
        assert!(p > 1e-12 && p < 1e-7, "{p}");
    }

    #[test]
    fn ad_edge_cases() {
        assert_eq!(anderson_darling_uniform(&[]), (0.0, 1.0));
        let (a2, p) = anderson_darling_uniform(&[0.0, 0.5]);
        assert_eq!(a2, f64::INFINITY);
        assert_eq!(p, 0.0);
        let (a2, p) = anderson_darling_uniform(&[0.3, f64::NAN, 0.6]);
        assert!(a2.is_finite() && (0.0..=1.0).contains(&p));
        assert_eq!(ad_p_value(0, 3.0), 1.0);
        assert_eq!(ad_p_value(5, -1.0), 1.0);
        assert_eq!(ad_p_value(5, f64::NAN), 1.0);
    }

    #[test]
    fn null_p_values_are_calibrated() {
        // 4000 fixed-seed samples of size 8: the fraction of p-values below
        // 0.05 must be ≈ 0.05. Binomial(4000, 0.05) has sd ≈ 0.0034, so
        // ±0.015 is > 4 sd: false alarm rate < 1e-4.
        let mut rng = Pcg64::seed_from_u64(7);
        let (mut ks_low, mut ad_low) = (0usize, 0usize);
        let reps = 4000;
        for _ in 0..reps {
            let s = uniforms(&mut rng, 8);
            if ks_uniform(&s).1 < 0.05 {
                ks_low += 1;
            }
            if anderson_darling_uniform(&s).1 < 0.05 {
                ad_low += 1;
            }
        }
        let (fk, fa) = (ks_low as f64 / reps as f64, ad_low as f64 / reps as f64);
        // KS is discrete-exact, so its rate is ≤ 0.05 up to noise.
        assert!((fk - 0.05).abs() < 0.015, "ks {fk}");
        assert!((fa - 0.05).abs() < 0.015, "ad {fa}");
    }

    #[test]
    fn uniform_samples_pass_and_skewed_samples_fail() {
        // Twenty fixed-seed uniform samples of 1000: each test's p is
        // Uniform(0,1), so P(any p < 1e-3) ≈ 2%; with fixed seeds the outcome
        // is deterministic and was checked to pass.
        for seed in 0..20u64 {
            let mut rng = Pcg64::seed_from_u64(1000 + seed);
            let s = uniforms(&mut rng, 1000);
            let (_, pk) = ks_uniform(&s);
            let (_, pa) = anderson_darling_uniform(&s);
            assert!(pk > 1e-3 && pa > 1e-3, "seed {seed}: ks {pk}, ad {pa}");
            // Squaring skews towards 0 (cdf √t): D ≈ ¼, overwhelming evidence.
            let sk: Vec<f64> = s.iter().map(|u| u * u).collect();
            let (dk, pk) = ks_uniform(&sk);
            let (a2, pa) = anderson_darling_uniform(&sk);
            assert!((dk - 0.25).abs() < 0.05, "{dk}");
            assert!(pk < 1e-20, "{pk}");
            assert!(a2 > 20.0 && pa < 1e-8, "{a2} {pa}");
        }
        // A mild bias (u^1.2) on 2000 points is still caught.
        let mut rng = Pcg64::seed_from_u64(99);
        let s: Vec<f64> = uniforms(&mut rng, 2000).iter().map(|u| u.powf(1.2)).collect();
        assert!(ks_uniform(&s).1 < 1e-4);
        assert!(anderson_darling_uniform(&s).1 < 1e-4);
    }
}
