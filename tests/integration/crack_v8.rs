//! `crack --rng v8 -a fisher-yates --shown FILE` on deals printed by the real Node
//! (`tests/runtimes/node/deals.js`): seeded with `--random_seed` and unseeded (the state from the operating
//! system), starting at a refill of the cache or in the middle of one. The code under test never sees the seed
//! or the state, only the shown decks (`shown-NAME.txt`); the deal Node printed next (`next-NAME.txt`) must be
//! the one predicted. Too few cards, decks that are not V8's, and bad files and flags are refused clearly.

use crate::common;

use std::path::PathBuf;

use common::{assert_usage_error, read, run, stderr, stdout};

fn fixture(name: &str) -> PathBuf {
    common::repo().join("tests/runtimes/node").join(name)
}

/// `crack --rng v8 -a fisher-yates --shown FILE` with more arguments.
fn crack(file: &str, more: &[&str]) -> std::process::Output {
    let mut args = vec!["crack", "--rng", "v8", "-a", "fisher-yates", "--shown", file];
    args.extend_from_slice(more);
    run(&args)
}

fn temp_with(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
    f
}

#[test]
fn the_next_deal_node_printed_is_predicted() {
    // (fixture, node's seed if any, the cards the state needed: fewer when the deals cross a refill early)
    let cases = [
        ("seed-3141", Some(3141), 64),
        ("seed-minus-99", Some(-99), 64),
        ("unseeded-skip-23", None, 42),
        ("unseeded-skip-200", None, 57),
        ("unseeded-10-cards", None, 82),
    ];
    for (name, seed, used) in cases {
        let shown = fixture(&format!("shown-{name}.txt"));
        let out = crack(shown.to_str().unwrap(), &["--json"]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let next: Vec<u64> =
            read(&fixture(&format!("next-{name}.txt"))).split_whitespace().map(|t| t.parse().unwrap()).collect();
        let predicted: Vec<u64> = json["next_deck"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!(predicted, next, "{name}");
        assert_eq!(json["determined"], true);
        assert_eq!(json["cards_used"], used, "{name}");
        assert!(json["cards_used"].as_u64().unwrap() <= json["cards_shown"].as_u64().unwrap());
        assert_eq!(json["state"]["node_random_seed"], seed.map_or(serde_json::Value::Null, |s| s.into()), "{name}");
        assert!(json["state"]["state0"].as_str().unwrap().starts_with("0x"));
    }
    let out = crack(fixture("shown-unseeded-skip-23.txt").to_str().unwrap(), &[]);
    let text = stdout(&out);
    let next = read(&fixture("next-unseeded-skip-23.txt"));
    assert!(text.contains(&format!("next deal:  {}", next.trim())), "{text}");
    assert!(text.contains("cards used: 42 of the 153 shown") && text.contains("value 24 of the 64"), "{text}");
}

#[test]
fn decks_written_as_names_by_shuffle_rng_v8_give_back_node_s_seed() {
    // `shuffle --rng v8 --seed 4294967291` deals what `node --random_seed=-5` deals, here printed as card names.
    let out = run(&["shuffle", "-a", "fisher-yates", "--rng", "v8", "--seed", "4294967291", "--count", "3", "--names"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let f = temp_with(&stdout(&out));
    let out = crack(f.path().to_str().unwrap(), &["--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!((json["state"]["node_random_seed"].as_i64(), json["cards_used"].as_u64()), (Some(-5), Some(64)));
}

#[test]
fn too_few_cards_are_not_determined_yet() {
    // One 52-card deal from the start of a refill: its 51 draws fix 128 bits in each of the alignments of the
    // cache that no refill has told apart yet; one 10-card deal fixes fewer than 128.
    let first = read(&fixture("shown-seed-3141.txt")).lines().next().unwrap().to_string();
    let ten = read(&fixture("shown-unseeded-10-cards.txt")).lines().next().unwrap().to_string();
    for (deck, bits) in [(first, None), (ten, Some(()))] {
        let f = temp_with(&format!("{deck}\n"));
        let out = crack(f.path().to_str().unwrap(), &[]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("not determined yet") && text.contains("of 128 bits"), "{text}");
        if bits.is_some() {
            assert!(!text.contains("128 of 128"), "{text}");
        }
        let out = crack(f.path().to_str().unwrap(), &["--json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(json["determined"], false);
        assert!(json.get("next_deck").is_none() && json["known_bits"].as_u64().unwrap() <= 128);
    }
}

#[test]
fn decks_not_dealt_by_v8_are_refused() {
    // MSVC rand() % (i + 1) decks, and real V8 decks with one of another generator's in the middle.
    let msvc = run(&["shuffle", "-a", "fisher-yates", "--rng", "msvc", "--seed", "7", "--count", "4"]);
    assert!(msvc.status.success());
    let msvc = stdout(&msvc);
    let real: Vec<String> = read(&fixture("shown-seed-3141.txt")).lines().map(str::to_string).collect();
    let mixed = format!("{}\n{}\n{}\n", real[0], msvc.lines().next().unwrap(), real[2]);
    for text in [msvc.clone(), mixed] {
        let f = temp_with(&text);
        let out = crack(f.path().to_str().unwrap(), &[]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("no V8 Math.random state deals these decks") && !text.contains("next deal"), "{text}");
    }
}

#[test]
fn bad_files_and_flags_are_usage_errors() {
    let shown = fixture("shown-seed-3141.txt");
    let shown = shown.to_str().unwrap();
    let f = temp_with("0 1 2 3 4 5 6 7 8 9\n0 1 2 3 4 5 6 7 9 9\n");
    assert_usage_error(&crack(f.path().to_str().unwrap(), &[]), "line 2", "a repeated card");
    let f = temp_with("0 1 2 3 4 5 6 7 8 9\n0 1 2 3 x 5 6 7 8 9\n");
    assert_usage_error(&crack(f.path().to_str().unwrap(), &[]), "card 5", "a bad card");
    assert_usage_error(&crack("/nonexistent/shown.txt", &[]), "--shown", "a missing file");
    let f = temp_with("# nothing shown\n\n");
    assert_usage_error(&crack(f.path().to_str().unwrap(), &[]), "no deck", "an empty file");
    assert_usage_error(&crack(shown, &["--deck", "54"]), "line 1", "decks of another size");
    for (flag, value) in
        [("--seat", "1"), ("--seeds", "1..9"), ("--trials", "3"), ("--seed", "4"), ("--game", "douniu")]
    {
        assert_usage_error(&crack(shown, &[flag, value]), flag, flag);
    }
    assert_usage_error(&crack(shown, &["--ordered"]), "--ordered", "--ordered");
    let out = run(&["crack", "--rng", "v8", "-a", "fisher-yates", "--seat", "1", "--cards", "1 2 3", "--all-seeds"]);
    assert_usage_error(&out, "--rng", "v8 without --shown");
    let out = run(&["crack", "--rng", "msvc", "-a", "fisher-yates", "--shown", shown]);
    assert_usage_error(&out, "--shown", "--shown with msvc");
    let out = run(&["crack", "--rng", "v8", "-a", "naive-swap", "--shown", shown]);
    assert_usage_error(&out, "--algorithm", "another loop");
}
