//! Numbers as the reports write them: digits grouped by thousands, rough counts in words, percentages, ratios
//! against fair and powers of two.

use crate::cards::Lang;
use crate::stats::finding::SeedSpaceEstimate;

/// Digits grouped by thousands: `1,048,576`.
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rough count in words: `about 95 million`, `约 9500 万`.
pub(super) fn approx_count(lang: Lang, n: f64) -> String {
    let n = n.max(1.0);
    let scales: &[(f64, &str)] = match lang {
        Lang::En => &[(1e12, "trillion"), (1e9, "billion"), (1e6, "million"), (1e3, "thousand")],
        Lang::Zh => &[(1e12, "万亿"), (1e8, "亿"), (1e4, "万")],
    };
    for &(scale, word) in scales {
        if n >= scale {
            return format!("{} {word}", two_significant(n / scale));
        }
    }
    format!("{}", n.round())
}

/// At most two significant digits and no trailing zeros: `9.5`, `95`, `950`.
fn two_significant(x: f64) -> String {
    if x >= 100.0 {
        format!("{}", ((x / 10.0).round() * 10.0) as u64)
    } else if x >= 10.0 {
        format!("{}", x.round() as u64)
    } else {
        let s = format!("{x:.1}");
        s.trim_end_matches(".0").to_string()
    }
}

/// ` (9.50e7)` for large counts, nothing below ten thousand.
pub(super) fn scientific(n: f64) -> String {
    if n >= 1e4 { format!(" ({n:.2e})") } else { String::new() }
}

/// `1.3640×`, or `1.0031× (+0.31%)` for the small deviations that matter for subtle biases.
pub(super) fn times(ratio: f64) -> String {
    if (ratio - 1.0).abs() < 0.1 {
        format!("{ratio:.4}× ({:+.2}%)", (ratio - 1.0) * 100.0)
    } else {
        format!("{ratio:.2}×")
    }
}

/// `+3.21%`: a ratio's deviation from fair.
pub(super) fn deviation(ratio: f64) -> String {
    format!("{:+.2}%", (ratio - 1.0) * 100.0)
}

/// `2^31.0`: a count as a power of two.
pub(super) fn pow2(x: f64) -> String {
    format!("2^{:.1}", x.log2())
}

/// `2^30.8–2^31.2`: the interval of an implied seed space, or `>= 2^40.1` when it has no upper end.
pub(super) fn interval_pow2(s: &SeedSpaceEstimate) -> String {
    match s.high {
        Some(h) => format!("{}–{}", pow2(s.low), pow2(h)),
        None => format!(">= {}", pow2(s.low)),
    }
}

/// `31.2%`, or `0.95%` below 1%.
pub(super) fn percent(x: f64) -> String {
    if x < 0.01 { format!("{:.2}%", 100.0 * x) } else { format!("{:.1}%", 100.0 * x) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_well_in_both_languages() {
        assert_eq!(group_digits(1_048_576), "1,048,576");
        assert_eq!(group_digits(999), "999");
        assert_eq!(approx_count(Lang::En, 9.5e7), "95 million");
        assert_eq!(approx_count(Lang::Zh, 9.5e7), "9500 万");
        assert_eq!(approx_count(Lang::En, 2.2e6), "2.2 million");
        assert_eq!(approx_count(Lang::Zh, 2.2e6), "220 万");
        assert_eq!(approx_count(Lang::Zh, 3.0e8), "3 亿");
        assert_eq!(approx_count(Lang::En, 999.0), "999");
    }

    #[test]
    fn ratios_and_shares() {
        assert_eq!(times(1.0031), "1.0031× (+0.31%)");
        assert_eq!(times(1.364), "1.36×");
        assert_eq!(deviation(0.98), "-2.00%");
        assert_eq!(percent(0.0095), "0.95%");
        assert_eq!(percent(0.312), "31.2%");
        assert_eq!(pow2(2.0f64.powi(31)), "2^31.0");
        assert_eq!(scientific(9.5e7), " (9.50e7)");
        assert_eq!(scientific(999.0), "");
    }
}
