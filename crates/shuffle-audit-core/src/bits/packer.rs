//! A continuous bit stream cut into 32-bit words: each value contributes its `bits` bits, most significant
//! first, and a word's first bit is its most significant bit.
//!
//! Why: MSVC's `rand()` has 15 valid bits; written one per 32-bit word, the top 17 bits of every word are zero
//! and a battery fails it for the wrong reason (the padding, not the generator). Packed, every bit of the
//! stream is an output bit.

use crate::rng::RawRng;

/// Bits waiting to fill a word, most significant first.
#[derive(Clone, Debug, Default)]
pub struct BitPacker {
    /// The pending bits are the low `have` bits.
    acc: u64,
    have: u32,
}

impl BitPacker {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends the low `bits` bits of `value` (1..=32), most significant first; a word completed by them is
    /// pushed to `out`.
    #[inline(always)]
    pub fn push(&mut self, value: u32, bits: u32, out: &mut Vec<u32>) {
        debug_assert!((1..=32).contains(&bits) && (bits == 32 || value >> bits == 0));
        // have < 32 and bits <= 32: the accumulator never holds more than 63 bits.
        self.acc = (self.acc << bits) | u64::from(value);
        self.have += bits;
        if self.have >= 32 {
            self.have -= 32;
            out.push((self.acc >> self.have) as u32);
            self.acc &= (1u64 << self.have) - 1;
        }
    }

    /// The pending bits as a number (their count is [`Self::pending_bits`]).
    pub fn pending_value(&self) -> u32 {
        self.acc as u32
    }

    /// Bits pushed that do not fill a word yet (0..=31): they are never written (a stream ends on a word).
    pub fn pending_bits(&self) -> u32 {
        self.have
    }
}

/// Fills `out` with the next `words` packed words of `rng` (each output's `R::BITS` bits, most significant
/// first), continuing `packer`. For a 32-bit generator the words are the outputs themselves.
pub fn fill_packed<R: RawRng>(rng: &mut R, packer: &mut BitPacker, out: &mut Vec<u32>, words: usize) {
    if R::BITS == 32 {
        return fill_raw32(rng, out, words);
    }
    let target = out.len() + words;
    while out.len() < target {
        packer.push(rng.r(), R::BITS, out);
    }
}

/// Fills `out` with the next `words` outputs of `rng`, one per 32-bit word, unpacked.
#[inline]
pub fn fill_raw32<R: RawRng>(rng: &mut R, out: &mut Vec<u32>, words: usize) {
    out.extend((0..words).map(|_| rng.r()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{MsvcRand, Pcg32, SeededRng};

    #[test]
    fn msvc_srand_1_packs_its_first_outputs_msb_first() {
        // 41, 18467, 6334, 26500, 19169 in 15 bits each:
        // 000000000101001 100100000100011 001100010111110 110011110000100 100101011100001
        // The first word is the first 32 bits of that string, the second word the next 32.
        let bits = [41u32, 18467, 6334, 26500, 19169].iter().map(|v| format!("{v:015b}")).collect::<String>();
        assert_eq!(bits, "000000000101001100100000100011001100010111110110011110000100100101011100001");
        let want0 = u32::from_str_radix(&bits[0..32], 2).unwrap();
        let want1 = u32::from_str_radix(&bits[32..64], 2).unwrap();
        assert_eq!((want0, want1), (0x0053_208c, 0xc5f6_7849));
        let mut rng = MsvcRand::from_seed_u64(1);
        let (mut packer, mut out) = (BitPacker::new(), Vec::new());
        fill_packed(&mut rng, &mut packer, &mut out, 2);
        assert_eq!(out, [want0, want1]);
        // Five outputs (75 bits) were taken for two words; 11 bits wait for the third.
        assert_eq!(packer.pending_bits(), 11);
    }

    #[test]
    fn packed_words_continue_across_calls() {
        let mut whole = Vec::new();
        fill_packed(&mut MsvcRand::from_seed_u64(7), &mut BitPacker::new(), &mut whole, 100);
        let (mut rng, mut packer, mut parts) = (MsvcRand::from_seed_u64(7), BitPacker::new(), Vec::new());
        for n in [1, 2, 30, 67] {
            fill_packed(&mut rng, &mut packer, &mut parts, n);
        }
        assert_eq!(parts, whole);
    }

    #[test]
    fn a_32_bit_generator_packs_to_its_outputs() {
        let mut raw = Vec::new();
        fill_raw32(&mut Pcg32::from_seed_u64(3), &mut raw, 50);
        let mut packed = Vec::new();
        fill_packed(&mut Pcg32::from_seed_u64(3), &mut BitPacker::new(), &mut packed, 50);
        assert_eq!(raw, packed);
        let mut rng = Pcg32::from_seed_u64(3);
        assert_eq!(raw, (0..50).map(|_| rng.r()).collect::<Vec<_>>());
    }
}
