//! The exact position-by-card law of a shuffle of the catalogue, computed without sampling: what
//! `shuffle-audit exact --algorithm A` prints and `run --against-exact` tests against.
//!
//! [`ExactRequest`] names the shuffle, its draws (ideal, or the remainder of a w-bit output: 15 bits for MSVC,
//! 31 for glibc, 32 for the modern generators), the deck and the cut or burn applied after it;
//! [`exact_marginals`] dispatches to the chains of [`super::chains`] and [`super::retry`] (the one place where
//! an algorithm is matched to its exact law) and applies the post-processing:
//! - `--cut` rotates the deck left by `k = r() % n`, a draw from the same generator: the card at place x goes to
//!   `(x − k) mod n`, so `p'[c][y] = Σ_k q_n(k)·p[c][(y + k) mod n]`;
//! - `--burn B` rotates it left by B: `p'[c][y] = p[c][(y + B) mod n]`.
//!
//! Where no exact law exists the request is refused with the reason and the nearest thing that can be done
//! ([`Intractable`]): `reject-retry` never terminates and `direct-draw` is not a permutation.

use super::Intractable;
pub use super::chains::Watch;
use super::dd::Dd;
use super::draws::{Bits, DrawLaw};
use super::{chains, retry};
use crate::cards::Card;
use crate::shuffle::{Algorithm, AlgorithmKind};

/// Double-double operations above which a request is refused rather than left running (about a minute).
pub const MAX_WORK: f64 = 2e10;

/// Rounding floor of the double-double chains, in units of n·|p − 1/n|.
pub const DD_FLOOR: f64 = 1e-26;
/// Rounding floor of laws computed in doubles.
pub const F64_FLOOR: f64 = 1e-12;

/// One exact computation: which shuffle, with which draws, on how many cards, cut or burned after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactRequest {
    pub algorithm: Algorithm,
    /// `None` exactly uniform draws, `Some(w)` the law of `r() % m` for a uniform w-bit r.
    pub bits: Bits,
    pub n: usize,
    /// A cyclic cut by `r() % n` after the shuffle.
    pub cut: bool,
    /// Cards moved from the top to the bottom after the shuffle (and the cut).
    pub burn: usize,
}

impl ExactRequest {
    pub fn new(algorithm: Algorithm, bits: Bits, n: usize) -> Self {
        ExactRequest { algorithm, bits, n, cut: false, burn: 0 }
    }

    /// Rough count of double-double operations the marginals take.
    pub fn work(&self) -> f64 {
        let n = self.n as f64;
        if let AlgorithmKind::Riffle | AlgorithmKind::Overhand | AlgorithmKind::TopToRandom = self.algorithm.kind {
            // M^k by repeated squaring in doubles: at most 2·log2(k) products of n³ multiply-adds, each about an
            // eighth of a double-double operation (their modules refuse past their own budget).
            let k = self.algorithm.repetitions(self.n) as u64;
            return n * n * n * 2.0 * f64::from(64 - k.leading_zeros()) / 8.0;
        }
        let steps = match self.algorithm.kind {
            AlgorithmKind::Wash => self.algorithm.wash_swaps(self.n) as f64,
            AlgorithmKind::PairSwap => self.algorithm.swaps.map_or(1022.0, |k| k as f64),
            AlgorithmKind::RejectRetryFixed | AlgorithmKind::MarkArray | AlgorithmKind::Identity => 1.0,
            // Binary insertion below 64 cards, refused above.
            AlgorithmKind::SortRandomComparator => 0.0,
            AlgorithmKind::FisherYates
            | AlgorithmKind::FisherYatesBatched
            | AlgorithmKind::FisherYatesForward
            | AlgorithmKind::VecErase
            | AlgorithmKind::RejectRetry
            | AlgorithmKind::DirectDraw
            | AlgorithmKind::NaiveSwap
            | AlgorithmKind::NaiveSwapOffByOne
            | AlgorithmKind::Sattolo
            | AlgorithmKind::Riffle
            | AlgorithmKind::Overhand
            | AlgorithmKind::TopToRandom
            | AlgorithmKind::Shelf
            | AlgorithmKind::Pile
            | AlgorithmKind::Faro
            | AlgorithmKind::LibraryShuffle
            | AlgorithmKind::SortRandomKey => n,
        };
        4.0 * steps * n * n + if self.cut { n * n * n } else { 0.0 }
    }

    /// The draws in words: `ideal draws`, `15-bit r() % m`.
    pub fn draws_label(&self) -> String {
        match self.bits {
            None => "ideal draws".to_string(),
            Some(w) => format!("{w}-bit r() % m"),
        }
    }
}

/// An exact position-by-card matrix: `p[card * n + pos]`, the probability that `card` ends at `pos`, to about
/// 32 digits.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactMatrix {
    n: usize,
    p: Vec<Dd>,
    /// Largest |n·(p − 1/n)| that is rounding rather than bias: about 1e-26 for the double-double chains,
    /// 1e-12 for laws computed in doubles.
    floor: f64,
}

impl ExactMatrix {
    /// A matrix from its cells, `p[card * n + pos]`.
    pub fn from_cells(n: usize, p: Vec<Dd>) -> Self {
        assert_eq!(p.len(), n * n);
        ExactMatrix { n, p, floor: DD_FLOOR }
    }

    /// From a double-precision matrix (the exact laws other modules compute in doubles).
    pub fn from_f64(n: usize, p: &[f64]) -> Self {
        ExactMatrix { floor: F64_FLOOR, ..Self::from_cells(n, p.iter().map(|&x| Dd::from_f64(x)).collect()) }
    }

    /// Largest |n·(p − 1/n)| that is rounding rather than bias.
    pub fn floor(&self) -> f64 {
        self.floor
    }

    pub fn n(&self) -> usize {
        self.n
    }

    /// P(card at pos).
    pub fn get(&self, card: usize, pos: usize) -> Dd {
        self.p[card * self.n + pos]
    }

    /// P(card at pos) − 1/n, kept to its own precision however small.
    pub fn deviation(&self, card: usize, pos: usize) -> Dd {
        self.get(card, pos) - Dd::ratio(1, self.n as u64)
    }

    /// The cells in doubles, `[card * n + pos]`.
    pub fn to_f64(&self) -> Vec<f64> {
        self.p.iter().map(|x| x.to_f64()).collect()
    }

    /// Cells indexed by card id for a deck that starts in the order `start` (`start[pos] = card`): the chains
    /// follow starting places, and the card that starts at place h is `start[h]`.
    pub fn relabel(&self, start: &[Card]) -> ExactMatrix {
        let n = self.n;
        assert_eq!(start.len(), n);
        let mut p = vec![Dd::ZERO; n * n];
        for (h, &card) in start.iter().enumerate() {
            let c = usize::from(card);
            p[c * n..(c + 1) * n].copy_from_slice(&self.p[h * n..(h + 1) * n]);
        }
        ExactMatrix { n, p, floor: self.floor }
    }

    /// `cell / (1/n)` at its largest and smallest: `((card, pos), ratio − 1)` each, the ratio's excess kept to
    /// full precision.
    pub fn ratio_extremes(&self) -> [((usize, usize), Dd); 2] {
        let n = self.n;
        let mut hi = ((0, 0), self.deviation(0, 0));
        let mut lo = hi;
        for c in 0..n {
            for pos in 0..n {
                let d = self.deviation(c, pos);
                if d > hi.1 {
                    hi = ((c, pos), d);
                }
                if d < lo.1 {
                    lo = ((c, pos), d);
                }
            }
        }
        [(hi.0, hi.1.mul_f64(n as f64)), (lo.0, lo.1.mul_f64(n as f64))]
    }
}

/// Why `kind` has no exact law, if it has none: `reject-retry` and `direct-draw`.
pub fn intractable(kind: AlgorithmKind, n: usize, bits: Bits) -> Option<Intractable> {
    match kind {
        AlgorithmKind::RejectRetry => Some(Intractable {
            reason: format!(
                "reject-retry never terminates: `pos = r() % (n-1)` never draws place {}, so the last card finds no \
                 free slot and its loop runs for ever (no law over finished decks exists)",
                n - 1
            ),
            nearest: "the nearest exact law is reject-retry-fixed (`r() % n`); `run --algorithm reject-retry` \
                      reports the loop BROKEN with its counts"
                .to_string(),
        }),
        AlgorithmKind::DirectDraw => {
            let q = DrawLaw::new(n, bits);
            // A repeat-free deal uses every card once: n!·q_H^e·q_L^(n−e).
            let mut p = 1.0f64;
            for i in 0..n {
                p *= (i + 1) as f64 * q.q(i).to_f64();
            }
            Some(Intractable {
                reason: format!(
                    "direct-draw (`d[i] = r() % n`) does not produce a permutation: a deck of {n} cards comes out \
                     without a repeated card with probability n!·Π q(c) = {p:.6e}, so there is no law over orders \
                     to compare"
                ),
                nearest: "the nearest exact law is mark-array (the same draws with repeats retried); \
                          `run --algorithm direct-draw` reports the duplicates BROKEN"
                    .to_string(),
            })
        }
        AlgorithmKind::SortRandomKey => Some(Intractable {
            reason: "sort-random-key's law depends on ties between the keys (about n(n-1)/2 chances in the number \
                     of keys), which the exact chains do not model"
                .to_string(),
            nearest: "`run --algorithm sort-random-key` measures it; with distinct keys its law is uniform".to_string(),
        }),
        AlgorithmKind::LibraryShuffle if bits.is_some() => Some(Intractable {
            reason: "library-shuffle is a runtime's own shuffle, with exactly uniform draws: it has no r() % m law"
                .to_string(),
            nearest: "its law with ideal draws is fisher-yates's".to_string(),
        }),
        AlgorithmKind::FisherYates
        | AlgorithmKind::FisherYatesBatched
        | AlgorithmKind::FisherYatesForward
        | AlgorithmKind::PairSwap
        | AlgorithmKind::Wash
        | AlgorithmKind::VecErase
        | AlgorithmKind::RejectRetryFixed
        | AlgorithmKind::MarkArray
        | AlgorithmKind::NaiveSwap
        | AlgorithmKind::NaiveSwapOffByOne
        | AlgorithmKind::Sattolo
        | AlgorithmKind::Riffle
        | AlgorithmKind::Overhand
        | AlgorithmKind::TopToRandom
        | AlgorithmKind::SortRandomComparator
        | AlgorithmKind::Shelf
        | AlgorithmKind::Pile
        | AlgorithmKind::Faro
        | AlgorithmKind::LibraryShuffle
        | AlgorithmKind::Identity => None,
    }
}

/// Why [`exact_marginals_watched`] gave no matrix.
#[derive(Debug, thiserror::Error)]
pub enum ExactError {
    #[error(transparent)]
    Intractable(#[from] Intractable),
    /// The [`Watch`] asked to stop before the end.
    #[error("the exact computation was stopped before the end")]
    Stopped,
}

/// The exact marginals of a request, cells indexed by starting place (card ids of the `0..n` deck).
pub fn exact_marginals(req: &ExactRequest) -> Result<ExactMatrix, Intractable> {
    exact_marginals_watched(req, &mut Watch::none()).map_err(|e| match e {
        ExactError::Intractable(why) => why,
        ExactError::Stopped => unreachable!("a watch that never stops"),
    })
}

/// Why [`exact_marginals`] would refuse `req` at once (a deck too small, a law with no exact model, a
/// computation past [`MAX_WORK`]), before any work: `None` when it computes.
pub fn refusal(req: &ExactRequest) -> Option<Intractable> {
    let n = req.n;
    if n < 2 {
        return Some(Intractable {
            reason: format!("a deck of {n} card has nothing to shuffle"),
            nearest: "a deck of 2 cards or more".to_string(),
        });
    }
    if let Some(why) = intractable(req.algorithm.kind, n, req.bits) {
        return Some(why);
    }
    let work = req.work();
    (work > MAX_WORK).then(|| Intractable {
        reason: format!(
            "{} on {n} cards takes about {work:.1e} double-double operations (minutes to hours), above the \
             {MAX_WORK:.0e} the command allows",
            req.algorithm.label(n)
        ),
        nearest: "a smaller deck or fewer swaps (--deck, --swaps)".to_string(),
    })
}

/// [`exact_marginals`] with its progress reported to `watch`, which may stop it.
pub fn exact_marginals_watched(req: &ExactRequest, watch: &mut Watch<'_>) -> Result<ExactMatrix, ExactError> {
    let (n, bits) = (req.n, req.bits);
    if let Some(why) = refusal(req) {
        return Err(why.into());
    }
    // The one dispatch from an algorithm to its exact law. The new shuffles (riffle, overhand, top-to-random,
    // sort-random-comparator) plug in here through their modules' `marginals(n, param, bits)`.
    let p = match req.algorithm.kind {
        AlgorithmKind::Identity => {
            let mut p = vec![Dd::ZERO; n * n];
            for c in 0..n {
                p[c * n + c] = Dd::ONE;
            }
            p
        }
        AlgorithmKind::FisherYates => chains::fisher_yates(n, bits, watch),
        // Exactly unbiased draws whatever the generator (Lemire's rejection on a 64-bit word).
        AlgorithmKind::FisherYatesBatched => chains::fisher_yates(n, None, watch),
        // Java's and Python's library shuffles are Fisher–Yates with exactly uniform draws; libstdc++'s walks
        // forward with two positions per draw, each pair exactly uniform: every order has probability 1/n!.
        AlgorithmKind::LibraryShuffle => chains::fisher_yates(n, None, watch),
        AlgorithmKind::FisherYatesForward => chains::fisher_yates_forward(n, bits, watch),
        AlgorithmKind::NaiveSwap => chains::naive_swap(n, bits, false, watch),
        AlgorithmKind::NaiveSwapOffByOne => chains::naive_swap(n, bits, true, watch),
        AlgorithmKind::Sattolo => chains::sattolo(n, bits, watch),
        AlgorithmKind::Wash => chains::wash(n, bits, req.algorithm.wash_swaps(n), watch),
        AlgorithmKind::PairSwap => chains::pair_swap(n, bits, req.algorithm.swaps, watch),
        AlgorithmKind::VecErase => chains::vec_erase(n, bits, watch),
        AlgorithmKind::RejectRetryFixed => retry::reject_retry_fixed(n, bits)?,
        AlgorithmKind::MarkArray => retry::mark_array(n, bits)?,
        AlgorithmKind::RejectRetry | AlgorithmKind::DirectDraw | AlgorithmKind::SortRandomKey => {
            unreachable!("refused above")
        }
        // The hand shuffles and the comparator sort compute their laws in doubles (their biases are large).
        AlgorithmKind::Riffle
        | AlgorithmKind::Overhand
        | AlgorithmKind::TopToRandom
        | AlgorithmKind::SortRandomComparator
        | AlgorithmKind::Shelf
        | AlgorithmKind::Pile
        | AlgorithmKind::Faro => hand_shuffle_marginals(req)?.into_iter().map(Dd::from_f64).collect(),
    };
    if watch.stopped() {
        return Err(ExactError::Stopped);
    }
    let floor = if hand_shuffle_order_law(req).is_some() { F64_FLOOR } else { DD_FLOOR };
    let mut m = ExactMatrix { n, p, floor };
    if req.cut {
        m = cut(&m, &DrawLaw::new(n, bits));
    }
    if !req.burn.is_multiple_of(n) {
        m = rotate(&m, req.burn % n);
    }
    check_mass(req, &m)?;
    Ok(m)
}

/// Refuses a matrix with a row or column sum (a starting place's law, a position's) off 1 by more than its
/// rounding floor: a law that lost or gained mass would show a bias that is not there.
fn check_mass(req: &ExactRequest, m: &ExactMatrix) -> Result<(), Intractable> {
    let n = m.n;
    let mut worst = 0.0f64;
    for i in 0..n {
        let row: Dd = (0..n).map(|j| m.get(i, j)).sum();
        let col: Dd = (0..n).map(|j| m.get(j, i)).sum();
        worst = worst.max((row - Dd::ONE).abs().to_f64()).max((col - Dd::ONE).abs().to_f64());
    }
    if worst > m.floor || worst.is_nan() {
        return Err(Intractable {
            reason: format!(
                "the computed law of {} on {n} cards has a row or column sum off 1 by {worst:.1e}, past its \
                 rounding floor {:.0e}: its precision is lost",
                req.algorithm.label(n),
                m.floor
            ),
            nearest: "fewer steps or a smaller deck".to_string(),
        });
    }
    Ok(())
}

/// The exact marginals `p[card * n + pos]` of the hand shuffles and the comparator sort, from their modules.
fn hand_shuffle_marginals(req: &ExactRequest) -> Result<Vec<f64>, Intractable> {
    let (n, bits) = (req.n, req.bits);
    let reps = req.algorithm.repetitions(n) as u64;
    match req.algorithm.kind {
        AlgorithmKind::Riffle => super::riffle::marginals(n, reps, bits),
        AlgorithmKind::Overhand => super::overhand::marginals(n, reps, bits),
        AlgorithmKind::TopToRandom => super::top_to_random::marginals(n, reps, bits),
        AlgorithmKind::SortRandomComparator => super::sort_random_comparator::marginals(n, 0, bits),
        AlgorithmKind::Shelf => super::machines::shelf_marginals(n, req.algorithm.layout_or_default(), reps, bits),
        AlgorithmKind::Pile => {
            super::machines::pile_marginals(n, req.algorithm.layout_or_default(), req.algorithm.variant, bits)
        }
        AlgorithmKind::Faro => Ok(super::machines::faro_marginals(n, reps, req.algorithm.variant)),
        k => unreachable!("{k:?} has its own chain"),
    }
}

/// The law over orders of the hand shuffles and the comparator sort (n ≤ 9), from their modules.
pub fn hand_shuffle_order_law(req: &ExactRequest) -> Option<Result<Vec<f64>, Intractable>> {
    let (n, bits) = (req.n, req.bits);
    let reps = req.algorithm.repetitions(n) as u64;
    Some(match req.algorithm.kind {
        AlgorithmKind::Riffle => super::riffle::order_law(n, reps, bits),
        AlgorithmKind::Overhand => super::overhand::order_law(n, reps, bits),
        AlgorithmKind::TopToRandom => super::top_to_random::order_law(n, reps, bits),
        AlgorithmKind::SortRandomComparator => super::sort_random_comparator::order_law(n, 0, bits),
        AlgorithmKind::Shelf => super::machines::shelf_order_law(n, req.algorithm.layout_or_default(), reps, bits),
        AlgorithmKind::Pile => {
            super::machines::pile_order_law(n, req.algorithm.layout_or_default(), req.algorithm.variant, bits)
        }
        AlgorithmKind::FisherYates
        | AlgorithmKind::FisherYatesBatched
        | AlgorithmKind::FisherYatesForward
        | AlgorithmKind::PairSwap
        | AlgorithmKind::Wash
        | AlgorithmKind::VecErase
        | AlgorithmKind::RejectRetry
        | AlgorithmKind::RejectRetryFixed
        | AlgorithmKind::MarkArray
        | AlgorithmKind::DirectDraw
        | AlgorithmKind::NaiveSwap
        | AlgorithmKind::NaiveSwapOffByOne
        | AlgorithmKind::Sattolo
        | AlgorithmKind::Faro
        | AlgorithmKind::LibraryShuffle
        | AlgorithmKind::SortRandomKey
        | AlgorithmKind::Identity => return None,
    })
}

/// A cyclic cut by `k = r() % n` after the shuffle: `p'[c][y] = Σ_k q(k)·p[c][(y + k) mod n]`.
fn cut(m: &ExactMatrix, q: &DrawLaw) -> ExactMatrix {
    let n = m.n;
    let mut p = vec![Dd::ZERO; n * n];
    for c in 0..n {
        let row = &m.p[c * n..(c + 1) * n];
        for k in 0..n {
            let w = q.q(k);
            if w.hi == 0.0 {
                continue;
            }
            for y in 0..n {
                p[c * n + y] += row[(y + k) % n] * w;
            }
        }
    }
    ExactMatrix { n, p, floor: m.floor }
}

/// The burn: a left rotation by `b`.
fn rotate(m: &ExactMatrix, b: usize) -> ExactMatrix {
    let n = m.n;
    let mut p = vec![Dd::ZERO; n * n];
    for c in 0..n {
        for y in 0..n {
            p[c * n + y] = m.p[c * n + (y + b) % n];
        }
    }
    ExactMatrix { n, p, floor: m.floor }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::RawRng;
    use crate::shuffle::Scratch;

    /// A `B`-bit generator replaying a script of raw outputs, extended with zeros when the shuffle asks for more.
    struct Scripted<'a, const B: u32> {
        script: &'a mut Vec<u32>,
        at: usize,
    }

    impl<const B: u32> RawRng for Scripted<'_, B> {
        const BITS: u32 = B;
        fn r(&mut self) -> u32 {
            if self.at == self.script.len() {
                self.script.push(0);
            }
            self.at += 1;
            self.script[self.at - 1]
        }
    }

    /// Brute force: the shuffle's own code (then the cut and the burn, as the runner applies them) run on every
    /// sequence of raw outputs of a `B`-bit generator, each sequence as long as the shuffle reads, weighted by
    /// 2^(−B·length). An odometer over the outputs actually read visits every such sequence exactly once.
    fn enumerate<const B: u32>(req: &ExactRequest) -> Vec<f64> {
        let n = req.n;
        let mut p = vec![0.0; n * n];
        let mut script: Vec<u32> = Vec::new();
        let mut scratch = Scratch::new(n);
        loop {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            let mut rng = Scripted::<B> { script: &mut script, at: 0 };
            crate::with_shuffle!(req.algorithm, n, s => s.shuffle(&mut deck, &mut rng, &mut scratch)).unwrap();
            if req.cut {
                let k = (rng.r() % n as u32) as usize;
                deck.rotate_left(k);
            }
            deck.rotate_left(req.burn % n);
            let used = rng.at;
            script.truncate(used);
            let w = (-(f64::from(B) * used as f64)).exp2();
            for (pos, &c) in deck.iter().enumerate() {
                p[usize::from(c) * n + pos] += w;
            }
            // Next sequence: increment the last output read, carrying.
            loop {
                match script.last_mut() {
                    None => return p,
                    Some(x) if *x + 1 < 1 << B => {
                        *x += 1;
                        break;
                    }
                    Some(_) => {
                        script.pop();
                    }
                }
            }
        }
    }

    fn check(req: &ExactRequest, brute: &[f64]) {
        let exact = exact_marginals(req).unwrap();
        for (i, (&b, e)) in brute.iter().zip(&exact.p).enumerate() {
            assert!(
                (b - e.to_f64()).abs() < 1e-13,
                "{} n = {} {:?} cut {} burn {}: cell {i}: brute {b} vs exact {}",
                req.algorithm.label(req.n),
                req.n,
                req.bits,
                req.cut,
                req.burn,
                e.to_f64()
            );
        }
    }

    fn alg(kind: AlgorithmKind, swaps: Option<usize>) -> Algorithm {
        Algorithm::with_swaps(kind, swaps)
    }

    #[test]
    fn every_chain_matches_the_enumeration_of_every_draw_sequence() {
        use AlgorithmKind::*;
        let algorithms = [
            alg(FisherYates, None),
            alg(FisherYatesForward, None),
            alg(VecErase, None),
            alg(NaiveSwap, None),
            alg(NaiveSwapOffByOne, None),
            alg(Sattolo, None),
            alg(Wash, Some(3)),
            alg(PairSwap, Some(2)),
            alg(Identity, None),
        ];
        for n in 4..=6 {
            for a in algorithms {
                check(&ExactRequest::new(a, Some(3), n), &enumerate::<3>(&ExactRequest::new(a, Some(3), n)));
                // 2 bits: 4 outputs, so with 5 or 6 cards some places are never drawn at all.
                check(&ExactRequest::new(a, Some(2), n), &enumerate::<2>(&ExactRequest::new(a, Some(2), n)));
            }
            // The source's pair-swap: cnt = r() % 1023 is 0..3 with a 2-bit generator, then 2·cnt draws.
            let mixture = ExactRequest::new(alg(PairSwap, None), Some(2), n);
            check(&mixture, &enumerate::<2>(&mixture));
            // Cut and burn after identity (the sources' "start dealing from the 7th card") and after a shuffle.
            for (a, cut, burn) in
                [(alg(Identity, None), true, 0), (alg(Identity, None), true, 2), (alg(NaiveSwap, None), true, 1)]
            {
                let req = ExactRequest { cut, burn, ..ExactRequest::new(a, Some(3), n) };
                check(&req, &enumerate::<3>(&req));
            }
        }
    }

    /// The retry loops draw without bound, so the brute force follows the whole set of taken slots instead of the
    /// heavy/light count: a chain over all 2^n subsets, each free slot accepted with probability q(s)/Σ_free q.
    fn retry_by_subsets(n: usize, bits: Bits) -> Vec<f64> {
        let q: Vec<f64> = DrawLaw::new(n, bits).table().iter().map(|x| x.to_f64()).collect();
        let mut taken = vec![0.0; n * n];
        let mut mass = vec![0.0; 1 << n];
        mass[0] = 1.0;
        for set in 0..(1usize << n) {
            if mass[set] == 0.0 {
                continue;
            }
            let c = set.count_ones() as usize;
            if c == n {
                continue;
            }
            let free: f64 = (0..n).filter(|s| set >> s & 1 == 0).map(|s| q[s]).sum();
            for s in (0..n).filter(|s| set >> s & 1 == 0) {
                let p = mass[set] * q[s] / free;
                taken[c * n + s] += p;
                mass[set | 1 << s] += p;
            }
        }
        taken
    }

    #[test]
    fn retry_loops_match_the_chain_over_every_set_of_taken_slots() {
        for n in 4..=6 {
            for bits in [Some(3), Some(4), Some(5), None] {
                let taken = retry_by_subsets(n, bits);
                let places =
                    exact_marginals(&ExactRequest::new(alg(AlgorithmKind::RejectRetryFixed, None), bits, n)).unwrap();
                let cards = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::MarkArray, None), bits, n)).unwrap();
                for c in 0..n {
                    for s in 0..n {
                        assert!((places.get(c, s).to_f64() - taken[c * n + s]).abs() < 1e-14);
                        assert!((cards.get(s, c).to_f64() - taken[c * n + s]).abs() < 1e-14);
                    }
                }
            }
            // 2 bits cannot draw slot 4: refused, not left looping.
            let e = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::MarkArray, None), Some(2), 5)).unwrap_err();
            assert!(e.reason.contains("never ends"), "{e}");
        }
    }

    #[test]
    fn glibc_deviations_agree_with_exact_integer_arithmetic() {
        // Fisher–Yates on 4 and 5 cards with the 31-bit law, summed in 128-bit integers over every sequence of
        // residues j_i (weight Π count_{i+1}(j_i), below 2^124): the deviations from 1/n exactly, against the
        // engine's double-double ones. They are about 1e-10 of 1/n, where doubles keep only ~6 digits.
        for n in [4usize, 5] {
            let count = |m: u64, j: u64| (1u128 << 31) / u128::from(m) + u128::from(j < (1u64 << 31) % m);
            let mut cells = vec![0u128; n * n];
            let total: u64 = (2..=n as u64).product();
            for code in 0..total {
                let (mut rest, mut w, mut d) = (code, 1u128, (0..n).collect::<Vec<_>>());
                for i in (1..n).rev() {
                    let m = (i + 1) as u64;
                    let j = rest % m;
                    rest /= m;
                    w *= count(m, j);
                    d.swap(i, j as usize);
                }
                for (pos, &c) in d.iter().enumerate() {
                    cells[c * n + pos] += w;
                }
            }
            let denominator = 1i128 << (31 * (n - 1));
            let exact =
                exact_marginals(&ExactRequest::new(alg(AlgorithmKind::FisherYates, None), Some(31), n)).unwrap();
            let mut largest = 0.0f64;
            for c in 0..n {
                for pos in 0..n {
                    // p − 1/n = (n·N − 2^(31(n−1))) / (n·2^(31(n−1))), exact in integers.
                    let num = n as i128 * cells[c * n + pos] as i128 - denominator;
                    let truth = num as f64 / n as f64 / denominator as f64;
                    let ours = exact.deviation(c, pos).to_f64();
                    largest = largest.max(truth.abs());
                    assert!(
                        (ours - truth).abs() <= 1e-15 * truth.abs(),
                        "n = {n}, ({c}, {pos}): {ours:e} vs {truth:e}"
                    );
                    // Doubles alone: the same cell from the f64 chain loses most of those digits.
                }
            }
            assert!((1e-11..1e-8).contains(&largest), "{largest:e}");
        }
    }

    #[test]
    fn every_52_card_matrix_is_doubly_stochastic_to_thirty_digits() {
        use AlgorithmKind::*;
        for kind in [
            FisherYates,
            FisherYatesForward,
            VecErase,
            NaiveSwap,
            NaiveSwapOffByOne,
            Sattolo,
            Wash,
            PairSwap,
            RejectRetryFixed,
            MarkArray,
        ] {
            for bits in [Some(15), Some(31), None] {
                let m = exact_marginals(&ExactRequest {
                    cut: true,
                    burn: 6,
                    ..ExactRequest::new(alg(kind, None), bits, 52)
                })
                .unwrap();
                for i in 0..52 {
                    let row: Dd = (0..52).map(|j| m.get(i, j)).sum();
                    let col: Dd = (0..52).map(|j| m.get(j, i)).sum();
                    assert!(
                        (row - Dd::ONE).abs().to_f64() < 1e-28 && (col - Dd::ONE).abs().to_f64() < 1e-28,
                        "{kind:?} {bits:?}"
                    );
                }
            }
        }
        // Ideal draws make the fair algorithms exactly uniform.
        for kind in [FisherYates, FisherYatesForward, VecErase, RejectRetryFixed, MarkArray] {
            let m = exact_marginals(&ExactRequest::new(alg(kind, None), None, 52)).unwrap();
            assert!((0..52).all(|c| (0..52).all(|p| m.deviation(c, p).abs().to_f64() < 1e-30)), "{kind:?}");
        }
    }

    #[test]
    fn the_broken_algorithms_are_refused_with_the_nearest_thing() {
        let e = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::RejectRetry, None), Some(15), 52)).unwrap_err();
        assert!(e.reason.contains("never terminates") && e.nearest.contains("reject-retry-fixed"), "{e}");
        let e = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::DirectDraw, None), None, 20)).unwrap_err();
        // 20!/20^20 ≈ 2.32e-8 decks are permutations.
        assert!(e.reason.contains("2.32") && e.nearest.contains("mark-array"), "{e}");
        let e = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::Wash, Some(1 << 40)), None, 52)).unwrap_err();
        assert!(e.nearest.contains("--swaps"), "{e}");
    }

    #[test]
    fn sattolo_sends_every_card_to_each_other_place_with_probability_one_over_n_minus_one() {
        // A uniform n-cycle: the diagonal is 0 and every other cell 1/(n−1), to the chains' precision.
        for n in [2usize, 5, 52] {
            let m = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::Sattolo, None), None, n)).unwrap();
            for c in 0..n {
                for p in 0..n {
                    let want = if c == p { Dd::ZERO } else { Dd::ratio(1, n as u64 - 1) };
                    assert!((m.get(c, p) - want).abs().to_f64() < 1e-28, "n {n} card {c} place {p}");
                }
            }
        }
        // With 15-bit draws the diagonal stays empty (the loop never leaves a card in place whatever it draws).
        let m = exact_marginals(&ExactRequest::new(alg(AlgorithmKind::Sattolo, None), Some(15), 52)).unwrap();
        assert!((0..52).all(|c| m.get(c, c) == Dd::ZERO));
    }
}
