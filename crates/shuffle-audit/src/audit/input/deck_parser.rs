//! One deck per line: card ids (`--base 0|1`, separated by spaces or commas) or card names (symbols, ASCII,
//! `10`/`T`, jokers, Chinese, as [`crate::cards::parse_card`] reads them), checked to be a permutation of the
//! deck.
//!
//! Ids are parsed straight from the line's bytes with no allocation: digits are accumulated into an integer,
//! every card is stamped in a `seen` array whose stamp changes per line (so nothing is cleared between decks),
//! and the deck is a permutation exactly when it has n cards and no stamp repeats. Only a defective line pays
//! for a description (which card repeats, which is missing, which token is unknown). Names go through UTF-8
//! validation and `parse_card` per token.

use std::fmt;

use serde::Serialize;

use crate::cards::{Card, CardParseError, NameStyle, PermutationDefect, card_name, parse_card};

/// How the cards of a line are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DeckFormat {
    /// Whole numbers, the first card being `base` (0 or 1).
    Ids { base: u32 },
    /// A shoe written by face as whole numbers: the ids of the base deck (`base` first), each repeated once per
    /// copy (`0..52` six times for six decks); like names, they do not tell the copies apart.
    FaceIds { base: u32 },
    /// Card names in any spelling `parse_card` accepts.
    Names,
}

impl DeckFormat {
    /// The format of a file, decided from its first deck: ids when the first token is all ASCII digits, names
    /// otherwise (`10h` and `#60` are names).
    pub fn detect(line: &[u8], base: u32) -> DeckFormat {
        let first = line.split(|&b| is_separator(b)).find(|t| !t.is_empty()).unwrap_or(&[]);
        if !first.is_empty() && first.iter().all(u8::is_ascii_digit) {
            DeckFormat::Ids { base }
        } else {
            DeckFormat::Names
        }
    }

    /// `ids (base 0)` or `names`.
    pub fn label(&self) -> String {
        match self {
            DeckFormat::Ids { base } => format!("ids (base {base})"),
            DeckFormat::FaceIds { base } => format!("face ids (base {base})"),
            DeckFormat::Names => "names".to_string(),
        }
    }
}

impl DeckFormat {
    /// Whether the decks tell every card apart (ids), or only its face (a shoe by name or by face ids).
    pub fn ids_known(&self) -> bool {
        matches!(self, DeckFormat::Ids { .. })
    }

    /// The format of a shoe of `copies` copies of `faces` cards written as ids, from its first deck `line`: the
    /// ids of the faces when some id repeats and none reaches the number of faces (a valid line of the shoe's
    /// own ids never repeats one), the shoe's ids otherwise.
    pub fn ids_of_shoe(line: &[u8], base: u32, faces: usize, copies: usize) -> DeckFormat {
        if copies < 2 {
            return DeckFormat::Ids { base };
        }
        let mut seen = vec![false; faces];
        let mut repeats = false;
        for token in line.split(|&b| is_separator(b)).filter(|t| !t.is_empty()) {
            let id = std::str::from_utf8(token).ok().and_then(|t| t.parse::<u64>().ok());
            match id.and_then(|v| v.checked_sub(u64::from(base))) {
                Some(f) if f < faces as u64 => {
                    repeats |= std::mem::replace(&mut seen[f as usize], true);
                }
                _ => return DeckFormat::Ids { base },
            }
        }
        if repeats { DeckFormat::FaceIds { base } } else { DeckFormat::Ids { base } }
    }
}

impl fmt::Display for DeckFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why a line is not a deck. Every variant says what is wrong and where in the line (1-based card position).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckDefect {
    #[error("line is longer than {limit} bytes ({bytes} bytes); not read")]
    TooLong { bytes: u64, limit: usize },
    #[error("invalid UTF-8 at byte {byte} of the line")]
    InvalidUtf8 { byte: usize },
    #[error("card {position}: '{token}' is not a card id (a whole number {lo}..={hi})")]
    NotANumber { position: usize, token: String, lo: u64, hi: u64 },
    #[error("card {position}: id {token} is outside {lo}..={hi}{hint}")]
    OutOfRange { position: usize, token: String, lo: u64, hi: u64, hint: String },
    #[error("card {position}: unknown card name '{token}'")]
    UnknownName { position: usize, token: String },
    #[error("card {position}: '{token}' (id {id}) is not in a {n}-card deck")]
    NotInDeck { position: usize, token: String, id: usize, n: usize },
    #[error("{found} cards instead of {expected}{detail}")]
    WrongCount { found: usize, expected: usize, detail: String },
    #[error("not a permutation: {0}")]
    NotPermutation(String),
    #[error("not a shoe of {copies} decks: {detail}")]
    NotShoe { copies: usize, detail: String },
}

/// Separators between cards: spaces, tabs, commas (and a stray `\r` from CRLF files).
#[inline(always)]
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b',' | b'\r')
}

/// Reads lines into decks of `n` cards, reusing its buffers: after the first few lines no call allocates.
#[derive(Clone, Debug)]
pub struct DeckParser {
    n: usize,
    format: DeckFormat,
    deck: Vec<Card>,
    /// `seen[c] == stamp` when card c already appeared on the current line.
    seen: Vec<u32>,
    stamp: u32,
    /// The deck size was counted on the stream's first deck rather than given (`--deck`): a short first deck
    /// makes every later deck look out of range, and the hint says so.
    inferred: Option<u64>,
    /// Copies of each face (`--copies`): names then repeat each face of the `n / copies`-card base deck this many
    /// times, and its k-th appearance on a line is card id `face + k·(n / copies)`; ids show face `id mod (n /
    /// copies)`.
    copies: usize,
}

impl DeckParser {
    pub fn new(n: usize, format: DeckFormat) -> Self {
        DeckParser { n, format, deck: Vec::with_capacity(n), seen: vec![0; n], stamp: 0, inferred: None, copies: 1 }
    }

    /// The parser of a shoe: `copies` copies of each face of an `n / copies`-card deck (`n` a multiple of it).
    pub fn with_copies(mut self, copies: usize) -> Self {
        debug_assert!(copies >= 1 && self.n.is_multiple_of(copies));
        self.copies = copies.max(1);
        self
    }

    pub fn copies(&self) -> usize {
        self.copies
    }

    /// Cards of the base deck: the faces.
    fn base(&self) -> usize {
        self.n / self.copies
    }

    /// How many ids a line may hold: the faces' for face ids, every card's otherwise.
    fn id_count(&self) -> usize {
        if matches!(self.format, DeckFormat::FaceIds { .. }) { self.base() } else { self.n }
    }

    /// The parser of a stream whose deck size was counted on its first deck, on line `line`.
    pub fn inferred_at(mut self, line: u64) -> Self {
        self.inferred = Some(line);
        self
    }

    pub fn n(&self) -> usize {
        self.n
    }

    pub fn format(&self) -> DeckFormat {
        self.format
    }

    /// Parses one line (without its line break) into a deck of `n` cards that is a permutation of `0..n`.
    pub fn parse(&mut self, line: &[u8]) -> Result<&[Card], DeckDefect> {
        self.next_stamp();
        self.deck.clear();
        let duplicate = match self.format {
            DeckFormat::Ids { base } => self.read_ids(line, base, false)?,
            DeckFormat::FaceIds { base } => self.read_ids(line, base, true)?,
            DeckFormat::Names => self.read_names(line)?,
        };
        if self.deck.len() != self.n || duplicate {
            return Err(self.describe_defect());
        }
        Ok(&self.deck)
    }

    fn next_stamp(&mut self) {
        if self.stamp == u32::MAX {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Records card `c` (already range-checked); true if it was seen before on this line.
    #[inline(always)]
    fn push(&mut self, c: usize) -> bool {
        self.deck.push(c as Card);
        let s = &mut self.seen[c];
        let dup = *s == self.stamp;
        *s = self.stamp;
        dup
    }

    /// Records face `f` of a shoe by face: its first copy not yet on this line (a face seen `copies` times
    /// already repeats). True if it repeats.
    fn push_face(&mut self, f: usize) -> bool {
        let faces = self.base();
        let free = (0..self.copies).map(|k| f + k * faces).find(|&id| self.seen[id] != self.stamp);
        self.push(free.unwrap_or(f))
    }

    /// The hot path: ids from bytes (the faces' ids with `faces`). Returns whether some card repeats.
    fn read_ids(&mut self, line: &[u8], base: u32, faces: bool) -> Result<bool, DeckDefect> {
        let (n, base64) = (self.id_count() as u64, u64::from(base));
        let mut duplicate = false;
        let mut i = 0;
        let len = line.len();
        while i < len {
            let b = line[i];
            if is_separator(b) {
                i += 1;
                continue;
            }
            let start = i;
            // At most 19 digits fit any u64; more saturate and are reported as out of range.
            let mut v: u64 = 0;
            while i < len && line[i].is_ascii_digit() {
                v = v.saturating_mul(10).saturating_add(u64::from(line[i] - b'0'));
                i += 1;
            }
            if (i < len && !is_separator(line[i])) || i == start {
                return Err(self.bad_token(line, start, base64));
            }
            if v < base64 || v - base64 >= n {
                return Err(DeckDefect::OutOfRange {
                    position: self.deck.len() + 1,
                    token: String::from_utf8_lossy(&line[start..i]).into_owned(),
                    lo: base64,
                    hi: base64 + n - 1,
                    hint: self.range_hint(line, base64),
                });
            }
            let c = (v - base64) as usize;
            duplicate |= if faces { self.push_face(c) } else { self.push(c) };
        }
        Ok(duplicate)
    }

    /// What an id out of range may mean, from the whole line: more cards than the deck size counted on a short
    /// first deck (`--deck`), ids counted from 1 (`--base 1`) or from 0 (`--base 0`); empty when none fits.
    #[cold]
    fn range_hint(&self, line: &[u8], base: u64) -> String {
        let ids: Vec<u64> = line
            .split(|&b| is_separator(b))
            .filter(|t| !t.is_empty())
            .map(|t| std::str::from_utf8(t).ok().and_then(|t| t.parse().ok()).unwrap_or(u64::MAX))
            .collect();
        let (n, count) = (self.id_count() as u64, ids.len() as u64);
        let (lo, hi) = (ids.iter().copied().min().unwrap_or(0), ids.iter().copied().max().unwrap_or(0));
        match self.inferred {
            Some(first) if count > self.n as u64 => {
                return format!(
                    " (the deck size, {n}, was counted on the first deck, line {first}, which may be short: for \
                     {count}-card decks pass --deck {count})",
                    n = self.n
                );
            }
            _ => {}
        }
        if base == 0 && lo == 1 && hi == n {
            " (for 1-based ids pass --base 1)".to_string()
        } else if base == 1 && lo == 0 && hi == n - 1 {
            " (for 0-based ids pass --base 0)".to_string()
        } else {
            String::new()
        }
    }

    /// A token that is not a whole number: invalid UTF-8 is named as such, anything else quoted.
    #[cold]
    fn bad_token(&self, line: &[u8], start: usize, base: u64) -> DeckDefect {
        if let Err(e) = std::str::from_utf8(line) {
            return DeckDefect::InvalidUtf8 { byte: e.valid_up_to() + 1 };
        }
        let end = line[start..].iter().position(|&b| is_separator(b)).map_or(line.len(), |k| start + k);
        DeckDefect::NotANumber {
            position: self.deck.len() + 1,
            token: shorten(&String::from_utf8_lossy(&line[start..end])),
            lo: base,
            hi: base + self.id_count() as u64 - 1,
        }
    }

    fn read_names(&mut self, line: &[u8]) -> Result<bool, DeckDefect> {
        let text = std::str::from_utf8(line).map_err(|e| DeckDefect::InvalidUtf8 { byte: e.valid_up_to() + 1 })?;
        let mut duplicate = false;
        let base = self.base();
        for token in text.split(|c: char| c.is_whitespace() || c == ',' || c == '，').filter(|t| !t.is_empty()) {
            let position = self.deck.len() + 1;
            match parse_card(token, base) {
                Ok(c) if self.copies == 1 => duplicate |= self.push(usize::from(c)),
                Ok(f) => duplicate |= self.push_face(usize::from(f)),
                Err(CardParseError::UnknownName(_)) => {
                    return Err(DeckDefect::UnknownName { position, token: shorten(token) });
                }
                Err(CardParseError::OutOfDeck { id, n, .. }) => {
                    return Err(DeckDefect::NotInDeck { position, token: shorten(token), id, n });
                }
            }
        }
        Ok(duplicate)
    }

    /// Which faces appear too often or too seldom in a shoe written by name.
    #[cold]
    fn describe_face_defect(&self) -> DeckDefect {
        let base = self.base();
        let mut counts = vec![0usize; base];
        for &c in &self.deck {
            counts[usize::from(c) % base] += 1;
        }
        let name = |f: usize| self.name(f as Card);
        let copies = self.copies;
        let over: Vec<String> = (0..base)
            .filter(|&f| counts[f] > copies)
            .map(|f| format!("{} appears {} times", name(f), counts[f]))
            .collect();
        let under: Vec<String> = (0..base)
            .filter(|&f| counts[f] < copies)
            .map(|f| format!("{} ({} of {copies})", name(f), counts[f]))
            .collect();
        let mut parts = Vec::new();
        if !over.is_empty() {
            parts.push(format!("{} (it holds {copies} of each card)", list_some(&over)));
        }
        if !under.is_empty() {
            parts.push(format!("too few of {}", list_some(&under)));
        }
        let hint = self.shoe_hint();
        if self.deck.len() != self.n {
            let detail = if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) };
            DeckDefect::WrongCount { found: self.deck.len(), expected: self.n, detail: detail + &hint }
        } else {
            DeckDefect::NotShoe { copies, detail: parts.join("; ") + &hint }
        }
    }

    /// Which cards repeat and which are missing, named as the input names them.
    #[cold]
    fn describe_defect(&self) -> DeckDefect {
        if self.copies > 1 && !self.format.ids_known() {
            return self.describe_face_defect();
        }
        let mut seen = vec![0u32; self.n];
        let defect = PermutationDefect::check(&self.deck, &mut seen).unwrap_or_default();
        let repeated: Vec<String> =
            defect.repeated.iter().map(|&(c, k)| format!("{} appears {k} times", self.name(c))).collect();
        let missing: Vec<String> = defect.missing.iter().map(|&c| self.name(c)).collect();
        let mut parts = Vec::new();
        if !repeated.is_empty() {
            parts.push(list_some(&repeated));
        }
        if !missing.is_empty() {
            parts.push(format!("missing {}", list_some(&missing)));
        }
        let hint = self.shoe_hint();
        if self.deck.len() != self.n {
            let detail = if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) };
            DeckDefect::WrongCount { found: self.deck.len(), expected: self.n, detail: detail + &hint }
        } else {
            DeckDefect::NotPermutation(parts.join("; ") + &hint)
        }
    }

    /// When the line is a shoe (its cards, or its faces, are `0..m`, m ≥ 2, each exactly K > 1 times) that the reading
    /// does not expect, how to read it: `--deck m --copies K`; empty otherwise.
    #[cold]
    fn shoe_hint(&self) -> String {
        let faces = self.base();
        let mut counts = vec![0usize; faces];
        for &c in &self.deck {
            counts[usize::from(c) % faces] += 1;
        }
        let m = counts.iter().take_while(|&&k| k > 0).count();
        let k = counts[0];
        // A deck has two cards or more (one card repeated is no shoe).
        if m < 2 || k < 2 || counts[..m].iter().any(|&x| x != k) || counts[m..].iter().any(|&x| x > 0) {
            return String::new();
        }
        let (first, last) = (self.name(0), self.name(m as Card - 1));
        if (m, k) == (faces, self.copies) {
            // Only shoe ids get here: the line writes each face `copies` times, the stream's first deck did not.
            let ids = match self.format {
                DeckFormat::Ids { base } | DeckFormat::FaceIds { base } => {
                    format!("{base}..={}", self.n as u32 + base - 1)
                }
                DeckFormat::Names => format!("0..={}", self.n - 1),
            };
            return format!(
                " (this line writes each of the {m} faces {k} times, {first} to {last}, while the stream's first \
                 deck wrote the shoe's own ids {ids}: a stream holds one or the other)"
            );
        }
        format!(
            " (each of the {m} cards {first} to {last} appears {k} times: a shoe of {k} decks of {m} cards is read \
             with --deck {m} --copies {k})"
        )
    }

    /// `id 2 (♠3)` for ids (in the input's base), `♠3` for names; a face id names the face.
    fn name(&self, c: Card) -> String {
        let faces = self.base();
        let symbol = card_name(c % faces as Card, faces, NameStyle::Symbol);
        match self.format {
            DeckFormat::Ids { base } => format!("id {} ({symbol})", u32::from(c) + base),
            DeckFormat::FaceIds { base } => format!("id {} ({symbol})", u32::from(c) % faces as u32 + base),
            DeckFormat::Names => symbol,
        }
    }
}

/// Counts the cards of a line (for inferring the deck size from the first deck).
pub(crate) fn count_cards(line: &[u8], format: DeckFormat) -> Option<usize> {
    match format {
        DeckFormat::Ids { .. } | DeckFormat::FaceIds { .. } => {
            Some(line.split(|&b| is_separator(b)).filter(|t| !t.is_empty()).count())
        }
        DeckFormat::Names => std::str::from_utf8(line)
            .ok()
            .map(|t| t.split(|c: char| c.is_whitespace() || c == ',' || c == '，').filter(|t| !t.is_empty()).count()),
    }
}

/// At most five items, then how many more.
fn list_some(items: &[String]) -> String {
    if items.len() <= 5 { items.join(", ") } else { format!("{} and {} more", items[..5].join(", "), items.len() - 5) }
}

/// A token quoted in an error: at most 40 characters, control characters escaped (`\u{1}`) so that garbage
/// bytes cannot disturb a terminal or a log.
fn shorten(token: &str) -> String {
    let visible = |s: &mut dyn Iterator<Item = char>| -> String {
        s.map(|c| if c.is_control() { c.escape_unicode().to_string() } else { c.to_string() }).collect()
    };
    if token.chars().count() <= 40 {
        visible(&mut token.chars())
    } else {
        format!("{}… ({} bytes)", visible(&mut token.chars().take(40)), token.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> DeckParser {
        DeckParser::new(n, DeckFormat::Ids { base: 0 })
    }

    #[test]
    fn ids_separated_by_spaces_commas_and_tabs() {
        let mut p = ids(4);
        assert_eq!(p.parse(b"3 1 0 2").unwrap(), &[3, 1, 0, 2]);
        assert_eq!(p.parse(b"3,1, 0\t2\r").unwrap(), &[3, 1, 0, 2]);
        let mut one = DeckParser::new(4, DeckFormat::Ids { base: 1 });
        assert_eq!(one.parse(b"4 2 1 3").unwrap(), &[3, 1, 0, 2]);
    }

    #[test]
    fn defects_name_the_card_and_the_position() {
        let mut p = ids(52);
        let deck: Vec<String> = (0..52).map(|i| i.to_string()).collect();
        let mut dup = deck.clone();
        dup[7] = "2".into();
        let e = p.parse(dup.join(" ").as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "not a permutation: id 2 (♠3) appears 2 times; missing id 7 (♠8)");
        let e = p.parse(deck[..51].join(" ").as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "51 cards instead of 52 (missing id 51 (♦K))");
        let e = p.parse(format!("{} 3", deck.join(" ")).as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "53 cards instead of 52 (id 3 (♠4) appears 2 times)");
        let e = p.parse(b"0 1 x2 3").unwrap_err();
        assert_eq!(e.to_string(), "card 3: 'x2' is not a card id (a whole number 0..=51)");
        let e = p.parse(b"0 1 -3").unwrap_err();
        assert_eq!(e.to_string(), "card 3: '-3' is not a card id (a whole number 0..=51)");
        let one_based: Vec<String> = (1..=52).map(|c| c.to_string()).collect();
        let e = p.parse(one_based.join(" ").as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "card 52: id 52 is outside 0..=51 (for 1-based ids pass --base 1)");
        // A line with a 0 is not 1-based.
        let e = p.parse(b"0 52 1").unwrap_err();
        assert_eq!(e.to_string(), "card 2: id 52 is outside 0..=51");
        let e = p.parse(b"0 99999999999999999999999 1").unwrap_err();
        assert!(e.to_string().starts_with("card 2: id 99999999999999999999999 is outside"), "{e}");
        let e = p.parse(b"0 1 \xff\xfe 2").unwrap_err();
        assert_eq!(e, DeckDefect::InvalidUtf8 { byte: 5 });
        assert!(matches!(p.parse(b""), Err(DeckDefect::WrongCount { found: 0, .. })));
    }

    #[test]
    fn names_in_every_spelling() {
        let mut p = DeckParser::new(4, DeckFormat::Names);
        // Ids 0..4 are ♠A ♠2 ♠3 ♠4.
        assert_eq!(p.parse("♠A SA".replace("SA", "2s ♠3, S4").as_bytes()).unwrap(), &[0, 1, 2, 3]);
        assert_eq!(p.parse("黑桃4 AS 3♠ s2".as_bytes()).unwrap(), &[3, 0, 2, 1]);
        let e = p.parse("♠A ♠2 ♠3 ZZ".as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "card 4: unknown card name 'ZZ'");
        let e = p.parse("♠A ♠2 ♠3 ♥A".as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "card 4: '♥A' (id 13) is not in a 4-card deck");
        let e = p.parse("♠A ♠A ♠3 ♠4".as_bytes()).unwrap_err();
        assert_eq!(e.to_string(), "not a permutation: ♠A appears 2 times; missing ♠2");
        assert_eq!(p.parse(b"\xe2\x99 SA").unwrap_err(), DeckDefect::InvalidUtf8 { byte: 1 });
        let mut jokers = DeckParser::new(54, DeckFormat::Names);
        let mut names: Vec<String> = (0..54).map(|c| card_name(c, 54, NameStyle::Ascii)).collect();
        names.swap(0, 53);
        assert_eq!(jokers.parse(names.join(",").as_bytes()).unwrap()[0], 53);
    }

    #[test]
    fn the_format_is_detected_from_the_first_token() {
        assert_eq!(DeckFormat::detect(b"  12 3 4", 1), DeckFormat::Ids { base: 1 });
        assert_eq!(DeckFormat::detect(b"10h 3 4", 0), DeckFormat::Names);
        assert_eq!(DeckFormat::detect("♠A".as_bytes(), 0), DeckFormat::Names);
        assert_eq!(count_cards(b"1, 2,3 ,4", DeckFormat::Ids { base: 0 }), Some(4));
    }

    #[test]
    fn a_stamp_wrap_does_not_forget_or_invent_duplicates() {
        let mut p = ids(3);
        p.stamp = u32::MAX - 1;
        for _ in 0..4 {
            assert!(p.parse(b"2 0 1").is_ok());
            assert!(p.parse(b"2 2 1").is_err());
        }
    }

    #[test]
    fn a_shoe_by_face_numbers_each_copy_in_order_of_appearance() {
        // Two copies of the 3-card deck ♠A ♠2 ♠3 (faces 0, 1, 2): the k-th ♠A on a line is id 0 + 3k.
        let mut p = DeckParser::new(6, DeckFormat::Names).with_copies(2);
        assert_eq!(p.parse("♠2 ♠A ♠2 ♠3 ♠A ♠3".as_bytes()).unwrap(), &[1, 0, 4, 2, 3, 5]);
        // The next line starts again from the first copy.
        assert_eq!(p.parse("SA SA S2 S2 S3 S3".as_bytes()).unwrap(), &[0, 3, 1, 4, 2, 5]);
        // A face three times: named with its count and what the shoe holds, and the face left short.
        let e = p.parse("SA SA SA S2 S3 S3".as_bytes()).unwrap_err().to_string();
        assert_eq!(e, "not a shoe of 2 decks: ♠A appears 3 times (it holds 2 of each card); too few of ♠2 (1 of 2)");
        let short = p.parse("SA SA S2 S3 S3".as_bytes()).unwrap_err().to_string();
        assert!(short.starts_with("5 cards instead of 6 (too few of ♠2 (1 of 2))"), "{short}");
        // A face the base deck has not: the 54-card deck's jokers are not in copies of 52.
        let mut p52 = DeckParser::new(104, DeckFormat::Names).with_copies(2);
        assert!(matches!(p52.parse("BJ".as_bytes()), Err(DeckDefect::NotInDeck { .. })));
    }

    #[test]
    fn a_shoe_by_face_ids_numbers_each_copy_in_order_of_appearance() {
        // Faces 0..3 twice: the first deck decides that the ids are the faces' (one repeats, none reaches 3).
        assert_eq!(DeckFormat::ids_of_shoe(b"2 0 1 1 0 2", 0, 3, 2), DeckFormat::FaceIds { base: 0 });
        assert_eq!(DeckFormat::ids_of_shoe(b"3 1 2 2 1 3", 1, 3, 2), DeckFormat::FaceIds { base: 1 });
        assert_eq!(DeckFormat::ids_of_shoe(b"5 0 1 4 3 2", 0, 3, 2), DeckFormat::Ids { base: 0 });
        // No repeat: the shoe's own ids (a short first deck is not taken for faces).
        assert_eq!(DeckFormat::ids_of_shoe(b"2 0 1", 0, 3, 2), DeckFormat::Ids { base: 0 });
        assert_eq!(DeckFormat::ids_of_shoe(b"0 0 1", 0, 3, 1), DeckFormat::Ids { base: 0 });
        let mut p = DeckParser::new(6, DeckFormat::FaceIds { base: 0 }).with_copies(2);
        assert_eq!(p.parse(b"1 0 1 2 0 2").unwrap(), &[1, 0, 4, 2, 3, 5]);
        assert_eq!(p.parse(b"0,0,1,1,2,2").unwrap(), &[0, 3, 1, 4, 2, 5]);
        // A face three times is named by its id and face, with the copies the shoe holds.
        let e = p.parse(b"0 0 0 1 2 2").unwrap_err().to_string();
        assert_eq!(
            e,
            "not a shoe of 2 decks: id 0 (♠A) appears 3 times (it holds 2 of each card); too few of id 1 (♠2) (1 of 2)"
        );
        let e = p.parse(b"0 1 3 2 0 1").unwrap_err().to_string();
        assert_eq!(e, "card 3: id 3 is outside 0..=2");
        let mut one = DeckParser::new(6, DeckFormat::FaceIds { base: 1 }).with_copies(2);
        assert_eq!(one.parse(b"1 1 2 2 3 3").unwrap(), &[0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn a_shoe_read_without_its_copies_says_to_add_them() {
        // Ids 0..52 twice, read as one 104-card deck (no --copies): never "id 0 (♠A) … missing id 52 (♠A)" alone.
        let twice: Vec<String> = (0..104).map(|c| (c % 52).to_string()).collect();
        let e = ids(104).parse(twice.join(" ").as_bytes()).unwrap_err().to_string();
        assert!(
            e.ends_with(
                "(each of the 52 cards id 0 (♠A) to id 51 (♦K) appears 2 times: a shoe of 2 decks of 52 cards is \
                 read with --deck 52 --copies 2)"
            ),
            "{e}"
        );
        // With --deck 52 and no --copies: too many cards, the same hint.
        let e = ids(52).parse(twice.join(" ").as_bytes()).unwrap_err().to_string();
        assert!(e.starts_with("104 cards instead of 52") && e.contains("--deck 52 --copies 2)"), "{e}");
        // By name, six copies read as a shoe of two: the hint names the six.
        let six: Vec<String> = (0..312).map(|c| card_name((c % 52) as Card, 52, NameStyle::Ascii)).collect();
        let mut two = DeckParser::new(104, DeckFormat::Names).with_copies(2);
        let e = two.parse(six.join(" ").as_bytes()).unwrap_err().to_string();
        assert!(e.starts_with("312 cards instead of 104") && e.ends_with("--deck 52 --copies 6)"), "{e}");
        // Face ids in a stream of the shoe's own ids: said as such.
        let e = ids(104).with_copies(2).parse(twice.join(" ").as_bytes()).unwrap_err().to_string();
        assert!(e.contains("writes each of the 52 faces 2 times") && e.contains("own ids 0..=103"), "{e}");
        // A plain duplicate is not a shoe: no hint.
        let e = ids(4).parse(b"0 0 1 2").unwrap_err().to_string();
        assert_eq!(e, "not a permutation: id 0 (♠A) appears 2 times; missing id 3 (♠4)");
    }

    #[test]
    fn a_shoe_as_ids_names_the_face_of_each_id() {
        let mut p = ids(104).with_copies(2);
        let mut line: Vec<String> = (0..104).map(|c| c.to_string()).collect();
        line[1] = "53".to_string();
        let e = p.parse(line.join(" ").as_bytes()).unwrap_err().to_string();
        assert!(e.contains("id 53 (♠2) appears 2 times") && e.contains("missing id 1 (♠2)"), "{e}");
    }
}
