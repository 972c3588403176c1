//! The one-pass battery with AVX-512 (x86-64 with AVX-512 F, BW, VBMI and VPOPCNTDQ, chosen at run time).
//!
//! A deck of at most 64 cards fits in one 512-bit register, one byte per position (narrowed from the 16-bit
//! cards; positions n..63 hold their own index, so they are fixed points that no statistic counts). The statistics that need no counter table
//! are computed in registers, with no store:
//! - fixed points: one byte compare with `0, 1, …, 63` and a popcount of the mask;
//! - cycles, by pointer doubling with the byte permute `vpermb`: `m[i]` starts at `i` and `q` at the deck, and
//!   six rounds of `m = min(m, m∘q)`, `q = q∘q` leave in `m[i]` the smallest position of i's cycle (a cycle
//!   has at most 64 positions); the cycles are the positions with `m[i] = i`;
//! - inversions and descents of the inverse (rising sequences) from the one-hot rows `1 << deck[p]`, eight
//!   positions per register (position 8j + g in lane j of register g, so that the prefix needs few lane
//!   shuffles): their exclusive prefix OR is the set `seen` of cards before p, and with
//!   `above = seen >> (deck[p] + 1)` the inversions of p are `popcount(above)` and card deck[p] + 1 lies
//!   before it iff `above & 1`, as in the scalar pass.
//!
//! The counter tables (position-by-card, adjacency, serial transitions) and the inverse are then updated by a
//! scalar loop of card loads and counter increments: the increments are the one cost that cannot be removed
//! (about one store per cycle), and they no longer wait behind the order statistics' arithmetic.

use std::arch::x86_64::*;

use super::{Counter, PassTotals, Sinks};
use crate::cards::Card;

/// Whether this processor runs the kernel.
pub(in crate::stats) fn available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vbmi")
        && is_x86_feature_detected!("avx512vpopcntdq")
        && is_x86_feature_detected!("popcnt")
}

const IOTA: [u8; 64] = {
    let mut a = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        a[i] = i as u8;
        i += 1;
    }
    a
};

/// The pass over one deck. `ADJ`: adjacency; `ORDER`: inversions and descents; `SER`: serial transitions (from
/// `sinks.previous_inverse`) and the inverse (written into `sinks.inverse`); `CYC`: the cycle count.
/// Position-by-card counts and fixed points are always done.
///
/// # Safety
/// The processor must have the features of [`available`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,popcnt")]
unsafe fn pass<T: Counter, const ADJ: bool, const ORDER: bool, const SER: bool, const CYC: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    let n = deck.len();
    let stride = super::stride::<T>(n);
    let cells = stride * stride;
    assert!(n <= 64 && sinks.position.len() == cells);
    assert!(!ADJ || sinks.adjacency.len() == cells);
    assert!(!SER || (sinks.serial.len() == cells && sinks.inverse.len() == n));
    let lanes: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // SAFETY: IOTA is 64 bytes; the masked loads read only the n cards (two bytes each) of the deck.
    let iota = unsafe { _mm512_loadu_si512(IOTA.as_ptr().cast()) };
    let (low_lanes, high_lanes) = (lanes as u32, (lanes >> 32) as u32);
    let low = unsafe { _mm512_maskz_loadu_epi16(low_lanes, deck.as_ptr().cast()) };
    let high = unsafe { _mm512_maskz_loadu_epi16(high_lanes, deck.as_ptr().wrapping_add(32).cast()) };
    // Every card must be below n: the counter updates below index with them unchecked.
    let limit = _mm512_set1_epi16(n as i16);
    if _mm512_mask_cmpge_epu16_mask(low_lanes, low, limit) | _mm512_mask_cmpge_epu16_mask(high_lanes, high, limit) != 0
    {
        panic!("a deck of {n} cards holds a card outside 0..{n}");
    }
    let loaded = _mm512_inserti64x4::<1>(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(low)), _mm512_cvtepi16_epi8(high));
    let d = _mm512_mask_blend_epi8(lanes, iota, loaded);
    let mut totals = PassTotals {
        fixed_points: _mm512_mask_cmpeq_epi8_mask(lanes, d, iota).count_ones() as usize,
        ..PassTotals::default()
    };
    if CYC {
        let (mut m, mut q) = (iota, d);
        for _ in 0..6 {
            m = _mm512_min_epu8(m, _mm512_permutexvar_epi8(q, m));
            q = _mm512_permutexvar_epi8(q, q);
        }
        totals.cycles = Some(_mm512_mask_cmpeq_epi8_mask(lanes, m, iota).count_ones() as usize);
    }
    if ORDER {
        // Positions in a transposed layout: register g holds positions 8j + g in its lanes j, so that the cards
        // before a position are those of the lanes j' < j (a prefix across lanes, computed once) and those of
        // the registers g' < g in the same lane (a running OR, with no lane shuffle).
        let (zero, one) = (_mm512_setzero_si512(), _mm512_set1_epi64(1));
        let base = _mm512_set_epi64(56, 48, 40, 32, 24, 16, 8, 0);
        let mut cards = [zero; 8];
        let mut earlier_in_lane = [zero; 8];
        let mut lane_seen = zero;
        for g in 0..8 {
            let index = _mm512_add_epi64(base, _mm512_set1_epi64(g as i64));
            cards[g] = _mm512_maskz_permutexvar_epi8(0x0101_0101_0101_0101, index, d);
            earlier_in_lane[g] = lane_seen;
            lane_seen = _mm512_or_si512(lane_seen, _mm512_sllv_epi64(one, cards[g]));
        }
        let mut prefix = lane_seen;
        prefix = _mm512_or_si512(prefix, _mm512_alignr_epi64::<7>(prefix, zero));
        prefix = _mm512_or_si512(prefix, _mm512_alignr_epi64::<6>(prefix, zero));
        prefix = _mm512_or_si512(prefix, _mm512_alignr_epi64::<4>(prefix, zero));
        let earlier_lanes = _mm512_alignr_epi64::<7>(prefix, zero);
        // Every lane counts, with no mask: a padding position p ≥ n holds card p after the cards 0..p − 1, so
        // nothing larger lies before it and `above` is 0 there.
        let (mut inversions, mut descents) = (zero, zero);
        for (&cards, &earlier) in cards.iter().zip(&earlier_in_lane) {
            let before = _mm512_or_si512(earlier, earlier_lanes);
            let above = _mm512_srlv_epi64(before, _mm512_add_epi64(cards, one));
            inversions = _mm512_add_epi64(inversions, _mm512_popcnt_epi64(above));
            descents = _mm512_add_epi64(descents, _mm512_and_si512(above, one));
        }
        // Both sums in one reduction: inversions (at most 64 · 63 / 2) in the low 32 bits, descents above.
        let both = _mm512_reduce_add_epi64(_mm512_add_epi64(inversions, _mm512_slli_epi64::<32>(descents))) as u64;
        totals.inversions = both & 0xffff_ffff;
        totals.descents = (both >> 32) as usize;
    }
    let pair = SER && sinks.pair;
    if pair {
        // The previous inverse indexes the serial table unchecked below: it must hold positions below n.
        assert!(sinks.previous_inverse.len() == n);
        let from = sinks.previous_inverse.as_ptr();
        // SAFETY: the masked loads read only its n entries.
        let (low, high) = unsafe {
            (
                _mm512_maskz_loadu_epi16(low_lanes, from.cast()),
                _mm512_maskz_loadu_epi16(high_lanes, from.wrapping_add(32).cast()),
            )
        };
        if _mm512_mask_cmpge_epu16_mask(low_lanes, low, limit) | _mm512_mask_cmpge_epu16_mask(high_lanes, high, limit)
            != 0
        {
            panic!("the previous inverse of a {n}-card deck holds a position outside 0..{n}");
        }
    }
    let position = sinks.position.as_mut_ptr();
    let adjacency = sinks.adjacency.as_mut_ptr();
    let serial = sinks.serial.as_mut_ptr();
    let inverse = sinks.inverse.as_mut_ptr();
    let previous_inverse = sinks.previous_inverse.as_ptr();
    // Card c at position p, after card `previous` (adjacency skipped for p = 0).
    let count = |p: usize, c: usize, previous: Option<usize>| {
        // SAFETY: p < n ≤ 64 and c < n, and the previous inverse holds positions below n (all checked above), so
        // every index is below stride · stride (tables) or n (the inverses), the lengths asserted on entry.
        unsafe {
            (*position.add(p.wrapping_mul(stride).wrapping_add(c))).bump();
            if let (true, Some(previous)) = (ADJ, previous) {
                (*adjacency.add(previous.wrapping_mul(stride).wrapping_add(c))).bump();
            }
            if SER {
                if pair {
                    (*serial.add(usize::from(*previous_inverse.add(c)).wrapping_mul(stride).wrapping_add(p))).bump();
                }
                *inverse.add(c) = p as Card;
            }
        }
    };
    // Four cards per iteration (fewer loop instructions per card: measured 5–10% faster runs), after the first.
    let Some(&first) = deck.first() else { return totals };
    let mut previous = usize::from(first);
    count(0, previous, None);
    let mut quads = deck[1..].chunks_exact(4);
    let mut p = 1;
    for four in &mut quads {
        let (a, b, c, d) = (usize::from(four[0]), usize::from(four[1]), usize::from(four[2]), usize::from(four[3]));
        count(p, a, Some(previous));
        count(p + 1, b, Some(a));
        count(p + 2, c, Some(b));
        count(p + 3, d, Some(c));
        previous = d;
        p += 4;
    }
    for &card in quads.remainder() {
        let c = usize::from(card);
        count(p, c, Some(previous));
        previous = c;
        p += 1;
    }
    totals
}

vector_kernels!(available());
