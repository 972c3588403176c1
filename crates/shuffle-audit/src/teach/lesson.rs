//! The numbers behind the teaching page (`shuffle-audit teach`): for each loop the page offers, on each deck size
//! it offers, the exact position-by-card matrix with ideal draws (the page's own generator is exactly uniform),
//! what it takes for the page's one test to see the bias, and the 3-card tree of the naive swap.
//!
//! The page judges a sampled matrix with one test, the scaled position-by-card statistic `X²·(n−1)/n` against
//! χ²((n−1)²), two-sided, at the tool's thresholds: a family of one. So its sample sizes are those of
//! [`crate::stats::exact::detect`] with m = 1: the FAIL critical value c is the upper α/2 quantile, the
//! noncentrality after N shuffles is `N·λ₁`, and `P(FAIL) = P(χ'²((n−1)², N·λ₁) > c)` (the local-alternative
//! approximation that `exact` and `compare` state and check).
//!
//! The 3-card tree is built by running the catalogue's own naive swap (and Fisher–Yates) on every sequence of
//! draws, fed to it by a scripted generator, so the counts come from the code under audit, not from a table:
//! 3³ = 27 equally likely paths fall on the 3! = 6 orders 4, 5, 5, 5, 4, 4 times (Atwood 2007), and 27 is not a
//! multiple of 6, so no ideal generator can make the naive swap fair.

use serde::Serialize;

use crate::audit::verdict::Thresholds;
use crate::cards::Card;
use crate::rng::RawRng;
use crate::shuffle::{Algorithm, AlgorithmKind, FisherYates, NaiveSwap, Scratch, Shuffle};
use crate::stats::TestId;
use crate::stats::exact::Intractable;
use crate::stats::exact::detect::{critical_value, family, position_card_lambda};
use crate::stats::exact::model::{ExactMatrix, ExactRequest, exact_marginals};
use crate::stats::exact::riffle::{RiffleDistance, TABLE_RIFFLES, distance_table};
use crate::stats::power::ncx2_ln_sf;

/// The deck sizes the page offers: the 3 cards of the tree, small decks where a bias is easy to see, a suit, a
/// deck.
pub(crate) const LESSON_DECKS: [usize; 5] = [3, 4, 8, 13, 52];

/// The repetition count a loop of the page takes from a slider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct LoopParam {
    /// The constant of the loop's code the slider sets: `SWAPS`, `RIFFLES`.
    pub constant: &'static str,
    /// The URL parameter and the name `run` gives it (`swaps`, `riffles`).
    pub name: &'static str,
    /// The slider's stops, each with its exact matrix.
    pub values: &'static [usize],
    pub default: usize,
}

/// One loop of the page's menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LessonLoop {
    pub kind: AlgorithmKind,
    pub param: Option<LoopParam>,
}

const WASH_SWAPS: LoopParam =
    LoopParam { constant: "SWAPS", name: "swaps", values: &[1, 2, 5, 10, 20, 52, 100, 200, 500], default: 52 };
const RIFFLES: LoopParam =
    LoopParam { constant: "RIFFLES", name: "riffles", values: &[1, 2, 3, 4, 5, 6, 7, 8, 10, 12], default: 7 };

/// The page's menu, in its order.
pub(crate) const LESSON_LOOPS: [LessonLoop; 8] = [
    LessonLoop { kind: AlgorithmKind::NaiveSwap, param: None },
    LessonLoop { kind: AlgorithmKind::NaiveSwapOffByOne, param: None },
    LessonLoop { kind: AlgorithmKind::FisherYates, param: None },
    LessonLoop { kind: AlgorithmKind::Wash, param: Some(WASH_SWAPS) },
    LessonLoop { kind: AlgorithmKind::PairSwap, param: None },
    LessonLoop { kind: AlgorithmKind::SortRandomComparator, param: None },
    LessonLoop { kind: AlgorithmKind::Riffle, param: Some(RIFFLES) },
    LessonLoop { kind: AlgorithmKind::Sattolo, param: None },
];

/// Shuffles at which the page's curve is drawn: 10^1 to 10^12, eight points a decade.
pub(crate) fn curve_shuffles() -> Vec<f64> {
    (8..=96).map(|k| 10f64.powf(f64::from(k) / 8.0)).collect()
}

/// What it takes for the page's one test to see a bias.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PageDetection {
    /// Degrees of freedom, (n−1)².
    pub df: f64,
    /// Noncentrality per shuffle of the scaled statistic.
    pub lambda: f64,
    /// Shuffles at which the page says FAIL with probability 50% and 99% (infinite without bias).
    pub shuffles_50: f64,
    pub shuffles_99: f64,
    /// `P(FAIL)` and `P(not PASS)` at each of [`curve_shuffles`].
    pub fail: Vec<f64>,
    pub not_pass: Vec<f64>,
}

/// The page's detection figures for an exact matrix at the tool's thresholds.
pub(crate) fn page_detection(m: &ExactMatrix, thresholds: Thresholds) -> PageDetection {
    let n = m.n() as f64;
    let df = (n - 1.0) * (n - 1.0);
    let lambda = position_card_lambda(m);
    // The page's family is its one test.
    let sizes = family(TestId::PositionCard, df, lambda, thresholds.fail, 1);
    let (c_fail, c_susp) = (critical_value(thresholds.fail, df, 1), critical_value(thresholds.suspicious, df, 1));
    let curve = |c: f64| -> Vec<f64> {
        let mut out = Vec::new();
        let mut saturated = false;
        for shuffles in curve_shuffles() {
            // Past certainty the mixture only costs time; the curve stays at 1.
            let p = if saturated { 1.0 } else { ncx2_ln_sf(c, df, shuffles * lambda).exp().min(1.0) };
            saturated = p > 1.0 - 1e-12;
            out.push(p);
        }
        out
    };
    PageDetection {
        df,
        lambda,
        shuffles_50: sizes.shuffles_50,
        shuffles_99: sizes.shuffles_99,
        fail: curve(c_fail),
        not_pass: curve(c_susp),
    }
}

/// One exact case of the page: a loop at one slider stop on one deck size.
#[derive(Clone, Debug)]
pub struct LessonCase {
    pub n: usize,
    pub kind: AlgorithmKind,
    pub param: Option<usize>,
    /// Cells by card id of the `0..n` deck, `[card][pos]`.
    pub exact: ExactMatrix,
    pub detection: PageDetection,
}

/// The exact matrix and detection of one loop of the page (ideal draws).
pub(crate) fn lesson_case(
    kind: AlgorithmKind,
    param: Option<usize>,
    n: usize,
    thresholds: Thresholds,
) -> Result<LessonCase, Intractable> {
    let algorithm = Algorithm::with_swaps(kind, param);
    let exact = exact_marginals(&ExactRequest::new(algorithm, None, n))?;
    let detection = page_detection(&exact, thresholds);
    Ok(LessonCase { n, kind, param, exact, detection })
}

/// Every case of the page, deck by deck, loop by loop, stop by stop.
pub(crate) fn lesson_cases(thresholds: Thresholds) -> Result<Vec<LessonCase>, Intractable> {
    let mut cases = Vec::new();
    for n in LESSON_DECKS {
        for l in LESSON_LOOPS {
            match l.param {
                None => cases.push(lesson_case(l.kind, None, n, thresholds)?),
                Some(p) => {
                    for &v in p.values {
                        cases.push(lesson_case(l.kind, Some(v), n, thresholds)?);
                    }
                }
            }
        }
    }
    Ok(cases)
}

/// Everything the teaching page shows that is computed: the exact cases, both 3-card trees, the riffle
/// distances of 52 cards, and the thresholds the page judges by.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub thresholds: Thresholds,
    pub cases: Vec<LessonCase>,
    pub naive_tree: Vec<TreePath>,
    pub fisher_yates_tree: Vec<TreePath>,
    /// Total variation and separation after 1..=12 riffles of 52 cards.
    pub riffles: Vec<RiffleDistance>,
    /// The random-comparator sort's probe for each deck of [`LESSON_DECKS`].
    pub sort_probes: Vec<(usize, SortProbe)>,
}

/// The lesson at the given thresholds.
pub fn lesson(thresholds: Thresholds) -> Result<Lesson, Intractable> {
    Ok(Lesson {
        thresholds,
        cases: lesson_cases(thresholds)?,
        naive_tree: three_card_paths(AlgorithmKind::NaiveSwap),
        fisher_yates_tree: three_card_paths(AlgorithmKind::FisherYates),
        riffles: distance_table(52, TABLE_RIFFLES),
        sort_probes: LESSON_DECKS.iter().map(|&n| (n, sort_probe(n))).collect(),
    })
}

/// A scripted run of the random-comparator sort: the comparator's answers, the order V8's TimSort (the tool's
/// port, checked against Node) makes of `0..n` with them, and how many answers it took. The page replays the
/// answers through the browser's own `Array.prototype.sort`: the exact law is the TimSort's, so it applies only
/// where the browser sorts the same way (Chromium sorts arrays of up to 16 elements otherwise).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SortProbe {
    /// '1' is "less" (the comparator returns −1), '0' "not less" (+1).
    pub answers: String,
    pub order: Vec<Card>,
    pub calls: usize,
}

/// Comparator answers from a fixed bit string.
struct ScriptedCoins<'a> {
    bits: &'a [u8],
    used: usize,
}

impl crate::shuffle::Draws for ScriptedCoins<'_> {
    fn below(&mut self, _m: usize) -> usize {
        unreachable!("the comparator sort draws only coins")
    }
    fn half(&mut self) -> bool {
        let bit = self.bits[self.used] == b'1';
        self.used += 1;
        bit
    }
}

/// The probe of an `n`-card sort: answers from the runner's SplitMix64 stream seeded by n
/// ([`crate::audit::runner::chunk_seed`]), 64 per card, more than the sort ever asks.
pub(crate) fn sort_probe(n: usize) -> SortProbe {
    let mut answers = String::with_capacity(64 * n);
    for word in (0..n as u64).map(|i| crate::audit::runner::chunk_seed(n as u64, i)) {
        for b in 0..64 {
            answers.push(if (word >> b) & 1 == 1 { '1' } else { '0' });
        }
    }
    let mut order: Vec<Card> = (0..n as Card).collect();
    let mut coins = ScriptedCoins { bits: answers.as_bytes(), used: 0 };
    let mut tmp = Vec::new();
    crate::shuffle::v8_sort_random(&mut order, &mut coins, &mut tmp);
    let calls = coins.used;
    answers.truncate(calls);
    SortProbe { answers, order, calls }
}

/// A generator that replays given outputs: the draws of one path through a shuffle's tree.
struct Scripted<'a> {
    outputs: &'a [u32],
    at: usize,
}

impl RawRng for Scripted<'_> {
    const BITS: u32 = 32;
    fn r(&mut self) -> u32 {
        let x = self.outputs[self.at];
        self.at += 1;
        x
    }
}

/// One path of a 3-card tree: the draws taken and the deck after each step (`steps[k][pos] = card`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreePath {
    pub draws: Vec<usize>,
    pub steps: Vec<[Card; 3]>,
}

impl TreePath {
    /// The final order.
    pub fn order(&self) -> [Card; 3] {
        *self.steps.last().expect("a path has at least one step")
    }
}

/// Every path of the naive swap (3 draws of `r() % 3`) or of Fisher–Yates (`r() % 3`, then `r() % 2`) on 3
/// cards, each step run through the catalogue's own shuffle with a scripted generator.
pub(crate) fn three_card_paths(kind: AlgorithmKind) -> Vec<TreePath> {
    let arities: &[usize] = match kind {
        AlgorithmKind::NaiveSwap => &[3, 3, 3],
        AlgorithmKind::FisherYates => &[3, 2],
        other => unreachable!("the tree is drawn for the naive swap and Fisher–Yates, not {other:?}"),
    };
    let total: usize = arities.iter().product();
    let mut paths = Vec::with_capacity(total);
    for index in 0..total {
        // Draws in lexicographic order, the first draw most significant.
        let mut rest = index;
        let mut draws = vec![0usize; arities.len()];
        for (d, &a) in draws.iter_mut().zip(arities).rev() {
            *d = rest % a;
            rest /= a;
        }
        // The deck after each prefix of the draws: the inner nodes by the loop's swaps so far, the leaf by the
        // catalogue's shuffle itself on the scripted outputs (the unit test checks that the two agree).
        let steps = (1..=draws.len()).map(|k| run_prefix(kind, &draws, k)).collect();
        paths.push(TreePath { draws, steps });
    }
    paths
}

/// The deck after the first `k` steps of a 3-card shuffle on `draws`.
fn run_prefix(kind: AlgorithmKind, draws: &[usize], k: usize) -> [Card; 3] {
    let outputs: Vec<u32> = draws.iter().map(|&d| d as u32).collect();
    let mut deck: [Card; 3] = [0, 1, 2];
    let mut scratch = Scratch::new(3);
    if k == draws.len() {
        let mut rng = Scripted { outputs: &outputs, at: 0 };
        // The lesson's two loops: the naive swap, and Fisher–Yates for every other name.
        let done = if kind == AlgorithmKind::NaiveSwap {
            NaiveSwap.shuffle(&mut deck, &mut rng, &mut scratch)
        } else {
            FisherYates.shuffle(&mut deck, &mut rng, &mut scratch)
        };
        done.expect("both shuffles always return a permutation");
        assert_eq!(rng.at, outputs.len(), "the shuffle takes one draw per step");
        return deck;
    }
    // An intermediate node: the swaps the loop has made so far (naive swap: position i with draws[i];
    // Fisher–Yates: position 2 − i with draws[i]).
    for (i, &j) in draws[..k].iter().enumerate() {
        let at = if kind == AlgorithmKind::NaiveSwap { i } else { 2 - i };
        deck.swap(at, j);
    }
    deck
}

/// How many paths end on each of the 3! orders, in lexicographic order of `d[pos] = card`.
pub(crate) fn order_counts(paths: &[TreePath]) -> [usize; 6] {
    let mut counts = [0usize; 6];
    for p in paths {
        let o = p.order().map(|c| c as u8);
        counts[crate::stats::exact::lehmer_rank(&o)] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_naive_swap_puts_27_paths_on_6_orders_unevenly() {
        let paths = three_card_paths(AlgorithmKind::NaiveSwap);
        assert_eq!(paths.len(), 27);
        // Atwood's counts: 123 ×4, 132 ×5, 213 ×5, 231 ×5, 312 ×4, 321 ×4.
        assert_eq!(order_counts(&paths), [4, 5, 5, 5, 4, 4]);
        // The intermediate steps end where the whole shuffle ends.
        for p in &paths {
            let mut deck: [Card; 3] = [0, 1, 2];
            for (i, &j) in p.draws.iter().enumerate() {
                deck.swap(i, j);
                assert_eq!(p.steps[i], deck);
            }
        }
    }

    #[test]
    fn fisher_yates_puts_6_paths_on_6_orders_once_each() {
        let paths = three_card_paths(AlgorithmKind::FisherYates);
        assert_eq!(paths.len(), 6);
        assert_eq!(order_counts(&paths), [1; 6]);
    }

    #[test]
    fn the_page_sees_the_naive_swap_and_never_fisher_yates() {
        let t = Thresholds::default();
        let fy = lesson_case(AlgorithmKind::FisherYates, None, 52, t).unwrap();
        assert_eq!(fy.detection.lambda, 0.0);
        assert!(fy.detection.shuffles_50.is_infinite());
        // With no bias the chance of FAIL is the false-alarm rate, at most α.
        assert!(fy.detection.fail.iter().all(|&p| p <= 1e-9 * 1.01));
        let naive = lesson_case(AlgorithmKind::NaiveSwap, None, 52, t).unwrap();
        let d = &naive.detection;
        assert!(d.shuffles_50 > 100.0 && d.shuffles_50 < 1e4, "{}", d.shuffles_50);
        assert!(d.shuffles_99 > d.shuffles_50);
        // The curves rise from near 0 to 1, and SUSPICIOUS comes no later than FAIL.
        assert!(d.fail[0] < 1e-3 && *d.fail.last().unwrap() == 1.0);
        assert!(d.fail.windows(2).all(|w| w[1] >= w[0] - 1e-12));
        assert!(d.fail.iter().zip(&d.not_pass).all(|(f, s)| s >= f));
    }

    #[test]
    fn the_sort_probe_uses_its_answers_and_makes_a_permutation() {
        for n in LESSON_DECKS {
            let p = sort_probe(n);
            assert_eq!(p.answers.len(), p.calls);
            let mut sorted = p.order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as Card).collect::<Vec<_>>());
        }
        // 52 cards: binary insertion of every card after the first run, about 222 answers on average.
        assert!((150..300).contains(&sort_probe(52).calls));
    }

    #[test]
    fn every_case_of_the_page_has_an_exact_law() {
        let cases = lesson_cases(Thresholds::default()).unwrap();
        let per_deck: usize = LESSON_LOOPS.iter().map(|l| l.param.map_or(1, |p| p.values.len())).sum();
        assert_eq!(cases.len(), per_deck * LESSON_DECKS.len());
        for c in &cases {
            for card in 0..c.n {
                let row: f64 = (0..c.n).map(|pos| c.exact.get(card, pos).to_f64()).sum();
                assert!((row - 1.0).abs() < 1e-9, "{:?} {:?} n={}", c.kind, c.param, c.n);
            }
        }
    }
}
