//! The probability that some count of a multinomial falls outside its interval: the exact law of "the worst of
//! a few cells" when the cells are the groups of one multinomial (a card's seats over N deals).
//!
//! For `X ~ Multinomial(N, p)` and intervals `[a_g, b_g]`, `P(∃g: X_g ∉ [a_g, b_g])` follows from the chain of
//! conditional binomials `X_g | X_1..X_{g−1} ~ Binomial(N − s, p_g/(1 − p_1 − … − p_{g−1}))`, s the counts
//! so far, with the largest group last (it is then `N − s`, fixed). A walk over s keeps the log-probability
//! of "every group so far inside its interval, s used"; at each group the mass that leaves its interval is
//! added to the answer from the binomial's own log tails, so the answer is a sum of positive terms, never
//! `1 − P(inside)`, and stays exact when it is tiny. Terms more than `PRUNE` (45) nats below a step's largest
//! state (and the binomial mass beyond that inside an interval) are not walked but counted as leaving: the
//! result is an upper bound, exact to a relative e^-45 or so when it is not itself that small.

use crate::stats::LnP;
use crate::stats::distributions::special::{binomial_ln_cdf, binomial_ln_pmf, binomial_ln_sf, ln_add_exp};

/// States and binomial terms this far (in nats) below a step's largest one are counted as leaving.
const PRUNE: f64 = 45.0;

/// The most (state, count) steps the walk may take; beyond it [`ln_p_outside`] gives up (`None`).
const BUDGET: f64 = 5e6;

/// `ln P(∃g: X_g ∉ [a_g, b_g])` for `X ~ Multinomial(total, probs)`, `accept[g] = (a_g, b_g)`, as an upper bound
/// exact up to the pruning above; `None` when the walk would take more than `BUDGET` (5·10⁶) steps (counts of some
/// thousands per group: the caller then takes a coarser bound).
pub fn ln_p_outside(total: u64, probs: &[f64], accept: &[(u64, u64)]) -> Option<LnP> {
    assert_eq!(probs.len(), accept.len());
    let mut order: Vec<usize> = (0..probs.len()).collect();
    order.sort_by(|&a, &b| probs[a].total_cmp(&probs[b]));
    let last = order.pop()?;
    // Each group's walked counts span about 2·√(2·PRUNE) standard deviations; the states, their sum.
    let (mut span, mut work) = (1.0f64, 0.0f64);
    for &g in &order {
        let width = 2.0 * (2.0 * PRUNE).sqrt() * (total as f64 * probs[g] * (1.0 - probs[g])).sqrt() + 3.0;
        work += span * width;
        span += width;
    }
    if work > BUDGET {
        return None;
    }
    let mut out = f64::NEG_INFINITY;
    // states[k]: ln P(every group so far inside, lo + k counts used).
    let (mut lo, mut states) = (0u64, vec![0.0f64]);
    let mut rest = 1.0f64;
    for &g in &order {
        let q = (probs[g] / rest).clamp(0.0, 1.0);
        rest -= probs[g];
        let (a, b) = accept[g];
        let top = states.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut next: Vec<f64> = Vec::new();
        let mut next_lo = u64::MAX;
        let put = |at: u64, ln: f64, next: &mut Vec<f64>, next_lo: &mut u64| {
            if *next_lo == u64::MAX {
                *next_lo = at;
            }
            if at < *next_lo {
                let shift = (*next_lo - at) as usize;
                next.splice(0..0, std::iter::repeat_n(f64::NEG_INFINITY, shift));
                *next_lo = at;
            }
            let k = (at - *next_lo) as usize;
            if k >= next.len() {
                next.resize(k + 1, f64::NEG_INFINITY);
            }
            next[k] = ln_add_exp(next[k], ln);
        };
        for (k, &ls) in states.iter().enumerate() {
            if ls == f64::NEG_INFINITY {
                continue;
            }
            if ls < top - PRUNE {
                out = ln_add_exp(out, ls);
                continue;
            }
            let s = lo + k as u64;
            let r = total - s;
            // Leaving this group's interval.
            if a > 0 {
                out = ln_add_exp(out, ls + binomial_ln_cdf(a - 1, r, q));
            }
            if b < r {
                out = ln_add_exp(out, ls + binomial_ln_sf(b + 1, r, q));
            }
            let hi = b.min(r);
            if a > hi {
                continue;
            }
            if q >= 1.0 {
                // Every remaining count goes here: x = r, inside since a ≤ r ≤ b.
                put(s + r, ls, &mut next, &mut next_lo);
                continue;
            }
            if q <= 0.0 {
                if a == 0 {
                    put(s, ls, &mut next, &mut next_lo);
                }
                continue;
            }
            // Inside: from the mode outwards by the ratio of successive terms, until PRUNE nats below it.
            let mode = (((r + 1) as f64 * q).floor() as u64).clamp(a, hi);
            let l0 = binomial_ln_pmf(mode, r, q);
            let odds = (q / (1.0 - q)).ln();
            put(s + mode, ls + l0, &mut next, &mut next_lo);
            let (mut x, mut l) = (mode, l0);
            while x < hi {
                l += ((r - x) as f64 / (x + 1) as f64).ln() + odds;
                x += 1;
                if l < l0 - PRUNE {
                    out = ln_add_exp(out, ls + binomial_ln_sf(x, r, q));
                    break;
                }
                put(s + x, ls + l, &mut next, &mut next_lo);
            }
            let (mut x, mut l) = (mode, l0);
            while x > a {
                l += (x as f64 / (r - x + 1) as f64).ln() - odds;
                x -= 1;
                if l < l0 - PRUNE {
                    out = ln_add_exp(out, ls + binomial_ln_cdf(x, r, q));
                    break;
                }
                put(s + x, ls + l, &mut next, &mut next_lo);
            }
        }
        if next.is_empty() {
            return Some(out.min(0.0));
        }
        (lo, states) = (next_lo, next);
    }
    // The last group holds the rest, total − s.
    let (a, b) = accept[last];
    for (k, &ls) in states.iter().enumerate() {
        let x = total - (lo + k as u64);
        if x < a || x > b {
            out = ln_add_exp(out, ls);
        }
    }
    Some(out.min(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::distributions::special::binomial_ln_pmf;

    /// The same probability by enumerating every count vector of three groups.
    fn enumerated(total: u64, p: [f64; 3], accept: [(u64, u64); 3]) -> f64 {
        let mut out = 0.0;
        for x in 0..=total {
            for y in 0..=total - x {
                let z = total - x - y;
                let inside = [x, y, z].iter().zip(&accept).all(|(&v, &(a, b))| a <= v && v <= b);
                if !inside {
                    let ln = binomial_ln_pmf(x, total, p[0]) + binomial_ln_pmf(y, total - x, p[1] / (1.0 - p[0]));
                    out += ln.exp();
                }
            }
        }
        out
    }

    #[test]
    fn the_walk_matches_enumeration() {
        for (total, p, accept) in [
            (40, [0.1, 0.2, 0.7], [(1, 8), (3, 14), (22, 35)]),
            (60, [0.05, 0.05, 0.9], [(0, 7), (0, 6), (0, 60)]),
            (30, [0.3, 0.3, 0.4], [(0, 30), (0, 30), (0, 30)]),
            (200, [0.01, 0.02, 0.97], [(0, 9), (0, 12), (180, 200)]),
        ] {
            let want = enumerated(total, p, accept);
            let got = ln_p_outside(total, &p, &accept).unwrap();
            if want == 0.0 {
                assert!(got == f64::NEG_INFINITY || got < -40.0, "{got}");
            } else {
                assert!((got - want.ln()).abs() < 1e-9, "{total} {p:?}: {} vs {}", got.exp(), want);
            }
        }
    }

    #[test]
    fn a_tail_is_exact_and_a_far_one_is_bounded() {
        // Two groups: X ~ Binomial(10^4, 0.01) outside [0, 130] is its upper tail from 131 (about 2e-3), exact.
        let got = ln_p_outside(10_000, &[0.01, 0.99], &[(0, 130), (0, 10_000)]).unwrap();
        let want = binomial_ln_sf(131, 10_000, 0.01);
        assert!((got - want).abs() < 1e-9, "{got} vs {want}");
        // Outside [0, 300] (about 10^-126): beyond the walk, bounded by the mass it did not walk (below e^-40).
        let far = ln_p_outside(10_000, &[0.01, 0.99], &[(0, 300), (0, 10_000)]).unwrap();
        assert!(far >= binomial_ln_sf(301, 10_000, 0.01) && far < -40.0, "{far}");
    }
}
