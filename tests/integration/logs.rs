//! `logs`: a shuffle audited from what was seen of its deals, through the binary. The views files are made here
//! from the tool's own decks (`shuffle`), seat 1's 17 cards and the bottom's 3 as 斗地主 deals them in blocks.

use crate::common::*;

use std::path::{Path, PathBuf};

/// A views file of `deals` 斗地主 deals of `algorithm` (PCG32, seed 42): seat 1 (the first 17 cards) and the
/// bottom (the last 3).
fn doudizhu_views(dir: &Path, algorithm: &str, deals: u64) -> PathBuf {
    let out = run(&[
        "shuffle",
        "-a",
        algorithm,
        "--deck",
        "54",
        "--count",
        &deals.to_string(),
        "--seed",
        "42",
        "--rng",
        "pcg32",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut views = String::from("# deal\tview\tcards\n");
    for (k, line) in text(&out.stdout).lines().enumerate() {
        let cards: Vec<&str> = line.split_whitespace().collect();
        views.push_str(&format!(
            "{}\tseat1\t{}\n{}\tbottom\t{}\n",
            k + 1,
            cards[..17].join(" "),
            k + 1,
            cards[51..].join(" ")
        ));
    }
    let path = dir.join(format!("{algorithm}.tsv"));
    std::fs::write(&path, views).unwrap();
    path
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A naive-swap dealer is exposed by seat 1's hands alone (2,000 deals), by the frequency of its cards; a fair
/// dealer passes (at this seed; a fair log is called FAIL with probability at most 1e-9, SUSPICIOUS at most 1e-3).
#[test]
fn a_naive_swap_dealer_fails_from_one_seats_hands_and_a_fair_one_passes() {
    let dir = tempfile::tempdir().unwrap();
    let bad = doudizhu_views(dir.path(), "naive-swap", 2000);
    let out = run(&["logs", p(&bad), "--game", "doudizhu", "--out", p(&dir.path().join("bad"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(
        said.contains("2,000 deals read, 0 invalid; views tested: seat1 (2,000 deals), bottom (2,000 deals)"),
        "{said}"
    );
    assert!(said.contains("FAIL: view-cards of seat1"), "{said}");
    assert!(said.contains("cards do not land evenly over the positions"), "{said}");
    // The game's own laws join the family: seat 1's bombs and rocket; the bottom's 3 cards hold no bomb.
    assert!(said.contains("view-bombs   seat1") && said.contains("view-rocket  seat1"), "{said}");
    assert!(said.contains("view-bombs not applied to bottom: a view of 3 cards holds no bomb"), "{said}");
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("bad/logs.json"))).unwrap();
    assert_eq!(json["verdict"], "FAIL");
    assert!(json["ln_p_family"].as_f64().unwrap() < 1e-9f64.ln());
    let csv = read(&dir.path().join("bad/logs.csv"));
    assert!(csv.starts_with("view,test,statistic,df,p,p_adjusted,verdict,finding\n"), "{csv}");
    // With the dealing rule, what the log can show: the naive swap's 549 deals of seat 1 reached, the modulo bias not.
    let dealt = run(&["logs", p(&bad), "--game", "doudizhu", "--deal", "block", "--out", p(&dir.path().join("dealt"))]);
    let said = text(&dealt.stdout);
    assert!(said.contains("seat1: naive-swap needs ") && said.contains("this log has 2,000: reached"), "{said}");
    assert!(
        said.contains("seat1: fisher-yates with msvc needs ")
            && said.contains("·10^7 deals, this log has 2,000: beyond this log"),
        "{said}"
    );
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("dealt/logs.json"))).unwrap();
    assert_eq!(json["can_show"][0]["reached"], true, "{json}");
    let fair = doudizhu_views(dir.path(), "fisher-yates", 2000);
    let out = run(&["logs", p(&fair), "--game", "doudizhu", "--out", p(&dir.path().join("fair"))]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("PASS: no test finds a bias"), "{}", text(&out.stdout));
    // The same in Chinese, and as JSON on standard output.
    let zh = run(&["logs", p(&bad), "--game", "doudizhu", "--lang", "zh", "--out", p(&dir.path().join("zh"))]);
    assert!(text(&zh.stdout).contains("FAIL：view-cards（seat1，校正 p"), "{}", text(&zh.stdout));
    let js = run(&["logs", p(&fair), "--game", "doudizhu", "--json", "--out", p(&dir.path().join("js"))]);
    let doc: serde_json::Value = serde_json::from_slice(&js.stdout).unwrap();
    assert_eq!((doc["verdict"].as_str(), doc["deals"].as_u64()), (Some("PASS"), Some(2000)));
}

/// Deals that are not deals of one deck are counted and named, never dropped silently; more than 1% of them
/// make the log BROKEN.
#[test]
fn invalid_deals_are_named_by_their_lines_and_too_many_make_the_log_broken() {
    let dir = tempfile::tempdir().unwrap();
    let fair = doudizhu_views(dir.path(), "fisher-yates", 300);
    let mut text_of = std::fs::read_to_string(&fair).unwrap();
    // Deal 5's bottom repeats a card of its seat; deal 9 has an unknown card; deals 12 and 13 come again.
    let lines: Vec<String> = text_of.lines().map(str::to_string).collect();
    let seat5: Vec<&str> = lines[9].split('\t').collect();
    let first = seat5[2].split(' ').next().unwrap().to_string();
    text_of = text_of.replacen(&lines[10], &format!("5\tbottom\t{first} 1 2"), 1);
    text_of = text_of.replacen(&lines[17], "9\tseat1\t1 2 99", 1);
    text_of.push_str(&format!("{}\n{}\n", lines[23], lines[25]));
    std::fs::write(&fair, &text_of).unwrap();
    let out = run(&["logs", p(&fair), "--game", "doudizhu", "--out", p(&dir.path().join("r"))]);
    let said = text(&out.stdout);
    assert!(said.contains("302 deals read, 4 invalid"), "{said}");
    assert!(said.contains("invalid deal 5 (line 10): card"), "{said}");
    assert!(said.contains("is given twice (lines 10 and 11)"), "{said}");
    assert!(said.contains("invalid deal 9 (line 18): line 18: card id 99 is not in a 54-card deck"), "{said}");
    assert!(said.contains("hand id 12 was read before"), "{said}");
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("BROKEN: 4 of 302 deals are invalid (1.3%, more than the 1% tolerated)"), "{said}");
    assert!(!said.contains("jump"), "an invalid hand is not a missing one: {said}");
    let ok = run(&["logs", p(&fair), "--game", "doudizhu", "--max-invalid", "0.02", "--out", p(&dir.path().join("s"))]);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
}

/// What cannot be read, or does not apply, is refused with exit 2, naming the flag or the file; nothing waits.
#[test]
fn what_does_not_apply_and_what_is_not_a_log_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fair = doudizhu_views(dir.path(), "fisher-yates", 10);
    let out_dir = dir.path().join("o");
    let missing = dir.path().join("missing.tsv");
    let unknown = dir.path().join("notes.txt");
    std::fs::write(&unknown, "my notes\nare not a log\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["logs", p(&fair), "--game", "doudizhu", "--deck", "54"], "--deck: give --game or --deck"),
        (vec!["logs", p(&fair), "--game", "doudizhu", "--hero", "me"], "--hero: applies to hand histories"),
        (vec!["logs", p(&fair), "--game", "bridge"], "--game"),
        (vec!["logs", p(&fair), "--max-invalid", "1.5"], "--max-invalid"),
        (vec!["logs", p(&fair), "--deal", "block"], "--deal: needs --game"),
        (vec!["logs", p(&fair), "--game", "doudizhu", "--no-timings"], "--no-timings: logs.json holds no timings"),
        (vec!["logs", p(&fair), "--game", "doudizhu", "--deal", "holdem"], "--deal"),
        (vec!["logs", p(&fair), "--game", "doudizhu", "--players", "3"], "--players: applies with --deal"),
        (vec!["logs", "/dev/null"], "it is a character device, not a regular file"),
        (vec!["logs", p(&unknown)], "its format is none of pokerstars, ohh, phh or views"),
        (vec!["logs", p(dir.path())], "not a regular file"),
        (vec!["logs", p(&missing)], "missing.tsv"),
    ];
    for (args, said) in cases {
        let args: Vec<&str> = args.into_iter().chain(["--out", p(&out_dir)]).collect();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
    // A FIFO is refused at once, never read.
    let fifo = dir.path().join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let out = run(&["logs", p(&fifo), "--format", "views", "--out", p(&out_dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("FIFO") || stderr(&out).contains("fifo"), "{}", stderr(&out));
    // The report folder may not hold the log: it is replaced whole.
    let inside = dir.path().join("rep");
    std::fs::create_dir(&inside).unwrap();
    let log = inside.join("l.tsv");
    std::fs::copy(&fair, &log).unwrap();
    let out = run(&["logs", p(&log), "--game", "doudizhu", "--out", p(&inside)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--out") && log.exists(), "{}", stderr(&out));
}

/// `plan`, from the exact matrices: a naive swap needs fewer of seat 1's 斗地主 hands than position-card needs
/// full decks (542 against 1,034), and the 15-bit modulo bias of MSVC's `rand() % m` needs tens of millions.
#[test]
fn plan_says_what_one_seat_can_show_before_any_log() {
    let out = run(&["plan", "--game", "doudizhu", "--view", "seat1"]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let row = |flaw: &str| -> Vec<String> {
        let line =
            said.lines().find(|l| l.trim_start().starts_with(&format!("{flaw} "))).unwrap_or_else(|| panic!("{said}"));
        line.split("  ").map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
    };
    let naive = row("naive-swap");
    let (deals, decks): (u64, u64) =
        (naive[1].replace(',', "").parse().unwrap(), naive[2].replace(',', "").parse().unwrap());
    assert!(deals < decks && (400..700).contains(&deals), "{said}");
    let msvc = row("fisher-yates with msvc");
    assert!(msvc[1].contains("·10^7") || msvc[1].contains("·10^8"), "{said}");
    for (args, flag) in [
        (vec!["plan", "--game", "bridge"], "--game"),
        (vec!["plan", "--game", "doudizhu", "--view", "seat4"], "--view"),
        (vec!["plan", "--game", "holdem", "--deal", "round-robin"], "--deal"),
        (vec!["plan", "--game", "doudizhu", "--rng", "msvc"], "--rng"),
        (vec!["plan", "--game", "doudizhu", "--suspicious-below", "0.01"], "--suspicious-below"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(flag), "{args:?}: {}", stderr(&out));
    }
}

/// A PokerStars hand history of hold'em at a 6-max table, the hero in seat 1, from the tool's decks of
/// `algorithm` (PCG32, seed 7): the button moves a seat a hand, the cards are dealt two rounds from the small
/// blind, the flop, turn and river each after a burn. Play selects what is seen: the hand goes on to the flop
/// only when the hero holds a pair or two cards ten or better, and at the showdown seat 2 shows only a pair (else
/// mucks), as a player's own log shows strong hands.
fn holdem_history(dir: &Path, algorithm: &str, hands: u64) -> PathBuf {
    let out = run(&[
        "shuffle",
        "-a",
        algorithm,
        "--deck",
        "52",
        "--count",
        &hands.to_string(),
        "--seed",
        "7",
        "--rng",
        "pcg32",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let name =
        |id: u16| format!("{}{}", &"A23456789TJQK"[(id % 13) as usize..][..1], &"shcd"[(id / 13) as usize..][..1]);
    let names = |ids: &[u16]| ids.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ");
    let high = |id: u16| id.is_multiple_of(13) || id % 13 >= 9;
    let mut log = String::new();
    for (k, line) in text(&out.stdout).lines().enumerate() {
        let deck: Vec<u16> = line.split_whitespace().map(|c| c.parse().unwrap()).collect();
        let button = k % 6 + 1;
        let sb = button % 6 + 1;
        let bb = sb % 6 + 1;
        let hole = |seat: usize| {
            let offset = (seat + 6 - sb) % 6;
            [deck[offset], deck[offset + 6]]
        };
        let hero = hole(1);
        let goes_on = hero[0] % 13 == hero[1] % 13 || (high(hero[0]) && high(hero[1]));
        log.push_str(&format!(
            "PokerStars Hand #{}:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:00:00 ET\n\
             Table 'Test' 6-max Seat #{button} is the button\n",
            900_000 + k
        ));
        let player = |s: usize| if s == 1 { "Hero".to_string() } else { format!("Player{s}") };
        for s in 1..=6 {
            log.push_str(&format!("Seat {s}: {} ($2.00 in chips)\n", player(s)));
        }
        log.push_str(&format!("{}: posts small blind $0.01\n{}: posts big blind $0.02\n", player(sb), player(bb)));
        log.push_str(&format!("*** HOLE CARDS ***\nDealt to Hero [{}]\n", names(&hero)));
        if !goes_on {
            log.push_str(
                "Hero: folds
*** SUMMARY ***
Total pot $0.03
Seat 1: Hero folded before Flop

",
            );
            continue;
        }
        let board = [deck[13], deck[14], deck[15], deck[17], deck[19]];
        let villain = hole(2);
        let shows = villain[0] % 13 == villain[1] % 13;
        log.push_str(&format!(
            "Hero: raises $0.04 to $0.06\n{}: calls $0.06\n*** FLOP *** [{}]\n*** TURN *** [{}] [{}]\n\
             *** RIVER *** [{}] [{}]\n*** SHOW DOWN ***\n",
            player(2),
            names(&board[..3]),
            names(&board[..3]),
            names(&board[3..4]),
            names(&board[..4]),
            names(&board[4..])
        ));
        if shows {
            log.push_str(&format!("Player2: shows [{}] (a pair)\n", names(&villain)));
        } else {
            log.push_str("Player2: mucks hand\n");
        }
        log.push_str(&format!("Hero: shows [{}] (high cards)\n", names(&hero)));
        log.push_str(&format!("*** SUMMARY ***\nTotal pot $0.15\nBoard [{}]\n", names(&board)));
        if shows {
            log.push_str(&format!("Seat 2: Player2 showed [{}] and won ($0.15)\n\n", names(&villain)));
        } else {
            log.push_str("Seat 2: Player2 mucked\n\n");
        }
    }
    let path = dir.join(format!("{algorithm}.txt"));
    std::fs::write(&path, log).unwrap();
    path
}

/// A hold'em player's own hand histories, 30,000 hands: a naive-swap dealer FAILs from the hero's hole cards alone,
/// while a fair dealer PASSes although its boards and showdowns are selected by play (counted, not tested). A
/// fair log is called FAIL with probability at most 1e-9, SUSPICIOUS at most 1e-3.
#[test]
fn hold_em_hand_histories_expose_a_naive_swap_from_the_heros_cards_and_selection_is_not_blamed() {
    let dir = tempfile::tempdir().unwrap();
    let bad = holdem_history(dir.path(), "naive-swap", 30_000);
    let out = run(&["logs", p(&bad), "--out", p(&dir.path().join("bad"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(said.contains("30,000 deals read, 0 invalid; views tested: hole (30,000 deals)"), "{said}");
    assert!(said.contains("FAIL: view-"), "{said}");
    let fair = holdem_history(dir.path(), "fisher-yates", 30_000);
    let out = run(&["logs", p(&fair), "--out", p(&dir.path().join("fair"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("seen on play, counted but not tested: seat2 ("), "{said}");
    assert!(said.contains("board ("), "{said}");
    assert!(said.contains("PASS: no test finds a bias"), "{said}");
}

/// SIGTERM while a long log is read: the reading stops between deals, and the report of the deals read is
/// written, marked PARTIAL, with the signal's exit status (143).
#[test]
fn a_signal_ends_the_reading_with_a_partial_report_of_the_deals_read() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    // 3·10^6 deals of two hole cards (about 40 MB): seconds of reading, signalled after 0.3 s of processor time.
    let path = dir.path().join("long.tsv");
    let mut text_of = String::with_capacity(45 << 20);
    let mut x: u64 = 1;
    for k in 0..3_000_000u64 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let a = (x >> 33) % 52;
        let b = (a + 1 + (x >> 40) % 51) % 52;
        text_of.push_str(&format!("{k}\thole\t{a} {b}\n"));
    }
    std::fs::write(&path, text_of).unwrap();
    let out_dir = dir.path().join("r");
    let child = Command::new(bin_path())
        .args(["logs", p(&path), "--out", p(&out_dir)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_cpu(child.id(), 0.3, "the reading");
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let out = child.wait_with_output().unwrap();
    let (said, err) = (text(&out.stdout), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{said}{err}");
    assert!(said.contains("PARTIAL (interrupted by SIGTERM after "), "{said}");
    assert!(err.contains("the reports, marked partial, test the deals read"), "{err}");
    let json: serde_json::Value = serde_json::from_str(&read(&out_dir.join("logs.json"))).unwrap();
    let deals = json["deals"].as_u64().unwrap();
    assert!(deals > 0 && deals < 3_000_000, "{deals}");
    assert_eq!(json["stopped"], "SIGTERM");
}
