//! `summary.csv`: one row per test plus an `overall` row, columns exactly
//! `algorithm,rng,deck,shuffles,seed,test,statistic,df,p_value,log10_p,verdict,detail,variant`.
//!
//! `algorithm` is the algorithm's name alone (`wash`), or `decks:FILE` / `exec:CMD` for decks made elsewhere, so
//! that a reader can group by it; `variant` holds the options that make the row (`--swaps 54 --game doudizhu
//! --order rank`), empty when there are none.
//!
//! `p_value` is the test's p in the run's family (it may print as 0 below 1e-308): one-sided, or for a two-sided
//! test `min(1, 2·min(p_upper, p_lower))` (`detail` says which, and gives the Holm-adjusted p); `log10_p` stays
//! finite whatever its size. The per-test `verdict` uses the Holm-adjusted p; the `overall` row's p is the
//! family-wise (adjusted) p.

use crate::report::RunReport;
use crate::report::i18n::{self, Lang};
use crate::stats::distributions::special::ln_to_log10;

pub const HEADER: [&str; 13] = [
    "algorithm",
    "rng",
    "deck",
    "shuffles",
    "seed",
    "test",
    "statistic",
    "df",
    "p_value",
    "log10_p",
    "verdict",
    "detail",
    "variant",
];

/// Renders the rows of several runs under one header.
pub fn render(reports: &[&RunReport]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(HEADER).expect("writing to memory");
    for r in reports {
        for row in rows(r) {
            // Names and a producer's words come from outside: no control character reaches a cell.
            w.write_record(row.iter().map(|cell| crate::report::escape::text(cell))).expect("writing to memory");
        }
    }
    w.into_inner().expect("writing to memory")
}

fn rows(r: &RunReport) -> Vec<[String; 13]> {
    let c = &r.config;
    let base = |test: &str| {
        [
            c.source.algorithm_column(),
            r.rng_label(),
            c.deck.to_string(),
            r.shuffles_done.to_string(),
            r.seed_label(),
            test.to_string(),
        ]
    };
    let row = |test: &str, statistic: String, df: String, ln_p: Option<f64>, verdict: String, detail: String| {
        let [a, b, d, e, f, g] = base(test);
        let (p, l) = match ln_p {
            Some(ln_p) => (format_p_exact(ln_p), format!("{:.6}", ln_to_log10(ln_p))),
            None => (String::new(), String::new()),
        };
        [a, b, d, e, f, g, statistic, df, p, l, verdict, detail, c.source.variant(c.deck, c.deal.as_ref())]
    };
    let mut out = Vec::new();
    if let Some(fault) = &r.fault {
        out.push(row(
            "validity",
            fault.invalid_decks.to_string(),
            String::new(),
            None,
            "BROKEN".into(),
            format!("{}: {} (first at shuffle {})", fault.kind, fault.description, fault.first_shuffle),
        ));
    } else {
        for t in &r.assessment.tests {
            let mut detail = format!(
                "{}; p {}; Holm-adjusted p = {}",
                i18n::detail_in(r, &t.result),
                i18n::sides(Lang::En, t),
                format_p_exact(t.ln_p_adjusted)
            );
            if t.too_uniform {
                detail.push_str("; too uniform: the lower tail decided");
            }
            out.push(row(
                t.result.test.name(),
                format!("{:.6}", t.result.statistic),
                format!("{}", t.result.df),
                Some(t.ln_p_test),
                t.verdict.to_string(),
                detail,
            ));
        }
    }
    let m = r.assessment.tests.len();
    out.push(row(
        "overall",
        m.to_string(),
        String::new(),
        if r.fault.is_some() { None } else { Some(r.assessment.ln_p_family) },
        r.verdict.to_string(),
        if m == 0 {
            // The reason says so, for a run without a deck ([`i18n::NO_DECK_EN`]) or a BROKEN one.
            let reason = i18n::reason(Lang::En, r);
            if r.reason == crate::audit::result::Reason::NoDeck {
                reason
            } else {
                format!("{reason}; {}", i18n::NO_DECK_EN)
            }
        } else {
            format!("{}; family-wise error controlled by Holm over {m} tests", i18n::reason(Lang::En, r))
        },
    ));
    out
}

/// A p-value in scientific notation computed from its logarithm, so that it never prints as 0:
/// `3.4e-10`, or `7.012345e-139460` far below f64's range.
pub fn format_p_exact(ln_p: f64) -> String {
    // No test gives ln p = −∞ (every tail includes its atom); should one, it reads as 0, not as `NaNe-inf`.
    if !ln_p.is_finite() {
        return if ln_p.is_nan() {
            "NaN".into()
        } else if ln_p < 0.0 {
            "0".into()
        } else {
            "1".into()
        };
    }
    let p = ln_p.exp();
    if p > 1e-300 {
        return format!("{p:e}");
    }
    let log10 = ln_to_log10(ln_p);
    let exponent = log10.floor();
    let mantissa = 10f64.powf(log10 - exponent);
    format!("{mantissa:.6}e{exponent}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_never_print_as_zero() {
        assert_eq!(format_p_exact(0.05f64.ln()).parse::<f64>().unwrap(), 0.05f64.ln().exp());
        assert_eq!(format_p_exact(-1000.0 * std::f64::consts::LN_10), "1.000000e-1000");
        assert_eq!(format_p_exact(f64::NEG_INFINITY), "0");
        assert_eq!(format_p_exact((-139459.155058) * std::f64::consts::LN_10), "6.997485e-139460");
    }
}
