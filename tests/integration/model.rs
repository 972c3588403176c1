//! One audit model: every option means the same for every deck source, or is refused. Each test is a case that
//! went wrong before the run model was one type (a deck source, validated once, with tests as values).

use std::path::Path;

use crate::common;
use common::{assert_usage_error, bin, csv_rows, read, run, run_json, stdout};

/// `count` decks of `n` cards, each the rotation of `0..n` by its index (valid permutations; these tests are
/// about which tests run and what the reports say, not about bias).
fn rotations(n: usize, count: usize) -> String {
    (0..count).map(|k| (0..n).map(|i| ((i + k) % n).to_string()).collect::<Vec<_>>().join(" ") + "\n").collect()
}

fn write_decks(dir: &Path, n: usize, count: usize) -> String {
    let path = dir.join("deals.txt");
    std::fs::write(&path, rotations(n, count)).unwrap();
    path.display().to_string()
}

/// The `test` column of a run's summary.csv, without the `overall` row.
fn tests_of(dir: &Path) -> Vec<String> {
    let (header, rows) = csv_rows(&dir.join("summary.csv"));
    let col = header.iter().position(|h| h == "test").unwrap();
    rows.iter().map(|r| r[col].clone()).filter(|t| t != "overall").collect()
}

#[test]
fn tests_select_the_same_way_for_decks_made_elsewhere() {
    let tmp = tempfile::tempdir().unwrap();
    let decks = write_decks(tmp.path(), 52, 300);
    let out = tmp.path().join("out");
    let o = bin().args(["run", "--decks", &decks, "--tests", "parity", "--out"]).arg(&out).output().unwrap();
    assert!(o.status.code().is_some_and(|c| c <= 1), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(tests_of(&out), ["parity"]);
    assert_eq!(run_json(&out)["config"]["tests"], "parity");
}

#[test]
fn options_that_do_not_apply_to_decks_made_elsewhere_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let decks = write_decks(tmp.path(), 52, 10);
    for (extra, flag) in [
        (vec!["--seed", "3"], "--seed"),
        (vec!["--rng", "msvc"], "--rng"),
        (vec!["--swaps", "5"], "--swaps"),
        (vec!["--draw", "batched"], "--draw"),
        (vec!["--cut"], "--cut"),
        (vec!["--burn", "6"], "--burn"),
        (vec!["--threads", "2"], "--threads"),
        (vec!["--shuffles", "100"], "--shuffles"),
        (vec!["-a", "wash"], "--algorithm"),
    ] {
        let mut args = vec!["run", "--decks", &decks];
        args.extend(&extra);
        assert_usage_error(&run(&args), flag, &format!("{extra:?}"));
    }
    // A built-in shuffle has no input format.
    assert_usage_error(&run(&["run", "-a", "wash", "--strict"]), "--strict", "--strict");
    assert_usage_error(&run(&["run", "-a", "fisher-yates", "--swaps", "5"]), "--swaps", "--swaps on fisher-yates");
}

#[test]
fn a_deal_must_fit_the_deck_whatever_the_source() {
    // 7 × 17 + 3 cards do not fit in 54: refused before the producer even starts.
    let o = run(&["run", "--exec", "python3 -c 'print(1)'", "--game", "doudizhu", "--players", "7"]);
    assert_usage_error(&o, "--hand: 7 players × 17 cards + 3 bottom = 122 cards", "7 players");
    let o = run(&["run", "--decks", "x.txt", "--game", "doudizhu", "--deck", "52"]);
    assert_usage_error(&o, "--deck", "doudizhu with 52 cards");
}

#[test]
fn a_deal_of_decks_made_elsewhere_adds_the_seat_and_table_tests() {
    let tmp = tempfile::tempdir().unwrap();
    let decks = write_decks(tmp.path(), 54, 200);
    let out = tmp.path().join("out");
    bin().args(["run", "--decks", &decks, "--game", "doudizhu", "--out"]).arg(&out).output().unwrap();
    let tests = tests_of(&out);
    for t in ["position-card", "bottom-joker", "rocket-seat", "seat-card"] {
        assert!(tests.iter().any(|x| x == t), "{t} missing from {tests:?}");
    }
    assert!(read(&out.join("seat_counts.csv")).starts_with("group,"));
}

#[test]
fn progressive_mode_looks_at_the_decks_as_they_are_read() {
    // Rotations are far from uniform: the first look (2^10 decks) already FAILs, and reading stops there.
    let tmp = tempfile::tempdir().unwrap();
    let decks = write_decks(tmp.path(), 52, 5000);
    let out = tmp.path().join("out");
    let o = bin().args(["run", "--decks", &decks, "--progressive", "--out"]).arg(&out).output().unwrap();
    let text = stdout(&o);
    assert!(text.contains("look at     2^10 decks") && text.contains("FAIL"), "{text}");
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert_eq!(run_json(&out)["shuffles_done"], 1024);
}

#[test]
fn reports_of_decks_made_elsewhere_name_their_source_and_how_to_repeat_it() {
    let tmp = tempfile::tempdir().unwrap();
    let decks = write_decks(tmp.path(), 52, 200);
    let out = tmp.path().join("out");
    bin().args(["run", "--decks", &decks, "--out"]).arg(&out).output().unwrap();
    let html = read(&out.join("report.html"));
    assert!(!html.contains("chacha8") && !html.contains("seed 0"), "the page names a generator it never used");
    assert!(html.contains(&format!("shuffle-audit run --decks {decks} --deck 52")), "no reproduce command");
    let config = run_json(&out)["config"].clone();
    for key in ["algorithm", "rng", "seed", "post", "threads"] {
        assert!(config.get(key).is_none(), "run.json's config has {key}: {config}");
    }
    assert_eq!(config["external"]["decks"], decks);
}

#[test]
fn a_gate_check_that_applies_no_test_is_a_configuration_error() {
    // 8 cards, full-permutation only, 1000 decks: the test needs 10 · 8! = 403200, so no test applies.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("same.txt"), "0 1 2 3 4 5 6 7\n".repeat(1000)).unwrap();
    let config = tmp.path().join("gate.toml");
    std::fs::write(
        &config,
        "[[check]]\nname = \"unshuffled\"\ndecks = \"same.txt\"\ndeck = 8\ntests = [\"full-permutation\"]\n",
    )
    .unwrap();
    let o = bin().args(["gate", "--config"]).arg(&config).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("line 5") && err.contains("full-permutation") && err.contains("403200"), "{err}");
    // The same request to `run` is refused the same way.
    let o = bin().args(["run", "--decks", "same.txt", "--tests", "full-permutation"]).current_dir(tmp.path()).output();
    assert_eq!(o.unwrap().status.code(), Some(2));
}

#[test]
fn compare_writes_beside_the_build_so_the_checkout_stays_clean() {
    let help = stdout(&run(&["compare", "--help"]));
    assert!(help.contains("[default: target/compare]"), "{help}");
    let ignored = read(&common::repo().join(".gitignore"));
    assert!(ignored.lines().any(|l| l == "/target"), "{ignored}");
}

#[test]
fn summary_csv_has_the_algorithm_alone_and_its_variant_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    bin()
        .args(["run", "-a", "wash", "--swaps", "54", "--game", "doudizhu", "--order", "rank", "--shuffles", "2000"])
        .args(["--seed", "1", "--no-timings", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let (header, rows) = csv_rows(&out.join("summary.csv"));
    assert_eq!(header.last().map(String::as_str), Some("variant"));
    assert!(rows.iter().all(|r| r[0] == "wash" && r[12] == "--swaps 54 --game doudizhu --order rank"), "{rows:?}");
    let json = run_json(&out);
    assert!(json.get("threads").is_none() && json["config"].get("threads").is_none(), "--no-timings keeps threads");
}

#[test]
fn a_negative_threshold_is_reported_naming_its_flag() {
    assert_usage_error(&run(&["run", "-a", "fisher-yates", "--fail-below", "-1"]), "--fail-below", "-1");
}

#[test]
fn the_console_table_keeps_its_columns() {
    // Test names are values now; printed in a table they must pad like the strings they were. The seed is
    // fixed; a fair shuffle gets a non-PASS row (SUSPICIOUS) with probability at most 1e-3, which would only
    // lower the count of rows checked.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = bin().args(["run", "-a", "fisher-yates", "--shuffles", "3000", "--seed", "1", "--out"]).arg(&out).output();
    let text = stdout(&o.unwrap());
    let header = text.lines().find(|l| l.trim_start().starts_with("test ")).expect("a table header");
    let at = header.find("verdict").unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  ") && l.contains(" PASS")).collect();
    assert!(rows.len() >= 10, "{text}");
    for row in rows {
        assert_eq!(row.find("PASS"), Some(at), "misaligned row:\n{header}\n{row}");
    }
}
