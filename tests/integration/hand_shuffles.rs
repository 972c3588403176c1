//! The hand shuffles and the random-comparator sort from the command line: their repetition flags (each refused
//! with another algorithm), `exact --algorithm riffle --table` and its riffle.csv, and the riffle curve in
//! report.html.

use crate::common;
use common::{assert_usage_error, csv_rows, read, run, stdout};

#[test]
fn riffle_table_is_printed_and_written() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(&["exact", "--algorithm", "riffle", "--table", "--out", tmp.path().to_str().unwrap()]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("        7            0.334       1.000"), "{text}");
    let (header, rows) = csv_rows(&tmp.path().join("riffle.csv"));
    assert_eq!(header, ["riffles", "total_variation", "separation"]);
    assert_eq!(rows.len(), 12);
    let tv: Vec<f64> = rows.iter().map(|r| r[1].parse().unwrap()).collect();
    let published = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043];
    for (k, (got, want)) in tv.iter().zip(published).enumerate() {
        assert!((got - want).abs() < 5e-4, "k = {}: {got}", k + 1);
    }
}

#[test]
fn riffle_table_refuses_what_does_not_apply() {
    assert_usage_error(&run(&["exact", "--algorithm", "wash", "--table"]), "--table", "--table with wash");
    assert_usage_error(&run(&["exact", "--algorithm", "riffle", "--table", "--game", "douniu"]), "--game", "game");
    assert_usage_error(&run(&["exact", "--game", "douniu", "--table"]), "--table", "--table with a game");
    assert_usage_error(&run(&["exact", "--algorithm", "riffle", "--table", "--deck", "1"]), "--deck", "deck");
}

#[test]
fn repetition_flags_apply_to_their_own_shuffle_only() {
    for (flag, wrong) in [("--riffles", "fisher-yates"), ("--passes", "riffle"), ("--moves", "overhand")] {
        let out = run(&["run", "--algorithm", wrong, flag, "3", "--shuffles", "10"]);
        assert_usage_error(&out, flag, &format!("{flag} with {wrong}"));
        let out = run(&["shuffle", "--algorithm", wrong, flag, "3"]);
        assert_usage_error(&out, flag, &format!("shuffle {flag} with {wrong}"));
    }
    assert_usage_error(&run(&["run", "--algorithm", "riffle", "--swaps", "3"]), "--swaps", "--swaps with riffle");
    let out = run(&["run", "--algorithm", "riffle", "--riffles", "2000000", "--shuffles", "10"]);
    assert_usage_error(&out, "--riffles", "too many riffles");
}

#[test]
fn every_new_shuffle_prints_a_permutation_reproducibly() {
    for (alg, extra) in [("riffle", "--riffles"), ("overhand", "--passes"), ("top-to-random", "--moves")] {
        for rng in ["msvc", "glibc", "chacha8", "pcg64"] {
            let args = ["shuffle", "--algorithm", alg, extra, "5", "--rng", rng, "--seed", "9", "--deck", "20"];
            let a = stdout(&run(&args));
            assert_eq!(a, stdout(&run(&args)), "{alg} / {rng} reproduces");
            let mut cards: Vec<u32> = a.split_whitespace().map(|c| c.parse().unwrap()).collect();
            cards.sort_unstable();
            assert_eq!(cards, (0..20).collect::<Vec<_>>(), "{alg} / {rng}: {a}");
        }
    }
    let a = stdout(&run(&["shuffle", "--algorithm", "sort-random-comparator", "--rng", "msvc", "--seed", "9"]));
    assert_eq!(a.split_whitespace().count(), 52);
}

#[test]
fn a_riffle_run_fails_on_rising_sequences_and_shows_the_curve() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let out =
        run(&["run", "--algorithm", "riffle", "--riffles", "4", "--shuffles", "4096", "--seed", "1", "--out", dir]);
    assert_eq!(out.status.code(), Some(1), "FAIL exits 1");
    let text = stdout(&out);
    assert!(text.contains("riffle --riffles 4 / chacha8"), "{text}");
    let html = read(&tmp.path().join("report.html"));
    assert!(html.contains("How many riffles?") && html.contains("this run: 4"));
    let json = common::run_json(tmp.path());
    assert_eq!(json["algorithm_label"], "riffle --riffles 4");
}

#[test]
fn the_machines_flags_apply_to_their_own_machine_only_and_in_range() {
    for (flag, value, wrong) in [
        ("--shelves", "3", "riffle"),
        ("--piles", "3", "shelf"),
        ("--pile-order", "random", "faro"),
        ("--faro", "in", "overhand"),
        ("--passes", "2", "pile"),
    ] {
        for cmd in ["run", "exact"] {
            let out = run(&[cmd, "--algorithm", wrong, flag, value]);
            assert_usage_error(&out, flag, &format!("{cmd} {flag} with {wrong}"));
        }
    }
    for (args, flag) in [
        (&["--algorithm", "shelf", "--shelves", "0"][..], "--shelves"),
        (&["--algorithm", "shelf", "--passes", "0"][..], "--passes"),
        (&["--algorithm", "pile", "--piles", "53"][..], "--piles"),
        (&["--algorithm", "pile", "--deck", "5"][..], "--piles"),
        (&["--algorithm", "faro", "--faro", "sideways"][..], "--faro"),
    ] {
        let out = run(&[&["run"][..], args].concat());
        assert_usage_error(&out, flag, &format!("run {args:?}"));
    }
}

#[test]
fn the_machines_shuffle_reproducibly_and_the_deterministic_ones_fail() {
    for args in [
        &["--algorithm", "shelf", "--shelves", "4", "--passes", "2"][..],
        &["--algorithm", "pile", "--pile-order", "random"],
    ] {
        let a = stdout(&run(&[&["shuffle", "--rng", "msvc", "--seed", "3"][..], args].concat()));
        assert_eq!(a, stdout(&run(&[&["shuffle", "--rng", "msvc", "--seed", "3"][..], args].concat())));
        let mut cards: Vec<u32> = a.split_whitespace().map(|c| c.parse().unwrap()).collect();
        cards.sort_unstable();
        assert_eq!(cards, (0..52).collect::<Vec<_>>(), "{args:?}: {a}");
    }
    // 8 perfect out-shuffles of 52 cards are the identity.
    let identity: Vec<String> = (0..52).map(|c| c.to_string()).collect();
    let faro = stdout(&run(&["shuffle", "--algorithm", "faro", "--passes", "8"]));
    assert_eq!(faro.split_whitespace().collect::<Vec<_>>(), identity);
    let tmp = tempfile::tempdir().unwrap();
    let out = run(&["run", "-a", "faro", "--passes", "8", "--shuffles", "100", "--out", tmp.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    // One shelf pass: 2,000 decks fail by turning-points (about 9.4 valleys per deck instead of 16.67: the
    // statistic is thousands of standard deviations out, so this never passes by chance), and the label names it.
    let out = run(&["run", "-a", "shelf", "--shuffles", "2000", "--seed", "1", "--out", tmp.path().to_str().unwrap()]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.lines().any(|l| l.contains("turning-points") && l.ends_with("FAIL")), "{text}");
    assert!(text.contains("valleys"), "{text}");
}
