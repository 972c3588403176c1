//! The `v8` generator against the real Node: every line of `tests/runtimes/node/expected.txt`
//! (`scripts/runtime-golden-node.sh` writes it with `node --random_seed=S tests/runtimes/node/dealer.js`) is
//! reproduced bit for bit: the raw `Math.random()` doubles across cache refills, the decks of
//! `Math.floor(Math.random() * (i + 1))` Fisher–Yates and of `deck.sort(() => Math.random() - 0.5)`, dealt
//! by shuffle-audit's own `fisher-yates` and `sort-random-comparator` with `--rng v8`.

use shuffle_audit::cards::Card;
use shuffle_audit::rng::{RawRng, RngKind, SeededRng, V8MathRandom};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle, SortRandomComparator};

use crate::common;
use common::{read, repo, run, stderr};

/// One process of the dealer: its seed (node's `int`), what it printed, and the lines.
struct Group {
    seed: i64,
    kind: String,
    lines: Vec<Vec<String>>,
}

fn groups() -> Vec<Group> {
    let text = read(&repo().join("tests/runtimes/node/expected.txt"));
    let mut out: Vec<Group> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let seed: i64 = fields[0].parse().unwrap_or_else(|_| panic!("bad seed in {line}"));
        match out.last_mut() {
            Some(g) if g.seed == seed && g.kind == fields[1] => g.lines.push(fields),
            _ => out.push(Group { seed, kind: fields[1].clone(), lines: vec![fields] }),
        }
    }
    out
}

/// The generator of `node --random_seed=seed` (node reads the seed into a C `int`).
fn node(seed: i64) -> V8MathRandom {
    let pattern = seed as i32 as u32;
    assert!(RngKind::V8.check_seed(u64::from(pattern)).is_ok());
    V8MathRandom::from_seed_u64(u64::from(pattern))
}

fn ids(fields: &[String]) -> Vec<Card> {
    fields.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn every_golden_line_is_reproduced() {
    let groups = groups();
    let (mut raw, mut fy, mut sorted) = (0, 0, 0);
    for g in &groups {
        let mut rng = node(g.seed);
        let mut scratch = Scratch::new(1024);
        for (k, f) in g.lines.iter().enumerate() {
            match g.kind.as_str() {
                "raw" => {
                    assert_eq!(f[2].parse::<usize>().unwrap(), k);
                    let want = u64::from_str_radix(&f[3], 16).unwrap();
                    let got = rng.next_f64();
                    assert_eq!(got.to_bits(), want, "seed {} value {k}: {got} against node's", g.seed);
                    raw += 1;
                }
                "fisher-yates" | "sort-random-comparator" => {
                    let n: usize = f[2].parse().unwrap();
                    let mut deck: Vec<Card> = (0..n as Card).collect();
                    if g.kind == "fisher-yates" {
                        FisherYates.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
                        fy += 1;
                    } else {
                        SortRandomComparator.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
                        sorted += 1;
                    }
                    assert_eq!(deck, ids(&f[3..]), "seed {} {} deck {k} of {n} cards", g.seed, g.kind);
                }
                other => panic!("unknown kind {other}"),
            }
        }
    }
    // Six seeds: 300 values, six Fisher–Yates decks and three sorted decks each.
    assert_eq!((raw, fy, sorted), (6 * 300, 6 * 6, 6 * 3));
}

#[test]
fn below_is_math_floor_of_the_product() {
    let mut a = node(42);
    let mut b = node(42);
    for k in [1u32, 2, 3, 52, 54, 1000, u32::MAX] {
        for _ in 0..100 {
            let x = b.next_f64();
            assert_eq!(RawRng::below(&mut a, k), (x * f64::from(k)).floor() as u32);
        }
    }
}

#[test]
fn shuffle_command_deals_what_node_deals() {
    // The first deck of each Fisher–Yates process of the golden file is a 2-card deck; `shuffle --rng v8` deals
    // the same from the same seed through the command line.
    for g in groups().iter().filter(|g| g.kind == "fisher-yates") {
        let seed = (g.seed as i32 as u32).to_string();
        let out =
            run(&["shuffle", "-a", "fisher-yates", "--rng", "v8", "--seed", &seed, "--deck", "2", "--count", "1"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), g.lines[0][3..].join(" "), "seed {}", g.seed);
    }
}

#[test]
fn seeds_node_does_not_take_are_refused() {
    for seed in ["0", "4294967296"] {
        let out = run(&["shuffle", "-a", "fisher-yates", "--rng", "v8", "--seed", seed, "--deck", "10"]);
        assert_eq!(out.status.code(), Some(2), "{seed}");
        let err = stderr(&out);
        assert!(err.contains("--seed") && err.contains("random_seed"), "{err}");
    }
}
