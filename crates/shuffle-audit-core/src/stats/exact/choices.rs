//! What the exact laws of the hand shuffles (riffle, overhand, top-to-random) and of the random-comparator sort
//! share: the law of one draw `r() % m`, the enumeration of every choice a shuffle can make, the law over all
//! `n!` orders built from it, and the position-by-card marginals of repeated shuffles as a matrix power.
//!
//! Draws are modelled as the issue states: `None` is ideal (each of `m` residues with probability `1/m`),
//! `Some(w)` a generator whose outputs are uniform on `0..2^w`, so `r() % m` takes `q + 1` outputs for the
//! residues below `2^w mod m` and `q = floor(2^w / m)` for the others. Repeated shuffles use fresh draws, so the
//! position of one card is a Markov chain: after `k` shuffles its law is row `card` of `M^k`, with `M[i][j]` the
//! probability that one shuffle moves the card at position `i` to position `j`.

use crate::cards::Card;
use crate::shuffle::Draws;
use crate::stats::exact::Intractable;

/// `P(r() % m == v)` with `bits`-wide outputs (`None`: ideal).
pub fn residue_probability(m: usize, v: usize, bits: Option<u32>) -> f64 {
    match bits {
        None => 1.0 / m as f64,
        Some(w) => {
            let outputs = 1u64 << w;
            let (q, rem) = (outputs / m as u64, outputs % m as u64);
            (q + u64::from((v as u64) < rem)) as f64 / outputs as f64
        }
    }
}

/// `P(r() % m < a)` with `bits`-wide outputs (`None`: ideal).
pub fn below_probability(a: usize, m: usize, bits: Option<u32>) -> f64 {
    match bits {
        None => a as f64 / m as f64,
        Some(w) => {
            let outputs = 1u64 << w;
            let (q, rem) = (outputs / m as u64, outputs % m as u64);
            (a as u64 * q + (a as u64).min(rem)) as f64 / outputs as f64
        }
    }
}

/// One choice on the path being enumerated: which outcome, of how many, with what probability.
#[derive(Clone, Copy)]
struct Choice {
    taken: usize,
    arity: usize,
}

/// Answers a shuffle's choices from a path of outcomes, extending it with outcome 0 where the path ends.
pub struct Replay<'a> {
    path: &'a mut Vec<Choice>,
    depth: usize,
    probability: f64,
    bits: Option<u32>,
}

impl Replay<'_> {
    fn next(&mut self, arity: usize) -> usize {
        if self.depth == self.path.len() {
            self.path.push(Choice { taken: 0, arity });
        }
        let c = self.path[self.depth];
        debug_assert_eq!(c.arity, arity, "a shuffle's choices depend only on the earlier outcomes");
        self.depth += 1;
        c.taken
    }
}

impl Draws for Replay<'_> {
    fn below(&mut self, m: usize) -> usize {
        let v = self.next(m);
        self.probability *= residue_probability(m, v, self.bits);
        v
    }
    fn below_lt(&mut self, a: usize, m: usize) -> bool {
        let p = below_probability(a, m, self.bits);
        let lt = self.next(2) == 0;
        self.probability *= if lt { p } else { 1.0 - p };
        lt
    }
    fn half(&mut self) -> bool {
        self.probability *= 0.5;
        self.next(2) == 0
    }
}

/// Every outcome of one shuffle of `0..n` as (deck, probability), enumerated over every sequence of choices
/// (`visit` sees each path once; paths of probability 0 are skipped). `step` must make its choices through the
/// [`Draws`] it is given and nothing else.
pub fn enumerate(
    n: usize,
    bits: Option<u32>,
    mut step: impl FnMut(&mut [Card], &mut Replay<'_>),
    mut visit: impl FnMut(&[Card], f64),
) {
    let mut path: Vec<Choice> = Vec::new();
    let mut deck: Vec<Card> = Vec::with_capacity(n);
    loop {
        deck.clear();
        deck.extend(0..n as Card);
        let mut replay = Replay { path: &mut path, depth: 0, probability: 1.0, bits };
        step(&mut deck, &mut replay);
        let (p, depth) = (replay.probability, replay.depth);
        path.truncate(depth);
        if p > 0.0 {
            visit(&deck, p);
        }
        // The next path: the deepest choice with an outcome left takes it, the deeper ones are dropped.
        while let Some(last) = path.last_mut() {
            if last.taken + 1 < last.arity {
                last.taken += 1;
                break;
            }
            path.pop();
        }
        if path.is_empty() {
            return;
        }
    }
}

/// Largest deck of the order laws: 9! = 362880 orders.
pub const ORDER_MAX_N: usize = 9;

/// Largest number of deck-by-outcome compositions an order law may cost (2^28: a few seconds).
pub const ORDER_BUDGET: f64 = (1u64 << 28) as f64;

/// `n!`.
pub fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The lexicographic rank (Lehmer code) of the deck `d` (`d[pos] = card`, cards `0..n`, n ≤ 16); rank 0 is the
/// identity.
pub fn rank(d: &[Card]) -> usize {
    let n = d.len();
    let mut used = 0u32;
    let mut r = 0;
    for (i, &c) in d.iter().enumerate() {
        let smaller_unused = (!used & ((1u32 << c) - 1)).count_ones() as usize;
        r = r * (n - i) + smaller_unused;
        used |= 1 << c;
    }
    r
}

/// The deck of lexicographic rank `r` among the orders of `0..n`.
pub fn unrank(n: usize, mut r: usize, out: &mut [Card]) {
    let mut free: Vec<Card> = (0..n as Card).collect();
    let mut f = factorial(n);
    for (i, slot) in out.iter_mut().enumerate().take(n) {
        f /= n - i;
        let k = r / f;
        r %= f;
        *slot = free.remove(k);
    }
}

/// Refuses an order law outside `n ≤ 9`.
pub fn check_order_deck(what: &str, n: usize) -> Result<(), Intractable> {
    if n > ORDER_MAX_N {
        return Err(Intractable {
            reason: format!("the law of every order of {n} cards has {n}! cells, and order laws stop at 9 cards"),
            nearest: format!("the position-by-card marginals of {what} for {n} cards are exact"),
        });
    }
    Ok(())
}

/// The law over the `n!` orders (by [`rank`]) after `k` independent shuffles, each with the law `step` (from
/// [`enumerate`], deduplicated): a deck `d` becomes `d ∘ σ` (`d'[p] = d[σ[p]]`) with probability `step(σ)`.
/// Refused when it would cost more than [`ORDER_BUDGET`] compositions, or when the step's total or the law's
/// is off 1 by more than [`MASS_TOLERANCE`].
///
/// While some orders are still impossible the law itself is composed (it is sparse); once every order is
/// reached, its deviation from uniform `δ = law − 1/n!` is composed instead (uniform is left unchanged by any
/// step, so `law' = 1/n! + δ ∘ step`): no mass is lost to rounding over many steps, the deviations keep their
/// relative precision, and once they are below [`CONVERGED`] of 1/n! the law is uniform and the steps stop.
pub fn order_law_of_steps(what: &str, n: usize, k: u64, step: &[(Vec<Card>, f64)]) -> Result<Vec<f64>, Intractable> {
    let orders = factorial(n);
    let s = step.len() as f64;
    let (mut support, mut cost) = (1.0f64, 0.0f64);
    for _ in 0..k {
        cost += support * s;
        support = (support * s).min(orders as f64);
        if cost > ORDER_BUDGET {
            break;
        }
    }
    if cost > ORDER_BUDGET {
        return Err(Intractable {
            reason: format!(
                "{k} steps of {what} on {n} cards compose about {cost:.1e} decks with one step's {} outcomes, \
                 past the budget of 2^28",
                step.len()
            ),
            nearest: "fewer steps, a smaller deck, or the exact position-by-card marginals".to_string(),
        });
    }
    let total: f64 = step.iter().map(|(_, q)| q).sum();
    if (total - 1.0).abs() > MASS_TOLERANCE {
        return Err(Intractable {
            reason: format!("one step of {what} on {n} cards has total probability off 1 by {:.1e}", total - 1.0),
            nearest: "the exact position-by-card marginals".to_string(),
        });
    }
    let uniform = 1.0 / orders as f64;
    let mut law = vec![0.0; orders];
    law[0] = 1.0;
    let mut next = vec![0.0; orders];
    let mut deck: Vec<Card> = vec![0; n];
    let mut moved: Vec<Card> = vec![0; n];
    // Composed as deviations from uniform once every order has been reached.
    let mut deviations = false;
    for _ in 0..k {
        if !deviations && law.iter().all(|&p| p != 0.0) {
            law.iter_mut().for_each(|p| *p -= uniform);
            let mean = law.iter().sum::<f64>() / orders as f64;
            law.iter_mut().for_each(|d| *d -= mean);
            deviations = true;
        }
        if deviations && law.iter().all(|d| d.abs() <= CONVERGED * uniform) {
            law.fill(0.0);
            break;
        }
        next.iter_mut().for_each(|x| *x = 0.0);
        for (r, &p) in law.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            unrank(n, r, &mut deck);
            for (sigma, q) in step {
                for (slot, &from) in moved.iter_mut().zip(sigma) {
                    *slot = deck[from as usize];
                }
                next[rank(&moved)] += p * q;
            }
        }
        std::mem::swap(&mut law, &mut next);
        if deviations {
            // The deviations sum to 0; their rounding does not, and a step keeps a constant part for ever
            // (it is the uniform law's direction): it is taken out.
            let mean = law.iter().sum::<f64>() / orders as f64;
            law.iter_mut().for_each(|d| *d -= mean);
        }
    }
    if deviations {
        law.iter_mut().for_each(|d| *d += uniform);
    }
    let mass: f64 = law.iter().sum();
    if (mass - 1.0).abs() > MASS_TOLERANCE {
        return Err(Intractable {
            reason: format!(
                "the law over orders of {k} steps of {what} on {n} cards has total probability off 1 by \
                 {:.1e}, past the {MASS_TOLERANCE:.0e} of rounding in doubles",
                mass - 1.0
            ),
            nearest: "fewer steps, or the exact position-by-card marginals".to_string(),
        });
    }
    Ok(law)
}

/// One step's outcomes from [`enumerate`], merged by deck.
pub fn step_law(n: usize, bits: Option<u32>, step: impl FnMut(&mut [Card], &mut Replay<'_>)) -> Vec<(Vec<Card>, f64)> {
    let mut by_deck: std::collections::BTreeMap<Vec<Card>, f64> = std::collections::BTreeMap::new();
    enumerate(n, bits, step, |d, p| *by_deck.entry(d.to_vec()).or_insert(0.0) += p);
    by_deck.into_iter().collect()
}

/// The position-by-card marginals `p[card * n + pos]` from a law over orders.
pub fn marginals_of_order_law(n: usize, law: &[f64]) -> Vec<f64> {
    let mut m = vec![0.0; n * n];
    let mut deck: Vec<Card> = vec![0; n];
    for (r, &p) in law.iter().enumerate() {
        if p != 0.0 {
            unrank(n, r, &mut deck);
            for (pos, &card) in deck.iter().enumerate() {
                m[card as usize * n + pos] += p;
            }
        }
    }
    m
}

/// Largest matrix work (n³ per product) a marginal computation may spend: 2^32 multiply-adds, seconds.
pub const MATRIX_BUDGET: f64 = (1u64 << 32) as f64;

/// Largest |row or column sum − 1| of a step matrix or of the computed marginals (and |total − 1| of an order
/// law) that is rounding in doubles; beyond it the law is refused rather than reported with mass it lost. The
/// exact laws of these shuffles are doubly stochastic (a random permutation's marginals), so the sums are 1.
pub const MASS_TOLERANCE: f64 = 1e-12;

/// Deviations from uniform below this, relative to 1/n, are taken for converged: far below the 1e-12 that
/// doubles resolve, so that stopping there changes no figure, and huge step counts end in a few products.
pub const CONVERGED: f64 = 1e-30;

/// `M^k` for the doubly stochastic `n × n` matrix `m` (row-major) of one step, by repeated squaring; refused past
/// [`MATRIX_BUDGET`], or when a row or column sum is off by more than [`MASS_TOLERANCE`].
///
/// The powers are taken of `D = M − J/n` (J all ones), not of `M`: the rows and columns of D sum to 0, so
/// `M^k = J/n + D^k` exactly, and each product of D keeps the deviations from uniform to their own relative
/// precision however small they become. Powers of M itself lose mass instead: a row sum 1 + ε is squared into
/// 1 + 2ε at each of the log2(k) squarings, which at 10^9 riffles leaves a bias of 10^-7 that is not there.
/// Once D's power is below [`CONVERGED`] the rest of the powers are uniform and the squaring stops.
pub fn matrix_power(what: &str, flag: &str, n: usize, m: &[f64], k: u64) -> Result<Vec<f64>, Intractable> {
    let products = 2.0 * f64::from(64 - k.leading_zeros());
    let cost = (n as f64).powi(3) * products;
    if cost > MATRIX_BUDGET {
        return Err(Intractable {
            reason: format!("{k} steps of {what} on {n} cards cost about {cost:.1e} multiply-adds, past 2^32"),
            nearest: "a smaller deck (a few hundred cards), or a sampled run".to_string(),
        });
    }
    check_mass(what, flag, n, m, 1.0, "one step")?;
    let u = 1.0 / n as f64;
    let mut base: Vec<f64> = m.iter().map(|&x| x - u).collect();
    // D^0 = I − J/n, the unit of products of such matrices: None until the first factor.
    let mut result: Option<Vec<f64>> = None;
    let mut e = k;
    while e > 0 {
        if e & 1 == 1 {
            result = Some(match result {
                None => base.clone(),
                Some(r) => multiply(n, &r, &base),
            });
        }
        e >>= 1;
        if e > 0 {
            base = multiply(n, &base, &base);
            if base.iter().all(|x| x.abs() * n as f64 <= CONVERGED) {
                // Every further power is uniform, and so is any product with it.
                result = Some(vec![0.0; n * n]);
                break;
            }
        }
    }
    let deviation = result.unwrap_or_else(|| (0..n * n).map(|i| f64::from(u8::from(i / n == i % n)) - u).collect());
    check_mass(what, flag, n, &deviation, 0.0, &format!("{k} steps"))?;
    Ok(deviation.into_iter().map(|d| u + d).collect())
}

/// Refuses a matrix whose rows or columns do not sum to `sum` within [`MASS_TOLERANCE`].
fn check_mass(what: &str, flag: &str, n: usize, m: &[f64], sum: f64, when: &str) -> Result<(), Intractable> {
    let mut worst = 0.0f64;
    for i in 0..n {
        let row: f64 = m[i * n..(i + 1) * n].iter().sum();
        let col: f64 = (0..n).map(|j| m[j * n + i]).sum();
        worst = worst.max((row - sum).abs()).max((col - sum).abs());
    }
    if worst > MASS_TOLERANCE || worst.is_nan() {
        return Err(Intractable {
            reason: format!(
                "the position-by-card law of {what} on {n} cards after {when} has a row or column sum off by \
                 {worst:.1e}, past the {MASS_TOLERANCE:.0e} of rounding in doubles: its precision is lost"
            ),
            nearest: format!("fewer steps ({flag}) or a smaller deck (--deck)"),
        });
    }
    Ok(())
}

fn multiply(n: usize, a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut c = vec![0.0; n * n];
    for i in 0..n {
        let row = &mut c[i * n..(i + 1) * n];
        for t in 0..n {
            let x = a[i * n + t];
            if x == 0.0 {
                continue;
            }
            for (cj, &bj) in row.iter_mut().zip(&b[t * n..(t + 1) * n]) {
                *cj += x * bj;
            }
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_lexicographic() {
        let mut d = [0 as Card; 4];
        for r in 0..24 {
            unrank(4, r, &mut d);
            assert_eq!(rank(&d), r);
        }
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), 23);
        assert_eq!(rank(&[0, 1, 3, 2]), 1);
    }

    /// Largest |n·p − 1| of a position-by-card matrix, and largest |row or column sum − 1|.
    fn spread_and_mass(n: usize, p: &[f64]) -> (f64, f64) {
        let spread = p.iter().map(|x| (x * n as f64 - 1.0).abs()).fold(0.0, f64::max);
        let mass = (0..n)
            .map(|i| {
                let row: f64 = p[i * n..(i + 1) * n].iter().sum();
                let col: f64 = (0..n).map(|j| p[j * n + i]).sum();
                (row - 1.0).abs().max((col - 1.0).abs())
            })
            .fold(0.0, f64::max);
        (spread, mass)
    }

    #[test]
    fn huge_step_counts_converge_to_uniform_without_losing_mass() {
        // Powers of M itself lost mass: at 10^9 riffles of 52 cards every cell was 1/52 × (1 − 2.6e-6), a bias
        // that is not there. Powers of D = M − J/n keep the mass and reach uniform after a few squarings.
        use crate::stats::exact::{overhand, riffle, top_to_random};
        let start = std::time::Instant::now();
        for (what, p) in [
            ("riffle", riffle::marginals(52, 1_000_000_000, None).unwrap()),
            ("riffle msvc", riffle::marginals(52, 1_000_000_000, Some(15)).unwrap()),
            ("overhand", overhand::marginals(52, 1_000_000_000, None).unwrap()),
            ("top-to-random", top_to_random::marginals(52, 1 << 40, Some(31)).unwrap()),
        ] {
            let (spread, mass) = spread_and_mass(52, &p);
            assert!(spread < 1e-15, "{what}: a cell off 1/52 by {spread:e} of it");
            assert!(mass < 1e-15, "{what}: a sum off 1 by {mass:e}");
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "{:?}", start.elapsed());
    }

    #[test]
    fn deviations_keep_their_digits_and_agree_with_the_plain_power() {
        // Where the deviations are large the plain power of M is right to rounding: the two agree. Far out
        // (12 riffles of 8 cards, deviations near 1e-3 of 1/n) they still agree, and the row sums stay 1.
        use crate::stats::exact::riffle;
        for (n, k) in [(8usize, 3u64), (8, 12), (52, 7)] {
            let ours = riffle::marginals(n, k, Some(15)).unwrap();
            let one = riffle::marginals(n, 1, Some(15)).unwrap();
            let mut plain = one.clone();
            for _ in 1..k {
                plain = multiply(n, &plain, &one);
            }
            for (a, b) in ours.iter().zip(&plain) {
                assert!((a - b).abs() < 1e-15, "n {n} k {k}: {a} vs {b}");
            }
            assert!(spread_and_mass(n, &ours).1 < 1e-15);
        }
    }

    #[test]
    fn a_step_matrix_that_is_not_doubly_stochastic_is_refused_naming_the_flag() {
        let m = [0.5, 0.5, 0.25, 0.75];
        let e = matrix_power("test", "--riffles", 2, &m, 3).unwrap_err();
        assert!(e.reason.contains("row or column sum off by 2.5e-1") && e.nearest.contains("--riffles"), "{e}");
    }

    #[test]
    fn order_laws_of_many_steps_stay_normalised_and_reach_uniform() {
        use crate::shuffle::top_to_random_move;
        // 10^5 moves of 5 cards: the law used to drift from 1 and keep rounding noise of 1e-15 in its orders.
        let step = step_law(5, None, |deck, d| top_to_random_move(deck, d));
        let law = order_law_of_steps("top-to-random", 5, 100_000, &step).unwrap();
        assert!(law.iter().all(|&p| p == 1.0 / 120.0), "{:?}", &law[..4]);
        // A few steps: the sparse phase, unchanged.
        let two = order_law_of_steps("top-to-random", 5, 2, &step).unwrap();
        assert!(two.contains(&0.0) && (two.iter().sum::<f64>() - 1.0).abs() < 1e-15);
    }

    #[test]
    fn draw_laws_sum_to_one_and_match_counting() {
        // 3-bit outputs 0..8 mod 3: residues 0, 1 take 3 outputs, residue 2 takes 2.
        assert_eq!(residue_probability(3, 0, Some(3)), 3.0 / 8.0);
        assert_eq!(residue_probability(3, 2, Some(3)), 2.0 / 8.0);
        assert_eq!(below_probability(2, 3, Some(3)), 6.0 / 8.0);
        assert_eq!(below_probability(1, 3, None), 1.0 / 3.0);
    }
}

/// The sampled side of the exact laws' tests: orders seen in `count` shuffles of `0..n`, by rank, and the
/// chi-square p-value (ln) of those counts against an order law.
#[cfg(test)]
pub(crate) mod sampled {
    use super::rank;
    use crate::cards::Card;
    use crate::rng::SeededRng;
    use crate::shuffle::{Scratch, Shuffle};
    use crate::stats::distributions::gof::chi2_against_pmf;

    pub fn ln_p_against<S: Shuffle, R: SeededRng>(shuffle: &S, n: usize, seed: u64, count: u64, law: &[f64]) -> f64 {
        let mut rng = R::from_seed_u64(seed);
        let mut scratch = Scratch::new(n);
        let mut observed = vec![0u64; law.len()];
        let mut deck: Vec<Card> = Vec::with_capacity(n);
        for _ in 0..count {
            deck.clear();
            deck.extend(0..n as Card);
            shuffle.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
            observed[rank(&deck)] += 1;
        }
        let g = chi2_against_pmf(&observed, law);
        assert_eq!(g.impossible, 0, "a sampled order has exact probability 0");
        g.ln_sf
    }
}
