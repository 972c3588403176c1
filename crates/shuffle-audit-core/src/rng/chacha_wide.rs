//! A ChaCha keystream generator that produces, word for word, the streams of `rand_chacha`'s `ChaCha8Rng`,
//! `ChaCha12Rng` and `ChaCha20Rng` seeded with `seed_from_u64`, sixteen blocks at a time.
//!
//! The block function is ChaCha as specified in RFC 7539 (quarter-round `a += b; d ^= a; d <<<= 16; c += d;
//! b ^= c; b <<<= 12; a += b; d ^= a; d <<<= 8; c += d; b ^= c; b <<<= 7`, column rounds alternating with
//! diagonal rounds, then the input added back word by word), with the input laid out as `rand_chacha` lays it
//! out:
//!
//! ```text
//! word  0..4   "expand 32-byte k"
//! word  4..12  the 32-byte key, little-endian words
//! word 12..14  the 64-bit block counter, low word first, starting at 0
//! word 14..16  the 64-bit stream id, low word first: 0 after seeding
//! ```
//!
//! The output is the sequence of 32-bit words of blocks 0, 1, 2, … in order. `next_u32` hands out the next
//! word; `next_u64` takes the next two, the first as the low half, also when they straddle two refills. That
//! is exactly how `rand_chacha` consumes its own buffer, so any interleaving of the two calls matches it.
//!
//! Blocks are computed sixteen at a time into a 256-word buffer, by the block function of the process's kernel
//! path ([`crate::isa`]):
//! - `avx512`: the sixteen blocks side by side, vector register `i` holding state word `i` of all sixteen
//!   blocks, so that each quarter-round step is one vector instruction; a 16 × 16 transpose at the end puts the
//!   words back in stream order;
//! - `avx2`: the same eight blocks at a time in 256-bit registers (the rotations by 16 and 8 bits are byte
//!   shuffles, those by 12 and 7 two shifts), twice per refill, with two 8 × 8 transposes;
//! - `portable`: `rand_chacha`'s own block function, four blocks per call, which is what rand's own
//!   generator runs on the same processor.

use std::fmt;

use rand::SeedableRng;
use rand_chacha::rand_core::block::Generator;

use crate::isa::Isa;

/// 32-bit words in one ChaCha block.
const BLOCK_WORDS: usize = 16;
/// Blocks computed per refill: one per lane of a 512-bit vector of 32-bit words.
const BUF_BLOCKS: usize = 16;
/// Words in the output buffer.
const BUF_WORDS: usize = BLOCK_WORDS * BUF_BLOCKS;
/// Words produced by one call of `rand_chacha`'s block function (four blocks).
const UPSTREAM_WORDS: usize = 64;

/// The four constant words, "expand 32-byte k" read as little-endian words.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// One of `rand_chacha`'s generators, whose stream [`ChaChaWide`] reproduces.
pub(crate) trait Variant: SeedableRng {
    /// Rounds of the block function (8, 12 or 20).
    const ROUNDS: u32;
    /// `rand_chacha`'s block function for these rounds, used when AVX-512 is absent.
    type Core: Generator<Output = [u32; UPSTREAM_WORDS]> + SeedableRng<Seed = [u8; 32]> + Clone;
    /// The 32-byte key of a generator.
    fn key(&self) -> [u8; 32];
    /// The stream id of a generator.
    fn stream(&self) -> u64;
}

macro_rules! variant {
    ($rng:ty, $core:ty, $rounds:literal) => {
        impl Variant for $rng {
            const ROUNDS: u32 = $rounds;
            type Core = $core;
            fn key(&self) -> [u8; 32] {
                self.get_seed()
            }
            fn stream(&self) -> u64 {
                self.get_stream()
            }
        }
    };
}

variant!(rand_chacha::ChaCha8Rng, rand_chacha::ChaCha8Core, 8);
variant!(rand_chacha::ChaCha12Rng, rand_chacha::ChaCha12Core, 12);
variant!(rand_chacha::ChaCha20Rng, rand_chacha::ChaCha20Core, 20);

/// The output buffer, aligned to a cache line (and to a 512-bit vector).
#[derive(Clone)]
#[repr(C, align(64))]
struct Buffer([u32; BUF_WORDS]);

/// Where refills come from; chosen once, when the generator is built.
#[derive(Clone)]
enum Backend<V: Variant> {
    /// The sixteen-block AVX-512 function, with the key as eight little-endian words. Only built when the
    /// processor supports AVX-512F.
    #[cfg(target_arch = "x86_64")]
    Avx512 { key: [u32; 8] },
    /// The eight-block AVX2 function, twice per refill. Only built when the processor supports AVX2.
    #[cfg(target_arch = "x86_64")]
    Avx2 { key: [u32; 8] },
    /// `rand_chacha`'s block function, keyed with the same key and at the same block.
    Upstream(V::Core),
}

/// The stream of `rand_chacha`'s generator `V` seeded with `seed_from_u64`, buffered sixteen blocks at a time.
#[derive(Clone)]
pub(crate) struct ChaChaWide<V: Variant> {
    /// Sixteen blocks of keystream, in stream order.
    buf: Buffer,
    /// Index of the next unread word of `buf`; `BUF_WORDS` when it is used up.
    index: usize,
    /// Number of the first block the next refill computes.
    counter: u64,
    /// The block function.
    backend: Backend<V>,
}

impl<V: Variant> ChaChaWide<V> {
    /// The stream of `V::seed_from_u64(seed)`, from its start, computed on the process's kernel path.
    pub(crate) fn seed_from_u64(seed: u64) -> Self {
        Self::with_backend(seed, Isa::current())
    }

    /// As [`ChaChaWide::seed_from_u64`], with the block function of `isa` (which the processor must run).
    fn with_backend(seed: u64, isa: Isa) -> Self {
        assert!(isa.available(), "the {} block function on a processor without it", isa.label());
        const { assert!(V::ROUNDS > 0 && V::ROUNDS % 2 == 0, "ChaCha runs whole double rounds") };
        let upstream = V::seed_from_u64(seed);
        // Seeding sets the stream id and the block counter to 0; only the key is left to take over.
        assert_eq!(upstream.stream(), 0, "seed_from_u64 starts on stream 0");
        let seed_bytes = upstream.key();
        let mut key = [0u32; 8];
        for (word, bytes) in key.iter_mut().zip(seed_bytes.as_chunks::<4>().0) {
            *word = u32::from_le_bytes(*bytes);
        }
        let backend = match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => Backend::Avx512 { key },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => Backend::Avx2 { key },
            _ => Backend::Upstream(V::Core::from_seed(seed_bytes)),
        };
        ChaChaWide { buf: Buffer([0; BUF_WORDS]), index: BUF_WORDS, counter: 0, backend }
    }

    /// The next 32-bit word of the keystream.
    #[inline(always)]
    pub(crate) fn next_u32(&mut self) -> u32 {
        let mut i = self.index;
        if i >= BUF_WORDS {
            self.refill();
            i = 0;
        }
        self.index = i + 1;
        self.buf.0[i]
    }

    /// The next two words of the keystream, the first one as the low half.
    #[inline(always)]
    pub(crate) fn next_u64(&mut self) -> u64 {
        let i = self.index;
        if i < BUF_WORDS - 1 {
            self.index = i + 2;
            u64::from(self.buf.0[i]) | (u64::from(self.buf.0[i + 1]) << 32)
        } else {
            // The pair straddles a refill (or the buffer is empty): take the words one at a time.
            let lo = self.next_u32();
            let hi = self.next_u32();
            u64::from(lo) | (u64::from(hi) << 32)
        }
    }

    /// Number of words handed out so far.
    fn word_pos(&self) -> u128 {
        // `counter` blocks have been computed; the unread rest of the buffer has not been handed out.
        u128::from(self.counter) * BLOCK_WORDS as u128 - (BUF_WORDS - self.index) as u128
    }

    /// Computes the next sixteen blocks into the buffer and rewinds it.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        match &mut self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 { key } => {
                // SAFETY: this backend is only built when the `avx512` path is available, which includes
                // AVX-512F.
                unsafe { avx512::blocks::<V>(key, self.counter, &mut self.buf.0) };
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 { key } => {
                let (first, second) = self.buf.0.split_at_mut(avx2::WORDS);
                // SAFETY: this backend is only built when the `avx2` path is available, which includes AVX2.
                unsafe {
                    avx2::blocks::<V>(key, self.counter, first.try_into().expect("half a buffer"));
                    avx2::blocks::<V>(key, self.counter.wrapping_add(8), second.try_into().expect("half a buffer"));
                }
            }
            Backend::Upstream(core) => {
                // The core has produced exactly the blocks before `counter`, so it continues from there.
                for chunk in self.buf.0.as_chunks_mut::<UPSTREAM_WORDS>().0 {
                    core.generate(chunk);
                }
            }
        }
        self.counter = self.counter.wrapping_add(BUF_BLOCKS as u64);
        self.index = 0;
    }
}

/// Short form: the rounds, the position in the stream and the block function, not the key or the buffer.
impl<V: Variant> fmt::Debug for ChaChaWide<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let block_function = match self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 { .. } => "avx512",
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 { .. } => "avx2",
            Backend::Upstream(_) => "rand_chacha",
        };
        f.debug_struct("ChaChaWide")
            .field("rounds", &V::ROUNDS)
            .field("word_pos", &self.word_pos())
            .field("block_function", &block_function)
            .finish_non_exhaustive()
    }
}

/// ChaCha's state of sixteen words (of one block, or of one word of several blocks per vector) at a block's
/// start, from the key, the block counter's two words and the stream id 0 (`splat` puts a word in every lane),
/// and the rounds on it: column rounds alternating with diagonal rounds, `quarter_round(&mut x, a, b, c, d)` each.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! chacha_start {
    ($splat:expr, $key:expr, $low:expr, $high:expr, $zero:expr) => {
        [
            $splat(SIGMA[0]),
            $splat(SIGMA[1]),
            $splat(SIGMA[2]),
            $splat(SIGMA[3]),
            $splat($key[0]),
            $splat($key[1]),
            $splat($key[2]),
            $splat($key[3]),
            $splat($key[4]),
            $splat($key[5]),
            $splat($key[6]),
            $splat($key[7]),
            $low,
            $high,
            // Stream id 0.
            $zero,
            $zero,
        ]
    };
}

#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! chacha_rounds {
    ($x:ident, $quarter_round:ident, $rounds:expr) => {
        for _ in 0..$rounds / 2 {
            // Column round.
            $quarter_round(&mut $x, 0, 4, 8, 12);
            $quarter_round(&mut $x, 1, 5, 9, 13);
            $quarter_round(&mut $x, 2, 6, 10, 14);
            $quarter_round(&mut $x, 3, 7, 11, 15);
            // Diagonal round.
            $quarter_round(&mut $x, 0, 5, 10, 15);
            $quarter_round(&mut $x, 1, 6, 11, 12);
            $quarter_round(&mut $x, 2, 7, 8, 13);
            $quarter_round(&mut $x, 3, 4, 9, 14);
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The sixteen-block function on 512-bit vectors.

    use std::arch::x86_64::*;

    use super::{BLOCK_WORDS, BUF_WORDS, SIGMA, Variant};

    /// A 32-bit word in every lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn splat(w: u32) -> __m512i {
        _mm512_set1_epi32(w as i32)
    }

    /// One quarter-round on state words `a`, `b`, `c`, `d` of all sixteen blocks.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn quarter_round(x: &mut [__m512i; BLOCK_WORDS], a: usize, b: usize, c: usize, d: usize) {
        x[a] = _mm512_add_epi32(x[a], x[b]);
        x[d] = _mm512_rol_epi32::<16>(_mm512_xor_si512(x[d], x[a]));
        x[c] = _mm512_add_epi32(x[c], x[d]);
        x[b] = _mm512_rol_epi32::<12>(_mm512_xor_si512(x[b], x[c]));
        x[a] = _mm512_add_epi32(x[a], x[b]);
        x[d] = _mm512_rol_epi32::<8>(_mm512_xor_si512(x[d], x[a]));
        x[c] = _mm512_add_epi32(x[c], x[d]);
        x[b] = _mm512_rol_epi32::<7>(_mm512_xor_si512(x[b], x[c]));
    }

    /// Blocks `counter .. counter + 16` of stream 0 under `key` into `out`, in stream order (block
    /// `counter + n` at words `16n .. 16n + 16`).
    ///
    /// # Safety
    ///
    /// The processor must support AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn blocks<V: Variant>(key: &[u32; 8], counter: u64, out: &mut [u32; BUF_WORDS]) {
        // Lane n works on block counter + n. The low counter word wraps in the lanes past 2^32 - 1, whose high
        // word is then one more.
        let lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        let low_start = splat(counter as u32);
        let low = _mm512_add_epi32(low_start, lane);
        let wrapped = _mm512_cmplt_epu32_mask(low, low_start);
        let high_start = splat((counter >> 32) as u32);
        let high = _mm512_mask_add_epi32(high_start, wrapped, high_start, splat(1));

        let start = chacha_start!(splat, key, low, high, _mm512_setzero_si512());
        let mut x = start;
        chacha_rounds!(x, quarter_round, V::ROUNDS);
        for (w, s) in x.iter_mut().zip(start) {
            *w = _mm512_add_epi32(*w, s);
        }

        // Transpose: x[w] lane n is word w of block n; the buffer wants block n's sixteen words together.
        // Step 1 (`interleave`) turns each group of four words into vectors holding four words of one block
        // per 128-bit quarter; step 2 (`gather_quarters`) puts the four quarters of each block side by side.
        let g0 = interleave(x[0], x[1], x[2], x[3]);
        let g1 = interleave(x[4], x[5], x[6], x[7]);
        let g2 = interleave(x[8], x[9], x[10], x[11]);
        let g3 = interleave(x[12], x[13], x[14], x[15]);
        for (j, (((a, b), c), d)) in g0.into_iter().zip(g1).zip(g2).zip(g3).enumerate() {
            for (q, row) in gather_quarters(a, b, c, d).into_iter().enumerate() {
                let block = 4 * q + j;
                // SAFETY: block < 16, so the 16 words from `block * 16` lie inside the 256-word `out`; the
                // store has no alignment requirement.
                unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(block * BLOCK_WORDS).cast(), row) };
            }
        }
    }

    /// Words `w0..w3` (four consecutive state words of sixteen blocks) regrouped by block: element j of the
    /// result holds, in each 128-bit quarter q, the four words of block 4q + j.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn interleave(w0: __m512i, w1: __m512i, w2: __m512i, w3: __m512i) -> [__m512i; 4] {
        // Within each quarter, with lanes 0..4 of the quarter written 0, 1, 2, 3:
        let lo01 = _mm512_unpacklo_epi32(w0, w1); // w0[0] w1[0] w0[1] w1[1]
        let hi01 = _mm512_unpackhi_epi32(w0, w1); // w0[2] w1[2] w0[3] w1[3]
        let lo23 = _mm512_unpacklo_epi32(w2, w3); // w2[0] w3[0] w2[1] w3[1]
        let hi23 = _mm512_unpackhi_epi32(w2, w3); // w2[2] w3[2] w2[3] w3[3]
        [
            _mm512_unpacklo_epi64(lo01, lo23), // w0[0] w1[0] w2[0] w3[0]
            _mm512_unpackhi_epi64(lo01, lo23), // w0[1] w1[1] w2[1] w3[1]
            _mm512_unpacklo_epi64(hi01, hi23), // w0[2] w1[2] w2[2] w3[2]
            _mm512_unpackhi_epi64(hi01, hi23), // w0[3] w1[3] w2[3] w3[3]
        ]
    }

    /// A 4 × 4 transpose of 128-bit quarters: element q of the result is quarter q of `a`, `b`, `c`, `d` side
    /// by side.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn gather_quarters(a: __m512i, b: __m512i, c: __m512i, d: __m512i) -> [__m512i; 4] {
        // The selector picks two quarters of the first operand (low four bits), then two of the second.
        let ab01 = _mm512_shuffle_i32x4::<0b01_00_01_00>(a, b); // a0 a1 b0 b1
        let ab23 = _mm512_shuffle_i32x4::<0b11_10_11_10>(a, b); // a2 a3 b2 b3
        let cd01 = _mm512_shuffle_i32x4::<0b01_00_01_00>(c, d); // c0 c1 d0 d1
        let cd23 = _mm512_shuffle_i32x4::<0b11_10_11_10>(c, d); // c2 c3 d2 d3
        [
            _mm512_shuffle_i32x4::<0b10_00_10_00>(ab01, cd01), // a0 b0 c0 d0
            _mm512_shuffle_i32x4::<0b11_01_11_01>(ab01, cd01), // a1 b1 c1 d1
            _mm512_shuffle_i32x4::<0b10_00_10_00>(ab23, cd23), // a2 b2 c2 d2
            _mm512_shuffle_i32x4::<0b11_01_11_01>(ab23, cd23), // a3 b3 c3 d3
        ]
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The eight-block function on 256-bit vectors.

    use std::arch::x86_64::*;

    use super::{BLOCK_WORDS, SIGMA, Variant};

    /// Words computed per call: eight blocks.
    pub(super) const WORDS: usize = 8 * BLOCK_WORDS;

    /// A 32-bit word in every lane.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn splat(w: u32) -> __m256i {
        _mm256_set1_epi32(w as i32)
    }

    /// Each 32-bit lane rotated left by 16 or 8 bits: a byte shuffle (`vpshufb`, within 128-bit lanes).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn rotate_bytes<const BITS: u32>(x: __m256i) -> __m256i {
        let order = match BITS {
            16 => _mm256_setr_epi8(
                2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12,
                13,
            ),
            _ => _mm256_setr_epi8(
                3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13,
                14,
            ),
        };
        _mm256_shuffle_epi8(x, order)
    }

    /// Each 32-bit lane rotated left by `L` bits (`R = 32 − L`), with two shifts.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn rotate<const L: i32, const R: i32>(x: __m256i) -> __m256i {
        _mm256_or_si256(_mm256_slli_epi32::<L>(x), _mm256_srli_epi32::<R>(x))
    }

    /// One quarter-round on state words `a`, `b`, `c`, `d` of all eight blocks.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn quarter_round(x: &mut [__m256i; BLOCK_WORDS], a: usize, b: usize, c: usize, d: usize) {
        x[a] = _mm256_add_epi32(x[a], x[b]);
        x[d] = rotate_bytes::<16>(_mm256_xor_si256(x[d], x[a]));
        x[c] = _mm256_add_epi32(x[c], x[d]);
        x[b] = rotate::<12, 20>(_mm256_xor_si256(x[b], x[c]));
        x[a] = _mm256_add_epi32(x[a], x[b]);
        x[d] = rotate_bytes::<8>(_mm256_xor_si256(x[d], x[a]));
        x[c] = _mm256_add_epi32(x[c], x[d]);
        x[b] = rotate::<7, 25>(_mm256_xor_si256(x[b], x[c]));
    }

    /// Blocks `counter .. counter + 8` of stream 0 under `key` into `out`, in stream order.
    ///
    /// # Safety
    ///
    /// The processor must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn blocks<V: Variant>(key: &[u32; 8], counter: u64, out: &mut [u32; WORDS]) {
        // Lane n works on block counter + n. The low counter word wraps in the lanes past 2^32 − 1, whose high
        // word is then one more: an unsigned `low < low_start`, as a signed compare of the words with their top
        // bit flipped (all ones where it wrapped, which subtracted adds one).
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let low_start = splat(counter as u32);
        let low = _mm256_add_epi32(low_start, lane);
        let flip = splat(0x8000_0000);
        let wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(low_start, flip), _mm256_xor_si256(low, flip));
        let high = _mm256_sub_epi32(splat((counter >> 32) as u32), wrapped);
        let zero = _mm256_setzero_si256();
        let start = chacha_start!(splat, key, low, high, zero);
        let mut x = start;
        chacha_rounds!(x, quarter_round, V::ROUNDS);
        for (w, s) in x.iter_mut().zip(start) {
            *w = _mm256_add_epi32(*w, s);
        }
        // x[w] lane n is word w of block n: words 0..8 and 8..16 of each block, transposed.
        let (first, second) = x.split_at(8);
        let first = transpose(first.try_into().expect("eight words"));
        let second = transpose(second.try_into().expect("eight words"));
        for (block, (a, b)) in first.into_iter().zip(second).enumerate() {
            let at = out[block * BLOCK_WORDS..].as_mut_ptr().cast::<__m256i>();
            // SAFETY: block < 8, so the 16 words from `block * 16` lie inside the 128-word `out`; unaligned
            // stores.
            unsafe {
                _mm256_storeu_si256(at, a);
                _mm256_storeu_si256(at.add(1), b);
            }
        }
    }

    /// An 8 × 8 transpose of 32-bit words: lane n of `rows[w]` becomes lane w of element n.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn transpose(r: [__m256i; 8]) -> [__m256i; 8] {
        // Within each 128-bit lane, with r[w][n] the word of row w, lane n (n and n + 4 in the two halves):
        let t0 = _mm256_unpacklo_epi32(r[0], r[1]); // r0[0] r1[0] r0[1] r1[1]
        let t1 = _mm256_unpackhi_epi32(r[0], r[1]); // r0[2] r1[2] r0[3] r1[3]
        let t2 = _mm256_unpacklo_epi32(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi32(r[2], r[3]);
        let t4 = _mm256_unpacklo_epi32(r[4], r[5]);
        let t5 = _mm256_unpackhi_epi32(r[4], r[5]);
        let t6 = _mm256_unpacklo_epi32(r[6], r[7]);
        let t7 = _mm256_unpackhi_epi32(r[6], r[7]);
        let u0 = _mm256_unpacklo_epi64(t0, t2); // r0[0] r1[0] r2[0] r3[0]
        let u1 = _mm256_unpackhi_epi64(t0, t2); // r0[1] r1[1] r2[1] r3[1]
        let u2 = _mm256_unpacklo_epi64(t1, t3); // r0[2] …
        let u3 = _mm256_unpackhi_epi64(t1, t3); // r0[3] …
        let u4 = _mm256_unpacklo_epi64(t4, t6); // r4[0] r5[0] r6[0] r7[0]
        let u5 = _mm256_unpackhi_epi64(t4, t6);
        let u6 = _mm256_unpacklo_epi64(t5, t7);
        let u7 = _mm256_unpackhi_epi64(t5, t7);
        // The low halves hold lanes 0..4, the high halves lanes 4..8.
        [
            _mm256_permute2x128_si256::<0x20>(u0, u4),
            _mm256_permute2x128_si256::<0x20>(u1, u5),
            _mm256_permute2x128_si256::<0x20>(u2, u6),
            _mm256_permute2x128_si256::<0x20>(u3, u7),
            _mm256_permute2x128_si256::<0x31>(u0, u4),
            _mm256_permute2x128_si256::<0x31>(u1, u5),
            _mm256_permute2x128_si256::<0x31>(u2, u6),
            _mm256_permute2x128_si256::<0x31>(u3, u7),
        ]
    }
}

#[cfg(test)]
mod tests {
    use rand::Rng;
    use rand_chacha::{ChaCha8Rng, ChaCha12Rng, ChaCha20Rng};

    use super::*;

    const SEEDS: [u64; 6] = [0, 1, 7, 2026, 0x0123_4567_89AB_CDEF, u64::MAX];

    /// The block functions of every path this processor runs (the ones it lacks named on stderr).
    fn backends() -> Vec<Isa> {
        let run = Isa::all_available();
        for isa in Isa::ALL.into_iter().filter(|i| !run.contains(i)) {
            eprintln!("skipped: the {} ChaCha block function (this processor lacks its instructions)", isa.label());
        }
        run
    }

    /// The ChaCha block function written out plainly, one block of 16 input words, as a reference.
    fn reference_block(input: [u32; BLOCK_WORDS], rounds: u32) -> [u32; BLOCK_WORDS] {
        fn quarter_round(x: &mut [u32; BLOCK_WORDS], a: usize, b: usize, c: usize, d: usize) {
            x[a] = x[a].wrapping_add(x[b]);
            x[d] = (x[d] ^ x[a]).rotate_left(16);
            x[c] = x[c].wrapping_add(x[d]);
            x[b] = (x[b] ^ x[c]).rotate_left(12);
            x[a] = x[a].wrapping_add(x[b]);
            x[d] = (x[d] ^ x[a]).rotate_left(8);
            x[c] = x[c].wrapping_add(x[d]);
            x[b] = (x[b] ^ x[c]).rotate_left(7);
        }
        let mut x = input;
        chacha_rounds!(x, quarter_round, rounds);
        std::array::from_fn(|i| x[i].wrapping_add(input[i]))
    }

    /// The input of block `block` of stream 0 under `key`.
    fn block_input(key: &[u32; 8], block: u64) -> [u32; BLOCK_WORDS] {
        let mut s = [0u32; BLOCK_WORDS];
        s[..4].copy_from_slice(&SIGMA);
        s[4..12].copy_from_slice(key);
        s[12] = block as u32;
        s[13] = (block >> 32) as u32;
        s
    }

    /// RFC 7539 section 2.3.2: the ChaCha20 block function with key 00 01 … 1f, block counter 1 and nonce
    /// 00 00 00 09 00 00 00 4a 00 00 00 00, i.e. input words 12..16 = 1, 0x0900_0000, 0x4a00_0000, 0.
    #[test]
    fn reference_block_matches_rfc_7539() {
        let key: [u32; 8] = std::array::from_fn(|i| u32::from_le_bytes(std::array::from_fn(|b| (4 * i + b) as u8)));
        let mut input = block_input(&key, 0x0900_0000_0000_0001);
        input[14] = 0x4a00_0000;
        let want: [u32; 16] = [
            0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3, 0x466482d2,
            0x09aa9f07, 0x05d7c214, 0xa2028bd9, 0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2,
        ];
        assert_eq!(reference_block(input, 20), want);
    }

    /// Sixteen blocks from `counter` by the reference block function.
    fn reference_blocks(key: &[u32; 8], counter: u64, rounds: u32) -> Vec<u32> {
        (0..BUF_BLOCKS as u64)
            .flat_map(|n| reference_block(block_input(key, counter.wrapping_add(n)), rounds))
            .collect()
    }

    /// The AVX-512 and AVX2 block functions equal the reference on whole buffers, including counters whose low
    /// word wraps inside the blocks and a counter that wraps around 2^64.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn wide_blocks_equal_reference_blocks() {
        let keys = [[0; 8], std::array::from_fn(|i| (0x0101_0101 * i as u32) ^ 0x8000_0001)];
        let counters = [0, 16, 1 << 20, 0xFFFF_FFF8, 0xFFFF_FFFC, 0x7_FFFF_FFF1, u64::MAX - 7, u64::MAX - 3];
        for key in &keys {
            for counter in counters {
                for rounds in [8, 12, 20] {
                    let want = reference_blocks(key, counter, rounds);
                    if !Isa::Avx2.available() {
                        continue;
                    }
                    let mut half = [0u32; avx2::WORDS];
                    // SAFETY: the `avx2` path (which includes AVX2) is available.
                    unsafe {
                        match rounds {
                            8 => avx2::blocks::<ChaCha8Rng>(key, counter, &mut half),
                            12 => avx2::blocks::<ChaCha12Rng>(key, counter, &mut half),
                            _ => avx2::blocks::<ChaCha20Rng>(key, counter, &mut half),
                        }
                    }
                    assert_eq!(half[..], want[..avx2::WORDS], "AVX2, {rounds} rounds, counter {counter:#x}");
                }
            }
        }
        if !Isa::Avx512.available() {
            eprintln!("skipped: the AVX-512 ChaCha block function (this processor lacks AVX-512)");
            return;
        }
        for key in &keys {
            for counter in counters {
                let mut wide = [0u32; BUF_WORDS];
                // SAFETY: AVX-512F was detected above.
                unsafe { avx512::blocks::<ChaCha8Rng>(key, counter, &mut wide) };
                assert_eq!(wide[..], reference_blocks(key, counter, 8), "8 rounds, counter {counter:#x}");
                // SAFETY: as above.
                unsafe { avx512::blocks::<ChaCha12Rng>(key, counter, &mut wide) };
                assert_eq!(wide[..], reference_blocks(key, counter, 12), "12 rounds, counter {counter:#x}");
                // SAFETY: as above.
                unsafe { avx512::blocks::<ChaCha20Rng>(key, counter, &mut wide) };
                assert_eq!(wide[..], reference_blocks(key, counter, 20), "20 rounds, counter {counter:#x}");
            }
        }
    }

    /// Both refills (AVX-512 where present, and `rand_chacha`'s) leave the same buffers, equal to the reference.
    fn refills_agree<V: Variant>() {
        for seed in SEEDS {
            let key_bytes = V::seed_from_u64(seed).key();
            let key: [u32; 8] =
                std::array::from_fn(|i| u32::from_le_bytes(key_bytes[4 * i..4 * i + 4].try_into().unwrap()));
            let mut gens: Vec<ChaChaWide<V>> =
                backends().into_iter().map(|w| ChaChaWide::with_backend(seed, w)).collect();
            for refill in 0..3u64 {
                let want = reference_blocks(&key, refill * BUF_BLOCKS as u64, V::ROUNDS);
                for g in &mut gens {
                    g.refill();
                    assert_eq!(g.buf.0[..], want, "{g:?}, seed {seed}, refill {refill}");
                }
            }
        }
    }

    /// `next_u32` equals upstream for 5,000 words from several seeds, on each backend.
    fn next_u32_matches<V: Variant + Rng>() {
        for wide in backends() {
            for seed in SEEDS {
                let mut up = V::seed_from_u64(seed);
                let mut us = ChaChaWide::<V>::with_backend(seed, wide);
                for i in 0..5_000 {
                    assert_eq!(us.next_u32(), up.next_u32(), "{us:?}, seed {seed}, word {i}");
                }
            }
        }
    }

    /// `next_u64` alone equals upstream for 2,500 pairs.
    fn next_u64_matches<V: Variant + Rng>() {
        for wide in backends() {
            for seed in SEEDS {
                let mut up = V::seed_from_u64(seed);
                let mut us = ChaChaWide::<V>::with_backend(seed, wide);
                for i in 0..2_500 {
                    assert_eq!(us.next_u64(), up.next_u64(), "{us:?}, seed {seed}, pair {i}");
                }
            }
        }
    }

    /// An irregular deterministic mix of the two calls equals upstream making the same calls: runs of 0..=6
    /// `next_u32` between runs of 1..=3 `next_u64`, so `next_u64` meets the 256-word refill boundary (and
    /// upstream's 64-word one) at both parities, many times over.
    fn interleaved_calls_match<V: Variant + Rng + WordPos>() {
        for wide in backends() {
            for seed in SEEDS {
                let mut up = V::seed_from_u64(seed);
                let mut us = ChaChaWide::<V>::with_backend(seed, wide);
                let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
                let mut words = 0u64;
                let mut straddles = 0;
                while words < 12_000 {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let (singles, pairs) = ((x >> 33) % 7, 1 + (x >> 45) % 3);
                    for _ in 0..singles {
                        assert_eq!(us.next_u32(), up.next_u32(), "{us:?}, seed {seed}, word {words}");
                        words += 1;
                    }
                    for _ in 0..pairs {
                        straddles += u32::from(words % BUF_WORDS as u64 == BUF_WORDS as u64 - 1);
                        assert_eq!(us.next_u64(), up.next_u64(), "{us:?}, seed {seed}, word {words}");
                        words += 2;
                    }
                }
                assert_eq!(us.word_pos(), up.get_word_pos_u128());
                assert!(straddles > 0, "{us:?}, seed {seed}: no next_u64 straddled a refill");
            }
        }
    }

    /// Every `next_u64` that starts on the last word of one of the first three buffers.
    fn straddling_next_u64_matches<V: Variant + Rng>() {
        for wide in backends() {
            for skip in [255usize, 511, 767] {
                let mut up = V::seed_from_u64(3);
                let mut us = ChaChaWide::<V>::with_backend(3, wide);
                for _ in 0..skip {
                    assert_eq!(us.next_u32(), up.next_u32());
                }
                for _ in 0..3 {
                    assert_eq!(us.next_u64(), up.next_u64(), "{us:?}, skip {skip}");
                }
            }
        }
    }

    /// The word position of the upstream generators, for comparison with [`ChaChaWide::word_pos`].
    trait WordPos {
        fn get_word_pos_u128(&self) -> u128;
    }
    macro_rules! word_pos {
        ($($rng:ty),*) => {$(
            impl WordPos for $rng {
                fn get_word_pos_u128(&self) -> u128 {
                    self.get_word_pos()
                }
            }
        )*};
    }
    word_pos!(ChaCha8Rng, ChaCha12Rng, ChaCha20Rng);

    macro_rules! against_upstream {
        ($name:ident, $V:ty) => {
            mod $name {
                use super::*;

                #[test]
                fn refills_agree() {
                    super::refills_agree::<$V>();
                }
                #[test]
                fn next_u32_matches() {
                    super::next_u32_matches::<$V>();
                }
                #[test]
                fn next_u64_matches() {
                    super::next_u64_matches::<$V>();
                }
                #[test]
                fn interleaved_calls_match() {
                    super::interleaved_calls_match::<$V>();
                }
                #[test]
                fn straddling_next_u64_matches() {
                    super::straddling_next_u64_matches::<$V>();
                }
            }
        };
    }

    against_upstream!(chacha8, ChaCha8Rng);
    against_upstream!(chacha12, ChaCha12Rng);
    against_upstream!(chacha20, ChaCha20Rng);

    #[test]
    fn debug_is_short_and_clone_continues_the_stream() {
        for wide in backends() {
            let mut a = ChaChaWide::<ChaCha8Rng>::with_backend(9, wide);
            a.next_u32();
            let text = format!("{a:?}");
            assert!(text.len() < 120 && text.contains("word_pos: 1"), "{text}");
            let mut b = a.clone();
            for _ in 0..300 {
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }
}
