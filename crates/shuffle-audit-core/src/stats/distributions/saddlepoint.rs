//! Tail probabilities of a sum of N independent copies of a small integer variable, by saddlepoint.
//!
//! A seat's total number of bombs over N deals is such a sum: each hand holds 0..=4 bombs with an exact law
//! that is very skewed (skewness ≈ 2.9), so the plain normal tail is off by a factor of about 2 at p ≈ 10^-9 for
//! N = 10^4 deals (the first Edgeworth term, γ/(6√N)·(z² − 1)·z, is ≈ 1.2 there). The saddlepoint
//! approximation keeps a small *relative* error far into the tail:
//!
//! with the cumulant generating function `K(s) = ln Σ_k p_k e^{sk}` of one copy and a target total t, use the
//! second continuity correction `t̃ = t − ½` for `P(S ≥ t)` (Daniels 1987, "Tail probability approximations",
//! Int. Stat. Review 55; Butler, *Saddlepoint Approximations with Applications*, 2007, §1.2.5), solve
//! `N·K'(ŝ) = t̃`, and set
//!
//! `w = sgn(ŝ)·√(2(ŝ·t̃ − N·K(ŝ)))`, `u = 2·sinh(ŝ/2)·√(N·K''(ŝ))`, `r* = w + ln(u/w)/w`,
//!
//! then `P(S ≥ t) ≈ P(Z ≥ r*)` (Barndorff-Nielsen's r*, equivalent to Lugannani–Rice to the same order and
//! computed in log space through [`normal_ln_sf`], so it stays finite at p = 10^-10000). Lower tails use the
//! reflected variable `K_max − X`. The tests compare it with the exact convolution.
//!
//! [`bernoulli_sum_ln_sf`] is the same tail for a sum of independent Bernoulli variables of unequal p (a
//! Poisson-binomial law), given as the counts of each p: its cumulant generating function is
//! `K(s) = Σ_i count_i · ln(1 − p_i + p_i·e^s)`, and the formulas above hold with `N·K` replaced by it.

use crate::stats::distributions::special::normal_ln_sf;

/// `ln P(S ≥ t)` for S the sum of `n` independent copies of X with `P(X = k) = pmf[k]`.
pub fn sum_ln_sf(pmf: &[f64], n: u64, t: u64) -> f64 {
    let top = pmf.iter().rposition(|&p| p > 0.0).unwrap_or(0) as u64;
    let bottom = pmf.iter().position(|&p| p > 0.0).unwrap_or(0) as u64;
    if t <= n * bottom {
        return 0.0;
    }
    if t > n * top {
        return f64::NEG_INFINITY;
    }
    if t == n * top {
        // Every copy at its maximum: exact, where the saddlepoint degenerates.
        return n as f64 * pmf[top as usize].ln();
    }
    let mean: f64 = pmf.iter().enumerate().map(|(k, &p)| k as f64 * p).sum();
    let t_tilde = t as f64 - 0.5;
    let nf = n as f64;
    let s = solve(pmf, t_tilde / nf);
    let (k0, _, k2) = cgf(pmf, s);
    let w2 = 2.0 * (s * t_tilde - nf * k0);
    if s.abs() < 1e-8 || w2 <= 0.0 {
        // At the mean the saddlepoint formula is 0/0; the continuity-corrected normal tail is exact to O(1/√N)
        // there, where the probability is near ½ and no decision depends on its last digits.
        let var: f64 = pmf.iter().enumerate().map(|(k, &p)| p * (k as f64 - mean).powi(2)).sum();
        return normal_ln_sf((t_tilde - nf * mean) / (nf * var).sqrt());
    }
    r_star_ln_sf(s, w2, nf * k2)
}

/// Barndorff-Nielsen's r* tail from the saddlepoint `s`, `w² = 2(s·t̃ − K(s))` and `K''(s)` of the whole sum.
fn r_star_ln_sf(s: f64, w2: f64, k2: f64) -> f64 {
    let w = s.signum() * w2.sqrt();
    let u = 2.0 * (s / 2.0).sinh() * k2.sqrt();
    let r_star = w + (u / w).ln() / w;
    normal_ln_sf(r_star)
}

/// `ln P(S ≥ t)` for S the sum of independent Bernoulli variables, `count` of them with probability `p` for each
/// `(p, count)` of `groups` (`0 ≤ p ≤ 1`). Exact at the ends of the support (every variable that can be 1 is 1,
/// and a total no larger than the certain ones); the saddlepoint tail between, never `1 − cdf`.
pub fn bernoulli_sum_ln_sf(groups: &[(f64, u64)], t: u64) -> f64 {
    let certain: u64 = groups.iter().filter(|g| g.0 >= 1.0).map(|g| g.1).sum();
    let possible: u64 = groups.iter().filter(|g| g.0 > 0.0).map(|g| g.1).sum();
    if t <= certain {
        return 0.0;
    }
    if t > possible {
        return f64::NEG_INFINITY;
    }
    if t == possible {
        return groups.iter().filter(|g| g.0 > 0.0).map(|&(p, count)| count as f64 * p.ln()).sum();
    }
    let mean: f64 = groups.iter().map(|&(p, count)| count as f64 * p.min(1.0)).sum();
    let t_tilde = t as f64 - 0.5;
    let s = solve_by(|s| bernoulli_cgf(groups, s).1, t_tilde);
    let (k0, _, k2) = bernoulli_cgf(groups, s);
    let w2 = 2.0 * (s * t_tilde - k0);
    if s.abs() < 1e-8 || w2 <= 0.0 {
        // At the mean, as in sum_ln_sf: the continuity-corrected normal tail.
        let var: f64 = groups.iter().map(|&(p, count)| count as f64 * p * (1.0 - p).max(0.0)).sum();
        return normal_ln_sf((t_tilde - mean) / var.sqrt());
    }
    r_star_ln_sf(s, w2, k2)
}

/// `(K(s), K'(s), K''(s))` of a sum of independent Bernoulli variables ([`bernoulli_sum_ln_sf`]'s groups),
/// each term in the form that neither overflows nor cancels: `ln(1 − p + p·e^s)` is `ln1p(p·(e^s − 1))` for
/// `s ≤ 0` and `s + ln1p((1 − p)·(e^−s − 1))` above, and the tilted p and its complement are each computed
/// from their own numerator.
fn bernoulli_cgf(groups: &[(f64, u64)], s: f64) -> (f64, f64, f64) {
    let (mut k0, mut k1, mut k2) = (0.0, 0.0, 0.0);
    for &(p, count) in groups {
        let c = count as f64;
        if p <= 0.0 {
            continue;
        }
        if p >= 1.0 {
            k0 += c * s;
            k1 += c;
            continue;
        }
        let (ln, q, r) = if s <= 0.0 {
            let e = s.exp();
            let d = 1.0 - p + p * e;
            ((p * s.exp_m1()).ln_1p(), p * e / d, (1.0 - p) / d)
        } else {
            let e = (-s).exp();
            let d = p + (1.0 - p) * e;
            (s + ((1.0 - p) * (-s).exp_m1()).ln_1p(), p / d, (1.0 - p) * e / d)
        };
        k0 += c * ln;
        k1 += c * q;
        k2 += c * q * r;
    }
    (k0, k1, k2)
}

/// `ln P(S ≤ t)`: the upper tail of the reflected sum `n·K_max − S`.
pub fn sum_ln_cdf(pmf: &[f64], n: u64, t: u64) -> f64 {
    let kmax = (pmf.len() - 1) as u64;
    if t >= n * kmax {
        return 0.0;
    }
    let reflected: Vec<f64> = pmf.iter().rev().copied().collect();
    sum_ln_sf(&reflected, n, n * kmax - t)
}

/// `(K(s), K'(s), K''(s))` for one copy, with the exponentials scaled by their largest term.
fn cgf(pmf: &[f64], s: f64) -> (f64, f64, f64) {
    let terms: Vec<(f64, f64)> =
        pmf.iter().enumerate().filter(|(_, p)| **p > 0.0).map(|(k, &p)| (k as f64, p.ln() + s * k as f64)).collect();
    let top = terms.iter().map(|t| t.1).fold(f64::NEG_INFINITY, f64::max);
    let (mut z, mut m1, mut m2) = (0.0, 0.0, 0.0);
    for &(k, e) in &terms {
        let w = (e - top).exp();
        z += w;
        m1 += k * w;
        m2 += k * k * w;
    }
    let mean = m1 / z;
    (top + z.ln(), mean, (m2 / z - mean * mean).max(0.0))
}

/// The s with `K'(s) = m`, by bisection on the increasing `K'` (bracket doubled until it holds m).
fn solve(pmf: &[f64], m: f64) -> f64 {
    solve_by(|s| cgf(pmf, s).1, m)
}

/// The s with `k1(s) = m` for an increasing `k1`, by bisection (bracket doubled until it holds m).
fn solve_by(k1: impl Fn(f64) -> f64, m: f64) -> f64 {
    let (mut lo, mut hi) = (-1.0f64, 1.0f64);
    while k1(lo) > m && lo > -1e6 {
        lo *= 2.0;
    }
    while k1(hi) < m && hi < 1e6 {
        hi *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if k1(mid) < m {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-14 * (1.0 + mid.abs()) {
            break;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ln P(S = total) for every total, by repeated convolution in log space.
    fn exact_ln_pmf(pmf: &[f64], n: usize) -> Vec<f64> {
        let ln_p: Vec<f64> = pmf.iter().map(|p| p.ln()).collect();
        let mut dist = vec![0.0f64];
        for _ in 0..n {
            let mut next = vec![f64::NEG_INFINITY; dist.len() + pmf.len() - 1];
            for (a, &da) in dist.iter().enumerate() {
                for (k, &lk) in ln_p.iter().enumerate() {
                    let x = da + lk;
                    let y = next[a + k];
                    next[a + k] = if y == f64::NEG_INFINITY { x } else { x.max(y) + (-(x - y).abs()).exp().ln_1p() };
                }
            }
            dist = next;
        }
        dist
    }

    fn ln_sum(v: &[f64]) -> f64 {
        let top = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        top + v.iter().map(|x| (x - top).exp()).sum::<f64>().ln()
    }

    #[test]
    fn saddlepoint_tails_match_the_exact_convolution() {
        // The law of bombs in a 17-card 斗地主 hand (from game::doudizhu::odds), 400 hands: tails from p ≈ 0.3
        // down to p ≈ 1e-33 within 1% (relative; measured 0.01% to 0.5%), 2.4% one step from the edge of the
        // support and exact at the edge; the plain normal tail is off by more than a factor of 10 at the far end.
        let pmf = crate::game::doudizhu::odds(17, 3).bombs_pmf.iter().map(|f| f.to_f64()).collect::<Vec<_>>();
        let n = 400;
        let exact = exact_ln_pmf(&pmf, n);
        for t in [42u64, 50, 60, 75, 100, 130] {
            let want = ln_sum(&exact[t as usize..]);
            let got = sum_ln_sf(&pmf, n as u64, t);
            assert!((got - want).abs() < 0.01, "P(S >= {t}): ln {got} vs exact {want}");
        }
        for (t, tolerance) in [(35u64, 0.01), (25, 0.01), (15, 0.01), (5, 0.01), (1, 0.03), (0, 1e-9)] {
            let want = ln_sum(&exact[..=t as usize]);
            let got = sum_ln_cdf(&pmf, n as u64, t);
            assert!((got - want).abs() < tolerance, "P(S <= {t}): ln {got} vs exact {want}");
        }
        let mean = 400.0 * 140.0 / 1431.0;
        let sd = (400.0f64 * 61919056.0 / 673713369.0).sqrt();
        let normal = normal_ln_sf((129.5 - mean) / sd);
        assert!(normal - ln_sum(&exact[130..]) < -2.3, "the normal tail is far off: {normal}");
        assert_eq!(sum_ln_sf(&pmf, 10, 41), f64::NEG_INFINITY);
        assert_eq!(sum_ln_cdf(&pmf, 10, 40), 0.0);
    }

    #[test]
    fn bernoulli_tails_match_the_exact_convolution() {
        // 400 Bernoulli variables of six unequal p's, 30 of them certain and 20 impossible: P(S ≥ t) from the mean
        // (p ≈ 0.5) to p ≈ 1e-60 within 1% (relative; ln within 0.01), exact at the ends of the support.
        let groups = [(0.02, 100u64), (0.1, 80), (0.25, 70), (0.5, 60), (0.9, 40), (1.0, 30), (0.0, 20)];
        let mut exact = vec![1.0f64];
        for &(p, k) in &groups {
            for _ in 0..k {
                let mut next = vec![0.0; exact.len() + 1];
                for (a, &q) in exact.iter().enumerate() {
                    next[a] += q * (1.0 - p);
                    next[a + 1] += q * p;
                }
                exact = next;
            }
        }
        let mean: f64 = groups.iter().map(|&(p, k)| p * k as f64).sum();
        for t in [mean.ceil() as u64, 150, 170, 200, 230, 260] {
            let want: f64 = exact[t as usize..].iter().sum::<f64>().ln();
            let got = bernoulli_sum_ln_sf(&groups, t);
            assert!((got - want).abs() < 0.01, "P(S >= {t}): ln {got} vs exact {want}");
        }
        let (certain, possible) = (30, 380);
        assert_eq!(bernoulli_sum_ln_sf(&groups, certain), 0.0);
        assert!(bernoulli_sum_ln_sf(&groups, certain + 1) < 0.0);
        // Every possible variable 1: the product of their p's (about 1e-313, below f64's normal range, in ln).
        let top = bernoulli_sum_ln_sf(&groups, possible);
        let all: f64 = groups.iter().filter(|g| g.0 > 0.0).map(|&(p, k)| k as f64 * p.ln()).sum();
        assert!((top - all).abs() < 1e-12 && (top + 720.0).abs() < 5.0, "{top}");
        assert_eq!(bernoulli_sum_ln_sf(&groups, possible + 1), f64::NEG_INFINITY);
    }
}
