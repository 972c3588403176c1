//! The exact law of one draw `r() % m`: uniform for ideal draws, two-valued for a w-bit generator.
//!
//! A generator of 2^w equally likely outputs gives residue j with probability
//! `q_m(j) = (⌊2^w/m⌋ + [j < 2^w mod m]) / 2^w`: the first `e = 2^w mod m` residues are *heavy* (one preimage
//! more), the others *light*. Both values are dyadic rationals with numerators below 2^33, so they are exact
//! doubles; the ideal law `1/m` is kept to double-double precision. When `m > 2^w` the residues from 2^w up
//! are never drawn (probability 0).

use super::dd::Dd;

/// Which draws: `None` exactly uniform, `Some(w)` the remainder of a uniform w-bit output.
pub type Bits = Option<u32>;

/// The law of `r() % m`: `e` heavy residues `0..e` of probability `heavy`, the rest `light`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawLaw {
    pub m: usize,
    pub heavy_count: usize,
    pub heavy: Dd,
    pub light: Dd,
}

impl DrawLaw {
    pub fn new(m: usize, bits: Bits) -> DrawLaw {
        assert!(m >= 1, "r() % 0 is undefined");
        match bits {
            None => {
                let p = Dd::ratio(1, m as u64);
                DrawLaw { m, heavy_count: 0, heavy: p, light: p }
            }
            Some(w) => {
                assert!(w <= 52, "a generator of at most 52 bits");
                let outputs = 1u64 << w;
                let (base, extra) = (outputs / m as u64, outputs % m as u64);
                let scale = (-f64::from(w)).exp2();
                let light = Dd::from_f64(base as f64 * scale);
                let heavy = Dd::from_f64((base + 1) as f64 * scale);
                // With fewer outputs than residues (base = 0), 0..2^w are drawn once each and the rest never.
                DrawLaw { m, heavy_count: extra as usize, heavy, light }
            }
        }
    }

    /// `q_m(j)`.
    #[inline(always)]
    pub fn q(&self, j: usize) -> Dd {
        if j < self.heavy_count { self.heavy } else { self.light }
    }

    /// The whole law, `q_m(0..m)`.
    pub fn table(&self) -> Vec<Dd> {
        (0..self.m).map(|j| self.q(j)).collect()
    }

    /// True when some residue can never be drawn.
    pub fn has_unreachable(&self) -> bool {
        self.light.hi == 0.0 && self.heavy_count < self.m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msvc_mod_52_is_631_against_630() {
        let q = DrawLaw::new(52, Some(15));
        assert_eq!(q.heavy_count, 32768 % 52);
        assert_eq!(q.heavy.to_f64(), 631.0 / 32768.0);
        assert_eq!(q.light.to_f64(), 630.0 / 32768.0);
        let total: Dd = q.table().into_iter().sum();
        assert_eq!(total, Dd::ONE);
        let narrow = DrawLaw::new(6, Some(2));
        assert!(narrow.has_unreachable() && narrow.q(3).to_f64() == 0.25 && narrow.q(4).to_f64() == 0.0);
        assert!(!DrawLaw::new(52, None).has_unreachable());
    }
}
