//! An output is never an input of the same command (the same path, a hard link or a symbolic link to it): refused
//! with exit status 2, naming both flags, before anything is opened for writing, so that the input is left whole.
//! And an output replaces a file that is already there only when this tool wrote it (its manifest lists it with
//! its size) or with `--force`; a link, a device or a FIFO is refused without `--force`, and what is not a
//! regular file gets no manifest.

use std::path::{Path, PathBuf};

use crate::common;
use common::{assert_usage_error, run, stderr};

/// A 52-card deck per line, rotations of 0..52: 200 lines.
fn decks_text() -> String {
    (0..200).map(|k| (0..52).map(|i| ((i + k) % 52).to_string()).collect::<Vec<_>>().join(" ") + "\n").collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The decks file, a hard link to it and a symbolic link to it.
fn decks_and_links(dir: &Path) -> (PathBuf, [PathBuf; 3]) {
    let decks = dir.join("decks.txt");
    std::fs::write(&decks, decks_text()).unwrap();
    let hard = dir.join("hard.txt");
    std::fs::hard_link(&decks, &hard).unwrap();
    let soft = dir.join("soft.txt");
    std::os::unix::fs::symlink(&decks, &soft).unwrap();
    (decks.clone(), [decks, hard, soft])
}

#[test]
fn saving_decks_onto_the_decks_read_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (decks, names) = decks_and_links(dir.path());
    let out = dir.path().join("out");
    for name in &names {
        let o = run(&["run", "--decks", s(&decks), "--save-decks", s(name), "--out", s(&out)]);
        assert_usage_error(&o, "--save-decks", "the decks file as its own --save-decks");
        assert!(stderr(&o).contains("is the same file as --decks"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&decks).unwrap(), decks_text(), "{} emptied the input", name.display());
        assert!(!out.exists() && !dir.path().join("manifest.json").exists());
    }
    // Read through the link, saved to the file: the same.
    let o = run(&["run", "--decks", s(&names[2]), "--save-decks", s(&decks), "--out", s(&out)]);
    assert_usage_error(&o, "--save-decks", "through a link");
    assert_eq!(std::fs::read_to_string(&decks).unwrap(), decks_text());
}

#[test]
fn exporting_onto_the_decks_read_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (decks, names) = decks_and_links(dir.path());
    for name in &names {
        for force in [&[][..], &["--force"]] {
            let mut args = vec!["export", "bits", "--decks", s(&decks), "--out", s(name)];
            args.extend_from_slice(force);
            let o = run(&args);
            assert_usage_error(&o, "--out", "export bits onto its --decks");
            assert!(stderr(&o).contains("is the same file as --decks"), "{}", stderr(&o));
            assert_eq!(std::fs::read_to_string(&decks).unwrap(), decks_text());
        }
    }
}

#[test]
fn merging_into_a_merged_state_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("a.state");
    let o = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--shuffles",
        "20000",
        "--seed",
        "1",
        "--state-out",
        s(&state),
        "--out",
        s(&dir.path().join("r")),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let before = std::fs::read(&state).unwrap();
    let o = run(&["merge", s(&state), "--state-out", s(&state), "--out", s(&dir.path().join("m"))]);
    assert_usage_error(&o, "--state-out", "merge into one of its states");
    assert!(stderr(&o).contains("is the same file as state"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&state).unwrap(), before);
}

#[test]
fn the_gate_never_writes_over_its_configuration() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("gate.toml");
    let text = "[[check]]\nname = \"fy\"\nalgorithm = \"fisher-yates\"\nshuffles = 1000\nseed = 1\nexpect = \"pass\"\n";
    std::fs::write(&config, text).unwrap();
    for flag in ["--junit", "--json"] {
        let o = run(&["gate", "--config", s(&config), flag, s(&config)]);
        assert_usage_error(&o, flag, "the configuration as an output");
        assert_eq!(std::fs::read_to_string(&config).unwrap(), text);
    }
    let both = dir.path().join("both.xml");
    let o = run(&["gate", "--config", s(&config), "--junit", s(&both), "--json", s(&both)]);
    assert_usage_error(&o, "--json", "two outputs in one file");
}

#[test]
fn an_output_replaces_only_what_this_tool_wrote_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    let export = |out: &Path, extra: &[&str]| {
        let mut args = vec!["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "64", "--out", s(out)];
        args.extend_from_slice(extra);
        run(&args)
    };
    // A file the user made: kept, unless --force.
    std::fs::write(p("mine.bin"), "my data").unwrap();
    let o = export(&p("mine.bin"), &[]);
    assert_usage_error(&o, "--out", "a file this tool did not write");
    assert!(stderr(&o).contains("exists and is not a file this tool wrote"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(p("mine.bin")).unwrap(), "my data");
    assert_eq!(export(&p("mine.bin"), &["--force"]).status.code(), Some(0));
    assert_eq!(std::fs::metadata(p("mine.bin")).unwrap().len(), 64);
    // Its own export, listed in the manifest with its size: replaced as before.
    assert_eq!(export(&p("mine.bin"), &[]).status.code(), Some(0));
    // Changed since: kept.
    std::fs::write(p("mine.bin"), "edited").unwrap();
    assert_usage_error(&export(&p("mine.bin"), &[]), "--out", "a file changed since");
    // A symbolic link: its target would be replaced.
    std::fs::write(p("target.txt"), "target").unwrap();
    std::os::unix::fs::symlink(p("target.txt"), p("link.bin")).unwrap();
    assert_usage_error(&export(&p("link.bin"), &[]), "--out", "a symbolic link");
    assert_eq!(std::fs::read_to_string(p("target.txt")).unwrap(), "target");
    // A state file is not replaced by saved decks.
    std::fs::write(p("run.state"), "SHUFFLE-AUDIT-STATE something").unwrap();
    let o = run(&["run", "-a", "fisher-yates", "--shuffles", "100", "--seed", "1", "--save-decks", s(&p("run.state"))]);
    assert_usage_error(&o, "--save-decks", "over a state file");
    assert_eq!(std::fs::read_to_string(p("run.state")).unwrap(), "SHUFFLE-AUDIT-STATE something");
    // --force applies to a file output only.
    assert_usage_error(&run(&["run", "-a", "fisher-yates", "--shuffles", "100", "--force"]), "--force", "run");
    assert_usage_error(
        &run(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "8", "--force"]),
        "--force",
        "stdout",
    );
}

#[test]
fn a_device_is_written_only_with_force_and_gets_no_manifest() {
    let stray = Path::new("/dev/manifest.json");
    let was_there = stray.exists();
    let args = ["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "64", "--out", "/dev/null"];
    let o = run(&args);
    assert_usage_error(&o, "--out", "a device");
    assert!(stderr(&o).contains("/dev/null is a character device, not a regular file"), "{}", stderr(&o));
    let mut forced = args.to_vec();
    forced.push("--force");
    let o = run(&forced);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("manifest:"), "{}", stderr(&o));
    assert_eq!(stray.exists(), was_there, "a manifest was written beside /dev/null");
}
