//! Position-by-card counts: how often card c landed at position p, and the tests on them.
//!
//! For N uniform shuffles of n cards, each row (a position) and each column (a card) is exactly
//! Multinomial(N, 1/n), so its Pearson statistic has n − 1 degrees of freedom. The n² cells together are *not*
//! independent: every shuffle adds a whole permutation matrix, so Pearson's X² over all cells has mean n(n−1)
//! and variance 2n²(N−1)/N, and `X² · (n−1)/n` is asymptotically χ²((n−1)²). Using X² against χ²((n−1)²)
//! directly would give about 5× the stated false-positive rate at α = 0.01 for n = 52 (the lesson of
//! dieharder's overlapping-permutations test: correlated cells need the right null).
//!
//! **Sparse tables.** The worst-line tests take each line's Pearson statistic against χ²(n − 1), an
//! approximation that needs a few expected counts per cell: with N/n far below one (10 shuffles of 1024 cards)
//! a card seen twice at one position makes X² of its line near 2N/e, whose χ² tail is below 10^-100, though
//! among the n² cells a count of two happens in most fair runs. Below [`WORST_LINE_CHI2_EXPECTED`] per cell they
//! take instead the exact law of one cell, Binomial(N, 1/n): the largest count's upper tail, Bonferroni over the
//! n² cells, a valid bound at every N (statistic the count, df 0). The χ² tail is read at α/n, far out where a
//! few expected counts a cell make it too light: 20,000 fair runs of 52 cards rejected 1.50% (position) and 1.41%
//! (card) at 0.01 with 5 expected a cell, 1.21% and 1.24% with 7, and 0.95–1.17% from 10 on
//! (`tests/integration/calibration.rs`).

use crate::cards::Card;
use crate::stats::distributions::lattice::position_matrix_ln_cdf;
use crate::stats::distributions::special::{binomial_ln_sf, chi2_ln_sf};
pub use crate::stats::finding::CellRatio;
use crate::stats::finding::{Finding, excess_within_noise};
use crate::stats::{TestId, TestResult};

/// The expected count per cell below which a table's tests of one cell (the seat tests' sparse path) take the
/// exact law of the largest cell instead of a χ² approximation.
pub const SPARSE_CELL_EXPECTED: f64 = 5.0;

/// The expected count per cell below which the worst-line tests (`position-worst`, `card-worst`) take the exact
/// law of the largest cell instead of each line's χ² tail at the Bonferroni level (see the module's
/// documentation for the rates that set it).
pub const WORST_LINE_CHI2_EXPECTED: f64 = 10.0;

/// The p of the largest of `cells` cell counts, each Binomial(N, p) (the sparse path of the worst-line tests):
/// its upper tail, Bonferroni over the cells, in log space.
pub fn sparse_cell_ln_p(count: u64, shuffles: u64, p: f64, cells: usize) -> f64 {
    (binomial_ln_sf(count, shuffles, p) + (cells as f64).ln()).min(0.0)
}

/// `counts[p * n + c]`: how often card c was at position p.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCardCounts {
    n: usize,
    shuffles: u64,
    counts: Vec<u64>,
    /// `home[c]`: where card c starts (c itself for the suit-ordered deck; see [`Self::with_start`]).
    home: Vec<usize>,
}

impl PositionCardCounts {
    pub fn new(n: usize) -> Self {
        PositionCardCounts { n, shuffles: 0, counts: vec![0; n * n], home: (0..n).collect() }
    }

    /// Counts for decks that start in the order `start` instead of `0..n` (e.g. 斗地主's rank order): cells are
    /// still indexed by card id, and the reports say "stays at its starting position" of the right position.
    pub fn with_start(mut self, start: &[Card]) -> Self {
        assert_eq!(start.len(), self.n);
        self.home = crate::cards::home_positions(start);
        self
    }

    /// Rebuilds counts from a matrix (rows = positions), e.g. one read back from `counts.csv`.
    pub fn from_matrix(n: usize, counts: Vec<u64>) -> Self {
        assert_eq!(counts.len(), n * n);
        let shuffles = counts[..n].iter().sum();
        PositionCardCounts { n, shuffles, counts, home: (0..n).collect() }
    }

    pub fn n(&self) -> usize {
        self.n
    }

    pub fn shuffles(&self) -> u64 {
        self.shuffles
    }

    /// The matrix, row-major by position.
    pub fn matrix(&self) -> &[u64] {
        &self.counts
    }

    pub fn get(&self, position: usize, card: usize) -> u64 {
        self.counts[position * self.n + card]
    }

    /// Counts one deck.
    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let n = self.n;
        debug_assert_eq!(deck.len(), n);
        for (row, &c) in self.counts.chunks_exact_mut(n).zip(deck) {
            row[usize::from(c)] += 1;
        }
        self.shuffles += 1;
    }

    /// The matrix for the battery's one-pass update ([`crate::stats::battery::fused`]), which counts a deck into it and then
    /// calls [`Self::record_deck`].
    #[inline(always)]
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// One more deck, its cells already counted through [`Self::counts_mut`].
    #[inline(always)]
    pub(in crate::stats) fn record_deck(&mut self) {
        self.shuffles += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!(self.n, other.n);
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.shuffles += other.shuffles;
    }

    fn expected(&self) -> f64 {
        self.shuffles as f64 / self.n as f64
    }

    /// Pearson X² of one position's row (n − 1 df).
    pub fn row_chi2(&self, position: usize) -> f64 {
        let e = self.expected();
        self.counts[position * self.n..(position + 1) * self.n].iter().map(|&o| sq(o as f64 - e) / e).sum()
    }

    /// Pearson X² of one card's column (n − 1 df).
    pub fn column_chi2(&self, card: usize) -> f64 {
        let e = self.expected();
        (0..self.n).map(|p| sq(self.get(p, card) as f64 - e) / e).sum()
    }

    /// Pearson X² over all n² cells, unscaled (mean n(n−1) under the null).
    pub fn global_chi2(&self) -> f64 {
        let e = self.expected();
        self.counts.iter().map(|&o| sq(o as f64 - e) / e).sum()
    }

    /// The global test: `X² · (n−1)/n` against χ²((n−1)²), two-sided.
    pub fn global_test(&self) -> TestResult {
        let n = self.n as f64;
        let scaled = self.global_chi2() * (n - 1.0) / n;
        let df = (n - 1.0) * (n - 1.0);
        let (lo, hi) = self.ratio_extremes();
        let (p_hi, c_hi) = hi.1;
        TestResult {
            test: TestId::PositionCard,
            statistic: scaled,
            df,
            ln_p: chi2_ln_sf(scaled, df),
            ln_p_low: Some(position_matrix_ln_cdf(self.n, self.shuffles, scaled, df)),
            effect: crate::stats::noncentrality_per_shuffle(scaled, df, self.shuffles),
            finding: Finding::PositionCard {
                n: self.n,
                most: hi,
                least: lo,
                stays_home: self.home[c_hi] == p_hi,
                within_noise: excess_within_noise(scaled, df),
                noise_band: crate::stats::finding::cell_noise_band(self.n, self.n, self.expected()),
                shuffles: self.shuffles,
            },
        }
    }

    /// The three position tests: the global one, the worst position and the worst card.
    pub fn evaluate(&self) -> Vec<TestResult> {
        vec![self.global_test(), self.worst_position_test(), self.worst_card_test()]
    }

    /// The worst position (row) with its Bonferroni-adjusted p over the n rows.
    pub fn worst_position_test(&self) -> TestResult {
        self.worst_line_test(true)
    }

    /// The worst card (column) with its Bonferroni-adjusted p over the n columns.
    pub fn worst_card_test(&self) -> TestResult {
        self.worst_line_test(false)
    }

    fn worst_line_test(&self, rows: bool) -> TestResult {
        let n = self.n;
        let e = self.expected();
        let at = |line: usize, j: usize| if rows { self.get(line, j) } else { self.get(j, line) };
        if e < WORST_LINE_CHI2_EXPECTED {
            // The largest cell, its line and the cell across it.
            let (mut worst, mut cell, mut top) = (0, 0, 0);
            for line in 0..n {
                for j in 0..n {
                    if at(line, j) > top {
                        (worst, cell, top) = (line, j, at(line, j));
                    }
                }
            }
            let ln_p = sparse_cell_ln_p(top, self.shuffles, 1.0 / n as f64, n * n);
            return self.worst_line_result(rows, worst, cell, top as f64, 0.0, ln_p);
        }
        let df = (n - 1) as f64;
        let (worst, x2) = (0..n)
            .map(|i| (i, if rows { self.row_chi2(i) } else { self.column_chi2(i) }))
            .fold((0, f64::NEG_INFINITY), |acc, x| if x.1 > acc.1 { x } else { acc });
        // Bonferroni over the n lines: p = min(1, n · p_min), in log space.
        let ln_p = (chi2_ln_sf(x2, df) + (n as f64).ln()).min(0.0);
        let (cell, _) = (0..n)
            .map(|j| (j, at(worst, j) as f64 / e))
            .fold((0, 1.0f64), |acc, x| if (x.1 - 1.0).abs() > (acc.1 - 1.0).abs() { x } else { acc });
        self.worst_line_result(rows, worst, cell, x2, df, ln_p)
    }

    fn worst_line_result(
        &self,
        rows: bool,
        worst: usize,
        cell: usize,
        statistic: f64,
        df: f64,
        ln_p: f64,
    ) -> TestResult {
        let n = self.n;
        let o = if rows { self.get(worst, cell) } else { self.get(cell, worst) };
        let ratio = o as f64 / self.expected();
        TestResult {
            test: if rows { TestId::PositionWorst } else { TestId::CardWorst },
            statistic,
            df,
            ln_p,
            ln_p_low: None,
            effect: ratio - 1.0,
            finding: if rows {
                Finding::PositionWorst { n, position: worst, card: cell, ratio }
            } else {
                Finding::CardWorst { n, card: worst, position: cell, ratio }
            },
        }
    }

    /// Mean number of fixed points per shuffle, exactly: card c at position c is cell (c, c), so
    /// `Σ_c O[c][c] / N` (1 for a uniform shuffle).
    pub fn mean_fixed_points(&self) -> f64 {
        let diagonal: u64 = (0..self.n).map(|c| self.get(c, c)).sum();
        diagonal as f64 / self.shuffles.max(1) as f64
    }

    /// Smallest and largest observed/expected over the cells, with their (position, card).
    pub fn ratio_extremes(&self) -> (CellRatio, CellRatio) {
        let e = self.expected();
        let mut lo = (f64::INFINITY, (0, 0));
        let mut hi = (f64::NEG_INFINITY, (0, 0));
        for (i, &o) in self.counts.iter().enumerate() {
            let r = o as f64 / e;
            let at = (i / self.n, i % self.n);
            if r < lo.0 {
                lo = (r, at);
            }
            if r > hi.0 {
                hi = (r, at);
            }
        }
        (lo, hi)
    }
}

fn sq(x: f64) -> f64 {
    x * x
}

impl PositionCardCounts {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("position_card.shuffles", std::slice::from_mut(&mut self.shuffles));
        visitor.visit("position_card.counts", &mut self.counts);
    }
}

crate::stats::statistic::impl_statistic!(PositionCardCounts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::all_permutations;

    #[test]
    fn sparse_tables_keep_the_worst_line_tests_at_their_level() {
        // 1000 fair runs of 10 shuffles of 200 cards (0.05 expected per cell). The exact cell law's rejections
        // at 5% are at most Binomial(1000, 0.05) for each test (Bonferroni is conservative), so at most 73,
        // missed with probability below 6.5e-4; this seed gives 4 and 4. The χ² line approximation the sparse
        // path replaces rejects 466 of the same runs at 5% (asserted at least 300): a card seen twice at one
        // position, which happens in most fair runs, puts 2²/0.05 = 80 into one line's X². Fixed seed.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let n = 200;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let mut deck: Vec<Card> = (0..n as Card).collect();
        let (mut sparse, mut chi2) = ([0usize; 2], 0usize);
        for _ in 0..1000 {
            let mut c = PositionCardCounts::new(n);
            for _ in 0..10 {
                deck.shuffle(&mut rng);
                c.add(&deck);
            }
            for (r, t) in sparse.iter_mut().zip([c.worst_position_test(), c.worst_card_test()]) {
                assert_eq!(t.df, 0.0);
                *r += usize::from(t.ln_p < 0.05f64.ln());
            }
            let worst = (0..n).map(|i| c.row_chi2(i)).fold(0.0, f64::max);
            chi2 += usize::from(chi2_ln_sf(worst, (n - 1) as f64) + (n as f64).ln() < 0.05f64.ln());
        }
        assert!(sparse.iter().all(|&r| r <= 73), "sparse rejections at 5%: {sparse:?}");
        assert!(chi2 >= 300, "the χ² path rejected {chi2} of 1000 fair runs");
        // The sparse path still sees an unshuffled deck: every diagonal cell 10 against 0.05 expected.
        let mut same = PositionCardCounts::new(n);
        (0..10).for_each(|_| same.add(&(0..n as Card).collect::<Vec<_>>()));
        let t = same.worst_position_test();
        assert!(t.ln_p < 1e-9f64.ln() && t.statistic == 10.0, "{t:?}");
    }

    #[test]
    fn counts_add_and_merge() {
        let mut a = PositionCardCounts::new(3);
        a.add(&[2, 0, 1]);
        let mut b = PositionCardCounts::new(3);
        b.add(&[0, 1, 2]);
        b.add(&[2, 0, 1]);
        a.merge(&b);
        assert_eq!(a.shuffles(), 3);
        assert_eq!(a.matrix(), &[1, 0, 2, 2, 1, 0, 0, 2, 1]);
        // Fixed points: [2,0,1] has none, [0,1,2] has three, [2,0,1] none: 3 over 3 shuffles.
        assert_eq!(a.mean_fixed_points(), 1.0);
    }

    #[test]
    fn a_latin_square_is_perfectly_flat() {
        // The n cyclic rotations give every cell exactly N/n: X2 = 0, flagged by the lower tail.
        let mut c = PositionCardCounts::new(4);
        for r in 0..4u16 {
            let deck: Vec<Card> = (0..4).map(|i| (i + r) % 4).collect();
            c.add(&deck);
        }
        let t = c.global_test();
        assert_eq!(t.statistic, 0.0);
        assert_eq!(t.ln_p, 0.0);
        // Four uniform shuffles form a Latin square with probability 576/24^4 = 0.0017 (576 ordered Latin squares
        // of order 4): the lower tail is small, but no smaller than that atom, never ln 0.
        let ln_p_low = t.ln_p_low.unwrap();
        assert!(ln_p_low >= (576.0f64 / 331_776.0).ln() && ln_p_low < 0.01f64.ln(), "{ln_p_low}");
    }

    /// Every tuple of `shuffles` permutations of n cards, with its global test: the whole null law, enumerated.
    fn every_matrix(n: usize, shuffles: u32) -> Vec<TestResult> {
        let perms = crate::stats::testing::all_permutations(n);
        let total = perms.len().pow(shuffles);
        (0..total)
            .map(|mut index| {
                let mut c = PositionCardCounts::new(n);
                for _ in 0..shuffles {
                    c.add(&perms[index % perms.len()]);
                    index /= perms.len();
                }
                c.global_test()
            })
            .collect()
    }

    #[test]
    fn the_lower_tail_is_never_below_the_exact_one() {
        // The exact lower tail P(X² ≤ x) of every attainable x, by enumeration of every tuple of shuffles, against
        // the test's: where it is small enough to reject, a valid p-value is never smaller (the bare χ² tail gave
        // ln 0 at every balanced matrix).
        for (n, shuffles) in [(2, 1), (2, 6), (2, 9), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3)] {
            let all = every_matrix(n, shuffles);
            let total = all.len() as f64;
            for t in &all {
                let exact =
                    all.iter().filter(|u| u.statistic <= t.statistic * (1.0 + 1e-12) + 1e-12).count() as f64 / total;
                let ln_p_low = t.ln_p_low.unwrap();
                assert!(ln_p_low.is_finite(), "n={n} N={shuffles}: {ln_p_low}");
                // Wherever the test could reject (p ≤ 1/2), P(p_low ≤ α) ≤ α: the exact tail is no larger.
                if ln_p_low <= 0.5f64.ln() {
                    assert!(
                        ln_p_low >= exact.ln() - 1e-9,
                        "n={n} N={shuffles} X²={}: {} < exact {exact}",
                        t.statistic,
                        ln_p_low.exp()
                    );
                }
                // Two cards: the matrix is one binomial count, and its lower tail is the exact one.
                if n == 2 {
                    assert!((ln_p_low - exact.ln()).abs() < 1e-9, "n=2 N={shuffles}: {} vs {exact}", ln_p_low.exp());
                }
            }
        }
    }

    #[test]
    fn the_global_statistic_has_the_reference_mean_and_variance_exactly() {
        // docs/src/reference.md#the-global-statistic: X2 over all cells has mean n(n-1) and variance 2n^2(N-1)/N. Enumerate every pair of
        // permutations of 4 cards (N = 2, 576 equally likely outcomes) and check both moments exactly.
        let n = 4usize;
        let perms = all_permutations(n);
        let mut values = Vec::new();
        for p in &perms {
            for q in &perms {
                let mut c = PositionCardCounts::new(n);
                c.add(p);
                c.add(q);
                values.push(c.global_chi2());
            }
        }
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
        assert!((mean - 12.0).abs() < 1e-9, "mean {mean}");
        assert!((var - 2.0 * 16.0 * 1.0 / 2.0).abs() < 1e-9, "variance {var}");
    }
}
