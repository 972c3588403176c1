//! The files of a run in samples (`run --samples S`):
//! - `samples.csv`: one row per sample and test, header
//!   `sample,seed,first_deck,decks,test,statistic,df,p_value,pass_95,pass_99`. `p_value` is the test's p in its
//!   sample before any adjustment (one-sided, or two-sided with the smaller tail doubled), as a lab compares it
//!   with its level; `pass_95` and `pass_99` are `true` when it is at least 0.05 and 0.01. `seed` reproduces a
//!   built-in run's sample alone (`run --seed`); it is empty for decks read from a file, whose `first_deck` is
//!   the sample's first deck line. Each sample also has a row of test `family`: its Holm-adjusted family p.
//! - `second_level.csv`: one row per statistic and form of its p, header
//!   `test,form,samples,ks_d,ks_p,ad_a2,ad_p`: the samples' p-values against Uniform(0, 1).

use std::fmt::Write;

use super::summary::format_p_exact;
use crate::audit::Samples;
use crate::stats::finding::SecondLevelGroup;

pub const SAMPLES_HEADER: &str = "sample,seed,first_deck,decks,test,statistic,df,p_value,pass_95,pass_99";
pub const SECOND_LEVEL_HEADER: &str = "test,form,samples,ks_d,ks_p,ad_a2,ad_p";

/// `samples.csv`.
pub fn render_samples(samples: &Samples) -> Vec<u8> {
    let mut s = format!("{SAMPLES_HEADER}\n");
    for sample in &samples.samples {
        let seed = sample.seed.map_or(String::new(), |x| x.to_string());
        let head = format!("{},{seed},{},{}", sample.index, sample.first_deck, sample.decks);
        for t in &sample.tests {
            let (p, pass_95, pass_99) = (format_p_exact(t.ln_p), t.ln_p >= 0.05f64.ln(), t.ln_p >= 0.01f64.ln());
            let _ = writeln!(s, "{head},{},{},{},{p},{pass_95},{pass_99}", t.test, t.statistic, t.df);
        }
        let ln_p = sample.ln_p_family;
        let (p, pass_95, pass_99) = (format_p_exact(ln_p), ln_p >= 0.05f64.ln(), ln_p >= 0.01f64.ln());
        let _ = writeln!(s, "{head},family,,,{p},{pass_95},{pass_99}");
    }
    s.into_bytes()
}

/// `second_level.csv`.
pub fn render_second_level(groups: &[SecondLevelGroup]) -> Vec<u8> {
    let mut s = format!("{SECOND_LEVEL_HEADER}\n");
    for g in groups {
        let (ks_p, ad_p) = (format_p_exact(g.ks_ln_p), format_p_exact(g.ad_ln_p));
        let _ = writeln!(s, "{},{},{},{},{ks_p},{},{ad_p}", g.test, g.form, g.samples, g.ks_d, g.ad_a2);
    }
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{SampleResult, SampleTest};
    use crate::stats::TestId;

    #[test]
    fn snapshot() {
        let test = |test, ln_p: f64| SampleTest { test, statistic: 12.5, df: 9.0, ln_p, p: ln_p.exp() };
        let samples = Samples {
            count: 2,
            size: 100,
            samples: vec![
                SampleResult {
                    index: 1,
                    seed: Some(42),
                    first_deck: 1,
                    decks: 100,
                    tests: vec![test(TestId::PositionCard, 0.5f64.ln()), test(TestId::Cycles, -4.0)],
                    ln_p_family: -3.0,
                    p_family: (-3.0f64).exp(),
                    uniform: Vec::new(),
                },
                SampleResult {
                    index: 2,
                    seed: None,
                    first_deck: 101,
                    decks: 100,
                    // Far below the smallest double: printed from its logarithm, never as 0.
                    tests: vec![test(TestId::PositionCard, -2000.0)],
                    ln_p_family: -1990.0,
                    p_family: (-1990.0f64).exp(),
                    uniform: Vec::new(),
                },
            ],
        };
        let text = String::from_utf8(render_samples(&samples)).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(
            rows,
            [
                SAMPLES_HEADER,
                "1,42,1,100,position-card,12.5,9,5e-1,true,true",
                "1,42,1,100,cycles,12.5,9,1.831563888873418e-2,false,true",
                "1,42,1,100,family,,,4.9787068367863944e-2,false,true",
                "2,,101,100,position-card,12.5,9,2.576536e-869,false,false",
                "2,,101,100,family,,,5.675198e-865,false,false",
            ]
        );
        let g = SecondLevelGroup {
            test: TestId::Adjacency,
            form: "upper",
            samples: 20,
            ks_d: 0.25,
            ks_ln_p: 0.125f64.ln(),
            ad_a2: 1.5,
            ad_ln_p: -1000.0,
        };
        let text = String::from_utf8(render_second_level(&[g])).unwrap();
        assert_eq!(
            text,
            format!("{SECOND_LEVEL_HEADER}\nadjacency,upper,20,0.25,1.2500000000000003e-1,1.5,5.075959e-435\n")
        );
    }
}
