//! PokerStars hand histories (hold'em), the text files the client writes, one hand after another:
//!
//! ```text
//! PokerStars Hand #254812345678:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:00:00 ET
//! Table 'Alpha III' 6-max Seat #3 is the button
//! Seat 1: Hero ($2.00 in chips)
//! …
//! *** HOLE CARDS ***
//! Dealt to Hero [Ah Kd]
//! …
//! *** FLOP *** [2c 7d Th]
//! *** TURN *** [2c 7d Th] [Js]
//! *** RIVER *** [2c 7d Th Js] [3h]
//! *** SHOW DOWN ***
//! Villain: shows [Qs Qd] (a pair of Queens)
//! *** SUMMARY ***
//! Board [2c 7d Th Js 3h]
//! Seat 2: Villain showed [Qs Qd] and won ($1.20) with a pair of Queens
//! ```
//!
//! A hand starts at its header line (`PokerStars Hand #…`, also `PokerStars Zoom Hand #…`, `PokerStars Game
//! #…`) and runs to the next header or the end of the file; its id is the number after `#`. The hero's hole
//! cards are the `Dealt to NAME [..]` line with cards (`Dealt to` lines without cards, for the other players in
//! newer files, are skipped); the board is taken from the FLOP, TURN and RIVER lines and must agree with the
//! summary's `Board [..]`; other players' cards from `NAME: shows [..]` and the summary's `showed [..]` and
//! `mucked [..]`, under the seat number of their `Seat k: NAME (… in chips)` line.
//!
//! A hand without its summary (the file ends or the next hand starts first), a card name that is not a
//! hold'em card, a game other than Texas hold'em (Omaha, 6+ hold'em), a board run twice, or a board that
//! disagrees with the summary's invalidates the hand, named by its line; the reading goes on with the next.

use std::collections::HashMap;
use std::io::BufRead;

use crate::cards::Card;
use crate::logs::model::{LogDeal, LogError, ReadDeal, Seen, View, ViewName};
use crate::logs::read::hero::Hero;
use crate::logs::read::{TextLines, invalid, poker_card};

/// Reads the hands of a PokerStars hand-history file, one at a time. `hero` names the player whose hole cards
/// are the `hole` view; without it, the one player the file deals cards to.
pub fn read<'a>(
    input: impl BufRead + 'a,
    hero: Option<String>,
) -> impl Iterator<Item = Result<ReadDeal, LogError>> + 'a {
    StarsReader { lines: TextLines::new(input), hero: Hero::new(hero), header: None, done: false }
}

struct StarsReader<R> {
    lines: TextLines<R>,
    hero: Hero,
    /// The header of the next hand, read while ending the one before.
    header: Option<(u64, String)>,
    done: bool,
}

/// Whether a line starts a hand.
fn is_header(line: &str) -> bool {
    line.starts_with("PokerStars ") && (line.contains("Hand #") || line.contains("Game #"))
}

/// A hand's lines, numbered, from its header on.
type Lines = Vec<(u64, String)>;

/// Where the lines of a hand stopped.
enum End {
    /// The next hand's header, at this line.
    Header(u64),
    /// The end of the file, after this line.
    Eof(u64),
}

impl<R: BufRead> StarsReader<R> {
    /// The lines of the next hand, from its header on, and where they stopped; `None` at the end of the file.
    fn gather(&mut self) -> Result<Option<(Lines, End)>, LogError> {
        let header = match self.header.take() {
            Some(h) => h,
            None => loop {
                let Some(next) = self.lines.next() else { return Ok(None) };
                let (n, text) = next?;
                if text.trim().is_empty() {
                    continue;
                }
                if !is_header(&text) {
                    // Only the first hand can be preceded by something else: later hands end at a header.
                    return Err(LogError::at(
                        n,
                        format!(
                            "not a PokerStars hand history: '{}' where a hand starts with 'PokerStars Hand #'",
                            shorten(&text)
                        ),
                    ));
                }
                break (n, text);
            },
        };
        let mut lines = vec![header];
        for next in self.lines.by_ref() {
            let (n, text) = next?;
            if is_header(&text) {
                self.header = Some((n, text));
                return Ok(Some((lines, End::Header(n))));
            }
            if !text.trim().is_empty() {
                lines.push((n, text));
            }
        }
        Ok(Some((lines, End::Eof(self.lines.line()))))
    }

    /// One hand, from its lines: a deal, an invalid deal, or the error that ends the file (the hero question).
    fn hand(&mut self, lines: &[(u64, String)], end: End) -> Result<ReadDeal, LogError> {
        let (start, header) = (&lines[0].0, &lines[0].1);
        let start = *start;
        let id = header
            .split_once('#')
            .map(|(_, rest)| rest.chars().take_while(char::is_ascii_digit).collect::<String>())
            .filter(|id| !id.is_empty());
        let Some(id) = id else {
            return Ok(Err(invalid(None, start, format!("line {start}: the header has no hand number after '#'"))));
        };
        let bad = |why: String| Ok(Err(invalid(Some(&id), start, why)));
        let game = header.split_once(':').map_or("", |(_, g)| g);
        if !game.contains("Hold'em") || game.contains("6+ Hold'em") {
            let game = game.split(" - ").next().unwrap_or("").trim();
            return bad(format!("line {start}: '{game}' is not Texas hold'em"));
        }
        let hand = Hand::parse(lines);
        // The hero question is asked of every hand, even a defective one: an operator's log is told as soon as
        // it deals to a second player.
        let known: Vec<&str> = hand.dealt.iter().map(|d| d.name.as_str()).collect();
        let pick = self.hero.pick(&known, None, true, start)?;
        let Some(summary) = hand.summary else {
            return bad(match end {
                End::Header(n) => format!("line {n}: the next hand starts before this one's summary (truncated)"),
                End::Eof(n) => format!("line {n}: the file ends before the hand's summary (truncated)"),
            });
        };
        if let Some(why) = hand.defect {
            return bad(why);
        }
        let hero = match pick {
            Ok(i) => &hand.dealt[i],
            Err(why) => return bad(format!("line {start}: {why}")),
        };
        if hero.cards.len() != 2 {
            return bad(format!(
                "line {}: {} is dealt {} cards where hold'em deals 2",
                hero.line,
                hero.name,
                hero.cards.len()
            ));
        }
        let mut views =
            vec![View { name: ViewName::Hole, cards: hero.cards.clone(), seen: Seen::Always, line: hero.line }];
        let board = match (&hand.board, &hand.summary_board) {
            (Some(dealt), Some(summary)) if dealt.cards != summary.cards => {
                return bad(format!(
                    "line {}: the summary's board [{}] is not the one dealt [{}]",
                    summary.line, summary.text, dealt.text
                ));
            }
            (Some(_), None) => {
                return bad(format!("line {summary}: the summary has no 'Board [..]' line though a board was dealt"));
            }
            (Some(dealt), _) => Some(dealt),
            (None, summary) => summary.as_ref(),
        };
        if let Some(board) = board {
            views.push(View {
                name: ViewName::Board,
                cards: board.cards.clone(),
                seen: Seen::OnPlay,
                line: board.line,
            });
        }
        let hero_seat = hand.seats.get(&hero.name).copied();
        let mut shown: Vec<(u16, &Shown)> = Vec::new();
        for show in &hand.shown {
            let seat = match &show.who {
                Who::Seat(k) => *k,
                Who::Name(name) if *name == hero.name => continue,
                Who::Name(name) => match hand.seats.get(name) {
                    Some(&k) => k,
                    None => {
                        return bad(format!("line {}: {name} shows cards but sits at no seat of the hand", show.line));
                    }
                },
            };
            if Some(seat) == hero_seat {
                continue;
            }
            match shown.iter().find(|(k, _)| *k == seat) {
                Some((_, first)) if first.cards != show.cards => {
                    return bad(format!(
                        "line {}: seat {seat} shows [{}] where line {} showed [{}]",
                        show.line, show.text, first.line, first.text
                    ));
                }
                Some(_) => {}
                None => shown.push((seat, show)),
            }
        }
        shown.sort_by_key(|(k, _)| *k);
        views.extend(shown.into_iter().map(|(k, s)| View {
            name: ViewName::Seat(k),
            cards: s.cards.clone(),
            seen: Seen::OnPlay,
            line: s.line,
        }));
        Ok(Ok(LogDeal { id, line: start, views }))
    }
}

impl<R: BufRead> Iterator for StarsReader<R> {
    type Item = Result<ReadDeal, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.gather() {
            Ok(Some((lines, end))) => self.hand(&lines, end),
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

/// Cards as a line lists them, read.
struct Cards {
    cards: Vec<Card>,
    /// As written, for the messages.
    text: String,
    line: u64,
}

/// Hole cards dealt to a player.
struct Dealt {
    name: String,
    cards: Vec<Card>,
    line: u64,
}

/// Who showed cards: a name (`NAME: shows [..]`) or a seat (the summary's `Seat k: … showed [..]`).
enum Who {
    Name(String),
    Seat(u16),
}

struct Shown {
    who: Who,
    cards: Vec<Card>,
    text: String,
    line: u64,
}

/// What one hand's lines say, before the hero is known.
#[derive(Default)]
struct Hand {
    /// Each player's seat, from the `Seat k: NAME (… in chips)` lines before the hole cards.
    seats: HashMap<String, u16>,
    dealt: Vec<Dealt>,
    board: Option<Cards>,
    summary_board: Option<Cards>,
    shown: Vec<Shown>,
    /// The line of `*** SUMMARY ***`: without it, the hand is cut short.
    summary: Option<u64>,
    /// The first defect met, naming its line.
    defect: Option<String>,
}

/// The part of a hand a line is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Seats,
    Play,
    Summary,
}

impl Hand {
    fn parse(lines: &[(u64, String)]) -> Hand {
        let mut hand = Hand::default();
        let mut part = Part::Seats;
        for (n, text) in &lines[1..] {
            if let Err(why) = hand.line(*n, text.trim_end(), &mut part) {
                hand.defect.get_or_insert(format!("line {n}: {why}"));
            }
        }
        hand
    }

    fn line(&mut self, n: u64, text: &str, part: &mut Part) -> Result<(), String> {
        // A chat line may quote anything, even another line's words.
        if text.contains(" said, \"") {
            return Ok(());
        }
        if let Some(street) = text.strip_prefix("*** ") {
            return self.street(n, street, part);
        }
        match *part {
            Part::Seats => {
                if let Some((k, name)) = seat_line(text) {
                    self.seats.insert(name.to_string(), k);
                }
            }
            Part::Play => {
                if let Some(rest) = text.strip_prefix("Dealt to ") {
                    if let Some((name, cards)) = rest.split_once(" [") {
                        let cards = read_cards(&format!("[{cards}"), n)?;
                        self.dealt.push(Dealt { name: name.to_string(), cards: cards.cards, line: n });
                    }
                } else if let Some((name, after)) = text.split_once(": shows [") {
                    let cards = read_cards(&format!("[{after}"), n)?;
                    self.shown.push(Shown {
                        who: Who::Name(name.to_string()),
                        cards: cards.cards,
                        text: cards.text,
                        line: n,
                    });
                }
            }
            Part::Summary => {
                if let Some(board) = text.strip_prefix("Board ") {
                    self.summary_board = Some(read_cards(board, n)?);
                } else if let Some((k, rest)) = text.strip_prefix("Seat ").and_then(|r| r.split_once(": ")) {
                    let shown = rest.split_once(" showed [").or_else(|| rest.split_once(" mucked ["));
                    if let (Ok(k), Some((_, after))) = (k.parse::<u16>(), shown) {
                        let cards = read_cards(&format!("[{after}"), n)?;
                        self.shown.push(Shown { who: Who::Seat(k), cards: cards.cards, text: cards.text, line: n });
                    }
                }
            }
        }
        Ok(())
    }

    /// A `*** … ***` line: the part of the hand that starts, and the board cards it deals.
    fn street(&mut self, n: u64, street: &str, part: &mut Part) -> Result<(), String> {
        let (name, cards) = street.split_once("***").unwrap_or((street, ""));
        let name = name.trim();
        match name {
            "HOLE CARDS" | "SHOW DOWN" => *part = Part::Play,
            "SUMMARY" => {
                *part = Part::Summary;
                self.summary = Some(n);
            }
            "FLOP" | "TURN" | "RIVER" => {
                *part = Part::Play;
                let groups: Vec<&str> = cards.split('[').skip(1).collect();
                let Some(new) = groups.last() else {
                    return Err(format!("the {} line lists no cards", name.to_lowercase()));
                };
                let new = read_cards(&format!("[{new}"), n)?;
                let want = if name == "FLOP" { 3 } else { 1 };
                if new.cards.len() != want {
                    return Err(format!("the {} deals {} cards, not {want}", name.to_lowercase(), new.cards.len()));
                }
                let dealt = self.board.get_or_insert(Cards { cards: Vec::new(), text: String::new(), line: n });
                if groups.len() > 1 {
                    let before = read_cards(&format!("[{}", groups[0]), n)?;
                    if before.cards != dealt.cards {
                        return Err(format!(
                            "the {} repeats the board as [{}] where it was [{}]",
                            name.to_lowercase(),
                            before.text,
                            dealt.text
                        ));
                    }
                } else if !dealt.cards.is_empty() {
                    return Err(format!("the {} comes after a board was dealt", name.to_lowercase()));
                }
                dealt.cards.extend(new.cards);
                dealt.text = if dealt.text.is_empty() { new.text } else { format!("{} {}", dealt.text, new.text) };
            }
            _ if name.starts_with("FIRST ") || name.starts_with("SECOND ") || name.starts_with("THIRD ") => {
                return Err(format!("the board is run more than once ('*** {name} ***'): such a hand is not read"));
            }
            _ => {}
        }
        Ok(())
    }
}

/// A `Seat k: NAME (… in chips …)` line: the seat and the name.
fn seat_line(text: &str) -> Option<(u16, &str)> {
    let (k, rest) = text.strip_prefix("Seat ")?.split_once(": ")?;
    let chips = rest.find(" in chips")?;
    let name = &rest[..rest[..chips].rfind(" (")?];
    Some((k.parse().ok()?, name))
}

/// The cards of the bracket `text` starts with (`[Ah Kd]`, and whatever follows the closing bracket).
fn read_cards(text: &str, n: u64) -> Result<Cards, String> {
    let inside = text.strip_prefix('[').and_then(|t| t.split_once(']')).map(|(inside, _)| inside);
    let Some(inside) = inside else {
        return Err(format!("'{}' is not a list of cards in brackets", shorten(text)));
    };
    let cards = inside.split_whitespace().map(poker_card).collect::<Result<Vec<Card>, String>>()?;
    Ok(Cards { cards, text: inside.trim().to_string(), line: n })
}

/// A line cut for a message.
fn shorten(text: &str) -> String {
    let cut: String = text.chars().take(60).collect();
    if cut.len() < text.len() { format!("{cut}…") } else { cut }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::read::testing::{ids, view, why};

    fn deals(text: &str, hero: Option<&str>) -> Vec<Result<ReadDeal, LogError>> {
        read(text.as_bytes(), hero.map(str::to_string)).collect()
    }

    /// A showdown on a full board, Villain One showing and Cara mucking in the summary (38 lines).
    const SHOWDOWN: &str = "\
PokerStars Hand #254812345678:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:00:00 ET
Table 'Alpha III' 6-max Seat #1 is the button
Seat 1: Hero ($2.00 in chips)
Seat 2: Villain One ($2.13 in chips)
Seat 4: Cara ($1.87 in chips)
Villain One: posts small blind $0.01
Cara: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Dealt to Villain One
Dealt to Cara
Hero: raises $0.04 to $0.06
Villain One: calls $0.05
Cara: calls $0.04
*** FLOP *** [2c 7d Th]
Villain One: checks
Cara: checks
Hero: bets $0.10
Villain One: calls $0.10
Cara: calls $0.10
*** TURN *** [2c 7d Th] [Js]
Villain One: checks
Cara: checks
Hero: checks
*** RIVER *** [2c 7d Th Js] [3h]
Villain One: bets $0.20
Cara: calls $0.20
Hero: folds
*** SHOW DOWN ***
Villain One: shows [Qs Qd] (a pair of Queens)
Cara: mucks hand
Villain One collected $0.93 from pot
*** SUMMARY ***
Total pot $0.96 | Rake $0.03
Board [2c 7d Th Js 3h]
Seat 1: Hero (button) folded on the River
Seat 2: Villain One (small blind) showed [Qs Qd] and won ($0.93) with a pair of Queens
Seat 4: Cara (big blind) mucked [8h 8c]
";

    /// Everybody folds to a raise before the flop: no board (19 lines).
    const FOLDED: &str = "\
PokerStars Hand #254812345679:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:01:10 ET
Table 'Alpha III' 6-max Seat #2 is the button
Seat 1: Hero ($1.94 in chips)
Seat 2: Villain One ($2.83 in chips)
Seat 4: Cara ($1.51 in chips)
Cara: posts small blind $0.01
Hero: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [7s 2h]
Villain One: raises $0.04 to $0.06
Cara: folds
Hero: folds
Uncalled bet ($0.04) returned to Villain One
Villain One collected $0.05 from pot
Villain One: doesn't show hand
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 1: Hero (big blind) folded before Flop
Seat 2: Villain One (button) collected ($0.05)
";

    /// The hero wins on the turn and shows (not a seat view); a chat line quotes a `Dealt to` line (26 lines).
    const TURN: &str = "\
PokerStars Hand #254812345680:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:02:00 ET
Table 'Alpha III' 6-max Seat #4 is the button
Seat 1: Hero ($1.92 in chips)
Seat 2: Villain One ($2.88 in chips)
Seat 4: Cara ($1.50 in chips)
Hero: posts small blind $0.01
Villain One: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Tc Td]
Cara: calls $0.02
Hero: raises $0.06 to $0.08
Villain One: folds
Cara: calls $0.06
Villain One said, \"Dealt to Villain One [As Ac]\"
*** FLOP *** [9s 4d 4h]
Hero: bets $0.10
Cara: calls $0.10
*** TURN *** [9s 4d 4h] [Kc]
Hero: bets $0.24
Cara: folds
Uncalled bet ($0.24) returned to Hero
Hero collected $0.38 from pot
Hero: shows [Tc Td] (two pair, Tens and Fours)
*** SUMMARY ***
Total pot $0.38 | Rake $0
Board [9s 4d 4h Kc]
";

    /// Hands one after another, as the client writes them: separated by blank lines.
    fn file(hands: &[&str]) -> String {
        hands.join("\n\n\n")
    }

    #[test]
    fn a_players_file_gives_hole_cards_boards_and_shown_seats() {
        let got = deals(&file(&[SHOWDOWN, FOLDED, TURN]), None);
        assert_eq!(got.len(), 3, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!((first.id.as_str(), first.line), ("254812345678", 1));
        assert_eq!(first.views[0].cards, vec![13, 51], "Ah Kd");
        assert_eq!(
            first.views,
            vec![
                view(ViewName::Hole, "Ah Kd", Seen::Always, 9),
                view(ViewName::Board, "2c 7d Th Js 3h", Seen::OnPlay, 15),
                view(ViewName::Seat(2), "Qs Qd", Seen::OnPlay, 30),
                view(ViewName::Seat(4), "8h 8c", Seen::OnPlay, 38),
            ]
        );
        assert_eq!(first.views[1].cards, vec![27, 45, 22, 10, 15], "2c 7d Th Js 3h");
        let second = got[1].clone().unwrap().unwrap();
        assert_eq!((second.id.as_str(), second.line), ("254812345679", 42));
        assert_eq!(second.views, vec![view(ViewName::Hole, "7s 2h", Seen::Always, 50)]);
        let third = got[2].clone().unwrap().unwrap();
        assert_eq!((third.id.as_str(), third.line), ("254812345680", 64));
        assert_eq!(
            third.views,
            vec![
                view(ViewName::Hole, "Tc Td", Seen::Always, 72),
                view(ViewName::Board, "9s 4d 4h Kc", Seen::OnPlay, 78)
            ]
        );
    }

    #[test]
    fn a_hand_cut_short_is_invalid_and_the_next_is_read() {
        let cut = &SHOWDOWN[..SHOWDOWN.find("*** SHOW DOWN ***").unwrap()];
        let got = deals(&format!("{cut}{FOLDED}"), None);
        assert_eq!(got.len(), 2, "{got:?}");
        let bad = got[0].clone().unwrap().unwrap_err();
        assert_eq!((bad.id.as_deref(), bad.line), (Some("254812345678"), 1));
        assert_eq!(bad.why, "line 29: the next hand starts before this one's summary (truncated)");
        assert_eq!(got[1].clone().unwrap().unwrap().id, "254812345679");

        let got = deals(&file(&[FOLDED, cut]), None);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(why(&got[1]), "line 50: the file ends before the hand's summary (truncated)");
    }

    #[test]
    fn a_card_twice_in_a_hand_is_passed_on_for_the_deal_check() {
        let twice = SHOWDOWN.replace("[Qs Qd]", "[Ah Qd]");
        let got = deals(&twice, None);
        let deal = got[0].clone().unwrap().unwrap();
        assert_eq!(deal.views[0].cards, ids("Ah Kd"));
        assert_eq!(deal.views[2], view(ViewName::Seat(2), "Ah Qd", Seen::OnPlay, 30));
    }

    #[test]
    fn an_unknown_card_invalidates_its_hand_naming_the_line() {
        let got = deals(&file(&[&SHOWDOWN.replace("[Ah Kd]", "[Ah Xx]"), FOLDED]), None);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(why(&got[0]), "line 9: unknown card name 'Xx'");
        assert!(got[1].clone().unwrap().is_ok());
        // PokerStars writes tens `T`: a `1h` is no spelling of a card in a hand history.
        let got = deals(&FOLDED.replace("[7s 2h]", "[7s 1h]"), None);
        assert_eq!(why(&got[0]), "line 9: unknown card name '1h'");
    }

    #[test]
    fn a_board_that_disagrees_with_the_summary_or_a_game_not_holdem_is_invalid() {
        let got = deals(&SHOWDOWN.replace("Board [2c 7d Th Js 3h]", "Board [2c 7d Th Js 4h]"), None);
        assert_eq!(why(&got[0]), "line 35: the summary's board [2c 7d Th Js 4h] is not the one dealt [2c 7d Th Js 3h]");
        let got = deals(&SHOWDOWN.replace("Board [2c 7d Th Js 3h]\n", ""), None);
        assert_eq!(why(&got[0]), "line 33: the summary has no 'Board [..]' line though a board was dealt");
        let got = deals(&FOLDED.replace("Hold'em No Limit", "Omaha Pot Limit"), None);
        assert_eq!(why(&got[0]), "line 1: 'Omaha Pot Limit ($0.01/$0.02 USD)' is not Texas hold'em");
    }

    /// An operator's log: every player's hole cards.
    fn operators() -> String {
        let all = |hand: &str, villain: &str, cara: &str| {
            hand.replace("Dealt to Villain One\n", &format!("Dealt to Villain One [{villain}]\n"))
                .replace("Dealt to Cara\n", &format!("Dealt to Cara [{cara}]\n"))
        };
        let folded = FOLDED.replace("Dealt to Hero [7s 2h]\n", "Dealt to Villain One [6d 6s]\nDealt to Cara [Jc 9c]\n");
        file(&[&all(SHOWDOWN, "Qs Qd", "8h 8c"), &folded])
    }

    #[test]
    fn without_a_hero_an_operators_log_ends_asking_for_one() {
        let got = deals(&operators(), None);
        let e = got.last().unwrap().clone().unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.what.contains("several players (Cara, Hero, Villain One)"), "{e}");
        assert!(e.what.contains("--hero NAME"), "{e}");
        assert_eq!(got.len(), 1);
    }

    #[test]
    fn with_a_hero_a_hand_not_dealt_to_them_is_invalid_and_a_hero_never_met_ends_the_file() {
        let got = deals(&operators(), Some("Hero"));
        assert_eq!(got.len(), 2, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!(first.views[0], view(ViewName::Hole, "Ah Kd", Seen::Always, 9));
        let bad = got[1].clone().unwrap().unwrap_err();
        assert_eq!(bad.line, 42);
        assert_eq!(bad.why, "line 42: the hero Hero was not dealt in (hole cards dealt to Villain One, Cara)");

        let got = deals(&operators(), Some("Cara"));
        assert_eq!(got[0].clone().unwrap().unwrap().views[0].cards, ids("8h 8c"));
        assert_eq!(got[0].clone().unwrap().unwrap().views.len(), 3, "Cara's own mucked cards are not a seat view");

        let got = deals(&file(&[SHOWDOWN, FOLDED]), Some("Zed"));
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(why(&got[0]), "line 1: the hero Zed was not dealt in (hole cards dealt to Hero)");
        assert_eq!(
            got[2].clone().unwrap_err(),
            LogError::file("no hand deals hole cards to the hero Zed; the players dealt hole cards are Hero")
        );
    }

    #[test]
    fn a_file_that_is_not_a_hand_history_or_not_utf8_ends_with_its_line() {
        let got = deals("\nHello\nPokerStars Hand #1: Hold'em\n", None);
        assert_eq!(got.len(), 1);
        let e = got[0].clone().unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.what.starts_with("not a PokerStars hand history: 'Hello'"), "{e}");
        let bytes = FOLDED.replace("Cara: folds", "Cara: folds \u{1}").into_bytes();
        let bytes: Vec<u8> = bytes.into_iter().map(|b| if b == 1 { 0xff } else { b }).collect();
        let got: Vec<_> = read(&bytes[..], None).collect();
        assert_eq!(got, vec![Err(LogError::at(11, "it is not UTF-8 text: a hand history is text"))]);
    }
}
