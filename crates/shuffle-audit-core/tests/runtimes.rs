//! The runtimes' generators against their real runtimes: every line of `tests/runtimes/<runtime>/expected.txt`
//! (written by the Java, C#, C++ and Python programs beside them, through `scripts/runtime-golden.sh`) is
//! reproduced bit for bit: the first raw outputs, a sequence of bounded draws, and the decks of the library
//! shuffle, of the runtime-scaled fisher-yates loop and of the sort by random keys, each from a fresh 0..n-1.

use shuffle_audit_core::cards::Card;
use shuffle_audit_core::rng::{
    DotnetRandom, GoRand, JavaRandom, Lua54Random, Mulberry32, PhpMtRand, PythonRandom, RawRng, RubyRandom, SeededRng,
    SinRandom, StdMt19937, xmur3,
};
use shuffle_audit_core::shuffle::{FisherYates, LibraryShuffle, Scratch, Shuffle, SortRandomKey};

/// Checks every line of one runtime's golden file with the generator `R`; returns the number of lines checked.
fn check<R: RawRng + SeededRng>(golden: &str, runtime: &str) -> usize {
    check_with::<R>(golden, runtime, |line| panic!("{runtime}: unknown line kind in {line}"))
}

/// As [`check`], with `other` checking the lines of kinds of the runtime's own (Go's `perm`).
fn check_with<R: RawRng + SeededRng>(golden: &str, runtime: &str, mut other: impl FnMut(&str)) -> usize {
    let mut lines = 0;
    for line in golden.lines() {
        let mut words = line.split(' ');
        let what = words.next().unwrap();
        if !["raw", "below", "library-shuffle", "fisher-yates", "sort-random-key"].contains(&what) {
            other(line);
            lines += 1;
            continue;
        }
        let seed: u64 = words.next().unwrap().parse().unwrap();
        let rest: Vec<&str> = words.collect();
        match what {
            "raw" => {
                let mut g = R::from_seed_u64(seed);
                let got: Vec<String> = rest.iter().map(|_| g.r().to_string()).collect();
                assert_eq!(got, rest, "{runtime}: {line}");
            }
            "below" => {
                let mut g = R::from_seed_u64(seed);
                for pair in &rest {
                    let (bound, value) = pair.split_once(':').unwrap();
                    let got = g.below(bound.parse().unwrap());
                    assert_eq!(got.to_string(), value, "{runtime}: bound {bound} in {line}");
                }
            }
            "library-shuffle" | "fisher-yates" | "sort-random-key" => {
                let n: usize = rest[0].parse().unwrap();
                let want: Vec<Card> = rest[1..].iter().map(|c| c.parse().unwrap()).collect();
                let mut deck: Vec<Card> = (0..n as Card).collect();
                let mut g = R::from_seed_u64(seed);
                let mut scratch = Scratch::new(n);
                match what {
                    "library-shuffle" => LibraryShuffle.shuffle(&mut deck, &mut g, &mut scratch),
                    "fisher-yates" => FisherYates.shuffle(&mut deck, &mut g, &mut scratch),
                    _ => SortRandomKey.shuffle(&mut deck, &mut g, &mut scratch),
                }
                .unwrap();
                assert_eq!(deck, want, "{runtime}: {what} seed {seed} deck {n}");
            }
            _ => unreachable!("kinds of the runtime's own are checked by `other`"),
        }
        lines += 1;
    }
    lines
}

#[test]
fn java_util_random_matches_the_jdk() {
    assert_eq!(check::<JavaRandom>(include_str!("../../../tests/runtimes/java/expected.txt"), "java"), 102);
}

#[test]
fn system_random_matches_mono() {
    assert_eq!(check::<DotnetRandom>(include_str!("../../../tests/runtimes/dotnet/expected.txt"), "dotnet"), 60);
}

#[test]
fn std_mt19937_matches_libstdcxx() {
    assert_eq!(check::<StdMt19937>(include_str!("../../../tests/runtimes/mt19937/expected.txt"), "mt19937"), 85);
}

#[test]
fn python_random_matches_cpython() {
    assert_eq!(check::<PythonRandom>(include_str!("../../../tests/runtimes/python/expected.txt"), "python"), 85);
}

#[test]
fn go_math_rand_matches_go() {
    // Go's own `perm` lines: rand.Perm(n), built inside out with Intn(i + 1).
    let perm = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "perm", "go: unknown line kind in {line}");
        let (seed, n): (u64, usize) = (words[1].parse().unwrap(), words[2].parse().unwrap());
        let got: Vec<String> = GoRand::from_seed_u64(seed).perm(n).iter().map(usize::to_string).collect();
        assert_eq!(got, words[3..], "go: {line}");
    };
    assert_eq!(check_with::<GoRand>(include_str!("../../../tests/runtimes/go/expected.txt"), "go", perm), 198);
}

#[test]
fn mulberry32_and_xmur3_match_node() {
    // `xmur3 VALUE STRING`: the first value of xmur3's hash of the string (UTF-16 code units, as JavaScript).
    let mut strings = 0;
    let xmur = |line: &str| {
        let rest = line.strip_prefix("xmur3 ").unwrap_or_else(|| panic!("mulberry32: unknown line kind in {line}"));
        let (value, text) = rest.split_once(' ').unwrap();
        assert_eq!(xmur3(text).to_string(), value, "xmur3({text:?})");
        strings += 1;
    };
    let golden = include_str!("../../../tests/runtimes/mulberry32/expected.txt");
    assert_eq!(check_with::<Mulberry32>(golden, "mulberry32", xmur), 137);
    assert_eq!(strings, 5);
}

#[test]
fn the_sine_idiom_matches_node() {
    // `distinct-decks FROM TO N COUNT`: the distinct N-card Fisher–Yates decks node dealt over seeds FROM..=TO.
    let mut counted = 0;
    let distinct = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "distinct-decks", "sin: unknown line kind in {line}");
        let [from, to, n, count] = [1, 2, 3, 4].map(|k| words[k].parse::<u64>().unwrap());
        let mut seen = std::collections::HashSet::new();
        let mut scratch = Scratch::new(n as usize);
        for seed in from..=to {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            FisherYates.shuffle(&mut deck, &mut SinRandom::new(seed), &mut scratch).unwrap();
            seen.insert(deck);
        }
        assert_eq!(seen.len() as u64, count, "sin: {line}");
        counted += 1;
    };
    assert_eq!(check_with::<SinRandom>(include_str!("../../../tests/runtimes/sin/expected.txt"), "sin", distinct), 85);
    assert_eq!(counted, 1);
}

#[test]
fn lua_math_random_matches_lua_5_4() {
    assert_eq!(check::<Lua54Random>(include_str!("../../../tests/runtimes/lua54/expected.txt"), "lua54"), 84);
}

#[test]
fn php_mt_rand_matches_php() {
    assert_eq!(check::<PhpMtRand>(include_str!("../../../tests/runtimes/php/expected.txt"), "php"), 102);
}

#[test]
fn ruby_random_matches_ruby() {
    assert_eq!(check::<RubyRandom>(include_str!("../../../tests/runtimes/ruby/expected.txt"), "ruby"), 136);
}
