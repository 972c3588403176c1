//! The exact lower tail of Pearson's X² for a multinomial: `P(X² ≤ x)` summed over the count vectors
//! themselves, atoms included.
//!
//! X² of N observations over k cells takes finitely many values, and where few of them lie below the observed one
//! the χ² approximation of its lower tail is wrong in the way that matters: a perfectly balanced count
//! (X² = 0, probability `C(10,5)/2^10 ≈ 0.25` for 10 decks in two equally likely cells) has
//! `P(χ²₁ ≤ 0) = 0`, and a "too uniform" verdict at p = 10^-∞ follows. The exact tail is the sum of the
//! multinomial probabilities of the count vectors inside the ellipsoid `Σ (oᵢ − eᵢ)²/eᵢ ≤ x`, `eᵢ = N·qᵢ`
//! (Cressie & Read 1984 discuss the lattice structure; the enumeration is the exact test of Tate & Hyer 1973,
//! "Inaccuracy of the X² test of goodness of fit when expected frequencies are small", JASA 68).
//!
//! The enumeration is cheap exactly when the lower tail matters: the ellipsoid holds about
//! `V_{k−1}·x^{(k−1)/2}·√(Πeᵢ/N)` lattice points, few when x is small. When it holds many, the lattice is fine
//! at the scale of the ellipsoid, the χ² approximation is accurate there, and the exact sum is not needed (nor is
//! the lower tail small: x is then large against the lattice's spacing). [`pearson_ln_cdf`] returns `None` in
//! that case, and the caller uses χ².

use statrs::function::gamma::ln_gamma;

use crate::stats::LnP;

/// The most count vectors (nodes of the enumeration) [`pearson_ln_cdf`] visits before it gives up.
pub const NODE_BUDGET: u64 = 200_000;
/// The most cells [`pearson_ln_cdf`] enumerates (its recursion goes one cell deep a level). Beyond, the counts
/// are those of a table whose χ² tail the caller takes on its lattice: the full-permutation test's 8! orders.
pub const MAX_CELLS: usize = 64;

/// `ln P(X² ≤ x)` for N = `total` observations over cells of probabilities `probs` (positive, summing to 1),
/// with `X² = Σ (oᵢ − N·qᵢ)²/(N·qᵢ)`; `None` when the ellipsoid holds more than about [`NODE_BUDGET`] count
/// vectors (then χ² is accurate at x), or there are more than [`MAX_CELLS`] cells. Values of X² up to `x·(1 + 1e-9) + 1e-9` count as ≤ x, so that the
/// observed vector's own atom is always included despite rounding (a balanced count's X² may come out as 1e-30
/// rather than 0); this errs, negligibly, on the conservative side.
pub fn pearson_ln_cdf(total: u64, probs: &[f64], x: f64) -> Option<LnP> {
    let k = probs.len();
    if !(2..=MAX_CELLS).contains(&k)
        || total == 0
        || !x.is_finite()
        || x < 0.0
        || probs.iter().any(|&q| !(q > 0.0 && q.is_finite()))
    {
        return None;
    }
    let nf = total as f64;
    let e: Vec<f64> = probs.iter().map(|&q| nf * q).collect();
    if estimated_points(&e, x) > NODE_BUDGET as f64 {
        return None;
    }
    // The expected mass of the cells after cell i, for the bound on what they must add to X².
    let mut rest = vec![0.0; k];
    for i in (0..k - 1).rev() {
        rest[i] = rest[i + 1] + e[i + 1];
    }
    let mut walk = Walk {
        e: &e,
        ln_q: probs.iter().map(|q| q.ln()).collect(),
        rest,
        limit: x + 1e-9 * x + 1e-9,
        nodes: 0,
        sum: LogSum::default(),
    };
    walk.cell(0, total, 0.0, ln_gamma(nf + 1.0))?;
    Some(walk.sum.ln().min(0.0))
}

/// `ln P(T ≤ x)` for a χ²-approximated statistic T that lives on a lattice of spacing at most `step` (a
/// Pearson X² of counts with equal expected values E moves in steps of 2/E, since Σ O² keeps the parity of
/// Σ O): the χ² tail one step further, `ln P(χ²_df ≤ x + step)`. It takes in the atom at x, which the bare χ²
/// tail misses (at a balanced count, x = 0, it gives ln 0); one whole step rather than the classical half
/// errs on the conservative side: for the binomial, P(X² = 0) ≈ √(2/(πN)) against χ²'s √(8/(πN)) at one step.
/// For the large samples of ordinary runs the step is negligible and this is the χ² tail.
pub fn chi2_ln_cdf_on_lattice(x: f64, df: f64, step: f64) -> LnP {
    crate::stats::distributions::special::chi2_ln_cdf(x + step.max(0.0), df)
}

/// The lower tail of a position-by-card matrix's scaled X² (`X²·(n−1)/n` over `shuffles` uniform permutations
/// of n cards, against χ²((n−1)²)): exact for two cards, where the matrix is one binomial count (the decks that
/// swapped) and the scaled X² is that binomial's Pearson statistic; elsewhere χ² on its lattice, whose step
/// is `2(n−1)/N` (Σ O² moves by 2, E = N/n).
pub fn position_matrix_ln_cdf(n: usize, shuffles: u64, scaled: f64, df: f64) -> LnP {
    if shuffles == 0 {
        return 0.0;
    }
    if n == 2
        && let Some(ln_p) = pearson_ln_cdf(shuffles, &[0.5, 0.5], scaled)
    {
        return ln_p;
    }
    chi2_ln_cdf_on_lattice(scaled, df, 2.0 * (n as f64 - 1.0) / shuffles as f64)
}

/// The approximate number of count vectors inside the ellipsoid `Σ (oᵢ − eᵢ)²/eᵢ ≤ x` on the simplex
/// `Σ oᵢ = N`: its (k−1)-volume `V_{k−1}(√x)·√(Πeᵢ/N)`, plus one.
fn estimated_points(e: &[f64], x: f64) -> f64 {
    let m = (e.len() - 1) as f64;
    let n: f64 = e.iter().sum();
    let ln_unit_ball = m / 2.0 * std::f64::consts::PI.ln() - ln_gamma(m / 2.0 + 1.0);
    let ln_volume = ln_unit_ball + m / 2.0 * x.max(0.0).ln() + 0.5 * (e.iter().map(|v| v.ln()).sum::<f64>() - n.ln());
    1.0 + ln_volume.exp()
}

struct Walk<'a> {
    e: &'a [f64],
    ln_q: Vec<f64>,
    rest: Vec<f64>,
    limit: f64,
    nodes: u64,
    sum: LogSum,
}

impl Walk<'_> {
    /// Adds the probabilities of every way of putting `left` observations into cells `i..`, given X² = `partial`
    /// so far and `ln_pmf` = `ln N! + Σ_{j<i} (oⱼ ln qⱼ − ln oⱼ!)`; `None` past the budget.
    fn cell(&mut self, i: usize, left: u64, partial: f64, ln_pmf: f64) -> Option<()> {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return None;
        }
        let k = self.e.len();
        if i == k - 1 {
            let o = left as f64;
            let x2 = partial + (o - self.e[i]).powi(2) / self.e[i];
            if x2 <= self.limit {
                self.sum.add(ln_pmf + o * self.ln_q[i] - ln_gamma(o + 1.0));
            }
            return Some(());
        }
        // Cell i takes o; the cells after it hold left − o and add at least ((left − o) − rest)²/rest to X²
        // (Cauchy–Schwarz), so o must satisfy (o − eᵢ)²/eᵢ + (left − o − r)²/r ≤ limit − partial: a quadratic.
        let (ei, r, room) = (self.e[i], self.rest[i], self.limit - partial);
        if room < 0.0 {
            return Some(());
        }
        let s = left as f64 - r;
        // (o − eᵢ)²/eᵢ + (s − o)²/r ≤ room  ⇔  a·o² − 2b·o + c ≤ 0.
        let a = 1.0 / ei + 1.0 / r;
        let b = 1.0 + s / r;
        let c = ei + s * s / r - room;
        // Rounding must not lose a vector on the boundary (a balanced count has room ≈ 0 and disc ≈ 0): the range
        // is widened a little, and the last cell's exact X² decides.
        let disc = b * b - a * c;
        if disc < -1e-9 * b * b {
            return Some(());
        }
        let (lo, hi) = ((b - disc.max(0.0).sqrt()) / a, (b + disc.max(0.0).sqrt()) / a);
        let slack = |v: f64| 1e-6 + 1e-12 * v.abs();
        let lo = (lo - slack(lo)).ceil().max(0.0) as u64;
        let hi = ((hi + slack(hi)).floor().min(left as f64)).max(-1.0);
        if hi < 0.0 {
            return Some(());
        }
        for o in lo..=hi as u64 {
            let of = o as f64;
            let term = (of - ei).powi(2) / ei;
            self.cell(i + 1, left - o, partial + term, ln_pmf + of * self.ln_q[i] - ln_gamma(of + 1.0))?;
        }
        Some(())
    }
}

/// A sum of probabilities given as natural logs, kept as `max + ln Σ exp(· − max)`.
#[derive(Default)]
struct LogSum {
    max: f64,
    scaled: f64,
}

impl LogSum {
    fn add(&mut self, ln_x: f64) {
        if self.scaled == 0.0 {
            (self.max, self.scaled) = (ln_x, 1.0);
        } else if ln_x <= self.max {
            self.scaled += (ln_x - self.max).exp();
        } else {
            self.scaled = self.scaled * (self.max - ln_x).exp() + 1.0;
            self.max = ln_x;
        }
    }

    fn ln(&self) -> f64 {
        if self.scaled == 0.0 { f64::NEG_INFINITY } else { self.max + self.scaled.ln() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `P(X² ≤ x)` by brute force over every count vector of `total` observations in `probs.len()` cells.
    fn brute(total: u64, probs: &[f64], x: f64) -> f64 {
        fn go(i: usize, left: u64, probs: &[f64], o: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if i == probs.len() - 1 {
                o.push(left);
                out.push(o.clone());
                o.pop();
                return;
            }
            for v in 0..=left {
                o.push(v);
                go(i + 1, left - v, probs, o, out);
                o.pop();
            }
        }
        let mut all = Vec::new();
        go(0, total, probs, &mut Vec::new(), &mut all);
        let nf = total as f64;
        all.iter()
            .filter(|o| {
                o.iter().zip(probs).map(|(&v, &q)| (v as f64 - nf * q).powi(2) / (nf * q)).sum::<f64>()
                    <= x * (1.0 + 1e-9) + 1e-300
            })
            .map(|o| {
                let ln = ln_gamma(nf + 1.0)
                    + o.iter().zip(probs).map(|(&v, &q)| v as f64 * q.ln() - ln_gamma(v as f64 + 1.0)).sum::<f64>();
                ln.exp()
            })
            .sum()
    }

    #[test]
    fn a_balanced_count_has_the_probability_of_its_atom() {
        // 10 decks in two equally likely cells, 5 and 5: X² = 0 with probability C(10,5)/2^10.
        let p = pearson_ln_cdf(10, &[0.5, 0.5], 0.0).unwrap().exp();
        assert!((p - 252.0 / 1024.0).abs() < 1e-12, "{p}");
        // 20,000 in two halves, exactly balanced: the central binomial term, about √(2/(πN)) = 0.00564.
        let p = pearson_ln_cdf(20_000, &[0.5, 0.5], 0.0).unwrap().exp();
        assert!((p - 0.005_641_824).abs() < 1e-6, "{p}");
        // Three cells whose expected counts (20, 30, 10 of 60) round: the balanced vector still counts, and its
        // probability 60!/(20!·30!·10!)·(1/3)^20·(1/2)^30·(1/6)^10 = 0.015696 is the tail.
        let third = 1.0 / 3.0;
        let p = pearson_ln_cdf(60, &[third, 1.0 - third - 1.0 / 6.0, 1.0 / 6.0], 1e-30).unwrap().exp();
        assert!((p - 0.015_696).abs() < 1e-5, "{p}");
    }

    #[test]
    fn the_enumeration_agrees_with_brute_force() {
        let cases: [(u64, &[f64]); 4] =
            [(12, &[0.5, 0.5]), (15, &[0.2, 0.3, 0.5]), (9, &[0.1, 0.2, 0.3, 0.4]), (20, &[1.0 / 3.0; 3])];
        for (total, probs) in cases {
            for x in [0.0, 0.1, 0.5, 1.0, 2.0, 4.0, 9.0, 30.0] {
                let want = brute(total, probs, x);
                let got = pearson_ln_cdf(total, probs, x).map_or(f64::NAN, f64::exp);
                assert!((got - want).abs() <= 1e-12 + 1e-10 * want, "N={total} {probs:?} x={x}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn large_ellipsoids_are_left_to_the_approximation() {
        // 10^6 observations in 10 cells at a typical X²: far too many count vectors, and no need for them.
        assert_eq!(pearson_ln_cdf(1_000_000, &[0.1; 10], 9.0), None);
        // The same counts perfectly balanced: one vector, enumerated.
        assert!(pearson_ln_cdf(1_000_000, &[0.1; 10], 0.0).is_some());
        // The 40320 orders of 8 cards: too many cells to recurse through (the stack), whatever the sample.
        assert_eq!(pearson_ln_cdf(5, &vec![1.0 / 40320.0; 40320], 0.0), None);
    }
}
