//! Exact non-negative fractions over `u128`, for hand odds that must be printed exactly.
//!
//! The games' odds are ratios of binomial coefficients no larger than C(54, 27) ≈ 1.9·10^15, so a numerator
//! and denominator in `u128` (up to 3.4·10^38) hold even products of two of them; every operation reduces by
//! the greatest common divisor (Euclid) and checks for overflow, so a result is either exact or a panic on a
//! programming error, never a silently rounded value.

use std::fmt;

use crate::stats::finding::Exact;

/// `num / den` in lowest terms, `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };

    /// `num / den` reduced to lowest terms. Panics if `den == 0`.
    pub fn new(num: u128, den: u128) -> Self {
        assert!(den != 0, "fraction with a zero denominator");
        let g = gcd(num, den).max(1);
        Fraction { num: num / g, den: den / g }
    }

    /// A signed numerator over a positive denominator; panics on a negative value (probabilities, means and
    /// variances are never negative, so a negative result is a bug in the formula).
    pub fn from_signed(num: i128, den: u128) -> Self {
        let num = u128::try_from(num).unwrap_or_else(|_| panic!("negative value {num}/{den}"));
        Fraction::new(num, den)
    }

    pub fn numer(&self) -> u128 {
        self.num
    }

    pub fn denom(&self) -> u128 {
        self.den
    }

    /// The nearest `f64` (the quotient of two exactly represented values when both fit in 2^53; otherwise
    /// correct to about 1e-16 relative).
    pub fn to_f64(&self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `1 − self`; panics if `self > 1`.
    pub fn complement(&self) -> Self {
        Fraction::new(self.den.checked_sub(self.num).expect("probability above 1"), self.den)
    }

    pub fn add(&self, other: &Self) -> Self {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den).expect("fraction overflow");
        let num = (self.num * (other.den / g)).checked_add(other.num * (self.den / g)).expect("fraction overflow");
        Fraction::new(num, den)
    }

    pub fn mul(&self, other: &Self) -> Self {
        // Cross-reduce first so that the products stay small.
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        let num = (self.num / g1).checked_mul(other.num / g2).expect("fraction overflow");
        let den = (self.den / g2).checked_mul(other.den / g1).expect("fraction overflow");
        Fraction::new(num, den)
    }
}

impl From<Fraction> for Exact {
    fn from(f: Fraction) -> Self {
        Exact { numer: f.num, denom: f.den }
    }
}

impl From<Exact> for Fraction {
    fn from(e: Exact) -> Self {
        Fraction::new(e.numer, e.denom)
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 { write!(f, "{}", self.num) } else { write!(f, "{}/{}", self.num, self.den) }
    }
}

/// The binomial coefficient C(n, k) exactly; 0 when `k < 0` or `k > n`. Exact for every `n ≤ 120` (the
/// running product `C(n, i)` stays below C(120, 60) ≈ 10^35).
pub fn choose(n: i64, k: i64) -> u128 {
    if k < 0 || n < 0 || k > n {
        return 0;
    }
    let k = k.min(n - k) as u128;
    let n = n as u128;
    let mut c: u128 = 1;
    for i in 0..k {
        // C(n, i+1) = C(n, i) · (n − i) / (i + 1), exact at every step.
        c = c.checked_mul(n - i).expect("binomial overflow") / (i + 1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_add_exactly() {
        assert_eq!(Fraction::new(272, 2862), Fraction::new(136, 1431));
        assert_eq!(Fraction::new(1, 6).add(&Fraction::new(1, 3)), Fraction::new(1, 2));
        assert_eq!(Fraction::new(2, 3).mul(&Fraction::new(9, 4)), Fraction::new(3, 2));
        assert_eq!(Fraction::new(52, 477).complement(), Fraction::new(425, 477));
        assert_eq!(Fraction::new(6, 3).to_string(), "2");
        assert_eq!(Fraction::new(3, 6).to_string(), "1/2");
    }

    #[test]
    fn binomials_match_pascal() {
        assert_eq!(choose(52, 5), 2_598_960);
        assert_eq!(choose(54, 17), choose(53, 16) + choose(53, 17));
        assert_eq!(choose(54, 27), 1_946_939_425_648_112);
        assert_eq!((choose(5, -1), choose(5, 6), choose(0, 0)), (0, 0, 1));
    }
}
