//! `export raw|bits|draws`, `run --save-decks` and `verify`: the bytes (packed by hand, the draws against the
//! real shuffle), the streaming rules (a closed pipe, a full disk, an unlimited export to a file), the manifest
//! and what `verify` catches.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use sha2::{Digest, Sha256};

use crate::common;
use common::{assert_usage_error, bin_path, run, stderr, stdout};

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

fn entry<'a>(m: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    m["files"].as_array().unwrap().iter().find(|f| f["name"] == name).unwrap_or_else(|| panic!("no entry {name}: {m}"))
}

/// A run that finished (PASS or SUSPICIOUS: 0, FAIL: 1).
fn ran(args: &[&str]) -> std::process::Output {
    let out = run(args);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", stderr(&out));
    out
}

fn ok(args: &[&str]) -> std::process::Output {
    let out = run(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    out
}

#[test]
fn msvc_is_packed_fifteen_bits_at_a_time_most_significant_first() {
    // srand(1): 41, 18467, 6334, 26500, 19169, … Their 15-bit forms end to end, cut into 32-bit words, each
    // word little-endian.
    let bits: String = [41u32, 18467, 6334, 26500, 19169].iter().map(|v| format!("{v:015b}")).collect();
    let word = |i: usize| u32::from_str_radix(&bits[32 * i..32 * (i + 1)], 2).unwrap();
    let want: Vec<u8> = [word(0), word(1)].iter().flat_map(|w| w.to_le_bytes()).collect();
    let out = ok(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "8"]);
    assert_eq!(out.stdout, want);
    assert_eq!(out.stdout, [0x8c, 0x20, 0x53, 0x00, 0x49, 0x78, 0xf6, 0xc5]);
    // raw32: one output per word, with a warning about the 17 zero bits on top.
    let out = ok(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "12", "--words", "raw32"]);
    let want: Vec<u8> = [41u32, 18467, 6334].iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(out.stdout, want);
    assert!(stderr(&out).contains("warning: --words raw32"), "{}", stderr(&out));
}

#[test]
fn thirty_two_bit_generators_are_the_same_bytes_in_both_layouts() {
    for rng in ["chacha8", "chacha20", "pcg32", "pcg64"] {
        let packed = ok(&["export", "raw", "--rng", rng, "--seed", "5", "--bytes", "4096"]);
        let raw32 = ok(&["export", "raw", "--rng", rng, "--seed", "5", "--bytes", "4096", "--words", "raw32"]);
        assert_eq!(packed.stdout.len(), 4096);
        assert_eq!(packed.stdout, raw32.stdout, "{rng}");
        assert!(!stderr(&raw32).contains("warning"), "{rng}: {}", stderr(&raw32));
    }
    // chacha8's words are rand_chacha's next_u32, little-endian.
    use rand_chacha::rand_core::{Rng, SeedableRng};
    let mut g = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let want: Vec<u8> = (0..1024).flat_map(|_| g.next_u32().to_le_bytes()).collect();
    assert_eq!(ok(&["export", "raw", "--rng", "chacha8", "--seed", "5", "--bytes", "4096"]).stdout, want);
}

#[test]
fn bytes_are_exact_and_a_multiple_of_four() {
    for (arg, len) in [("1e3", 1000), ("2^10", 1024), ("4", 4), ("1048580", 1048580)] {
        assert_eq!(ok(&["export", "raw", "--rng", "glibc", "--seed", "2", "--bytes", arg]).stdout.len(), len, "{arg}");
    }
    assert_usage_error(&run(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "6"]), "--bytes", "not x4");
    assert_usage_error(&run(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "0"]), "--bytes", "zero");
}

/// Starts the export, reads `take` bytes of its output and closes the pipe: it must end quietly with status 0.
fn closed_pipe_ends_quietly(args: &[&str], take: usize) {
    let mut child = Command::new(bin_path()).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = vec![0u8; take];
    stdout.read_exact(&mut buf).unwrap();
    drop(stdout);
    let mut err = child.stderr.take().unwrap();
    let status =
        common::wait_or_kill(&mut child, std::time::Duration::from_secs(60), "the export after its reader left");
    let mut said = String::new();
    err.read_to_string(&mut said).unwrap();
    assert_eq!(status.code(), Some(0), "{args:?}: {said}");
    assert!(said.is_empty(), "{args:?} said: {said}");
}

#[test]
fn a_closed_pipe_ends_every_export_quietly() {
    closed_pipe_ends_quietly(&["export", "raw", "--rng", "chacha20", "--seed", "1"], 100);
    closed_pipe_ends_quietly(&["export", "raw", "--rng", "msvc", "--seed", "1"], 100);
    closed_pipe_ends_quietly(&["export", "draws", "--rng", "pcg32", "--seed", "1", "--range", "52"], 100);
    closed_pipe_ends_quietly(&["export", "bits", "-a", "fisher-yates", "--seed", "1", "--shuffles", "2^40"], 100);
}

#[test]
fn a_full_disk_is_an_error_naming_the_file() {
    if !Path::new("/dev/full").exists() {
        eprintln!("no /dev/full here: not checked");
        return;
    }
    // A device is written to only with --force.
    for args in [
        &["export", "raw", "--rng", "chacha8", "--seed", "1", "--bytes", "1e6", "--out", "/dev/full", "--force"][..],
        &[
            "export",
            "draws",
            "--rng",
            "msvc",
            "--seed",
            "1",
            "--range",
            "6",
            "--count",
            "1e6",
            "--out",
            "/dev/full",
            "--force",
        ],
        &["export", "bits", "-a", "fisher-yates", "--seed", "1", "--shuffles", "1e5", "--out", "/dev/full", "--force"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("/dev/full"), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("manifest:"), "{args:?} claims a manifest: {}", stderr(&out));
    }
    // A file exported once, then again onto a full disk (a link to /dev/full): its manifest no longer claims it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("raw.bin");
    let f = file.to_str().unwrap();
    ok(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "64", "--out", f]);
    ok(&[
        "export",
        "raw",
        "--rng",
        "msvc",
        "--seed",
        "1",
        "--bytes",
        "64",
        "--out",
        dir.path().join("other.bin").to_str().unwrap(),
    ]);
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink("/dev/full", &file).unwrap();
    // A link is written through only with --force (its target would be replaced).
    let out = run(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "1e6", "--out", f, "--force"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("raw.bin") && stderr(&out).contains("No space left"), "{}", stderr(&out));
    let m = manifest(dir.path());
    let names: Vec<&str> = m["files"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["other.bin"]);
}

#[test]
fn an_unlimited_export_to_a_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("raw.bin");
    let f = file.to_str().unwrap();
    assert_usage_error(&run(&["export", "raw", "--rng", "msvc", "--seed", "1", "--out", f]), "--out", "raw");
    assert_usage_error(
        &run(&["export", "draws", "--rng", "msvc", "--seed", "1", "--range", "3", "--out", f]),
        "--out",
        "draws",
    );
    assert!(!file.exists() && !dir.path().join("manifest.json").exists());
    let m = dir.path().join("m.json");
    let out = run(&[
        "export",
        "raw",
        "--rng",
        "msvc",
        "--seed",
        "1",
        "--bytes",
        "8",
        "--out",
        f,
        "--manifest",
        m.to_str().unwrap(),
    ]);
    assert_usage_error(&out, "--manifest", "both");
}

#[test]
fn the_manifest_lists_every_file_with_its_hash_and_command() {
    let dir = tempfile::tempdir().unwrap();
    let raw = dir.path().join("msvc.bin");
    ok(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "4096", "--out", raw.to_str().unwrap()]);
    let draws = dir.path().join("draws.txt");
    ok(&[
        "export",
        "draws",
        "--rng",
        "glibc",
        "--seed",
        "4",
        "--range",
        "52",
        "--count",
        "100",
        "--out",
        draws.to_str().unwrap(),
    ]);
    let m = manifest(dir.path());
    assert_eq!(m["tool"], "shuffle-audit");
    assert!(m["version"].is_string());
    assert_eq!(m["binary_sha256"], sha256_hex(&std::fs::read(bin_path()).unwrap()));
    let e = entry(&m, "msvc.bin");
    let bytes = std::fs::read(&raw).unwrap();
    assert_eq!(e["bytes"], 4096);
    assert_eq!(e["sha256"], sha256_hex(&bytes));
    assert_eq!(e["kind"], "raw");
    assert_eq!(e["generator"], "msvc");
    assert_eq!(e["seed"], 1);
    assert_eq!(e["seeding"], "srand(seed)");
    assert_eq!(e["counts"]["words"], 1024);
    assert_eq!(e["partial"], false);
    let command = e["command"].as_str().unwrap();
    assert!(command.starts_with("shuffle-audit export raw --rng msvc --seed 1 --bytes 4096 --out "), "{command}");
    let e = entry(&m, "draws.txt");
    assert_eq!(e["kind"], "draws");
    assert_eq!(e["counts"]["draws"], 100);
    assert_eq!(std::fs::read_to_string(&draws).unwrap().lines().count(), 100);
    // Again into the same folder: the entry is replaced, not added.
    ok(&["export", "raw", "--rng", "msvc", "--seed", "2", "--bytes", "8", "--out", raw.to_str().unwrap()]);
    let m = manifest(dir.path());
    assert_eq!(m["files"].as_array().unwrap().len(), 2);
    assert_eq!(entry(&m, "msvc.bin")["seed"], 2);
    // A seed drawn from the operating system is in the command that reproduces the file.
    let out = ok(&["export", "raw", "--rng", "pcg32", "--bytes", "16", "--out", raw.to_str().unwrap()]);
    let seed = stderr(&out).split_whitespace().nth(1).unwrap().to_string();
    let e = entry(&manifest(dir.path()), "msvc.bin").clone();
    assert!(e["command"].as_str().unwrap().ends_with(&format!("--seed {seed}")), "{e}");
    // Standard output with --manifest: an entry named `-` with the bytes and hash of what was written.
    let m = dir.path().join("stdout.json");
    let out =
        ok(&["export", "raw", "--rng", "chacha12", "--seed", "3", "--bytes", "64", "--manifest", m.to_str().unwrap()]);
    let sm: serde_json::Value = serde_json::from_slice(&std::fs::read(&m).unwrap()).unwrap();
    assert_eq!(entry(&sm, "-")["sha256"], sha256_hex(&out.stdout));
}

fn verify(manifest: &Path) -> std::process::Output {
    run(&["verify", manifest.to_str().unwrap()])
}

#[test]
fn verify_catches_a_changed_byte_in_any_file_a_truncation_and_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    ok(&["export", "raw", "--rng", "msvc", "--seed", "1", "--bytes", "1000", "--out", &p("raw.bin")]);
    ok(&["export", "draws", "--rng", "msvc", "--seed", "1", "--range", "7", "--count", "50", "--out", &p("draws.txt")]);
    ok(&["export", "bits", "-a", "fisher-yates", "--seed", "1", "--shuffles", "1000", "--out", &p("bits.bin")]);
    ok(&[
        "run",
        "-a",
        "fisher-yates",
        "--seed",
        "1",
        "--shuffles",
        "200",
        "--deck",
        "8",
        "--out",
        &p("run"),
        "--save-decks",
        &p("decks.txt"),
    ]);
    let m = dir.path().join("manifest.json");
    let out = verify(&m);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("4 ok, 0 changed, 0 missing"), "{}", stdout(&out));
    assert!(stdout(&out).contains("is the one that wrote"), "{}", stdout(&out));
    for name in ["raw.bin", "draws.txt", "bits.bin", "decks.txt"] {
        let path = dir.path().join(name);
        let good = std::fs::read(&path).unwrap();
        for at in [0, good.len() / 2, good.len() - 1] {
            let mut bad = good.clone();
            bad[at] ^= 0x01;
            std::fs::write(&path, &bad).unwrap();
            let out = verify(&m);
            assert_eq!(out.status.code(), Some(1), "{name} byte {at}: {}", stdout(&out));
            assert!(stdout(&out).contains(&format!("CHANGED  {name}")), "{}", stdout(&out));
        }
        std::fs::write(&path, &good[..good.len() - 1]).unwrap();
        let out = verify(&m);
        assert_eq!(out.status.code(), Some(1));
        assert!(stdout(&out).contains(&format!("CHANGED  {name} (now {} bytes)", good.len() - 1)), "{}", stdout(&out));
        std::fs::remove_file(&path).unwrap();
        let out = verify(&m);
        assert_eq!(out.status.code(), Some(1));
        assert!(stdout(&out).contains(&format!("MISSING  {name}")), "{}", stdout(&out));
        std::fs::write(&path, &good).unwrap();
        assert_eq!(verify(&m).status.code(), Some(0));
    }
    // A manifest that cannot be read: exit 2, naming it.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"{\"tool\": 1}").unwrap();
    assert_usage_error(&verify(&bad), "bad.json", "malformed");
    assert_usage_error(&verify(&dir.path().join("none.json")), "none.json", "absent");
    let mut escaping = manifest(dir.path());
    escaping["files"][0]["name"] = "../raw.bin".into();
    std::fs::write(&bad, serde_json::to_vec(&escaping).unwrap()).unwrap();
    assert_usage_error(&verify(&bad), "../raw.bin", "a name outside the folder");
}

#[test]
fn fisher_yates_draws_are_the_swap_indices_of_the_real_shuffle() {
    // Draws of range i+1 of `export draws -a fisher-yates` are the swap index of step i (i = n−1 … 1) of
    // `shuffle`'s decks from the same seed, shuffle after shuffle.
    let (n, count) = (10usize, 6usize);
    let mut index = vec![Vec::new(); n + 1];
    for (k, draws) in index.iter_mut().enumerate().skip(2) {
        let out = ok(&[
            "export",
            "draws",
            "--rng",
            "msvc",
            "--seed",
            "3",
            "-a",
            "fisher-yates",
            "--deck",
            "10",
            "--shuffles",
            "6",
            "--range",
            &k.to_string(),
        ]);
        *draws = stdout(&out).lines().map(|l| l.parse::<usize>().unwrap()).collect();
        assert_eq!(draws.len(), count, "range {k}");
    }
    let decks =
        stdout(&ok(&["shuffle", "-a", "fisher-yates", "--rng", "msvc", "--seed", "3", "--deck", "10", "--count", "6"]));
    for (s, line) in decks.lines().enumerate() {
        let real: Vec<usize> = line.split(' ').map(|c| c.parse().unwrap()).collect();
        let mut deck: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            deck.swap(i, index[i + 1][s]);
        }
        assert_eq!(deck, real, "shuffle {s}");
    }
    // --words u32: the same draws as little-endian words.
    let text = stdout(&ok(&["export", "draws", "--rng", "msvc", "--seed", "3", "--range", "52", "--count", "20"]));
    let words =
        ok(&["export", "draws", "--rng", "msvc", "--seed", "3", "--range", "52", "--count", "20", "--words", "u32"]);
    let from_words: Vec<u32> = words.stdout.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(from_words, text.lines().map(|l| l.parse().unwrap()).collect::<Vec<u32>>());
}

#[test]
fn draws_refuse_what_does_not_apply() {
    let base = ["export", "draws", "--rng", "msvc", "--seed", "1"];
    let with = |more: &[&str]| run(&[&base[..], more].concat());
    assert_usage_error(&with(&["--range", "5", "-a", "riffle"]), "-a", "riffle");
    assert_usage_error(&with(&["--range", "5", "-a", "sort-random-comparator"]), "-a", "a comparator");
    assert_usage_error(&with(&["--range", "5", "--shuffles", "3"]), "--shuffles", "no -a");
    assert_usage_error(&with(&["--range", "5", "--deck", "3"]), "--deck", "no -a");
    assert_usage_error(&with(&["--range", "5", "-a", "fisher-yates", "--count", "3"]), "--count", "-a");
    assert_usage_error(&with(&["--range", "60", "-a", "fisher-yates"]), "--range", "never drawn");
    assert_usage_error(&with(&["--range", "0"]), "--range", "zero");
}

#[test]
fn bits_of_four_cards_are_four_bits_a_kept_deck() {
    let out = ok(&[
        "export",
        "bits",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg32",
        "--seed",
        "9",
        "--deck",
        "4",
        "--shuffles",
        "4000",
    ]);
    let err = stderr(&out);
    // 16 of the 24 orders are kept: about two thirds of the decks.
    let kept: u64 = err.split(" kept").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!((2400..2933).contains(&kept), "{err}");
    assert_eq!(out.stdout.len() as u64, kept * 4 / 32 * 4, "{err}");
    // Each 4-bit value about equally often (16 cells of ~167: a χ² far beyond 60 on 15 df has p < 1e-6).
    let mut counts = [0f64; 16];
    for b in &out.stdout {
        counts[usize::from(b >> 4)] += 1.0;
        counts[usize::from(b & 15)] += 1.0;
    }
    let e = counts.iter().sum::<f64>() / 16.0;
    let chi2: f64 = counts.iter().map(|c| (c - e) * (c - e) / e).sum();
    assert!(chi2 < 60.0, "{counts:?}");
    let copies = run(&["export", "bits", "-a", "fisher-yates", "--seed", "1", "--copies", "2"]);
    assert_usage_error(&copies, "--copies", "repeated cards");
}

#[test]
fn bits_of_a_file_name_its_hash_and_match_the_built_in_decks() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // The decks a run counts, saved, then exported from the file: the same bits as exported from the shuffle.
    let args = ["-a", "naive-swap", "--rng", "msvc", "--seed", "11", "--deck", "12", "--shuffles", "20000"];
    ran(&[&["run"][..], &args, &["--out", &p("run"), "--save-decks", &p("decks.txt"), "--tests", "position-card"]]
        .concat());
    let built_in = ok(&[&["export", "bits"][..], &args].concat());
    let from_file = ok(&["export", "bits", "--decks", &p("decks.txt"), "--out", &p("bits.bin")]);
    assert_eq!(std::fs::read(p("bits.bin")).unwrap(), built_in.stdout, "{}", stderr(&from_file));
    let m = manifest(dir.path());
    let input = &entry(&m, "bits.bin")["input"];
    assert_eq!(input["kind"], "decks");
    assert_eq!(input["sha256"], sha256_hex(&std::fs::read(p("decks.txt")).unwrap()));
    assert_eq!(entry(&m, "bits.bin")["counts"]["decks_read"], 20000);
}

/// The position-card row of a run's summary.csv: statistic and p-value.
fn position_card(dir: &Path) -> (String, String) {
    let (header, rows) = common::csv_rows(&dir.join("summary.csv"));
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = rows.iter().find(|r| r[col("test")] == "position-card").unwrap();
    (row[col("statistic")].clone(), row[col("p_value")].clone())
}

#[test]
fn saved_decks_read_back_give_the_same_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for (name, post) in [("plain", &[][..]), ("cut", &["--cut", "--burn", "3"][..])] {
        let decks = p(&format!("{name}.txt"));
        let args = [
            "run",
            "-a",
            "naive-swap",
            "--rng",
            "msvc",
            "--seed",
            "5",
            "--deck",
            "9",
            "--shuffles",
            "40000",
            "--tests",
            "position-card",
        ];
        let out = run(&[&args[..], post, &["--out", &p(&format!("{name}-a")), "--save-decks", &decks]].concat());
        assert!(out.status.code().is_some_and(|c| c <= 1), "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&decks).unwrap().lines().count(), 40000);
        let back = run(&["run", "--decks", &decks, "--tests", "position-card", "--out", &p(&format!("{name}-b"))]);
        assert!(back.status.code().is_some_and(|c| c <= 1), "{}", stderr(&back));
        let (a, b) = (
            position_card(&dir.path().join(format!("{name}-a"))),
            position_card(&dir.path().join(format!("{name}-b"))),
        );
        assert_eq!(a, b, "{name}");
        let m = manifest(dir.path());
        let e = entry(&m, &format!("{name}.txt"));
        assert_eq!(e["kind"], "decks");
        assert_eq!(e["counts"]["decks"], 40000);
        assert_eq!(e["sha256"], sha256_hex(&std::fs::read(&decks).unwrap()));
    }
    // The cut deck saved is the processed one: its first deck is not naive-swap's first deck.
    let first = |f: &str| std::fs::read_to_string(p(f)).unwrap().lines().next().unwrap().to_string();
    assert_ne!(first("plain.txt"), first("cut.txt"));
    // Decks read from a file are saved as they stream, as ids: the same file back.
    ran(&[
        "run",
        "--decks",
        &p("plain.txt"),
        "--tests",
        "position-card",
        "--out",
        &p("c"),
        "--save-decks",
        &p("again.txt"),
    ]);
    assert_eq!(std::fs::read(p("again.txt")).unwrap(), std::fs::read(p("plain.txt")).unwrap());
}

#[test]
fn save_decks_is_refused_where_it_does_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("d.txt");
    let f = f.to_str().unwrap();
    let base = ["run", "-a", "fisher-yates", "--seed", "1", "--shuffles", "100", "--save-decks", f];
    for (more, flag) in [
        (&["--progressive"][..], "--progressive"),
        (&["--shard", "1/2"][..], "--shard"),
        (&["--copies", "2", "--deck", "104"][..], "--copies"),
        (&["--game", "doudizhu"][..], "--game"),
    ] {
        let out = run(&[&base[..], more].concat());
        assert_usage_error(&out, flag, flag);
        assert!(stderr(&out).contains("--save-decks"), "{}", stderr(&out));
    }
    let out = run(&["run", "--resume", "x.state", "--save-decks", f]);
    assert_usage_error(&out, "--resume", "--resume");
    assert!(!Path::new(f).exists());
}

#[test]
fn ctrl_c_stops_an_unlimited_export_and_its_manifest_says_what_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("m.json");
    let mut child = Command::new(bin_path())
        .args(["export", "raw", "--rng", "chacha8", "--seed", "1", "--manifest", m.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A reader that keeps every byte, so that the manifest's hash can be checked against them.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        stdout.read_to_end(&mut all).unwrap();
        all
    });
    common::wait_until("a few mebibytes written", std::time::Duration::from_secs(30), || {
        common::cpu_seconds(child.id()) > 0.05
    });
    // SAFETY: a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let status = common::wait_or_kill(&mut child, std::time::Duration::from_secs(30), "export raw after SIGINT");
    let bytes = reader.join().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(!bytes.is_empty() && bytes.len() % 4 == 0, "{} bytes", bytes.len());
    let sm: serde_json::Value = serde_json::from_slice(&std::fs::read(&m).unwrap()).unwrap();
    let e = entry(&sm, "-");
    assert_eq!(e["bytes"], bytes.len() as u64);
    assert_eq!(e["sha256"], sha256_hex(&bytes));
    assert_eq!(e["partial"], true);
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path that lives across the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// Runs the binary, failing (after killing it) if it has not ended within 20 s: a reader that waits on a FIFO
/// nobody writes, or reads /dev/zero for ever, fails here instead of hanging the suite.
fn within(args: &[&str]) -> std::process::Output {
    let mut child = Command::new(bin_path())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("{args:?} did not end within 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Files that must be regular (a manifest, the decks `crack --shown` reads, the files `verify` hashes) are
/// refused at once when they are a FIFO or a device, naming what they are; before, each of these waited or read
/// for ever.
#[test]
fn devices_and_fifos_are_refused_at_once_where_a_regular_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let fifo = fifo.to_str().unwrap();
    for path in ["/dev/zero", fifo] {
        let out = within(&["crack", "--rng", "v8", "-a", "fisher-yates", "--shown", path]);
        assert_usage_error(&out, "--shown", path);
        assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
        let out = within(&["verify", path]);
        assert!(matches!(out.status.code(), Some(1 | 2)), "verify {path}: {}", stderr(&out));
        assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
        let out = within(&["export", "raw", "--rng", "chacha8", "--seed", "1", "--bytes", "64", "--manifest", path]);
        assert!(!out.status.success(), "--manifest {path}");
        assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
    }
}

/// `export bits --decks` reads a FIFO once (before, it hashed the FIFO's whole content first, then opened it a
/// second time and waited for ever), and a device is not hashed first: SIGTERM stops its reading.
#[test]
fn export_bits_reads_a_fifo_once_and_stops_reading_a_device_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("decks.fifo");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            for i in 0..200u32 {
                let mut deck: Vec<u32> = (0..12).collect();
                deck.rotate_left((i % 12) as usize);
                text.push_str(&deck.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
                text.push('\n');
            }
            std::fs::write(fifo, text).unwrap();
        })
    };
    let bits = dir.path().join("bits.bin");
    let out = within(&["export", "bits", "--decks", fifo.to_str().unwrap(), "--out", bits.to_str().unwrap()]);
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = manifest(dir.path());
    assert_eq!(entry(&m, "bits.bin")["counts"]["decks_read"], 200);
    assert!(entry(&m, "bits.bin")["input"].get("sha256").is_none(), "a FIFO has no hash: it is read once");

    let child = Command::new(bin_path())
        .args(["export", "bits", "--decks", "/dev/zero", "--deck", "52", "--out"])
        .arg(dir.path().join("zero.bin"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let start = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(10), "took {:?} to stop", start.elapsed());
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
}

/// An export without an amount into a closed standard output (`>&-`, which the standard library's start-up
/// reopens as /dev/null) or /dev/null is refused at once, naming it; before, it wrote into nothing for ever.
#[test]
fn an_export_into_a_closed_standard_output_is_refused() {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(bin_path());
    command.args(["export", "raw", "--rng", "chacha8", "--seed", "1"]).stderr(Stdio::piped());
    // SAFETY: close(2) in the child between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("the export into a closed standard output did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("standard output"), "{}", stderr(&out));
}

/// An export to a file larger than its file system's free space is refused before any byte, naming --bytes;
/// before, `--bytes 2^62` wrote until the disk was full.
#[test]
fn an_export_to_a_file_that_cannot_fit_is_refused_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("huge.bin");
    let out =
        run(&["export", "raw", "--rng", "chacha8", "--seed", "1", "--bytes", "2^62", "--out", file.to_str().unwrap()]);
    assert_usage_error(&out, "--bytes", "more bytes than the disk has");
    assert!(!file.exists(), "nothing was written");
}

/// The same into /dev/null itself; with an amount, an export into /dev/null ends and succeeds.
#[test]
fn an_endless_export_into_dev_null_is_refused_and_a_bounded_one_runs() {
    let null = || Stdio::from(std::fs::File::create("/dev/null").unwrap());
    let out = Command::new(bin_path())
        .args(["export", "raw", "--rng", "chacha8", "--seed", "1"])
        .stdout(null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("/dev/null") && stderr(&out).contains("--bytes"), "{}", stderr(&out));
    let out = Command::new(bin_path())
        .args(["export", "raw", "--rng", "chacha8", "--seed", "1", "--bytes", "4096"])
        .stdout(null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A shuffle that makes no permutation (direct-draw draws every card with replacement) gives export bits
/// nothing to rank: refused naming -a, with no file left; before, it exited 0 having written 0 bytes.
#[test]
fn export_bits_of_a_shuffle_that_makes_no_permutation_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dd.bin");
    let out = run(&[
        "export",
        "bits",
        "-a",
        "direct-draw",
        "--shuffles",
        "1000",
        "--seed",
        "1",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_usage_error(&out, "-a: direct-draw", "no permutation");
    assert!(!file.exists() && !dir.path().join("manifest.json").exists());
}
