//! The cause a failed run's headline names, and the catalogue loop its counts look like, checked end to end on
//! the cases that trigger each sentence and on controls that must not: no card moved (identity), every deck
//! one cycle (Sattolo), a dealer with a handful of possible decks, the same repeats on a biased shuffle, and a
//! naive-swap-off-by-one written in Python and read through `--exec`.
//!
//! The Python test needs `python3` (CI has it); without it, it fails with a message saying so.

use std::path::Path;
use std::process::Output;

use crate::common;
use common::{bin, run_json, text};

fn audit(args: &[&str], out: &Path) -> (Output, serde_json::Value) {
    let o = bin().arg("run").args(args).arg("--no-timings").arg("--out").arg(out).output().unwrap();
    let j = run_json(out);
    (o, j)
}

#[test]
fn identity_says_no_card_moved() {
    // Deterministic: every deck is 0..n, so the fixed-points histogram has one value, n.
    let tmp = tempfile::tempdir().unwrap();
    let (o, j) = audit(&["-a", "identity", "--shuffles", "2000", "--seed", "1"], tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let headline = j["headline"].as_str().unwrap();
    assert!(headline.starts_with("no card ever moves"), "{headline}");
    assert!(headline.contains("the other failures follow from this"), "{headline}");
    assert_eq!(j["cause"]["kind"], "no-card-moves");
    assert!(text(&o.stdout).contains("No card ever moves: every one of the 2,000 decks is in its starting order"));
}

#[test]
fn sattolo_is_named_by_its_single_cycles() {
    // Deterministic for the cause: every Sattolo deck is one 52-cycle. The looks-like: at 20,000 decks its own
    // exact matrix fits with probability 0.999 (p ≥ 1e-3), and every other candidate puts mass on the diagonal,
    // which the decks never fill (an impossible cell for none of them but a certain one for Sattolo's rivals:
    // each expects hundreds of counts on the diagonal).
    let tmp = tempfile::tempdir().unwrap();
    let (o, j) = audit(&["-a", "sattolo", "--shuffles", "20000", "--seed", "3"], tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let headline = j["headline"].as_str().unwrap();
    assert!(headline.starts_with("every deck is one cycle of all 52 cards"), "{headline}");
    assert!(headline.contains("Sattolo"), "{headline}");
    assert_eq!(j["cause"]["kind"], "one-cycle");
    assert_eq!(j["cause"]["follows"], serde_json::json!(["parity", "fixed-points"]));
    assert_eq!(j["looks_like"]["algorithm"], "sattolo", "{}", text(&o.stdout));
    // The test-level sentences no longer say the cards do not move enough.
    let fixed = j["assessment"]["tests"].as_array().unwrap().iter().find(|t| t["result"]["test"] == "fixed-points");
    let explanation = fixed.unwrap()["result"]["explanation"].as_str().unwrap();
    assert!(explanation.starts_with("No card ever stays where it started"), "{explanation}");
}

#[test]
fn a_dealer_with_eight_possible_decks_leads_with_its_repeats() {
    // Deterministic: 8 seeds give at most 8 decks, so 200,000 decks repeat each about 25,000 times and every
    // other failure (the seats' too) is the repeats' (the position-card statistic over the design effect is
    // that of 8 fair decks).
    let tmp = tempfile::tempdir().unwrap();
    let args = ["-a", "fisher-yates", "--rng", "msvc", "--seeding", "per-deal", "--seed-space", "8"];
    let (o, j) =
        audit(&[&args[..], &["--game", "doudizhu", "--shuffles", "200000", "--seed", "1"]].concat(), tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let headline = j["headline"].as_str().unwrap();
    assert!(headline.starts_with("duplicate-decks: "), "{headline}");
    assert!(headline.contains("about 2^3.0 possible decks (the other failures follow from this)"), "{headline}");
    assert_eq!(j["cause"]["kind"], "few-decks");
    assert!(j["cause"]["follows"].as_array().unwrap().iter().any(|t| t == "big-cards-seat"));
}

#[test]
fn repeats_of_a_biased_shuffle_do_not_hide_its_bias() {
    // Control: pair-swap reseeded from 4096 seeds. The repeats lead (a real finding), but the position-card
    // statistic is far beyond what 4096 fair decks repeated 24 times give, so nothing is said to follow and the
    // strongest other failure is named beside them.
    let tmp = tempfile::tempdir().unwrap();
    let args = ["-a", "pair-swap", "--seeding", "per-deal", "--seed-space", "4096", "--shuffles", "100000"];
    let (o, j) = audit(&[&args[..], &["--seed", "1"]].concat(), tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let headline = j["headline"].as_str().unwrap();
    assert!(headline.starts_with("duplicate-decks: ") && headline.contains("; "), "{headline}");
    assert!(!headline.contains("follow"), "{headline}");
    assert_eq!(j["cause"]["follows"], serde_json::json!([]));
    assert!(j["cause"]["also"].is_string());
}

#[test]
fn a_fair_shuffle_has_no_cause_and_looks_like_nothing() {
    // Control: 20,000 Fisher-Yates decks PASS with probability 1 - 1e-3.
    let tmp = tempfile::tempdir().unwrap();
    let (o, j) = audit(&["-a", "fisher-yates", "--shuffles", "20000", "--seed", "5"], tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(j.get("cause").is_none() && j.get("looks_like").is_none(), "{j}");
}

const OFF_BY_ONE: &str = r#"
import random, sys
# The 1999 online-poker shuffle: each card swapped with one of the first n-1 places.
n, decks, rng = 52, int(sys.argv[1]), random.Random(int(sys.argv[2]))
out = sys.stdout
for _ in range(decks):
    d = list(range(n))
    for i in range(n):
        j = rng.randrange(n - 1)
        d[i], d[j] = d[j], d[i]
    out.write(" ".join(map(str, d)) + "\n")
"#;

#[test]
fn an_off_by_one_loop_in_python_looks_like_naive_swap_off_by_one() {
    // 40,000 decks from Python's Mersenne Twister (seed 11; random.Random and randrange are stable since
    // Python 3.2). Its own exact matrix fits with probability 0.999 (p ≥ 1e-3); naive-swap, the closest other,
    // expects about 40,000/52·0.37 ≈ 280 decks with the last card last where the loop makes none, and every other
    // candidate is farther still.
    let ok = std::process::Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(ok, "python3 is required by this test (CI has it): install it, it is not optional");
    let tmp = tempfile::tempdir().unwrap();
    let prog = tmp.path().join("off_by_one.py");
    std::fs::write(&prog, OFF_BY_ONE).unwrap();
    let cmd = format!("python3 {} 40000 11", prog.display());
    let out = tmp.path().join("out");
    let (o, j) = audit(&["--exec", &cmd, "--lang", "zh"], &out);
    assert_eq!(o.status.code(), Some(1), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(j["looks_like"]["algorithm"], "naive-swap-off-by-one", "{}", text(&o.stdout));
    let sentence = j["looks_like"]["sentence"].as_str().unwrap();
    assert!(sentence.starts_with("Looks like naive-swap-off-by-one ("), "{sentence}");
    assert!(sentence.contains("the last card can never stay last"), "{sentence}");
    let best = &j["looks_like"];
    assert!(best["distance"].as_f64().unwrap() < 1.5 * best["noise"].as_f64().unwrap(), "{best}");
    // The page is in Chinese.
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("看起来像 naive-swap-off-by-one"), "no Chinese looks-like line");
}
