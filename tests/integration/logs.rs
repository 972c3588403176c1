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

/// Hold'em hands of `algorithm` (PCG32, seed 11) as the hero (the small blind, 6 seats) saw them: the hole cards,
/// and when the hand goes on (the hero holds a pair or two cards ten or better) the board, and seat 2's cards
/// only when they are a pair (a player's log shows strong hands). Each hand: its hole cards, its board and the
/// villain's shown cards, by hold'em names.
#[allow(clippy::type_complexity)]
fn seen_hands(algorithm: &str, hands: u64) -> Vec<(Vec<String>, Option<Vec<String>>, Option<Vec<String>>)> {
    let out = run(&["shuffle", "-a", algorithm, "--count", &hands.to_string(), "--seed", "11", "--rng", "pcg32"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let name =
        |id: u16| format!("{}{}", &"A23456789TJQK"[(id % 13) as usize..][..1], &"shcd"[(id / 13) as usize..][..1]);
    let high = |id: u16| id.is_multiple_of(13) || id % 13 >= 9;
    text(&out.stdout)
        .lines()
        .map(|line| {
            let deck: Vec<u16> = line.split_whitespace().map(|c| c.parse().unwrap()).collect();
            let (hero, villain) = ([deck[0], deck[6]], [deck[1], deck[7]]);
            let goes_on = hero[0] % 13 == hero[1] % 13 || (high(hero[0]) && high(hero[1]));
            let board = [deck[13], deck[14], deck[15], deck[17], deck[19]];
            let shows = goes_on && villain[0] % 13 == villain[1] % 13;
            (
                hero.iter().map(|&c| name(c)).collect(),
                goes_on.then(|| board.iter().map(|&c| name(c)).collect()),
                shows.then(|| villain.iter().map(|&c| name(c)).collect()),
            )
        })
        .collect()
}

/// The hands as Open Hand History JSON Lines (spec 1.4.6), one hand a line.
fn ohh_file(dir: &Path, algorithm: &str, hands: u64) -> PathBuf {
    let quoted = |cards: &[String]| cards.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ");
    let mut log = String::new();
    for (k, (hero, board, villain)) in seen_hands(algorithm, hands).into_iter().enumerate() {
        let mut rounds = format!(
            r#"{{"id": 0, "street": "Preflop", "actions": [{{"action_number": 1, "player_id": 1, "action": "Dealt Cards", "cards": [{}]}}, {{"action_number": 2, "player_id": 2, "action": "Dealt Cards"}}]}}"#,
            quoted(&hero)
        );
        if let Some(board) = board {
            for (id, (street, cards)) in
                [("Flop", &board[..3]), ("Turn", &board[3..4]), ("River", &board[4..])].into_iter().enumerate()
            {
                rounds.push_str(&format!(
                    r#", {{"id": {}, "street": "{street}", "cards": [{}], "actions": []}}"#,
                    id + 1,
                    quoted(cards)
                ));
            }
            let shown = villain.map_or(String::new(), |v| {
                format!(r#"{{"action_number": 3, "player_id": 2, "action": "Shows Cards", "cards": [{}]}}"#, quoted(&v))
            });
            rounds.push_str(&format!(r#", {{"id": 4, "street": "Showdown", "actions": [{shown}]}}"#));
        }
        log.push_str(&format!(
            r#"{{"ohh": {{"spec_version": "1.4.6", "game_number": "{}", "game_type": "Holdem", "players": [{{"id": 1, "seat": 1, "name": "Hero"}}, {{"id": 2, "seat": 2, "name": "Villain"}}], "hero_player_id": 1, "rounds": [{rounds}]}}}}"#,
            70_000 + k
        ));
        log.push('\n');
    }
    let path = dir.join(format!("{algorithm}.ohh"));
    std::fs::write(&path, log).unwrap();
    path
}

/// The hands as PokerKit `.phhs` sections, one hand a section.
fn phh_file(dir: &Path, algorithm: &str, hands: u64) -> PathBuf {
    let mut log = String::new();
    for (k, (hero, board, villain)) in seen_hands(algorithm, hands).into_iter().enumerate() {
        let mut actions = vec![format!("d dh p1 {}", hero.concat()), "d dh p2 ????".to_string()];
        if let Some(board) = board {
            actions.push(format!("d db {}", board[..3].concat()));
            actions.push(format!("d db {}", board[3]));
            actions.push(format!("d db {}", board[4]));
            actions.push(villain.map_or("p2 sm".to_string(), |v| format!("p2 sm {}", v.concat())));
        } else {
            actions.push("p1 f".to_string());
        }
        let actions = actions.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", ");
        log.push_str(&format!(
            "[{}]\nvariant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
             starting_stacks = [200, 200]\nactions = [{actions}]\nplayers = [\"Hero\", \"Villain\"]\nhand = {}\n\n",
            k + 1,
            k + 1
        ));
    }
    let path = dir.join(format!("{algorithm}.phhs"));
    std::fs::write(&path, log).unwrap();
    path
}

/// The other hand-history formats through the binary, 8,000 hands each (the naive swap's hole cards need about
/// 3,400 for 99% power): a naive-swap dealer FAILs, a fair dealer whose boards and showdowns are selected by play
/// PASSes (a fair log is called SUSPICIOUS with probability at most 1e-3); a hand cut short, a card twice and an
/// unknown card are invalid deals named by their lines, and a hero who is not in the file is an error.
#[test]
fn open_hand_history_and_pokerkit_files_are_audited_as_hand_histories() {
    let dir = tempfile::tempdir().unwrap();
    for (format, write) in [("ohh", ohh_file as fn(&Path, &str, u64) -> PathBuf), ("phh", phh_file)] {
        let bad = write(dir.path(), "naive-swap", 8000);
        let out = run(&["logs", p(&bad), "--out", p(&dir.path().join(format!("{format}-bad")))]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{format}: {said}{}", stderr(&out));
        assert!(said.contains("8,000 deals read, 0 invalid; views tested: hole (8,000 deals)"), "{format}: {said}");
        assert!(said.contains("FAIL: view-"), "{format}: {said}");
        let fair = write(dir.path(), "fisher-yates", 8000);
        let out = run(&["logs", p(&fair), "--out", p(&dir.path().join(format!("{format}-fair")))]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{format}: {said}{}", stderr(&out));
        assert!(said.contains("seen on play, counted but not tested:"), "{format}: {said}");
        assert!(said.contains("PASS: no test finds a bias"), "{format}: {said}");
        // Three hands spoilt: the first cut short, the second's board repeats a hole card, the third's card unknown.
        let text_of = std::fs::read_to_string(&fair).unwrap();
        let spoilt = match format {
            "ohh" => {
                let mut lines: Vec<String> = text_of.lines().map(str::to_string).collect();
                let half = lines[0].len() / 2;
                lines[0].truncate(half);
                // The hero's cards are the first `"cards": ["Xx", "Yy"]` of a line.
                let at = |line: &str| line.find(r#""cards": [""#).unwrap() + 11;
                let (i, j) = (at(&lines[1]), at(&lines[2]));
                let first = lines[1][i..i + 2].to_string();
                lines[1].replace_range(i + 6..i + 8, &first);
                lines[2].replace_range(j..j + 2, "Xx");
                lines.join("\n") + "\n"
            }
            _ => {
                let mut sections: Vec<String> = text_of.split("\n\n").map(str::to_string).collect();
                let keep = sections[0].find("actions = [").unwrap() + 16;
                sections[0].truncate(keep);
                let hole = sections[1].split("d dh p1 ").nth(1).unwrap()[..4].to_string();
                sections[1] = sections[1].replacen(
                    &format!("d dh p1 {hole}"),
                    &format!("d dh p1 {}{}", &hole[..2], &hole[..2]),
                    1,
                );
                let k = sections[2].find("d dh p1 ").unwrap() + 8;
                sections[2].replace_range(k..k + 2, "Xx");
                sections.join("\n\n")
            }
        };
        std::fs::write(&fair, spoilt).unwrap();
        let out =
            run(&["logs", p(&fair), "--max-invalid", "0.01", "--out", p(&dir.path().join(format!("{format}-spoilt")))]);
        let said = text(&out.stdout);
        assert!(said.contains("8,000 deals read, 3 invalid"), "{format}: {said}{}", stderr(&out));
        assert!(
            said.contains("invalid deal") && said.contains("(line 1)") && said.contains("is given twice"),
            "{format}: {said}"
        );
        let out = run(&["logs", p(&fair), "--hero", "Nobody", "--out", p(&dir.path().join(format!("{format}-x")))]);
        assert_eq!(out.status.code(), Some(2), "{format}: {}", stderr(&out));
        assert!(stderr(&out).contains("Nobody"), "{format}: {}", stderr(&out));
    }
}

/// A blackjack player's log: each shoe's cards up to the cut card (50 to 90 of a 6-deck shoe, as faces), 3,000
/// shoes of `algorithm` (PCG32, seed 5).
fn shoe_prefixes(dir: &Path, algorithm: &str, extra: &[&str]) -> PathBuf {
    let args: Vec<&str> =
        ["shuffle", "-a", algorithm, "--deck", "312", "--count", "3000", "--seed", "5", "--rng", "pcg32"]
            .into_iter()
            .chain(extra.iter().copied())
            .collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut views = String::new();
    for (k, line) in text(&out.stdout).lines().enumerate() {
        let faces: Vec<String> =
            line.split_whitespace().map(|c| (c.parse::<u16>().unwrap() % 52).to_string()).collect();
        views.push_str(&format!("{}\tprefix\t{}\n", k + 1, faces[..50 + k * 37 % 41].join(" ")));
    }
    let path = dir.join(format!("{algorithm}-shoe.tsv"));
    std::fs::write(&path, views).unwrap();
    path
}

/// Shoes (`--game blackjack`: 6 decks) and the order of what was dealt: three riffles of a 6-deck shoe FAIL,
/// with the order of the first cards named; a fair shoe PASSes (a fair log is called SUSPICIOUS with probability
/// at most 1e-3). A face 7 times in one shoe's deal is invalid. With `--deal`, a 斗地主 log's hands are tested in
/// the order listed, and a log whose hands are sorted by rank is said to be sorted, not blamed on the shuffle.
#[test]
fn a_shoes_first_cards_are_audited_and_the_order_of_dealt_views_too() {
    let dir = tempfile::tempdir().unwrap();
    let bad = shoe_prefixes(dir.path(), "riffle", &["--riffles", "3"]);
    let out = run(&["logs", p(&bad), "--game", "blackjack", "--out", p(&dir.path().join("bad"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(said.contains("view-order   prefix") && said.contains("view-cards   prefix"), "{said}");
    assert!(said.contains("(of the 54 places tested)") || said.contains("fair shoe of 6 decks"), "{said}");
    assert!(said.contains("view-pairs not applied to prefix: a shoe of 6 decks"), "{said}");
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("bad/logs.json"))).unwrap();
    assert_eq!((json["deck"].as_u64(), json["copies"].as_u64()), (Some(52), Some(6)), "{json}");
    let fair = shoe_prefixes(dir.path(), "fisher-yates", &[]);
    let out = run(&["logs", p(&fair), "--game", "blackjack", "--out", p(&dir.path().join("fair"))]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // One deal with a face 7 times: invalid, named, and the log is still read.
    let mut text_of = std::fs::read_to_string(&fair).unwrap();
    text_of.push_str("3001\tprefix\t0 0 0 0 0 0 0 1 2\n");
    std::fs::write(&fair, &text_of).unwrap();
    let out = run(&["logs", p(&fair), "--game", "blackjack", "--out", p(&dir.path().join("seven"))]);
    let said = text(&out.stdout);
    assert!(said.contains("3,001 deals read, 1 invalid"), "{said}");
    assert!(said.contains("♠A is given 7 times, in a shoe of 6 decks"), "{said}");
    let x = dir.path().join("x");
    for (args, flag) in [
        (vec!["--game", "custom"], "--game custom: needs --deck"),
        (vec!["--game", "blackjack", "--deal", "block"], "--deal: needs --game doudizhu"),
        (vec!["--game", "doudizhu", "--deal", "block", "--copies", "2"], "--copies: --deal deals a table"),
        (vec!["--deck", "52", "--copies", "0"], "--copies"),
    ] {
        let args: Vec<&str> = ["logs", p(&fair)].into_iter().chain(args).chain(["--out", p(&x)]).collect();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(flag), "{args:?}: {}", stderr(&out));
    }
    // 斗地主 hands in dealing order: a naive swap's seat 1 also shows in its order (2,000 deals, blocks).
    let naive = doudizhu_views(dir.path(), "naive-swap", 2000);
    let out = run(&["logs", p(&naive), "--game", "doudizhu", "--deal", "block", "--out", p(&dir.path().join("d"))]);
    let said = text(&out.stdout);
    assert!(said.contains("view-order   seat1") && said.contains("view-order   bottom"), "{said}");
    // The same hands sorted by rank, as a client shows them: their order is not tested, and says why.
    let sorted: String = std::fs::read_to_string(&naive)
        .unwrap()
        .lines()
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            if cols.len() != 3 || cols[1] != "seat1" {
                return format!("{l}\n");
            }
            let mut cards: Vec<u16> = cols[2].split(' ').map(|c| c.parse().unwrap()).collect();
            cards.sort_by_key(|&c| if c >= 52 { 100 + c } else { (c % 13 + 11) % 13 });
            format!("{}\tseat1\t{}\n", cols[0], cards.iter().map(u16::to_string).collect::<Vec<_>>().join(" "))
        })
        .collect();
    std::fs::write(&naive, sorted).unwrap();
    let out = run(&["logs", p(&naive), "--game", "doudizhu", "--deal", "block", "--out", p(&dir.path().join("s"))]);
    let said = text(&out.stdout);
    assert!(
        said.contains("view-order not applied to seat1: the log lists 100% of these views sorted by rank"),
        "{said}"
    );
}
