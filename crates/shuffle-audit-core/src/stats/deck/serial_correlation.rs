//! Serial correlation between consecutive decks of one generator stream.
//!
//! A generator stuck in a short cycle, or one whose consecutive outputs are related, makes deck t+1 depend on deck
//! t even when each deck on its own looks fair. The statistic: over consecutive decks t, t+1 of the same stream,
//! `T[i][j]` counts the cards that were at position i in deck t and are at position j in deck t+1. With σ_t the
//! map from positions to cards of deck t, that is the position-by-position matrix of the relative permutation
//! `ρ_t = σ_{t+1}⁻¹ ∘ σ_t` (positions of deck t to positions of deck t+1).
//!
//! **Null: independent decks with the observed position-by-card law, whatever it is.** A shuffle that is biased
//! but independent from deck to deck must pass: if it did not, the test would re-measure the single-deck bias
//! and blame the generator for it (naive-swap decks in a random order failed at p = 10^-128 against the uniform
//! null this test had before). With `M[c][i]` the share of decks with card c at position i (from the
//! position-by-card counts of the same decks), an independent pair puts the card at position i of deck t at
//! position j of deck t+1 with probability `G[i][j] = Σ_c M[c][i]·M[c][j]`, so `E[T[i][j]] = P·G[i][j]` for P
//! pairs. Writing a deck's 0/1 position-by-card matrix as `A = M + D`, the transitions are
//! `Σ_t (DₜᵀM + MᵀDₜ₊₁ + DₜᵀDₜ₊₁) + P·G`: the first two terms are the decks' own deviations from M, which the
//! observed marginals cancel, and the third is the interaction that dependence would move. The cards at one
//! position form one Multinomial(1, M\[·\]\[i\]) draw, so the interaction's variance per pair is exactly
//! `V[i][j] = G − Σ_c M[c][i]·M[c][j]·(M[c][i] + M[c][j]) + G²`, and Pearson's `X² = Σ (T − P·G)²/(P·G)` has
//! null mean `μ = Σ V/G` (cells with G = 0, which no card reaches, are left out). The test takes
//! `X²·(n−1)²/μ` against χ²((n−1)²), two-sided. For uniform decks G = 1/n, V = (n−1)/n², μ = n(n−1) and this
//! is the position-by-card scaling `X²·(n−1)/n` exactly (docs/src/reference.md#the-global-statistic): the
//! relative permutations of independent uniform decks are independent uniform permutations.
//!
//! The mean is matched exactly; the χ²((n−1)²) shape also assumes the cells' covariances are close to those of
//! uniform decks: checked by simulation for naive swap (its rate below); wash, pair-swap and the shelf machine pass
//! in single runs. Decks that take only a few orders (a bare cut, whose decks are n rotations of one order, or
//! decks drawn from a handful of seeds) have far fewer effective degrees of freedom and a different spread than
//! χ²((n−1)²), and can fail either tail; the single-deck tests (adjacency, duplicate decks) are the ones that
//! speak for them.
//!
//! A cycle of length L puts all the mass on at most L·n of the n² cells and fails at once; the pooled rank
//! correlation between a card's positions in consecutive decks beyond what the marginals give,
//! `r = Σ (T[i][j] − P·G[i][j])·(i − m)(j − m) / (P·Σ_i (i − m)²)`, m = (n−1)/2, is reported as the effect size
//! (0 under the null).
//!
//! The runner's chunks are the streams: each chunk draws its decks from one generator seeded by (seed, chunk), so
//! pairs never straddle two chunks ([`SerialTransitions::begin_stream`]). The position-by-card counts come from
//! every deck of the run (the battery keeps them anyway): they differ from those of the paired decks by the first
//! or last deck of each stream (one deck in 16,384 for the runner's chunks), a shift far below a cell's noise.

use crate::cards::Card;
use crate::stats::deck::position_card::PositionCardCounts;
use crate::stats::distributions::lattice::position_matrix_ln_cdf;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::finding::{Finding, within_chance};
use crate::stats::{TestId, TestResult};

/// The decks per position-by-card cell from which the null takes the observed position law (10: 27,040 decks of
/// 52 cards); with fewer, the uniform law of a fair shuffle.
pub const MARGINAL_DECKS_PER_CELL: u64 = 10;

/// Whether a serial test's null takes the decks' own position law (the observed share of each symbol at each
/// position) rather than the uniform law of a fair shuffle; the one rule of serial-correlation (symbols: the
/// cards) and face-serial (symbols: a shoe's faces). Both conditions are needed:
/// - at least [`MARGINAL_DECKS_PER_CELL`] decks a position-by-symbol cell (`cells` of them): below, the observed
///   shares are noisier than any bias they would correct;
/// - three symbols or more: with two, the statistic counts the runs of one binary sequence, a lattice whose lower
///   tail the uniform law's exact lattice gives and the observed law's does not.
pub fn observed_law_applies(symbols: usize, cells: usize, decks: u64) -> bool {
    symbols >= 3 && decks >= MARGINAL_DECKS_PER_CELL * cells as u64
}

/// Position-to-position transitions between consecutive decks.
#[derive(Clone, Debug)]
pub struct SerialTransitions {
    n: usize,
    pairs: u64,
    /// `counts[i * n + j]`.
    counts: Vec<u64>,
    /// Positions of the cards in the previous deck of the current stream (`previous[card] = position`).
    previous: Vec<Card>,
    have_previous: bool,
    inverse: Vec<Card>,
}

impl PartialEq for SerialTransitions {
    fn eq(&self, other: &Self) -> bool {
        (self.pairs, &self.counts) == (other.pairs, &other.counts)
    }
}

impl SerialTransitions {
    pub fn new(n: usize) -> Self {
        SerialTransitions {
            n,
            pairs: 0,
            counts: vec![0; n * n],
            previous: vec![0; n],
            have_previous: false,
            inverse: vec![0; n],
        }
    }

    /// Consecutive pairs of decks counted.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    pub fn get(&self, from: usize, to: usize) -> u64 {
        self.counts[from * self.n + to]
    }

    /// Starts a new stream: the next deck is not paired with the previous one.
    #[inline(always)]
    pub fn begin_stream(&mut self) {
        self.have_previous = false;
    }

    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        let mut inverse = std::mem::take(&mut self.inverse);
        crate::stats::deck::rising_sequences::invert(deck, &mut inverse);
        self.add_inverse(&inverse);
        self.inverse = inverse;
    }

    /// Counts a deck given its inverse permutation (`inverse[card] = position`).
    #[inline(always)]
    pub fn add_inverse(&mut self, inverse: &[Card]) {
        let n = self.n;
        if self.have_previous {
            for (from, &to) in self.previous.iter_mut().zip(inverse) {
                self.counts[usize::from(*from) * n + usize::from(to)] += 1;
                *from = to;
            }
            self.pairs += 1;
        } else {
            self.previous.copy_from_slice(inverse);
            self.have_previous = true;
        }
    }

    /// For the battery's one-pass update ([`crate::stats::battery::fused`]): the transition matrix, the previous deck's inverse,
    /// the buffer for this deck's, and whether this deck pairs with the previous one. Call
    /// [`Self::record_deck`] once the deck is counted.
    ///
    /// The two inverses are two buffers that trade places at every deck: the pass reads the previous one and
    /// writes the other. Read and written in place instead, each read waits on the stores before it (the
    /// processor cannot tell they never touch the same card), measured about 10% slower with ChaCha8.
    #[inline(always)]
    pub(in crate::stats) fn parts_mut(&mut self) -> (&mut [u64], &[Card], &mut [Card], bool) {
        self.advance();
        (&mut self.counts, &self.previous, &mut self.inverse, self.have_previous)
    }

    /// As [`Self::parts_mut`], without the transition matrix (the caller counts into tables of its own).
    #[inline(always)]
    pub(in crate::stats) fn stream_mut(&mut self) -> (&[Card], &mut [Card], bool) {
        self.advance();
        (&self.previous, &mut self.inverse, self.have_previous)
    }

    /// The transition matrix alone (for adding counts kept elsewhere), leaving the inverses where they are.
    pub(in crate::stats) fn counts_mut(&mut self) -> &mut [u64] {
        &mut self.counts
    }

    /// The last deck's inverse becomes the previous one (`add` leaves it in both buffers).
    #[inline(always)]
    fn advance(&mut self) {
        std::mem::swap(&mut self.previous, &mut self.inverse);
    }

    /// The last counted deck's inverse, as left by the battery's pass.
    pub(in crate::stats) fn last_inverse(&self) -> &[Card] {
        &self.inverse
    }

    /// One more deck, counted through [`Self::parts_mut`]: `inverse` now holds its inverse.
    #[inline(always)]
    pub(in crate::stats) fn record_deck(&mut self) {
        self.pairs += u64::from(self.have_previous);
        self.have_previous = true;
    }

    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.pairs += other.pairs;
    }

    /// Pearson X² over the n² transitions against the expected counts of independent decks with the observed
    /// position-by-card law (`positions[p * n + c]`: how often card c lay at position p, over `decks` decks),
    /// unscaled, with its null mean μ (see the module's documentation). Cells no card can reach are left out.
    pub fn chi2_given(&self, positions: &[u64], decks: u64) -> (f64, f64) {
        let (expected, variance) = self.null_moments(positions, decks);
        let p = self.pairs as f64;
        let (mut x2, mut mean) = (0.0, 0.0);
        for ((&o, &g), &v) in self.counts.iter().zip(&expected).zip(&variance) {
            if g > 0.0 {
                x2 += sq(o as f64 - p * g) / (p * g);
                mean += v / g;
            }
        }
        (x2, mean)
    }

    /// For each cell (i, j): `G[i][j] = Σ_c M[c][i]·M[c][j]`, the probability that the card at position i of one
    /// deck is at position j of an independent deck, and
    /// `V[i][j] = G − Σ_c M[c][i]·M[c][j]·(M[c][i] + M[c][j]) + G²`, the variance per pair of the transition
    /// count once the marginals are taken out (`M[c][i]` the observed share of decks with card c at position i).
    fn null_moments(&self, positions: &[u64], decks: u64) -> (Vec<f64>, Vec<f64>) {
        let n = self.n;
        assert_eq!(positions.len(), n * n, "position-by-card counts of another deck size");
        let scale = 1.0 / decks.max(1) as f64;
        // m[c * n + i] = M[c][i], card-major so that a card's row is contiguous. Below MARGINAL_DECKS_PER_CELL
        // decks a cell, the observed shares are noisier than any bias they would correct (a fair run of 10 decks
        // FAILed, and samples of 100 decks rejected 22 of 100 fair runs at 0.05): the uniform law is used.
        // Two cards are the exception: the statistic is then the runs of one binary sequence, a lattice whose lower
        // tail the uniform law's exact lattice (position_matrix_ln_cdf) gives and the observed law's does not (57
        // of 2000 fair runs of 1000 decks below 0.005, against 10): the uniform law is kept for them.
        let observed = observed_law_applies(n, n * n, decks);
        let mut m = vec![1.0 / n as f64; n * n];
        if observed {
            for (i, row) in positions.chunks_exact(n).enumerate() {
                for (c, &k) in row.iter().enumerate() {
                    m[c * n + i] = k as f64 * scale;
                }
            }
        }
        let (mut g, mut h) = (vec![0.0; n * n], vec![0.0; n * n]);
        for card in m.chunks_exact(n) {
            for (i, &a) in card.iter().enumerate() {
                if a == 0.0 {
                    continue;
                }
                let (gi, hi) = (&mut g[i * n..(i + 1) * n], &mut h[i * n..(i + 1) * n]);
                for ((gij, hij), &b) in gi.iter_mut().zip(hi.iter_mut()).zip(card) {
                    *gij += a * b;
                    *hij += a * b * (a + b);
                }
            }
        }
        let v = g.iter().zip(&h).map(|(&g, &h)| g - h + g * g).collect();
        (g, v)
    }

    /// Pooled correlation between a card's position in deck t and in deck t+1, beyond what the marginals give
    /// (`expected` from [`Self::null_moments`]; 0 under the null).
    fn correlation(&self, expected: &[f64]) -> f64 {
        let n = self.n;
        let m = (n as f64 - 1.0) / 2.0;
        let ss: f64 = (0..n).map(|i| (i as f64 - m).powi(2)).sum();
        let p = self.pairs as f64;
        let mut s = 0.0;
        for i in 0..n {
            for j in 0..n {
                s += (self.get(i, j) as f64 - p * expected[i * n + j]) * (i as f64 - m) * (j as f64 - m);
            }
        }
        s / (p * ss)
    }

    /// The test given the position-by-card counts of the same decks (`positions[p * n + c]`, over `decks` decks:
    /// the battery's [`crate::stats::PositionCardCounts`]): `X²·(n−1)²/μ` against χ²((n−1)²), two-sided.
    pub fn evaluate_given(&self, positions: &[u64], decks: u64) -> Vec<TestResult> {
        let n = self.n;
        let nf = n as f64;
        let df = (nf - 1.0) * (nf - 1.0);
        let (expected, variance) = self.null_moments(positions, decks);
        let p = self.pairs as f64;
        let (mut x2, mut mean) = (0.0, 0.0);
        let mut worst = (0, 0, 1.0f64);
        for (cell, ((&o, &g), &v)) in self.counts.iter().zip(&expected).zip(&variance).enumerate() {
            if g > 0.0 {
                x2 += sq(o as f64 - p * g) / (p * g);
                mean += v / g;
                let r = o as f64 / (p * g);
                if r.ln().abs() > worst.2.ln().abs() {
                    worst = (cell / n, cell % n, r);
                }
            }
        }
        // Decks that never vary (one deck repeated) leave nothing to test: no cell has any variance.
        let scaled = if mean > 1e-9 { x2 * df / mean } else { df };
        let (i, j, ratio) = worst;
        let r = self.correlation(&expected);
        let (ln_p, ln_p_low) = if mean > 1e-9 {
            (chi2_ln_sf(scaled, df), position_matrix_ln_cdf(n, self.pairs, scaled, df))
        } else {
            (0.0, 0.0)
        };
        vec![TestResult {
            test: TestId::SerialCorrelation,
            statistic: scaled,
            df,
            ln_p,
            ln_p_low: Some(ln_p_low),
            effect: r,
            finding: Finding::SerialCorrelation {
                pairs: self.pairs,
                from: i,
                to: j,
                ratio,
                correlation: r,
                fair: within_chance(ln_p, Some(ln_p_low)),
            },
        }]
    }
}

fn sq(x: f64) -> f64 {
    x * x
}

impl SerialTransitions {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("serial_correlation.pairs", std::slice::from_mut(&mut self.pairs));
        visitor.visit("serial_correlation.counts", &mut self.counts);
    }
}

/// Serial correlation on its own: the transitions and the position-by-card counts of the same decks, whose law
/// the test conditions on. The battery keeps the two apart (its position-by-card counts serve other tests too) and
/// evaluates the transitions with them.
#[derive(Clone, Debug, PartialEq)]
pub struct SerialCorrelation {
    pub transitions: SerialTransitions,
    pub positions: PositionCardCounts,
}

impl SerialCorrelation {
    pub fn new(n: usize) -> Self {
        SerialCorrelation { transitions: SerialTransitions::new(n), positions: PositionCardCounts::new(n) }
    }

    pub fn begin_stream(&mut self) {
        self.transitions.begin_stream();
    }

    pub fn add(&mut self, deck: &[Card]) {
        self.transitions.add(deck);
        self.positions.add(deck);
    }

    pub fn merge(&mut self, other: &Self) {
        self.transitions.merge(&other.transitions);
        self.positions.merge(&other.positions);
    }

    pub fn evaluate(&self) -> Vec<TestResult> {
        self.transitions.evaluate_given(self.positions.matrix(), self.positions.shuffles())
    }

    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.transitions.visit_counts(visitor);
        self.positions.visit_counts(visitor);
    }
}

crate::stats::statistic::impl_statistic!(SerialCorrelation, streams);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{ChaCha8, MsvcRand, Pcg32, SeededRng};
    use crate::shuffle::{FisherYates, NaiveSwap, Scratch, Shuffle};
    use crate::stats::testing::{all_permutations, moments};

    /// `count` decks of 52 cards, each shuffled by `shuffle` from the suit-ordered deck with one generator.
    fn decks<S: Shuffle, R: SeededRng>(shuffle: &S, rng: &mut R, count: usize) -> Vec<Vec<Card>> {
        let mut scratch = Scratch::new(52);
        (0..count)
            .map(|_| {
                let mut d: Vec<Card> = (0..52).collect();
                shuffle.shuffle(&mut d, rng, &mut scratch).unwrap();
                d
            })
            .collect()
    }

    fn fed(decks: &[Vec<Card>]) -> SerialCorrelation {
        let mut s = SerialCorrelation::new(decks[0].len());
        decks.iter().for_each(|d| s.add(d));
        s
    }

    #[test]
    fn transitions_of_independent_decks_have_the_position_card_moments_exactly() {
        // Every sequence of 2 and 3 decks of 3 cards (36 and 216 outcomes), against the uniform law (every card
        // once at every position): X2 has mean n(n−1) = 6 exactly, and with P = 2 pairs variance 2n²(P−1)/P = 9
        // exactly (the relative permutations are independent and uniform); the null mean μ is n(n−1) = 6.
        let uniform = [1u64; 9];
        let perms = all_permutations(3);
        let mut one = Vec::new();
        let mut two = Vec::new();
        for a in &perms {
            for b in &perms {
                let mut t = SerialTransitions::new(3);
                t.add(a);
                t.add(b);
                let (x2, mean) = t.chi2_given(&uniform, 3);
                assert!((mean - 6.0).abs() < 1e-12, "{mean}");
                one.push(x2);
                for c in &perms {
                    let mut t3 = t.clone();
                    t3.add(c);
                    two.push(t3.chi2_given(&uniform, 3).0);
                }
            }
        }
        assert!((moments(&one).0 - 6.0).abs() < 1e-9);
        let (mean, var) = moments(&two);
        assert!((mean - 6.0).abs() < 1e-9 && (var - 9.0).abs() < 1e-9, "mean {mean}, variance {var}");
    }

    #[test]
    fn the_interaction_variance_is_exact_for_decks_of_any_law() {
        // Two independent decks of 3 cards from a biased law q over the 6 orders, M its position-by-card law: the
        // interaction `I[i][j] = Σ_c (A[c][i] − M[c][i])·(B[c][j] − M[c][j])` has E[I²] = V[i][j] exactly and
        // E[T] = G, by enumerating every pair of orders weighted by q(a)·q(b).
        let perms = all_permutations(3);
        let q: [f64; 6] = [0.30, 0.05, 0.25, 0.10, 0.20, 0.10];
        let mut positions = [0u64; 9];
        for (p, &w) in perms.iter().zip(&q) {
            for (i, &c) in p.iter().enumerate() {
                positions[i * 3 + usize::from(c)] += (w * 100.0).round() as u64;
            }
        }
        let m = |i: usize, c: usize| positions[i * 3 + c] as f64 / 100.0;
        let at = |deck: &[Card], i: usize, c: usize| f64::from(u8::from(usize::from(deck[i]) == c));
        let (g, v) = SerialTransitions::new(3).null_moments(&positions, 100);
        let (mut t, mut ii) = ([0.0; 9], [0.0; 9]);
        for (a, &qa) in perms.iter().zip(&q) {
            for (b, &qb) in perms.iter().zip(&q) {
                for i in 0..3 {
                    for j in 0..3 {
                        let x: f64 = (0..3).map(|c| (at(a, i, c) - m(i, c)) * (at(b, j, c) - m(j, c))).sum();
                        let o: f64 = (0..3).map(|c| at(a, i, c) * at(b, j, c)).sum();
                        ii[i * 3 + j] += qa * qb * x * x;
                        t[i * 3 + j] += qa * qb * o;
                    }
                }
            }
        }
        for k in 0..9 {
            assert!((ii[k] - v[k]).abs() < 1e-12 && (t[k] - g[k]).abs() < 1e-12, "cell {k}: {ii:?} {v:?}");
        }
    }

    #[test]
    fn streams_do_not_pair_across_their_boundary() {
        let mut t = SerialTransitions::new(3);
        t.add(&[0, 1, 2]);
        t.add(&[2, 1, 0]);
        t.begin_stream();
        t.add(&[1, 0, 2]);
        assert_eq!(t.pairs(), 1);
        assert_eq!((t.get(0, 2), t.get(1, 1), t.get(2, 0)), (1, 1, 1));
    }

    #[test]
    fn a_generator_stuck_in_a_short_cycle_is_caught() {
        // Positive control: three Fisher-Yates decks (pcg32, fixed seed) repeated in a cycle of length 3, 3000 decks.
        // Each deck alone is a fair draw, and the position-by-card counts of the whole stream are only 3 decks
        // deep; the transitions concentrate on 3·52 of the 2704 cells. A fair stream gives p < 1e-9 with
        // probability 1e-9.
        let mut rng = Pcg32::from_seed_u64(17);
        let cycle = decks(&FisherYates, &mut rng, 3);
        let r = fed(&(0..3000).map(|k| cycle[k % 3].clone()).collect::<Vec<_>>()).evaluate().remove(0);
        assert!(r.ln_p < -10_000.0, "{}", r.ln_p);
        // An independent fair stream at a fixed seed: p above 1e-4 in both tails (fails with probability 2e-4).
        let f = fed(&decks(&FisherYates, &mut rng, 3000)).evaluate().remove(0);
        assert!(f.ln_p > 1e-4f64.ln() && f.ln_p_low.unwrap() > 1e-4f64.ln(), "{f:?}");
    }

    #[test]
    fn a_biased_shuffle_in_a_random_order_passes_while_its_positions_fail() {
        // The control that separates the generator from the shuffle: 200,000 naive-swap decks (chacha8, seed 5),
        // their order shuffled by Fisher-Yates on pcg32 (seed 6), so no deck is related to the next. Naive swap is
        // far from uniform (♠2 at position 0 1.36× as often as fair): position-card fails at 10^-1000 and
        // beyond, and the uniform null this test had before fails too (asserted p < 1e-9: it re-measures the
        // position bias). Against the decks' own law, serial correlation passes: p above 1e-3 in the family
        // (two-sided), which an independent stream misses with probability 1e-3.
        let mut d = decks(&NaiveSwap, &mut ChaCha8::from_seed_u64(5), 200_000);
        let mut order = Pcg32::from_seed_u64(6);
        for i in (1..d.len()).rev() {
            let j = (crate::rng::RawRng::next_u64(&mut order) % (i as u64 + 1)) as usize;
            d.swap(i, j);
        }
        let s = fed(&d);
        let serial = s.evaluate().remove(0);
        assert!(serial.family_ln_p().0 > 1e-3f64.ln(), "{serial:?}");
        let positions = s.positions.global_test();
        assert!(positions.ln_p < -1000.0f64 * std::f64::consts::LN_10, "{positions:?}");
        let uniform = vec![1u64; 52 * 52];
        let before = s.transitions.evaluate_given(&uniform, 52).remove(0);
        assert!(before.ln_p < 1e-9f64.ln(), "{before:?}");
    }

    #[test]
    fn consecutive_clock_seeds_of_the_msvc_generator_are_caught() {
        // A dealer that calls srand(seconds) before every deal, one deal a second: deck t comes from the MSVC
        // rand() seeded with s + t. Consecutive seeds give states that differ by the same A^k at every step k, so
        // each draw of deck t+1 is that of deck t shifted by a fixed amount. Each deck alone is a fair-looking
        // Fisher-Yates deck; 20,000 consecutive seeds from 1,700,000,000. A dependent stream is what the test is
        // for: asserted p < 1e-9, which an independent stream reaches with probability 1e-9.
        let mut scratch = Scratch::new(52);
        let d: Vec<Vec<Card>> = (0..20_000u32)
            .map(|t| {
                let mut deck: Vec<Card> = (0..52).collect();
                FisherYates.shuffle(&mut deck, &mut MsvcRand::srand(1_700_000_000 + t), &mut scratch).unwrap();
                deck
            })
            .collect();
        let r = fed(&d).evaluate().remove(0);
        assert!(r.ln_p < 1e-9f64.ln(), "{r:?}");
    }

    /// Rejections at 0.05 and 0.01 (family p, both tails) of `runs` fair streams of `decks` Fisher-Yates decks
    /// (chacha8, one seed per run from `seed`).
    fn fair_rejections(runs: u64, decks_per_run: usize, seed: u64) -> [u64; 2] {
        let mut rejected = [0u64; 2];
        for run in 0..runs {
            let f = fed(&decks(&FisherYates, &mut ChaCha8::from_seed_u64(seed + run), decks_per_run));
            let ln_p = f.evaluate()[0].family_ln_p().0;
            rejected[0] += u64::from(ln_p < 0.05f64.ln());
            rejected[1] += u64::from(ln_p < 0.01f64.ln());
        }
        rejected
    }

    #[test]
    fn a_fair_stream_passes_at_its_stated_rate() {
        // 300 fair streams of 10,000 decks: rejections at 5% and 1% within the 99.9% band of Binomial(300, α)
        // ([5, 28] and [0, 10]; a correctly calibrated test falls outside with probability below 2e-3 together).
        let [at5, at1] = fair_rejections(300, 10_000, 1000);
        let band5 = crate::stats::distributions::special::binomial_band(300, 0.05, 0.999);
        let band1 = crate::stats::distributions::special::binomial_band(300, 0.01, 0.999);
        assert!((band5.0..=band5.1).contains(&at5) && (band1.0..=band1.1).contains(&at1), "{at5} {at1}");
    }

    #[test]
    #[ignore = "heavy: 2,000 fair streams of 100,000 decks (release: several minutes)"]
    fn a_fair_stream_passes_at_its_stated_rate_heavy() {
        // 2,000 fair streams of 100,000 decks: each rate's 99% Clopper-Pearson interval must hold the stated α
        // (a correctly calibrated test misses with probability 1% per rate). Measured: 97 and 21 of 2,000
        // (4.85%, 99% interval 3.70–6.22%; 1.05%, 0.55–1.79%).
        let runs = 2000;
        let rejected = fair_rejections(runs, 100_000, 50_000);
        for (k, alpha) in rejected.into_iter().zip([0.05, 0.01]) {
            let (lo, hi) = crate::stats::distributions::special::clopper_pearson(k, runs, 0.99);
            eprintln!("α {alpha}: {k} of {runs} rejected, 99% interval {lo:.4}–{hi:.4}");
            assert!(lo <= alpha && alpha <= hi, "α {alpha}: {k} of {runs}");
        }
    }

    #[test]
    #[ignore = "heavy: 1,000 streams of 100,000 naive-swap decks (release: a few minutes)"]
    fn a_biased_independent_stream_passes_at_its_stated_rate_heavy() {
        // Naive-swap decks from one chacha8 stream per run are independent (the generator is good): the test
        // must reject them at its stated rate, inside each rate's 99% Clopper-Pearson interval. Measured: 41 and
        // 6 of 1,000 (4.1%, 99% interval 2.66–6.00%; 0.6%, 0.15–1.56%).
        let runs = 1000;
        let mut rejected = [0u64; 2];
        for run in 0..runs {
            let f = fed(&decks(&NaiveSwap, &mut ChaCha8::from_seed_u64(90_000 + run), 100_000));
            let ln_p = f.evaluate()[0].family_ln_p().0;
            rejected[0] += u64::from(ln_p < 0.05f64.ln());
            rejected[1] += u64::from(ln_p < 0.01f64.ln());
        }
        for (k, alpha) in rejected.into_iter().zip([0.05, 0.01]) {
            let (lo, hi) = crate::stats::distributions::special::clopper_pearson(k, runs, 0.99);
            eprintln!("α {alpha}: {k} of {runs} rejected, 99% interval {lo:.4}–{hi:.4}");
            assert!(lo <= alpha && alpha <= hi, "α {alpha}: {k} of {runs}");
        }
    }
}
