//! `fair verify`: provably-fair rounds computed by CPython's own hmac and hashlib (tests/runtimes/stake, regenerated
//! by scripts/runtime-golden.sh in CI), verified through the binary; a changed card and a wrong hash are named by
//! their line, nonce and seed; bad input exits 2 naming the line.

use crate::common::*;

use std::path::{Path, PathBuf};

/// The golden rounds of one scheme, as a file of their own.
fn rounds(dir: &Path, scheme: &str) -> (PathBuf, Vec<serde_json::Value>) {
    let all = read(&repo().join("tests/runtimes/stake/expected.txt"));
    let rows: Vec<serde_json::Value> = all
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["scheme"] == scheme)
        .collect();
    assert_eq!(rows.len(), 15, "{scheme}");
    let path = dir.join(format!("{scheme}.jsonl"));
    write_rows(&path, &rows);
    (path, rows)
}

fn write_rows(path: &Path, rows: &[serde_json::Value]) {
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_casinos_rounds_verify_and_a_changed_card_or_hash_is_named() {
    let dir = tempfile::tempdir().unwrap();
    for scheme in ["stake", "stake-shuffle", "hmac-fisher-yates"] {
        let (path, mut rows) = rounds(dir.path(), scheme);
        let out = run(&["fair", "verify", "--scheme", scheme, path.to_str().unwrap()]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{scheme}: {said}{}", stderr(&out));
        assert!(said.contains("every revealed round verifies (15 of 15)"), "{scheme}: {said}");
        // Another scheme's reading of the same rounds verifies none of them.
        let other = if scheme == "stake" { "hmac-fisher-yates" } else { "stake" };
        let out = run(&["fair", "verify", "--scheme", other, path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{scheme} read as {other}");
        // Round 4 (line 4, nonce 41) shows one card changed; round 8 (nonce 2 of the second seed) a wrong hash.
        let card = rows[3]["cards"][5].as_str().unwrap().to_string();
        rows[3]["cards"][5] = serde_json::json!(if card == "♠K" { "♠Q" } else { "♠K" });
        rows[7]["server_seed_hash"] = serde_json::json!("ab".repeat(32));
        write_rows(&path, &rows);
        let out = run(&["fair", "verify", "--scheme", scheme, path.to_str().unwrap()]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{scheme}: {said}");
        let hash = rows[3]["server_seed_hash"].as_str().unwrap();
        assert!(
            said.contains(&format!("FAILED line 4, nonce 41, server seed {}…: card 6 of 52 shown is", &hash[..12])),
            "{scheme}: {said}"
        );
        assert!(said.contains("FAILED line 8, nonce 2, server seed abababababab…: the revealed server seed hashes to"));
        assert!(said.contains("2 rounds of 15 do not verify"), "{scheme}: {said}");
        // The same as JSON.
        let out = run(&["fair", "verify", "--scheme", scheme, "--json", path.to_str().unwrap()]);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((json["rounds"].as_u64(), json["verified"].as_u64()), (Some(15), Some(13)), "{json}");
        assert_eq!((json["failed"][0]["line"].as_u64(), json["failed"][0]["nonce"].as_u64()), (Some(4), Some(41)));
    }
}

#[test]
fn unrevealed_seeds_are_pending_and_bad_input_is_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut rows) = rounds(dir.path(), "stake");
    for row in rows.iter_mut().skip(10) {
        row["server_seed"] = serde_json::Value::Null;
    }
    write_rows(&path, &rows);
    let out = run(&["fair", "verify", "--scheme", "stake", path.to_str().unwrap()]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("pending:  5 rounds (server seed not revealed yet"), "{said}");
    assert!(said.contains("every revealed round verifies (10 of 15)"), "{said}");
    let bad = dir.path().join("bad.jsonl");
    for (text_of, why) in [
        (
            "{\"server_seed_hash\": \"00\", \"client_seed\": \"c\", \"nonce\": 0, \"cards\": [\"Zz\"]}\n",
            "line 1: cards: ",
        ),
        ("\n\n{\"server_seed_hash\": \"00\"}\n", "line 3: not a round (missing field"),
        ("[1, 2]\n", "line 1: not a round"),
    ] {
        std::fs::write(&bad, text_of).unwrap();
        let out = run(&["fair", "verify", "--scheme", "stake", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text_of}");
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
    }
    for (args, why) in [
        (vec!["fair", "verify", "--scheme", "casino", bad.to_str().unwrap()], "--scheme"),
        (vec!["fair", "verify", bad.to_str().unwrap()], "--scheme"),
        (vec!["fair", "verify", "--scheme", "stake", "/dev/null"], "not a regular file"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
}

/// `fair audit`: the golden rounds' seed pairs replayed (2,000 nonces each, 6,000 whole decks) through `run`'s
/// battery and reports: PASS (a fair shuffle is called SUSPICIOUS with probability at most 1e-3), with the
/// mapping's bias stated; a file with a round that does not verify is refused; Stake's draws with replacement go
/// through the draws' battery (2,000 nonces of each pair, 52 draws each).
#[test]
fn fair_audit_replays_the_verified_rounds_into_the_battery() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut rows) = rounds(dir.path(), "hmac-fisher-yates");
    let out_dir = dir.path().join("r");
    let out = run(&[
        "fair",
        "audit",
        "--scheme",
        "hmac-fisher-yates",
        path.to_str().unwrap(),
        "--rounds",
        "2000",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.starts_with("6,000 decks replayed under scheme hmac-fisher-yates from 3 revealed pairs of seeds"));
    assert!(said.contains("48 of the 52 first cards by 1.211e-8"), "{said}");
    assert!(said.contains("PASS: no test finds a bias"), "{said}");
    assert!(out_dir.join("run.json").exists() && out_dir.join("summary.csv").exists());
    rows[2]["cards"][0] = serde_json::json!(if rows[2]["cards"][0] == "♠A" { "♠K" } else { "♠A" });
    write_rows(&path, &rows);
    let out = run(&[
        "fair",
        "audit",
        "--scheme",
        "hmac-fisher-yates",
        path.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 3, nonce 2: the round does not verify"), "{}", stderr(&out));
    let (stake, _) = rounds(dir.path(), "stake");
    let out = run(&[
        "fair",
        "audit",
        "--scheme",
        "stake",
        stake.to_str().unwrap(),
        "--rounds",
        "2000",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("6,000 rounds replayed under scheme stake") && said.contains("312,000 draws of 52 faces"));
    assert!(said.contains("draw-resolution") && said.contains("PASS: no test finds a bias"), "{said}");
    assert!(out_dir.join("stream.json").exists());
}
