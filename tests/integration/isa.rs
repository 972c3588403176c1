//! `--isa` changes the speed and nothing else: every kernel path this processor has gives the same report files,
//! byte for byte, for every deck size class (the register kernels' 64 positions, and the wide pass beyond), for
//! the default battery and for selections that compile other kernels; a path the processor lacks is refused,
//! named, with exit status 2; `SHUFFLE_AUDIT_ISA` is checked as strictly. A path this processor lacks is named on
//! stderr (`skipped:`), so that a comparison that could not include it says so.

use crate::common;

use std::path::Path;

use common::{run, stderr};

/// The paths `--isa` accepts here, from the binary itself; the others are named as skipped.
fn paths() -> Vec<&'static str> {
    let dir = tempfile::tempdir().unwrap();
    let mut have = Vec::new();
    for isa in ["avx512", "avx2", "portable"] {
        let out = dir.path().join(isa);
        let o = run(&["run", "-a", "fisher-yates", "--shuffles", "10", "--isa", isa, "--out", out.to_str().unwrap()]);
        match o.status.code() {
            Some(0) => have.push(isa),
            Some(2) => {
                let e = stderr(&o);
                assert!(e.contains("--isa") && e.contains("this processor has no"), "{e}");
                eprintln!("skipped: the {isa} kernels (this processor lacks their instructions)");
            }
            other => panic!("--isa {isa}: exit status {other:?}: {}", stderr(&o)),
        }
    }
    assert!(have.contains(&"portable"), "every processor runs the portable path");
    have
}

/// A report folder's files: (name, bytes), by name.
type Files = Vec<(String, Vec<u8>)>;

/// Every file of a report folder, by name.
fn files(dir: &Path) -> Files {
    let mut out: Files = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn every_path_writes_the_same_reports_byte_for_byte() {
    let paths = paths();
    let dir = tempfile::tempdir().unwrap();
    // (deck, algorithm, generator, tests, shuffles): the full-permutation test (8 cards), both sides of the
    // register kernels' 64 positions and of the wide pass's word boundaries, a biased shuffle (its FAIL), and
    // selections whose kernels leave out adjacency, the order statistics, the inverse or the cycle count.
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        ("8", "fisher-yates", "chacha8", "default", "60000"),
        ("13", "naive-swap", "msvc", "default", "40000"),
        ("52", "fisher-yates", "chacha8", "default", "40000"),
        ("52", "naive-swap", "glibc", "cycles,parity", "30000"),
        ("52", "fisher-yates", "msvc", "inversions,rising-sequences", "30000"),
        ("54", "wash", "chacha8", "adjacency,serial-correlation,fixed-points", "30000"),
        ("64", "fisher-yates", "pcg64", "default", "30000"),
        ("65", "naive-swap", "chacha8", "default", "20000"),
        ("128", "fisher-yates", "chacha12", "default", "5000"),
        ("130", "fisher-yates", "msvc", "cycles,inversions", "5000"),
        ("1024", "fisher-yates", "chacha20", "default", "300"),
    ];
    for &(deck, algorithm, rng, tests, shuffles) in cases {
        let mut reference: Option<(&str, Files)> = None;
        for &isa in &paths {
            let out = dir.path().join(format!("{deck}-{algorithm}-{rng}-{tests}-{isa}"));
            let o = run(&[
                "run",
                "-a",
                algorithm,
                "--rng",
                rng,
                "--deck",
                deck,
                "--tests",
                tests,
                "--shuffles",
                shuffles,
                "--seed",
                "17",
                "--no-timings",
                "--isa",
                isa,
                "--out",
                out.to_str().unwrap(),
            ]);
            assert!(
                matches!(o.status.code(), Some(0 | 1)),
                "{deck} {algorithm} {rng} {tests} on {isa}: {}",
                stderr(&o)
            );
            let got = files(&out);
            match &reference {
                None => reference = Some((isa, got)),
                Some((first, want)) => {
                    let names: Vec<&str> = want.iter().map(|(n, _)| n.as_str()).collect();
                    assert_eq!(got.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), names);
                    for ((name, a), (_, b)) in want.iter().zip(&got) {
                        assert!(a == b, "{name} differs between {first} and {isa}: {deck} {algorithm} {rng} {tests}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_path_this_processor_lacks_or_an_unknown_one_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&["run", "-a", "fisher-yates", "--isa", "sse9", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--isa") && stderr(&o).contains("'sse9' is not avx512, avx2 or portable"),
        "{}",
        stderr(&o)
    );
    // The environment variable, for the test suite, is checked as strictly, by every command.
    let o = common::bin().env("SHUFFLE_AUDIT_ISA", "neon9").args(["list"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("SHUFFLE_AUDIT_ISA") && stderr(&o).contains("neon9"), "{}", stderr(&o));
    // A command's own --isa wins, and the environment's is then not read: an invalid one does not refuse it.
    let o = common::bin()
        .env("SHUFFLE_AUDIT_ISA", "neon9")
        .args(["run", "-a", "fisher-yates", "--shuffles", "10", "--isa", "portable", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // crack's kernel path is --isa too (--simd is its other name), and its errors name --isa.
    let o = run(&["crack", "-a", "fisher-yates", "--rng", "msvc", "--seat", "1", "--cards", "0 1 2", "--all-seeds"]
        .iter()
        .copied()
        .chain(["--simd", "sse9"])
        .collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--isa") && !stderr(&o).contains("--simd"), "{}", stderr(&o));
    // A flag that does not apply is refused, never ignored.
    let o = run(&["shuffle", "--isa", "portable"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--isa"), "{}", stderr(&o));
    for isa in ["avx512", "avx2"] {
        let o = run(&["run", "-a", "fisher-yates", "--shuffles", "10", "--isa", isa, "--out", out.to_str().unwrap()]);
        if o.status.code() == Some(2) {
            assert!(stderr(&o).contains("this processor has no"), "{}", stderr(&o));
        } else {
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        }
    }
}
