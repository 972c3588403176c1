//! `deal`, `exact` and `run --game` driven through the binary: hands as a dealer prints them, exact odds, seat
//! and game tests in the reports, and one-line errors for impossible deals.

use std::path::Path;

use shuffle_audit::cards::{Card, parse_card};
use shuffle_audit::game::{doudizhu, douniu};

use crate::common;
use common::{assert_usage_error, run, stderr, stdout};

/// One printed deal: its groups as (label, cards, trailing words such as a niu value).
struct Printed {
    groups: Vec<(String, Vec<Card>, String)>,
}

/// Parses `deal` output: a header line per deal, then `  label: cards [niu]` lines (`：` in Chinese).
fn parse_deals(text: &str, n: usize) -> Vec<Printed> {
    let mut deals = Vec::new();
    for line in text.lines() {
        if line.is_empty() {
            continue;
        }
        if !line.starts_with("  ") {
            deals.push(Printed { groups: Vec::new() });
            continue;
        }
        let (label, rest) = line.trim().split_once([':', '：']).unwrap_or_else(|| panic!("no label: {line}"));
        let mut cards = Vec::new();
        let mut words = Vec::new();
        for token in rest.split_whitespace() {
            match parse_card(token, n) {
                Ok(c) if words.is_empty() => cards.push(c),
                _ => words.push(token),
            }
        }
        deals.last_mut().expect("a header first").groups.push((label.to_string(), cards, words.join(" ")));
    }
    deals
}

#[test]
fn doudizhu_hands_are_complete_sorted_and_the_same_in_both_languages() {
    let base = ["deal", "--game", "doudizhu", "-a", "fisher-yates", "--rng", "pcg32", "--seed", "5", "--count", "3"];
    let en = run(&base);
    assert_eq!(en.status.code(), Some(0), "{}", stderr(&en));
    let mut zh_args = base.to_vec();
    zh_args.extend(["--lang", "zh"]);
    let zh = run(&zh_args);
    assert_eq!(zh.status.code(), Some(0));
    let (en_text, zh_text) = (stdout(&en), stdout(&zh));
    assert!(zh_text.starts_with("第1局\n  玩家1："), "{zh_text}");
    assert!(zh_text.contains("底牌："), "{zh_text}");
    let en_deals = parse_deals(&en_text, 54);
    let zh_deals = parse_deals(&zh_text, 54);
    assert_eq!(en_deals.len(), 3);
    for (e, z) in en_deals.iter().zip(&zh_deals) {
        let labels: Vec<&str> = e.groups.iter().map(|g| g.0.as_str()).collect();
        assert_eq!(labels, ["seat 1", "seat 2", "seat 3", "bottom"]);
        let sizes: Vec<usize> = e.groups.iter().map(|g| g.1.len()).collect();
        assert_eq!(sizes, [17, 17, 17, 3]);
        let mut all: Vec<Card> = e.groups.iter().flat_map(|g| g.1.clone()).collect();
        for (_, hand, _) in &e.groups {
            let keys: Vec<_> = hand.iter().map(|&c| doudizhu::sort_key(c)).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "not sorted 3 < … < 2 < 小王 < 大王: {hand:?}");
        }
        all.sort_unstable();
        assert_eq!(all, (0..54).collect::<Vec<Card>>());
        let zh_cards: Vec<&Vec<Card>> = z.groups.iter().map(|g| &g.1).collect();
        assert_eq!(zh_cards, e.groups.iter().map(|g| &g.1).collect::<Vec<_>>());
    }
}

#[test]
fn an_unshuffled_rank_ordered_deck_deals_the_jokers_to_the_bottom() {
    let out = run(&["deal", "--game", "doudizhu", "--order", "rank", "-a", "identity", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "  seat 1: ♠3 ♥3 ♣3 ♦3 ♠4 ♥4 ♣4 ♦4 ♠5 ♥5 ♣5 ♦5 ♠6 ♥6 ♣6 ♦6 ♠7", "{text}");
    assert_eq!(lines[4], "  bottom: ♦2 小王 大王", "{text}");
    let zh = run(&["deal", "--game", "doudizhu", "--order", "rank", "-a", "identity", "--seed", "1", "--lang", "zh"]);
    assert!(stdout(&zh).lines().nth(4).unwrap().ends_with("方块2 小王 大王"), "{}", stdout(&zh));
}

#[test]
fn a_broken_shuffle_deals_with_the_status_run_gives_it() {
    // direct-draw repeats cards: `run` says BROKEN with exit status 1, and so does `deal`.
    let out =
        run(&["deal", "--game", "doudizhu", "-a", "direct-draw", "--rng", "glibc", "--seed", "1", "--count", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("seat 1"), "the deals are printed: {}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("not a permutation") && err.contains("BROKEN"), "{err}");
}

#[test]
fn deals_use_the_shuffle_stream_and_the_burn() {
    // The same algorithm, generator and seed: deal k holds the cards of `shuffle` line k, seat s of a
    // round-robin deal getting positions s, s + 4, s + 8, ….
    let common = ["-a", "fisher-yates", "--rng", "msvc", "--seed", "7", "--count", "2"];
    let mut shuffle_args = vec!["shuffle"];
    shuffle_args.extend(common);
    let decks: Vec<Vec<Card>> =
        stdout(&run(&shuffle_args)).lines().map(|l| l.split(' ').map(|t| t.parse().unwrap()).collect()).collect();
    let mut deal_args = vec!["deal", "--game", "custom", "--players", "4", "--scheme", "round-robin"];
    deal_args.extend(common);
    let deals = parse_deals(&stdout(&run(&deal_args)), 52);
    assert_eq!(deals.len(), 2);
    for (deck, deal) in decks.iter().zip(&deals) {
        for (s, (label, hand, _)) in deal.groups.iter().enumerate() {
            assert_eq!(label, &format!("seat {}", s + 1));
            let mut want: Vec<Card> = deck.iter().skip(s).step_by(4).copied().collect();
            want.sort_unstable_by_key(|&c| (c % 13, c / 13));
            assert_eq!(hand, &want, "seat {}", s + 1);
        }
    }
    // `--burn 6` moves the first six cards to the bottom before the deal: unshuffled, seat 1 of 2 blocks of 3
    // gets ♠7 ♠8 ♠9.
    let out = run(&[
        "deal",
        "--game",
        "custom",
        "-a",
        "identity",
        "--players",
        "2",
        "--hand",
        "3",
        "--scheme",
        "block",
        "--burn",
        "6",
        "--seed",
        "1",
    ]);
    assert_eq!(stdout(&out).lines().nth(1), Some("  seat 1: ♠7 ♠8 ♠9"), "{}", stdout(&out));
}

#[test]
fn douniu_hands_show_their_niu() {
    let out =
        run(&["deal", "--game", "douniu", "--players", "10", "-a", "fisher-yates", "--seed", "3", "--count", "20"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let deals = parse_deals(&stdout(&out), 52);
    assert_eq!(deals.len(), 20);
    let mut seen = std::collections::HashSet::new();
    for d in &deals {
        assert_eq!(d.groups.len(), 10, "ten seats, no bottom, undealt cards not shown");
        for (_, hand, words) in &d.groups {
            let niu = douniu::niu_of_hand(hand.as_slice().try_into().unwrap());
            assert_eq!(words, &douniu::niu_name(niu, shuffle_audit::game::Lang::En), "{hand:?}");
            seen.insert(niu);
        }
    }
    assert!(seen.contains(&0) && seen.len() > 5, "{seen:?}");
    let zh = run(&["deal", "--game", "douniu", "-a", "fisher-yates", "--seed", "3", "--lang", "zh"]);
    let text = stdout(&zh);
    assert!(text.lines().skip(1).all(|l| l.ends_with("没牛") || l.contains(" 牛")), "{text}");
}

/// Runs `args` and checks a usage error: exit 2, one line on stderr naming `flag`, nothing on stdout.
fn rejects(args: &[&str], flag: &str) {
    assert_usage_error(&run(args), flag, &format!("{args:?}"));
}

#[test]
fn impossible_deals_are_one_line_errors() {
    let deal = |extra: &[&'static str]| {
        let mut v = vec!["deal", "-a", "fisher-yates", "--seed", "1"];
        v.extend(extra);
        v
    };
    rejects(&deal(&["--game", "doudizhu", "--players", "1"]), "--players");
    rejects(&deal(&["--game", "custom", "--hand", "0"]), "--hand");
    rejects(&deal(&["--game", "doudizhu", "--hand", "18"]), "57 cards, more than the 54-card deck");
    rejects(
        &deal(&["--game", "custom", "--deck", "20", "--players", "3", "--hand", "7"]),
        "--hand: 3 players × 7 cards",
    );
    rejects(&deal(&["--game", "douniu", "--players", "11"]), "--players");
    rejects(&deal(&["--game", "douniu", "--hand", "4"]), "--hand");
    rejects(&deal(&["--game", "doudizhu", "--deck", "52"]), "--deck");
    rejects(&deal(&["--game", "custom", "--deck", "40", "--order", "rank"]), "--order");
    rejects(&deal(&["--game", "poker"]), "--game");
    rejects(&deal(&["--game", "douniu", "--lang", "fr"]), "--lang");
    rejects(&deal(&["--game", "douniu", "--scheme", "spiral"]), "--scheme");
    rejects(&deal(&["--game", "douniu", "--players", "-2"]), "--players");
    rejects(&deal(&["--game", "douniu", "--burn", "52"]), "--burn");
    rejects(&["run", "-a", "fisher-yates", "--players", "3"], "--players");
    rejects(&["run", "-a", "fisher-yates", "--game", "doudizhu", "--deck", "52"], "--deck");
    rejects(&["exact", "--game", "custom"], "--game");
}

#[test]
fn exact_prints_the_reference_odds() {
    let out = run(&["exact", "--game", "douniu"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    // The counts of docs/src/reference.md#niu-values over C(52,5) = 2,598,960 hands, each on its own line.
    for (name, count) in
        [("no niu", 872_128), ("niu 1 ", 171_304), ("niu 4 ", 168_096), ("niu 5 ", 177_424), ("niu-niu", 191_808)]
    {
        let line = text.lines().find(|l| l.trim_start().starts_with(name)).unwrap_or_else(|| panic!("{name}:\n{text}"));
        assert!(line.contains(&format!(" {count} ")), "{line}");
    }
    assert!(text.contains("2598960"), "{text}");
    let out = run(&["exact", "--game", "doudizhu"]);
    let text = stdout(&out);
    for want in ["136/1431 = 0.0950384", "52/477 = 0.1090147", "140/1431 = 0.0978337", "9164971927/95452143255"] {
        assert!(text.contains(want), "{want} missing:\n{text}");
    }
    // Other hand sizes are computed, not looked up: hands of 13 and 2 bottom cards. Rocket 13·12/(54·53) = 26/477;
    // bottom joker 1 − 52·51/(54·53) = 35/477.
    let out = run(&["exact", "--game", "doudizhu", "--hand", "13", "--bottom", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(" 26/477 = ") && text.contains(" 35/477 = "), "{text}");
}

fn summary_tests(dir: &Path) -> Vec<(String, String, String)> {
    let mut r = csv::Reader::from_path(dir.join("summary.csv")).unwrap();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            (rec[5].to_string(), rec[10].to_string(), rec[11].to_string())
        })
        .collect()
}

#[test]
fn run_with_a_game_adds_seat_and_table_tests() {
    // fisher-yates / pcg64, seed 3, 20000 deals of 斗地主: fair, so exit 0 (PASS or SUSPICIOUS) unless the
    // family-wise p falls below 1e-9, which a fair shuffle does with probability at most 1e-9.
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg64",
        "--seed",
        "3",
        "--shuffles",
        "20000",
        "--game",
        "doudizhu",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let names: Vec<String> = summary_tests(dir.path()).into_iter().map(|t| t.0).collect();
    for want in [
        "bottom-joker",
        "big-cards-seat",
        "rocket-seat",
        "bomb-seat",
        "bombs-per-hand",
        "seat-card",
        "seat-worst",
        "card-seat-worst",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
    }
    let seats = std::fs::read_to_string(dir.path().join("seat_counts.csv")).unwrap();
    let rows: Vec<&str> = seats.lines().collect();
    assert_eq!(rows.len(), 5, "header, three seats, bottom");
    for (row, per_deal) in rows[1..].iter().zip([17u64, 17, 17, 3]) {
        let total: u64 = row.split(',').skip(1).map(|x| x.parse::<u64>().unwrap()).sum();
        assert_eq!(total, per_deal * 20_000, "{}", row.split(',').next().unwrap());
    }
    let md = std::fs::read_to_string(dir.path().join("summary.md")).unwrap();
    assert!(md.contains("Deal: 斗地主: 3 seats × 17 cards + 3 bottom"), "{md}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("run.json")).unwrap()).unwrap();
    assert_eq!(json["config"]["deal"]["game"], "doudizhu");
}

#[test]
fn a_washed_rank_ordered_deck_gives_the_landlord_the_jokers() {
    // wash with 54 swaps from the rank-ordered deck, 20000 deals: the bottom holds a joker in about a third of
    // the deals instead of 10.9%, hundreds of standard deviations away (any seed fails).
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "run",
        "-a",
        "wash",
        "--swaps",
        "54",
        "--seed",
        "9",
        "--shuffles",
        "20000",
        "--game",
        "doudizhu",
        "--order",
        "rank",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    // The cause ranking leads with the fixed parity of a fixed number of swaps, and names the table's bias beside
    // it, since parity does not explain it.
    assert!(text.contains("FAIL: All 20000 decks were even permutations"), "{text}");
    assert!(text.contains("Apart from this, bottom-joker: bottom holds a joker 32.6% vs 10.9% fair"), "{text}");
    let tests = summary_tests(dir.path());
    let bottom = tests.iter().find(|t| t.0 == "bottom-joker").unwrap();
    assert_eq!(bottom.1, "FAIL");
    assert!(bottom.2.contains("vs P = 52/477 = 10.9% exactly"), "{}", bottom.2);
}

#[test]
fn baccarat_plays_the_first_coup_of_each_shoe_against_its_exact_odds() {
    // docs/src/reference.md#baccarat: the three odds of an 8-deck shoe, as fractions in lowest terms of the
    // published counts over 416·415·414·413·412·411 ordered samples, and as decimals.
    let out = run(&["exact", "--game", "baccarat", "--copies", "8"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for (outcome, fraction, decimal) in [
        ("banker wins", "8954111587648/19524993263685", "0.4585974"),
        ("player wins", "8712962041376/19524993263685", "0.4462466"),
        ("tie", "619306544887/6508331087895", "0.0951560"),
    ] {
        let line = text.lines().find(|l| l.trim_start().starts_with(outcome)).unwrap_or_else(|| panic!("{text}"));
        assert!(line.contains(fraction) && line.trim_end().ends_with(decimal), "{line}");
    }
    // A fair shoe (fisher-yates / pcg64, seed 5, 20,000 shoes): the first coups' counts within 4.5 standard
    // deviations of the exact odds each (a fair sample strays further with probability below 2·10^-5 per
    // outcome), and the test passes unless its p falls below 1e-3 (probability 1e-3).
    let fair = tempfile::tempdir().unwrap();
    let args = ["run", "-a", "fisher-yates", "--rng", "pcg64", "--seed", "5", "--shuffles", "20000"];
    let out = run(&[&args[..], &["--game", "baccarat", "--out", fair.path().to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let tests = summary_tests(fair.path());
    let odds = tests.iter().find(|t| t.0 == "baccarat-odds").expect("baccarat-odds in summary.csv");
    assert_eq!(odds.1, "PASS", "{odds:?}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fair.path().join("run.json")).unwrap()).unwrap();
    assert_eq!((json["config"]["copies"].as_u64(), json["config"]["deal"]["copies"].as_u64()), (Some(8), Some(8)));
    let md = std::fs::read_to_string(fair.path().join("summary.md")).unwrap();
    let row = md.lines().find(|l| l.starts_with("| baccarat-odds")).unwrap();
    let share = |name: &str| -> f64 {
        let at = row.find(&format!("{name} ")).unwrap() + name.len() + 1;
        row[at..].split('%').next().unwrap().parse::<f64>().unwrap() / 100.0
    };
    for (name, p) in [("banker", 0.458597), ("player", 0.446247), ("tie", 0.095156)] {
        let sd = (p * (1.0 - p) / 20_000f64).sqrt();
        // The report rounds to 0.1%: half of it is added to the band.
        assert!((share(name) - p).abs() < 4.5 * sd + 5e-4, "{name}: {row}");
    }
    // The command that reproduces it names the shoe as one deck and its copies.
    let html = std::fs::read_to_string(fair.path().join("report.html")).unwrap();
    assert!(
        html.contains("--deck 52 --copies 8 --shuffles 20000 --seed 5 --game baccarat"),
        "no command in report.html"
    );
    // A new shoe riffled once: the first coup comes from two packets in new order, and the table's odds fail
    // (the player wins about 39% instead of 44.6%: X² = 332 on 2 df at 20,000 shoes with this seed, about 8
    // standard deviations of its noncentral law past the FAIL threshold) and lead the report.
    let riffled = tempfile::tempdir().unwrap();
    let args = ["run", "-a", "riffle", "--riffles", "1", "--seed", "2", "--shuffles", "20000", "--game", "baccarat"];
    let out = run(&[&args[..], &["--out", riffled.path().to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let tests = summary_tests(riffled.path());
    assert_eq!(tests.iter().find(|t| t.0 == "baccarat-odds").unwrap().1, "FAIL");
    assert!(
        stdout(&out).contains("\nFAIL: The first coup of each shoe does not follow the exact odds"),
        "{}",
        stdout(&out)
    );
    // What does not apply to a shoe of baccarat is refused, naming the flag.
    let bac = |extra: &[&'static str]| [&["run", "-a", "fisher-yates", "--game", "baccarat"][..], extra].concat();
    rejects(&bac(&["--players", "3"]), "--players");
    rejects(&bac(&["--deck", "54"]), "--deck: baccarat is played with 52-card decks, not 54");
    rejects(&bac(&["--copies", "20"]), "--copies: a baccarat shoe holds 1..=19 decks of 52 cards, not 20");
    rejects(&bac(&["--order", "rank"]), "--order");
    rejects(&["run", "-a", "fisher-yates", "--game", "douniu", "--copies", "2"], "--copies");
    rejects(&["exact", "--game", "doudizhu", "--copies", "2"], "--copies");
    rejects(&["exact", "-a", "fisher-yates", "--copies", "2"], "--copies");
}

#[test]
fn guandan_and_two_deck_doudizhu_deal_108_cards_against_their_exact_odds() {
    // docs/src/guides/games.md#掼蛋-and-two-deck-斗地主: jokers are Hypergeometric(108, 4, H); the bombs' mean and
    // the straight flush come from the walks over ranks and suits, checked in the core against enumeration.
    let out = run(&["exact", "--game", "guandan"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for (what, value) in [
        ("expected jokers per hand", "1 = 1.0000000"),
        ("variance of jokers per hand", "78/107 = 0.7289720"),
        ("expected bombs per hand", "1374805315/1002922021 = 1.3707998"),
        ("P(a given seat holds at least one straight flush)", "= 0.3125711"),
    ] {
        let line = text.lines().find(|l| l.trim_start().starts_with(what)).unwrap_or_else(|| panic!("{text}"));
        assert!(line.trim_end().ends_with(value), "{line}");
    }
    let out = run(&["exact", "--game", "doudizhu4"]);
    assert!(stdout(&out).contains("P(the bottom holds at least one joker)                                                    13694/51039 = 0.2683046"), "{}", stdout(&out));
    // A fair two-deck 斗地主 (fisher-yates / pcg64, seed 4, 4,000 deals): the four table tests pass (each fails
    // only when its Holm-adjusted p falls below 1e-3, which a fair run does with probability below 1e-3 each).
    let fair = tempfile::tempdir().unwrap();
    let args = ["run", "-a", "fisher-yates", "--rng", "pcg64", "--seed", "4", "--shuffles", "4000"];
    let out = run(&[&args[..], &["--game", "doudizhu4", "--out", fair.path().to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let tests = summary_tests(fair.path());
    for name in ["bottom-jokers", "jokers-per-hand", "two-deck-bombs", "straight-flush-seat", "seat-card"] {
        let t = tests.iter().find(|t| t.0 == name).unwrap_or_else(|| panic!("{name} in summary.csv: {tests:?}"));
        assert_eq!(t.1, "PASS", "{t:?}");
    }
    let html = std::fs::read_to_string(fair.path().join("report.html")).unwrap();
    assert!(
        html.contains("--deck 54 --copies 2 --shuffles 4000 --seed 4 --game doudizhu4"),
        "no command in report.html"
    );
    // 掼蛋 by pair-swap (compare's row, 2^12 deals): the seats' cards FAIL.
    let swapped = tempfile::tempdir().unwrap();
    let args = ["run", "-a", "pair-swap", "--rng", "chacha8", "--seed", "1", "--shuffles", "4096", "--game", "guandan"];
    let out = run(&[&args[..], &["--out", swapped.path().to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert_eq!(summary_tests(swapped.path()).iter().find(|t| t.0 == "seat-card").unwrap().1, "FAIL");
    // What does not fit two decks is refused, naming the flag; the tests of the two-deck games need one.
    let gd = |extra: &[&'static str]| [&["run", "-a", "fisher-yates", "--game", "guandan"][..], extra].concat();
    rejects(&gd(&["--copies", "3"]), "--copies: 掼蛋 is played with two 54-card decks, not 3");
    rejects(&gd(&["--deck", "108"]), "--deck: 掼蛋 is played with two 54-card decks (--deck 54 --copies 2), not 108");
    rejects(&gd(&["--order", "rank"]), "--order");
    rejects(&gd(&["--hand", "28"]), "--hand: 4 players × 28 cards + 0 bottom = 112 cards, more than the 108-card deck");
    rejects(
        &["run", "-a", "fisher-yates", "--game", "doudizhu", "--tests", "straight-flush-seat"],
        "straight-flush-seat is a test of the two-deck games: it needs --game guandan or --game doudizhu4",
    );
}
