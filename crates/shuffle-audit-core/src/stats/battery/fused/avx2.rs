//! The one-pass battery on the `avx2` path (x86-64 with AVX2, BMI1, BMI2 and POPCNT: [`crate::isa`]).
//!
//! The counter tables, the inverse and the inversions are the scalar loop of [`super::lean_pass`], compiled with
//! BMI2 (one-instruction variable shifts) and POPCNT, its checks of the deck and of the previous inverse sixteen
//! cards a compare. With the inverse written (serial correlation), the descents come from it after the loop,
//! sixteen pairs `inverse[c + 1] < inverse[c]` a compare, instead of two instructions a card in the loop. What
//! needs no table is done in two 256-bit registers holding the deck as 64 bytes, one per position (positions
//! n..63 hold their own index, so they are fixed points that nothing counts):
//! - fixed points: one byte compare with `0, 1, …, 63` and a popcount of its mask;
//! - cycles, by pointer doubling as in the AVX-512 pass: `m[i]` starts at `i` and `q` at the deck, and
//!   ⌈log2 n⌉ rounds of `m = min(m, m∘q)`, `q = q∘q` leave in `m[i]` the smallest position of i's cycle; the
//!   cycles are the positions with `m[i] = i`. AVX2 has no 64-byte permute: a lookup of 64 indices in a
//!   64-byte table is four in-lane byte shuffles (`vpshufb`, one per 16-byte quarter of the table) and three
//!   blends on bits 4 and 5 of the index. This replaces the scalar walk, whose dependent loads and mispredicted
//!   cycle ends cost about as much as the rest of the pass.

use std::arch::x86_64::*;

use super::{Counter, PassTotals, Sinks, lean_pass, stride};
use crate::cards::Card;

/// `0, 1, …, 63` as 16-bit cards: a short deck's padding.
const IOTA: [Card; 64] = {
    let mut a = [0 as Card; 64];
    let mut i = 0;
    while i < 64 {
        a[i] = i as Card;
        i += 1;
    }
    a
};

/// The deck as 64 bytes in two registers (positions n..63 hold their index).
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn deck_bytes(deck: &[Card]) -> (__m256i, __m256i) {
    let mut padded = IOTA;
    padded[..deck.len()].copy_from_slice(deck);
    let p = padded.as_ptr().cast::<__m256i>();
    // SAFETY: `padded` is 128 bytes: four unaligned 32-byte loads.
    let (a, b, c, d) = unsafe {
        (
            _mm256_loadu_si256(p),
            _mm256_loadu_si256(p.add(1)),
            _mm256_loadu_si256(p.add(2)),
            _mm256_loadu_si256(p.add(3)),
        )
    };
    // Cards are below 64: packing with unsigned saturation keeps them. A card above 255 (of a deck the pass
    // refuses) becomes 255 first, so that no card packs to a byte below 64 (the pack reads 16-bit lanes as
    // signed, and would make 40,000 a 0). The pack interleaves the 128-bit lanes of its two sources, which the
    // permute puts back in order.
    let byte = _mm256_set1_epi16(255);
    let (a, b, c, d) =
        (_mm256_min_epu16(a, byte), _mm256_min_epu16(b, byte), _mm256_min_epu16(c, byte), _mm256_min_epu16(d, byte));
    let low = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, b));
    let high = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(c, d));
    (low, high)
}

/// A 64-byte table (two registers) with each 16-byte quarter copied into both lanes of a register, for
/// [`lookup`].
#[target_feature(enable = "avx2")]
fn quarters(low: __m256i, high: __m256i) -> [__m256i; 4] {
    [
        _mm256_permute2x128_si256::<0x00>(low, low),
        _mm256_permute2x128_si256::<0x11>(low, low),
        _mm256_permute2x128_si256::<0x00>(high, high),
        _mm256_permute2x128_si256::<0x11>(high, high),
    ]
}

/// `table[index[i]]` for 32 byte indices below 64.
#[target_feature(enable = "avx2")]
fn lookup(table: &[__m256i; 4], index: __m256i) -> __m256i {
    // Bit 4 of each index byte moved to bit 7 (which the blends read), and bit 5; a 16-bit shift moves bits
    // across the byte boundary, but only into bits 0–2 of the upper byte, which the blends ignore.
    let (bit4, bit5) = (_mm256_slli_epi16::<3>(index), _mm256_slli_epi16::<2>(index));
    let first = _mm256_blendv_epi8(_mm256_shuffle_epi8(table[0], index), _mm256_shuffle_epi8(table[1], index), bit4);
    let second = _mm256_blendv_epi8(_mm256_shuffle_epi8(table[2], index), _mm256_shuffle_epi8(table[3], index), bit4);
    _mm256_blendv_epi8(first, second, bit5)
}

/// Whether every entry of `v` (at most 64) is below `n`: sixteen at a time in a 256-bit register, the rest one by
/// one.
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn all_below(v: &[Card], n: usize) -> bool {
    let mut sixteens = v.chunks_exact(16);
    let mut most = _mm256_setzero_si256();
    for sixteen in &mut sixteens {
        // SAFETY: sixteen cards, 32 bytes.
        most = _mm256_max_epu16(most, unsafe { _mm256_loadu_si256(sixteen.as_ptr().cast()) });
    }
    let most = _mm_max_epu16(_mm256_castsi256_si128(most), _mm256_extracti128_si256::<1>(most));
    let most = _mm_max_epu16(most, _mm_shuffle_epi32::<0b01_00_11_10>(most));
    let most = _mm_max_epu16(most, _mm_shuffle_epi32::<0b10_11_00_01>(most));
    let most = _mm_max_epu16(most, _mm_srli_epi32::<16>(most));
    let most = sixteens.remainder().iter().fold(_mm_cvtsi128_si32(most) as Card, |m, &x| m.max(x));
    v.is_empty() || usize::from(most) < n
}

/// `#{c : inverse[c + 1] < inverse[c]}`, the descents of the inverse (card c + 1 lies before card c): sixteen
/// pairs a compare, the rest one by one (positions are below 64: the signed compare is exact).
///
/// # Safety
/// The processor must have AVX2.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn descents(inverse: &[Card]) -> usize {
    let (mut count, mut c) = (0, 0);
    while c + 17 <= inverse.len() {
        // SAFETY: inverse[c..c + 17] is in the slice.
        let (here, next) = unsafe {
            let at = inverse.as_ptr().add(c);
            (_mm256_loadu_si256(at.cast()), _mm256_loadu_si256(at.add(1).cast()))
        };
        // Two mask bits per 16-bit lane.
        count += (_mm256_movemask_epi8(_mm256_cmpgt_epi16(here, next)) as u32).count_ones() as usize / 2;
        c += 16;
    }
    count + inverse[c..].windows(2).filter(|w| w[1] < w[0]).count()
}

/// The positions i < n (a mask of their bits) where the two 64-byte vectors are equal.
#[target_feature(enable = "avx2")]
fn equal_positions(a: (__m256i, __m256i), b: (__m256i, __m256i), lanes: u64) -> u64 {
    let low = _mm256_movemask_epi8(_mm256_cmpeq_epi8(a.0, b.0)) as u32;
    let high = _mm256_movemask_epi8(_mm256_cmpeq_epi8(a.1, b.1)) as u32;
    (u64::from(high) << 32 | u64::from(low)) & lanes
}

/// The pass over one deck. `ADJ`: adjacency; `ORDER`: inversions and descents; `SER`: serial transitions and the
/// inverse; `CYC`: the cycle count. Position-by-card counts and fixed points are always done.
///
/// # Safety
/// The processor must have the features of the `avx2` path ([`crate::isa::Isa::available`]).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn pass<T: Counter, const ADJ: bool, const ORDER: bool, const SER: bool, const CYC: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    let n = deck.len();
    assert!(n <= 64, "the one-pass kernels take decks of at most 64 cards");
    let lanes: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // SAFETY: the caller guarantees AVX2.
    let d = unsafe { deck_bytes(deck) };
    // Every card below n, from the bytes (a card above 255 saturated to 255 when packed): the positions whose
    // byte is at most n − 1.
    let limit = _mm256_set1_epi8(n.saturating_sub(1) as i8);
    let at_most = |v| _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(v, limit), limit)) as u32;
    let cards_below_n = !(u64::from(at_most(d.1)) << 32 | u64::from(at_most(d.0))) & lanes == 0;
    let pair = SER && sinks.pair;
    let Sinks { position, adjacency, serial, previous_inverse, inverse, .. } = sinks;
    let mut totals = lean_pass::<T, ADJ, ORDER, SER, false>(
        deck,
        stride::<T>(n),
        position,
        adjacency,
        serial,
        previous_inverse,
        inverse,
        pair,
        cards_below_n,
        // SAFETY: the caller guarantees AVX2.
        |v, n| unsafe { all_below(v, n) },
        !SER,
    );
    if ORDER && SER {
        // SAFETY: the caller guarantees AVX2.
        totals.descents = unsafe { descents(inverse) };
    }
    let iota = (
        _mm256_setr_epi8(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
            29, 30, 31,
        ),
        _mm256_add_epi8(
            _mm256_setr_epi8(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
                28, 29, 30, 31,
            ),
            _mm256_set1_epi8(32),
        ),
    );
    totals.fixed_points = equal_positions(d, iota, lanes).count_ones() as usize;
    if CYC {
        let (mut m, mut q) = (iota, d);
        // After r rounds m[i] is the least of 2^r successive positions of i's cycle; a cycle has at most n.
        let rounds = u64::BITS - (n.max(2) as u64 - 1).leading_zeros();
        for round in 1..=rounds {
            let m_table = quarters(m.0, m.1);
            m = (_mm256_min_epu8(m.0, lookup(&m_table, q.0)), _mm256_min_epu8(m.1, lookup(&m_table, q.1)));
            // The last round's q would not be read.
            if round < rounds {
                let q_table = quarters(q.0, q.1);
                q = (lookup(&q_table, q.0), lookup(&q_table, q.1));
            }
        }
        totals.cycles = Some(equal_positions(m, iota, lanes).count_ones() as usize);
    }
    totals
}

vector_kernels!(crate::isa::Isa::Avx2.available());
