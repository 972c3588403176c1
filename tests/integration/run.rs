//! `run` and its report files, driven through the binary on small inputs.

use std::path::Path;

use statrs::distribution::{ChiSquared, ContinuousCDF};

use crate::common;
use common::{bin, read};

fn run(args: &[&str], out: &Path) -> std::process::Output {
    bin().arg("run").args(args).arg("--out").arg(out).output().unwrap()
}

/// Rows of summary.csv as maps from column to value.
fn summary_rows(dir: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(dir.join("summary.csv")).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header.join(","),
        "algorithm,rng,deck,shuffles,seed,test,statistic,df,p_value,log10_p,verdict,detail,variant"
    );
    r.records().map(|rec| header.iter().cloned().zip(rec.unwrap().iter().map(str::to_string)).collect()).collect()
}

/// Pearson X² over all cells of counts.csv, computed here independently of the library.
fn global_from_counts(dir: &Path) -> (f64, usize, u64) {
    let text = read(&dir.join("counts.csv"));
    let mut lines = text.lines();
    let n = lines.next().unwrap().split(',').count() - 1;
    let rows: Vec<Vec<u64>> = lines.map(|l| l.split(',').skip(1).map(|x| x.parse().unwrap()).collect()).collect();
    assert_eq!(rows.len(), n);
    let total: u64 = rows[0].iter().sum();
    let e = total as f64 / n as f64;
    let x2: f64 = rows.iter().flatten().map(|&o| (o as f64 - e).powi(2) / e).sum();
    (x2 * (n as f64 - 1.0) / n as f64, n, total)
}

#[test]
fn counts_are_byte_identical_for_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("t1"), dir.path().join("t2"));
    for (threads, out) in [("1", &a), ("2", &b)] {
        let o = run(
            &["-a", "naive-swap", "--rng", "msvc", "--seed", "9", "--shuffles", "100000", "--threads", threads],
            out,
        );
        assert_eq!(o.status.code(), Some(1), "naive-swap must FAIL");
    }
    assert_eq!(std::fs::read(a.join("counts.csv")).unwrap(), std::fs::read(b.join("counts.csv")).unwrap());
}

#[test]
fn summary_agrees_with_an_independent_recomputation_from_counts() {
    // fisher-yates / pcg64, fixed seed: a fair shuffle, so p is in a range where statrs' sf is exact. Exit 0
    // means PASS or SUSPICIOUS: a fair shuffle is called FAIL with probability at most 1e-9 (Holm family-wise).
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["-a", "fisher-yates", "--rng", "pcg64", "--seed", "3", "--shuffles", "200000"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (stat, n, total) = global_from_counts(dir.path());
    assert_eq!((n, total), (52, 200_000));
    let rows = summary_rows(dir.path());
    let global = rows.iter().find(|r| r["test"] == "position-card").unwrap();
    let reported: f64 = global["statistic"].parse().unwrap();
    assert!((reported - stat).abs() <= 1e-9 * stat, "{reported} vs {stat}");
    let df: f64 = global["df"].parse().unwrap();
    assert_eq!(df, 51.0 * 51.0);
    // position-card is two-sided: summary.csv's p is the one it brings to the family, min(1, 2·min(upper, lower)),
    // its lower tail χ²'s one lattice step further (Σ O² moves by 2: a step of 2(n−1)/N in the scaled X²).
    let null = ChiSquared::new(df).unwrap();
    let p = (2.0 * null.sf(stat).min(null.cdf(stat + 2.0 * 51.0 / 200_000.0))).min(1.0);
    let reported_p: f64 = global["p_value"].parse().unwrap();
    assert!((reported_p - p).abs() <= 1e-9 * p, "{reported_p} vs {p}");
    let log10: f64 = global["log10_p"].parse().unwrap();
    assert!((log10 - p.log10()).abs() < 1e-6);
    assert!(rows.iter().any(|r| r["test"] == "overall"));
}

#[test]
fn tiny_p_values_stay_finite_and_right() {
    // naive-swap with 10^7 shuffles: the statistic is so large that p underflows f64 by far; log10 p must be
    // finite and agree with the asymptotic series of the upper incomplete gamma function,
    // Γ(a)·Q(a, y) = y^(a−1)·e^(−y)·(1 + (a−1)/y + (a−1)(a−2)/y² + …), an independent route to the same tail.
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["-a", "naive-swap", "--seed", "1", "--shuffles", "1e7"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let (stat, _, _) = global_from_counts(dir.path());
    let rows = summary_rows(dir.path());
    let global = rows.iter().find(|r| r["test"] == "position-card").unwrap();
    assert_eq!(global["verdict"], "FAIL");
    let log10: f64 = global["log10_p"].parse().unwrap();
    assert!(log10.is_finite() && log10 < -300.0, "{log10}");
    let (a, y) = (2601.0f64 / 2.0, stat / 2.0);
    let series = 1.0 + (a - 1.0) / y + (a - 1.0) * (a - 2.0) / (y * y) + (a - 1.0) * (a - 2.0) * (a - 3.0) / y.powi(3);
    let ln_p = (a - 1.0) * y.ln() - y - statrs::function::gamma::ln_gamma(a) + series.ln();
    // Two-sided: the family p doubles the upper tail.
    let approx = ln_p / std::f64::consts::LN_10 + 2f64.log10();
    assert!((log10 - approx).abs() < 1e-9 * approx.abs(), "log10 p {log10} vs asymptotic series {approx}");
}

#[test]
fn reports_are_written_and_the_verdict_sets_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["-a", "identity", "--shuffles", "1000", "--seed", "1"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    for f in ["summary.csv", "counts.csv", "summary.md", "run.json"] {
        assert!(dir.path().join(f).exists(), "{f}");
    }
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("run.json"))).unwrap();
    assert_eq!(json["verdict"], "FAIL");
    assert_eq!(json["config"]["shuffles"], 1000);
    assert!(json["version"].is_string() && json["seconds"].is_number());
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("FAIL"), "{stdout}");
}

#[test]
fn broken_algorithms_stop_early_with_counts() {
    let dir = tempfile::tempdir().unwrap();
    let o =
        run(&["-a", "reject-retry", "--rng", "glibc", "--deck", "54", "--seed", "1", "--shuffles", "1e9"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let rows = summary_rows(dir.path());
    let overall = rows.iter().find(|r| r["test"] == "overall").unwrap();
    assert_eq!(overall["verdict"], "BROKEN");
    assert!(overall["detail"].contains("does not terminate"));
    let o = run(&["-a", "direct-draw", "--rng", "msvc", "--seed", "1", "--shuffles", "1e9"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("BROKEN") && stdout.contains("not permutations"), "{stdout}");
}

#[test]
fn usage_errors_exit_2_naming_the_flag() {
    for (args, flag) in [
        (vec!["-a", "fisher-yates", "--shuffles", "0"], "--shuffles"),
        (vec!["-a", "fisher-yates", "--threads", "0"], "--threads"),
        (vec!["-a", "fisher-yates", "--deck", "1"], "--deck"),
        (vec!["-a", "nope"], "--algorithm"),
        (vec!["-a", "fisher-yates", "--fail-below", "2"], "--fail-below"),
        (vec!["-a", "fisher-yates", "--burn", "52"], "--burn"),
    ] {
        let o = bin().arg("run").args(&args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(flag), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
