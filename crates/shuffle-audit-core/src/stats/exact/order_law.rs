//! The whole law of a small deck's shuffle: the probability of each of the n! orders (n ≤ 9), and its total
//! variation and separation distances from uniform.
//!
//! Orders are indexed by the lexicographic rank of `d` (`d[pos] = card`, rank 0 the identity; see
//! [`super::lehmer_rank`]). The swap algorithms are walks on the n! orders: each step is a mixture of
//! transpositions of places, applied through a table `rank → rank of the order with places a and b swapped`
//! built once per transposition, so a step costs one pass per transposition. The other algorithms have a
//! closed form per order: `vec-erase` draws the Lehmer digits themselves (`P = Π_i q_{n−i}(L_i)`), and the
//! retry loops take slot s with probability `q(s)/Σ_free q` (`P = Π q(s_c) / (1 − Σ_{c'<c} q(s_c'))`).
//!
//! Distances (Aldous & Diaconis, "Shuffling cards and stopping times", Amer. Math. Monthly 93, 1986):
//! total variation `½ Σ_σ |P(σ) − 1/n!|`, separation `max_σ (1 − n!·P(σ))`, both in double-double.

use super::Intractable;
use super::dd::Dd;
use super::draws::DrawLaw;
use super::model::{ExactRequest, intractable};
use crate::shuffle::AlgorithmKind;

/// The largest deck whose orders are listed.
pub const MAX_DECK: usize = 9;

/// Double-double operations above which the order law is not computed (a few seconds).
pub const MAX_WORK: f64 = 6e8;

/// n!.
pub fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// Calls `f(rank, d)` for every order of `0..n` in lexicographic (= rank) order.
fn for_each_order(n: usize, mut f: impl FnMut(usize, &[u8])) {
    let mut d: Vec<u8> = (0..n as u8).collect();
    let mut rank = 0;
    loop {
        f(rank, &d);
        rank += 1;
        // Next permutation.
        let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| d[i] < d[i + 1]) else { return };
        let j = (i + 1..n).rev().find(|&j| d[j] > d[i]).expect("a larger element after i");
        d.swap(i, j);
        d[i + 1..].reverse();
    }
}

/// Steps of a swap algorithm: each a list of (place a, place b, probability), a = b for "nothing moves".
type Step = Vec<(usize, usize, Dd)>;

fn swap_steps(req: &ExactRequest) -> Option<(Vec<Step>, Option<DrawLaw>)> {
    let (n, bits) = (req.n, req.bits);
    let partner = |i: usize, law: DrawLaw, offset: usize| -> Step {
        (0..law.m).map(|j| (i, offset + j, law.q(j))).filter(|t| t.2.hi != 0.0).collect()
    };
    let transposition = |wash: bool| -> Step {
        let q = DrawLaw::new(n, bits);
        let mut step = Vec::new();
        let mut stay = Dd::ZERO;
        for a in 0..n {
            for b in 0..n {
                let w = q.q(a) * q.q(b);
                match (a == b, wash) {
                    (true, true) => step.push((a, (a + 1) % n, w)),
                    (true, false) => stay += w,
                    (false, _) => step.push((a, b, w)),
                }
            }
        }
        if !wash {
            step.push((0, 0, stay));
        }
        step
    };
    let steps: Vec<Step> = match req.algorithm.kind {
        AlgorithmKind::Identity => Vec::new(),
        AlgorithmKind::FisherYates => (1..n).rev().map(|i| partner(i, DrawLaw::new(i + 1, bits), 0)).collect(),
        // The runtimes' library shuffles draw exactly uniformly: their law is Fisher–Yates's with ideal draws.
        AlgorithmKind::FisherYatesBatched | AlgorithmKind::LibraryShuffle => {
            (1..n).rev().map(|i| partner(i, DrawLaw::new(i + 1, None), 0)).collect()
        }
        AlgorithmKind::FisherYatesForward => (0..n).map(|i| partner(i, DrawLaw::new(n - i, bits), i)).collect(),
        AlgorithmKind::NaiveSwap => (0..n).map(|i| partner(i, DrawLaw::new(n, bits), 0)).collect(),
        AlgorithmKind::NaiveSwapOffByOne => (0..n).map(|i| partner(i, DrawLaw::new(n - 1, bits), 0)).collect(),
        AlgorithmKind::Sattolo => (1..n).rev().map(|i| partner(i, DrawLaw::new(i, bits), 0)).collect(),
        AlgorithmKind::Wash => vec![transposition(true); req.algorithm.wash_swaps(n)],
        AlgorithmKind::PairSwap => match req.algorithm.swaps {
            Some(k) => vec![transposition(false); k],
            None => return Some((vec![transposition(false); 1022], Some(DrawLaw::new(1023, bits)))),
        },
        AlgorithmKind::VecErase
        | AlgorithmKind::RejectRetry
        | AlgorithmKind::RejectRetryFixed
        | AlgorithmKind::MarkArray
        | AlgorithmKind::DirectDraw
        | AlgorithmKind::Riffle
        | AlgorithmKind::Overhand
        | AlgorithmKind::TopToRandom
        | AlgorithmKind::SortRandomComparator
        | AlgorithmKind::Shelf
        | AlgorithmKind::Pile
        | AlgorithmKind::Faro
        | AlgorithmKind::SortRandomKey => return None,
    };
    Some((steps, None))
}

/// Rough count of double-double operations for the order law.
fn work(req: &ExactRequest) -> f64 {
    let orders = factorial(req.n) as f64;
    match swap_steps(req) {
        Some((steps, _)) => orders * steps.iter().map(|s| s.len() as f64 + 1.0).sum::<f64>(),
        None => orders * req.n as f64,
    }
}

/// Tables `rank → rank after swapping places a and b`, built on first use.
struct SwapTables {
    n: usize,
    tables: Vec<Option<Vec<u32>>>,
}

impl SwapTables {
    fn new(n: usize) -> Self {
        SwapTables { n, tables: vec![None; n * n] }
    }

    fn get(&mut self, a: usize, b: usize) -> &[u32] {
        let (a, b) = (a.min(b), a.max(b));
        let n = self.n;
        self.tables[a * n + b].get_or_insert_with(|| {
            let mut t = vec![0u32; factorial(n)];
            let mut e = vec![0u8; n];
            for_each_order(n, |rank, d| {
                e.copy_from_slice(d);
                e.swap(a, b);
                t[rank] = super::lehmer_rank(&e) as u32;
            });
            t
        })
    }
}

/// The probability of every order of an n ≤ 9 card deck, indexed by rank.
pub fn order_law(req: &ExactRequest) -> Result<Vec<Dd>, Intractable> {
    let (n, bits) = (req.n, req.bits);
    if n > MAX_DECK {
        return Err(Intractable {
            reason: format!("the law over orders lists n! orders: {n}! is too many"),
            nearest: format!("the position-by-card marginals, or a deck of at most {MAX_DECK} cards"),
        });
    }
    if let Some(why) = intractable(req.algorithm.kind, n, bits) {
        return Err(why);
    }
    let retry = matches!(req.algorithm.kind, AlgorithmKind::RejectRetryFixed | AlgorithmKind::MarkArray);
    if retry && DrawLaw::new(n, bits).has_unreachable() {
        // The marginals give the reason in full.
        return Err(super::model::exact_marginals(req).expect_err("an unreachable slot is refused"));
    }
    let cost = work(req);
    if cost > MAX_WORK {
        return Err(Intractable {
            reason: format!(
                "{} on {n} cards walks {} orders through {cost:.1e} double-double operations",
                req.algorithm.label(n),
                factorial(n)
            ),
            nearest: "a smaller deck, or a fixed --swaps K".to_string(),
        });
    }
    let size = factorial(n);
    let hand = super::model::hand_shuffle_order_law(req)
        .map(|law| law.map(|l| l.into_iter().map(Dd::from_f64).collect::<Vec<_>>()))
        .transpose()?;
    let mut v = match hand {
        Some(law) => law,
        None => match swap_steps(req) {
            Some((steps, mixture)) => {
                let mut tables = SwapTables::new(n);
                let mut v = vec![Dd::ZERO; size];
                v[0] = Dd::ONE;
                let mut next = vec![Dd::ZERO; size];
                let mut acc = mixture.map(|law| v.iter().map(|&x| x * law.q(0)).collect::<Vec<_>>());
                for (k, step) in steps.iter().enumerate() {
                    next.fill(Dd::ZERO);
                    for &(a, b, w) in step {
                        if a == b {
                            for (x, &y) in next.iter_mut().zip(&v) {
                                *x += y * w;
                            }
                        } else {
                            let t = tables.get(a, b);
                            for (s, &y) in v.iter().enumerate() {
                                if y.hi != 0.0 {
                                    next[t[s] as usize] += y * w;
                                }
                            }
                        }
                    }
                    std::mem::swap(&mut v, &mut next);
                    if let (Some(acc), Some(law)) = (acc.as_mut(), mixture) {
                        let w = law.q(k + 1);
                        for (x, &y) in acc.iter_mut().zip(&v) {
                            *x += y * w;
                        }
                    }
                }
                acc.unwrap_or(v)
            }
            None => closed_form(req),
        },
    };
    if req.cut || !req.burn.is_multiple_of(n) {
        let q = DrawLaw::new(n, bits);
        let shifts: Vec<(usize, Dd)> = if req.cut {
            (0..n).map(|k| ((k + req.burn) % n, q.q(k))).filter(|s| s.1.hi != 0.0).collect()
        } else {
            vec![(req.burn % n, Dd::ONE)]
        };
        let mut out = vec![Dd::ZERO; size];
        let mut e = vec![0u8; n];
        for_each_order(n, |rank, d| {
            if v[rank].hi == 0.0 {
                return;
            }
            for &(k, w) in &shifts {
                e.copy_from_slice(d);
                e.rotate_left(k);
                out[super::lehmer_rank(&e)] += v[rank] * w;
            }
        });
        v = out;
    }
    Ok(v)
}

/// The orders' probabilities for the algorithms with a closed form per order.
fn closed_form(req: &ExactRequest) -> Vec<Dd> {
    let (n, bits) = (req.n, req.bits);
    let mut v = vec![Dd::ZERO; factorial(n)];
    let q = DrawLaw::new(n, bits);
    let laws: Vec<DrawLaw> = (0..n).map(|i| DrawLaw::new(n - i, bits)).collect();
    let mut inverse = vec![0u8; n];
    for_each_order(n, |rank, d| {
        v[rank] = match req.algorithm.kind {
            AlgorithmKind::VecErase => {
                let mut p = Dd::ONE;
                for i in 0..n {
                    let lehmer = d[i + 1..].iter().filter(|&&x| x < d[i]).count();
                    p = p * laws[i].q(lehmer);
                }
                p
            }
            AlgorithmKind::RejectRetryFixed | AlgorithmKind::MarkArray => {
                // The slots in the order they are taken: places for reject-retry-fixed (card c goes to the c-th
                // slot), cards for mark-array (place i gets the i-th).
                let slots: &[u8] = if req.algorithm.kind == AlgorithmKind::MarkArray {
                    d
                } else {
                    for (pos, &c) in d.iter().enumerate() {
                        inverse[usize::from(c)] = pos as u8;
                    }
                    &inverse
                };
                let (mut p, mut used) = (Dd::ONE, Dd::ZERO);
                for &s in slots {
                    let w = q.q(usize::from(s));
                    p = p * w / (Dd::ONE - used);
                    used += w;
                }
                p
            }
            k => unreachable!("{k:?} is a swap walk or refused"),
        };
    });
    v
}

/// Distances of a law over orders from uniform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distances {
    /// `½ Σ |P(σ) − 1/n!|`.
    pub total_variation: Dd,
    /// `max_σ (1 − n!·P(σ))`.
    pub separation: Dd,
    /// Orders that cannot occur.
    pub impossible: usize,
}

pub fn distances(law: &[Dd]) -> Distances {
    let size = law.len() as f64;
    let u = Dd::ONE / Dd::from_f64(size);
    let mut tv = Dd::ZERO;
    let mut sep = Dd::ONE - law[0].mul_f64(size);
    let mut impossible = 0;
    for &p in law {
        tv += (p - u).abs();
        let s = Dd::ONE - p.mul_f64(size);
        if s > sep {
            sep = s;
        }
        impossible += usize::from(p.hi == 0.0);
    }
    Distances { total_variation: tv.mul_f64(0.5), separation: sep, impossible }
}

/// The law of the number of fixed points (cards at their starting place), from the law over orders.
pub fn fixed_points_law(n: usize, law: &[Dd]) -> Vec<Dd> {
    let mut pmf = vec![Dd::ZERO; n + 1];
    for_each_order(n, |rank, d| {
        let k = d.iter().enumerate().filter(|(pos, c)| usize::from(**c) == *pos).count();
        pmf[k] += law[rank];
    });
    pmf
}

/// `adj[a * n + b]`: the probability that card b lies immediately after card a.
pub fn adjacency_law(n: usize, law: &[Dd]) -> Vec<Dd> {
    let mut adj = vec![Dd::ZERO; n * n];
    for_each_order(n, |rank, d| {
        for w in d.windows(2) {
            adj[usize::from(w[0]) * n + usize::from(w[1])] += law[rank];
        }
    });
    adj
}

/// The marginals `p[card * n + pos]` of a law over orders.
pub fn marginals_of(n: usize, law: &[Dd]) -> Vec<Dd> {
    let mut p = vec![Dd::ZERO; n * n];
    for_each_order(n, |rank, d| {
        for (pos, &c) in d.iter().enumerate() {
            p[usize::from(c) * n + pos] += law[rank];
        }
    });
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::Algorithm;
    use crate::stats::exact::model::exact_marginals;

    fn req(kind: AlgorithmKind, swaps: Option<usize>, bits: Option<u32>, n: usize) -> ExactRequest {
        ExactRequest::new(Algorithm::with_swaps(kind, swaps), bits, n)
    }

    #[test]
    fn order_laws_sum_to_one_and_give_the_engines_marginals() {
        use AlgorithmKind::*;
        for n in [4, 5, 6] {
            for (kind, swaps) in [
                (FisherYates, None),
                (FisherYatesForward, None),
                (VecErase, None),
                (NaiveSwap, None),
                (NaiveSwapOffByOne, None),
                (Sattolo, None),
                (Wash, Some(5)),
                (PairSwap, Some(3)),
                (PairSwap, None),
                (RejectRetryFixed, None),
                (MarkArray, None),
            ] {
                for bits in [Some(3), Some(15), None] {
                    for (cut, burn) in [(false, 0), (true, 1)] {
                        let r = ExactRequest { cut, burn, ..req(kind, swaps, bits, n) };
                        let law = order_law(&r).unwrap();
                        let total: Dd = law.iter().copied().sum();
                        assert!((total - Dd::ONE).abs().to_f64() < 1e-28, "{kind:?}");
                        let from_law = marginals_of(n, &law);
                        let m = exact_marginals(&r).unwrap();
                        for c in 0..n {
                            for p in 0..n {
                                let d = (from_law[c * n + p] - m.get(c, p)).abs().to_f64();
                                assert!(d < 1e-25, "{kind:?} {bits:?} n = {n}: {d:e}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn known_distances() {
        // Fair Fisher–Yates is exactly uniform.
        let d = distances(&order_law(&req(AlgorithmKind::FisherYates, None, None, 6)).unwrap());
        assert!(d.total_variation.to_f64().abs() < 1e-28 && d.separation.to_f64().abs() < 1e-25, "{d:?}");
        // Wash always makes k transpositions: with k = 5 only odd orders occur, so TV = 1/2 at least and the
        // separation is 1.
        let d = distances(&order_law(&req(AlgorithmKind::Wash, Some(5), None, 5)).unwrap());
        assert_eq!(d.impossible, 60);
        assert!(d.total_variation.to_f64() >= 0.5 && d.separation == Dd::ONE);
        // Naive swap on 3 cards: 27 paths over 6 orders, the classic 4,5,5,5,4,4 / 27 (Atwood).
        let law = order_law(&req(AlgorithmKind::NaiveSwap, None, None, 3)).unwrap();
        let mut counts: Vec<i64> = law.iter().map(|p| (p.to_f64() * 27.0).round() as i64).collect();
        counts.sort();
        assert_eq!(counts, vec![4, 4, 4, 5, 5, 5]);
        // Identity then a fair cut: n orders of probability 1/n, TV 1 − 1/(n−1)!.
        let d =
            distances(&order_law(&ExactRequest { cut: true, ..req(AlgorithmKind::Identity, None, None, 5) }).unwrap());
        assert!((d.total_variation.to_f64() - (1.0 - 5.0 / 120.0)).abs() < 1e-15);
    }
}
