//! `calibration.csv` and `p_values.csv` of `calibrate`.
//!
//! `calibration.csv`: one row per statistic, columns
//! `test,p_kind,replicates,shuffles,ks_d,ks_p,ad_a2,ad_p,rejected_at_0.01,verdict` (`verdict` is `uniform` or
//! `NOT UNIFORM`). `p_values.csv`: one row per replicate and statistic, `replicate,seed,test,p_kind,p_value`.
//! `family.csv`: one row per level α of the verdict's family rule, columns exactly
//! `alpha,replicates,fired,rate,ci_low,ci_high,verdict` (`fired`: replicates whose family p was below α; the
//! interval is the exact Clopper–Pearson 99% one; `verdict` is `calibrated`, `conservative` or `TOO MANY`).

use crate::modes::calibration::{FamilyRate, Replicate, StatisticCalibration};

pub const FAMILY_HEADER: [&str; 7] = ["alpha", "replicates", "fired", "rate", "ci_low", "ci_high", "verdict"];

pub fn render_family(rates: &[FamilyRate]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(FAMILY_HEADER).expect("writing to memory");
    for f in rates {
        w.write_record([
            f.alpha.to_string(),
            f.replicates.to_string(),
            f.fired.to_string(),
            format!("{:.6}", f.rate),
            format!("{:.6}", f.ci_low),
            format!("{:.6}", f.ci_high),
            f.verdict.to_string(),
        ])
        .expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}

pub const HEADER: [&str; 10] =
    ["test", "p_kind", "replicates", "shuffles", "ks_d", "ks_p", "ad_a2", "ad_p", "rejected_at_0.01", "verdict"];

pub fn render(statistics: &[StatisticCalibration], shuffles: u64) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(HEADER).expect("writing to memory");
    for s in statistics {
        w.write_record([
            s.test.name().to_string(),
            s.p_kind.to_string(),
            s.p_values.len().to_string(),
            shuffles.to_string(),
            format!("{:.6}", s.ks_d),
            super::summary::format_p_exact(s.ks_ln_p),
            format!("{:.6}", s.ad_a2),
            super::summary::format_p_exact(s.ad_ln_p),
            s.rejected_at_01.to_string(),
            if s.uniform() { "uniform" } else { "NOT UNIFORM" }.to_string(),
        ])
        .expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}

pub fn render_p_values(replicates: &[Replicate]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["replicate", "seed", "test", "p_kind", "p_value"]).expect("writing to memory");
    for r in replicates {
        for (test, kind, p) in &r.p_values {
            w.write_record([
                r.index.to_string(),
                r.seed.to_string(),
                test.name().to_string(),
                kind.to_string(),
                format!("{p:e}"),
            ])
            .expect("writing to memory");
        }
    }
    w.into_inner().expect("writing to memory")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::TestId;

    #[test]
    fn snapshot() {
        let s = StatisticCalibration {
            test: TestId::Parity,
            p_kind: "mid-p",
            p_values: vec![0.25, 0.75],
            ks_d: 0.25,
            ks_p: 0.5,
            ks_ln_p: 0.5f64.ln(),
            ad_a2: 0.5,
            ad_p: 0.25,
            ad_ln_p: 0.25f64.ln(),
            rejected_at_01: 0,
        };
        let text = String::from_utf8(render(&[s], 1000)).unwrap();
        assert_eq!(
            text,
            "test,p_kind,replicates,shuffles,ks_d,ks_p,ad_a2,ad_p,rejected_at_0.01,verdict\n\
             parity,mid-p,2,1000,0.250000,5e-1,0.500000,2.5e-1,0,uniform\n"
        );
        let r = Replicate {
            index: 0,
            seed: 9,
            p_values: vec![(TestId::Parity, "mid-p", 0.5)],
            ln_p_family: 0.0,
            family_size: 1,
        };
        assert_eq!(
            String::from_utf8(render_p_values(&[r])).unwrap(),
            "replicate,seed,test,p_kind,p_value\n0,9,parity,mid-p,5e-1\n"
        );
        // 5 of 100 replicates below 0.05: the rate's 99% interval holds 0.05.
        let mut ln_ps = vec![0.0f64; 95];
        ln_ps.extend([0.001f64.ln(); 5]);
        let family = crate::modes::calibration::family_rates(&ln_ps);
        let text = String::from_utf8(render_family(&family)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "alpha,replicates,fired,rate,ci_low,ci_high,verdict");
        assert!(lines[1].starts_with("0.01,100,5,0.050000,0.010"), "{}", lines[1]);
        assert!(lines[1].ends_with(",TOO MANY"), "{}", lines[1]);
        assert!(lines[2].starts_with("0.05,100,5,0.050000,") && lines[2].ends_with(",calibrated"), "{}", lines[2]);
        assert!(lines[3].ends_with(",calibrated"), "{}", lines[3]);
    }
}
