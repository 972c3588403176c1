//! `r() % d` without a division, for every divisor a shuffle of up to 1024 cards uses.
//!
//! Lemire, Kaser & Kurz, "Faster Remainder by Direct Computation" (Software: Practice and Experience, 2019):
//! for a 32-bit numerator `a` and divisor `1 ≤ d < 2^32`, with `c = ⌈2^64 / d⌉` (computed as `u64::MAX / d + 1`,
//! which wraps to 0 for d = 1, where every remainder is 0 anyway),
//! `a % d = ⌊((c · a) mod 2^64) · d / 2^64⌋` exactly, because 64 fractional bits exceed the 32 bits of `a` plus
//! the bits of `d` (their Theorem 1 with F = 64 ≥ N + log2 d). The result is the C remainder bit for bit, so the
//! faithful algorithms keep every output and their modulo bias while the hardware division (20–40 cycles)
//! becomes two multiplications and a table load.

/// Largest divisor in the table: the largest deck, and pair-swap's 1023.
pub const MAX_DIVISOR: usize = 1024;

/// `c = ⌈2^64 / d⌉` for every `d` in `0..=MAX_DIVISOR` (entry 0 unused).
static MAGIC: [u64; MAX_DIVISOR + 1] = {
    let mut t = [0u64; MAX_DIVISOR + 1];
    let mut d = 1;
    while d <= MAX_DIVISOR {
        t[d] = (u64::MAX / d as u64).wrapping_add(1);
        d += 1;
    }
    t
};

/// `a % d` for `1 ≤ d ≤ MAX_DIVISOR`, equal to the C remainder for every 32-bit `a`.
#[inline(always)]
pub fn rem(a: u32, d: usize) -> usize {
    let low = MAGIC[d].wrapping_mul(u64::from(a));
    // The product is below 2^64 · 2^10: a wrapping multiply is the exact one, without the test build's overflow
    // check (a 128-bit multiply with a carry test, which doubled the shuffle's time there).
    (u128::from(low).wrapping_mul(d as u128) >> 64) as usize
}

/// `c = ⌈2^32 / d⌉` for every `d` in `0..=MAX_DIVISOR` (entry 0 unused; d = 1 wraps to 0, as above).
static MAGIC32: [u32; MAX_DIVISOR + 1] = {
    let mut t = [0u32; MAX_DIVISOR + 1];
    let mut d = 1;
    while d <= MAX_DIVISOR {
        t[d] = (u32::MAX / d as u32).wrapping_add(1);
        d += 1;
    }
    t
};

/// `a % d` for `a < 2^16` and `1 ≤ d ≤ MAX_DIVISOR`: the same theorem with 32 fractional bits, which exceed the
/// 16 bits of `a` plus the 10 of `d`. One 32-bit and one 64-bit multiply, where [`rem`] needs a 128-bit one.
#[inline(always)]
pub fn rem16(a: u32, d: usize) -> usize {
    debug_assert!(a < 1 << 16);
    let low = MAGIC32[d].wrapping_mul(a);
    // Below 2^32 · 2^10: exact, as in `rem`.
    (u64::from(low).wrapping_mul(d as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_the_remainder_on_every_divisor() {
        // Every divisor, every numerator below 2^16, and the numerators around each multiple of d near the top
        // of the 32-bit range, where an off-by-one in c would show first.
        for d in 1..=MAX_DIVISOR {
            for a in 0..(1u32 << 16) {
                assert_eq!(rem(a, d), (a % d as u32) as usize, "{a} % {d}");
                assert_eq!(rem16(a, d), (a % d as u32) as usize, "{a} % {d} (16 bits)");
            }
            let top = u32::MAX - u32::MAX % d as u32;
            for k in 0..64u32 {
                for a in [top.wrapping_sub(k * d as u32), top.wrapping_sub(k * d as u32).wrapping_sub(1), u32::MAX - k]
                {
                    assert_eq!(rem(a, d), (a % d as u32) as usize, "{a} % {d}");
                }
            }
        }
    }

    /// Every 32-bit numerator, for the divisors of the decks that matter most (a standard deck, 斗地主's, the
    /// largest deck and an odd one below it, and 3). The reference remainder is kept by counting (no division),
    /// and the range is split over the available cores: about 10 s at opt-level 3 on 2 cores. Run by CI with
    /// `cargo test -p shuffle-audit-core --lib fastmod -- --ignored`.
    #[test]
    #[ignore = "exhaustive over 2^32 numerators for the common divisors; CI runs it"]
    fn equals_the_remainder_for_every_32_bit_numerator() {
        let parts = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let end = 1u64 << 32;
        for d in [3usize, 52, 54, 1023, 1024] {
            std::thread::scope(|scope| {
                for part in 0..parts {
                    let (from, to) = (end * part / parts, end * (part + 1) / parts);
                    scope.spawn(move || {
                        let mut want = (from % d as u64) as usize;
                        for a in from..to {
                            let a = a as u32;
                            assert!(rem(a, d) == want, "{a} % {d}: {} instead of {want}", rem(a, d));
                            want += 1;
                            if want == d {
                                want = 0;
                            }
                        }
                    });
                }
            });
        }
    }
}
