//! Double-double arithmetic: a number as the unevaluated sum `hi + lo` of two doubles with `|lo| ≤ ulp(hi)/2`,
//! about 106 bits (32 decimal digits) of precision.
//!
//! The exact engine needs it because the biases it computes are tiny against the probabilities that carry
//! them: with glibc's 31-bit `rand()` a 52-card Fisher–Yates cell is `1/52 + ε` with `ε` near 10^-10, so a
//! double (16 digits) would keep only 6 or 7 digits of ε, and the noncentrality (a sum of ε²) fewer still.
//! In double-double ε keeps more than 20 digits. Every operation is error-free transformations of doubles
//! (Knuth's two-sum, Dekker's product with Veltkamp's split: no fused multiply-add needed), after
//! T. J. Dekker, "A floating-point technique for extending the available precision", Numer. Math. 18 (1971),
//! and Y. Hida, X. S. Li & D. H. Bailey, "Algorithms for quad-double precision floating point arithmetic"
//! (ARITH-15, 2001), whose "sloppy" addition and division are used here.

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub};

/// A double-double number `hi + lo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

/// `a + b = s + e` exactly (Knuth).
#[inline(always)]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b = s + e` exactly, given `|a| ≥ |b|`.
#[inline(always)]
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Veltkamp's split of a double into two 26-bit halves.
#[inline(always)]
fn split(a: f64) -> (f64, f64) {
    const SPLITTER: f64 = 134_217_729.0; // 2^27 + 1
    let t = SPLITTER * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

/// `a · b = p + e` exactly (Dekker).
#[inline(always)]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

impl Dd {
    pub const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };
    pub const ONE: Dd = Dd { hi: 1.0, lo: 0.0 };

    /// A double, exactly.
    #[inline(always)]
    pub const fn from_f64(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// `a / b` for two integers below 2^53, correct to about 32 digits.
    pub fn ratio(a: u64, b: u64) -> Dd {
        Dd::from_f64(a as f64) / Dd::from_f64(b as f64)
    }

    /// The nearest double.
    #[inline(always)]
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    #[inline(always)]
    pub fn abs(self) -> Dd {
        if self.hi < 0.0 { -self } else { self }
    }

    #[inline(always)]
    pub fn sqr(self) -> Dd {
        self * self
    }

    /// `self · k` for a double k.
    #[inline(always)]
    pub fn mul_f64(self, k: f64) -> Dd {
        let (p, e) = two_prod(self.hi, k);
        let (hi, lo) = quick_two_sum(p, e + self.lo * k);
        Dd { hi, lo }
    }

    /// Decimal digits: `sig` significant digits in scientific notation (`1.2345e-10`), exact to the digits a
    /// double-double carries (about 31).
    pub fn to_sci(self, sig: usize) -> String {
        if self.hi == 0.0 {
            return format!("0.{}e0", "0".repeat(sig.saturating_sub(1)));
        }
        let neg = self.hi < 0.0;
        let mut x = self.abs();
        let mut exp = x.hi.log10().floor() as i32;
        x = x * pow10(-exp);
        // The estimate of the exponent can be one off.
        if x.hi >= 10.0 {
            x = x * Dd::from_f64(0.1);
            exp += 1;
        } else if x.hi < 1.0 {
            x = x.mul_f64(10.0);
            exp -= 1;
        }
        let mut digits = Vec::with_capacity(sig + 1);
        for _ in 0..=sig {
            let d = x.hi.floor().clamp(0.0, 9.0);
            digits.push(d as u8);
            x = (x - Dd::from_f64(d)).mul_f64(10.0);
        }
        // Round on the extra digit, carrying left.
        let round_up = digits.pop().is_some_and(|d| d >= 5);
        if round_up {
            let mut i = digits.len();
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    digits.pop();
                    exp += 1;
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
        let mut s = String::new();
        if neg {
            s.push('-');
        }
        s.push(char::from(b'0' + digits[0]));
        if digits.len() > 1 {
            s.push('.');
            s.extend(digits[1..].iter().map(|d| char::from(b'0' + d)));
        }
        s.push_str(&format!("e{exp}"));
        s
    }

    /// Plain decimal notation with `sig` significant digits (`0.01923076923076923076923077`).
    pub fn to_decimal(self, sig: usize) -> String {
        if self.hi == 0.0 {
            return "0".to_string();
        }
        let sci = self.to_sci(sig);
        let (mantissa, exp) = sci.split_once('e').expect("to_sci writes an exponent");
        let exp: i32 = exp.parse().expect("an integer exponent");
        let (sign, mantissa) = mantissa.strip_prefix('-').map_or(("", mantissa), |m| ("-", m));
        let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
        let out = if exp < 0 {
            format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
        } else {
            let point = exp as usize + 1;
            if digits.len() <= point {
                format!("{digits}{}", "0".repeat(point - digits.len()))
            } else {
                format!("{}.{}", &digits[..point], &digits[point..])
            }
        };
        format!("{sign}{out}")
    }
}

/// 10^e in double-double (|e| ≤ 330).
fn pow10(e: i32) -> Dd {
    let mut result = Dd::ONE;
    let mut base = if e >= 0 { Dd::from_f64(10.0) } else { Dd::ONE / Dd::from_f64(10.0) };
    let mut k = e.unsigned_abs();
    while k > 0 {
        if k & 1 == 1 {
            result = result * base;
        }
        base = base * base;
        k >>= 1;
    }
    result
}

impl Add for Dd {
    type Output = Dd;
    #[inline(always)]
    fn add(self, b: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, b.hi);
        let (t, f) = two_sum(self.lo, b.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        Dd { hi, lo }
    }
}

impl AddAssign for Dd {
    #[inline(always)]
    fn add_assign(&mut self, b: Dd) {
        *self = *self + b;
    }
}

impl Neg for Dd {
    type Output = Dd;
    #[inline(always)]
    fn neg(self) -> Dd {
        Dd { hi: -self.hi, lo: -self.lo }
    }
}

impl Sub for Dd {
    type Output = Dd;
    #[inline(always)]
    fn sub(self, b: Dd) -> Dd {
        self + (-b)
    }
}

impl Mul for Dd {
    type Output = Dd;
    #[inline(always)]
    fn mul(self, b: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, b.hi);
        let (hi, lo) = quick_two_sum(p, e + (self.hi * b.lo + self.lo * b.hi));
        Dd { hi, lo }
    }
}

impl Div for Dd {
    type Output = Dd;
    fn div(self, b: Dd) -> Dd {
        // Long division: two quotient digits and a correction.
        let q1 = self.hi / b.hi;
        let r = self - b.mul_f64(q1);
        let q2 = r.hi / b.hi;
        let r = r - b.mul_f64(q2);
        let q3 = r.hi / b.hi;
        let (hi, lo) = quick_two_sum(q1, q2);
        Dd { hi, lo } + Dd::from_f64(q3)
    }
}

impl std::iter::Sum for Dd {
    fn sum<I: Iterator<Item = Dd>>(iter: I) -> Dd {
        iter.fold(Dd::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Dd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sci(f.precision().unwrap_or(30)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_third_keeps_thirty_digits() {
        let third = Dd::ONE / Dd::from_f64(3.0);
        assert_eq!(third.to_sci(30), "3.33333333333333333333333333333e-1");
        // 3 · (1/3) − 1 is below 1e-32, where a double leaves 5.5e-17.
        let back = third.mul_f64(3.0) - Dd::ONE;
        assert!(back.to_f64().abs() < 1e-32, "{}", back.to_f64());
        assert_eq!(Dd::ratio(1, 52).to_decimal(25), "0.01923076923076923076923077");
    }

    #[test]
    fn small_differences_survive() {
        // (1/52 + 2^-40) − 1/52 is 2^-40 to ~16 digits relative to it, not to 16 digits relative to 1/52.
        let tiny = Dd::from_f64((-40f64).exp2());
        let d = (Dd::ratio(1, 52) + tiny) - Dd::ratio(1, 52);
        assert!(((d - tiny).to_f64() / tiny.to_f64()).abs() < 1e-15);
        assert_eq!(Dd::from_f64(-0.000125).to_sci(3), "-1.25e-4");
        assert_eq!(Dd::from_f64(9.9996).to_sci(3), "1.00e1");
        assert_eq!(Dd::from_f64(1234.5).to_decimal(5), "1234.5");
    }
}
