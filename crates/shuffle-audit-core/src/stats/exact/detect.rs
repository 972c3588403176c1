//! How many shuffles a sampled run needs to see an exactly known bias: per test family, the noncentrality a
//! shuffle adds and the sample sizes at which the family FAILs the run with probability 50% and 99%.
//!
//! With cell probabilities `p` against the fair `π`, Pearson's statistic over N shuffles is approximately
//! noncentral χ²(df, λ) with `λ = N·λ₁` (the local-alternative approximation, Mitra 1958; see
//! [`crate::stats::power`]), and for each family:
//! - **position-card** (scaled by (n−1)/n, df (n−1)²): `λ₁ = (n−1)·Σ_{c,pos} (p − 1/n)²`;
//! - **suit-by-position**, **rank-by-position** (df (K−1)(n−1)): `λ₁ = (n−1)/n · Σ_{k,pos} (P_k(pos) − π_k)²/π_k`;
//! - **full-permutation** (n ≤ 9, df n! − 1): `λ₁ = n!·Σ_σ (P(σ) − 1/n!)²`;
//! - **fixed-points** (n ≤ 9): `λ₁ = Σ_k (P(k) − π_k)²/π_k` over the values, those with π_k < 1% pooled;
//! - **adjacency** (n ≤ 9, df n² − 3n + 1): the test's own statistic `Q = (n/N)(‖S‖² + (n−1)/(n+1)·‖A‖²)` on the
//!   exact deviations δ(a, b) = P(b right after a) − 1/n, so `λ₁ = n·(‖S_δ‖² + (n−1)/(n+1)·‖A_δ‖²)`.
//!
//! A run FAILs once its Holm-adjusted family p is below α; a family alone guarantees that when its own two-sided
//! p, `2·min(upper, lower)`, is below α/m, i.e. its statistic exceeds c, the upper α/(2m) quantile of χ²(df). The shuffles for probability P are
//! `N_P = λ_P / λ₁` with `P(χ'²(df, λ_P) > c) = P` ([`noncentrality_for_power`]): a lower bound on the run's
//! power, since the other families can only add to it.
//!
//! The deviations are taken in double-double ([`Dd`]), so λ₁ keeps its digits however small the bias: for
//! Fisher–Yates with glibc's 31-bit `rand()` on 52 cards it is near 10^-14.

use serde::Serialize;

use super::dd::Dd;
use super::model::ExactMatrix;
use super::order_law::{adjacency_law, factorial, fixed_points_law};
use crate::stats::distributions::special::chi2_upper_quantile;
use crate::stats::exact::laws::fixed_points_pmf;
use crate::stats::power::noncentrality_for_power;
use crate::stats::{TestId, TestSelection};

/// One family's sensitivity to the bias.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FamilyPower {
    pub test: TestId,
    pub df: f64,
    /// Noncentrality added per shuffle, λ₁.
    pub lambda: f64,
    /// Shuffles at which the family alone FAILs the run with probability 50% (infinite for no bias).
    pub shuffles_50: f64,
    /// … with probability 99%.
    pub shuffles_99: f64,
}

/// Every family's [`FamilyPower`] for one exact law, at a FAIL threshold and Holm family size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Detectability {
    pub fail_below: f64,
    /// Tests in the default battery's Holm family for this deck.
    pub family_size: usize,
    pub families: Vec<FamilyPower>,
}

impl Detectability {
    /// The family that sees the bias first (smallest 50% point), if any sees it at all.
    pub fn first(&self) -> Option<&FamilyPower> {
        self.families
            .iter()
            .filter(|f| f.shuffles_50.is_finite())
            .min_by(|a, b| a.shuffles_50.total_cmp(&b.shuffles_50))
    }
}

/// The default battery's Holm family size for a large run on n cards (no deal).
pub fn default_family_size(n: usize) -> usize {
    TestSelection::default().applicable(n, 1 << 60, None).len()
}

/// The critical value of a two-sided χ²(df) test in a Holm family of m at level α: each test's p is
/// 2·min(upper, lower), so an upper tail below α/(2m) alone decides, at the upper α/(2m) quantile.
pub fn critical_value(alpha: f64, df: f64, m: usize) -> f64 {
    chi2_upper_quantile(alpha.ln() - (m.max(1) as f64).ln() - std::f64::consts::LN_2, df)
}

/// One family's noncentrality and the shuffles at which it alone FAILs the run with probability 50% and 99%.
pub fn family(test: TestId, df: f64, lambda: f64, fail_below: f64, m: usize) -> FamilyPower {
    let c = critical_value(fail_below, df, m);
    let at = |power: f64| {
        if lambda > 0.0 { noncentrality_for_power(c, df, power) / lambda } else { f64::INFINITY }
    };
    FamilyPower { test, df, lambda, shuffles_50: at(0.5), shuffles_99: at(0.99) }
}

/// `λ₁` of the scaled position-by-card statistic: `(n−1)·Σ (p − 1/n)²`, zero below the matrix's rounding floor.
pub fn position_card_lambda(m: &ExactMatrix) -> f64 {
    let n = m.n();
    let mut ss = Dd::ZERO;
    let mut largest = 0.0f64;
    for c in 0..n {
        for pos in 0..n {
            let d = m.deviation(c, pos);
            largest = largest.max(d.abs().to_f64() * n as f64);
            ss += d.sqr();
        }
    }
    if largest < m.floor() { 0.0 } else { ss.mul_f64(n as f64 - 1.0).to_f64() }
}

/// `λ₁` of a scaled class-by-position statistic, `class_of[card]` in `0..classes`.
pub fn class_lambda(m: &ExactMatrix, class_of: &[u8], classes: usize) -> f64 {
    let n = m.n();
    let mut sizes = vec![0usize; classes];
    for &k in class_of {
        sizes[usize::from(k)] += 1;
    }
    let mut sum = Dd::ZERO;
    for (k, &size) in sizes.iter().enumerate() {
        for pos in 0..n {
            let dev: Dd = (0..n).filter(|&c| usize::from(class_of[c]) == k).map(|c| m.deviation(c, pos)).sum();
            // (P_k − π_k)²/π_k with π_k = size/n.
            sum += dev.sqr().mul_f64(n as f64) / Dd::from_f64(size as f64);
        }
    }
    let lambda = sum.mul_f64((n as f64 - 1.0) / n as f64).to_f64();
    if lambda < (n as f64 * m.floor()).powi(2) { 0.0 } else { lambda }
}

/// The deck's suits and ranks as the battery groups them (52 or 54 cards).
fn suits_and_ranks(n: usize) -> [(TestId, Vec<u8>, usize); 2] {
    [
        (TestId::SuitByPosition, (0..n).map(|c| (c / 13).min(4) as u8).collect(), if n == 54 { 5 } else { 4 }),
        (
            TestId::RankByPosition,
            (0..n).map(|c| if c < 52 { (c % 13) as u8 } else { 13 }).collect(),
            if n == 54 { 14 } else { 13 },
        ),
    ]
}

/// The families of the default battery that the exact marginals (and, for n ≤ 9, the law over orders, indexed
/// by the rank of `d[pos] = card` for the suit-ordered deck) can judge.
pub fn detectability(m: &ExactMatrix, order_law: Option<&[Dd]>, fail_below: f64) -> Detectability {
    let n = m.n();
    let nf = n as f64;
    let size = default_family_size(n);
    let mut families =
        vec![family(TestId::PositionCard, (nf - 1.0) * (nf - 1.0), position_card_lambda(m), fail_below, size)];
    for (test, class_of, classes) in suits_and_ranks(n) {
        if test.applies(n, 1 << 60, None).is_ok() {
            let df = (classes as f64 - 1.0) * (nf - 1.0);
            families.push(family(test, df, class_lambda(m, &class_of, classes), fail_below, size));
        }
    }
    if let Some(law) = order_law {
        let rounding = m.floor();
        let adjacency = floor(adjacency_lambda(n, law), rounding);
        families.push(family(TestId::Adjacency, nf * nf - 3.0 * nf + 1.0, adjacency, fail_below, size));
        let (df, lambda) = fixed_points_lambda(n, law, rounding);
        families.push(family(TestId::FixedPoints, df, lambda, fail_below, size));
        if TestId::FullPermutation.applies(n, 1 << 60, None).is_ok() {
            let orders = factorial(n) as f64;
            let u = Dd::ONE / Dd::from_f64(orders);
            let ss: Dd = law.iter().map(|&p| (p - u).sqr()).sum();
            let lambda = ss.mul_f64(orders).to_f64();
            families.push(family(TestId::FullPermutation, orders - 1.0, floor(lambda, rounding), fail_below, size));
        }
    }
    Detectability { fail_below, family_size: size, families }
}

/// Zero for the rounding of an exactly uniform law: a λ₁ of order n!·Σ δ² with every δ within `rounding` of
/// its 1/n!, at most `rounding²`, and at least 1e-40 (double-double).
fn floor(lambda: f64, rounding: f64) -> f64 {
    if lambda < (rounding * rounding).max(1e-40) { 0.0 } else { lambda }
}

/// Fixed points: `Σ_k (P(k) − π_k)²/π_k` with the values of π_k < 1% pooled into one cell; (df, λ₁), zero
/// within the law's rounding.
fn fixed_points_lambda(n: usize, law: &[Dd], rounding: f64) -> (f64, f64) {
    let exact = fixed_points_law(n, law);
    let fair = fixed_points_pmf(n);
    let (mut cells, mut sum) = (0usize, 0.0);
    let (mut pooled_p, mut pooled_pi) = (Dd::ZERO, 0.0);
    for (k, &pi) in fair.iter().enumerate() {
        if pi >= 0.01 {
            cells += 1;
            let d = exact[k] - Dd::from_f64(pi);
            sum += d.sqr().to_f64() / pi;
        } else {
            pooled_p += exact[k];
            pooled_pi += pi;
        }
    }
    if pooled_pi > 0.0 {
        cells += 1;
        sum += (pooled_p - Dd::from_f64(pooled_pi)).sqr().to_f64() / pooled_pi;
    }
    // The fair pmf is a double: below its rounding there is no bias to see.
    ((cells - 1) as f64, if sum < (rounding * rounding).max(1e-28) { 0.0 } else { sum })
}

/// Adjacency: `n·(‖S_δ‖² + (n−1)/(n+1)·‖A_δ‖²)` after removing the row and column part, as
/// [`crate::stats::deck::adjacency`] does with counts.
fn adjacency_lambda(n: usize, law: &[Dd]) -> f64 {
    let nf = n as f64;
    let adj = adjacency_law(n, law);
    let u = Dd::ONE / Dd::from_f64(nf);
    let d = |a: usize, b: usize| if a == b { 0.0 } else { (adj[a * n + b] - u).to_f64() };
    let row: Vec<f64> = (0..n).map(|a| (0..n).map(|b| d(a, b)).sum()).collect();
    let col: Vec<f64> = (0..n).map(|b| (0..n).map(|a| d(a, b)).sum()).collect();
    let det = nf * (nf - 2.0);
    let uu: Vec<f64> = (0..n).map(|a| ((nf - 1.0) * row[a] + col[a]) / det).collect();
    let vv: Vec<f64> = (0..n).map(|a| (row[a] + (nf - 1.0) * col[a]) / det).collect();
    let (mut sym, mut anti) = (0.0, 0.0);
    for a in 0..n {
        for b in 0..n {
            if a != b {
                let (x, y) = (d(a, b) - (uu[a] + vv[b]), d(b, a) - (uu[b] + vv[a]));
                sym += ((x + y) / 2.0).powi(2);
                anti += ((x - y) / 2.0).powi(2);
            }
        }
    }
    nf * (sym + (nf - 1.0) / (nf + 1.0) * anti)
}

/// How far from the predicted 50% point a sampled run's verdict may be and still agree: a run that FAILs must have
/// at least `N₅₀ / DETECTION_FACTOR` shuffles, and a run that does not must have fewer than
/// `N₉₉ · DETECTION_FACTOR`.
pub const DETECTION_FACTOR: f64 = 4.0;

/// A sampled run's verdict set beside the exact prediction.
#[derive(Clone, Debug, PartialEq)]
pub enum DetectionCheck {
    /// The run's verdict is what the prediction allows.
    Agrees(String),
    /// It is not.
    Disagrees(String),
    /// The run was decided by a test the exact law does not cover (parity, rising sequences, a seat test).
    NotComparable(String),
}

impl DetectionCheck {
    pub fn text(&self) -> &str {
        match self {
            DetectionCheck::Agrees(s) | DetectionCheck::Disagrees(s) | DetectionCheck::NotComparable(s) => s,
        }
    }
}

/// Checks a run of `shuffles` shuffles that FAILed (`failed`, decided by `decisive`) or not against `d`.
pub fn check_detection(d: &Detectability, shuffles: u64, failed: bool, decisive: Option<TestId>) -> DetectionCheck {
    let n = shuffles as f64;
    let words = |x: f64| if x.is_finite() { format!("{x:.2e}") } else { "never".to_string() };
    let predicted =
        d.first().map_or_else(|| "never".to_string(), |f| format!("{} by {}", words(f.shuffles_50), f.test));
    if failed {
        let family = decisive.and_then(|t| d.families.iter().find(|f| f.test == t && f.shuffles_50.is_finite()));
        return match family {
            Some(f) if n >= f.shuffles_50 / DETECTION_FACTOR => DetectionCheck::Agrees(format!(
                "predicted 50% FAIL at {} by {}, seen at {shuffles}",
                words(f.shuffles_50),
                f.test
            )),
            Some(f) => DetectionCheck::Disagrees(format!(
                "FAIL at {shuffles}, more than {DETECTION_FACTOR}x before the predicted 50% point {} ({})",
                words(f.shuffles_50),
                f.test
            )),
            None => DetectionCheck::NotComparable(format!(
                "FAIL by {}, which the exact marginals do not cover (predicted {predicted})",
                decisive.map_or("-".to_string(), |t| t.to_string())
            )),
        };
    }
    match d.first() {
        Some(f) if n >= f.shuffles_99 * DETECTION_FACTOR => DetectionCheck::Disagrees(format!(
            "no FAIL at {shuffles}, over {DETECTION_FACTOR}x the predicted 99% point {} ({})",
            words(f.shuffles_99),
            f.test
        )),
        _ => DetectionCheck::Agrees(format!("predicted 50% FAIL at {predicted}, none at {shuffles}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::{Algorithm, AlgorithmKind};
    use crate::stats::exact::model::{ExactRequest, exact_marginals};

    fn matrix(kind: AlgorithmKind, bits: Option<u32>, n: usize) -> ExactMatrix {
        exact_marginals(&ExactRequest::new(Algorithm::new(kind), bits, n)).unwrap()
    }

    #[test]
    fn glibc_fisher_yates_needs_about_3_5e17_shuffles() {
        let d = detectability(&matrix(AlgorithmKind::FisherYates, Some(31), 52), None, 1e-9);
        let position = d.families[0];
        assert!((2e17..6e17).contains(&position.shuffles_50), "{position:?}");
        assert!(position.shuffles_99 > position.shuffles_50);
        // Suit-by-position sees it first: the bias favours low places for low card ids, a suit at a time.
        let first = d.first().unwrap();
        assert_eq!(first.test, TestId::SuitByPosition);
        assert!((1e17..position.shuffles_50).contains(&first.shuffles_50), "{first:?}");
        // MSVC's 15 bits: about 10^8 (the known figure).
        let msvc = detectability(&matrix(AlgorithmKind::FisherYates, Some(15), 52), None, 1e-9);
        assert!((3e7..3e8).contains(&msvc.first().unwrap().shuffles_50), "{:?}", msvc.first());
        // No bias at all with ideal draws.
        let fair = detectability(&matrix(AlgorithmKind::FisherYates, None, 52), None, 1e-9);
        assert!(fair.first().is_none(), "{fair:?}");
    }

    #[test]
    fn the_double_double_lambda_agrees_with_the_double_one_where_doubles_suffice() {
        let p = crate::stats::exact::marginals::fisher_yates_marginals(
            52,
            15,
            crate::stats::exact::marginals::Direction::Backward,
        );
        let old = crate::stats::exact::marginals::position_card_lambda(52, &p);
        let new = position_card_lambda(&matrix(AlgorithmKind::FisherYates, Some(15), 52));
        assert!((old / new - 1.0).abs() < 1e-9, "{old:e} vs {new:e}");
    }
}
