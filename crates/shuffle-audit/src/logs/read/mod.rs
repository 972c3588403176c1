//! The log readers: each turns one file into deals ([`crate::logs::model::LogDeal`]) as it reads, one deal at a
//! time (constant memory), a deal it cannot take whole being an [`InvalidDeal`] with its line and reason, and a
//! file it cannot read at all an error that ends it.
//!
//! - [`views`]: the tool's own plain format, a TSV of `deal`, `view`, `cards`, for any game;
//! - [`pokerstars`]: PokerStars hand-history text (hold'em);
//! - [`ohh`]: Open Hand History JSON (spec 1.4.x);
//! - [`phh`]: PokerKit's `.phh` hand histories.

use std::io::BufRead;

use crate::cards::{Card, parse_card};
use crate::logs::model::{InvalidDeal, LogError, ReadDeal};

mod hero;
pub mod ohh;
pub mod phh;
pub mod pokerstars;
pub mod views;

crate::names::named_enum! {
    /// A log's format (`--format`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum LogFormat("log format") {
        /// Detected from the file's first lines.
        Auto => "auto",
        /// PokerStars hand histories (text).
        Pokerstars => "pokerstars",
        /// Open Hand History (JSON, spec 1.4.x).
        Ohh => "ohh",
        /// PokerKit hand histories (`.phh`).
        Phh => "phh",
        /// The tool's views TSV: `deal`, `view`, `cards`.
        Views => "views",
    }
}

/// The format of a file from its first bytes (up to a few kilobytes): `None` when none is recognised.
pub fn detect(head: &[u8]) -> Option<LogFormat> {
    let text = String::from_utf8_lossy(head);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let first = first.trim_start_matches('\u{feff}');
    if first.starts_with("PokerStars ") {
        Some(LogFormat::Pokerstars)
    } else if pokerkit_section(first) {
        // Before OHH's `[`: a `.phhs` file starts with its first section, `[1]`.
        Some(LogFormat::Phh)
    } else if first.starts_with('{') || first.starts_with('[') {
        Some(LogFormat::Ohh)
    } else if pokerkit_line(first) {
        Some(LogFormat::Phh)
    } else if first.split('\t').count() == 3 {
        Some(LogFormat::Views)
    } else {
        None
    }
}

/// A line of PokerKit's TOML hand history: `variant = "NT"`, `actions = [`, and the like.
fn pokerkit_line(line: &str) -> bool {
    let key = line.split('=').next().unwrap_or("").trim();
    line.contains('=')
        && [
            "variant",
            "ante_trimming_status",
            "antes",
            "blinds_or_straddles",
            "bring_in",
            "small_bet",
            "big_bet",
            "min_bet",
            "starting_stacks",
            "actions",
            "players",
            "hand",
        ]
        .contains(&key)
}

/// A section line of PokerKit's multi-hand files (`.phhs`): `[1]`, `[2]`, …
fn pokerkit_section(line: &str) -> bool {
    line.strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A reader of one file: deals, one at a time.
pub type Deals<'a> = Box<dyn Iterator<Item = Result<ReadDeal, LogError>> + 'a>;

/// What a reader needs beyond the file: the deck's size (card names are read as in `--decks`) and, for poker
/// logs, the hero whose hole cards are always seen.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub deck: usize,
    pub hero: Option<String>,
}

/// A reader of `format` (not `auto`) over `input`.
pub fn reader<'a>(format: LogFormat, input: impl BufRead + 'a, options: &ReadOptions) -> Result<Deals<'a>, LogError> {
    match format {
        LogFormat::Views => Ok(Box::new(views::read(input, options.deck))),
        LogFormat::Pokerstars => Ok(Box::new(pokerstars::read(input, options.hero.clone()))),
        LogFormat::Ohh => Ok(Box::new(ohh::read(input, options.hero.clone()))),
        LogFormat::Phh => Ok(Box::new(phh::read(input, options.hero.clone()))),
        LogFormat::Auto => Err(LogError::file("the format is detected before a reader is made")),
    }
}

/// An invalid deal at `line`.
pub(crate) fn invalid(id: Option<&str>, line: u64, why: impl Into<String>) -> InvalidDeal {
    InvalidDeal { id: id.map(str::to_string), line, why: why.into() }
}

/// A hold'em card as poker logs write it: a rank (`2`…`9`, `T` or `10`, `J`, `Q`, `K`, `A`) then a suit letter
/// (`s`, `h`, `d`, `c`), as in `Th`. Stricter than the names `--decks` reads: in a hand history, `1h` or `♠A` is a
/// defect of the log, not another spelling of a card.
pub(crate) fn poker_card(token: &str) -> Result<Card, String> {
    let unknown = || format!("unknown card name '{token}'");
    let Some(suit) = token.chars().last() else { return Err(unknown()) };
    let rank = &token[..token.len() - suit.len_utf8()];
    let rank_ok = rank == "10" || (rank.len() == 1 && "23456789TJQKA".contains(rank));
    if !rank_ok || !"shdc".contains(suit) {
        return Err(unknown());
    }
    parse_card(token, 52).map_err(|_| unknown())
}

/// The lines of a log as text, numbered from 1, without their end (`\n` or `\r\n`) nor the file's byte-order
/// mark. Bytes that are not UTF-8, or a file that cannot be read, end the file with an error naming the line:
/// a hand history is text, and a reader that guessed an encoding could misread card names.
pub(crate) struct TextLines<R> {
    input: R,
    line: u64,
    buf: Vec<u8>,
    failed: bool,
}

impl<R: BufRead> TextLines<R> {
    pub(crate) fn new(input: R) -> Self {
        TextLines { input, line: 0, buf: Vec::new(), failed: false }
    }

    /// The number of the last line given (0 before the first).
    pub(crate) fn line(&self) -> u64 {
        self.line
    }
}

impl<R: BufRead> Iterator for TextLines<R> {
    type Item = Result<(u64, String), LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        self.buf.clear();
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                self.failed = true;
                return Some(Err(LogError::at(self.line + 1, format!("it cannot be read ({e})"))));
            }
        }
        self.line += 1;
        let Ok(text) = std::str::from_utf8(&self.buf) else {
            self.failed = true;
            return Some(Err(LogError::at(self.line, "it is not UTF-8 text: a hand history is text")));
        };
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let text = if self.line == 1 { text.trim_start_matches('\u{feff}') } else { text };
        Some(Ok((self.line, text.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_detected_from_its_first_lines() {
        let stars =
            "\u{feff}PokerStars Hand #254812345678:  Hold'em No Limit ($0.01/$0.02 USD) - 2025/01/03 12:00:00 ET\n";
        assert_eq!(detect(stars.as_bytes()), Some(LogFormat::Pokerstars));
        assert_eq!(detect(b"\n{\"ohh\": {\"spec_version\": \"1.4.6\"}}\n"), Some(LogFormat::Ohh));
        assert_eq!(detect(b"[\n  {\"ohh\": {}}\n]\n"), Some(LogFormat::Ohh));
        assert_eq!(detect(b"variant = \"NT\"\nantes = [0, 0]\n"), Some(LogFormat::Phh));
        assert_eq!(detect(b"# a hand\nhand = 3\nvariant = \"NT\"\n"), Some(LogFormat::Phh));
        // A `.phhs` file starts with its first section, which is no JSON array.
        assert_eq!(detect(b"[1]\nvariant = \"NT\"\n"), Some(LogFormat::Phh));
        assert_eq!(detect(b"1\tseat1\tAh\n"), Some(LogFormat::Views));
        assert_eq!(detect(b"Hand #1 at a table\n"), None);
    }

    #[test]
    fn poker_cards_are_rank_then_suit_letter() {
        assert_eq!(poker_card("Ah"), Ok(13));
        assert_eq!(poker_card("Th"), Ok(22));
        assert_eq!(poker_card("10h"), Ok(22));
        assert_eq!(poker_card("Kd"), Ok(51));
        assert_eq!(poker_card("2s"), Ok(1));
        for bad in ["1h", "AS", "♠A", "hA", "Xx", "A♠", "", "??"] {
            assert_eq!(poker_card(bad), Err(format!("unknown card name '{bad}'")), "{bad}");
        }
    }

    #[test]
    fn every_format_has_a_reader() {
        let options = ReadOptions { deck: 52, hero: None };
        for format in [LogFormat::Pokerstars, LogFormat::Ohh, LogFormat::Phh, LogFormat::Views] {
            assert!(reader(format, &b""[..], &options).is_ok(), "{format}");
        }
        assert!(reader(LogFormat::Auto, &b""[..], &options).is_err());
    }
}

/// What the readers' tests share: cards by their hold'em names, a view, an invalid hand's defect.
#[cfg(test)]
pub(crate) mod testing {
    use crate::cards::Card;
    use crate::logs::model::{LogError, ReadDeal, Seen, View, ViewName};

    /// Card ids from hold'em names, by a table of its own (suit × 13 + rank; ♠ ♥ ♣ ♦; A 2 … K).
    pub(crate) fn ids(names: &str) -> Vec<Card> {
        names
            .split_whitespace()
            .map(|n| {
                let (rank, suit) = n.split_at(1);
                ("shcd".find(suit).unwrap() * 13 + "A23456789TJQK".find(rank).unwrap()) as Card
            })
            .collect()
    }

    pub(crate) fn view(name: ViewName, cards: &str, seen: Seen, line: u64) -> View {
        View { name, cards: ids(cards), seen, line }
    }

    /// The defect of an invalid hand.
    pub(crate) fn why(item: &Result<ReadDeal, LogError>) -> String {
        item.clone().unwrap().unwrap_err().why
    }
}
