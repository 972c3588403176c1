//! `progressive.csv`: every test's p at every look of progressive mode.
//!
//! Columns `shuffles,test,statistic,df,log10_p,log10_p_holm,verdict`: one row per test and look (Holm-adjusted within
//! the look, verdict against the look's thresholds), then a `family` row per look whose `log10_p` is the look's
//! family-wise p and `log10_p_holm` that p multiplied by the number of planned looks.

use crate::audit::progressive::Look;
use crate::stats::dist::special::ln_to_log10;

pub const HEADER: [&str; 7] = ["shuffles", "test", "statistic", "df", "log10_p", "log10_p_holm", "verdict"];

pub fn render(looks: &[Look], planned_looks: usize) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(HEADER).expect("writing to memory");
    for look in looks {
        for t in &look.assessment.tests {
            let ln_p = t.ln_p_adjusted.min(t.ln_p_low_adjusted.unwrap_or(0.0));
            w.write_record([
                look.shuffles.to_string(),
                t.result.test.name().to_string(),
                format!("{:.6}", t.result.statistic),
                t.result.df.to_string(),
                format!("{:.6}", ln_to_log10(t.result.ln_p.min(t.result.ln_p_low.unwrap_or(0.0)))),
                format!("{:.6}", ln_to_log10(ln_p)),
                t.verdict.to_string(),
            ])
            .expect("writing to memory");
        }
        let family = (look.ln_p_family + (planned_looks as f64).ln()).min(0.0);
        w.write_record([
            look.shuffles.to_string(),
            "family".to_string(),
            String::new(),
            String::new(),
            format!("{:.6}", ln_to_log10(look.ln_p_family)),
            format!("{:.6}", ln_to_log10(family)),
            look.verdict.to_string(),
        ])
        .expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}
