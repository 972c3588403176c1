//! The binary as a user meets it: `list`, `shuffle` with its faults and card names, and one-line errors for
//! bad arguments.

use std::time::{Duration, Instant};

use shuffle_audit::cards::{Card, parse_card};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::AlgorithmKind;

use crate::common;
use common::{assert_usage_error, run, stderr, stdout};

/// The section of `list` output that follows the header line starting with `title`.
fn section<'a>(text: &'a str, title: &str) -> Vec<&'a str> {
    text.lines().skip_while(|l| !l.starts_with(title)).skip(1).take_while(|l| !l.trim().is_empty()).collect()
}

#[test]
fn list_names_every_algorithm_generator_and_preset() {
    let out = run(&["list"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);

    let algorithms = section(&text, "Algorithms:");
    assert_eq!(algorithms.len(), AlgorithmKind::ALL.len());
    for kind in AlgorithmKind::ALL {
        assert!(
            algorithms.iter().any(|l| l.split_whitespace().next() == Some(kind.name())),
            "list does not show algorithm {kind}:\n{text}"
        );
    }

    let generators = section(&text, "Generators:");
    assert_eq!(generators.len(), RngKind::ALL.len());
    for kind in RngKind::ALL {
        let line = generators
            .iter()
            .find(|l| l.split_whitespace().next() == Some(kind.name()))
            .unwrap_or_else(|| panic!("list does not show generator {kind}:\n{text}"));
        assert!(line.contains(&format!("{} bits", kind.bits())), "{kind}: width missing in '{line}'");
    }
    let widths: Vec<u32> = RngKind::ALL.iter().map(|k| k.bits()).collect();
    assert_eq!(widths, [15, 31, 32, 32, 32, 32, 32, 32, 31, 32, 32, 32, 32, 32, 32, 32, 32, 32]);

    let presets = section(&text, "Deck presets");
    let sizes: Vec<&str> = presets.iter().filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(sizes, ["52", "54"]);

    let machines = section(&text, "Machines");
    let names: Vec<&str> = machines.iter().map(|l| l.split("  ").nth(1).unwrap_or("").trim()).collect();
    assert_eq!(names, ["csm", "csm --machine ideal"], "{text}");
    assert!(machines[0].contains("--compartments M (38)"), "{text}");
}

#[test]
fn reject_retry_stops_quickly_and_explains_why() {
    let started = Instant::now();
    let out = run(&["shuffle", "--algorithm", "reject-retry", "--rng", "glibc", "--seed", "1", "--deck", "54"]);
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}: the retry cap must stop the loop");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].ends_with('-'), "{}", lines[0]);
    assert_eq!(lines[0].split(' ').count(), 54);
    assert_eq!(lines[0].split(' ').filter(|c| *c == "-").count(), 1);
    let err = stderr(&out);
    assert!(err.contains("does not terminate"), "{err}");
    assert!(err.contains("53"), "{err}");
}

#[test]
fn the_card_that_finds_no_slot_is_counted_in_english_ordinals() {
    // reject-retry with glibc gets stuck on the deck's last card: the 52nd, the 53rd, the 54th, the 12th.
    for (deck, ordinal) in [
        ("52", "the 52nd to place"),
        ("53", "the 53rd to place"),
        ("54", "the 54th to place"),
        ("12", "the 12th to place"),
    ] {
        let out = run(&["shuffle", "--algorithm", "reject-retry", "--rng", "glibc", "--seed", "1", "--deck", deck]);
        let err = stderr(&out);
        assert!(err.contains(ordinal), "--deck {deck}: {err}");
    }
}

#[test]
fn direct_draw_prints_its_decks_and_warns() {
    let out = run(&[
        "shuffle",
        "--algorithm",
        "direct-draw",
        "--rng",
        "glibc",
        "--seed",
        "1",
        "--deck",
        "52",
        "--count",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    for line in text.lines() {
        assert_eq!(line.split(' ').count(), 52, "{line}");
    }
    let err = stderr(&out);
    assert!(err.contains("not a permutation"), "{err}");
}

/// The same stream printed as ids and as names.
fn ids_and_names(n: usize, seed: &str) -> (Vec<Card>, Vec<String>) {
    let deck = n.to_string();
    let base = ["shuffle", "--algorithm", "fisher-yates", "--rng", "pcg32", "--seed", seed, "--deck", &deck];
    let plain = run(&base);
    assert!(plain.status.success());
    let ids = stdout(&plain).split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut with_names = base.to_vec();
    with_names.push("--names");
    let named = run(&with_names);
    assert!(named.status.success());
    let names = stdout(&named).split_whitespace().map(str::to_string).collect();
    (ids, names)
}

#[test]
fn card_names_round_trip_through_the_parser() {
    for n in [52usize, 54] {
        let (ids, names) = ids_and_names(n, "11");
        assert_eq!(names.len(), n);
        let parsed: Vec<Card> =
            names.iter().map(|name| parse_card(name, n).unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
        assert_eq!(parsed, ids, "{n} cards");
        let mut sorted = parsed.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n as Card).collect::<Vec<_>>());
        if n == 52 {
            assert!(names.iter().any(|s| s == "♠A"), "{names:?}");
            assert!(names.iter().any(|s| s == "♥10"), "{names:?}");
        } else {
            assert!(names.iter().any(|s| s == "小王"), "{names:?}");
            assert!(names.iter().any(|s| s == "大王"), "{names:?}");
        }
    }
}

/// Runs `shuffle` with `extra` arguments and checks the error: exit status 2 and exactly one non-empty line
/// on stderr that names `flag`.
fn rejects(extra: &[&str], flag: &str) {
    let mut args = vec!["shuffle"];
    if !extra.contains(&"--algorithm") {
        args.extend(["--algorithm", "fisher-yates"]);
    }
    args.extend(extra);
    assert_usage_error(&run(&args), flag, &format!("{args:?}"));
}

#[test]
fn unknown_algorithm_is_one_line_naming_the_flag() {
    rejects(&["--algorithm", "bogus"], "--algorithm");
}

#[test]
fn unknown_generator_is_one_line_naming_the_flag() {
    rejects(&["--rng", "foo"], "--rng");
}

#[test]
fn deck_sizes_outside_2_to_1024_are_rejected() {
    rejects(&["--deck", "1"], "--deck");
    rejects(&["--deck", "5000"], "--deck");
}

#[test]
fn zero_count_is_rejected() {
    rejects(&["--count", "0"], "--count");
}

#[test]
fn negative_swaps_are_rejected() {
    rejects(&["--algorithm", "wash", "--swaps", "-3"], "--swaps");
}

#[test]
fn malformed_and_negative_seeds_are_rejected() {
    rejects(&["--seed", "abc"], "--seed");
    rejects(&["--seed", "-5"], "--seed");
}

#[test]
fn c_generator_seeds_must_fit_in_32_bits() {
    rejects(&["--rng", "msvc", "--seed", "4294967296"], "--seed");
    rejects(&["--rng", "glibc", "--seed", "4294967296"], "--seed");
    let out = run(&["shuffle", "--algorithm", "fisher-yates", "--rng", "msvc", "--seed", "4294967295"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// The seed `shuffle` reports on stderr when it drew one itself.
fn reported_seed(err: &str) -> u64 {
    let rest =
        err.lines().find_map(|l| l.strip_prefix("seed: ")).unwrap_or_else(|| panic!("no seed on stderr:\n{err}"));
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn an_unseeded_shuffle_prints_a_seed_that_repeats_it() {
    for rng in ["chacha8", "msvc", "glibc"] {
        let args = ["shuffle", "--algorithm", "fisher-yates", "--rng", rng, "--count", "2"];
        let first = run(&args);
        assert!(first.status.success());
        let seed = reported_seed(&stderr(&first));
        if rng != "chacha8" {
            assert!(seed <= u64::from(u32::MAX), "{rng}: seed {seed} too big for srand");
        }
        let seed = seed.to_string();
        let mut again = args.to_vec();
        again.extend(["--seed", &seed]);
        let second = run(&again);
        assert!(second.status.success());
        assert_eq!(stdout(&second), stdout(&first), "{rng} seed {seed}");
        assert_eq!(stdout(&first).lines().count(), 2);
        assert!(stderr(&second).is_empty(), "a seeded run prints no seed: {}", stderr(&second));
    }
}
