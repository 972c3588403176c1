//! The runtimes' generators against their real runtimes: every line of `tests/runtimes/<runtime>/expected.txt`
//! (written by the Java, C#, C++ and Python programs beside them, through `scripts/runtime-golden.sh`) is
//! reproduced bit for bit: the first raw outputs, a sequence of bounded draws, and the decks of the library
//! shuffle, of the runtime-scaled fisher-yates loop and of the sort by random keys, each from a fresh 0..n-1.

use shuffle_audit_core::cards::Card;
use shuffle_audit_core::rng::{DotnetRandom, GoRand, JavaRandom, PythonRandom, RawRng, SeededRng, StdMt19937};
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
            _ => other(line),
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
