//! Open Hand History (OHH), the JSON hand histories of spec 1.4.x: one object a hand,
//!
//! ```text
//! {"ohh": {"spec_version": "1.4.6", "game_number": "123", "game_type": "Holdem",
//!          "players": [{"id": 1, "seat": 1, "name": "Hero"}, …], "hero_player_id": 1,
//!          "rounds": [{"id": 0, "street": "Preflop", "actions": [
//!                        {"action_number": 1, "player_id": 1, "action": "Dealt Cards", "cards": ["Ah", "Kd"]}, …]},
//!                     {"id": 1, "street": "Flop", "cards": ["2c", "7d", "Th"], "actions": […]}, …]}}
//! ```
//!
//! A file holds its hands as objects one after another (one a line, or pretty-printed and separated by blank
//! lines), or as the items of one top-level array. Either way the reader cuts the text at each top-level
//! object's closing brace (counting braces outside strings) and reads that object alone, so a file of any size
//! is read in one hand's memory, arrays included. A hand's line is the line its object starts on; its views are
//! given that line too (a JSON value has no line of its own once read), and a defect names the line where the
//! offending text first appears in the object.
//!
//! The hole view is the hero's `Dealt Cards` (the player named by `--hero`, else by `hero_player_id`, else the
//! one player dealt known cards); the board is the `cards` of the rounds in order; a seat view is the cards of
//! another player's `Shows Cards` (or `Mucks Cards` with cards), under the player's `seat`. A card written `??`
//! is unknown: a player dealt unknown cards is not a hero candidate, and unknown shown cards are left out.
//!
//! A hand cut short (the file ends, or a line starting the next `{"ohh"` comes, before its object closes), JSON
//! that cannot be read, a game other than `Holdem`, or a card name that is not a hold'em card invalidates the
//! hand; text outside the objects ends the file.

use std::io::BufRead;

use serde_json::Value;

use crate::cards::Card;
use crate::logs::model::{LogDeal, LogError, ReadDeal, Seen, View, ViewName};
use crate::logs::read::hero::Hero;
use crate::logs::read::{TextLines, invalid, poker_card};

/// Reads the hands of an Open Hand History file, one at a time. `hero` names the player whose hole cards are
/// the `hole` view; without it, each hand's `hero_player_id`, or the one player the file deals cards to.
pub fn read<'a>(
    input: impl BufRead + 'a,
    hero: Option<String>,
) -> impl Iterator<Item = Result<ReadDeal, LogError>> + 'a {
    OhhReader {
        lines: TextLines::new(input),
        hero: Hero::new(hero),
        current: None,
        array: false,
        object: None,
        hands: 0,
        done: false,
    }
}

struct OhhReader<R> {
    lines: TextLines<R>,
    hero: Hero,
    /// The line being scanned, and the byte where the scan stands.
    current: Option<(u64, String, usize)>,
    /// Whether the scan is inside a top-level array of hands.
    array: bool,
    object: Option<Object>,
    /// How many hand objects were met: before the first, stray text says the file is not OHH.
    hands: u64,
    done: bool,
}

/// A hand object being cut from the text.
struct Object {
    line: u64,
    text: String,
    depth: u32,
    in_string: bool,
    escaped: bool,
}

impl Object {
    /// Takes `c`; true when it closes the object.
    fn push(&mut self, c: char) -> bool {
        self.text.push(c);
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if c == '\\' {
                self.escaped = true;
            } else if c == '"' {
                self.in_string = false;
            }
            return false;
        }
        match c {
            '"' => self.in_string = true,
            '{' | '[' => self.depth += 1,
            '}' | ']' => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        self.depth == 0
    }
}

/// What scanning gave: a whole object, or the need of another line.
enum Scan {
    Object(Object),
    More,
}

impl<R: BufRead> OhhReader<R> {
    /// Scans the current line from where it stands, until an object closes or the line ends.
    fn scan(&mut self) -> Result<Scan, LogError> {
        let Some((n, text, from)) = self.current.take() else { return Ok(Scan::More) };
        for (i, c) in text[from..].char_indices() {
            if let Some(object) = &mut self.object {
                if object.push(c) {
                    self.current = Some((n, text.clone(), from + i + c.len_utf8()));
                    return Ok(Scan::Object(self.object.take().expect("an object is being cut")));
                }
                continue;
            }
            match c {
                c if c.is_whitespace() => {}
                '[' if !self.array => self.array = true,
                ',' if self.array => {}
                ']' if self.array => self.array = false,
                '{' => {
                    self.hands += 1;
                    self.object =
                        Some(Object { line: n, text: "{".into(), depth: 1, in_string: false, escaped: false });
                }
                _ => {
                    let rest: String = text[from + i..].chars().take(40).collect();
                    return Err(LogError::at(
                        n,
                        if self.hands == 0 {
                            format!(
                                "not an Open Hand History file: '{rest}' where OHH holds JSON objects \
                                 ({{\"ohh\": …}}), one after another or in an array"
                            )
                        } else {
                            format!("'{rest}' outside a hand's JSON object")
                        },
                    ));
                }
            }
        }
        if let Some(object) = &mut self.object {
            object.text.push('\n');
            // A JSON string cannot span lines: one left open is a defect the parse names, not a reason to
            // read the braces of the lines after as text.
            object.in_string = false;
            object.escaped = false;
        }
        Ok(Scan::More)
    }

    /// The next item: a hand, an invalid hand, `None` at the end, or the error that ends the file.
    fn step(&mut self) -> Option<Result<ReadDeal, LogError>> {
        loop {
            match self.scan() {
                Ok(Scan::Object(object)) => return Some(self.hand(object)),
                Ok(Scan::More) => {}
                Err(e) => return Some(Err(e)),
            }
            match self.lines.next() {
                Some(Ok((n, text))) => {
                    let next_hand = text.trim_start().starts_with("{\"ohh\"");
                    self.current = Some((n, text, 0));
                    if next_hand && let Some(cut) = self.object.take() {
                        let why =
                            format!("line {n}: the next hand starts before this one's JSON object closes (truncated)");
                        return Some(Ok(Err(invalid(guess_id(&cut.text).as_deref(), cut.line, why))));
                    }
                }
                Some(Err(e)) => return Some(Err(e)),
                None => {
                    let cut = self.object.take()?;
                    let why = format!(
                        "line {}: the file ends before the hand's JSON object closes (truncated)",
                        self.lines.line()
                    );
                    return Some(Ok(Err(invalid(guess_id(&cut.text).as_deref(), cut.line, why))));
                }
            }
        }
    }

    fn hand(&mut self, object: Object) -> Result<ReadDeal, LogError> {
        let start = object.line;
        let value: Value = match serde_json::from_str(&object.text) {
            Ok(v) => v,
            Err(e) => {
                let at = start + (e.line() as u64).saturating_sub(1);
                let message = e.to_string();
                let message = message.split(" at line ").next().unwrap_or(&message);
                let why = format!("line {at}: the hand's JSON cannot be read ({message})");
                return Ok(Err(invalid(guess_id(&object.text).as_deref(), start, why)));
            }
        };
        let hand = value.get("ohh").unwrap_or(&value);
        let id = match hand.get("game_number") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => return Ok(Err(invalid(None, start, format!("line {start}: the hand has no game_number")))),
        };
        let text = &object.text;
        let bad = |needle: &str, why: String| {
            let line = start + text.split('\n').position(|l| l.contains(needle)).unwrap_or(0) as u64;
            Ok(Err(invalid(Some(&id), start, format!("line {line}: {why}"))))
        };
        if let Some(game) = hand.get("game_type").and_then(Value::as_str).filter(|g| *g != "Holdem") {
            return bad("\"game_type\"", format!("the game_type '{game}' is not Texas hold'em (Holdem)"));
        }
        let players: Vec<Player> = hand
            .get("players")
            .and_then(Value::as_array)
            .map(|ps| {
                ps.iter()
                    .enumerate()
                    .map(|(i, p)| Player {
                        id: p.get("id").and_then(Value::as_i64),
                        seat: p.get("seat").and_then(Value::as_u64).map_or(i as u16 + 1, |s| s as u16),
                        name: p.get("name").and_then(Value::as_str).unwrap_or("").to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let player = |id: Option<i64>| players.iter().position(|p| id.is_some() && p.id == id);

        let mut board: Vec<Card> = Vec::new();
        // Each player's dealt cards (None for an unknown one), and the shown cards, by player index.
        let mut dealt: Vec<(usize, Vec<Option<Card>>)> = Vec::new();
        let mut shown: Vec<(usize, Vec<Card>)> = Vec::new();
        for round in hand.get("rounds").and_then(Value::as_array).into_iter().flatten() {
            match cards(round.get("cards")) {
                Ok(cards) if cards.iter().all(Option::is_some) => board.extend(cards.into_iter().flatten()),
                Ok(_) => return bad("\"??\"", "a board card is unknown ('??')".into()),
                Err(token) => return bad(&format!("\"{token}\""), format!("unknown card name '{token}'")),
            }
            for action in round.get("actions").and_then(Value::as_array).into_iter().flatten() {
                let kind = action.get("action").and_then(Value::as_str).unwrap_or("");
                if !["Dealt Cards", "Shows Cards", "Mucks Cards"].contains(&kind) {
                    continue;
                }
                let list = match cards(action.get("cards")) {
                    Ok(list) => list,
                    Err(token) => return bad(&format!("\"{token}\""), format!("unknown card name '{token}'")),
                };
                if list.is_empty() {
                    continue;
                }
                let pid = action.get("player_id").and_then(Value::as_i64);
                let Some(p) = player(pid) else {
                    let pid = pid.map_or("missing".into(), |p| p.to_string());
                    return bad(&format!("\"{kind}\""), format!("'{kind}' for player_id {pid}, no player of the hand"));
                };
                if kind == "Dealt Cards" {
                    dealt.push((p, list));
                } else {
                    shown.push((p, list.into_iter().flatten().collect()));
                }
            }
        }

        let known: Vec<(usize, Vec<Card>)> = dealt
            .iter()
            .filter(|(_, cards)| cards.iter().all(Option::is_some))
            .map(|(p, cards)| (*p, cards.iter().flatten().copied().collect()))
            .collect();
        let names: Vec<&str> = known.iter().map(|(p, _)| players[*p].name.as_str()).collect();
        let named = match hand.get("hero_player_id").and_then(Value::as_i64) {
            Some(h) if self.hero.asked().is_none() => match player(Some(h)) {
                Some(p) => Some(players[p].name.as_str()),
                None => return bad("\"hero_player_id\"", format!("the hero_player_id {h} is no player of the hand")),
            },
            _ => None,
        };
        let (hero, hole) = match self.hero.pick(&names, named, true, start)? {
            Ok(i) => &known[i],
            Err(why) => return bad("\"Dealt Cards\"", why),
        };
        let hero_name = &players[*hero].name;
        if hole.len() != 2 {
            return bad(hero_name, format!("{hero_name} is dealt {} cards where hold'em deals 2", hole.len()));
        }
        let mut views = vec![View { name: ViewName::Hole, cards: hole.clone(), seen: Seen::Always, line: start }];
        if !board.is_empty() {
            views.push(View { name: ViewName::Board, cards: board, seen: Seen::OnPlay, line: start });
        }
        let mut seats: Vec<(u16, Vec<Card>)> = Vec::new();
        for (p, cards) in shown {
            let seat = players[p].seat;
            if p == *hero || cards.is_empty() {
                continue;
            }
            match seats.iter().find(|(k, _)| *k == seat) {
                Some((_, first)) if *first != cards => {
                    return bad("\"Shows Cards\"", format!("seat {seat} shows two different hands"));
                }
                Some(_) => {}
                None => seats.push((seat, cards)),
            }
        }
        seats.sort_by_key(|(k, _)| *k);
        views.extend(seats.into_iter().map(|(k, cards)| View {
            name: ViewName::Seat(k),
            cards,
            seen: Seen::OnPlay,
            line: start,
        }));
        Ok(Ok(LogDeal { id, line: start, views }))
    }
}

impl<R: BufRead> Iterator for OhhReader<R> {
    type Item = Result<ReadDeal, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.step();
        match &item {
            None => {
                self.done = true;
                return self.hero.end().map(Err);
            }
            Some(Err(_)) => self.done = true,
            Some(Ok(_)) => {}
        }
        item
    }
}

struct Player {
    id: Option<i64>,
    seat: u16,
    name: String,
}

/// The cards of a `cards` array (`None` for `??`, an unknown card), or the token that is no card name.
fn cards(list: Option<&Value>) -> Result<Vec<Option<Card>>, String> {
    let Some(list) = list.and_then(Value::as_array) else { return Ok(Vec::new()) };
    list.iter()
        .map(|v| match v.as_str() {
            Some("??") => Ok(None),
            Some(token) => poker_card(token).map(Some).map_err(|_| token.to_string()),
            None => Err(v.to_string()),
        })
        .collect()
}

/// The `game_number` of a hand whose JSON cannot be read whole, when its text shows it.
fn guess_id(text: &str) -> Option<String> {
    let (_, after) = text.split_once("\"game_number\"")?;
    let value = after.trim_start().strip_prefix(':')?.trim_start();
    let id: String = match value.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next()?.to_string(),
        None => value.chars().take_while(char::is_ascii_digit).collect(),
    };
    (!id.is_empty()).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::read::testing::{ids, view, why};

    fn deals(text: &str, hero: Option<&str>) -> Vec<Result<ReadDeal, LogError>> {
        read(text.as_bytes(), hero.map(str::to_string)).collect()
    }

    const PLAYERS: &str = r#""players": [{"id": 1, "seat": 1, "name": "Hero", "starting_stack": 2.0}, {"id": 2, "seat": 3, "name": "Villain", "starting_stack": 2.13}, {"id": 3, "seat": 5, "name": "Cara", "starting_stack": 1.87}]"#;

    /// A showdown on a full board: Villain shows, Cara mucks with her cards, the hero shows too.
    fn showdown() -> String {
        format!(
            r#"{{"ohh": {{"spec_version": "1.4.6", "site_name": "Example Room", "game_number": "9001", "game_type": "Holdem", {PLAYERS}, "hero_player_id": 1, "rounds": [{{"id": 0, "street": "Preflop", "actions": [{{"action_number": 1, "player_id": 1, "action": "Dealt Cards", "cards": ["Ah", "Kd"]}}, {{"action_number": 2, "player_id": 2, "action": "Dealt Cards"}}, {{"action_number": 3, "player_id": 3, "action": "Dealt Cards"}}, {{"action_number": 4, "player_id": 1, "action": "Raise", "amount": 0.06}}, {{"action_number": 5, "player_id": 2, "action": "Call", "amount": 0.06}}, {{"action_number": 6, "player_id": 3, "action": "Call", "amount": 0.06}}]}}, {{"id": 1, "street": "Flop", "cards": ["2c", "7d", "Th"], "actions": [{{"action_number": 7, "player_id": 2, "action": "Check"}}]}}, {{"id": 2, "street": "Turn", "cards": ["Js"], "actions": []}}, {{"id": 3, "street": "River", "cards": ["3h"], "actions": [{{"action_number": 8, "player_id": 2, "action": "Bet", "amount": 0.2}}, {{"action_number": 9, "player_id": 3, "action": "Call", "amount": 0.2}}, {{"action_number": 10, "player_id": 1, "action": "Call", "amount": 0.2}}]}}, {{"id": 4, "street": "Showdown", "actions": [{{"action_number": 11, "player_id": 2, "action": "Shows Cards", "cards": ["Qs", "Qd"]}}, {{"action_number": 12, "player_id": 3, "action": "Mucks Cards", "cards": ["8h", "8c"]}}, {{"action_number": 13, "player_id": 1, "action": "Shows Cards", "cards": ["Ah", "Kd"]}}]}}]}}}}"#
        )
    }

    /// Everybody folds to the hero's raise: no board.
    fn folded(number: &str, hero_cards: &str) -> String {
        format!(
            r#"{{"ohh": {{"spec_version": "1.4.6", "game_number": "{number}", "game_type": "Holdem", {PLAYERS}, "hero_player_id": 1, "rounds": [{{"id": 0, "street": "Preflop", "actions": [{{"action_number": 1, "player_id": 1, "action": "Dealt Cards", "cards": [{hero_cards}]}}, {{"action_number": 2, "player_id": 2, "action": "Dealt Cards", "cards": ["??", "??"]}}, {{"action_number": 3, "player_id": 1, "action": "Raise", "amount": 0.06}}, {{"action_number": 4, "player_id": 2, "action": "Fold"}}, {{"action_number": 5, "player_id": 3, "action": "Fold"}}]}}]}}}}"#
        )
    }

    /// The hand ends on the turn, Villain shows one card.
    fn turn() -> String {
        format!(
            r#"{{"ohh": {{"spec_version": "1.4.6", "game_number": "9003", {PLAYERS}, "hero_player_id": 1, "rounds": [{{"id": 0, "street": "Preflop", "actions": [{{"action_number": 1, "player_id": 1, "action": "Dealt Cards", "cards": ["Tc", "Td"]}}]}}, {{"id": 1, "street": "Flop", "cards": ["9s", "4d", "4h"], "actions": []}}, {{"id": 2, "street": "Turn", "cards": ["Kc"], "actions": [{{"action_number": 2, "player_id": 2, "action": "Fold"}}, {{"action_number": 3, "player_id": 2, "action": "Shows Cards", "cards": ["Ks", "??"]}}]}}]}}}}"#
        )
    }

    /// The three hands' deals, whatever the layout: the lines differ only.
    fn check_three(got: &[Result<ReadDeal, LogError>], lines: [u64; 3]) {
        assert_eq!(got.len(), 3, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!((first.id.as_str(), first.line), ("9001", lines[0]));
        assert_eq!(first.views[0].cards, vec![13, 51], "Ah Kd");
        assert_eq!(
            first.views,
            vec![
                view(ViewName::Hole, "Ah Kd", Seen::Always, lines[0]),
                view(ViewName::Board, "2c 7d Th Js 3h", Seen::OnPlay, lines[0]),
                view(ViewName::Seat(3), "Qs Qd", Seen::OnPlay, lines[0]),
                view(ViewName::Seat(5), "8h 8c", Seen::OnPlay, lines[0]),
            ]
        );
        let second = got[1].clone().unwrap().unwrap();
        assert_eq!((second.id.as_str(), second.line), ("9002", lines[1]));
        assert_eq!(second.views, vec![view(ViewName::Hole, "7s 2h", Seen::Always, lines[1])]);
        let third = got[2].clone().unwrap().unwrap();
        assert_eq!((third.id.as_str(), third.line), ("9003", lines[2]));
        assert_eq!(
            third.views,
            vec![
                view(ViewName::Hole, "Tc Td", Seen::Always, lines[2]),
                view(ViewName::Board, "9s 4d 4h Kc", Seen::OnPlay, lines[2]),
                view(ViewName::Seat(3), "Ks", Seen::OnPlay, lines[2]),
            ]
        );
    }

    /// A hand's JSON as a person would indent it: one key a line (10 lines for these hands).
    fn pretty(hand: &str) -> String {
        let value: Value = serde_json::from_str(hand).unwrap();
        let text = serde_json::to_string_pretty(&value).unwrap();
        assert!(text.lines().count() > 10);
        text
    }

    #[test]
    fn json_lines_blank_separated_objects_and_an_array_give_the_same_hands() {
        let hands = [showdown(), folded("9002", r#""7s", "2h""#), turn()];
        check_three(&deals(&hands.join("\n"), None), [1, 2, 3]);

        let pretty: Vec<String> = hands.iter().map(|h| pretty(h)).collect();
        let sizes: Vec<u64> = pretty.iter().map(|p| p.lines().count() as u64).collect();
        let text = format!("\n{}\n", pretty.join("\n\n"));
        check_three(&deals(&text, None), [2, 3 + sizes[0], 4 + sizes[0] + sizes[1]]);

        let array = format!("[\n{},\n{},\n{}\n]\n", hands[0], hands[1], hands[2]);
        check_three(&deals(&array, None), [2, 3, 4]);
        let one_line = format!("[{}]", hands.join(", "));
        check_three(&deals(&one_line, None), [1, 1, 1]);
    }

    #[test]
    fn a_hand_cut_short_is_invalid_and_the_next_is_read() {
        let cut = &showdown()[..600];
        let got = deals(&format!("{cut}\n{}\n", folded("9002", r#""7s", "2h""#)), None);
        assert_eq!(got.len(), 2, "{got:?}");
        let bad = got[0].clone().unwrap().unwrap_err();
        assert_eq!((bad.id.as_deref(), bad.line), (Some("9001"), 1));
        assert_eq!(bad.why, "line 2: the next hand starts before this one's JSON object closes (truncated)");
        assert_eq!(got[1].clone().unwrap().unwrap().id, "9002");

        let got = deals(&format!("{}\n{cut}\n", turn()), None);
        assert_eq!(why(&got[1]), "line 2: the file ends before the hand's JSON object closes (truncated)");
        let broken = showdown().replace(r#""game_type": "Holdem","#, r#""game_type": "Holdem""#);
        // A pretty-printed object after a line of JSON: its first line is `{` alone, not a cut.
        let got = deals(&format!("{}\n{}", turn(), pretty(&turn()).replace("9003", "9004")), None);
        assert_eq!(got.len(), 2);
        let got = deals(&format!("{broken}\n{}", turn()), None);
        assert!(why(&got[0]).starts_with("line 1: the hand's JSON cannot be read (expected `,` or `}`"), "{got:?}");
        assert_eq!(got[0].clone().unwrap().unwrap_err().id.as_deref(), Some("9001"));
        assert!(got[1].clone().unwrap().is_ok());
    }

    #[test]
    fn a_card_twice_in_a_hand_is_passed_on_for_the_deal_check() {
        let twice = showdown().replace(r#"["Qs", "Qd"]"#, r#"["Ah", "Qd"]"#);
        let deal = deals(&twice, None)[0].clone().unwrap().unwrap();
        assert_eq!(deal.views[0].cards, ids("Ah Kd"));
        assert_eq!(deal.views[2], view(ViewName::Seat(3), "Ah Qd", Seen::OnPlay, 1));
    }

    #[test]
    fn an_unknown_card_or_game_invalidates_its_hand_naming_the_line() {
        let text = format!("{}\n{}\n", turn(), pretty(&folded("9002", r#""7s", "Xx""#)));
        let got = deals(&text, None);
        assert_eq!(got.len(), 2, "{got:?}");
        let bad = got[1].clone().unwrap().unwrap_err();
        assert_eq!(bad.line, 2);
        let line =
            2 + pretty(&folded("9002", r#""7s", "Xx""#)).lines().position(|l| l.contains("\"Xx\"")).unwrap() as u64;
        assert_eq!(bad.why, format!("line {line}: unknown card name 'Xx'"));
        let omaha = showdown().replace(r#""game_type": "Holdem""#, r#""game_type": "Omaha""#);
        assert_eq!(why(&deals(&omaha, None)[0]), "line 1: the game_type 'Omaha' is not Texas hold'em (Holdem)");
    }

    /// An operator's export: every player's hole cards, and no hero named.
    fn operators() -> String {
        let all = showdown()
            .replace(r#""hero_player_id": 1, "#, "")
            .replace(
                r#""player_id": 2, "action": "Dealt Cards"}"#,
                r#""player_id": 2, "action": "Dealt Cards", "cards": ["Qs", "Qd"]}"#,
            )
            .replace(
                r#""player_id": 3, "action": "Dealt Cards"}"#,
                r#""player_id": 3, "action": "Dealt Cards", "cards": ["8h", "8c"]}"#,
            );
        let villain_only = folded("9002", r#""??", "??""#).replace(r#""hero_player_id": 1, "#, "").replace(
            r#""player_id": 2, "action": "Dealt Cards", "cards": ["??", "??"]"#,
            r#""player_id": 2, "action": "Dealt Cards", "cards": ["6d", "6s"]"#,
        );
        format!("{all}\n{villain_only}\n")
    }

    #[test]
    fn without_a_hero_an_operators_log_ends_asking_for_one() {
        let got = deals(&operators(), None);
        assert_eq!(got.len(), 1, "{got:?}");
        let e = got[0].clone().unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.what.contains("several players (Cara, Hero, Villain)") && e.what.contains("--hero NAME"), "{e}");
    }

    #[test]
    fn with_a_hero_a_hand_not_dealt_to_them_is_invalid_and_a_hero_never_met_ends_the_file() {
        let got = deals(&operators(), Some("Hero"));
        assert_eq!(got.len(), 2, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!(first.views[0], view(ViewName::Hole, "Ah Kd", Seen::Always, 1));
        let bad = got[1].clone().unwrap().unwrap_err();
        assert_eq!((bad.id.as_deref(), bad.line), (Some("9002"), 2));
        assert_eq!(bad.why, "line 2: the hero Hero was not dealt in (hole cards dealt to Villain)");

        let got = deals(&operators(), Some("Villain"));
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!(first.views[0].cards, ids("Qs Qd"));
        assert_eq!(first.views[2], view(ViewName::Seat(1), "Ah Kd", Seen::OnPlay, 1), "the hero's show is a seat's");
        assert_eq!(first.views.len(), 4, "Villain's own shown cards are no seat view");

        let got = deals(&turn(), Some("Zed"));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(why(&got[0]), "line 1: the hero Zed was not dealt in (hole cards dealt to Hero)");
        assert_eq!(
            got[1].clone().unwrap_err(),
            LogError::file("no hand deals hole cards to the hero Zed; the players dealt hole cards are Hero")
        );
    }

    #[test]
    fn text_that_is_not_ohh_or_not_utf8_ends_the_file_with_its_line() {
        let got = deals("\n\nHand #1: Hold'em\n", None);
        assert_eq!(got.len(), 1);
        let e = got[0].clone().unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.what.starts_with("not an Open Hand History file: 'Hand #1: Hold'em'"), "{e}");
        let got = deals(&format!("{}\nnot json\n", turn()), None);
        assert_eq!(got[1].clone().unwrap_err(), LogError::at(2, "'not json' outside a hand's JSON object"));
        let mut bytes = format!("{}\n", turn()).into_bytes();
        bytes.extend_from_slice(b"{\"ohh\": {\"game_number\": \"\xff\"}}\n");
        let got: Vec<_> = read(&bytes[..], None).collect();
        assert_eq!(got[1], Err(LogError::at(2, "it is not UTF-8 text: a hand history is text")));
    }
}
