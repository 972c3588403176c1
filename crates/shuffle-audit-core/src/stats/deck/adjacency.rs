//! Adjacency: how often card b lies immediately after card a, over the n(n−1) ordered pairs a ≠ b.
//!
//! A random cut makes every position uniform but leaves the order of the cards intact ("start dealing from the 7th
//! card"); so do many poor shuffles that move blocks of cards. Position counts cannot see it; adjacency counts do.
//!
//! Null. Each deck adds a matrix `M[a][b] = [b follows a]` with n − 1 ones (a successor structure with one break,
//! after the last card). For a uniform permutation `P(M[a][b] = 1) = 1/n`, so `E = N/n` per cell. The cells are
//! correlated, and not all alike: `E[M_ab M_cd] = 1/(n(n−1))` when the two pairs can coexist (three or four
//! distinct cards in two blocks or a chain), and 0 when they share a first card, a second card, or are each other's
//! reverse. The covariance commutes with relabelling the cards, so it is diagonal in the decomposition of functions
//! on ordered pairs into S_n-irreducible parts (James & Kerber, *The Representation Theory of the Symmetric Group*).
//! With `D = O − N/n`, `X² = (n/N)·‖D‖²` and, per deck, `n·Cov(M)` has eigenvalues
//! - 1 on symmetric D with zero row and column sums (dimension n(n−3)/2),
//! - (n+1)/(n−1) on antisymmetric D with zero row and column sums (dimension (n−1)(n−2)/2),
//! - 1/(n−1) on D of the form u(a) + v(b) (dimension 2(n−1): which cards come first and last, which the
//!   position-by-card test already covers), and 0 on constants (every deck has exactly n − 1 pairs).
//!
//! So Pearson's X² over all cells has mean `(n−1)²` but is not a scaled chi-square. The test removes the
//! u(a) + v(b) part (solving for the row and column sums), splits the rest into its symmetric part S and
//! antisymmetric part A, and uses
//! `Q = (n/N)·(‖S‖² + ((n−1)/(n+1))·‖A‖²)`, which has mean `n² − 3n + 1` exactly for every N and is asymptotically
//! χ²(n² − 3n + 1). Tested two-sided. `tests` below check the mean by enumerating every deck of 4 and 5 cards.

use crate::cards::Card;
use crate::stats::distributions::gof::MIN_EXPECTED;
use crate::stats::distributions::special::{chi2_ln_cdf, chi2_ln_sf};
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// `counts[a * n + b]`: how often card b was immediately after card a.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjacencyCounts {
    n: usize,
    shuffles: u64,
    counts: Vec<u64>,
}

/// The parts of the adjacency statistic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdjacencyParts {
    /// `(n/N)·‖S‖²`: symmetric part (a and b adjacent in either order), mean n(n−3)/2.
    pub symmetric: f64,
    /// `(n/N)·‖A‖²`: antisymmetric part (b after a versus a after b), mean (n−1)(n−2)/2·(n+1)/(n−1).
    pub antisymmetric: f64,
    /// `(n/N)·‖g‖²` of the removed row/column part (first and last cards), mean 2.
    pub ends: f64,
    /// Pearson's X² over every off-diagonal cell, the sum of the three, mean (n−1)².
    pub pearson: f64,
    /// The test statistic `symmetric + (n−1)/(n+1)·antisymmetric`, mean n² − 3n + 1.
    pub q: f64,
}

impl AdjacencyCounts {
    pub fn new(n: usize) -> Self {
        AdjacencyCounts { n, shuffles: 0, counts: vec![0; n * n] }
    }

    pub fn shuffles(&self) -> u64 {
        self.shuffles
    }

    pub fn get(&self, a: usize, b: usize) -> u64 {
        self.counts[a * self.n + b]
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let n = self.n;
        for w in deck.windows(2) {
            self.counts[usize::from(w[0]) * n + usize::from(w[1])] += 1;
        }
        self.shuffles += 1;
    }

    /// The matrix for the battery's one-pass update ([`crate::stats::battery::fused`]), which counts a deck into it and then
    /// calls [`Self::record_deck`].
    #[inline(always)]
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// One more deck, its pairs already counted through [`Self::counts_mut`].
    #[inline(always)]
    pub(in crate::stats) fn record_deck(&mut self) {
        self.shuffles += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.shuffles += other.shuffles;
    }

    /// Degrees of freedom of the test, n² − 3n + 1.
    pub fn df(&self) -> f64 {
        let n = self.n as f64;
        n * n - 3.0 * n + 1.0
    }

    /// Splits X² into its parts (n ≥ 3).
    pub fn parts(&self) -> AdjacencyParts {
        let nf = self.n as f64;
        let big_n = self.shuffles as f64;
        let e = big_n / nf;
        let squares = off_diagonal_squares(self.n, true, |a, b| self.get(a, b) as f64 - e);
        let scale = nf / big_n;
        let (symmetric, antisymmetric) = (scale * squares.symmetric, scale * squares.antisymmetric);
        AdjacencyParts {
            symmetric,
            antisymmetric,
            ends: scale * squares.ends,
            pearson: scale * squares.pearson,
            q: symmetric + (nf - 1.0) / (nf + 1.0) * antisymmetric,
        }
    }

    /// The ordered pairs with the largest and smallest observed/expected ratio.
    fn extremes(&self) -> ((usize, usize, f64), (usize, usize, f64)) {
        let e = self.shuffles as f64 / self.n as f64;
        let mut hi = (0, 1, f64::NEG_INFINITY);
        let mut lo = (0, 1, f64::INFINITY);
        for a in 0..self.n {
            for b in 0..self.n {
                if a != b {
                    let r = self.get(a, b) as f64 / e;
                    if r > hi.2 {
                        hi = (a, b, r);
                    }
                    if r < lo.2 {
                        lo = (a, b, r);
                    }
                }
            }
        }
        (hi, lo)
    }

    /// `Q` against χ²(n² − 3n + 1), two-sided.
    pub fn evaluate(&self) -> Vec<TestResult> {
        let parts = self.parts();
        let df = self.df();
        // Q is a projection of the counts, on no lattice of its own; its lower tail is χ²'s only where that holds:
        // at least 5 expected per cell (Cochran) and 10 degrees of freedom (with fewer, Q = 0 is an atom of
        // probability about N^(−df/2) that the χ² tail gives 0: at 3 cards, df = 1). Below, the test is one-sided.
        let ln_p = chi2_ln_sf(parts.q, df);
        let expected = self.shuffles as f64 / self.n as f64;
        let ln_p_low = (df >= LOWER_TAIL_MIN_DF && expected >= MIN_EXPECTED).then(|| chi2_ln_cdf(parts.q, df));
        let (most, least) = self.extremes();
        vec![TestResult {
            test: TestId::Adjacency,
            statistic: parts.q,
            df,
            ln_p,
            ln_p_low,
            effect: crate::stats::noncentrality_per_shuffle(parts.q, df, self.shuffles),
            finding: Finding::Adjacency {
                n: self.n,
                most,
                least,
                symmetric: parts.symmetric,
                antisymmetric: parts.antisymmetric,
                pearson: parts.pearson,
                ends: parts.ends,
                fair: within_chance(ln_p, ln_p_low),
            },
        }]
    }
}

/// Squared norms of the parts of an r × r table of deviations `d(a, b)` over its off-diagonal cells (r ≥ 3; the
/// diagonal is left out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OffDiagonalSquares {
    /// ‖S‖²: the symmetric part with zero row and column sums.
    pub symmetric: f64,
    /// ‖A‖²: the antisymmetric part with zero row and column sums.
    pub antisymmetric: f64,
    /// ‖g‖²: the part u(a) + v(b) that carries the row and column sums.
    pub ends: f64,
    /// ‖D‖² over every off-diagonal cell, the sum of the three.
    pub pearson: f64,
}

/// Splits the off-diagonal cells of `d` into u(a) + v(b) (the least-squares fit, solving for the row and column sums)
/// and the rest, and the rest into its symmetric and antisymmetric parts: the parts that relabelling the r symbols
/// keeps, on each of which a covariance that commutes with relabelling is a multiple of the identity. Shared by
/// `adjacency` (cards, whose deviations sum to 0: `sums_to_zero`) and `face-adjacency` (a shoe's faces, whose
/// off-diagonal total varies with the pairs of equal faces).
pub(crate) fn off_diagonal_squares(
    r: usize,
    sums_to_zero: bool,
    d: impl Fn(usize, usize) -> f64,
) -> OffDiagonalSquares {
    let rf = r as f64;
    let d = |a: usize, b: usize| if a == b { 0.0 } else { d(a, b) };
    // The fit's normal equations: (r−1)u(a) − v(a) = row(a) − Σv and −u(b) + (r−1)v(b) = col(b) − Σu, with
    // Σu + Σv = total/(r−1); u and v are fixed up to a constant moved between them, taken as Σu = Σv = c.
    let row: Vec<f64> = (0..r).map(|a| (0..r).map(|b| d(a, b)).sum()).collect();
    let col: Vec<f64> = (0..r).map(|b| (0..r).map(|a| d(a, b)).sum()).collect();
    let c = if sums_to_zero { 0.0 } else { row.iter().sum::<f64>() / (2.0 * (rf - 1.0)) };
    let det = rf * (rf - 2.0);
    let u: Vec<f64> = (0..r).map(|a| ((rf - 1.0) * (row[a] - c) + (col[a] - c)) / det).collect();
    let v: Vec<f64> = (0..r).map(|a| ((row[a] - c) + (rf - 1.0) * (col[a] - c)) / det).collect();
    let mut s = OffDiagonalSquares { symmetric: 0.0, antisymmetric: 0.0, ends: 0.0, pearson: 0.0 };
    for a in 0..r {
        for b in 0..r {
            if a == b {
                continue;
            }
            let g = u[a] + v[b];
            let (x, y) = (d(a, b) - g, d(b, a) - (u[b] + v[a]));
            s.symmetric += ((x + y) / 2.0).powi(2);
            s.antisymmetric += ((x - y) / 2.0).powi(2);
            s.ends += g * g;
            s.pearson += d(a, b).powi(2);
        }
    }
    s
}

/// The fewest degrees of freedom at which adjacency's lower tail is tested (see [`AdjacencyCounts::evaluate`]).
pub const LOWER_TAIL_MIN_DF: f64 = 10.0;

impl AdjacencyCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("adjacency.shuffles", std::slice::from_mut(&mut self.shuffles));
        visitor.visit("adjacency.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(AdjacencyCounts);

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stats::testing::{all_permutations, moments};

    /// Every statistic over every deck (N = 1) or every ordered pair of decks (N = 2).
    fn enumerate(n: usize, pairs: bool) -> Vec<AdjacencyParts> {
        let perms = all_permutations(n);
        let mut out = Vec::new();
        for a in &perms {
            if pairs {
                for b in &perms {
                    let mut c = AdjacencyCounts::new(n);
                    c.add(a);
                    c.add(b);
                    out.push(c.parts());
                }
            } else {
                let mut c = AdjacencyCounts::new(n);
                c.add(a);
                out.push(c.parts());
            }
        }
        out
    }

    #[test]
    fn every_part_has_its_exact_mean_on_four_and_five_cards() {
        // The means follow from the eigenvalues in the module docs and hold exactly for every N: check N = 1 and
        // N = 2 on n = 4 (24 and 576 outcomes) and N = 1 on n = 5 (120 outcomes).
        for (n, pairs) in [(4usize, false), (4, true), (5, false)] {
            let nf = n as f64;
            let parts = enumerate(n, pairs);
            let mean = |f: fn(&AdjacencyParts) -> f64| moments(&parts.iter().map(f).collect::<Vec<_>>()).0;
            let close = |got: f64, want: f64, what: &str| {
                assert!((got - want).abs() < 1e-9, "n = {n}, N = {}: {what} mean {got} vs {want}", 1 + pairs as u8)
            };
            close(mean(|p| p.q), nf * nf - 3.0 * nf + 1.0, "Q");
            close(mean(|p| p.pearson), (nf - 1.0) * (nf - 1.0), "Pearson X2");
            close(mean(|p| p.symmetric), nf * (nf - 3.0) / 2.0, "symmetric part");
            close(mean(|p| p.antisymmetric), (nf - 2.0) * (nf + 1.0) / 2.0, "antisymmetric part");
            close(mean(|p| p.ends), 2.0, "first/last part");
            for p in &parts {
                assert!((p.symmetric + p.antisymmetric + p.ends - p.pearson).abs() < 1e-9);
            }
        }
    }
}
