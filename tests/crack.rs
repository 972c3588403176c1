//! `crack` and `seeds` through the binary: the seed of S1's dealer recovered from one player's hand of a deal
//! printed by the C program itself (tests/golden/s1-deal.*.txt), the JSON contract, and bad input.

use std::path::Path;

use assert_cmd::Command;

fn bin() -> Command {
    Command::cargo_bin("shuffle-audit").unwrap()
}

/// The hands of a golden S1 deal, and the seed in its header.
fn s1_deal(rng: &str) -> (u64, Vec<Vec<u16>>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/s1-deal.{rng}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    let seed = text.split("srand(").nth(1).unwrap().split(')').next().unwrap().parse().unwrap();
    let hands = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('|').unwrap().1.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    (seed, hands)
}

fn crack_json(args: &[&str]) -> serde_json::Value {
    let out = bin().arg("crack").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_seed_of_s1s_c_dealer_is_recovered_from_one_hand() {
    for rng in ["glibc", "msvc"] {
        let (seed, hands) = s1_deal(rng);
        let cards: Vec<String> = hands[0].iter().map(u16::to_string).collect();
        // The deal happened within an hour of 12:00 UTC; the true time is 12:20:34.
        let json = crack_json(&[
            "--algorithm",
            "fisher-yates",
            "--rng",
            rng,
            "--game",
            "douniu",
            "--players",
            "5",
            "--seat",
            "1",
            "--cards",
            &cards.join(" "),
            "--time",
            "2026-12-01T12:00:00Z",
            "--window",
            "1h",
        ]);
        assert_eq!(json["space"], 7201);
        assert_eq!(json["searched"], 7201);
        let candidates = json["candidates"].as_array().unwrap();
        assert_eq!(candidates.len(), 1, "{rng}: {json}");
        assert_eq!(candidates[0]["seed"], seed);
        let seats: Vec<Vec<u16>> = serde_json::from_value(candidates[0]["deal"]["seats"].clone()).unwrap();
        assert_eq!(seats, hands, "{rng}: every hand predicted");
        assert_eq!(candidates[0]["deal"]["bottom"], serde_json::json!([]));
        let bits = json["information_bits"].as_f64().unwrap();
        assert!((bits - 21.31).abs() < 0.01, "{bits}");
    }
}

#[test]
fn an_msvc_seed_and_its_twin_deal_alike() {
    // srand(s) and srand(s + 2^31) give one stream: the deal of seed s is found at s + 2^31.
    let (seed, hands) = s1_deal("msvc");
    let cards: Vec<String> = hands[2].iter().map(u16::to_string).collect();
    let twin = seed + (1 << 31);
    let range = format!("{}..{}", twin - 1000, twin + 1000);
    let json = crack_json(&[
        "--algorithm",
        "fisher-yates",
        "--rng",
        "msvc",
        "--game",
        "douniu",
        "--seat",
        "3",
        "--cards",
        &cards.join(","),
        "--seeds",
        &range,
    ]);
    let c = &json["candidates"].as_array().unwrap()[0];
    assert_eq!(c["seed"], twin);
    assert_eq!(c["equivalent_seeds"], serde_json::json!([twin]));
}

#[test]
fn text_output_leads_with_the_budget_and_names_the_hands() {
    let (_, hands) = s1_deal("glibc");
    let names = ["♠", "♥", "♣", "♦"];
    let rank = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let cards: Vec<String> =
        hands[0].iter().map(|&c| format!("{}{}", names[c as usize / 13], rank[c as usize % 13])).collect();
    let out = bin()
        .args(["crack", "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu", "--seat", "1"])
        .args(["--cards", &cards.join(" "), "--time", "1796127600", "--window", "30m"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("seed space: srand(seed) with seed = time(NULL)"), "{text}");
    assert!(lines[4].starts_with("information: the view gives 21.3 bits against 11.8 bits"), "{text}");
    assert!(text.contains("1 candidate:\n  seed 1796127634 (time(NULL) = 2026-12-01T12:20:34Z)"), "{text}");
    assert!(text.contains("searched 3,601 seeds in "), "{text}");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let base = ["crack", "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu"];
    let cases: &[(&[&str], &str)] = &[
        (&["--seat", "1", "--cards", "0 1 52", "--all-seeds"], "--cards: card id 52 is not in a 52-card deck"),
        (&["--seat", "1", "--cards", "SA 2 sa", "--all-seeds"], "--cards: unknown card name '2'"),
        (&["--seat", "1", "--cards", "SA HA sa", "--all-seeds"], "--cards: ♠A (id 0) is given twice"),
        (&["--seat", "1", "--cards", "0 1 2 3 4 5", "--all-seeds"], "--cards: 6 cards given, but a seat holds 5"),
        (&["--seat", "6", "--cards", "0", "--all-seeds"], "--seat: seat 6 is beyond the 5 players"),
        (&["--seat", "1", "--cards", "0", "--seeds", "10..5"], "--seeds: the range 10..5 ends before it starts"),
        (
            &["--seat", "1", "--cards", "0", "--time", "2026-12-01T12:00:00Z..2026-12-01T11:00:00Z"],
            "--window: the window ends (2026-12-01T11:00:00Z) before it starts (2026-12-01T12:00:00Z)",
        ),
        (&["--seat", "1", "--cards", "0"], "--seeds: no seed space given"),
        (
            &["--seat", "1", "--cards", "0", "--all-seeds", "--seeds", "1..2"],
            "--all-seeds: cannot be used with --seeds",
        ),
        (&["--seat", "1", "--cards", "0", "--time", "1796127600"], "--window: --time T needs --window W"),
        (
            &["--seat", "1", "--cards", "0", "--window", "1h", "--all-seeds"],
            "--window: applies to --time, not --all-seeds",
        ),
    ];
    for (args, want) in cases {
        let out = bin().args(base).args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn an_os_seeded_or_64_bit_space_is_refused_with_its_size() {
    for (flag, size) in [("--os-seeded", "2^256"), ("--all-seeds", "2^64")] {
        let out = bin()
            .args(["crack", "--algorithm", "fisher-yates", "--rng", "chacha20", "--game", "douniu", "--seat", "1"])
            .args(["--cards", "0 1 2 3 4", flag, "--threads", "1"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{flag}: not searchable:")) && err.contains(size) && err.contains("years"),
            "{err}"
        );
    }
}

#[test]
fn seeds_states_the_budget_of_a_clock_seeded_chacha() {
    let out = bin()
        .args(["seeds", "--rng", "chacha20", "--clock", "ms-since-midnight", "--game", "douniu"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("seeds: 86,400,000"), "{text}");
    assert!(text.contains("5787.03 repeated pairs expected"), "{text}");
    assert!(text.contains("no more distinct decks than rand()"), "{text}");
    let out = bin().args(["seeds", "--rng", "msvc", "--game", "doudizhu"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("distinct streams: 2,147,483,648"), "{text}");
    let hand = text.lines().find(|l| l.starts_with("斗地主 hand: 17 of 54 as a set")).unwrap();
    assert!(hand.contains("45.4") && hand.ends_with("yes"), "{hand}");
}
