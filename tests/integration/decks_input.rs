//! `run --decks` and `run --exec` on malformed input: every case gets a clear message naming the line and
//! what is wrong, never a panic; BROKEN with counts by default (exit 1), exit 2 under `--strict`, and the
//! counts gathered so far are written in reports marked partial.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

use crate::common;
use common::{bin, run_json, text};

const N: usize = 52;

/// A valid deck: the rotation of `0..52` by k (a permutation; these tests are about validity, not bias).
fn deck(k: usize) -> String {
    (0..N).map(|i| ((i + k) % N).to_string()).collect::<Vec<_>>().join(" ")
}

fn valid_decks(count: usize) -> Vec<u8> {
    (0..count).map(|k| deck(k) + "\n").collect::<String>().into_bytes()
}

fn run_decks(input: &[u8], extra: &[&str], out: &Path) -> Output {
    bin().args(["run", "--decks", "-", "--out"]).arg(out).args(extra).write_stdin(input.to_vec()).output().unwrap()
}

fn json(dir: &Path) -> serde_json::Value {
    run_json(dir)
}

/// Total of the first row of counts.csv: the number of decks counted.
fn counted(dir: &Path) -> u64 {
    let csv = std::fs::read_to_string(dir.join("counts.csv")).unwrap();
    csv.lines().nth(1).unwrap().split(',').skip(1).map(|x| x.parse::<u64>().unwrap()).sum()
}

fn assert_no_panic(o: &Output) {
    let err = text(&o.stderr);
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}

/// Ten valid decks, the bad line as line 6, ten more valid decks.
fn with_bad_line(bad: &[u8]) -> Vec<u8> {
    let mut input = valid_decks(5);
    input.extend_from_slice(bad);
    input.push(b'\n');
    input.extend_from_slice(&valid_decks(15)[..]);
    input
}

/// The malformed cases: (name, bad line 6, what the message must say).
fn cases() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let mut dup: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    dup[9] = "3".into();
    let short: Vec<String> = (0..N - 1).map(|i| i.to_string()).collect();
    let mut long: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    long.push("17".into());
    let mut garbage = b"0 1 2 ".to_vec();
    garbage.extend_from_slice(b"\x01\x02zz\x7f 4");
    let mut invalid_utf8 = b"0 1 2 \xc3\x28 5".to_vec();
    invalid_utf8.extend_from_slice(b" 6");
    let mut out_of_range: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    out_of_range[4] = "77".into();
    vec![
        (
            "duplicate",
            dup.join(" ").into_bytes(),
            "line 6: not a permutation: id 3 (♠4) appears 2 times; missing id 9 (♠10)",
        ),
        ("short line", short.join(" ").into_bytes(), "line 6: 51 cards instead of 52 (missing id 51 (♦K))"),
        ("long line", long.join(" ").into_bytes(), "line 6: 53 cards instead of 52 (id 17 (♥5) appears 2 times)"),
        ("garbage bytes", garbage, "line 6: card 4: '\\u{1}\\u{2}zz\\u{7f}' is not a card id (a whole number 0..=51)"),
        ("invalid UTF-8", invalid_utf8, "line 6: invalid UTF-8 at byte 7 of the line"),
        ("out of range", out_of_range.join(",").into_bytes(), "line 6: card 5: id 77 is outside 0..=51"),
        (
            "a 10^6-character line",
            vec![b'9'; 1_000_000],
            "line 6: line is longer than 65536 bytes (1000000 bytes); not read",
        ),
        ("not a number", b"SA S2 S3".to_vec(), "line 6: card 1: 'SA' is not a card id (a whole number 0..=51)"),
    ]
}

#[test]
fn malformed_lines_make_the_run_broken_with_counts() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, bad, message) in cases() {
        let out = tmp.path().join(name.replace(' ', "_"));
        let o = run_decks(&with_bad_line(&bad), &[], &out);
        assert_no_panic(&o);
        let stdout = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{name}: {stdout}{}", text(&o.stderr));
        assert!(stdout.contains("BROKEN"), "{name}: {stdout}");
        assert!(stdout.contains(message), "{name}: expected '{message}' in\n{stdout}");
        assert!(stdout.contains("21 decks: 20 valid, 1 invalid"), "{name}: {stdout}");
        let j = json(&out);
        assert_eq!(j["verdict"], "BROKEN", "{name}");
        assert_eq!(j["input"]["invalid_decks"], 1, "{name}");
        assert_eq!(j["input"]["first_invalid"][0]["line"], 6, "{name}");
        assert_eq!(j["input"]["partial"], false, "{name}: the whole input was read");
        assert_eq!(counted(&out), 20, "{name}: the valid decks are counted");
        let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
        assert!(csv.contains("validity,1,") && csv.contains("BROKEN"), "{name}: {csv}");
    }
}

#[test]
fn strict_stops_at_the_first_invalid_deck_with_exit_2_and_partial_reports() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, bad, message) in cases() {
        let out = tmp.path().join(name.replace(' ', "_"));
        let o = run_decks(&with_bad_line(&bad), &["--strict"], &out);
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(err.contains(message) && err.contains("--strict"), "{name}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{name}: one line: {err}");
        let j = json(&out);
        assert_eq!(j["input"]["partial"], true, "{name}");
        assert_eq!((j["input"]["valid_decks"].as_u64(), j["input"]["lines"].as_u64()), (Some(5), Some(6)), "{name}");
        assert_eq!(counted(&out), 5, "{name}: the decks before the bad one are kept");
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.lines().next().unwrap().ends_with("BROKEN (partial)"), "{name}: {md}");
    }
}

#[test]
fn a_short_first_deck_gets_a_hint_at_the_deck_size_not_at_the_base() {
    // The first deck lost its last card: the deck size counted on it is 51, and every later deck holds id 51.
    let tmp = tempfile::tempdir().unwrap();
    let first: Vec<String> = (0..N - 1).map(|c| c.to_string()).collect();
    let mut input = first.join(" ").into_bytes();
    input.push(b'\n');
    input.extend(valid_decks(5));
    let o = run_decks(&input, &[], tmp.path());
    assert_no_panic(&o);
    let stdout = text(&o.stdout);
    assert!(stdout.contains("counted on the first deck, line 1") && stdout.contains("pass --deck 52"), "{stdout}");
    assert!(!stdout.contains("--base 1"), "the ids are 0-based: {stdout}");
    // 1-based ids do get the base hint.
    let one_based: Vec<u8> = (1..=3)
        .flat_map(|k| {
            let mut d: Vec<String> = (0..N).map(|i| ((i + k) % N + 1).to_string()).collect();
            d.rotate_left(k);
            (d.join(" ") + "\n").into_bytes()
        })
        .collect();
    let o = run_decks(&one_based, &["--deck", "52"], tmp.path());
    assert!(text(&o.stdout).contains("(for 1-based ids pass --base 1)"), "{}", text(&o.stdout));
}

#[test]
fn an_unknown_card_name_is_quoted() {
    // A file of names (detected from its first deck) with a token that is no card.
    let tmp = tempfile::tempdir().unwrap();
    let input = "♠A ♠2 ♠3\n♠3 ♠A ♠2\n♠2 Joker ♠A\n黑桃A 3s S2\n";
    let o = run_decks(input.as_bytes(), &["--deck", "3"], tmp.path());
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("invalid line 3: card 2: unknown card name 'Joker'"), "{stdout}");
    assert!(stdout.contains("4 decks: 3 valid, 1 invalid"), "{stdout}");
}

#[test]
fn the_first_ten_invalid_decks_are_listed_and_all_are_counted() {
    let tmp = tempfile::tempdir().unwrap();
    let mut input = valid_decks(3);
    for _ in 0..25 {
        input.extend_from_slice(b"0 0\n");
    }
    let o = run_decks(&input, &[], tmp.path());
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout.matches("  invalid line ").count(), 10, "{stdout}");
    assert!(stdout.contains("… and 15 more invalid decks"), "{stdout}");
    assert!(stdout.contains("25 of 28 decks are invalid; the first ten: line 4: 2 cards instead of 52"), "{stdout}");
}

#[test]
fn empty_input_is_an_error_with_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    for input in [&b""[..], b"\n\n# only a comment\n"] {
        let o = run_decks(input, &[], tmp.path());
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o.stderr);
        assert!(err.starts_with("Error: --decks: standard input: no decks: the input is empty"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let o = Command::cargo_bin("shuffle-audit").unwrap().args(["run", "--decks", "/no/such/file"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--decks: cannot open /no/such/file"), "{}", text(&o.stderr));
}

#[test]
fn a_producer_that_crashes_midway_keeps_its_counts_in_partial_reports() {
    let tmp = tempfile::tempdir().unwrap();
    for (ending, status) in [("exit 3", "exited with status 3"), ("kill -SEGV $$", "was killed by signal 11")] {
        let out = tmp.path().join(status.replace(' ', "_"));
        let script = format!(
            "i=0; while [ $i -lt 200 ]; do echo '2 0 1'; echo '1 2 0'; i=$((i+1)); done; \
             echo 'Traceback: out of memory' >&2; {ending}"
        );
        let o = Command::cargo_bin("shuffle-audit")
            .unwrap()
            .args(["run", "--exec", &script, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_no_panic(&o);
        let stdout = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains(&format!("` {status}")), "{stdout}");
        assert!(stdout.contains("producer stderr: Traceback: out of memory"), "{stdout}");
        assert!(stdout.contains(&format!("BROKEN: PARTIAL (the producer {status} after 400 decks)")), "{stdout}");
        let j = json(&out);
        assert_eq!(j["verdict"], "BROKEN");
        assert_eq!(j["fault"]["kind"], "producer-failed");
        assert_eq!(j["input"]["partial"], true);
        assert_eq!(j["input"]["valid_decks"], 400);
        assert_eq!(j["input"]["producer"]["stderr_tail"][0], "Traceback: out of memory");
        assert_eq!(counted(&out), 400);
        assert_eq!(j["algorithm_label"], format!("exec:{script}"));
        assert_eq!(j["rng_label"], "-");
    }
}

#[test]
fn a_producer_that_writes_nothing_is_an_error_naming_its_status() {
    let o = Command::cargo_bin("shuffle-audit")
        .unwrap()
        .args(["run", "--exec", "echo 'no such module' >&2; exit 7"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("--exec: the output of `echo 'no such module' >&2; exit 7`: no decks: the input is empty")
            && err.contains("exited with status 7; last line of its stderr: no such module"),
        "{err}"
    );
}

#[test]
fn strict_stops_a_producer_that_would_never_end() {
    // `yes` prints a bad deck forever: --strict must stop reading, end the producer and exit 2.
    let tmp = tempfile::tempdir().unwrap();
    let o = Command::cargo_bin("shuffle-audit")
        .unwrap()
        .args(["run", "--deck", "3", "--strict", "--exec", "echo '2 0 1'; yes '1 1 1'", "--out"])
        .arg(tmp.path())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let j = json(tmp.path());
    assert_eq!(j["input"]["producer"]["stopped_by_audit"], true);
    assert_eq!(j["input"]["valid_decks"], 1);
    // The producer dies of the closed pipe or of the audit's kill: that is not its failure.
    assert_eq!(j["fault"]["kind"], "invalid-decks");
}

#[test]
fn ids_and_names_of_the_same_decks_give_the_same_counts() {
    // The decks printed by `shuffle` (fisher-yates / pcg64, seed 5) as ids, 1-based ids and names must give
    // byte-identical counts.csv, equal to counts computed here from the id lines. The run's exit status is 0
    // for PASS or SUSPICIOUS; a fair shuffle is called FAIL with probability at most 1e-9 (and the seed is
    // fixed, so the outcome is deterministic).
    let tmp = tempfile::tempdir().unwrap();
    let shuffle = |extra: &[&str]| {
        let o = Command::cargo_bin("shuffle-audit")
            .unwrap()
            .args(["shuffle", "-a", "fisher-yates", "--rng", "pcg64", "--seed", "5", "--deck", "54", "--count", "3000"])
            .args(extra)
            .output()
            .unwrap();
        assert!(o.status.success());
        o.stdout
    };
    let ids = shuffle(&[]);
    let names = shuffle(&["--names"]);
    let one_based: String = text(&ids)
        .lines()
        .map(|l| l.split(' ').map(|c| (c.parse::<u32>().unwrap() + 1).to_string()).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    let mut expected = vec![vec![0u64; 54]; 54];
    for line in text(&ids).lines() {
        for (p, c) in line.split(' ').enumerate() {
            expected[p][c.parse::<usize>().unwrap()] += 1;
        }
    }
    let mut outputs = Vec::new();
    for (label, input, extra) in
        [("ids", ids.clone(), vec![]), ("names", names, vec![]), ("one", one_based.into_bytes(), vec!["--base", "1"])]
    {
        let out = tmp.path().join(label);
        let o = run_decks(&input, &extra, &out);
        assert!(o.status.code() == Some(0), "{label}: {}{}", text(&o.stdout), text(&o.stderr));
        assert_eq!(json(&out)["input"]["format"]["kind"], if label == "names" { "names" } else { "ids" });
        outputs.push(std::fs::read(out.join("counts.csv")).unwrap());
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    let csv = text(&outputs[0]);
    for (p, line) in csv.lines().skip(1).enumerate() {
        let row: Vec<u64> = line.split(',').skip(1).map(|x| x.parse().unwrap()).collect();
        assert_eq!(row, expected[p], "position {p}");
    }
}

#[test]
fn usage_errors_name_the_flag() {
    for (args, flag) in [
        (vec!["run", "--decks", "x", "--seed", "3"], "--seed"),
        (vec!["run", "--decks", "x", "--exec", "y"], "--exec"),
        (vec!["run", "--decks", "x", "--base", "2"], "--base"),
        (vec!["run", "-a", "fisher-yates", "--strict"], "--strict"),
        (vec!["run", "--decks", "x", "--algorithm", "wash"], "--algorithm"),
        (vec!["run"], "--algorithm"),
    ] {
        let o = Command::cargo_bin("shuffle-audit").unwrap().args(&args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}

/// splitmix64 (Steele, Lea and Flood 2014), the tests' named generator for the decks they write.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in 0..=i by rejection (no modulo bias).
    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let r = self.next();
            if r < zone {
                return r % bound;
            }
        }
    }
}

/// `shoes` shoes of `copies` × 52 cards written by face (ids 0..52, each `copies` times), shuffled by
/// Fisher–Yates from the top down; `steps` of its n − 1 swaps are made (all of them: a fair shoe; half: a shoe
/// whose first half still holds the cards the swaps did not reach, in their starting order by face).
fn face_shoes(shoes: usize, copies: usize, steps: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix(seed);
    let n = 52 * copies;
    let mut out = String::new();
    for _ in 0..shoes {
        let mut shoe: Vec<usize> = (0..n).map(|c| c % 52).collect();
        for i in (1..n).rev().take(steps) {
            let j = rng.below(i as u64 + 1) as usize;
            shoe.swap(i, j);
        }
        out.push_str(&shoe.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
        out.push('\n');
    }
    out.into_bytes()
}

#[test]
fn a_shoe_written_by_face_ids_is_read_with_copies() {
    let dir = tempfile::tempdir().unwrap();
    let fair = dir.path().join("fair.txt");
    let half = dir.path().join("half.txt");
    std::fs::write(&fair, face_shoes(2000, 6, 311, 1)).unwrap();
    std::fs::write(&half, face_shoes(2000, 6, 155, 2)).unwrap();
    let shoe = |file: &Path, extra: &[&str], out: &str| {
        let o = bin()
            .args(["run", "--decks"])
            .arg(file)
            .args(["--deck", "52", "--copies", "6", "--out"])
            .arg(dir.path().join(out))
            .args(extra)
            .output()
            .unwrap();
        assert_no_panic(&o);
        o
    };
    // Every shoe test, alone or as the shoe battery, with or without --format ids. A fair shoe is SUSPICIOUS or
    // worse with probability 1e-3 (the family-wise threshold); the seeds are fixed, so the run is repeatable.
    for (k, extra) in [
        &[][..],
        &["--format", "ids"],
        &["--tests", "shoe"],
        &["--tests", "clumping"],
        &["--tests", "face-serial"],
        &["--tests", "face-by-position,face-adjacency"],
    ]
    .into_iter()
    .enumerate()
    {
        let o = shoe(&fair, extra, &format!("fair{k}"));
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {out}{}", text(&o.stderr));
        assert!(out.contains("PASS") && out.contains("2000 valid"), "{extra:?}: {out}");
        let j = json(&dir.path().join(format!("fair{k}")));
        assert_eq!(j["input"]["format"]["kind"], "face-ids", "{extra:?}");
        assert_eq!(j["input"]["valid_decks"], 2000);
    }
    // Half a shuffle leaves the first half of the shoe in its starting order by face: every shoe test that sees
    // it FAILs (far below 1e-9 at 2,000 shoes; a fair shoe FAILs with probability 1e-9).
    for (k, extra) in [&["--tests", "shoe"][..], &["--tests", "face-by-position"], &["--tests", "face-adjacency"]]
        .into_iter()
        .enumerate()
    {
        let o = shoe(&half, extra, &format!("half{k}"));
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {}", text(&o.stdout));
        assert!(text(&o.stdout).contains("FAIL"), "{extra:?}: {}", text(&o.stdout));
    }
}

#[test]
fn every_shoe_test_applies_to_a_shoe_of_ids() {
    // The shoe's own ids 0..312, uniformly shuffled: the shoe tests apply as they do to a built-in shoe.
    let mut rng = SplitMix(3);
    let mut input = String::new();
    for _ in 0..1000 {
        let mut shoe: Vec<usize> = (0..312).collect();
        for i in (1..312).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            shoe.swap(i, j);
        }
        input.push_str(&shoe.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
        input.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    for tests in ["shoe", "clumping", "face-serial"] {
        let out = dir.path().join(tests);
        let o = run_decks(input.as_bytes(), &["--deck", "52", "--copies", "6", "--tests", tests], &out);
        // Exit 0 unless the family-wise p is below 1e-9 (probability 1e-9 for these fair shoes).
        assert_eq!(o.status.code(), Some(0), "{tests}: {}{}", text(&o.stdout), text(&o.stderr));
        assert_eq!(json(&out)["input"]["format"]["kind"], "ids");
    }
}

#[test]
fn a_shoe_without_its_copies_is_told_to_add_them() {
    let dir = tempfile::tempdir().unwrap();
    let input = face_shoes(1000, 2, 103, 4);
    // Read as one deck of 104 cards: each line says that it is a shoe of 2 decks of 52.
    let o = run_decks(&input, &[], &dir.path().join("a"));
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.contains("each of the 52 cards id 0 (♠A) to id 51 (♦K) appears 2 times: a shoe of 2 decks of 52 cards is read with --deck 52 --copies 2"),
        "{out}"
    );
    // And with them it is a shoe of faces (exit 0 unless the family-wise p of these fair shoes is below 1e-9).
    let o = run_decks(&input, &["--deck", "52", "--copies", "2"], &dir.path().join("b"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    // Too many copies for --copies: the message names the face, the count and the copies the shoe holds.
    let o = run_decks(&face_shoes(5, 3, 155, 5), &["--deck", "52", "--copies", "2"], &dir.path().join("c"));
    let out = text(&o.stdout);
    assert!(out.contains("156 cards instead of 104") && out.contains("--deck 52 --copies 3)"), "{out}");
    assert!(!out.contains("missing id 52"), "{out}");
}

#[test]
fn a_file_with_no_valid_deck_is_broken_naming_its_first_lines() {
    let dir = tempfile::tempdir().unwrap();
    // Lines read as decks, none valid: BROKEN, exit 1, the lines named.
    let o = run_decks(b"0 0 2\n1 1 2\n2 2 0\n", &[], &dir.path().join("a"));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("BROKEN") && out.contains("line 1: not a permutation") && out.contains("line 3: "), "{out}");
    // No line from which a deck can even be counted: BROKEN too (it was a usage error, exit 2), the first three
    // lines named with what is wrong.
    let o = run_decks(b"7\n\nhello\n\xff\xfe 1\n5\n", &[], &dir.path().join("b"));
    assert_no_panic(&o);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.starts_with("BROKEN: --decks: "), "{err}");
    assert!(err.contains("no line could be read as a deck (4 invalid; line 1: cannot infer the deck size"), "{err}");
    assert!(err.contains("; line 3: ") && err.contains("; line 4: invalid UTF-8") && err.contains("; …)"), "{err}");
    // Under --strict it stays a usage error.
    let o = run_decks(b"7\n5\n", &["--strict"], &dir.path().join("c"));
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}

#[test]
fn max_decks_reads_only_the_first_decks() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = valid_decks(30);
    input.extend_from_slice(b"0 0 0\n");
    let out = dir.path().join("a");
    // (Rotations of one deck: not random, they FAIL; the point is that the invalid line is never read.)
    let o = run_decks(&input, &["--max-decks", "30"], &out);
    assert!(!text(&o.stdout).contains("BROKEN") && !text(&o.stdout).contains("invalid line"), "{}", text(&o.stdout));
    assert_eq!(counted(&out), 30);
    assert_eq!(json(&out)["input"]["invalid_decks"], 0);
    assert_eq!(json(&out)["input"]["partial"], false);
    // The line after the 30th is read without it.
    let o = run_decks(&input, &["--max-decks", "31"], &dir.path().join("b"));
    let out = text(&o.stdout);
    assert!(out.contains("BROKEN: invalid-decks: 1 of 31 decks are invalid"), "{out}");
    // One card three times is no shoe: no hint to read it as one.
    assert!(
        out.contains("line 31: 3 cards instead of 52 (id 0 (♠A) appears 3 times; missing") && !out.contains("--copies"),
        "{out}"
    );
    // A producer that would print for ever is stopped after N decks, and has not failed.
    let line = deck(7);
    let o = bin()
        .args(["run", "--exec", &format!("yes '{line}'"), "--max-decks", "2000", "--out"])
        .arg(dir.path().join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "identical decks FAIL: {}{}", text(&o.stdout), text(&o.stderr));
    assert!(!text(&o.stdout).contains("BROKEN"), "{}", text(&o.stdout));
    assert_eq!(json(&dir.path().join("c"))["input"]["decks"], 2000);
    // Where it does not apply, it is refused, never ignored.
    common::assert_usage_error(
        &common::run(&["run", "-a", "fisher-yates", "--shuffles", "1000", "--max-decks", "10"]),
        "--max-decks",
        "a built-in run",
    );
    let o = run_decks(&input, &["--max-decks", "0"], &dir.path().join("d"));
    assert_eq!(o.status.code(), Some(2));
}
