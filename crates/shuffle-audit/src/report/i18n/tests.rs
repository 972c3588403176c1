//! The catalogue's tests: both languages have a template for every key the code names, every message the
//! fixtures build fills exactly its templates' holes, and the Chinese sentences are Chinese.

use std::collections::BTreeSet;

use super::fixtures::{every_run, every_test_result, every_variant};
use super::template::{Arg, Message, holes};
use super::*;
use crate::audit::exact::SkippedExact;
use crate::cards::card_name;
use crate::stats::TestId;

const LANGS: [Lang; 2] = [Lang::En, Lang::Zh];

#[test]
fn languages_parse_and_name_cards() {
    assert_eq!("zh".parse::<Lang>(), Ok(Lang::Zh));
    assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
    assert!("fr".parse::<Lang>().unwrap_err().contains("expected en or zh"));
    assert_eq!(card_name(0, 54, Lang::Zh.name_style()), "黑桃A");
    assert_eq!(card_name(52, 54, Lang::Zh.name_style()), "小王");
    assert_eq!(card_name(0, 52, Lang::En.name_style()), "♠A");
    assert_eq!(verdict_word(Lang::Zh, Verdict::Fail), "FAIL（失败）");
    assert_eq!(verdict_word(Lang::En, Verdict::Fail), "FAIL");
}

#[test]
fn a_shoe_names_its_cards_by_face_and_deck() {
    use crate::stats::Cards;
    let m = || Message::new("class.face").card("card", 96, 104);
    let (shoe, by_face, deck) = (Cards::shoe(52, 2, true), Cards::shoe(52, 2, false), Cards::deck(104));
    assert_eq!(render(Lang::En, &m().in_deck(shoe)), "♦6 (deck 2)");
    assert_eq!(render(Lang::Zh, &m().in_deck(shoe)), "方块6（第2副）");
    assert_eq!(render(Lang::En, &Message::new("class.face").card("card", 3, 104).in_deck(shoe)), "♠4 (deck 1)");
    // Decks written by face do not say which copy is which; 104 distinct cards are not a shoe.
    assert_eq!(render(Lang::En, &m().in_deck(by_face)), "♦6");
    assert_eq!(render(Lang::En, &m().in_deck(deck)), "#96");
    // A card of another deck (a face of the base deck) keeps its name; messages inside messages are renamed.
    assert_eq!(render(Lang::En, &Message::new("class.face").card("card", 44, 52).in_deck(shoe)), "♦6");
    let nested = Message::new("class.face").msg("card", m()).in_deck(shoe);
    assert_eq!(render(Lang::En, &nested), "♦6 (deck 2)");
    // 掼蛋's two 54-card decks: the second deck's jokers.
    let jokers = Message::new("class.face").card("card", 107, 108).in_deck(Cards::shoe(54, 2, true));
    assert_eq!(render(Lang::En, &jokers), "大王 (deck 2)");
    assert_eq!(card_in(Lang::Zh, shoe, 52, 104), "黑桃A（第2副）");
    // One deck: its cards keep their names, in a message or alone.
    assert_eq!(card_in(Lang::En, Cards::deck(52), 1, 52), "♠2");
    let one = Message::new("class.face").card("card", 1, 52).in_deck(Cards::deck(52));
    assert_eq!(render(Lang::En, &one), "♠2");
}

#[test]
fn partial_runs_say_why_in_both_languages() {
    use crate::audit::input::PartialReason;
    use crate::audit::stop::StopReason;
    let input = |p: PartialReason| super::fixtures::input(Some(p), None);
    let both = |p: PartialReason| {
        let i = input(p);
        (partial_reason(Lang::En, &i).unwrap(), partial_reason(Lang::Zh, &i).unwrap())
    };
    assert_eq!(
        both(PartialReason::Interrupted { signal: StopReason::Terminate, decks: 7 }),
        ("stopped by SIGTERM after 7 decks".to_string(), "读到 7 副牌时被 SIGTERM 中止".to_string())
    );
    assert_eq!(
        both(PartialReason::TimedOut { limit: std::time::Duration::from_secs(90), decks: 1 }),
        ("timed out after 1m 30s, 1 deck read".to_string(), "超时：1m 30s 后停止，已读 1 副牌".to_string())
    );
    assert_eq!(both(PartialReason::Strict { line: 6 }).0, "stopped at the first invalid deck, line 6 (--strict)");
    assert_eq!(
        partial_reason(Lang::En, &InputSummary { partial_reason: None, ..input(PartialReason::Strict { line: 1 }) }),
        None
    );
}

#[test]
fn every_test_explains_itself_in_chinese() {
    let results = every_test_result();
    let seen: BTreeSet<TestId> = results.iter().map(|t| t.test).collect();
    assert_eq!(seen.len(), TestId::ALL.len(), "{seen:?}");
    let han = |s: &str| s.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
    // No English word of four letters or more (test names, `niu` and card ids aside, there are none).
    let english = |s: &str| {
        s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 4).map(str::to_string).collect::<Vec<_>>()
    };
    for t in &results {
        for (what, zh, en) in [
            ("explanation", explanation(Lang::Zh, t), explanation(Lang::En, t)),
            ("headline", test_headline(Lang::Zh, t), test_headline(Lang::En, t)),
        ] {
            assert!(han(&zh) >= 4, "{} {what}: {zh}", t.test);
            assert!(english(&zh).is_empty(), "{} {what}: {zh}", t.test);
            assert_ne!(zh, en, "{} {what}", t.test);
        }
        assert!(!detail(t).is_empty(), "{}", t.test);
    }
}

#[test]
fn both_languages_have_the_same_keys_once_each() {
    for lang in LANGS {
        let keys: Vec<&str> = catalogue(lang).keys().collect();
        let unique: BTreeSet<&str> = keys.iter().copied().collect();
        assert_eq!(keys.len(), unique.len(), "{lang:?} has a key twice");
    }
    let en: BTreeSet<&str> = catalogue(Lang::En).keys().collect();
    let zh: BTreeSet<&str> = catalogue(Lang::Zh).keys().collect();
    assert_eq!(en.difference(&zh).collect::<Vec<_>>(), Vec::<&&str>::new(), "keys without a Chinese template");
    assert_eq!(zh.difference(&en).collect::<Vec<_>>(), Vec::<&&str>::new(), "keys without an English template");
}

/// The keys the code names: every string literal of `messages.rs` and `template.rs` that looks like a key
/// (dotted lowercase words), and the keys of the tests' words (`sentences`).
fn keys_in_code() -> BTreeSet<&'static str> {
    let is_key = |s: &str| {
        s.contains('.') && s.split('.').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
    };
    let mut out = BTreeSet::new();
    for source in [include_str!("messages.rs"), include_str!("template.rs")] {
        let quotes: Vec<usize> = source.match_indices('"').map(|(i, _)| i).collect();
        for pair in quotes.windows(2) {
            let literal = &source[pair[0] + 1..pair[1]];
            if is_key(literal) {
                out.insert(literal);
            }
        }
    }
    out.extend(super::sentences::keys_named());
    out
}

#[test]
fn the_code_names_exactly_the_keys_of_the_catalogue() {
    let code = keys_in_code();
    let table: BTreeSet<&str> = catalogue(Lang::En).keys().filter(|k| !k.starts_with("k.")).collect();
    let code: BTreeSet<&str> = code.into_iter().filter(|k| !k.starts_with("k.")).collect();
    assert_eq!(code.difference(&table).collect::<Vec<_>>(), Vec::<&&str>::new(), "keys without templates");
    assert_eq!(table.difference(&code).collect::<Vec<_>>(), Vec::<&&str>::new(), "templates no code names");
}

/// Checks a message and the messages inside it: each language has its template, every hole of a template is
/// an argument, and every argument is a hole in at least one language. Returns the keys it went through.
fn check(m: &Message, keys: &mut BTreeSet<&'static str>) {
    keys.insert(m.key);
    let names: Vec<&str> = m.args.iter().map(|(n, _)| *n).collect();
    let given: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(given.len(), names.len(), "{}: an argument twice in {names:?}", m.key);
    let mut used = BTreeSet::new();
    for lang in LANGS {
        let template = catalogue(lang).template(m.key).unwrap_or_else(|| panic!("{lang:?} has no {}", m.key));
        for hole in holes(template) {
            assert!(given.contains(hole), "{lang:?} {}: the hole {{{hole}}} has no argument", m.key);
            used.insert(hole);
        }
    }
    assert_eq!(used, given, "{}: arguments that no language uses", m.key);
    for (_, a) in &m.args {
        check_arg(a, keys);
    }
}

fn check_arg(a: &Arg, keys: &mut BTreeSet<&'static str>) {
    match a {
        Arg::Msg(inner) => check(inner, keys),
        Arg::List(items) => {
            keys.insert("separator.list");
            keys.insert("separator.last");
            items.iter().for_each(|a| check_arg(a, keys));
        }
        Arg::ShoeCard { ids_known: true, .. } => {
            keys.insert("card.copy");
        }
        _ => {}
    }
}

/// Every message the fixtures build, and those of the pages' notes.
fn every_message() -> Vec<Message> {
    let mut out = Vec::new();
    // The fixtures' decks are of 52 cards: as a shoe of two 26-card decks, their cards are named by deck.
    let shoe = crate::stats::Cards::shoe(26, 2, true);
    for t in every_variant() {
        out.push(messages::test_headline(&t));
        out.push(messages::explanation(&t));
        out.push(messages::explanation(&t).in_deck(shoe));
    }
    for r in every_run() {
        out.push(messages::reason(&r));
        out.push(messages::headline(&r));
        out.push(messages::run_meta(&r));
        out.extend(messages::incomplete(&r));
        out.extend(messages::rules_out(&r));
        out.extend(messages::looks_like(&r));
        if let Some(i) = &r.input {
            out.extend(i.partial_reason.as_ref().map(|p| messages::partial(p, i)));
        }
    }
    for v in [Verdict::Pass, Verdict::Suspicious, Verdict::Fail, Verdict::Broken] {
        out.push(messages::verdict(v));
    }
    out.push(messages::no_verdict());
    let (error, no_decks) = messages::check_failed("no such file");
    out.extend([error, no_decks, messages::external_origin("`gen`"), messages::noise_note(1000, 1.5, "2×")]);
    out.extend(messages::exact_heatmap("ideal draws"));
    for ideal_draws in [true, false] {
        let skipped = SkippedExact { work: 3.4e12, command: "shuffle-audit exact --deck 1024".into(), ideal_draws };
        out.push(messages::exact_skipped("fisher-yates", 1024, &skipped));
    }
    for d in [Detection::Shuffles(3.0), Detection::Shuffles(9.5e7), Detection::NotDetectable { at_least: 3.2e4 }] {
        out.push(messages::detection(d, 1_048_576));
    }
    out.push(messages::detection_broken(17));
    out
}

#[test]
fn every_message_fills_exactly_its_holes_and_every_key_is_reached() {
    let mut reached = BTreeSet::new();
    for m in every_message() {
        check(&m, &mut reached);
        for lang in LANGS {
            let text = render(lang, &m);
            assert!(!text.is_empty() || m.key == "exact-skipped.own-draws", "{}", m.key);
        }
    }
    let all: BTreeSet<&str> = catalogue(Lang::En).keys().collect();
    assert_eq!(all.difference(&reached).collect::<Vec<_>>(), Vec::<&&str>::new(), "keys no fixture reaches");
}

/// What a PASS rules out is said of a PASS or SUSPICIOUS run with the position-card test, never of a FAIL; its
/// figures are the power statement's.
#[test]
fn a_pass_says_what_it_rules_out_and_a_fail_does_not() {
    let runs = every_run();
    let (fair, biased) = (&runs[0], &runs[1]);
    assert_eq!(fair.verdict, Verdict::Pass);
    let p = fair.power().expect("the fair fixture applies position-card");
    let en = rules_out(Lang::En, fair).expect("a PASS rules something out");
    let any = crate::stats::power::percent(p.any_cell);
    assert!(en.starts_with("What this PASS rules out: at "), "{en}");
    assert!(en.contains(&format!("off by {any} or more would have FAILed with 99% power")), "{en}");
    assert!(rules_out(Lang::Zh, fair).expect("in Chinese too").contains(&any));
    assert_ne!(biased.verdict, Verdict::Pass);
    assert_eq!(rules_out(Lang::En, biased), None, "a FAIL rules nothing out");
    // At 20 decks only a cell off by more than 100% would have FAILed: the sentence says that little is ruled out.
    let tiny = &runs[3];
    assert!(tiny.power().expect("20 decks").any_cell > 1.0);
    let en = rules_out(Lang::En, tiny).expect("a PASS of 20 decks");
    assert!(en.starts_with("What this PASS rules out: little. At 20 decks") && en.contains("off by 100%"), "{en}");
    assert!(rules_out(Lang::Zh, tiny).expect("in Chinese too").contains("排除不了什么"));
}

#[test]
fn the_reports_keep_their_words() {
    let runs = every_run();
    let (fair, biased) = (&runs[0], &runs[1]);
    assert!(reason(Lang::En, fair).starts_with("no test finds a bias: the smallest Holm-adjusted p over the "));
    assert_eq!(headline(Lang::Zh, fair), "未发现偏差");
    let why = reason(Lang::Zh, biased);
    assert!(why.contains("Holm 校正为"), "{why}");
    assert_eq!(
        detection(Lang::En, Detection::Shuffles(9.5e7), 1000),
        "About 95 million shuffles (9.50e7) to reach FAIL; this run used 1,000."
    );
    assert_eq!(
        detection(Lang::Zh, Detection::Shuffles(9.5e7), 1000),
        "大约需要洗 9500 万 次 (9.50e7)才会判定 FAIL；本次运行洗了 1,000 次。"
    );
}
