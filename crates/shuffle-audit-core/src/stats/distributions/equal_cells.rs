//! The exact upper tail of Pearson's X² for equally likely cells: `P(Σ cᵢ² ≥ t)` for
//! `c ~ Multinomial(n, (1/k, …, 1/k))`, where `X² = (k/n)·Σ cᵢ² − n`. It is the exact multinomial test of a few
//! draws over many faces (fewer than 5 a face expected), where χ² on k − 1 df is not to be trusted.
//!
//! **The walk.** The counts are a chain of conditional binomials, `c_f | c_1..c_{f−1} ~ Binomial(r, 1/(k − f + 1))`
//! with r the draws left, the last cell taking all that is left. A state is (r, s), s the squares summed so far;
//! squares only add, so a walk that reaches `s ≥ t` has `Σ cᵢ² ≥ t` whatever follows: its mass is added to the
//! answer at once, from the binomial's tail beyond the smallest count that gets there, and the states keep
//! `s < t` only. The work is about `k·(n + 1)·t·√t / 2` multiply-adds; the states, `(n + 1)·t`.
//!
//! **Rounding and underflow** only ever make the answer larger: state masses that fall below 10^-300 are moved to
//! the answer rather than walked, and each product or binomial term that could have underflowed adds the
//! smallest normal number to it. The binomial's terms follow from the mode's by their ratios, and those
//! below 10^-300 are taken as that much. The answer is therefore an upper bound, exact to an absolute 10^-290
//! or so, and never 0.
//!
//! **Budget.** When `t` is so far out that the walk would pass [`STATE_BUDGET`] states or [`WORK_BUDGET`]
//! multiply-adds, the tail is taken at the largest threshold within budget instead, `P(Σ cᵢ² ≥ t') ≥ P(Σ cᵢ² ≥
//! t)`, an upper bound marked [`SquaresTail::bound`]; when even that threshold is not above the null mean, there is
//! no useful answer (`None`).

use crate::stats::LnP;
use crate::stats::distributions::special::binomial_ln_pmf;

/// The most states (draws left × squares so far) the walk keeps.
pub const STATE_BUDGET: u64 = 4_000_000;
/// The most multiply-adds the walk does (about a second).
pub const WORK_BUDGET: f64 = 2e9;

/// State masses below this are moved to the answer rather than walked.
const FLOOR: f64 = 1e-300;

/// The upper tail of `Σ cᵢ²`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SquaresTail {
    /// `ln P(Σ cᵢ² ≥ t)`, or of `Σ cᵢ² ≥ t'` for a smaller `t'` when [`Self::bound`].
    pub ln_p: LnP,
    /// The threshold was lowered to fit the budget: `ln_p` is a looser upper bound.
    pub bound: bool,
}

/// The least `Σ cᵢ²` of n draws over k cells: the counts as even as they can be.
pub fn least_sum_of_squares(n: u64, k: u64) -> u64 {
    let (q, rem) = (n / k, n % k);
    (k - rem) * q * q + rem * (q + 1) * (q + 1)
}

/// `E Σ cᵢ² = n + n(n − 1)/k` under the null.
pub fn mean_sum_of_squares(n: u64, k: u64) -> f64 {
    let nf = n as f64;
    nf + nf * (nf - 1.0) / k as f64
}

fn work(n: u64, k: u64, t: u64) -> f64 {
    let tf = t as f64;
    k as f64 * (n + 1) as f64 * tf * tf.sqrt().min((n + 1) as f64) / 2.0
}

/// `ln P(Σ cᵢ² ≥ t)` for n draws over k equally likely cells (an upper bound, see the module); `None` when the
/// budget does not reach a threshold above the mean, or k is 0.
pub fn sum_of_squares_ln_sf(n: u64, k: u64, t: u64) -> Option<SquaresTail> {
    within(n, k, t, STATE_BUDGET, WORK_BUDGET)
}

fn within(n: u64, k: u64, t: u64, states: u64, most_work: f64) -> Option<SquaresTail> {
    if k == 0 {
        return None;
    }
    if t <= least_sum_of_squares(n, k) {
        return Some(SquaresTail { ln_p: 0.0, bound: false });
    }
    let mut limit = t.min(states / (n + 1));
    while limit > 1 && work(n, k, limit) > most_work {
        limit = limit * 9 / 10;
    }
    if limit < t && (limit as f64) <= mean_sum_of_squares(n, k) {
        return None;
    }
    let ln_p = walk(n as usize, k as usize, limit as usize).ln().min(0.0);
    Some(SquaresTail { ln_p, bound: limit < t })
}

/// The walk of the module's doc: `P(Σ cᵢ² ≥ t)` plus its rounding slack.
fn walk(n: usize, k: usize, t: usize) -> f64 {
    let width = t;
    let mut cur = vec![0.0f64; (n + 1) * width];
    let mut next = vec![0.0f64; (n + 1) * width];
    // Each row's span of states that may be nonzero.
    let mut span = vec![(0usize, 0usize); n + 1];
    let mut next_span = vec![(usize::MAX, 0usize); n + 1];
    cur[n * width] = 1.0;
    span[n] = (0, 1);
    let (mut hit, mut slack, mut products) = (0.0f64, 0.0f64, 0u64);
    let mut pmf = vec![0.0f64; n + 2];
    let mut sf = vec![0.0f64; n + 2];
    // The least count that takes a state of squares s to t.
    let need: Vec<usize> = (0..t).map(|s| ceil_sqrt(t - s)).collect();
    for f in 0..k {
        let left = k - f;
        for (r, &(lo, hi)) in span.iter().enumerate() {
            if lo >= hi {
                continue;
            }
            let row = &cur[r * width + lo..r * width + hi];
            if left == 1 {
                // The last cell takes every draw left.
                let sq = r * r;
                for (i, &v) in row.iter().enumerate() {
                    let s = lo + i + sq;
                    if s >= t {
                        hit += v;
                    } else {
                        next[s] += v;
                        let sp = &mut next_span[0];
                        *sp = (sp.0.min(s), sp.1.max(s + 1));
                    }
                }
                continue;
            }
            // Binomial(r, 1/left): its terms and upper tails, summed from the top (no 1 − cdf).
            let q = 1.0 / left as f64;
            // From the mode outwards by the ratio of successive terms; terms below the floor are left at 0 and
            // their sum (at most r + 1 of them) added to the slack.
            let odds = q / (1.0 - q);
            let mode = ((r + 1) as f64 * q).floor().min(r as f64) as usize;
            pmf[..=r].fill(0.0);
            pmf[mode] = binomial_ln_pmf(mode as u64, r as u64, q).exp();
            let mut x = mode;
            while x < r && pmf[x] >= FLOOR {
                pmf[x + 1] = pmf[x] * ((r - x) as f64 / (x + 1) as f64) * odds;
                x += 1;
            }
            let mut x = mode;
            while x > 0 && pmf[x] >= FLOOR {
                pmf[x - 1] = pmf[x] * (x as f64 / (r - x + 1) as f64) / odds;
                x -= 1;
            }
            slack += (r + 1) as f64 * FLOOR;
            sf[r + 1] = 0.0;
            for x in (0..=r).rev() {
                sf[x] = sf[x + 1] + pmf[x];
            }
            // The walks that stay below t: count x from each state s with s + x² < t.
            let mut x = 0usize;
            while x <= r && x * x + lo < t {
                let w = pmf[x];
                let end = hi.min(t - x * x);
                if w > 0.0 && end > lo {
                    let (dr, ds) = (r - x, x * x);
                    let dst = &mut next[dr * width + lo + ds..dr * width + end + ds];
                    for (d, &v) in dst.iter_mut().zip(&row[..end - lo]) {
                        *d += w * v;
                    }
                    products += (end - lo) as u64;
                    let sp = &mut next_span[dr];
                    *sp = (sp.0.min(lo + ds), sp.1.max(end + ds));
                }
                x += 1;
            }
            // The walks that reach t: from s, every count of at least ⌈√(t − s)⌉.
            for (i, &v) in row.iter().enumerate() {
                if v == 0.0 {
                    continue;
                }
                let need = need[lo + i];
                if need <= r {
                    hit += v * sf[need];
                    products += 1;
                }
            }
        }
        // Swap, moving the masses below the floor to the answer.
        std::mem::swap(&mut cur, &mut next);
        for (r, sp) in next_span.iter_mut().enumerate() {
            let (lo, hi) = *sp;
            span[r] = if lo < hi { (lo, hi) } else { (0, 0) };
            *sp = (usize::MAX, 0);
            for v in &mut cur[r * width + span[r].0..r * width + span[r].1] {
                if *v != 0.0 && *v < FLOOR {
                    slack += *v;
                    *v = 0.0;
                }
            }
        }
        next.fill(0.0);
    }
    hit + slack + products as f64 * f64::MIN_POSITIVE
}

/// The least x with x² ≥ v.
fn ceil_sqrt(v: usize) -> usize {
    let mut x = (v as f64).sqrt() as usize;
    while x * x < v {
        x += 1;
    }
    while x > 0 && (x - 1) * (x - 1) >= v {
        x -= 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sequence of n draws over k cells, enumerated: the exact tail of Σ c² for each threshold.
    fn brute(n: usize, k: usize) -> Vec<(u64, f64)> {
        let total = k.pow(n as u32);
        let mut by_s = std::collections::BTreeMap::<u64, u64>::new();
        for mut code in 0..total {
            let mut c = vec![0u64; k];
            for _ in 0..n {
                c[code % k] += 1;
                code /= k;
            }
            *by_s.entry(c.iter().map(|x| x * x).sum()).or_default() += 1;
        }
        let mut out = Vec::new();
        let mut above = 0u64;
        for (&s, &m) in by_s.iter().rev() {
            above += m;
            out.push((s, above as f64 / total as f64));
        }
        out
    }

    #[test]
    fn the_walk_matches_every_sequence_enumerated() {
        for (n, k) in [(1, 3), (5, 3), (6, 4), (7, 5), (8, 2), (4, 9), (9, 3)] {
            for (s, p) in brute(n, k) {
                let got = sum_of_squares_ln_sf(n as u64, k as u64, s).unwrap();
                assert!(!got.bound);
                assert!(
                    (got.ln_p.exp() - p).abs() < 1e-12 * p.max(1e-300),
                    "n {n} k {k} s {s}: {} vs {p}",
                    got.ln_p.exp()
                );
                // Between two attained values the tail is the one above.
                let mid = sum_of_squares_ln_sf(n as u64, k as u64, s + 1).unwrap().ln_p.exp();
                assert!(mid <= p + 1e-15);
            }
        }
    }

    #[test]
    fn extreme_tails_stay_exact() {
        // Every draw on one face: k · k^-n.
        for (n, k) in [(30u64, 52u64), (100, 13), (40, 2)] {
            let got = sum_of_squares_ln_sf(n, k, n * n).unwrap();
            let exact = (k as f64).ln() * (1.0 - n as f64);
            assert!(!got.bound);
            assert!((got.ln_p - exact).abs() < 1e-9, "{n} over {k}: {} vs {exact}", got.ln_p);
        }
    }

    #[test]
    fn far_thresholds_give_a_marked_bound_and_hopeless_ones_none() {
        // 100 draws over 13 faces, all on one (ln p = −253.9): within a budget of 200,000 states the threshold is
        // lowered to 1,980, an upper bound still far below any threshold.
        let exact = 13f64.ln() * -99.0;
        let got = within(100, 13, 10_000, 200_000, WORK_BUDGET).unwrap();
        assert!(got.bound && got.ln_p >= exact && got.ln_p < -40.0, "{got:?}");
        // Work bound the same way: the threshold lowered to about 1,800 (the mean is 861), ln p ≤ −31.
        let got = within(100, 13, 10_000, STATE_BUDGET, 5e7).unwrap();
        assert!(got.bound && got.ln_p >= exact && got.ln_p < -5.0, "{got:?}");
        // 2,000 draws over 1,024 faces: the budget's threshold is below the mean (5,904): no answer.
        assert_eq!(sum_of_squares_ln_sf(2_000, 1_024, 2_000 * 2_000), None);
    }

    #[test]
    fn at_the_least_sum_the_tail_is_one() {
        assert_eq!(sum_of_squares_ln_sf(10, 52, 10).unwrap().ln_p, 0.0);
        assert_eq!(least_sum_of_squares(10, 3), 9 + 9 + 16);
    }
}
