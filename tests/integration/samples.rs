//! `run --samples S`: a run split into samples of equal size as labs draw them, each tested, and the second level
//! in the run's family; its files (samples.csv, second_level.csv, run.json's `samples`) and every refusal.

use crate::common;

use std::path::Path;

fn rows(path: &Path) -> Vec<Vec<String>> {
    common::csv_rows(path).1
}

#[test]
fn a_built_in_run_in_samples_writes_each_sample_and_the_second_level() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fy");
    let o = common::run(&[
        "run",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg32",
        "--deck",
        "20",
        "--shuffles",
        "40000",
        "--samples",
        "8",
        "--seed",
        "11",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = common::stdout(&o);
    // Eight samples of a fair shuffle, the family at α = 1e-3: a false SUSPICIOUS has probability 1e-3 at most.
    assert_eq!(o.status.code(), Some(0), "{text}{}", common::stderr(&o));
    assert!(text.contains("samples: 8 of 5,000 shuffles"), "{text}");
    assert!(text.contains("second-level") && text.contains("samples: 8 of 8 tested, 5,000 decks each"), "{text}");
    let (header, samples) = common::csv_rows(&out.join("samples.csv"));
    assert_eq!(header.join(","), "sample,seed,first_deck,decks,test,statistic,df,p_value,pass_95,pass_99");
    let families: Vec<&Vec<String>> = samples.iter().filter(|r| r[4] == "family").collect();
    assert_eq!(families.len(), 8);
    for (k, r) in families.iter().enumerate() {
        assert_eq!(
            (r[0].as_str(), r[2].parse::<u64>().unwrap(), r[3].as_str()),
            (&*(k + 1).to_string(), 5000 * k as u64 + 1, "5000")
        );
    }
    // Sample 3 alone is `run --seed <its seed> --shuffles 5000`: the same position-card statistic.
    let third = samples.iter().find(|r| r[0] == "3" && r[4] == "position-card").unwrap().clone();
    let alone = dir.path().join("alone");
    let o = common::run(&[
        "run",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg32",
        "--deck",
        "20",
        "--shuffles",
        "5000",
        "--seed",
        &third[1],
        "--tests",
        "position",
        "--out",
        alone.to_str().unwrap(),
    ]);
    assert!(o.status.code().unwrap() <= 1, "{}", common::stderr(&o));
    let summary = rows(&alone.join("summary.csv"));
    let row = summary.iter().find(|r| r[5] == "position-card").unwrap();
    // summary.csv prints six decimals; samples.csv every digit.
    let (a, b) = (row[6].parse::<f64>().unwrap(), third[5].parse::<f64>().unwrap());
    assert!((a - b).abs() < 1e-6 * b, "{a} {b}");
    let (header, groups) = common::csv_rows(&out.join("second_level.csv"));
    assert_eq!(header.join(","), "test,form,samples,ks_d,ks_p,ad_a2,ad_p");
    assert!(groups.iter().any(|g| g[0] == "position-card" && g[1] == "upper" && g[2] == "8"), "{groups:?}");
    let json = common::run_json(&out);
    assert_eq!(json["samples"]["count"], 8);
    assert_eq!(json["samples"]["size"], 5000);
    assert_eq!(json["samples"]["samples"].as_array().unwrap().len(), 8);
    let tests = json["assessment"]["tests"].as_array().unwrap();
    assert!(tests.iter().any(|t| t["result"]["test"] == "second-level"), "{tests:?}");
}

#[test]
fn a_bias_each_sample_shows_a_little_of_fails_at_the_second_level() {
    // wash with 16 swaps of 20 cards is far from mixed: every sample of 300 decks sees it, so the samples' p-values
    // pile up near 0. The bias is certain to be found (p below 1e-30 in this run, fixed seed).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("wash");
    let o = common::run(&[
        "run",
        "-a",
        "wash",
        "--swaps",
        "16",
        "--rng",
        "pcg32",
        "--deck",
        "20",
        "--shuffles",
        "3000",
        "--samples",
        "10",
        "--seed",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stdout(&o));
    let summary = rows(&out.join("summary.csv"));
    let second = summary.iter().find(|r| r[5] == "second-level").expect("a second-level row");
    assert_eq!(second[10], "FAIL", "{second:?}");
    let samples = rows(&out.join("samples.csv"));
    assert!(samples.iter().filter(|r| r[4] == "position-card").all(|r| r[9] == "false"), "{samples:?}");
}

#[test]
fn a_file_of_decks_is_cut_into_samples_of_its_deck_lines() {
    let dir = tempfile::tempdir().unwrap();
    let decks = dir.path().join("decks.txt");
    let o = common::run(&[
        "shuffle",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg32",
        "--deck",
        "12",
        "--count",
        "600",
        "--seed",
        "4",
    ]);
    assert!(o.status.success());
    let mut text = String::from("# a comment and a blank line are not deck lines\n\n");
    text.push_str(&common::stdout(&o));
    std::fs::write(&decks, &text).unwrap();
    let out = dir.path().join("file");
    let o = common::run(&["run", "--decks", decks.to_str().unwrap(), "--samples", "6", "--out", out.to_str().unwrap()]);
    assert!(o.status.code().unwrap() <= 1, "{}", common::stderr(&o));
    let samples = rows(&out.join("samples.csv"));
    let families: Vec<&Vec<String>> = samples.iter().filter(|r| r[4] == "family").collect();
    assert_eq!(families.len(), 6);
    assert!(families.iter().all(|r| r[1].is_empty() && r[3] == "100"), "{families:?}");
    assert_eq!(families[5][2], "501");
    // Six files of 100 decks each give the same sample tests as the whole file's samples.
    let printed = common::stdout(&o);
    assert!(printed.contains("samples: 6 of 6 tested, 100 decks each"), "{printed}");
    let sixth = dir.path().join("sixth.txt");
    let deck_lines: Vec<&str> = text.lines().skip(2).collect();
    std::fs::write(&sixth, deck_lines[500..].join("\n")).unwrap();
    let alone = dir.path().join("alone");
    let o = common::run(&["run", "--decks", sixth.to_str().unwrap(), "--out", alone.to_str().unwrap()]);
    assert!(o.status.code().unwrap() <= 1);
    let whole = rows(&alone.join("summary.csv"));
    let stat = |rows: &[Vec<String>], test: &str, col: usize| {
        rows.iter().find(|r| r[col - 1] == test).map(|r| r[col].clone()).unwrap()
    };
    let in_sample: Vec<Vec<String>> = samples.iter().filter(|r| r[0] == "6").cloned().collect();
    let (a, b): (f64, f64) =
        (stat(&in_sample, "position-card", 5).parse().unwrap(), stat(&whole, "position-card", 6).parse().unwrap());
    assert!((a - b).abs() < 1e-6 * b, "{a} {b}");
}

#[test]
fn samples_are_refused_where_they_do_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.state");
    let decks = dir.path().join("d.txt");
    std::fs::write(&decks, "0 1 2 3\n3 2 1 0\n1 0 3 2\n").unwrap();
    let d = decks.to_str().unwrap();
    let base = ["run", "-a", "fisher-yates", "--shuffles", "1000"];
    for (extra, flag, why) in [
        (vec!["--samples", "7"], "--samples", "994 or 1001"),
        (vec!["--samples", "1"], "--samples", "2..="),
        (vec!["--samples", "0"], "--samples", "at least 1"),
        (vec!["--samples", "2", "--shard", "1/2"], "--shard", "--samples"),
        (vec!["--samples", "2", "--state-out", state.to_str().unwrap()], "--state-out", "--samples"),
    ] {
        let mut args: Vec<&str> = base.to_vec();
        args.extend(extra.iter().copied());
        common::assert_usage_error(&common::run(&args), flag, why);
    }
    // The whole run has the 7200 shuffles full-permutation needs for 6 cards (10 per order); a sample has not.
    let o = common::run(&[
        "run",
        "-a",
        "fisher-yates",
        "--deck",
        "6",
        "--shuffles",
        "10000",
        "--samples",
        "2",
        "--tests",
        "full-permutation",
    ]);
    common::assert_usage_error(&o, "--tests", "each of the 2 samples has 5000");
    let o = common::run(&["run", "-a", "fisher-yates", "--shuffles", "1000", "--state-out", state.to_str().unwrap()]);
    assert!(o.status.code().unwrap() <= 1, "{}", common::stderr(&o));
    for (args, flag, why) in [
        (vec!["run", "--exec", "true", "--samples", "2"], "--samples", "as a file"),
        (vec!["run", "--decks", "-", "--samples", "2"], "--samples", "as a file"),
        (vec!["run", "--decks", d, "--samples", "2"], "--samples", "3 deck lines do not split into 2"),
        (vec!["run", "-a", "wash", "--progressive", "--samples", "2"], "--progressive", "--samples"),
        (vec!["run", "--resume", state.to_str().unwrap(), "--samples", "2"], "--samples", "--resume"),
    ] {
        let o = common::run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", common::stderr(&o));
        let err = common::stderr(&o);
        assert!(err.contains(flag) && err.contains(why), "{args:?}: {err}");
    }
    // The second level is the run's, never a test to select.
    let o = common::run(&["run", "-a", "fisher-yates", "--shuffles", "1000", "--tests", "second-level"]);
    common::assert_usage_error(&o, "--tests", "--samples S adds it");
}

/// Tokens that mean a p-value (or any figure) left the log space and underflowed or overflowed on its way out.
const NOT_A_NUMBER: [&str; 5] = ["inf", "Inf", "infinity", "Infinity", "NaN"];

/// The words of `text` (runs of letters and digits) that are one of [`NOT_A_NUMBER`].
fn non_numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| NOT_A_NUMBER.contains(w)).map(str::to_string).collect()
}

#[test]
fn a_biased_shuffle_in_samples_prints_every_p_value_without_inf() {
    // Naive swap in 20 samples of 10,000 decks: every sample's position-by-card p is far below the smallest
    // double (about 10^-1000), which the second level, its KS and AD columns and every file must carry in logs.
    // lab.pdf is printed from lab.html by Chromium; without a browser here it is not written (exit 2, every other
    // file kept), and its text is the page's.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("naive");
    let o = common::bin()
        .args(["run", "-a", "naive-swap", "--shuffles", "200000", "--samples", "20", "--seed", "5", "--lab"])
        .arg("--out")
        .arg(&out)
        .env("CHROMIUM", "/nonexistent/chromium")
        .output()
        .unwrap();
    let console = format!("{}{}", common::text(&o.stdout), common::text(&o.stderr));
    assert!(matches!(o.status.code(), Some(1 | 2)), "{console}");
    assert!(console.contains("FAIL"), "{console}");
    assert!(non_numbers(&console).is_empty(), "{console}");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        let text = common::text(&std::fs::read(&path).unwrap());
        let bad = non_numbers(&text);
        assert!(bad.is_empty(), "{}: {bad:?}", path.display());
        names.push(path.file_name().unwrap().to_string_lossy().into_owned());
    }
    for name in ["run.json", "summary.csv", "samples.csv", "second_level.csv", "lab.html", "report.html"] {
        assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
    }
    // The second level is computed in logs: position-card's upper tail is far below the smallest double, in the
    // CSV (mantissa and exponent) and on the page (10^x), not floored at 10^-305 or 10^-307.7.
    let (_, rows) = common::csv_rows(&out.join("second_level.csv"));
    let row = rows.iter().find(|r| r[0] == "position-card" && r[1] == "upper").expect("position-card upper");
    let exponent: i64 = row[4].split('e').nth(1).unwrap().parse().unwrap();
    assert!(exponent < -400, "{row:?}");
    let html = common::read(&out.join("lab.html"));
    assert!(!html.contains("10^-305.0") && !html.contains("10^-307.7"), "a floored p on the page");
    // The sample p-values are in logs in run.json too.
    let json: serde_json::Value = serde_json::from_str(&common::read(&out.join("run.json"))).unwrap();
    let first = &json["samples"]["samples"][0];
    assert!(first["ln_p_family"].as_f64().unwrap() < -1000.0, "{first}");
    assert!(first["tests"][0]["ln_p"].as_f64().is_some(), "{first}");
}

/// A run of samples stopped part-way (here by `--timeout 4s`, during its first sample of 2^26 shuffles, some 17 s of
/// processor time; 4 s leave it time to count even when the other tests load the machine): the reports
/// test the decks counted, the sample cut short included, and the second level none; before, the reports held
/// "0 of 134,217,728 shuffles".
#[test]
fn a_run_of_samples_stopped_part_way_keeps_the_decks_it_counted() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stopped");
    let o = common::run(&[
        "run",
        "-a",
        "fisher-yates",
        "--shuffles",
        "2^27",
        "--samples",
        "2",
        "--timeout",
        "4s",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("after 0 of 2 samples") && err.contains("of 134,217,728 shuffles"), "{err}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    let counted = json["incomplete"]["counted"].as_u64().unwrap_or_else(|| panic!("{json}"));
    assert!(counted > 0 && counted < 1 << 26, "{counted}");
    assert_eq!(json["shuffles_done"].as_u64(), Some(counted), "{json}");
}
