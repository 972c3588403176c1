//! Exact marginals of the shuffles that move cards by swaps or by taking them out of a list: one card's place is
//! a Markov chain, because every draw is independent of which cards lie where.
//!
//! - **A swap with a drawn partner** (`fisher-yates`, `fisher-yates-forward`, `naive-swap`,
//!   `naive-swap-off-by-one`): step i swaps place i with place j drawn with law w(j). A card at i goes to j with
//!   probability w(j); a card at x ≠ i goes to i with probability w(x) and otherwise stays. O(n) a card a step.
//! - **A random transposition** (`pair-swap`: a, b independent; `wash`: b moved to a + 1 when they coincide).
//!   With q the law of `r() % n`, pair-swap moves a card from x to y ≠ x with probability 2·q(x)·q(y), so
//!   `next[y] = dist[y]·(1 − 2q(y)) + 2q(y)·Σ_x dist[x]q(x)`: O(n) a card a step. Wash adds, for each place a,
//!   the swap of a and a + 1 (mod n) with probability q(a)² and has no identity step.
//!   The source's pair-swap draws its count `cnt = r() % 1023` first: the marginals are the mixture
//!   `Σ_k q_1023(k)·(law after k swaps)`, accumulated along one pass of 1022 steps.
//! - **Erasing from a list** (`vec-erase`): a card at index x of the remaining list of length L is taken
//!   (to the next output place) when t = x, moves to x − 1 when t < x, and stays when t > x.
//!
//! Every step works on the whole matrix, one row per starting place, in double-double ([`Dd`]). Each chain
//! reports its progress to a [`Watch`] after every row or step, and stops there when asked.

use super::dd::Dd;
use super::draws::{Bits, DrawLaw};

/// The progress of a long exact computation, and the way to stop it: the chains call [`Watch::go_on`] with the
/// fraction done (after each row or step, a few hundred times at most per computation) and stop early, leaving a
/// matrix that is thrown away, once it answers false.
pub struct Watch<'a> {
    report: Option<&'a mut dyn FnMut(f64) -> bool>,
    stopped: bool,
}

impl<'a> Watch<'a> {
    /// A watch that shows nothing and never stops.
    pub fn none() -> Watch<'static> {
        Watch { report: None, stopped: false }
    }

    /// A watch that calls `report(fraction done)`, which returns false to stop.
    pub fn new(report: &'a mut dyn FnMut(f64) -> bool) -> Watch<'a> {
        Watch { report: Some(report), stopped: false }
    }

    /// Reports `done` (0..=1) and tells whether to go on.
    #[inline]
    pub fn go_on(&mut self, done: f64) -> bool {
        if !self.stopped
            && let Some(report) = self.report.as_mut()
        {
            self.stopped = !report(done.clamp(0.0, 1.0));
        }
        !self.stopped
    }

    /// True once the computation was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// `p[start * n + pos]` with every start at its own place.
fn identity(n: usize) -> Vec<Dd> {
    let mut p = vec![Dd::ZERO; n * n];
    for c in 0..n {
        p[c * n + c] = Dd::ONE;
    }
    p
}

/// One swap of place `i` with a place drawn with law `w` (`w[j]` for every place, 0 where not drawn), applied to
/// one card's distribution.
fn swap_with(dist: &mut [Dd], next: &mut [Dd], i: usize, w: &[Dd]) {
    let mut to_i = Dd::ZERO;
    for (x, (&d, &wx)) in dist.iter().zip(w).enumerate() {
        to_i += d * wx;
        if x != i {
            next[x] = d * (Dd::ONE - wx) + dist[i] * wx;
        }
    }
    next[i] = to_i;
    dist.copy_from_slice(next);
}

/// A swap algorithm: the places `i` swapped in order, each with its partner's law over all places.
fn swap_walk(n: usize, steps: &[(usize, Vec<Dd>)], watch: &mut Watch<'_>) -> Vec<Dd> {
    let mut p = identity(n);
    let mut next = vec![Dd::ZERO; n];
    for (start, row) in p.chunks_exact_mut(n).enumerate() {
        if !watch.go_on(start as f64 / n as f64) {
            break;
        }
        for (i, w) in steps {
            swap_with(row, &mut next, *i, w);
        }
    }
    p
}

/// A draw law spread over places `offset..offset + m` of an n-place deck.
fn placed(law: &DrawLaw, offset: usize, n: usize) -> Vec<Dd> {
    let mut w = vec![Dd::ZERO; n];
    for j in 0..law.m {
        w[offset + j] = law.q(j);
    }
    w
}

/// `fisher-yates`: `for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }`.
pub fn fisher_yates(n: usize, bits: Bits, watch: &mut Watch<'_>) -> Vec<Dd> {
    let steps: Vec<_> = (1..n).rev().map(|i| (i, placed(&DrawLaw::new(i + 1, bits), 0, n))).collect();
    swap_walk(n, &steps, watch)
}

/// `fisher-yates-forward`: `for i in 0..n { j = i + r() % (n-i); swap(d[i], d[j]) }`.
pub fn fisher_yates_forward(n: usize, bits: Bits, watch: &mut Watch<'_>) -> Vec<Dd> {
    let steps: Vec<_> = (0..n).map(|i| (i, placed(&DrawLaw::new(n - i, bits), i, n))).collect();
    swap_walk(n, &steps, watch)
}

/// `naive-swap` (`j = r() % n`) and `naive-swap-off-by-one` (`j = r() % (n-1)`): `for i in 0..n { swap(d[i], d[j]) }`.
pub fn naive_swap(n: usize, bits: Bits, off_by_one: bool, watch: &mut Watch<'_>) -> Vec<Dd> {
    let m = if off_by_one { n - 1 } else { n };
    let w = placed(&DrawLaw::new(m, bits), 0, n);
    let steps: Vec<_> = (0..n).map(|i| (i, w.clone())).collect();
    swap_walk(n, &steps, watch)
}

/// `sattolo`: `for i in (1..n).rev() { j = r() % i; swap(d[i], d[j]) }`, Fisher–Yates with its partner drawn
/// strictly below `i` (with ideal draws every off-diagonal cell is 1/(n−1) and the diagonal is 0).
pub fn sattolo(n: usize, bits: Bits, watch: &mut Watch<'_>) -> Vec<Dd> {
    let steps: Vec<_> = (1..n).rev().map(|i| (i, placed(&DrawLaw::new(i, bits), 0, n))).collect();
    swap_walk(n, &steps, watch)
}

/// One random transposition applied to every row of `p`: pair-swap's, or wash's with its forced neighbour swap.
fn transposition_step(p: &mut [Dd], next: &mut [Dd], q: &[Dd], stay: &[Dd], wash: bool) {
    let n = q.len();
    for row in p.chunks_exact_mut(n) {
        let s: Dd = row.iter().zip(q).map(|(&d, &qx)| d * qx).sum();
        for y in 0..n {
            // From anywhere else: 2q(x)q(y); the x = y term is taken back out through `stay`.
            let mut v = row[y] * stay[y] + (s - row[y] * q[y]) * q[y].mul_f64(2.0);
            if wash {
                let (before, after) = ((y + n - 1) % n, (y + 1) % n);
                // a = b = y − 1 swaps y − 1 and y; a = b = y swaps y and y + 1.
                v += row[before] * q[before].sqr() + row[after] * q[y].sqr();
            }
            next[y] = v;
        }
        row.copy_from_slice(next);
    }
}

/// The probability that a swap leaves a card at y where it is.
fn stay_law(q: &[Dd], wash: bool) -> Vec<Dd> {
    let n = q.len();
    (0..n)
        .map(|y| {
            let moved = q[y].mul_f64(2.0) * (Dd::ONE - q[y]);
            if wash { Dd::ONE - moved - q[y].sqr() - q[(y + n - 1) % n].sqr() } else { Dd::ONE - moved }
        })
        .collect()
}

/// `wash`: `repeat k times { a = r() % n; b = r() % n; if a == b { b = (a + 1) % n } swap(d[a], d[b]) }`.
pub fn wash(n: usize, bits: Bits, swaps: usize, watch: &mut Watch<'_>) -> Vec<Dd> {
    let q = DrawLaw::new(n, bits).table();
    let stay = stay_law(&q, true);
    let mut p = identity(n);
    let mut next = vec![Dd::ZERO; n];
    for k in 0..swaps {
        if !watch.go_on(k as f64 / swaps as f64) {
            break;
        }
        transposition_step(&mut p, &mut next, &q, &stay, true);
    }
    p
}

/// `pair-swap`: `cnt` swaps of two independent places, `cnt = r() % 1023` (the source) or a fixed K.
pub fn pair_swap(n: usize, bits: Bits, swaps: Option<usize>, watch: &mut Watch<'_>) -> Vec<Dd> {
    let q = DrawLaw::new(n, bits).table();
    let stay = stay_law(&q, false);
    let mut p = identity(n);
    let mut next = vec![Dd::ZERO; n];
    match swaps {
        Some(k) => {
            for step in 0..k {
                if !watch.go_on(step as f64 / k as f64) {
                    break;
                }
                transposition_step(&mut p, &mut next, &q, &stay, false);
            }
            p
        }
        None => {
            let count = DrawLaw::new(1023, bits);
            let mut mixture: Vec<Dd> = p.iter().map(|&x| x * count.q(0)).collect();
            for k in 1..1023 {
                if !watch.go_on(k as f64 / 1023.0) {
                    break;
                }
                transposition_step(&mut p, &mut next, &q, &stay, false);
                let w = count.q(k);
                if w.hi != 0.0 {
                    for (m, &x) in mixture.iter_mut().zip(&p) {
                        *m += x * w;
                    }
                }
            }
            mixture
        }
    }
}

/// `vec-erase`: `while len > 0 { t = r() % len; len -= 1; out.push(v.remove(t)) }`.
pub fn vec_erase(n: usize, bits: Bits, watch: &mut Watch<'_>) -> Vec<Dd> {
    let laws: Vec<Vec<Dd>> = (0..n).map(|i| DrawLaw::new(n - i, bits).table()).collect();
    let mut p = vec![Dd::ZERO; n * n];
    let mut dist = vec![Dd::ZERO; n];
    for card in 0..n {
        if !watch.go_on(card as f64 / n as f64) {
            break;
        }
        dist.fill(Dd::ZERO);
        dist[card] = Dd::ONE;
        for (i, q) in laws.iter().enumerate() {
            let len = n - i;
            let mut taken = Dd::ZERO;
            // below = P(t < x + 1) = P(t ≤ x): the card at x + 1 moves down to x.
            let mut below = Dd::ZERO;
            for x in 0..len {
                taken += dist[x] * q[x];
                below += q[x];
                let from_above = if x + 1 < len { dist[x + 1] * below } else { Dd::ZERO };
                dist[x] = dist[x] * (Dd::ONE - below) + from_above;
            }
            p[card * n + i] = taken;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_double_double_chain_agrees_with_the_double_one() {
        use crate::stats::exact::marginals::{Direction, fisher_yates_marginals};
        for (n, bits) in [(52, 15), (20, 31), (7, 3)] {
            let old = fisher_yates_marginals(n, bits, Direction::Backward);
            let new = fisher_yates(n, Some(bits), &mut Watch::none());
            for (a, b) in old.iter().zip(&new) {
                assert!((a - b.to_f64()).abs() < 1e-14, "n = {n}: {a} vs {}", b.to_f64());
            }
            let old = fisher_yates_marginals(n, bits, Direction::Forward);
            let new = fisher_yates_forward(n, Some(bits), &mut Watch::none());
            for (a, b) in old.iter().zip(&new) {
                assert!((a - b.to_f64()).abs() < 1e-14);
            }
        }
    }
}
