//! The MSVC search, sixteen seeds at a time: a filter that runs the first steps of Fisher–Yates (backward or
//! forward) for sixteen consecutive seeds side by side and drops a seed as soon as a finalised position breaks
//! the view, leaving the few survivors to the exact scalar check.
//!
//! Each lane keeps its LCG state (every lane steps with the same multiplier, so no jump is needed between
//! lanes; `--deal D` jumps all lanes by the same `A^k, C_k`) and, for an n ≤ 64 deck, a 64-bit mask of where the
//! seen cards are. A step `swap(d[i], d[j])` swaps bits i and j; the card that lands on the finalised position i
//! is a seen one exactly when bit j was set. So a position outside the seat rejects a lane whose bit j is set
//! (even for backward Fisher–Yates, which decides the seat's own positions last), and a seat position of a fully
//! seen hand rejects a lane whose bit j is clear. `r() % m` for a 15-bit output and m ≤ 1024 is
//! `r − m·⌊r·c / 2^k⌋` with `k = 15 + ⌈log2 m⌉`, `c = ⌈2^k / m⌉`: exact (the error `r·(c·m − 2^k) < 2^k`) and within
//! 32 bits (`r·c < 2^15·(2^16 + 1)`), so every lane operation is a 32- or 64-bit integer operation the vector
//! units have. The loop is plain arrays that the compiler vectorises; it is compiled three times (AVX-512, AVX2,
//! portable) and the processor's best is chosen at run time. All three compute the same integers, and the
//! scalar check decides every survivor, so the results are identical.

use super::problem::{Problem, Role};

/// Seeds per block.
pub(crate) const LANES: usize = 16;

const A: u32 = 214_013;
const C: u32 = 2_531_011;

/// One step of the shuffle as the lanes run it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    /// The position finalised by this step.
    i: u32,
    /// `j = base + r() % m`.
    base: u32,
    m: u32,
    mult: u32,
    shift: u32,
    /// 0: nothing to check, 1: the card must not be seen, 2: the card must be seen.
    check: u8,
}

/// The steps of the problem's shuffle, or `None` when the lanes do not apply (not MSVC, not a Fisher–Yates, an
/// ordered view, or more than 64 cards).
pub(crate) fn plan(problem: &Problem) -> Option<(Vec<Step>, u64)> {
    use crate::shuffle::Sweep;
    let n = problem.dealer.deal.deck;
    if problem.dealer.rng != crate::rng::RngKind::Msvc || problem.view.ordered || n > 64 {
        return None;
    }
    let forward = match problem.dealer.algorithm.kind.fisher_yates_sweep()? {
        Sweep::Backward => false,
        Sweep::Forward => true,
    };
    let step = |i: usize, base: usize, m: usize| {
        let bits = usize::BITS - (m - 1).leading_zeros();
        let shift = 15 + bits;
        let mult = (1u64 << shift).div_ceil(m as u64) as u32;
        let check = match problem.roles[i] {
            Role::Any => 0,
            Role::NotInSet => 1,
            Role::InSet => 2,
            Role::Exact(_) => unreachable!("ordered views do not use the lanes"),
        };
        Step { i: i as u32, base: base as u32, m: m as u32, mult, shift, check }
    };
    let steps: Vec<Step> = if forward {
        (0..n).map(|i| step(i, i, n - i)).collect()
    } else {
        (1..n).rev().map(|i| step(i, 0, i + 1)).collect()
    };
    let mut mask = 0u64;
    for (p, &c) in problem.start.iter().enumerate() {
        if problem.in_set[usize::from(c)] {
            mask |= 1 << p;
        }
    }
    Some((steps, mask))
}

/// The multiplier and increment of `k` LCG steps at once.
pub(crate) fn jump(k: u64) -> (u32, u32) {
    // Square-and-multiply on the affine map x -> a·x + c.
    let (mut a, mut c) = (1u32, 0u32);
    let (mut sa, mut sc) = (A, C);
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            a = a.wrapping_mul(sa);
            c = c.wrapping_mul(sa).wrapping_add(sc);
        }
        sc = sc.wrapping_mul(sa).wrapping_add(sc);
        sa = sa.wrapping_mul(sa);
        k >>= 1;
    }
    (a, c)
}

#[inline(always)]
fn filter_range_body(from: u64, to: u64, steps: &[Step], mask0: u64, skip: (u32, u32), out: &mut Vec<u64>) {
    let mut base = from;
    while base <= to {
        let mut state = [0u32; LANES];
        let mut mask = [mask0; LANES];
        let mut dead = [0u64; LANES];
        for l in 0..LANES {
            let s = base + l as u64;
            state[l] = (s as u32).wrapping_mul(skip.0).wrapping_add(skip.1);
            dead[l] = u64::from(s > to);
        }
        for st in steps {
            let (i, b, m, mult, shift) = (st.i, st.base, st.m, st.mult, st.shift);
            for l in 0..LANES {
                state[l] = state[l].wrapping_mul(A).wrapping_add(C);
                let r = (state[l] >> 16) & 0x7fff;
                let q = r.wrapping_mul(mult) >> shift;
                // Wrapping arithmetic: j < 64 and every value fits, so the results are the plain ones, and the
                // test build's overflow checks do not stop the lanes from being vectorised.
                let j = b.wrapping_add(r).wrapping_sub(q.wrapping_mul(m));
                let bj = mask[l].wrapping_shr(j) & 1;
                let bi = mask[l].wrapping_shr(i) & 1;
                let x = bi ^ bj;
                mask[l] ^= x.wrapping_shl(i) | x.wrapping_shl(j);
                dead[l] |= match st.check {
                    1 => bj,
                    2 => bj ^ 1,
                    _ => 0,
                };
            }
            // The block ends when every lane is rejected (measured faster than handing the last few lanes to
            // the scalar check).
            if dead.iter().all(|&d| d != 0) {
                break;
            }
        }
        for (l, &d) in dead.iter().enumerate() {
            if d == 0 {
                out.push(base + l as u64);
            }
        }
        base += LANES as u64;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl")]
unsafe fn filter_range_avx512(from: u64, to: u64, steps: &[Step], mask0: u64, skip: (u32, u32), out: &mut Vec<u64>) {
    filter_range_body(from, to, steps, mask0, skip, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn filter_range_avx2(from: u64, to: u64, steps: &[Step], mask0: u64, skip: (u32, u32), out: &mut Vec<u64>) {
    filter_range_body(from, to, steps, mask0, skip, out)
}

/// Which code the filter runs: the process's kernel path ([`crate::isa`]).
pub use crate::isa::Isa;

/// Appends to `out` every seed of `from..=to` the first steps do not reject, with the code of `isa` (which must
/// be [`Isa::available`]). `skip` is the LCG jump of the deals before the one seen.
pub(crate) fn filter_range(
    isa: Isa,
    from: u64,
    to: u64,
    steps: &[Step],
    mask0: u64,
    skip: (u32, u32),
    out: &mut Vec<u64>,
) {
    assert!(isa.available(), "{} is not available on this processor", isa.label());
    match isa {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the processor has the features (checked just above).
        Isa::Avx512 => unsafe { filter_range_avx512(from, to, steps, mask0, skip, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        Isa::Avx2 => unsafe { filter_range_avx2(from, to, steps, mask0, skip, out) },
        _ => filter_range_body(from, to, steps, mask0, skip, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_remainder_by_multiplication_is_exact() {
        for m in 1..=1024usize {
            let bits = usize::BITS - (m - 1).leading_zeros();
            let shift = 15 + bits;
            let mult = (1u64 << shift).div_ceil(m as u64) as u32;
            for r in 0..(1u32 << 15) {
                let q = r.wrapping_mul(mult) >> shift;
                assert_eq!(r - q * m as u32, r % m as u32, "{r} % {m}");
                assert!(u64::from(r) * u64::from(mult) < 1 << 32);
            }
        }
    }

    #[test]
    fn a_jump_is_k_steps() {
        let mut s = 12345u32;
        for _ in 0..1000 {
            s = s.wrapping_mul(A).wrapping_add(C);
        }
        let (a, c) = jump(1000);
        assert_eq!(12345u32.wrapping_mul(a).wrapping_add(c), s);
        assert_eq!(jump(0), (1, 0));
    }
}
