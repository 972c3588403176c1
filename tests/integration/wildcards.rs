//! The wildcard guard (`scripts/check-wildcards.py`): outside its own file, no `match` on a generator, a
//! shuffle or a test lets a new catalogue entry fall through `_ =>`. The guard reads clippy's
//! `wildcard_enum_match_arm` messages; fed recorded messages (`tests/wildcards/`) it must refuse each kind of
//! arm it is meant to catch and pass the others. The heavy test adds an entry in a scratch copy of the sources
//! and shows that the compiler then names every place to fill.
//!
//! They need `python3` (CI has it); without it they fail with a message saying so.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn guard(args: &[&str], dir: &Path) -> Output {
    Command::new("python3").arg("scripts/check-wildcards.py").args(args).current_dir(dir).output().unwrap_or_else(|e| {
        panic!("python3 is required by this test (CI has it): install it, it is not optional ({e})")
    })
}

/// The guard on the recorded messages of fixture `name`: its exit status and its standard output.
fn on(name: &str) -> (Option<i32>, String) {
    let o = guard(&["--messages", &format!("tests/wildcards/{name}.json")], &repo());
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn a_wildcard_arm_on_a_catalogue_enum_is_refused() {
    let (status, out) = on("outside-home");
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        out,
        "crates/shuffle-audit/src/audit/exact.rs:128: a wildcard arm on AlgorithmKind stands for \
         AlgorithmKind::FisherYates | AlgorithmKind::Wash\n"
    );
}

#[test]
fn variants_named_without_their_enum_are_still_the_catalogues() {
    let (status, out) = on("glob-import");
    assert_eq!(status, Some(1), "{out}");
    assert!(out.starts_with("crates/shuffle-audit/src/report/sweep.rs:128: a wildcard arm on RngKind"), "{out}");
}

#[test]
fn the_enums_home_other_enums_and_other_lints_pass() {
    for name in ["home", "other-enum"] {
        let (status, out) = on(name);
        assert_eq!(status, Some(0), "{name}: {out}");
        assert!(out.contains("no wildcard arm on AlgorithmKind"), "{name}: {out}");
    }
}

#[test]
fn messages_it_cannot_read_are_an_error() {
    assert_eq!(on("not-json").0, Some(2));
    assert_eq!(guard(&["--messages"], &repo()).status.code(), Some(2));
}

/// The sources copied to a scratch folder with one more shuffle, generator and test: `cargo check` must fail with
/// only E0004 (a match that does not cover the new entry), naming each place to fill, and the test prints them.
/// Cargo checks a crate only once the crates it depends on compile, so what is named is the places of the first
/// crate that fails (the core, for all three today); the library's places are named once those are filled.
#[test]
#[ignore = "heavy: checks a scratch copy of the crates three times (about 3 minutes on two cores)"]
fn a_new_entry_makes_the_compiler_name_every_place_to_fill() {
    let entries = [
        (
            "crates/shuffle-audit-core/src/shuffle/mod.rs",
            "        Identity => \"identity\",\n",
            "AlgorithmKind::Scratch",
        ),
        ("crates/shuffle-audit-core/src/rng/mod.rs", "        V8 => \"v8\",\n", "RngKind::Scratch"),
        ("crates/shuffle-audit-core/src/stats/test_id.rs", "        NiuSeat => \"niu-seat\",\n", "TestId::Scratch"),
    ];
    let scratch = tempfile::tempdir().unwrap();
    let target = repo().join("target/wildcards-scratch");
    let mut table = Vec::new();
    for (home, anchor, variant) in entries {
        let dir = scratch.path().join(variant.replace("::", "-"));
        copy_sources(&repo(), &dir);
        let path = dir.join(home);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(anchor), "{home}: no line {anchor:?} to add the entry after");
        std::fs::write(&path, text.replacen(anchor, &format!("{anchor}        Scratch => \"scratch\",\n"), 1)).unwrap();
        let o = Command::new(env!("CARGO"))
            .args(["check", "--quiet", "--message-format=short", "--lib", "--bins"])
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!o.status.success(), "{variant}: the copy compiled with the new entry");
        let errors: Vec<&str> = err.lines().filter(|l| l.contains(": error")).collect();
        assert!(!errors.is_empty(), "{variant}: no error named:\n{err}");
        for line in &errors {
            assert!(
                line.contains("error[E0004]") && line.contains(&format!("`{variant}` not covered")),
                "{variant}: an error other than a match to fill:\n{line}"
            );
        }
        let files: std::collections::BTreeSet<&str> = errors.iter().filter_map(|l| l.split(':').next()).collect();
        table.push(format!(
            "{variant}: {} places in {} files (its home included): {files:?}",
            errors.len(),
            files.len()
        ));
    }
    println!("{}", table.join("\n"));
}

/// The workspace's manifests, lock file and `src` folders (the root package's and each crate's).
fn copy_sources(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "src",
        "crates",
        "benches",
        "examples",
    ] {
        copy(&from.join(entry), &to.join(entry));
    }
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        if from.file_name().is_some_and(|n| n == "target" || n == "tests") {
            return;
        }
        std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else if from.exists() {
        std::fs::copy(from, to).unwrap_or_else(|e| panic!("{} -> {}: {e}", from.display(), to.display()));
    }
}
