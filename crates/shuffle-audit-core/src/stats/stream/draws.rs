//! Cards drawn with replacement ("unlimited decks": `card = CARDS[floor(u·52)]`): under the null every draw is a
//! uniform face, independent of the others. Tests:
//!
//! - **faces** (`draw-faces`): Pearson's χ² of the faces' counts, N − 1 df; with fewer than 5 draws a face
//!   expected, its exact law under the multinomial instead (the exact multinomial test,
//!   [`crate::stats::distributions::equal_cells`]), an upper bound marked as such when the observed value is
//!   beyond the walk's budget;
//! - **serial pairs** (`draw-pairs`): the table of consecutive draws (the last draw paired with the first, so that
//!   every face starts and ends as many pairs) against independence given the faces' own counts, `E_ab =
//!   c_a·c_b/n`: Pearson's χ² with (N − 1)² df, the test of order 0 against order 1 of a Markov chain (Anderson
//!   and Goodman 1957). A bias of single faces does not move it (the faces' test has it), a draw that depends on
//!   the one before does;
//! - **gaps** (`draw-gaps`): the draws between two draws of one face are geometric, `P(G = k) = (1 − 1/N)^k/N`;
//!   the gaps of all faces in ten classes of about equal probability, Pearson's χ² (Knuth's gap test, pooled
//!   over the faces), each class's share taken over the gaps the sequence can show (a gap longer than what is
//!   left after its first draw is cut off by the end), a class expected fewer than 5 gaps merged into the one
//!   below;
//! - **resolution** (`draw-resolution`): a draw made from a `b`-bit number scaled to the faces (`⌊u·N/2^b⌋`) or
//!   reduced (`u mod N`) gives `2^b mod N` faces one preimage more than the others; the short faces' draws
//!   against their fair share, binomial lower tail, for each `b` in `⌈log2 N⌉..=16` and both mappings, the
//!   smallest p times the mappings tried (Bonferroni). A byte scaled to 52 draws 48 faces 5/256 and 4 faces
//!   4/256: the four are named. The finding names a mapping as the cause only when the draws fit that
//!   mapping's own law (every face's count, χ² p above 10^-3): draws leaning on some faces leave some mapping's
//!   short faces short too, but not the other faces even among themselves, and their finding says the faces
//!   themselves are drawn unevenly.

use super::faces::faces_chi2;
use super::{Found, MIN_EXPECTED, NotApplied, StreamTest, StreamTestId};
use crate::cards::Card;
use crate::stats::distributions::equal_cells::sum_of_squares_ln_sf;
use crate::stats::distributions::special::{binomial_ln_cdf, chi2_ln_sf};

/// The widest number a resolution candidate has.
pub const MAX_BITS: u32 = 16;

/// The smallest p of the draws against a mapping's own law at which that mapping is taken to explain them:
/// below it the faces are drawn unevenly in a way no coarse mapping gives.
const EXPLAINED: f64 = 1e-3;

/// Classes of the gap test.
const GAP_CLASSES: usize = 10;

#[derive(Clone, Debug)]
pub struct DrawCounts {
    n: usize,
    draws: u64,
    counts: Vec<u64>,
    pairs: Vec<u64>,
    first: Option<usize>,
    last: Option<usize>,
    last_at: Vec<Option<u64>>,
    /// The gap classes' lower ends (the last class open above) and the gaps counted in each.
    gap_from: Vec<u64>,
    gaps: Vec<u64>,
}

impl DrawCounts {
    /// Nothing drawn yet, from `n` faces (2..=1024).
    pub fn new(n: usize) -> Self {
        let q = 1.0 - 1.0 / n as f64;
        let mut gap_from = vec![0u64];
        for j in 1..GAP_CLASSES {
            let k = ((1.0 - j as f64 / GAP_CLASSES as f64).ln() / q.ln()).round() as u64;
            if k > *gap_from.last().expect("one class") {
                gap_from.push(k);
            }
        }
        let classes = gap_from.len();
        DrawCounts {
            n,
            draws: 0,
            counts: vec![0; n],
            pairs: vec![0; n * n],
            first: None,
            last: None,
            last_at: vec![None; n],
            gap_from,
            gaps: vec![0; classes],
        }
    }

    pub fn faces(&self) -> usize {
        self.n
    }

    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Counts one draw (a face below `n`: the reader has checked it).
    pub fn add(&mut self, face: Card) {
        let f = usize::from(face);
        self.counts[f] += 1;
        match self.last {
            Some(a) => self.pairs[a * self.n + f] += 1,
            None => self.first = Some(f),
        }
        if let Some(at) = self.last_at[f] {
            let gap = self.draws - at - 1;
            let class = self.gap_from.partition_point(|&from| from <= gap) - 1;
            self.gaps[class] += 1;
        }
        self.last_at[f] = Some(self.draws);
        self.last = Some(f);
        self.draws += 1;
    }

    pub fn tests(&self) -> (Vec<StreamTest>, Vec<NotApplied>) {
        let mut done = Vec::new();
        let mut not = Vec::new();
        for r in [self.faces_test(), self.pairs_test(), self.gaps_test(), self.resolution_test()] {
            match r {
                Ok(t) => done.push(t),
                Err(e) => not.push(e),
            }
        }
        (done, not)
    }

    fn faces_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::DrawFaces;
        let e = self.draws as f64 / self.n as f64;
        if e >= MIN_EXPECTED {
            return faces_chi2(id, &self.counts, &vec![e; self.n]);
        }
        if self.draws < 2 {
            return Err(NotApplied { id, why: format!("{} draw: two are needed", self.draws) });
        }
        let squares: u64 = self.counts.iter().map(|&c| c * c).sum();
        let Some(tail) = sum_of_squares_ln_sf(self.draws, self.n as u64, squares) else {
            return Err(NotApplied {
                id,
                why: format!(
                    "{e:.1} draws of a face expected: too few for χ² ({MIN_EXPECTED} needed), too many over {} faces \
                     for the exact law",
                    self.n
                ),
            });
        };
        // The face furthest from its share (the first of equals).
        let worst = self
            .counts
            .iter()
            .enumerate()
            .max_by(|a, b| (*a.1 as f64 - e).abs().total_cmp(&(*b.1 as f64 - e).abs()).then(b.0.cmp(&a.0)))
            .map(|(f, &c)| (f, c))
            .expect("faces");
        let statistic = self.n as f64 / self.draws as f64 * squares as f64 - self.draws as f64;
        Ok(StreamTest {
            id,
            statistic,
            df: (self.n - 1) as f64,
            ln_p: tail.ln_p,
            ln_p_low: None,
            found: Found::FaceExact {
                face: worst.0 as Card,
                observed: worst.1 as f64,
                expected: e,
                draws: self.draws,
                bound: tail.bound,
            },
        })
    }

    fn pairs_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::DrawPairs;
        let (n, nf, d) = (self.n, self.n as f64, self.draws as f64);
        let cell = d / (nf * nf);
        if cell < MIN_EXPECTED {
            return Err(NotApplied { id, why: format!("{cell:.1} draws expected a pair, {MIN_EXPECTED} needed") });
        }
        // The circular pair table: the last draw followed by the first.
        let mut pairs = self.pairs.clone();
        if let (Some(a), Some(b)) = (self.last, self.first) {
            pairs[a * n + b] += 1;
        }
        let (mut statistic, mut worst, mut at) = (0.0, -1.0, (0, 0));
        for a in 0..n {
            for b in 0..n {
                let e = (self.counts[a] as f64) * (self.counts[b] as f64) / d;
                if e <= 0.0 {
                    continue;
                }
                let dev = (pairs[a * n + b] as f64 - e) / e.sqrt();
                statistic += dev * dev;
                if dev.abs() > worst {
                    worst = dev.abs();
                    at = (a, b);
                }
            }
        }
        let seen = self.counts.iter().filter(|&&c| c > 0).count() as f64;
        let df = (seen - 1.0).max(1.0).powi(2);
        let (a, b) = at;
        let expected = (self.counts[a] as f64) * (self.counts[b] as f64) / d;
        Ok(StreamTest {
            id,
            statistic,
            df,
            ln_p: chi2_ln_sf(statistic, df),
            ln_p_low: None,
            found: Found::Pair { first: a as Card, second: b as Card, observed: pairs[a * n + b] as f64, expected },
        })
    }

    /// Whether mapping `c` explains the draws (`x` of them on its short faces): every face's count against the
    /// mapping's own law (`q/2^b` for a short face, `(q + 1)/2^b` for the others), Pearson's χ² on N − 1 df, p at
    /// least [`EXPLAINED`]; with fewer than 5 draws a face expected, the short faces' share alone against the
    /// mapping's (its lower tail). Draws leaning on some faces leave the short faces of some mapping short too,
    /// but not the others even among themselves: the control that keeps a face bias from being blamed on a
    /// mapping.
    fn fits_mapping(&self, c: &ResolutionCandidate, x: u64) -> bool {
        let n = self.draws as f64;
        let m = (1u64 << c.bits) as f64;
        let q = ((1u64 << c.bits) / self.n as u64) as f64;
        if n * q / m < MIN_EXPECTED {
            return binomial_ln_cdf(x, self.draws, c.share) >= EXPLAINED.ln();
        }
        let mut short = vec![false; self.n];
        c.short.iter().for_each(|&f| short[usize::from(f)] = true);
        let x2: f64 = self
            .counts
            .iter()
            .zip(&short)
            .map(|(&o, &s)| {
                let e = n * if s { q } else { q + 1.0 } / m;
                (o as f64 - e).powi(2) / e
            })
            .sum();
        chi2_ln_sf(x2, (self.n - 1) as f64) >= EXPLAINED.ln()
    }

    pub(crate) fn gaps_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::DrawGaps;
        let total: u64 = self.gaps.iter().sum();
        let shares = censored_gap_probs(&self.gap_from, self.n, self.draws);
        // Classes expected fewer than MIN_EXPECTED gaps (the long ones, which a short stream cuts off) are merged
        // into the class below: (from, to, observed, share).
        let mut classes: Vec<(u64, Option<u64>, u64, f64)> = Vec::new();
        for (c, (&o, &p)) in self.gaps.iter().zip(&shares).enumerate() {
            let to = self.gap_from.get(c + 1).map(|&k| k - 1);
            match classes.last_mut() {
                Some(last) if p * (total as f64) < MIN_EXPECTED => {
                    last.1 = to;
                    last.2 += o;
                    last.3 += p;
                }
                _ => classes.push((self.gap_from[c], to, o, p)),
            }
        }
        let least = classes.iter().map(|c| c.3).fold(f64::INFINITY, f64::min) * total as f64;
        if classes.len() < 2 || least < MIN_EXPECTED {
            return Err(NotApplied {
                id,
                why: format!("{total} gaps: too few for two classes of {MIN_EXPECTED} expected"),
            });
        }
        let mut x2 = 0.0;
        let mut worst: Option<(f64, Found)> = None;
        for &(from, to, o, p) in &classes {
            let e = p * total as f64;
            let d = (o as f64 - e) / e.sqrt();
            x2 += d * d;
            if worst.as_ref().is_none_or(|(w, _)| d.abs() > *w) {
                let found = Found::Gap { from, to, observed: o as f64, expected: e };
                worst = Some((d.abs(), found));
            }
        }
        let df = (classes.len() - 1) as f64;
        Ok(StreamTest {
            id,
            statistic: x2,
            df,
            ln_p: chi2_ln_sf(x2, df),
            ln_p_low: None,
            found: worst.expect("classes").1,
        })
    }

    fn resolution_test(&self) -> Result<StreamTest, NotApplied> {
        let id = StreamTestId::DrawResolution;
        let candidates = resolution_candidates(self.n);
        if candidates.is_empty() {
            return Err(NotApplied { id, why: format!("every width up to {MAX_BITS} bits divides {} faces", self.n) });
        }
        let nf = self.n as f64;
        let tried = candidates.len() as f64;
        let mut best: Option<StreamTest> = None;
        for c in &candidates {
            let fair = c.short.len() as f64 / nf;
            if self.draws as f64 * fair.min(1.0 - fair) < MIN_EXPECTED {
                continue;
            }
            let x: u64 = c.short.iter().map(|&f| self.counts[usize::from(f)]).sum();
            let ln_p = (binomial_ln_cdf(x, self.draws, fair) + tried.ln()).min(0.0);
            let explained = self.fits_mapping(c, x);
            let sd = (self.draws as f64 * fair * (1.0 - fair)).sqrt();
            let test = StreamTest {
                id,
                statistic: (x as f64 - self.draws as f64 * fair) / sd,
                df: 1.0,
                ln_p,
                ln_p_low: None,
                found: Found::Resolution {
                    bits: c.bits,
                    scaled: c.scaled,
                    short: c.short.clone(),
                    observed: x as f64 / self.draws as f64,
                    mapping: c.share,
                    fair,
                    draws: self.draws,
                    explained,
                },
            };
            // The most significant mapping that explains the deficit; one that does not only when none does.
            let rank = |t: &StreamTest| {
                let explains = matches!(t.found, Found::Resolution { explained: true, .. });
                (!explains, t.ln_p)
            };
            if best.as_ref().is_none_or(|b| rank(&test) < rank(b)) {
                best = Some(test);
            }
        }
        best.ok_or_else(|| NotApplied {
            id,
            why: format!("{} draws: too few for the short faces of any mapping", self.draws),
        })
    }
}

/// The share of each gap class among the gaps a sequence of `draws` draws of `n` faces shows. A gap is seen only
/// when its face comes again before the end: from the draw at place i, a gap of k draws is seen when `k ≤ draws −
/// 2 − i`, so the classes' expected counts are `Σ_i P(class, G ≤ draws − 2 − i)` with `P(G ≥ k) = q^k`, `q = 1 −
/// 1/n`, summed over i in closed form. The bare geometric shares, which a long sequence approaches, would count
/// the long gaps the end cuts off: a fair stream's gaps would then fail at 0.01 73% of the time over 150 draws
/// of 52 faces, and 10% over 400 (the core's tests, 1,000 streams each).
fn censored_gap_probs(gap_from: &[u64], n: usize, draws: u64) -> Vec<f64> {
    let q = 1.0 - 1.0 / n as f64;
    let pow = |k: u64| q.powf(k as f64);
    // The largest gap a draw can show, the first draw's.
    let Some(top) = draws.checked_sub(2) else { return vec![0.0; gap_from.len()] };
    // Σ over the cut-offs L = lo..=hi of (q^lo − q^(L+1)), one term a starting draw whose cut-off is L.
    let partial = |lo: u64, hi: u64| {
        let m = (hi - lo + 1) as f64;
        m * pow(lo) - pow(lo + 1) * (1.0 - pow(hi - lo + 1)) / (1.0 - q)
    };
    let raw: Vec<f64> = (0..gap_from.len())
        .map(|c| {
            let lo = gap_from[c];
            if lo > top {
                return 0.0;
            }
            match gap_from.get(c + 1) {
                // Closed class lo..=hi: the draws cut off below hi see part of it, the rest all of it.
                Some(&next) => {
                    let hi = next - 1;
                    if top < hi {
                        partial(lo, top)
                    } else {
                        let inside = if hi > lo { partial(lo, hi - 1) } else { 0.0 };
                        inside + (top - hi + 1) as f64 * (pow(lo) - pow(hi + 1))
                    }
                }
                None => partial(lo, top),
            }
        })
        .collect();
    let sum: f64 = raw.iter().sum();
    if sum <= 0.0 {
        return raw;
    }
    raw.into_iter().map(|r| r / sum).collect()
}

/// A coarse mapping of a `bits`-bit number to the faces, and the faces it draws one preimage short.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolutionCandidate {
    pub bits: u32,
    /// `⌊u·N/2^b⌋` (true) or `u mod N`.
    pub scaled: bool,
    pub short: Vec<Card>,
    /// The short faces' share of the draws under this mapping.
    pub share: f64,
}

/// Every mapping of `b` bits (`⌈log2 N⌉..=16`, `2^b` not a multiple of N) to `n` faces, scaled and reduced,
/// with its short faces (one preimage fewer than the others).
pub fn resolution_candidates(n: usize) -> Vec<ResolutionCandidate> {
    let mut out = Vec::new();
    for bits in 1..=MAX_BITS {
        let m = 1usize << bits;
        if m < n || m.is_multiple_of(n) {
            continue;
        }
        for scaled in [true, false] {
            let mut pre = vec![0usize; n];
            for u in 0..m {
                let f = if scaled { u * n / m } else { u % n };
                pre[f] += 1;
            }
            let q = m / n;
            let short: Vec<Card> = (0..n).filter(|&f| pre[f] == q).map(|f| f as Card).collect();
            let share = (short.len() * q) as f64 / m as f64;
            out.push(ResolutionCandidate { bits, scaled, short, share });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form of the classes' shares equals the sum it stands for, draw by draw.
    #[test]
    fn censored_shares_are_the_sum_over_each_draw() {
        for (n, draws) in [(52usize, 120u64), (52, 3), (13, 400), (4, 60), (1024, 5_000)] {
            let d = DrawCounts::new(n);
            let got = censored_gap_probs(&d.gap_from, n, draws);
            let q = 1.0 - 1.0 / n as f64;
            let mut direct = vec![0.0; d.gap_from.len()];
            for i in 0..draws {
                for k in 0..=(draws - 2 - i.min(draws - 2)) {
                    if i + k + 2 > draws {
                        break;
                    }
                    let c = d.gap_from.partition_point(|&from| from <= k) - 1;
                    direct[c] += q.powf(k as f64) * (1.0 - q);
                }
            }
            let sum: f64 = direct.iter().sum();
            for (g, e) in got.iter().zip(&direct) {
                assert!((g - e / sum).abs() < 1e-9, "{n} faces, {draws} draws: {got:?} vs {direct:?}");
            }
        }
    }
}
