//! Cards, decks and their names.
//!
//! A card is an id `0..n`; a fresh deck holds `d[i] = i`. Ids follow the 斗牛 dealer of the sources:
//! `suit = id / 13` (0 ♠, 1 ♥, 2 ♣, 3 ♦) and `rank = id % 13` (A, 2, …, 10, J, Q, K); in the 54-card preset
//! id 52 is the small (black) joker and id 53 the big (red) joker. Decks of other sizes (2..=1024) use the
//! same names for ids below 52 and `#id` above.

use std::fmt;

/// A card id. `u16` because decks go up to 1024 cards and a smaller card keeps the hot loops in cache.
pub type Card = u16;

/// Smallest and largest deck sizes the tool accepts.
pub const MIN_DECK: usize = 2;
pub const MAX_DECK: usize = 1024;

const SUIT_SYMBOLS: [&str; 4] = ["♠", "♥", "♣", "♦"];
const SUIT_ASCII: [&str; 4] = ["S", "H", "C", "D"];
const SUIT_CHINESE: [&str; 4] = ["黑桃", "红桃", "梅花", "方块"];
const RANKS: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/// How card names are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NameStyle {
    /// `♠A`, `♥10`, `小王`, `大王`.
    #[default]
    Symbol,
    /// `SA`, `H10`, `BJ`, `RJ`.
    Ascii,
    /// `黑桃A`, `红桃10`, `小王`, `大王`.
    Chinese,
}

/// The deck presets offered by `list`.
pub const PRESETS: [(usize, &str); 2] = [
    (52, "standard deck: ♠ ♥ ♣ ♦ × A..K (斗牛, poker, bridge)"),
    (54, "52 cards + small joker (小王, id 52) + big joker (大王, id 53) (斗地主)"),
];

/// Suit and rank of a non-joker card id below 52.
pub fn suit_rank(card: Card) -> Option<(usize, usize)> {
    (card < 52).then(|| (usize::from(card) / 13, usize::from(card) % 13))
}

/// The name of suit `suit` (0..4: ♠ ♥ ♣ ♦) in a style: `♠`, `S`, `黑桃`.
pub fn suit_name(suit: usize, style: NameStyle) -> &'static str {
    match style {
        NameStyle::Symbol => SUIT_SYMBOLS[suit],
        NameStyle::Ascii => SUIT_ASCII[suit],
        NameStyle::Chinese => SUIT_CHINESE[suit],
    }
}

/// The name of rank `rank` (0..13): `A`, `2`, …, `10`, `J`, `Q`, `K`.
pub fn rank_name(rank: usize) -> &'static str {
    RANKS[rank]
}

/// True when `card` is a joker of an `n`-card deck (only the 54-card preset has jokers).
pub fn is_joker(card: Card, n: usize) -> bool {
    n == 54 && (card == 52 || card == 53)
}

/// The name of `card` in an `n`-card deck.
pub fn card_name(card: Card, n: usize, style: NameStyle) -> String {
    CardName { card, n, style }.to_string()
}

/// Displays a card without allocating.
#[derive(Clone, Copy, Debug)]
pub struct CardName {
    pub card: Card,
    pub n: usize,
    pub style: NameStyle,
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if is_joker(self.card, self.n) {
            let big = self.card == 53;
            let name = match (self.style, big) {
                (NameStyle::Ascii, false) => "BJ",
                (NameStyle::Ascii, true) => "RJ",
                (_, false) => "小王",
                (_, true) => "大王",
            };
            return f.write_str(name);
        }
        match suit_rank(self.card) {
            Some((suit, rank)) => {
                write!(f, "{}{}", suit_name(suit, self.style), rank_name(rank))
            }
            None => write!(f, "#{}", self.card),
        }
    }
}

/// Why a card name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardParseError {
    #[error("unknown card name '{0}'")]
    UnknownName(String),
    #[error("card '{name}' (id {id}) does not exist in a {n}-card deck")]
    OutOfDeck { name: String, id: usize, n: usize },
}

/// Reads a card name in any of the accepted spellings: symbol (`♠A`, `♥10`), ASCII suit first or rank first
/// (`SA`, `H10`, `HT`, `AS`, `10h`), Chinese (`黑桃A`, `方片K`), jokers (`BJ`, `RJ`, `小王`, `大王`), or `#id`.
pub fn parse_card(text: &str, n: usize) -> Result<Card, CardParseError> {
    let id = parse_card_id(text.trim()).ok_or_else(|| CardParseError::UnknownName(text.to_string()))?;
    if id >= n || ((52..=53).contains(&id) && n != 54 && !text.trim().starts_with('#')) {
        return Err(CardParseError::OutOfDeck { name: text.to_string(), id, n });
    }
    Ok(id as Card)
}

fn parse_card_id(s: &str) -> Option<usize> {
    match s {
        "BJ" | "bj" | "小王" => return Some(52),
        "RJ" | "rj" | "大王" => return Some(53),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix('#') {
        return rest.parse().ok();
    }
    // Suit first.
    if let Some((suit, rest)) = split_suit_prefix(s) {
        return parse_rank(rest).map(|rank| suit * 13 + rank);
    }
    // Rank first, suit last (ASCII or symbol).
    let last = s.chars().last()?;
    let suit = suit_of_char(last)?;
    let rank = parse_rank(&s[..s.len() - last.len_utf8()])?;
    Some(suit * 13 + rank)
}

fn split_suit_prefix(s: &str) -> Option<(usize, &str)> {
    for (suit, names) in [["黑桃", "♠"], ["红桃", "♥"], ["梅花", "♣"], ["方块", "♦"]].iter().enumerate()
    {
        for name in names {
            if let Some(rest) = s.strip_prefix(name) {
                return Some((suit, rest));
            }
        }
    }
    if let Some(rest) = s.strip_prefix("方片") {
        return Some((3, rest));
    }
    let first = s.chars().next()?;
    let suit = suit_of_char(first)?;
    let rest = &s[first.len_utf8()..];
    // "S" alone or a suit letter followed by something that is not a rank is not a card.
    parse_rank(rest).map(|_| (suit, rest))
}

fn suit_of_char(c: char) -> Option<usize> {
    match c {
        'S' | 's' | '♠' | '♤' => Some(0),
        'H' | 'h' | '♥' | '♡' => Some(1),
        'C' | 'c' | '♣' | '♧' => Some(2),
        'D' | 'd' | '♦' | '♢' => Some(3),
        _ => None,
    }
}

fn parse_rank(s: &str) -> Option<usize> {
    Some(match s {
        "A" | "a" | "1" => 0,
        "2" => 1,
        "3" => 2,
        "4" => 3,
        "5" => 4,
        "6" => 5,
        "7" => 6,
        "8" => 7,
        "9" => 8,
        "10" | "T" | "t" => 9,
        "J" | "j" => 10,
        "Q" | "q" => 11,
        "K" | "k" => 12,
        _ => return None,
    })
}

/// Writes the fresh deck `0..n` into `deck`.
pub fn reset(deck: &mut [Card]) {
    for (i, c) in deck.iter_mut().enumerate() {
        *c = i as Card;
    }
}

/// What is wrong with a sequence that should be a permutation of `0..n`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PermutationDefect {
    /// Cards that appear more than once, with how often.
    pub repeated: Vec<(Card, u32)>,
    /// Cards that do not appear.
    pub missing: Vec<Card>,
    /// Ids that are no card of the deck (`id >= n`), with their index in the deck (from 0): the first few.
    pub out_of_range: Vec<(usize, Card)>,
}

/// How many out-of-range ids a [`PermutationDefect`] keeps.
const OUT_OF_RANGE_KEPT: usize = 5;

impl PermutationDefect {
    /// Checks `deck` against `0..n`; `None` when it is a permutation. `seen` is scratch of length `n`.
    pub fn check(deck: &[Card], seen: &mut [u32]) -> Option<PermutationDefect> {
        seen.iter_mut().for_each(|s| *s = 0);
        let mut ok = true;
        let mut out_of_range = Vec::new();
        for (i, &c) in deck.iter().enumerate() {
            match seen.get_mut(usize::from(c)) {
                Some(s) => {
                    *s += 1;
                    ok &= *s == 1;
                }
                None => {
                    ok = false;
                    if out_of_range.len() < OUT_OF_RANGE_KEPT {
                        out_of_range.push((i, c));
                    }
                }
            }
        }
        if ok && deck.len() == seen.len() {
            return None;
        }
        let mut defect = PermutationDefect { out_of_range, ..PermutationDefect::default() };
        for (c, &k) in seen.iter().enumerate() {
            match k {
                0 => defect.missing.push(c as Card),
                1 => {}
                _ => defect.repeated.push((c as Card, k)),
            }
        }
        Some(defect)
    }

    /// `"repeats ♠3 ×2, ♥K ×2; missing ♠A, ♦9"` in the given naming style, first naming any id that is no card
    /// of the deck: `"id 65535 at position 3 is out of range for a 52-card deck (ids 0..=51); missing ♠4"`.
    pub fn describe(&self, n: usize, style: NameStyle) -> String {
        let mut parts: Vec<String> = self
            .out_of_range
            .iter()
            .map(|&(i, c)| {
                format!("id {c} at position {i} is out of range for a {n}-card deck (ids 0..={})", n.saturating_sub(1))
            })
            .collect();
        let rep: Vec<String> = self.repeated.iter().map(|&(c, k)| format!("{} ×{k}", card_name(c, n, style))).collect();
        let mis: Vec<String> = self.missing.iter().map(|&c| card_name(c, n, style)).collect();
        if !rep.is_empty() || parts.is_empty() {
            parts.push(format!("repeats {}", list_or_none(&rep)));
        }
        if !mis.is_empty() || parts.is_empty() {
            parts.push(format!("missing {}", list_or_none(&mis)));
        }
        parts.join("; ")
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_source_numbering() {
        assert_eq!(card_name(0, 52, NameStyle::Symbol), "♠A");
        assert_eq!(card_name(22, 52, NameStyle::Symbol), "♥10");
        assert_eq!(card_name(51, 52, NameStyle::Ascii), "DK");
        assert_eq!(card_name(52, 54, NameStyle::Ascii), "BJ");
        assert_eq!(card_name(53, 54, NameStyle::Symbol), "大王");
        assert_eq!(card_name(26, 54, NameStyle::Chinese), "梅花A");
        assert_eq!(card_name(60, 100, NameStyle::Symbol), "#60");
    }

    #[test]
    fn every_name_parses_back_in_every_style() {
        for n in [52usize, 54, 100] {
            for id in 0..n {
                for style in [NameStyle::Symbol, NameStyle::Ascii, NameStyle::Chinese] {
                    let name = card_name(id as Card, n, style);
                    assert_eq!(parse_card(&name, n), Ok(id as Card), "{name}");
                }
            }
        }
    }

    #[test]
    fn alternative_spellings() {
        assert_eq!(parse_card("HT", 52), Ok(22));
        assert_eq!(parse_card("10h", 52), Ok(22));
        assert_eq!(parse_card("AS", 52), Ok(0));
        assert_eq!(parse_card("方片K", 52), Ok(51));
        assert_eq!(parse_card("小王", 54), Ok(52));
        assert!(matches!(parse_card("小王", 52), Err(CardParseError::OutOfDeck { .. })));
        assert!(matches!(parse_card("X9", 52), Err(CardParseError::UnknownName(_))));
        assert!(matches!(parse_card("S", 52), Err(CardParseError::UnknownName(_))));
        assert!(matches!(parse_card("♠11", 52), Err(CardParseError::UnknownName(_))));
    }

    #[test]
    fn permutation_defects_are_described() {
        let mut seen = vec![0; 4];
        assert_eq!(PermutationDefect::check(&[3, 1, 0, 2], &mut seen), None);
        let d = PermutationDefect::check(&[1, 1, 0, 2], &mut seen).unwrap();
        assert_eq!(d.repeated, vec![(1, 2)]);
        assert_eq!(d.missing, vec![3]);
        assert_eq!(d.describe(52, NameStyle::Symbol), "repeats ♠2 ×2; missing ♠4");
        // An id past the deck is named, with its index, and no "repeats none" stands in for it.
        let d = PermutationDefect::check(&[0, 1, 2, 65535], &mut seen).unwrap();
        assert_eq!(d.out_of_range, vec![(3, 65535)]);
        assert_eq!(
            d.describe(4, NameStyle::Symbol),
            "id 65535 at position 3 is out of range for a 4-card deck (ids 0..=3); missing ♠4"
        );
    }
}

/// The language of reports, pages, pictures and the words printed around cards (`--lang en|zh`): one type for
/// every layer. CSV and JSON files stay English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    /// Symbols (`♠A`, `小王`) and English words.
    #[default]
    En,
    /// Chinese names (`黑桃A`, `小王`) and words.
    Zh,
}

impl Lang {
    /// The `--lang` value.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The HTML `lang` attribute.
    pub fn html_code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// How cards are named: `♠A` or `黑桃A`.
    pub fn name_style(self) -> NameStyle {
        match self {
            Lang::En => NameStyle::Symbol,
            Lang::Zh => NameStyle::Chinese,
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "zh" | "zh-cn" => Ok(Lang::Zh),
            _ => Err(format!("unknown language '{s}' (expected en or zh)")),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `home[c]`: the starting position of card c in `start`.
pub fn home_positions(start: &[Card]) -> Vec<usize> {
    let mut home = vec![0; start.len()];
    for (p, &c) in start.iter().enumerate() {
        home[usize::from(c)] = p;
    }
    home
}
