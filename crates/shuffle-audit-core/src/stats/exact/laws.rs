//! Exact null distributions of permutation statistics, and mixing formulas
//! for two shuffle models.
//!
//! Every `*_pmf(n)` function returns the probability mass function of a
//! statistic of a uniformly random permutation of `n` cards as a `Vec<f64>`
//! indexed by the value of the statistic. The recurrences are *scaled*
//! (they carry probabilities, not counts, dividing by `n` at each step) or
//! run in log space, so nothing overflows for `n` up to 1024 and beyond;
//! probabilities below ~1e-308 underflow to `0.0`, which is harmless for
//! goodness-of-fit use. Each pmf sums to 1 within 1e-12.
//!
//! Sources:
//! - Fixed points: the derangement formula `D(m) = m!·Σ_{j=0}^{m} (−1)^j/j!`
//!   (Montmort 1713; see e.g. Stanley, *Enumerative Combinatorics* I, §2.2).
//! - Cycles: unsigned Stirling numbers of the first kind,
//!   `c(n,k) = c(n−1,k−1) + (n−1)·c(n−1,k)` (Stanley EC I, §1.3).
//! - Inversions: the Mahonian numbers, generating function
//!   `Π_{i=1}^{n} (1 + q + … + q^{i−1})` (Stanley EC I, Cor. 1.3.13);
//!   mean `n(n−1)/4`, variance `n(n−1)(2n+5)/72` (Feller; Kendall's τ).
//! - Rising sequences: Eulerian numbers `A(n, r)` (permutations whose inverse
//!   has `r − 1` descents), `A(n,r) = r·A(n−1,r) + (n−r+1)·A(n−1,r−1)`.
//! - Descents of the deck: the Eulerian numbers again (a permutation and its
//!   inverse have the same descent-count law).
//! - Alternating runs (runs up and down): D. André (1884), "Étude sur les
//!   maxima, minima et séquences des permutations"; the number `R(n, k)` of
//!   permutations with `k` alternating runs satisfies
//!   `R(n,k) = k·R(n−1,k) + 2·R(n−1,k−1) + (n−k)·R(n−1,k−2)` (Levene &
//!   Wolfowitz 1944 give its mean `(2n−1)/3` and variance `(16n−29)/90`).
//! - Riffle shuffles: D. Bayer & P. Diaconis (1992), "Trailing the dovetail
//!   shuffle to its lair", Ann. Appl. Probab. 2(2): after `k` GSR riffles a
//!   permutation with `r` rising sequences has probability
//!   `C(2^k + n − r, n) / 2^{kn}`.
//! - Random transpositions: P. Diaconis & M. Shahshahani (1981); a fixed
//!   card is at home after `k` steps with probability
//!   `1/n + (1 − 1/n)(1 − 2/n)^k`.

use crate::stats::distributions::special::ln_add_exp;

/// Null law of the number of fixed points of a uniform random permutation.
///
/// `P(k) = D(n−k) / (k!·(n−k)!) = (1/k!)·Σ_{j=0}^{n−k} (−1)^j / j!`, for
/// `k = 0..=n` (so `P(n−1) = 0`). Mean 1, variance 1 for `n ≥ 2`.
/// Returns `n + 1` entries; `n = 0` gives `[1.0]`.
pub fn fixed_points_pmf(n: usize) -> Vec<f64> {
    // partial[m] = Σ_{j=0}^{m} (−1)^j / j!
    let mut partial = Vec::with_capacity(n + 1);
    let mut term = 1.0_f64;
    let mut sum = 0.0_f64;
    for j in 0..=n {
        if j > 0 {
            term /= -(j as f64);
        }
        sum += term;
        partial.push(sum);
    }
    let mut pmf = Vec::with_capacity(n + 1);
    let mut inv_fact = 1.0_f64; // 1/k!
    for k in 0..=n {
        if k > 0 {
            inv_fact /= k as f64;
        }
        pmf.push(inv_fact * partial[n - k]);
    }
    pmf
}

/// Null law of the number of cycles of a uniform random permutation.
///
/// `P(k) = |s(n,k)| / n!` with `|s|` the unsigned Stirling numbers of the
/// first kind, computed from the scaled recurrence
/// `p_n(k) = (p_{n−1}(k−1) + (n−1)·p_{n−1}(k)) / n`, `p_0 = [1]`.
/// Mean `H(n) = Σ_{i≤n} 1/i`, variance `H(n) − Σ_{i≤n} 1/i²`.
/// Returns `n + 1` entries (index 0 is 0 for `n ≥ 1`). O(n²).
pub fn cycles_pmf(n: usize) -> Vec<f64> {
    let mut p = vec![0.0; n + 1];
    p[0] = 1.0;
    for m in 1..=n {
        let mf = m as f64;
        let w = (m - 1) as f64;
        // Update in place from the top so p[k−1] is still the old value.
        for k in (1..=m).rev() {
            p[k] = (p[k - 1] + w * p[k]) / mf;
        }
        p[0] *= w / mf; // (m−1)·p[0] / m, and p[0] = 0 once m ≥ 1
    }
    p
}

/// Largest `n` for which [`inversions_pmf`] computes the exact law.
///
/// The table has `n(n−1)/2 + 1` entries and costs ~n³/6 operations
/// (1.3·10⁶ at n = 200). Above it, callers should use a normal
/// approximation with the exact moments from [`inversions_mean_var`]
/// (the law is asymptotically normal; skewness is 0 by symmetry).
pub const INVERSIONS_EXACT_MAX_N: usize = 200;

/// Null law of the number of inversions (Mahonian distribution), for
/// `n ≤ INVERSIONS_EXACT_MAX_N`; `None` above.
///
/// The count of inversions is a sum of independent uniforms on
/// `{0, …, i−1}`, `i = 1..n`, so the pmf is built by `n` convolutions,
/// each `g[j] = (1/i)·Σ_{t=j−i+1}^{j} f[t]` done with a sliding window (O(len)
/// per step). Only the lower half is computed, ascending, where the window
/// sum grows, which keeps the deep tail relatively accurate; the upper half
/// follows from the symmetry `P(j) = P(n(n−1)/2 − j)`.
/// Returns `n(n−1)/2 + 1` entries.
pub fn inversions_pmf(n: usize) -> Option<Vec<f64>> {
    if n > INVERSIONS_EXACT_MAX_N {
        return None;
    }
    let mut f = vec![1.0_f64];
    for i in 2..=n {
        let new_len = f.len() + i - 1;
        let max = new_len - 1;
        let half = max / 2;
        let mut g = vec![0.0_f64; new_len];
        let mut window = 0.0_f64;
        let inv_i = 1.0 / i as f64;
        for j in 0..=half {
            if j < f.len() {
                window += f[j];
            }
            if j >= i {
                window -= f[j - i];
            }
            g[j] = (window * inv_i).max(0.0);
        }
        for j in half + 1..=max {
            g[j] = g[max - j];
        }
        f = g;
    }
    Some(f)
}

/// Exact mean and variance of the number of inversions:
/// `(n(n−1)/4, n(n−1)(2n+5)/72)`.
pub fn inversions_mean_var(n: usize) -> (f64, f64) {
    let nf = n as f64;
    (nf * (nf - 1.0) / 4.0, nf * (nf - 1.0) * (2.0 * nf + 5.0) / 72.0)
}

/// ln of the rising-sequence law, index `r = 0..=n`, `−∞` where impossible.
///
/// Log-space form of the scaled Eulerian recurrence
/// `q_n(r) = (r·q_{n−1}(r) + (n−r+1)·q_{n−1}(r−1)) / n`, so even
/// `q_{1024}(1) = 1/1024!` stays representable.
fn ln_rising_sequences_pmf(n: usize) -> Vec<f64> {
    let mut lq = vec![f64::NEG_INFINITY; n + 1];
    lq[0] = 0.0; // the empty arrangement has no rising sequence
    if n == 0 {
        return lq;
    }
    lq[0] = f64::NEG_INFINITY;
    lq[1] = 0.0; // one card: one rising sequence
    for m in 2..=n {
        let ln_m = (m as f64).ln();
        for r in (1..=m).rev() {
            let stay = if lq[r] == f64::NEG_INFINITY { f64::NEG_INFINITY } else { (r as f64).ln() + lq[r] };
            let grow =
                if lq[r - 1] == f64::NEG_INFINITY { f64::NEG_INFINITY } else { ((m - r + 1) as f64).ln() + lq[r - 1] };
            lq[r] = ln_add_exp(stay, grow) - ln_m;
        }
    }
    lq
}

/// Null law of the number of rising sequences of a uniform random
/// permutation (for a deck: the number of maximal runs of consecutive card
/// values `v, v+1, …` appearing in increasing positions).
///
/// `P(r) = A(n, r) / n!` with `A(n, r)` the Eulerian number counting
/// permutations whose inverse has `r − 1` descents; index `r = 0..=n` with
/// `P(0) = 0` for `n ≥ 1` (`n = 0` gives `[1.0]`). Mean `(n+1)/2`,
/// variance `(n+1)/12` (n ≥ 2). Computed in log space, O(n²).
pub fn rising_sequences_pmf(n: usize) -> Vec<f64> {
    ln_rising_sequences_pmf(n).into_iter().map(f64::exp).collect()
}

/// Total variation distance between the law of the deck after `k`
/// Gilbert–Shannon–Reeds riffle shuffles of `n` cards and the uniform law.
///
/// Bayer–Diaconis: every permutation with `r` rising sequences has
/// probability `C(2^k + n − r, n) / 2^{kn}`, so
///
/// `TV = ½ Σ_r A(n, r)·|C(2^k+n−r, n)/2^{kn} − 1/n!|
///     = ½ Σ_r q(r)·|R(r) − 1|`, with `q(r) = A(n,r)/n!` and
/// `R(r) = n!·C(2^k+n−r, n)/2^{kn} = Π_{t=1−r}^{n−r} (1 + t/2^k)`
/// (zero once `r > 2^k`).
///
/// `ln q` and `ln R` are kept in log space and `R − 1` is formed with
/// `expm1`, so the result is accurate both when `R` is astronomically
/// large (few shuffles) and when `R ≈ 1` (many). `n ≤ 1` or `k ≥ 1024`
/// (2^k beyond `f64`) give 0 up to rounding. O(n²) from the Eulerian table.
pub fn riffle_tv_distance(n: usize, k: u32) -> f64 {
    if n <= 1 {
        return 0.0;
    }
    let lq = ln_rising_sequences_pmf(n);
    let two_k = 2.0_f64.powi(k.min(1100) as i32);
    let nf = n as f64;
    // ln R(1) = Σ_{t=0}^{n−1} ln(1 + t/2^k)
    let mut ln_r: f64 = (0..n).map(|t| (t as f64 / two_k).ln_1p()).sum();
    let mut total = 0.0_f64;
    for (r, &lqr) in lq.iter().enumerate().skip(1) {
        if r > 1 {
            // R(r) = R(r−1)·(1 + (1−r)/2^k) / (1 + (n−r+1)/2^k)
            let rf = r as f64;
            let low = 1.0 + (1.0 - rf) / two_k;
            ln_r = if low <= 0.0 || ln_r == f64::NEG_INFINITY {
                f64::NEG_INFINITY
            } else {
                ln_r + ((1.0 - rf) / two_k).ln_1p() - ((nf - rf + 1.0) / two_k).ln_1p()
            };
        }
        if lqr == f64::NEG_INFINITY {
            continue;
        }
        let term = if ln_r > 0.0 {
            // q·(R − 1) = exp(ln q + ln R)·(1 − e^{−ln R})
            (lqr + ln_r).exp() * -(-ln_r).exp_m1()
        } else {
            // q·(1 − R)
            lqr.exp() * -ln_r.exp_m1()
        };
        total += term;
    }
    (0.5 * total).clamp(0.0, 1.0)
}

/// Expected number of fixed points after `k` random transpositions of `n`
/// cards (each step swaps the cards at two positions drawn independently and
/// uniformly, `a = b` allowed):
///
/// `E = 1 + (n − 1)·(1 − 2/n)^k`
///
/// (`n·P(card at home)`, the second eigenvalue of one card's position chain
/// being `1 − 2/n`). Uniform shuffles give 1. `n = 0` gives 0.
pub fn fixed_points_after_transpositions(n: u64, k: u64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let nf = n as f64;
    1.0 + (nf - 1.0) * (1.0 - 2.0 / nf).powf(k as f64)
}

/// Null law of the number of descents of a deck, `#{i : d[i] > d[i+1]}`.
///
/// A permutation and its inverse have the same law of descents (Eulerian), so `P(d) = A(n, d+1)/n!`: the
/// rising-sequence law shifted by one. Index `d = 0..=n` (`P(n) = 0`; `P(n−1) = 1/n!`). Mean `(n−1)/2`.
pub fn descents_pmf(n: usize) -> Vec<f64> {
    let mut p = rising_sequences_pmf(n);
    if n == 0 {
        return p;
    }
    p.remove(0);
    p.push(0.0);
    p
}

/// Null law of the number of alternating runs (maximal monotone runs, "runs up and down") of a uniform
/// permutation of `n ≥ 2` cards: `P(k) = R(n, k)/n!` by André's recursion, carried as probabilities
/// (`p_n(k) = [k·p_{n−1}(k) + 2·p_{n−1}(k−1) + (n−k)·p_{n−1}(k−2)] / n`, whose three weights sum to `n`, so
/// nothing overflows). Index `k = 0..=n`; fewer than 2 cards have no run (`[1.0]` at index 0). Mean
/// `(2n−1)/3`, variance `(16n−29)/90` for `n ≥ 4`. O(n²).
pub fn alternating_runs_pmf(n: usize) -> Vec<f64> {
    let mut p = vec![0.0; n + 1];
    if n < 2 {
        p[0] = 1.0;
        return p;
    }
    p[1] = 1.0; // two cards: one run, up or down
    for m in 3..=n {
        let mf = m as f64;
        for k in (1..m).rev() {
            let stay = k as f64 * p[k];
            let one = 2.0 * p[k - 1];
            let two = if k >= 2 { (m - k) as f64 * p[k - 2] } else { 0.0 };
            p[k] = (stay + one + two) / mf;
        }
    }
    p
}

pub use crate::stats::test_id::LONGEST_INCREASING_MAX_N;

/// Null law of the length of the longest increasing subsequence of a uniform permutation of `n` cards, for
/// `n ≤ LONGEST_INCREASING_MAX_N` (`None` beyond): index `k = 0..=n`.
///
/// By the Robinson–Schensted correspondence, permutations of n are in bijection with pairs of standard Young
/// tableaux of one shape λ ⊢ n, and the longest increasing subsequence is λ's first row; so
/// `P(L = k) = Σ_{λ ⊢ n, λ₁ = k} f_λ² / n!`, with `f_λ = n!/Π hooks` (Frame–Robinson–Thrall). Each term
/// `n!/Π h²` is computed in log space and the terms, all positive, are summed per first row. The law of each n
/// is computed once per process and kept.
pub fn longest_increasing_pmf(n: usize) -> Option<Vec<f64>> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    if n > LONGEST_INCREASING_MAX_N {
        return None;
    }
    static LAWS: OnceLock<Mutex<HashMap<usize, Vec<f64>>>> = OnceLock::new();
    let laws = LAWS.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(law) = laws.lock().unwrap_or_else(|e| e.into_inner()).get(&n) {
        return Some(law.clone());
    }
    let law = longest_increasing_law(n);
    laws.lock().unwrap_or_else(|e| e.into_inner()).insert(n, law.clone());
    Some(law)
}

/// [`longest_increasing_pmf`]'s sum over the partitions of n, generated in reverse lexicographic order.
fn longest_increasing_law(n: usize) -> Vec<f64> {
    let mut p = vec![0.0; n + 1];
    if n == 0 {
        p[0] = 1.0;
        return p;
    }
    let ln: Vec<f64> = (0..=2 * n).map(|h| (h.max(1) as f64).ln()).collect();
    let ln_factorial: f64 = ln[1..=n].iter().sum();
    let mut parts: Vec<usize> = Vec::with_capacity(n);
    let mut columns = vec![0usize; n + 1];
    let mut add = |parts: &[usize]| {
        // λ'_j, the column lengths, then Σ ln h over the cells: h(i, j) = λ_i − j + λ'_j − i − 1 (0-based).
        let first = parts[0];
        columns[..first].fill(0);
        for &r in parts {
            for c in &mut columns[..r] {
                *c += 1;
            }
        }
        let mut hooks = 0.0;
        for (i, &r) in parts.iter().enumerate() {
            for (j, &c) in columns[..r].iter().enumerate() {
                hooks += ln[r - j + c - i - 1];
            }
        }
        p[first] += (ln_factorial - 2.0 * hooks).exp();
    };
    // Every partition of n with parts at most `largest`, appended to `parts`.
    fn each(left: usize, largest: usize, parts: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if left == 0 {
            f(parts);
            return;
        }
        for part in (1..=largest.min(left)).rev() {
            parts.push(part);
            each(left - part, part, parts, f);
            parts.pop();
        }
    }
    each(n, n, &mut parts, &mut add);
    p
}

/// The cell of a deck with `peaks` peaks and `valleys` valleys in the joint law [`turning_points_pmf`]:
/// `2·(peaks + valleys) + [peaks > valleys]`.
#[inline(always)]
pub fn turning_points_cell(peaks: usize, valleys: usize) -> usize {
    2 * (peaks + valleys) + usize::from(peaks > valleys)
}

/// The valleys of a [`turning_points_cell`]: half its turning points, the larger half when the cell's peaks are
/// fewer.
#[inline(always)]
pub fn turning_points_valleys(cell: usize) -> usize {
    let turning = cell / 2;
    turning / 2 + usize::from(!turning.is_multiple_of(2) && cell.is_multiple_of(2))
}

/// Null joint law of the peaks (`d[i−1] < d[i] > d[i+1]`) and valleys (`d[i−1] > d[i] < d[i+1]`) of a uniform
/// permutation of `n` cards, indexed by [`turning_points_cell`] (`2n` cells).
///
/// Why it follows from the alternating runs: the turning points `T = P + V` are the changes of direction, so
/// `T = k − 1` for `k` alternating runs; peaks and valleys alternate, so `P − V` is 0 when the first and last
/// steps go the same way (`T` even) and ±1 otherwise (`T` odd: +1 when the deck starts up and ends down). The
/// complement `c → n−1−c` is a bijection of the permutations that swaps peaks and valleys and keeps `T`, so
/// given an odd `T` both splits have probability ½. Mean `(n−2)/3` for each of P and V (`n ≥ 2`); the valleys'
/// variance is `2(n+1)/45` (`n ≥ 4`).
pub fn turning_points_pmf(n: usize) -> Vec<f64> {
    let mut p = vec![0.0; (2 * n).max(2)];
    if n < 3 {
        p[0] = 1.0;
        return p;
    }
    for (k, &q) in alternating_runs_pmf(n).iter().enumerate().skip(1) {
        let t = k - 1;
        if t.is_multiple_of(2) {
            p[turning_points_cell(t / 2, t / 2)] += q;
        } else {
            p[turning_points_cell(t / 2 + 1, t / 2)] += q / 2.0;
            p[turning_points_cell(t / 2, t / 2 + 1)] += q / 2.0;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All permutations of `0..n` (Heap's algorithm).
    fn all_perms(n: usize) -> Vec<Vec<usize>> {
        fn heap(k: usize, a: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if k <= 1 {
                out.push(a.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, a, out);
                if k.is_multiple_of(2) {
                    a.swap(i, k - 1);
                } else {
                    a.swap(0, k - 1);
                }
            }
        }
        let mut a: Vec<usize> = (0..n).collect();
        let mut out = Vec::new();
        heap(n, &mut a, &mut out);
        out
    }

    fn fixed_points(p: &[usize]) -> usize {
        p.iter().enumerate().filter(|&(i, &v)| i == v).count()
    }

    fn cycles(p: &[usize]) -> usize {
        let mut seen = vec![false; p.len()];
        let mut c = 0;
        for s in 0..p.len() {
            if !seen[s] {
                c += 1;
                let mut i = s;
                while !seen[i] {
                    seen[i] = true;
                    i = p[i];
                }
            }
        }
        c
    }

    fn inversions(p: &[usize]) -> usize {
        let mut c = 0;
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                if p[i] > p[j] {
                    c += 1;
                }
            }
        }
        c
    }

    /// `p[i]` is the card at position `i`; rising sequences =
    /// 1 + #{v : card v+1 lies before card v}.
    fn rising_sequences(p: &[usize]) -> usize {
        let mut pos = vec![0; p.len()];
        for (i, &v) in p.iter().enumerate() {
            pos[v] = i;
        }
        1 + (0..p.len().saturating_sub(1)).filter(|&v| pos[v + 1] < pos[v]).count()
    }

    fn brute_pmf(n: usize, len: usize, stat: fn(&[usize]) -> usize) -> Vec<f64> {
        let perms = all_perms(n);
        let mut counts = vec![0usize; len];
        for p in &perms {
            counts[stat(p)] += 1;
        }
        counts.iter().map(|&c| c as f64 / perms.len() as f64).collect()
    }

    fn lis(p: &[usize]) -> usize {
        crate::stats::testing::longest_increasing_by_recursion(p)
    }

    #[test]
    fn longest_increasing_law_is_enumeration_and_catalan() {
        for n in 1..=9 {
            let law = longest_increasing_pmf(n).unwrap();
            assert_vec_close(&law, &brute_pmf(n, n + 1, lis), 1e-14);
        }
        // LIS ≤ 2 ⇔ the permutation avoids 123: Catalan(n) of them (MacMahon). n = 20: C = 6564120420.
        let law = longest_increasing_pmf(20).unwrap();
        let factorial: f64 = (1..=20).map(|i| i as f64).product();
        let two = law[1] + law[2];
        assert!((two * factorial / 6_564_120_420.0 - 1.0).abs() < 1e-11, "{two}");
        assert!((law[20] * factorial - 1.0).abs() < 1e-11 && (law[1] * factorial - 1.0).abs() < 1e-11);
        let law = longest_increasing_pmf(52).unwrap();
        assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(longest_increasing_pmf(LONGEST_INCREASING_MAX_N + 1).is_none());
    }

    #[track_caller]
    fn assert_vec_close(a: &[f64], b: &[f64], tol: f64) {
        assert_eq!(a.len(), b.len(), "{a:?} vs {b:?}");
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() <= tol, "{a:?} vs {b:?}");
        }
    }

    fn moments(pmf: &[f64]) -> (f64, f64) {
        let mean: f64 = pmf.iter().enumerate().map(|(i, p)| i as f64 * p).sum();
        let var: f64 = pmf.iter().enumerate().map(|(i, p)| (i as f64 - mean).powi(2) * p).sum();
        (mean, var)
    }

    fn total(pmf: &[f64]) -> f64 {
        pmf.iter().sum()
    }

    #[test]
    fn brute_force_small_n() {
        for n in 1..=6 {
            assert_vec_close(&fixed_points_pmf(n), &brute_pmf(n, n + 1, fixed_points), 1e-15);
            assert_vec_close(&cycles_pmf(n), &brute_pmf(n, n + 1, cycles), 1e-15);
            assert_vec_close(&rising_sequences_pmf(n), &brute_pmf(n, n + 1, rising_sequences), 1e-15);
            let len = n * (n - 1) / 2 + 1;
            assert_vec_close(&inversions_pmf(n).unwrap(), &brute_pmf(n, len, inversions), 1e-15);
        }
    }

    #[test]
    fn explicit_small_tables() {
        // n = 3: 6 permutations.
        let s = 1.0 / 6.0;
        assert_vec_close(&fixed_points_pmf(3), &[2.0 * s, 3.0 * s, 0.0, s], 1e-15);
        assert_vec_close(&cycles_pmf(3), &[0.0, 2.0 * s, 3.0 * s, s], 1e-15);
        assert_vec_close(&inversions_pmf(3).unwrap(), &[s, 2.0 * s, 2.0 * s, s], 1e-15);
        assert_vec_close(&rising_sequences_pmf(3), &[0.0, s, 4.0 * s, s], 1e-15);
        // n = 4: 24 permutations; Eulerian 1, 11, 11, 1; Stirling 6, 11, 6, 1;
        // derangements 9; Mahonian 1, 3, 5, 6, 5, 3, 1.
        let t = 1.0 / 24.0;
        assert_vec_close(&fixed_points_pmf(4), &[9.0 * t, 8.0 * t, 6.0 * t, 0.0, t], 1e-15);
        assert_vec_close(&cycles_pmf(4), &[0.0, 6.0 * t, 11.0 * t, 6.0 * t, t], 1e-15);
        assert_vec_close(&inversions_pmf(4).unwrap(), &[t, 3.0 * t, 5.0 * t, 6.0 * t, 5.0 * t, 3.0 * t, t], 1e-15);
        assert_vec_close(&rising_sequences_pmf(4), &[0.0, t, 11.0 * t, 11.0 * t, t], 1e-15);
    }

    #[test]
    fn degenerate_sizes() {
        assert_eq!(fixed_points_pmf(0), vec![1.0]);
        assert_eq!(cycles_pmf(0), vec![1.0]);
        assert_eq!(rising_sequences_pmf(0), vec![1.0]);
        assert_eq!(inversions_pmf(0), Some(vec![1.0]));
        assert_eq!(fixed_points_pmf(1), vec![0.0, 1.0]);
        assert_eq!(cycles_pmf(1), vec![0.0, 1.0]);
        assert_eq!(rising_sequences_pmf(1), vec![0.0, 1.0]);
        assert_eq!(inversions_pmf(1), Some(vec![1.0]));
        assert_eq!(inversions_pmf(INVERSIONS_EXACT_MAX_N + 1), None);
    }

    #[test]
    fn sums_to_one_large_n() {
        for &n in &[2usize, 52, 54, 1024] {
            for pmf in [fixed_points_pmf(n), cycles_pmf(n), rising_sequences_pmf(n)] {
                assert_eq!(pmf.len(), n + 1);
                assert!((total(&pmf) - 1.0).abs() < 1e-12, "n={n}");
                assert!(pmf.iter().all(|p| p.is_finite() && *p >= 0.0));
            }
        }
        for &n in &[2usize, 52, 54, INVERSIONS_EXACT_MAX_N] {
            let pmf = inversions_pmf(n).unwrap();
            assert_eq!(pmf.len(), n * (n - 1) / 2 + 1);
            assert!((total(&pmf) - 1.0).abs() < 1e-12, "n={n}");
            assert!(pmf.iter().all(|p| p.is_finite() && *p >= 0.0));
        }
    }

    #[test]
    fn known_moments() {
        for &n in &[2usize, 3, 10, 52, 54, 300, 1024] {
            let (m, v) = moments(&fixed_points_pmf(n));
            assert!((m - 1.0).abs() < 1e-12 && (v - 1.0).abs() < 1e-12, "n={n}");

            let h: f64 = (1..=n).map(|i| 1.0 / i as f64).sum();
            let h2: f64 = (1..=n).map(|i| 1.0 / (i as f64).powi(2)).sum();
            let (m, v) = moments(&cycles_pmf(n));
            assert!((m - h).abs() < 1e-12 && (v - (h - h2)).abs() < 1e-11, "n={n}");

            let nf = n as f64;
            let (m, v) = moments(&rising_sequences_pmf(n));
            assert!((m - (nf + 1.0) / 2.0).abs() < 1e-10, "n={n} m={m}");
            assert!((v - (nf + 1.0) / 12.0).abs() < 1e-9, "n={n} v={v}");
        }
        for &n in &[2usize, 5, 52, 54, 200] {
            let (m, v) = moments(&inversions_pmf(n).unwrap());
            let (em, ev) = inversions_mean_var(n);
            assert!((m - em).abs() < 1e-9 * em.max(1.0), "n={n}");
            assert!((v - ev).abs() < 1e-9 * ev.max(1.0), "n={n}");
        }
        assert_eq!(inversions_mean_var(52), (663.0, 52.0 * 51.0 * 109.0 / 72.0));
    }

    #[test]
    fn tails_are_accurate() {
        let n = 52;
        // Identity: fixed points = n has probability 1/n!.
        let ln_fact_52: f64 = (1..=52).map(|i| (i as f64).ln()).sum();
        let fp = fixed_points_pmf(n);
        assert!((fp[n].ln() + ln_fact_52).abs() < 1e-12);
        // n cycles only for the identity; 1 cycle: (n−1)!/n! = 1/n.
        let c = cycles_pmf(n);
        assert!((c[n].ln() + ln_fact_52).abs() < 1e-12);
        assert!((c[1] - 1.0 / 52.0).abs() < 1e-16);
        // 0 inversions only for the identity; 1 inversion: (n−1)/n!.
        let inv = inversions_pmf(n).unwrap();
        assert!((inv[0].ln() + ln_fact_52).abs() < 1e-12);
        assert!((inv[1].ln() - (51.0_f64.ln() - ln_fact_52)).abs() < 1e-12);
        assert_eq!(inv[0], inv[inv.len() - 1]);
        // Eulerian A(n,1) = 1, A(n,2) = 2^n − n − 1.
        let rs = rising_sequences_pmf(n);
        assert!((rs[1].ln() + ln_fact_52).abs() < 1e-12);
        let a2 = 2.0_f64.powi(52) - 53.0;
        assert!((rs[2].ln() - (a2.ln() - ln_fact_52)).abs() < 1e-12);
        // Symmetry A(n, r) = A(n, n+1−r).
        for r in 1..=n {
            assert!((rs[r] - rs[n + 1 - r]).abs() <= 1e-14 * rs[r].max(1e-300));
        }
    }

    #[test]
    fn riffle_tv_bayer_diaconis_table() {
        // Bayer & Diaconis (1992), Table 1, n = 52.
        let expect = [
            (1, 1.000),
            (2, 1.000),
            (3, 1.000),
            (4, 1.000),
            (5, 0.924),
            (6, 0.614),
            (7, 0.334),
            (8, 0.167),
            (9, 0.085),
            (10, 0.043),
        ];
        for (k, tv) in expect {
            let got = riffle_tv_distance(52, k);
            assert!((got - tv).abs() < 5e-4, "k={k} got {got}");
        }
        // Decreasing in k, tends to 0 (roughly halving per extra shuffle).
        let mut prev = 1.0;
        for k in 1..40 {
            let d = riffle_tv_distance(52, k);
            assert!(d <= prev + 1e-12, "k={k} d={d} prev={prev}");
            prev = d;
        }
        assert!(riffle_tv_distance(52, 40) < 1e-6);
        // No shuffle: the identity has mass 1, so TV = 1 − 1/n!.
        assert!((riffle_tv_distance(52, 0) - 1.0).abs() < 1e-15);
        assert!((riffle_tv_distance(3, 0) - 5.0 / 6.0).abs() < 1e-15);
        assert!(riffle_tv_distance(1024, 10) > 0.99);
        assert!(riffle_tv_distance(1024, 30) < 0.01);
        assert!(riffle_tv_distance(52, 2000).abs() < 1e-12);
        assert_eq!(riffle_tv_distance(1, 3), 0.0);
    }

    #[test]
    fn riffle_tv_matches_inverse_shuffle_enumeration() {
        // A k-fold GSR riffle has the law of the inverse of "label every card
        // with k uniform random bits and stable-sort by label". Enumerate all
        // 2^{kn} labellings for small n and compare the distance.
        for &(n, k) in &[(3usize, 1u32), (3, 2), (4, 1), (4, 2), (5, 2), (4, 3)] {
            let labels = 1usize << k;
            let total = labels.pow(n as u32);
            let mut counts = std::collections::HashMap::<Vec<usize>, usize>::new();
            for code in 0..total {
                let mut c = code;
                let lab: Vec<usize> = (0..n)
                    .map(|_| {
                        let l = c % labels;
                        c /= labels;
                        l
                    })
                    .collect();
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&i| lab[i]); // stable
                *counts.entry(order).or_default() += 1;
            }
            let n_fact: usize = (1..=n).product();
            let uniform = 1.0 / n_fact as f64;
            let seen: f64 = counts.values().map(|&c| (c as f64 / total as f64 - uniform).abs()).sum();
            let unseen = (n_fact - counts.len()) as f64 * uniform;
            let tv = 0.5 * (seen + unseen);
            let got = riffle_tv_distance(n, k);
            assert!((got - tv).abs() < 1e-13, "n={n} k={k}: {got} vs {tv}");
        }
    }

    #[test]
    fn transposition_fixed_points() {
        for (k, e) in [(27, 18.69), (54, 7.13), (108, 1.74), (200, 1.02)] {
            let got = fixed_points_after_transpositions(52, k);
            assert!((got - e).abs() < 5e-3, "k={k} got {got}");
        }
        assert_eq!(fixed_points_after_transpositions(52, 0), 52.0);
        assert_eq!(fixed_points_after_transpositions(0, 5), 0.0);
        assert_eq!(fixed_points_after_transpositions(1, 5), 1.0);
        assert_eq!(fixed_points_after_transpositions(2, 1), 1.0);
        assert!((fixed_points_after_transpositions(52, 100_000) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn transposition_formula_matches_markov_chain() {
        // Exact expected fixed points by propagating the law of each card's
        // position: one step keeps a card with prob (1 − 1/n)² + 1/n² and
        // otherwise sends it to each other place with prob 2/n².
        let n = 7usize;
        let nf = n as f64;
        let mut home = 1.0_f64; // P(card at its own place)
        for k in 1..=30u64 {
            let stay = (1.0 - 1.0 / nf).powi(2) + 1.0 / (nf * nf);
            let mv = 2.0 / (nf * nf);
            home = home * stay + (1.0 - home) * mv;
            let e = nf * home;
            assert!((fixed_points_after_transpositions(n as u64, k) - e).abs() < 1e-12);
        }
    }
}
