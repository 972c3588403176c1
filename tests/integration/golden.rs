//! Value-stability tests: every file in `tests/golden/` (outputs of the original C loops compiled against the
//! real glibc and an MSVC `rand()` emulation) reproduced bit for bit, through the library and the binary.

use std::path::Path;

use assert_cmd::Command;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{GlibcRand, MsvcRand, RawRng, RngKind, SeededRng};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind, Fault, Scratch, Shuffle};
use shuffle_audit::{with_rng_type, with_shuffle};

/// Counts the generator calls a shuffle makes (the golden files record them).
struct Counting<R> {
    inner: R,
    calls: u64,
}

impl<R: RawRng> RawRng for Counting<R> {
    const BITS: u32 = R::BITS;
    fn r(&mut self) -> u32 {
        self.calls += 1;
        self.inner.r()
    }
}

struct Golden {
    algorithm: Algorithm,
    deck: usize,
    rng: RngKind,
    carry: bool,
    /// (fields before the `|`, ids after it)
    rows: Vec<(Vec<u64>, Vec<String>)>,
}

fn load(name: &str) -> Golden {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = text.lines().next().unwrap();
    let field = |key: &str| -> String {
        let at = header.find(key).unwrap_or_else(|| panic!("{name}: no '{key}' in header"));
        header[at + key.len()..].split_whitespace().next().unwrap().to_string()
    };
    let kind: AlgorithmKind = field("algorithm:").parse().unwrap();
    let swaps = header.contains("--swaps").then(|| field("--swaps").parse().unwrap());
    let rows = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (head, tail) = l.split_once('|').unwrap();
            let head = head.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let tail = tail.split_whitespace().map(str::to_string).collect();
            (head, tail)
        })
        .collect();
    Golden {
        algorithm: Algorithm::with_swaps(kind, swaps),
        deck: field("deck:").parse().unwrap(),
        rng: field("rng:").parse().unwrap(),
        carry: name.contains(".carry."),
        rows,
    }
}

fn ids(deck: &[Card]) -> Vec<String> {
    deck.iter().map(|c| c.to_string()).collect()
}

/// Shuffles with the library: `srand(seed)` once, `count` decks; returns each deck with its call count.
type Shuffled = (u64, Vec<Card>, Result<(), Fault>);

fn library_decks(g: &Golden, seed: u64, count: usize) -> Vec<Shuffled> {
    fn go<S: Shuffle, R: SeededRng>(s: &S, seed: u64, n: usize, count: usize, carry: bool) -> Vec<Shuffled> {
        let mut rng = Counting { inner: R::from_seed_u64(seed), calls: 0 };
        let mut scratch = Scratch::new(n);
        let mut deck = vec![0; n];
        reset(&mut deck);
        let mut out = Vec::new();
        for _ in 0..count {
            if !carry {
                reset(&mut deck);
            }
            rng.calls = 0;
            let r = s.shuffle(&mut deck, &mut rng, &mut scratch);
            out.push((rng.calls, deck.clone(), r));
        }
        out
    }
    let n = g.deck;
    with_rng_type!(g.rng, R => with_shuffle!(g.algorithm, n, s => go::<_, R>(&s, seed, n, count, g.carry)))
}

fn binary_decks(g: &Golden, seed: u64, count: usize) -> Vec<Vec<String>> {
    let mut cmd = Command::cargo_bin("shuffle-audit").unwrap();
    cmd.args(["shuffle", "--algorithm", g.algorithm.kind.name(), "--rng", g.rng.name()]);
    cmd.args(["--seed", &seed.to_string(), "--deck", &g.deck.to_string(), "--count", &count.to_string()]);
    if let Some(k) = g.algorithm.swaps {
        cmd.args(["--swaps", &k.to_string()]);
    }
    if g.carry {
        cmd.arg("--carry");
    }
    let out = cmd.output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(|l| l.split(' ').map(str::to_string).collect()).collect()
}

const SHUFFLE_FILES: [&str; 24] = [
    "fisher-yates.glibc.txt",
    "fisher-yates.glibc.carry.txt",
    "fisher-yates.msvc.txt",
    "fisher-yates.msvc.carry.txt",
    "fisher-yates-forward.glibc.txt",
    "fisher-yates-forward.glibc.carry.txt",
    "fisher-yates-forward.msvc.txt",
    "fisher-yates-forward.msvc.carry.txt",
    "pair-swap.glibc.txt",
    "pair-swap.glibc.carry.txt",
    "pair-swap.msvc.txt",
    "pair-swap.msvc.carry.txt",
    "reject-retry-fixed.glibc.txt",
    "reject-retry-fixed.glibc.carry.txt",
    "reject-retry-fixed.msvc.txt",
    "reject-retry-fixed.msvc.carry.txt",
    "vec-erase.glibc.txt",
    "vec-erase.glibc.carry.txt",
    "vec-erase.msvc.txt",
    "vec-erase.msvc.carry.txt",
    "wash.glibc.txt",
    "wash.glibc.carry.txt",
    "wash.msvc.txt",
    "wash.msvc.carry.txt",
];

#[test]
fn every_golden_file_is_used() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    // The golden files themselves; their C sources live in the folder `c/` beside them.
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(Result::unwrap)
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut used: Vec<String> = SHUFFLE_FILES.iter().map(|s| s.to_string()).collect();
    for extra in [
        "direct-draw.glibc.txt",
        "direct-draw.msvc.txt",
        "reject-retry.glibc.txt",
        "reject-retry.msvc.txt",
        "rand.glibc.first20.txt",
        "rand.msvc.first20.txt",
        // Read by tests/integration/crack.rs.
        "s1-deal.glibc.txt",
        "s1-deal.msvc.txt",
    ] {
        used.push(extra.to_string());
    }
    used.sort();
    assert_eq!(files, used);
}

#[test]
fn shuffles_match_golden_through_the_library() {
    for name in SHUFFLE_FILES {
        let g = load(name);
        for seed in [1u64, 42] {
            let expected: Vec<_> = g.rows.iter().filter(|(h, _)| h[0] == seed).collect();
            assert!(!expected.is_empty(), "{name}: no rows for seed {seed}");
            let got = library_decks(&g, seed, expected.len());
            for ((head, want), (calls, deck, result)) in expected.iter().zip(got) {
                result.unwrap_or_else(|f| panic!("{name}: unexpected fault {f:?}"));
                assert_eq!(&ids(&deck), want, "{name} seed {seed} shuffle {}", head[1]);
                assert_eq!(calls, head[2], "{name} seed {seed} shuffle {}: rand() calls", head[1]);
            }
        }
    }
}

#[test]
fn shuffles_match_golden_through_the_binary() {
    for name in SHUFFLE_FILES {
        let g = load(name);
        for seed in [1u64, 42] {
            let expected: Vec<_> = g.rows.iter().filter(|(h, _)| h[0] == seed).map(|(_, d)| d.clone()).collect();
            assert_eq!(binary_decks(&g, seed, expected.len()), expected, "{name} seed {seed}");
        }
    }
}

#[test]
fn direct_draw_matches_golden() {
    for name in ["direct-draw.glibc.txt", "direct-draw.msvc.txt"] {
        let g = load(name);
        for seed in [1u64, 42] {
            let deals: Vec<&Vec<String>> = g.rows.iter().filter(|(h, _)| h[0] == seed).map(|(_, d)| d).collect();
            // Deals are 20 consecutive draws of one stream; 52-card decks are 52 consecutive draws.
            let want: Vec<String> = deals.iter().flat_map(|d| d.iter().cloned()).collect();
            let decks = library_decks(&g, seed, want.len().div_ceil(g.deck));
            let mut got = Vec::new();
            for (calls, deck, r) in decks {
                assert_eq!(calls, g.deck as u64);
                assert!(matches!(r, Err(Fault::NotPermutation(_))), "{name}: direct-draw gave a permutation");
                got.extend(ids(&deck));
            }
            assert_eq!(&got[..want.len()], &want[..], "{name} seed {seed}");
            let printed: Vec<String> = binary_decks(&g, seed, want.len().div_ceil(g.deck)).concat();
            assert_eq!(&printed[..want.len()], &want[..], "{name} seed {seed}");
        }
    }
}

#[test]
fn reject_retry_is_diagnosed_as_golden_says() {
    for name in ["reject-retry.glibc.txt", "reject-retry.msvc.txt"] {
        let g = load(name);
        for (head, dest) in &g.rows {
            let (seed, placed, stuck_on, calls) = (head[0], head[1], head[2], head[3]);
            let mut got = library_decks(&g, seed, 1);
            let (_, _, result) = got.remove(0);
            let Err(Fault::NonTermination(stuck)) = result else { panic!("{name}: expected non-termination") };
            assert_eq!(stuck.placed as u64, placed);
            assert_eq!(stuck.card_index as u64 + 1, stuck_on);
            assert_eq!(stuck.draws_to_place, calls);
            let partial: Vec<String> =
                stuck.partial.iter().map(|c| c.map_or("-".to_string(), |c| c.to_string())).collect();
            assert_eq!(&partial, dest, "{name} seed {seed}");
            // The binary prints the same slots, diagnoses on stderr and exits 1.
            let out = Command::cargo_bin("shuffle-audit")
                .unwrap()
                .args(["shuffle", "-a", "reject-retry", "--rng", g.rng.name(), "--seed", &seed.to_string()])
                .args(["--deck", "54"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), dest.join(" "));
            assert!(String::from_utf8(out.stderr).unwrap().contains("does not terminate"));
        }
    }
}

#[test]
fn c_generators_match_their_first_20_outputs() {
    for (name, bits) in [("rand.glibc.first20.txt", 31), ("rand.msvc.first20.txt", 15)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines = 0;
        for line in text.lines().filter(|l| l.starts_with("srand(")) {
            let (head, values) = line.split_once(':').unwrap();
            let seed: u32 = head.trim_start_matches("srand(").trim_end_matches(')').parse().unwrap();
            let want: Vec<u32> = values.split_whitespace().map(|v| v.parse().unwrap()).collect();
            assert_eq!(want.len(), 20);
            let got: Vec<u32> = if bits == 31 {
                let mut g = GlibcRand::srand(seed);
                (0..20).map(|_| g.r()).collect()
            } else {
                let mut g = MsvcRand::srand(seed);
                (0..20).map(|_| g.r()).collect()
            };
            assert_eq!(got, want, "{name} srand({seed})");
            lines += 1;
        }
        assert_eq!(lines, 2, "{name}: expected srand(1) and srand(42)");
    }
}
