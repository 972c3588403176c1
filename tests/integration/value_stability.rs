//! Value-stability tests for the modern generators.
//!
//! The literals below were produced by this crate and pin the `rand_chacha` 0.10 and `rand_pcg` 0.10 streams as
//! seeded with `SeedableRng::seed_from_u64`: the first eight raw `r()` outputs after seed 7, and the first two
//! 52-card `fisher-yates` decks (a fresh deck each time, one generator stream) after seeds 7 and 2026. A change
//! in any of them means a seed printed by an earlier version no longer reproduces its decks.

use assert_cmd::Command;
use rand::{Rng, SeedableRng};
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{RawRng, RngKind, SeededRng};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};
use shuffle_audit::with_rng_type;

/// The first eight `r()` outputs after seed 7.
const RAW_SEED_7: [(RngKind, [u32; 8]); 5] = [
    (RngKind::Chacha8, [601310139, 677729076, 781920570, 721508819, 1160025393, 3024842937, 155073251, 3121330102]),
    (RngKind::Chacha12, [1789459390, 130212073, 612261766, 1318925544, 260816077, 612643398, 2799673497, 2330093573]),
    (RngKind::Chacha20, [659178777, 100225719, 3590821264, 2296122646, 3086495118, 4086172019, 567524599, 1218955943]),
    (RngKind::Pcg32, [2442223337, 414063806, 2743600285, 3524868804, 2371632060, 1368306093, 671954468, 3804052768]),
    (RngKind::Pcg64, [3507742735, 1427645005, 1059717588, 279434225, 541259330, 3614505711, 2885567855, 944926050]),
];

/// The first two fresh 52-card `fisher-yates` decks of one stream, per generator and seed.
const FISHER_YATES_DECKS: [(RngKind, u64, [[Card; 52]; 2]); 10] = [
    (
        RngKind::Chacha8,
        7,
        [
            [
                40, 48, 32, 3, 16, 26, 15, 49, 30, 24, 22, 11, 42, 44, 43, 6, 28, 47, 39, 18, 25, 4, 12, 14, 0, 23, 19,
                13, 41, 45, 2, 8, 1, 31, 51, 50, 5, 10, 37, 35, 9, 34, 46, 36, 7, 29, 17, 33, 38, 20, 21, 27,
            ],
            [
                13, 51, 15, 38, 20, 43, 23, 12, 36, 42, 32, 44, 39, 27, 5, 49, 41, 46, 34, 6, 22, 1, 37, 17, 7, 29, 28,
                21, 30, 24, 14, 45, 8, 9, 10, 40, 0, 35, 47, 50, 25, 48, 19, 26, 4, 3, 31, 33, 18, 11, 2, 16,
            ],
        ],
    ),
    (
        RngKind::Chacha8,
        2026,
        [
            [
                1, 26, 39, 29, 32, 16, 23, 14, 19, 8, 34, 33, 41, 12, 22, 13, 44, 49, 2, 42, 38, 3, 4, 21, 45, 6, 5, 9,
                43, 30, 50, 37, 7, 18, 10, 24, 17, 0, 27, 25, 31, 15, 11, 40, 47, 28, 46, 20, 36, 51, 48, 35,
            ],
            [
                49, 21, 18, 47, 35, 38, 15, 51, 36, 7, 14, 50, 8, 25, 42, 48, 33, 46, 39, 44, 13, 20, 10, 31, 29, 40,
                41, 16, 43, 11, 12, 6, 28, 3, 27, 17, 32, 37, 9, 5, 30, 0, 23, 2, 22, 1, 19, 24, 34, 4, 26, 45,
            ],
        ],
    ),
    (
        RngKind::Chacha12,
        7,
        [
            [
                14, 4, 5, 49, 9, 34, 11, 44, 12, 36, 22, 7, 26, 20, 25, 37, 45, 38, 50, 21, 19, 51, 3, 28, 42, 40, 27,
                24, 29, 33, 47, 18, 0, 17, 1, 23, 32, 39, 10, 48, 35, 2, 31, 6, 8, 15, 43, 13, 41, 16, 46, 30,
            ],
            [
                31, 9, 19, 5, 21, 45, 28, 15, 37, 40, 12, 50, 20, 25, 23, 38, 39, 3, 7, 44, 4, 16, 33, 43, 22, 10, 42,
                26, 1, 2, 35, 6, 18, 36, 8, 30, 29, 13, 34, 49, 48, 47, 46, 24, 0, 11, 32, 27, 51, 17, 41, 14,
            ],
        ],
    ),
    (
        RngKind::Chacha12,
        2026,
        [
            [
                29, 14, 19, 10, 24, 44, 23, 4, 45, 11, 47, 12, 15, 2, 51, 21, 41, 7, 49, 6, 9, 38, 30, 35, 8, 46, 37,
                40, 42, 22, 18, 26, 32, 28, 1, 5, 13, 17, 33, 16, 48, 25, 20, 43, 3, 34, 50, 31, 39, 36, 27, 0,
            ],
            [
                16, 8, 11, 34, 51, 10, 21, 32, 38, 7, 5, 44, 15, 49, 12, 50, 13, 39, 6, 33, 46, 29, 0, 35, 36, 20, 31,
                25, 22, 17, 1, 3, 27, 28, 9, 2, 43, 42, 40, 47, 45, 37, 30, 48, 24, 26, 18, 41, 23, 19, 14, 4,
            ],
        ],
    ),
    (
        RngKind::Chacha20,
        7,
        [
            [
                29, 39, 15, 19, 37, 34, 42, 6, 48, 40, 8, 5, 31, 25, 0, 27, 36, 35, 24, 20, 33, 46, 26, 3, 16, 10, 7,
                43, 12, 28, 32, 4, 45, 22, 21, 51, 1, 23, 11, 17, 47, 2, 18, 44, 38, 13, 50, 30, 41, 14, 9, 49,
            ],
            [
                47, 19, 45, 25, 30, 20, 17, 38, 5, 11, 44, 29, 37, 36, 2, 7, 33, 18, 28, 31, 4, 24, 1, 13, 0, 21, 3,
                16, 26, 49, 48, 39, 32, 14, 12, 43, 8, 34, 22, 50, 41, 46, 9, 35, 51, 23, 27, 15, 10, 42, 6, 40,
            ],
        ],
    ),
    (
        RngKind::Chacha20,
        2026,
        [
            [
                7, 28, 25, 35, 24, 13, 19, 48, 5, 9, 37, 8, 29, 11, 43, 40, 32, 10, 18, 14, 2, 41, 45, 12, 51, 3, 17,
                4, 50, 36, 1, 31, 34, 27, 23, 30, 46, 21, 38, 49, 42, 26, 16, 39, 15, 47, 22, 0, 44, 20, 33, 6,
            ],
            [
                10, 46, 15, 48, 20, 42, 6, 0, 51, 12, 13, 5, 26, 44, 17, 31, 35, 37, 34, 23, 33, 43, 22, 50, 45, 29, 7,
                16, 49, 11, 30, 24, 2, 40, 32, 27, 41, 4, 8, 25, 38, 19, 36, 28, 9, 18, 14, 39, 47, 3, 1, 21,
            ],
        ],
    ),
    (
        RngKind::Pcg32,
        7,
        [
            [
                11, 48, 39, 41, 45, 31, 40, 15, 1, 37, 25, 49, 26, 22, 36, 32, 27, 10, 19, 47, 14, 3, 51, 17, 29, 34,
                5, 13, 4, 9, 24, 50, 23, 33, 44, 42, 20, 6, 46, 16, 0, 30, 18, 7, 43, 38, 28, 12, 2, 35, 8, 21,
            ],
            [
                47, 29, 10, 23, 13, 34, 46, 1, 3, 8, 20, 25, 41, 21, 42, 22, 7, 51, 35, 11, 12, 18, 30, 44, 2, 45, 40,
                39, 38, 48, 37, 4, 19, 15, 9, 28, 16, 32, 31, 14, 17, 50, 24, 26, 33, 0, 49, 27, 6, 36, 43, 5,
            ],
        ],
    ),
    (
        RngKind::Pcg32,
        2026,
        [
            [
                4, 35, 22, 34, 3, 41, 16, 33, 21, 25, 38, 27, 31, 44, 13, 28, 15, 0, 45, 6, 30, 1, 43, 11, 17, 48, 42,
                49, 39, 47, 14, 5, 19, 2, 20, 24, 46, 10, 9, 32, 50, 37, 36, 26, 29, 12, 18, 7, 8, 40, 23, 51,
            ],
            [
                37, 10, 46, 36, 40, 28, 47, 33, 2, 25, 27, 51, 35, 26, 19, 48, 9, 38, 24, 42, 11, 1, 39, 14, 15, 50,
                43, 34, 21, 41, 32, 23, 22, 4, 18, 31, 12, 3, 44, 45, 30, 16, 17, 8, 5, 13, 20, 0, 7, 6, 49, 29,
            ],
        ],
    ),
    (
        RngKind::Pcg64,
        7,
        [
            [
                33, 13, 31, 24, 19, 0, 51, 32, 43, 17, 4, 29, 47, 49, 35, 28, 22, 5, 41, 40, 8, 50, 42, 36, 1, 23, 6,
                10, 21, 15, 9, 25, 11, 26, 46, 18, 20, 37, 27, 44, 7, 48, 34, 12, 30, 45, 39, 2, 14, 38, 16, 3,
            ],
            [
                48, 19, 17, 0, 2, 49, 22, 50, 26, 36, 3, 40, 23, 34, 1, 13, 10, 38, 30, 25, 9, 51, 47, 32, 21, 33, 28,
                42, 18, 20, 43, 44, 41, 46, 15, 7, 45, 27, 5, 4, 37, 16, 14, 11, 35, 6, 29, 12, 24, 31, 8, 39,
            ],
        ],
    ),
    (
        RngKind::Pcg64,
        2026,
        [
            [
                48, 26, 50, 24, 35, 12, 51, 20, 34, 13, 14, 38, 44, 17, 6, 21, 7, 2, 16, 46, 42, 23, 5, 33, 11, 31, 0,
                10, 30, 41, 40, 3, 43, 47, 4, 37, 29, 39, 18, 45, 27, 1, 19, 28, 32, 15, 49, 36, 9, 8, 22, 25,
            ],
            [
                50, 24, 43, 6, 51, 17, 28, 0, 45, 18, 35, 32, 9, 14, 41, 42, 34, 10, 25, 27, 29, 40, 46, 48, 47, 2, 15,
                31, 11, 33, 1, 4, 39, 49, 8, 36, 16, 30, 3, 23, 12, 26, 44, 20, 22, 38, 19, 13, 37, 21, 7, 5,
            ],
        ],
    ),
];
/// Seeds one generator of type `R` and returns its first `count` raw outputs.
fn raw_outputs<R: SeededRng>(seed: u64, count: usize) -> Vec<u32> {
    let mut rng = R::from_seed_u64(seed);
    (0..count).map(|_| rng.r()).collect()
}

/// Seeds once, then shuffles `count` fresh 52-card decks back to back with `fisher-yates`.
fn fisher_yates_decks<R: SeededRng>(seed: u64, count: usize) -> Vec<Vec<Card>> {
    let mut rng = R::from_seed_u64(seed);
    let mut scratch = Scratch::new(52);
    let mut deck = vec![0; 52];
    (0..count)
        .map(|_| {
            reset(&mut deck);
            FisherYates.shuffle(&mut deck, &mut rng, &mut scratch).expect("fisher-yates cannot fail");
            deck.clone()
        })
        .collect()
}

#[test]
fn pinned_tables_cover_every_modern_generator() {
    // The runtimes' generators are pinned by their runtimes' own outputs instead (tests/runtimes/, checked by the
    // core crate's tests/integration/runtimes.rs, and V8's by tests/integration/runtimes.rs).
    let modern: Vec<RngKind> = RngKind::ALL.into_iter().filter(|k| !k.is_c_library() && !k.is_runtime()).collect();
    let raw: Vec<RngKind> = RAW_SEED_7.iter().map(|(k, _)| *k).collect();
    assert_eq!(raw, modern);
    for kind in &modern {
        for seed in [7, 2026] {
            let rows = FISHER_YATES_DECKS.iter().filter(|(k, s, _)| k == kind && *s == seed).count();
            assert_eq!(rows, 1, "{kind} seed {seed}");
        }
    }
}

#[test]
fn first_raw_outputs_after_seed_7_are_stable() {
    for (kind, want) in RAW_SEED_7 {
        let got = with_rng_type!(kind, R => raw_outputs::<R>(7, want.len()));
        assert_eq!(got, want, "{kind}: first r() outputs after seed 7");
    }
}

#[test]
fn first_fisher_yates_decks_are_stable_through_the_library() {
    for (kind, seed, want) in FISHER_YATES_DECKS {
        let got = with_rng_type!(kind, R => fisher_yates_decks::<R>(seed, want.len()));
        for (k, (got, want)) in got.iter().zip(want).enumerate() {
            assert_eq!(got[..], want[..], "{kind} seed {seed} deck {}", k + 1);
        }
    }
}

#[test]
fn first_fisher_yates_decks_are_stable_through_the_binary() {
    for (kind, seed, want) in FISHER_YATES_DECKS {
        let out = Command::cargo_bin("shuffle-audit")
            .unwrap()
            .args(["shuffle", "--algorithm", "fisher-yates", "--rng", kind.name()])
            .args(["--seed", &seed.to_string(), "--count", "2"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{kind} seed {seed}: {:?}", out.status);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let want: Vec<String> =
            want.iter().map(|deck| deck.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
        let got: Vec<&str> = stdout.lines().collect();
        assert_eq!(got, want, "{kind} seed {seed}");
    }
}

/// Independent of the crate's wrapper: the raw stream is exactly `next_u32` of the upstream generator.
#[test]
fn chacha8_first_output_matches_rand_chacha() {
    let upstream = rand_chacha::ChaCha8Rng::seed_from_u64(7).next_u32();
    let mut ours = shuffle_audit::rng::ChaCha8::from_seed_u64(7);
    assert_eq!(ours.r(), upstream);
    assert_eq!(upstream, RAW_SEED_7[0].1[0]);
}

#[test]
fn every_modern_generator_is_its_upstream_next_u32() {
    fn upstream<G: Rng + SeedableRng>(seed: u64, count: usize) -> Vec<u32> {
        let mut g = G::seed_from_u64(seed);
        (0..count).map(|_| g.next_u32()).collect()
    }
    for seed in [7, 2026, u64::MAX] {
        let pairs: [(RngKind, Vec<u32>); 5] = [
            (RngKind::Chacha8, upstream::<rand_chacha::ChaCha8Rng>(seed, 8)),
            (RngKind::Chacha12, upstream::<rand_chacha::ChaCha12Rng>(seed, 8)),
            (RngKind::Chacha20, upstream::<rand_chacha::ChaCha20Rng>(seed, 8)),
            (RngKind::Pcg32, upstream::<rand_pcg::Pcg32>(seed, 8)),
            (RngKind::Pcg64, upstream::<rand_pcg::Pcg64>(seed, 8)),
        ];
        for (kind, want) in pairs {
            let got = with_rng_type!(kind, R => raw_outputs::<R>(seed, 8));
            assert_eq!(got, want, "{kind} seed {seed}");
        }
    }
}

/// `fisher-yates --draw batched` (the `fisher-yates-batched` algorithm): the first decks are pinned, produced by
/// this crate; they fix the grouping of bounds, the order of the digits and the use of `next_u64`.
#[test]
fn batched_fisher_yates_decks_are_stable() {
    let expected_chacha8_seed7: [&str; 2] = [
        "31 1 2 40 26 25 15 39 13 4 28 43 38 16 34 24 47 33 50 21 27 48 51 41 7 46 49 11 36 20 5 30 32 12 18 3 45 44 19 35 6 9 29 0 22 42 14 17 37 23 10 8",
        "22 39 17 47 32 49 36 18 38 0 8 20 4 10 12 7 21 1 44 16 6 3 5 48 23 42 27 45 2 24 28 9 40 41 51 25 33 35 50 29 14 43 37 34 19 11 30 15 46 26 13 31",
    ];
    let expected_pcg64_seed2026 = "20 28 51 42 2 21 1 38 39 6 13 8 12 36 41 29 37 30 26 19 24 40 0 22 25 10 32 33 3 14 48 27 4 9 31 49 44 43 11 15 47 23 18 5 46 7 34 50 17 45 16 35";
    for (rng, seed, count, want) in [
        ("chacha8", "7", "2", expected_chacha8_seed7.join("\n")),
        ("pcg64", "2026", "1", expected_pcg64_seed2026.to_string()),
    ] {
        let out = assert_cmd::Command::cargo_bin("shuffle-audit")
            .unwrap()
            .args([
                "shuffle",
                "-a",
                "fisher-yates",
                "--draw",
                "batched",
                "--rng",
                rng,
                "--seed",
                seed,
                "--count",
                count,
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), want, "{rng} seed {seed}");
    }
}
