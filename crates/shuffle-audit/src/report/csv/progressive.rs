//! `progressive.csv`: every test's p at every look of progressive mode.
//!
//! Columns `shuffles,test,statistic,df,log10_p,log10_p_holm,verdict,sides`: one row per test and look, whose
//! `log10_p` is the test's family p (one-sided, or two-sided: the smaller tail doubled; `sides` says which) and
//! `log10_p_holm` that p Holm-adjusted within the look (verdict against the look's thresholds), then a `family`
//! row per look whose `log10_p` is the look's family-wise p and `log10_p_holm` that p multiplied by the number of
//! planned looks (`sides` = `adjusted`).

use crate::modes::progressive::{Look, look_corrected_ln_p};
use crate::stats::distributions::special::ln_to_log10;

pub const HEADER: [&str; 8] = ["shuffles", "test", "statistic", "df", "log10_p", "log10_p_holm", "verdict", "sides"];

pub fn render(looks: &[Look], planned_looks: usize) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(HEADER).expect("writing to memory");
    for look in looks {
        for t in &look.assessment.tests {
            w.write_record([
                look.shuffles.to_string(),
                t.result.test.name().to_string(),
                format!("{:.6}", t.result.statistic),
                t.result.df.to_string(),
                format!("{:.6}", ln_to_log10(t.ln_p_test)),
                format!("{:.6}", ln_to_log10(t.ln_p_adjusted)),
                t.verdict.to_string(),
                if t.result.two_sided() { "two-sided" } else { "one-sided" }.to_string(),
            ])
            .expect("writing to memory");
        }
        let family = look_corrected_ln_p(look.ln_p_family, planned_looks);
        w.write_record([
            look.shuffles.to_string(),
            "family".to_string(),
            String::new(),
            String::new(),
            format!("{:.6}", ln_to_log10(look.ln_p_family)),
            format!("{:.6}", ln_to_log10(family)),
            look.verdict.to_string(),
            "adjusted".to_string(),
        ])
        .expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}
