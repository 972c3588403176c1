//! Report pages, pictures and the swap sweep, driven through the binary on small inputs.

use crate::common;
use common::{bin, read};

#[test]
fn run_writes_a_self_contained_page_and_a_heatmap() {
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["run", "-a", "naive-swap", "--seed", "3", "--shuffles", "20000", "--lang", "zh", "--no-timings"])
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "naive-swap must FAIL");
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("FAIL（失败）"), "{stdout}");
    assert!(stdout.contains("report.html, position-card.svg"), "{stdout}");
    let page = read(&dir.path().join("report.html"));
    assert!(page.contains("<meta charset=\"utf-8\">") && page.contains("<html lang=\"zh-CN\">"));
    assert!(page.contains("黑桃A") && !page.contains("<script"));
    let svg = read(&dir.path().join("position-card.svg"));
    assert!(svg.starts_with("<?xml") && svg.contains("方块K"));
    // --no-timings: run.json depends only on the inputs; the CSV stays English.
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("run.json"))).unwrap();
    for field in ["seconds", "threads", "shuffles_per_second"] {
        assert!(json.get(field).is_none(), "{field} must be left out");
    }
    assert!(read(&dir.path().join("summary.csv")).contains(",FAIL,"));
    assert!(read(&dir.path().join("summary.md")).contains("![Position by card, observed/expected](position-card.svg)"));
}

#[test]
fn two_runs_write_the_same_bytes_without_timings() {
    let dir = tempfile::tempdir().unwrap();
    for (threads, sub) in [("1", "a"), ("2", "b")] {
        bin()
            .args(["run", "-a", "wash", "--deck", "54", "--seed", "5", "--shuffles", "40000", "--no-timings"])
            .args(["--threads", threads, "--out"])
            .arg(dir.path().join(sub))
            .output()
            .unwrap();
    }
    for file in ["report.html", "position-card.svg", "summary.md", "summary.csv", "counts.csv"] {
        assert_eq!(read(&dir.path().join("a").join(file)), read(&dir.path().join("b").join(file)), "{file}");
    }
    // run.json records the requested --threads as a parameter; apart from it the two are equal.
    let json = |sub: &str| read(&dir.path().join(sub).join("run.json")).replace("\"threads\": 2", "\"threads\": 1");
    assert_eq!(json("a"), json("b"));
}

#[test]
fn sweep_follows_the_exact_expectation() {
    // wash on 10 cards, 0..30 swaps, 2^14 shuffles per point, chacha8 seed 11. The number of fixed points of one
    // shuffle lies in 0..=10, so its variance is at most 25 (Popoviciu) and the mean's standard error at most
    // 5/128 ≈ 0.039; the tolerance 0.25 is 6.4 standard errors: by the normal approximation a false failure
    // has probability below 1e-9 per point, 1e-8 for the seven points.
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["sweep", "--algorithm", "wash", "--deck", "10", "--swaps", "0..30:5", "--shuffles", "2^14"])
        .args(["--rng", "chacha8", "--seed", "11", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut r = csv::Reader::from_path(dir.path().join("sweep.csv")).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header.join(","),
        "algorithm,rng,deck,shuffles,seed,swaps,mean_fixed_points,expected_fixed_points,statistic,\
         expected_statistic,df,log10_p,verdict"
    );
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 7);
    for row in &rows {
        let (observed, expected): (f64, f64) = (row[6].parse().unwrap(), row[7].parse().unwrap());
        assert!((observed - expected).abs() < 0.25, "swaps {}: {observed} vs {expected}", &row[5]);
    }
    // No swaps: every card stays, exactly.
    assert_eq!((&rows[0][6], &rows[0][7]), ("10.000000", "10.000000"));
    let svg = read(&dir.path().join("sweep.svg"));
    assert!(svg.contains("½·n·ln n ≈ 12") && svg.contains("fair: 1") && svg.contains("fair: (n−1)² = 81"));
    assert!(read(&dir.path().join("report.html")).contains("<table>"));
}

#[test]
fn bad_report_and_sweep_arguments_exit_2_naming_the_flag() {
    for (args, flag) in [
        (vec!["run", "-a", "identity", "--lang", "fr"], "--lang"),
        (vec!["compare", "--lang", "de"], "--lang"),
        (vec!["sweep", "-a", "fisher-yates", "--swaps", "0..10"], "--algorithm"),
        (vec!["sweep", "-a", "wash", "--swaps", "10..5"], "--swaps"),
        (vec!["sweep", "-a", "wash", "--swaps", "0..5:0"], "--swaps"),
        (vec!["sweep", "-a", "wash", "--swaps", "0..99999"], "--swaps"),
        (vec!["sweep", "-a", "pair-swap", "--swaps", "x"], "--swaps"),
    ] {
        let o = bin().args(&args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(flag), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
