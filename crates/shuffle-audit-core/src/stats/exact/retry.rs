//! Exact marginals of the retry loops `reject-retry-fixed` (draw a free *place* for each card in turn) and
//! `mark-array` (draw an unused *card* for each place in turn), by counting heavy and light residues.
//!
//! A retry loop over `r() % n` accepts a free slot s with probability `q(s) / Σ_{free} q`. The law of the whole
//! arrangement depends on which slots are taken, 2^n sets; but `q` takes only two values (heavy on the
//! `e = 2^w mod n` slots `0..e`, light on the others), and the loop treats slots of the same weight alike, so
//! the state that matters is `h`, the number of heavy slots taken (the light ones are the rest). After c slots
//! are taken, the next is heavy with probability `(e − h)·q_H / ((e − h)·q_H + (n − e − c + h)·q_L)`. The
//! distribution of h is a chain of n steps over at most n + 1 values: O(n²) in all. By symmetry every heavy
//! slot is equally likely to be the c-th taken, and so is every light one, which gives each cell.
//!
//! When the generator has fewer outputs than n, some slot is never drawn and the loop never ends: refused.

use super::Intractable;
use super::dd::Dd;
use super::draws::{Bits, DrawLaw};

/// `taken[c * n + s]`: the probability that the c-th slot taken is s.
fn slot_order(n: usize, bits: Bits, what: &str) -> Result<Vec<Dd>, Intractable> {
    let law = DrawLaw::new(n, bits);
    if law.has_unreachable() {
        return Err(Intractable {
            reason: format!(
                "a {}-bit generator never draws {what} {} .. {} of `r() % {n}`, so the retry loop never ends",
                bits.unwrap_or(0),
                law.heavy_count,
                n - 1
            ),
            nearest: "a generator of at least log2(n) bits".to_string(),
        });
    }
    let e = law.heavy_count;
    let (qh, ql) = (law.heavy, law.light);
    // dist[h] after c slots taken.
    let mut dist = vec![Dd::ZERO; e + 1];
    dist[0] = Dd::ONE;
    let mut out = vec![Dd::ZERO; n * n];
    for c in 0..n {
        let (mut to_heavy, mut next) = (Dd::ZERO, vec![Dd::ZERO; e + 1]);
        for h in 0..=e.min(c) {
            let l = c - h;
            if dist[h].hi == 0.0 || l > n - e {
                continue;
            }
            let heavy = qh.mul_f64((e - h) as f64);
            let light = ql.mul_f64((n - e - l) as f64);
            let ph = heavy / (heavy + light);
            let p_heavy = dist[h] * ph;
            to_heavy += p_heavy;
            if h < e {
                next[h + 1] += p_heavy;
            }
            next[h] += dist[h] - p_heavy;
        }
        dist = next;
        let to_light = Dd::ONE - to_heavy;
        let (each_heavy, each_light) = (
            if e > 0 { to_heavy / Dd::from_f64(e as f64) } else { Dd::ZERO },
            if e < n { to_light / Dd::from_f64((n - e) as f64) } else { Dd::ZERO },
        );
        for s in 0..n {
            out[c * n + s] = if s < e { each_heavy } else { each_light };
        }
    }
    Ok(out)
}

/// `reject-retry-fixed`: card c goes to the c-th place taken, so `p[c][pos] = taken[c][pos]`.
pub fn reject_retry_fixed(n: usize, bits: Bits) -> Result<Vec<Dd>, Intractable> {
    slot_order(n, bits, "places")
}

/// `mark-array`: place i gets the i-th card taken, so `p[card][i] = taken[i][card]`.
pub fn mark_array(n: usize, bits: Bits) -> Result<Vec<Dd>, Intractable> {
    let taken = slot_order(n, bits, "cards")?;
    let mut p = vec![Dd::ZERO; n * n];
    for i in 0..n {
        for card in 0..n {
            p[card * n + i] = taken[i * n + card];
        }
    }
    Ok(p)
}
