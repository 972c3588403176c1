//! `fisher-yates --draw batched` (`fisher-yates-batched`): a fast, exactly fair Fisher–Yates for modern
//! generators, after Brackett-Rozinsky & Lemire, "Batched Ranged Random Integer Generation" (Software: Practice
//! and Experience, 2024).
//!
//! The bounds of Fisher–Yates (n, n−1, …, 2) are grouped so that each group's product P fits in a 64-bit word;
//! one random word x then yields the whole group: multiplying x by the first bound gives a 128-bit product whose
//! high word is the first draw and whose low word is multiplied by the next bound, and so on. The draws are the
//! mixed-radix digits of ⌊x·P / 2^64⌋, and the final low word is `x·P mod 2^64`; rejecting x when that low word
//! is below `t = 2^64 mod P` (Lemire's nearly divisionless method, for the bound P) makes every tuple of draws
//! exactly equally likely. The groups and their `t` depend only on n, so they are computed once and the loop has
//! no division at all. A 52-card shuffle takes four 64-bit words (52! ≈ 2^225.6) plus, rarely, a retry.
//!
//! This is not one of the sources' algorithms: it is the fast fair reference shuffle, audited like the rest.

use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "for each group of bounds (i+1 for i = n-1..1) with product P <= 2^64: \
     x = next_u64(); for each bound b: (digit, x) = (x*b >> 64, x*b mod 2^64); retry if x < 2^64 mod P; \
     swap(d[i], d[digit])";

/// One group of consecutive bounds sharing a random word.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Group {
    /// Number of bounds in the group.
    len: usize,
    /// Reject the word when the final low part is below this: `2^W mod P`.
    threshold: u64,
}

/// Fisher–Yates with batched unbiased bounded draws, for an `n`-card deck.
#[derive(Clone, Debug)]
pub struct FisherYatesBatched {
    n: usize,
    groups: Vec<Group>,
}

impl FisherYatesBatched {
    /// Groups the bounds n, n−1, …, 2 greedily into products that fit in 64 bits.
    pub fn new(n: usize) -> Self {
        FisherYatesBatched { n, groups: group_bounds(n, 64) }
    }
}

/// Greedy grouping of the bounds `n, n−1, …, 2` into products `P ≤ 2^bits`, each with `2^bits mod P`.
fn group_bounds(n: usize, bits: u32) -> Vec<Group> {
    let limit: u128 = 1u128 << bits;
    let mut groups = Vec::new();
    let mut product: u128 = 1;
    let mut len = 0;
    for bound in (2..=n as u128).rev() {
        if product * bound > limit {
            groups.push(Group { len, threshold: (limit % product) as u64 });
            product = 1;
            len = 0;
        }
        product *= bound;
        len += 1;
    }
    if len > 0 {
        groups.push(Group { len, threshold: (limit % product) as u64 });
    }
    groups
}

/// The digits of one word for `bounds`, and the final low part, with `bits`-wide words (64 in use; smaller in
/// the exhaustive tests).
#[inline(always)]
fn digits(x: u64, bounds: impl Iterator<Item = u64>, bits: u32, mut out: impl FnMut(usize)) -> u64 {
    if bits == 64 {
        // The same computation in 64-bit words: one 64 × 64 → 128-bit multiply per digit (with a 128-bit low
        // part the compiler multiplies its zero high half too, lengthening the chain from digit to digit).
        let mut low = x;
        for b in bounds {
            let m = u128::from(low) * u128::from(b);
            out((m >> 64) as usize);
            low = m as u64;
        }
        return low;
    }
    digits_wide(x, bounds, bits, out)
}

/// [`digits`] in 128-bit arithmetic for any width up to 64 (the exhaustive tests' small words, and the reference
/// the 64-bit form is checked against).
#[inline(always)]
fn digits_wide(x: u64, bounds: impl Iterator<Item = u64>, bits: u32, mut out: impl FnMut(usize)) -> u64 {
    let mask: u128 = (1u128 << bits) - 1;
    let mut low = u128::from(x) & mask;
    for b in bounds {
        let m = low * u128::from(b);
        out((m >> bits) as usize);
        low = m & mask;
    }
    low as u64
}

impl Shuffle for FisherYatesBatched {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        debug_assert_eq!(deck.len(), self.n);
        let mut i = deck.len() - 1;
        for g in &self.groups {
            // Draw the group's digits into a small buffer first: a rejected word must not touch the deck.
            let mut js = [0u16; 64];
            loop {
                let mut k = 0;
                let low = digits(rng.next_u64(), (0..g.len).map(|t| (i + 1 - t) as u64), 64, |d| {
                    js[k] = d as u16;
                    k += 1;
                });
                if low >= g.threshold {
                    break;
                }
            }
            for &j in &js[..g.len] {
                deck.swap(i, usize::from(j));
                i -= 1;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_52_card_deck_takes_four_words() {
        let g = group_bounds(52, 64);
        assert_eq!(g.len(), 4);
        assert_eq!(g.iter().map(|g| g.len).sum::<usize>(), 51);
    }

    #[test]
    fn every_tuple_is_equally_likely_on_small_words() {
        // Exhaustive over every word of 8, 10 and 12 bits: each accepted word maps to one tuple of digits, and
        // every possible tuple must be produced by exactly the same number of words (⌊2^W / P⌋), with the
        // rejected words exactly those whose low part is below 2^W mod P. This is the unbiasedness proof, run
        // with the production code path at a width where it can be enumerated.
        for bits in [8u32, 10, 12] {
            for n in 2..=9usize {
                for group in split(n, bits) {
                    let product: u64 = group.iter().product();
                    let threshold = (1u64 << bits) % product;
                    let mut hits = std::collections::HashMap::<Vec<usize>, u64>::new();
                    let mut rejected = 0;
                    for x in 0..(1u64 << bits) {
                        let mut tuple = Vec::new();
                        let low = digits(x, group.iter().copied(), bits, |d| tuple.push(d));
                        for (d, b) in tuple.iter().zip(&group) {
                            assert!((*d as u64) < *b);
                        }
                        if low < threshold {
                            rejected += 1;
                        } else {
                            *hits.entry(tuple).or_default() += 1;
                        }
                    }
                    assert_eq!(rejected, threshold);
                    assert_eq!(hits.len() as u64, product, "bits {bits} group {group:?}");
                    let per = (1u64 << bits) / product;
                    assert!(hits.values().all(|&h| h == per), "bits {bits} group {group:?}: {hits:?}");
                }
            }
        }
    }

    #[test]
    fn the_64_bit_form_equals_the_wide_form() {
        // Random words (fixed seed) through every group of every deck size up to 1024.
        use rand::{Rng, SeedableRng};
        let mut g = rand_pcg::Pcg64::seed_from_u64(3);
        for n in 2..=1024usize {
            for group in split(n, 64) {
                for _ in 0..4 {
                    let x = g.next_u64();
                    let (mut fast, mut wide) = (Vec::new(), Vec::new());
                    let low = digits(x, group.iter().copied(), 64, |d| fast.push(d));
                    let want = digits_wide(x, group.iter().copied(), 64, |d| wide.push(d));
                    assert_eq!((low, fast), (want, wide), "n = {n}, x = {x}");
                }
            }
        }
    }

    /// The bound groups of an n-card deck for `bits`-wide words, as explicit bound lists.
    fn split(n: usize, bits: u32) -> Vec<Vec<u64>> {
        let mut bounds = (2..=n as u64).rev();
        group_bounds(n, bits).iter().map(|g| (&mut bounds).take(g.len).collect()).collect()
    }
}
