//! PokerKit's hand histories (`.phh`, TOML), Texas hold'em only (variants `NT` and `FT`):
//!
//! ```text
//! variant = "NT"
//! antes = [0, 0, 0]
//! blinds_or_straddles = [1, 2, 0]
//! min_bet = 2
//! starting_stacks = [200, 200, 200]
//! actions = ["d dh p1 AhKd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
//!            "d db 2c7dTh", "p2 cc", "p1 cc", "d db Js", "d db 3h", "p2 cc", "p1 cc", "p2 sm QsQd", "p1 sm"]
//! players = ["Ann", "Bob", "Cy"]
//! hand = 12
//! ```
//!
//! A file is one hand, or several: PokerKit's `.phhs` sections (`[1]`, `[2]`, … on lines of their own), or
//! `.phh` files put one after another (a second `variant = ` line starts the next hand). Each hand's text is read
//! alone, in one hand's memory. Its id is its `hand` key, else its section's number, else its rank in the file;
//! its line is its section's line, else its first line.
//!
//! In `actions`, cards are written without spaces (`AhKd`, `2c7dTh`) and `??` is an unknown card; `d dh pK CARDS`
//! deals hole cards to player K (1-based, the index of `players` and of every per-player array), `d db CARDS`
//! deals board cards, `pK sm CARDS` shows cards (the known ones make seat K's view; K is the player's index, as
//! the actions write it), `pK sm -` shows the cards dealt to K, and `pK sm` alone mucks. A `#` starts a
//! commentary, left out. The hero is the player named by `--hero` (a name of `players`, or `pK`), else the one
//! player whose hole cards are all known.
//!
//! TOML that cannot be read (a hand cut short leaves its `actions` array open), a variant other than Texas
//! hold'em, a hand without `actions`, an unknown card name or an unknown board card invalidates the hand.

use std::io::BufRead;

use serde::Deserialize;
use toml::Spanned;

use crate::cards::Card;
use crate::logs::model::{LogDeal, LogError, ReadDeal, Seen, View, ViewName};
use crate::logs::read::hero::Hero;
use crate::logs::read::{TextLines, invalid, poker_card};

/// Reads the hands of a PokerKit hand-history file, one at a time. `hero` names the player whose hole cards
/// are the `hole` view; without it, the one player whose hole cards are known.
pub fn read<'a>(
    input: impl BufRead + 'a,
    hero: Option<String>,
) -> impl Iterator<Item = Result<ReadDeal, LogError>> + 'a {
    PhhReader { lines: TextLines::new(input), hero: Hero::new(hero), next: None, rank: 0, done: false }
}

struct PhhReader<R> {
    lines: TextLines<R>,
    hero: Hero,
    /// The line that starts the next hand, read while ending the one before.
    next: Option<(u64, String)>,
    /// How many hands were met.
    rank: u64,
    done: bool,
}

/// A `[N]` line: a `.phhs` section, one hand.
fn section(line: &str) -> Option<&str> {
    let n = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(n)
}

/// Whether a line is `key = …` (TOML's bare keys).
fn key_line(line: &str) -> Option<&str> {
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')).then_some(key)
}

/// The text of one hand, cut from the file.
struct HandText {
    /// Where the hand starts: its section line, or its first line.
    line: u64,
    /// Its section's number, if it has one.
    section: Option<String>,
    /// The line of `text`'s first line.
    first: u64,
    text: String,
}

impl<R: BufRead> PhhReader<R> {
    /// The text of the next hand; `None` at the end of the file.
    fn gather(&mut self) -> Result<Option<HandText>, LogError> {
        let (line, head) = match self.next.take() {
            Some(h) => h,
            None => loop {
                let Some(next) = self.lines.next() else { return Ok(None) };
                let (n, text) = next?;
                let trimmed = text.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
                if section(trimmed).is_none() && key_line(trimmed).is_none() {
                    return Err(LogError::at(
                        n,
                        format!(
                            "not a PokerKit hand history: '{}' where one holds 'key = value' lines or '[1]' sections",
                            trimmed.chars().take(40).collect::<String>()
                        ),
                    ));
                }
                break (n, text);
            },
        };
        let mut hand = match section(&head) {
            Some(number) => HandText { line, section: Some(number.to_string()), first: line + 1, text: String::new() },
            None => HandText { line, section: None, first: line, text: format!("{head}\n") },
        };
        let mut variant = key_line(&head) == Some("variant");
        for next in self.lines.by_ref() {
            let (n, text) = next?;
            let key = key_line(&text);
            if section(&text).is_some() || (variant && key == Some("variant")) {
                self.next = Some((n, text));
                break;
            }
            variant |= key == Some("variant");
            hand.text.push_str(&text);
            hand.text.push('\n');
        }
        Ok(Some(hand))
    }

    fn hand(&mut self, hand: HandText) -> Result<ReadDeal, LogError> {
        self.rank += 1;
        let start = hand.line;
        let line_at =
            |offset: usize| hand.first + hand.text[..offset.min(hand.text.len())].matches('\n').count() as u64;
        let fallback = hand.section.clone().unwrap_or_else(|| self.rank.to_string());
        let raw: RawHand = match toml::from_str(&hand.text) {
            Ok(raw) => raw,
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                let at = line_at(offset);
                let message = e.message().trim().replace('\n', " ");
                // TOML that fails where the hand's text ends was cut short there (an array left open).
                let why = match &self.next {
                    _ if offset < hand.text.trim_end().len() => {
                        format!("line {at}: the hand's TOML cannot be read ({message})")
                    }
                    Some((n, _)) => format!("line {n}: the next hand starts before this one's TOML closes (truncated)"),
                    None => {
                        format!("line {}: the file ends before the hand's TOML closes (truncated)", self.lines.line())
                    }
                };
                return Ok(Err(invalid(Some(&fallback), start, why)));
            }
        };
        let id = match &raw.hand {
            Some(toml::Value::String(s)) => s.clone(),
            Some(toml::Value::Integer(n)) => n.to_string(),
            _ => fallback,
        };
        let bad = |line: u64, why: String| Ok(Err(invalid(Some(&id), start, format!("line {line}: {why}"))));
        match raw.variant.as_ref().map(|v| v.get_ref().as_str()) {
            Some("NT" | "FT") => {}
            Some(other) => {
                let line = line_at(raw.variant.as_ref().map_or(0, |v| v.span().start));
                return bad(line, format!("the variant '{other}' is not Texas hold'em (NT or FT)"));
            }
            None => return bad(start, "the hand has no variant".into()),
        }
        let Some(actions) = &raw.actions else { return bad(start, "the hand has no actions".into()) };
        let label = |k: usize| match raw.players.as_ref().and_then(|p| p.get(k - 1)) {
            Some(name) => name.clone(),
            None => format!("p{k}"),
        };

        let mut board: Option<(Vec<Card>, u64)> = None;
        // Hole cards (None for an unknown card) and shown cards, by player index, with their lines.
        let mut dealt: Vec<(usize, Vec<Option<Card>>, u64)> = Vec::new();
        let mut shown: Vec<(usize, Vec<Card>, u64)> = Vec::new();
        for action in actions {
            let line = line_at(action.span().start);
            let words: Vec<&str> = action.get_ref().split('#').next().unwrap_or("").split_whitespace().collect();
            let result = match words.as_slice() {
                ["d", "dh", player, cards] => player_index(player).and_then(|k| {
                    dealt.push((k, read_cards(cards)?, line));
                    Ok(())
                }),
                ["d", "db", cards] => read_cards(cards).and_then(|cards| {
                    let known: Option<Vec<Card>> = cards.into_iter().collect();
                    let known = known.ok_or_else(|| "a board card is unknown ('??')".to_string())?;
                    board.get_or_insert((Vec::new(), line)).0.extend(known);
                    Ok(())
                }),
                [player, "sm", rest @ ..] if player.starts_with('p') => player_index(player).and_then(|k| {
                    let cards = match rest {
                        [] => Vec::new(),
                        ["-"] => dealt.iter().find(|d| d.0 == k).map_or(Vec::new(), |d| d.1.clone()),
                        [cards] => read_cards(cards)?,
                        _ => return Err(format!("'{}' is not 'pK sm [CARDS]'", action.get_ref().trim())),
                    };
                    shown.push((k, cards.into_iter().flatten().collect(), line));
                    Ok(())
                }),
                _ => Ok(()),
            };
            if let Err(why) = result {
                return bad(line, why);
            }
        }

        let known: Vec<(usize, Vec<Card>, u64)> = dealt
            .iter()
            .filter(|(_, cards, _)| cards.iter().all(Option::is_some))
            .map(|(k, cards, line)| (*k, cards.iter().flatten().copied().collect(), *line))
            .collect();
        let labels: Vec<String> = known.iter().map(|(k, ..)| label(*k)).collect();
        let names: Vec<&str> = labels.iter().map(String::as_str).collect();
        if let Some(asked) = self.hero.asked()
            && let Some((k, _, line)) = dealt.iter().find(|(k, cards, _)| label(*k) == asked && cards.contains(&None))
        {
            let why = format!("the hole cards of the hero {asked} (p{k}) are not known");
            return bad(*line, why);
        }
        let (hero, hole, hole_line) = match self.hero.pick(&names, None, raw.players.is_some(), start)? {
            Ok(i) => &known[i],
            Err(why) => return bad(start, why),
        };
        if hole.len() != 2 {
            return bad(*hole_line, format!("{} is dealt {} cards where hold'em deals 2", label(*hero), hole.len()));
        }
        let mut views = vec![View { name: ViewName::Hole, cards: hole.clone(), seen: Seen::Always, line: *hole_line }];
        if let Some((cards, line)) = board {
            views.push(View { name: ViewName::Board, cards, seen: Seen::OnPlay, line });
        }
        let mut seats: Vec<(usize, Vec<Card>, u64)> = Vec::new();
        for (k, cards, line) in shown {
            if k == *hero || cards.is_empty() || seats.iter().any(|s| s.0 == k) {
                continue;
            }
            seats.push((k, cards, line));
        }
        seats.sort_by_key(|s| s.0);
        views.extend(seats.into_iter().map(|(k, cards, line)| View {
            name: ViewName::Seat(k as u16),
            cards,
            seen: Seen::OnPlay,
            line,
        }));
        Ok(Ok(LogDeal { id, line: start, views }))
    }
}

impl<R: BufRead> Iterator for PhhReader<R> {
    type Item = Result<ReadDeal, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.gather() {
            Ok(Some(hand)) => self.hand(hand),
            Ok(None) => {
                self.done = true;
                return self.hero.end().map(Err);
            }
            Err(e) => Err(e),
        };
        if item.is_err() {
            self.done = true;
        }
        Some(item)
    }
}

/// The keys of a hand the reader needs; the others (stakes, stacks, venue, …) are left.
#[derive(Deserialize)]
struct RawHand {
    variant: Option<Spanned<String>>,
    actions: Option<Vec<Spanned<String>>>,
    players: Option<Vec<String>>,
    hand: Option<toml::Value>,
}

/// `pK`'s K, 1-based.
fn player_index(word: &str) -> Result<usize, String> {
    match word.strip_prefix('p').and_then(|k| k.parse::<usize>().ok()) {
        Some(k) if (1..=u16::MAX as usize).contains(&k) => Ok(k),
        _ => Err(format!("'{word}' is no player (p1, p2, …)")),
    }
}

/// Cards written without spaces, two characters each (`AhKd`), `??` for an unknown card (`None`).
fn read_cards(text: &str) -> Result<Vec<Option<Card>>, String> {
    let chars: Vec<char> = text.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err(format!("'{text}' is not a list of two-character cards"));
    }
    chars
        .chunks(2)
        .map(|pair| {
            let token: String = pair.iter().collect();
            if token == "??" { Ok(None) } else { poker_card(&token).map(Some) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::read::testing::{ids, view, why};

    fn deals(text: &str, hero: Option<&str>) -> Vec<Result<ReadDeal, LogError>> {
        read(text.as_bytes(), hero.map(str::to_string)).collect()
    }

    /// A showdown on a full board; the hero, p3, shows with `sm -` (25 lines).
    const SHOWDOWN: &str = r#"variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 213, 187]
actions = [
  # Pre-flop
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 AhKd",
  "p3 cbr 6",
  "p1 cc",
  "p2 cc",
  # Flop
  "d db 2c7dTh",
  "p1 cc", "p2 cc", "p3 cc",
  "d db Js",
  "p1 cc", "p2 cc", "p3 cc",
  "d db 3h  # the river",
  "p1 cbr 20", "p2 cc", "p3 cc",
  "p1 sm QsQd", "p2 sm 8h8c", "p3 sm -",
]
players = ["Villain", "Cara", "Hero"]
hand = 41
"#;

    /// Everybody folds before the flop: no board, no `hand` key (7 lines).
    const FOLDED: &str = r#"variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [179, 193, 227]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 7s2h", "p3 f", "p1 f"]
players = ["Villain", "Cara", "Hero"]
"#;

    /// Villain folds on the turn; he shows one card (9 lines).
    const TURN: &str = r#"variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [180, 193, 226]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 TcTd", "p3 cbr 4", "p1 cc", "p2 f", "d db 9s4d4h", "p1 cc", "p3 cbr 2", "p1 cc", "d db Kc", "p1 cc", "p3 cbr 4", "p1 f", "p1 sm Qs??"]
players = ["Villain", "Cara", "Hero"]
hand = "43b"
"#;

    /// PokerKit's several hands in one file: `[1]`, `[2]`, … sections.
    fn sections(hands: &[&str]) -> String {
        hands.iter().enumerate().map(|(i, h)| format!("[{}]\n{h}\n", i + 1)).collect()
    }

    #[test]
    fn a_phhs_file_gives_hole_cards_boards_and_shown_seats() {
        let got = deals(&sections(&[SHOWDOWN, FOLDED, TURN]), None);
        assert_eq!(got.len(), 3, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!((first.id.as_str(), first.line), ("41", 1));
        assert_eq!(first.views[0].cards, vec![13, 51], "Ah Kd");
        assert_eq!(
            first.views,
            vec![
                view(ViewName::Hole, "Ah Kd", Seen::Always, 12),
                view(ViewName::Board, "2c 7d Th Js 3h", Seen::OnPlay, 17),
                view(ViewName::Seat(1), "Qs Qd", Seen::OnPlay, 23),
                view(ViewName::Seat(2), "8h 8c", Seen::OnPlay, 23),
            ]
        );
        let second = got[1].clone().unwrap().unwrap();
        assert_eq!((second.id.as_str(), second.line), ("2", 28));
        assert_eq!(second.views, vec![view(ViewName::Hole, "7s 2h", Seen::Always, 34)]);
        let third = got[2].clone().unwrap().unwrap();
        assert_eq!((third.id.as_str(), third.line), ("43b", 37));
        assert_eq!(
            third.views,
            vec![
                view(ViewName::Hole, "Tc Td", Seen::Always, 44),
                view(ViewName::Board, "9s 4d 4h Kc", Seen::OnPlay, 44),
                view(ViewName::Seat(1), "Qs", Seen::OnPlay, 44),
            ]
        );
    }

    #[test]
    fn a_single_hand_and_hands_put_one_after_another_are_read_too() {
        let got = deals(&format!("# one hand\n\n{FOLDED}"), None);
        assert_eq!(got.len(), 1, "{got:?}");
        let deal = got[0].clone().unwrap().unwrap();
        // The comment before the hand's first key is the file's, not the hand's.
        assert_eq!((deal.id.as_str(), deal.line), ("1", 3));
        assert_eq!(deal.views, vec![view(ViewName::Hole, "7s 2h", Seen::Always, 8)]);

        let got = deals(&format!("{SHOWDOWN}\n{FOLDED}\n{TURN}"), None);
        let ids: Vec<(String, u64)> = got.iter().map(|d| d.clone().unwrap().unwrap()).map(|d| (d.id, d.line)).collect();
        assert_eq!(ids, vec![("41".into(), 1), ("2".into(), 27), ("43b".into(), 35)]);
    }

    #[test]
    fn a_hand_cut_short_is_invalid_and_the_next_is_read() {
        let cut = &SHOWDOWN[..SHOWDOWN.find("  \"d db Js\"").unwrap()];
        let got = deals(&sections(&[cut, FOLDED]), None);
        assert_eq!(got.len(), 2, "{got:?}");
        let bad = got[0].clone().unwrap().unwrap_err();
        assert_eq!((bad.id.as_deref(), bad.line), (Some("1"), 1));
        assert_eq!(bad.why, "line 20: the next hand starts before this one's TOML closes (truncated)");
        assert_eq!(got[1].clone().unwrap().unwrap().id, "2");

        let got = deals(&sections(&[FOLDED, cut]), None);
        assert_eq!(why(&got[1]), "line 28: the file ends before the hand's TOML closes (truncated)");
        let got = deals(&sections(&[&SHOWDOWN.replace("min_bet = 2", "min_bet = = 2"), FOLDED]), None);
        assert!(why(&got[0]).starts_with("line 6: the hand's TOML cannot be read"), "{got:?}");
        assert!(got[1].clone().unwrap().is_ok());
    }

    #[test]
    fn a_card_twice_in_a_hand_is_passed_on_for_the_deal_check() {
        let twice = SHOWDOWN.replace("QsQd", "AhQd");
        let deal = deals(&twice, None)[0].clone().unwrap().unwrap();
        assert_eq!(deal.views[0].cards, ids("Ah Kd"));
        assert_eq!(deal.views[2], view(ViewName::Seat(1), "Ah Qd", Seen::OnPlay, 22));
    }

    #[test]
    fn an_unknown_card_or_variant_invalidates_its_hand_naming_the_line() {
        let got = deals(&sections(&[&SHOWDOWN.replace("d db Js", "d db Jx"), FOLDED]), None);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(why(&got[0]), "line 19: unknown card name 'Jx'");
        assert!(got[1].clone().unwrap().is_ok());
        let got = deals(&FOLDED.replace("7s2h", "7s2"), None);
        assert_eq!(why(&got[0]), "line 6: '7s2' is not a list of two-character cards");
        let got = deals(&FOLDED.replace("\"NT\"", "\"PO\""), None);
        assert_eq!(why(&got[0]), "line 1: the variant 'PO' is not Texas hold'em (NT or FT)");
    }

    /// Every hole card known, as in a bot match or a televised table.
    fn open_cards(hand: &str) -> String {
        hand.replace("d dh p1 ????", "d dh p1 QsQd").replace("d dh p2 ????", "d dh p2 8h8c")
    }

    #[test]
    fn without_a_hero_hands_with_several_known_hole_cards_end_asking_for_one() {
        let got = deals(&sections(&[FOLDED, &open_cards(TURN)]), None);
        assert_eq!(got.len(), 2, "{got:?}");
        let e = got[1].clone().unwrap_err();
        assert_eq!(e.line, Some(10));
        assert!(e.what.contains("several players (Cara, Hero, Villain)") && e.what.contains("--hero NAME"), "{e}");
        // Without `players`, players are named by position, and each hand is judged alone.
        let anonymous = |h: &str| h.replace("players = [\"Villain\", \"Cara\", \"Hero\"]\n", "");
        let got = deals(
            &sections(&[
                &anonymous(FOLDED),
                &anonymous(&FOLDED.replace("p3 7s2h", "p3 ????").replace("p1 ????", "p1 7s2h")),
            ]),
            None,
        );
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1].clone().unwrap().unwrap().views[0].cards, ids("7s 2h"));
        let got = deals(&anonymous(&open_cards(FOLDED)), None);
        assert!(got[0].clone().unwrap_err().what.contains("several players (p1, p2, p3)"), "{got:?}");
        let got = deals(&anonymous(&open_cards(FOLDED)), Some("p2"));
        assert_eq!(got[0].clone().unwrap().unwrap().views[0].cards, ids("8h 8c"));
    }

    #[test]
    fn with_a_hero_a_hand_not_dealt_to_them_is_invalid_and_a_hero_never_met_ends_the_file() {
        let other_table = open_cards(FOLDED).replace("\"Hero\"]", "\"Dan\"]");
        let got = deals(&sections(&[&open_cards(SHOWDOWN), &other_table, TURN]), Some("Hero"));
        assert_eq!(got.len(), 3, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!(first.views[0], view(ViewName::Hole, "Ah Kd", Seen::Always, 12));
        assert_eq!(first.views.len(), 4);
        let bad = got[1].clone().unwrap().unwrap_err();
        assert_eq!((bad.id.as_deref(), bad.line), (Some("2"), 28));
        assert_eq!(bad.why, "line 28: the hero Hero was not dealt in (hole cards dealt to Villain, Cara, Dan)");
        assert!(got[2].clone().unwrap().is_ok());

        let got = deals(&FOLDED.replace("p3 7s2h", "p3 ????").replace("p1 ????", "p1 7s2h"), Some("Hero"));
        assert_eq!(why(&got[0]), "line 6: the hole cards of the hero Hero (p3) are not known");

        let got = deals(TURN, Some("Zed"));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(why(&got[0]), "line 1: the hero Zed was not dealt in (hole cards dealt to Hero)");
        assert_eq!(
            got[1].clone().unwrap_err(),
            LogError::file("no hand deals hole cards to the hero Zed; the players dealt hole cards are Hero")
        );
    }

    #[test]
    fn text_that_is_not_phh_or_not_utf8_ends_the_file_with_its_line() {
        let got = deals("# notes\nHand #1: Hold'em\n", None);
        assert_eq!(got.len(), 1);
        let e = got[0].clone().unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.what.starts_with("not a PokerKit hand history: 'Hand #1: Hold'em'"), "{e}");
        let bytes: Vec<u8> = FOLDED.bytes().map(|b| if b == b'?' { 0xff } else { b }).collect();
        let got: Vec<_> = read(&bytes[..], None).collect();
        assert_eq!(got, vec![Err(LogError::at(6, "it is not UTF-8 text: a hand history is text"))]);
    }
}
