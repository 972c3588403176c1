//! A deck's Lehmer rank as exactly uniform bits.
//!
//! The rank of a permutation of `0..n` is `r = Σ c_i·(n−1−i)!`, `c_i` the number of cards after position `i`
//! smaller than `deck[i]` (Lehmer's code; Knuth, TAOCP vol. 2, §3.3.2 P): a bijection onto `0..n!`, so a
//! uniform shuffle gives a uniform rank. With `b = ⌊log₂ n!⌋`, a rank below `2^b` is `b` uniform bits (given
//! that it is below `2^b`); the deck is dropped otherwise, which keeps a fraction `2^b / n!` of the decks
//! (66.8% for 52 cards, whose `b` is 225). Ranks are computed by Horner's rule, `r = r·(n−i) + c_i`, with the
//! small multipliers grouped into one 64-bit multiplier so that a 52-card deck costs a handful of 4-limb steps.

use super::packer::BitPacker;
use crate::cards::Card;

/// A natural number: little-endian 64-bit limbs, a fixed number of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nat {
    limbs: Vec<u64>,
}

impl Nat {
    /// Zero, with room for `limbs` limbs.
    pub fn zero(limbs: usize) -> Self {
        Nat { limbs: vec![0; limbs.max(1)] }
    }

    /// `self = self·m + a`; the result must fit the limbs.
    #[inline]
    pub fn mul_add(&mut self, m: u64, a: u64) {
        let mut carry = a;
        for limb in &mut self.limbs {
            let t = u128::from(*limb) * u128::from(m) + u128::from(carry);
            *limb = t as u64;
            carry = (t >> 64) as u64;
        }
        debug_assert_eq!(carry, 0, "a Nat outgrew its limbs");
    }

    /// Number of significant bits (0 for zero).
    pub fn bit_len(&self) -> u32 {
        self.limbs
            .iter()
            .enumerate()
            .rev()
            .find(|(_, l)| **l != 0)
            .map_or(0, |(i, l)| i as u32 * 64 + 64 - l.leading_zeros())
    }

    /// Bit `i`.
    pub fn bit(&self, i: u32) -> bool {
        self.limbs.get((i / 64) as usize).is_some_and(|l| (l >> (i % 64)) & 1 == 1)
    }

    /// The `k` bits (1..=32) from bit `lo` up, as a number.
    #[inline]
    pub fn bits_at(&self, lo: u32, k: u32) -> u32 {
        let (limb, off) = ((lo / 64) as usize, lo % 64);
        let mut v = self.limbs[limb] >> off;
        if off + k > 64 {
            v |= self.limbs[limb + 1] << (64 - off);
        }
        (v & ((1u64 << k) - 1)) as u32
    }

    /// The number as an `f64` scaled by `2^-shift` (its top 64 bits, rounded by the conversion).
    pub fn to_f64_scaled(&self, shift: i32) -> f64 {
        let len = self.bit_len();
        if len <= 64 {
            return self.limbs[0] as f64 * (-f64::from(shift)).exp2();
        }
        let lo = len - 64;
        let top = u64::from(self.bits_at(lo + 32, 32)) << 32 | u64::from(self.bits_at(lo, 32));
        top as f64 * (f64::from(lo as i32 - shift)).exp2()
    }

    fn set_zero(&mut self) {
        self.limbs.fill(0);
    }
}

/// `n!`.
pub fn factorial(n: usize) -> Nat {
    // log2(n!) < n·log2(n) + 1; one limb more than needed does no harm.
    let bits = n as f64 * (n.max(2) as f64).log2() + 1.0;
    let mut f = Nat::zero(bits as usize / 64 + 2);
    f.mul_add(0, 1);
    for k in 2..=n as u64 {
        f.mul_add(k, 0);
    }
    f
}

/// Turns decks of `n` cards into `⌊log₂ n!⌋` uniform bits each (or nothing, for a rank too high).
#[derive(Clone, Debug)]
pub struct LehmerBits {
    n: usize,
    /// `⌊log₂ n!⌋`.
    b: u32,
    /// `n! / 2^b`, in [1, 2).
    excess: f64,
    rank: Nat,
    /// The cards seen so far, one bit each.
    seen: Vec<u64>,
}

impl LehmerBits {
    pub fn new(n: usize) -> Self {
        let f = factorial(n);
        let b = f.bit_len() - 1;
        let excess = f.to_f64_scaled(b as i32);
        LehmerBits { n, b, excess, rank: Nat::zero(f.limbs.len()), seen: vec![0; n.div_ceil(64)] }
    }

    /// `b = ⌊log₂ n!⌋`, the bits a kept deck gives.
    pub fn bits(&self) -> u32 {
        self.b
    }

    /// The fraction of decks kept, `2^b / n!`.
    pub fn keep_probability(&self) -> f64 {
        1.0 / self.excess
    }

    /// Decks read per GiB of output: `2^33 / (b · 2^b / n!)`.
    pub fn decks_per_gib(&self) -> f64 {
        (2f64.powi(33) / f64::from(self.b)) * self.excess
    }

    /// The Lehmer rank of `deck`, a permutation of `0..n`.
    pub fn rank(&mut self, deck: &[Card]) -> &Nat {
        debug_assert_eq!(deck.len(), self.n);
        self.rank.set_zero();
        let n = self.n as u64;
        // Horner steps grouped: (m, a) is the pending multiplier and digits, a < m, flushed before m overflows.
        let (mut m, mut a) = (1u64, 0u64);
        let mut step = |i: u64, c: u64, rank: &mut Nat| {
            let radix = n - i;
            match m.checked_mul(radix) {
                Some(mm) => {
                    m = mm;
                    a = a * radix + c;
                }
                None => {
                    rank.mul_add(m, a);
                    (m, a) = (radix, c);
                }
            }
        };
        if self.n <= 64 {
            let mut seen = 0u64;
            for (i, &card) in deck.iter().enumerate() {
                let below = (1u64 << card) - 1;
                let c = u64::from(card) - u64::from((seen & below).count_ones());
                seen |= 1u64 << card;
                step(i as u64, c, &mut self.rank);
            }
        } else {
            self.seen.fill(0);
            for (i, &card) in deck.iter().enumerate() {
                let (word, bit) = (usize::from(card) / 64, u32::from(card) % 64);
                let before: u32 = self.seen[..word].iter().map(|w| w.count_ones()).sum::<u32>()
                    + (self.seen[word] & ((1u64 << bit) - 1)).count_ones();
                self.seen[word] |= 1u64 << bit;
                step(i as u64, u64::from(card) - u64::from(before), &mut self.rank);
            }
        }
        self.rank.mul_add(m, a);
        &self.rank
    }

    /// Ranks `deck` and, when its rank is below `2^b`, pushes the rank's `b` bits (most significant first) into
    /// `packer`; says whether the deck was kept.
    #[inline]
    pub fn push(&mut self, deck: &[Card], packer: &mut BitPacker, out: &mut Vec<u32>) -> bool {
        let b = self.b;
        let rank = self.rank(deck);
        if rank.bit(b) {
            return false;
        }
        let mut pos = b;
        let first = b % 32;
        if first > 0 {
            pos -= first;
            packer.push(rank.bits_at(pos, first), first, out);
        }
        while pos > 0 {
            pos -= 32;
            packer.push(rank.bits_at(pos, 32), 32, out);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation of `0..n`, in lexicographic order.
    fn permutations(n: usize) -> Vec<Vec<Card>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut all = Vec::new();
        for first in 0..n as Card {
            for rest in permutations(n - 1) {
                let mut p = vec![first];
                p.extend(rest.iter().map(|&c| if c >= first { c + 1 } else { c }));
                all.push(p);
            }
        }
        all
    }

    fn rank_u64(l: &mut LehmerBits, deck: &[Card]) -> u64 {
        let r = l.rank(deck);
        assert!(r.bit_len() <= 64);
        (0..r.bit_len()).map(|i| u64::from(r.bit(i)) << i).sum()
    }

    #[test]
    fn ranks_are_a_bijection_onto_0_to_n_factorial() {
        for n in 2..=7 {
            let mut l = LehmerBits::new(n);
            let perms = permutations(n);
            let ranks: Vec<u64> = perms.iter().map(|p| rank_u64(&mut l, p)).collect();
            // Lexicographic order of permutations is the order of their ranks: 0, 1, …, n!−1.
            assert_eq!(ranks, (0..perms.len() as u64).collect::<Vec<_>>(), "n = {n}");
            let identity: Vec<Card> = (0..n as Card).collect();
            let reversed: Vec<Card> = identity.iter().rev().copied().collect();
            assert_eq!(rank_u64(&mut l, &identity), 0);
            assert_eq!(rank_u64(&mut l, &reversed), perms.len() as u64 - 1);
        }
    }

    #[test]
    fn ranks_follow_the_definition_for_large_decks() {
        // r = Σ c_i (n−1−i)!, computed term by term with the factorials, against Horner's grouped steps.
        for n in [21usize, 52, 64, 65, 130, 1024] {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            // A fixed scramble: a multiplicative walk of the positions.
            for i in 0..n {
                deck.swap(i, (i * 7919 + 13) % n);
            }
            let mut want = Nat::zero(factorial(n).limbs.len());
            for i in 0..n {
                let c = deck[i + 1..].iter().filter(|&&x| x < deck[i]).count() as u64;
                // want += c · (n−1−i)!
                let mut term = factorial(n - 1 - i);
                term.limbs.resize(want.limbs.len(), 0);
                term.mul_add(c, 0);
                let mut carry = 0u128;
                for (w, t) in want.limbs.iter_mut().zip(&term.limbs) {
                    let s = u128::from(*w) + u128::from(*t) + carry;
                    *w = s as u64;
                    carry = s >> 64;
                }
            }
            let mut l = LehmerBits::new(n);
            assert_eq!(l.rank(&deck), &want, "n = {n}");
            let reversed: Vec<Card> = (0..n as Card).rev().collect();
            // The last rank, n! − 1: one below n!.
            let mut last = l.rank(&reversed).clone();
            last.mul_add(1, 1);
            let mut f = factorial(n);
            f.limbs.resize(last.limbs.len(), 0);
            assert_eq!(last, f, "n = {n}");
        }
    }

    #[test]
    fn bits_are_floor_log2_of_n_factorial() {
        // Independently: Σ log2 k in f64, with the exact bit length of n! settling the values near an integer.
        for n in 2..=1024usize {
            let b = LehmerBits::new(n).bits();
            let log2: f64 = (2..=n).map(|k| (k as f64).log2()).sum();
            let floor = log2.floor() as u32;
            let fraction = log2 - log2.floor();
            if n == 2 {
                assert_eq!(b, 1);
            } else {
                // Far enough from an integer that the f64 sum (error far below 1e-9) cannot be on the wrong side.
                assert!(fraction > 1e-6 && fraction < 1.0 - 1e-6, "n = {n}: log2 n! too close to an integer");
                assert_eq!(b, floor, "n = {n}");
            }
        }
        let l = LehmerBits::new(52);
        assert_eq!(l.bits(), 225);
        assert_eq!((l.keep_probability() * 1000.0).round(), 668.0);
        // 2^33 / (225 · 2^225/52!): about 57 million decks per GiB.
        assert!((l.decks_per_gib() - 2f64.powi(33) / 225.0 / l.keep_probability()).abs() < 1.0);
        assert_eq!(LehmerBits::new(2).bits(), 1);
        assert_eq!(LehmerBits::new(4).bits(), 4);
    }

    #[test]
    fn kept_bits_of_4_cards_are_each_4_bit_value_once() {
        let mut l = LehmerBits::new(4);
        let mut values = Vec::new();
        for p in permutations(4) {
            let (mut packer, mut out) = (BitPacker::new(), Vec::new());
            let kept = l.push(&p, &mut packer, &mut out);
            assert!(out.is_empty());
            if kept {
                assert_eq!(packer.pending_bits(), 4);
                // Push 28 zero bits to read the 4 bits back as the top of a word.
                packer.push(0, 28, &mut out);
                values.push(out[0] >> 28);
            }
        }
        values.sort_unstable();
        assert_eq!(values, (0..16).collect::<Vec<u32>>());
    }

    #[test]
    fn a_52_card_rank_is_written_msb_first() {
        let mut l = LehmerBits::new(52);
        // The deck of rank 1: the identity with its last two cards swapped; 225 bits: 224 zeros then a one.
        let mut deck: Vec<Card> = (0..52).collect();
        deck.swap(50, 51);
        let (mut packer, mut out) = (BitPacker::new(), Vec::new());
        assert!(l.push(&deck, &mut packer, &mut out));
        assert_eq!(out, vec![0; 7]);
        assert_eq!(packer.pending_bits(), 1);
        packer.push(0, 31, &mut out);
        assert_eq!(out[7], 1 << 31);
        // The reversed deck has rank 52! − 1 ≥ 2^225: dropped.
        let reversed: Vec<Card> = (0..52).rev().collect();
        assert!(!l.push(&reversed, &mut packer, &mut out));
    }
}
