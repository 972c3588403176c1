//! `crack --rng v8 -a fisher-yates --shown FILE`: V8's `Math.random` state from fully shown deals, and the next
//! deal it makes.
//!
//! A JavaScript dealer shuffling with `Math.floor(Math.random() * (i + 1))` is not seeded from the clock: its
//! 128-bit xorshift128+ state comes from the operating system, far beyond any search. But every output is
//! linear over GF(2) in that state, so the cards themselves give it back: each shown card fixes the leading bits
//! of one `Math.random()` value, and about 128 of those bits fix the state (the pure computation is
//! `shuffle_audit_core::crack`). This file reads the shown decks (one a line, as `run --decks` reads them:
//! ids or names, checked to be permutations), runs the recovery and renders its result as text or JSON.

use std::fmt::Write as _;
use std::io::BufReader;
use std::path::Path;

use serde::Serialize;

use crate::audit::input::deck_parser::count_cards;
use crate::audit::input::{DeckDefect, DeckFormat, DeckParser, Line, LineReader};
use crate::cards::{Card, MAX_DECK, MIN_DECK};
use shuffle_audit_core::crack::{V8Recovery, V8RecoveryError, recover_fisher_yates};

/// Why the shown decks could not be read. Each names the file and, for a bad deck, its line and card.
#[derive(Debug, thiserror::Error)]
pub enum ShownError {
    #[error("--shown {path}: cannot read it: {message}")]
    Io { path: String, message: String },
    #[error("--shown {path}: no deck in it (one shown deck a line, ids or names)")]
    Empty { path: String },
    #[error("--shown {path}: line {line}: {defect}")]
    Deck { path: String, line: u64, defect: DeckDefect },
    #[error(
        "--shown {path}: line {line}: cannot take the deck size from this first deck: {cards} cards (2..=1024; \
         pass --deck N)"
    )]
    Size { path: String, line: u64, cards: usize },
    #[error(
        "--shown {path}: line {line}: more than {MAX_SHOWN_DRAWS} cards shown; a few deals are enough (the state \
         is 128 bits), give the first ones"
    )]
    TooMany { path: String, line: u64 },
}

/// The most cards (draws of the loop) a file may show: a few hundred determine the state, and the recovery keeps
/// about a kilobyte per draw.
pub const MAX_SHOWN_DRAWS: usize = 1 << 16;

/// The shown decks of a file, in order, with the line each came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownDeals {
    pub decks: Vec<Vec<Card>>,
    pub lines: Vec<u64>,
    pub deck: usize,
}

/// Reads `path`: one deck a line (blank lines and lines starting with `#` skipped), every deck of `deck` cards,
/// or of the first deck's count when `deck` is `None`; at most [`MAX_SHOWN_DRAWS`] cards in all.
pub fn read_shown(path: &Path, deck: Option<usize>) -> Result<ShownDeals, ShownError> {
    let name = path.display().to_string();
    let io = |e: std::io::Error| ShownError::Io { path: name.clone(), message: e.to_string() };
    // Only a regular file: a FIFO nobody writes, or a device such as /dev/zero, would be waited on or read for
    // ever.
    let (file, _) = crate::audit::regular_file::open_regular(path)
        .map_err(|e| ShownError::Io { path: name.clone(), message: e.to_string() })?;
    let mut reader = LineReader::new(BufReader::new(file));
    let mut parser: Option<DeckParser> = None;
    let mut out = ShownDeals { decks: Vec::new(), lines: Vec::new(), deck: 0 };
    let mut draws = 0usize;
    while let Some((line, text)) = reader.next_line().map_err(io)? {
        let bytes = match text {
            Line::Text(t) => t,
            Line::TooLong { bytes } => {
                let defect = DeckDefect::TooLong { bytes, limit: crate::audit::input::source::MAX_LINE_BYTES };
                return Err(ShownError::Deck { path: name, line, defect });
            }
        };
        let trimmed = bytes.trim_ascii();
        if trimmed.is_empty() || trimmed.starts_with(b"#") {
            continue;
        }
        let p = match &mut parser {
            Some(p) => p,
            None => {
                let format = DeckFormat::detect(trimmed, 0);
                let n = match deck {
                    Some(n) => n,
                    None => match count_cards(trimmed, format) {
                        Some(k) if (MIN_DECK..=MAX_DECK).contains(&k) => k,
                        Some(cards) => return Err(ShownError::Size { path: name, line, cards }),
                        None => {
                            let byte = std::str::from_utf8(trimmed).err().map_or(0, |e| e.valid_up_to() + 1);
                            let defect = DeckDefect::InvalidUtf8 { byte };
                            return Err(ShownError::Deck { path: name, line, defect });
                        }
                    },
                };
                out.deck = n;
                let p = DeckParser::new(n, format);
                parser.insert(if deck.is_none() { p.inferred_at(line) } else { p })
            }
        };
        let cards = p.parse(trimmed).map_err(|defect| ShownError::Deck { path: name.clone(), line, defect })?;
        draws += cards.len() - 1;
        if draws > MAX_SHOWN_DRAWS {
            return Err(ShownError::TooMany { path: name, line });
        }
        out.decks.push(cards.to_vec());
        out.lines.push(line);
    }
    if out.decks.is_empty() {
        return Err(ShownError::Empty { path: name });
    }
    Ok(out)
}

/// The outcome of a recovery, as the command reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum V8Outcome {
    Recovered(V8Recovery),
    /// The shown cards agree with V8 but do not fix the state yet.
    Undetermined {
        known_bits: u32,
        alignments: usize,
        draws: usize,
    },
    /// No state deals them: the file line and position where the last alignment standing failed.
    Inconsistent {
        line: u64,
        deal: usize,
        position: usize,
    },
}

impl V8Outcome {
    /// 0 when the state was recovered, 1 when it was not (as `crack` when no seed deals the view).
    pub fn exit_code(&self) -> u8 {
        match self {
            V8Outcome::Recovered(_) => 0,
            _ => 1,
        }
    }
}

/// Recovers the state from the shown deals.
pub fn recover_v8(shown: &ShownDeals) -> V8Outcome {
    match recover_fisher_yates(&shown.decks) {
        Ok(r) => V8Outcome::Recovered(r),
        Err(V8RecoveryError::Undetermined { known_bits, alignments, draws }) => {
            V8Outcome::Undetermined { known_bits, alignments, draws }
        }
        Err(V8RecoveryError::Inconsistent { deal, position }) => {
            V8Outcome::Inconsistent { line: shown.lines.get(deal).copied().unwrap_or(0), deal, position }
        }
        // `read_shown` never returns an empty list.
        Err(V8RecoveryError::Empty) => V8Outcome::Undetermined { known_bits: 0, alignments: 64, draws: 0 },
    }
}

/// The text `crack --shown` prints.
pub fn render_v8_text(shown: &ShownDeals, outcome: &V8Outcome) -> String {
    let mut s = String::new();
    let decks = shown.decks.len();
    let _ = writeln!(
        s,
        "V8 Math.random (xorshift128+) from {decks} shown deal{} of {} cards, each by j = Math.floor(Math.random() * (i + 1))",
        if decks == 1 { "" } else { "s" },
        shown.deck
    );
    match outcome {
        V8Outcome::Recovered(r) => {
            let _ = writeln!(s, "state:      state0 {:#018x}  state1 {:#018x}", r.state0, r.state1);
            let _ = writeln!(
                s,
                "            (at the refill before the first shown card, which was value {} of the 64 served from it{})",
                r.cache_offset + 1,
                if r.cache_offset == 0 { "" } else { ": the program drew before the first deal shown" }
            );
            if let Some(seed) = r.node_seed {
                let _ = writeln!(
                    s,
                    "            the first refill of node --random_seed={} (the state is that seed's)",
                    seed as i32
                );
            }
            let (deal, position) = r.last_used;
            let _ = writeln!(
                s,
                "cards used: {} of the {} shown (deal {}, down to position {}); every later card agrees",
                r.draws_used,
                r.draws_shown,
                deal + 1,
                position
            );
            let _ = writeln!(
                s,
                "now:        state0 {:#018x}  state1 {:#018x}, {} values left in the cache",
                r.state_after.0, r.state_after.1, r.cached_after
            );
            let next: Vec<String> = r.next_deck.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(s, "next deal:  {}", next.join(" "));
        }
        V8Outcome::Undetermined { known_bits: 128, alignments, draws } if *alignments > 1 => {
            let _ = writeln!(
                s,
                "not determined yet: 128 of 128 bits after {draws} cards in each of {alignments} alignments of the \
                 64-value cache, which these cards cannot tell apart until the deals cross a refill; show more deals"
            );
        }
        V8Outcome::Undetermined { known_bits, alignments, draws } => {
            let _ = writeln!(
                s,
                "not determined yet: {known_bits} of 128 bits after {draws} cards ({alignments} alignment{} of the \
                 64-value cache still fit{}); show more deals",
                if *alignments == 1 { "" } else { "s" },
                if *alignments == 1 { "" } else { ": the most any of them has" }
            );
        }
        V8Outcome::Inconsistent { line, deal, position } => {
            let _ = writeln!(
                s,
                "no V8 Math.random state deals these decks: the last alignment of the cache standing fails at line \
                 {line} (deal {}), position {position}; not V8's Math.random, not this loop, or not consecutive \
                 deals of one context",
                deal + 1
            );
        }
    }
    s
}

#[derive(Serialize)]
struct Json<'a> {
    rng: &'static str,
    algorithm: &'static str,
    decks: usize,
    deck: usize,
    determined: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<StateJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cards_used: Option<usize>,
    cards_shown: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_deck: Option<&'a [Card]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    known_bits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alignments: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inconsistent_at: Option<PlaceJson>,
}

#[derive(Serialize)]
struct StateJson {
    /// Hex, as 64-bit words do not survive JSON's doubles.
    state0: String,
    state1: String,
    cache_offset: usize,
    node_random_seed: Option<i32>,
    state0_now: String,
    state1_now: String,
    cached_now: usize,
}

#[derive(Serialize)]
struct PlaceJson {
    line: u64,
    deal: usize,
    position: usize,
}

/// The JSON `crack --shown --json` prints: `determined`, `state`, `cards_used`, `next_deck` (card ids) when
/// recovered; `known_bits` and `alignments` when not determined; `inconsistent_at` when no state fits.
pub fn render_v8_json(shown: &ShownDeals, outcome: &V8Outcome) -> String {
    let hex = |w: u64| format!("{w:#018x}");
    let draws = shown.decks.iter().map(|d| d.len().saturating_sub(1)).sum();
    let mut j = Json {
        rng: "v8",
        algorithm: "fisher-yates",
        decks: shown.decks.len(),
        deck: shown.deck,
        determined: false,
        state: None,
        cards_used: None,
        cards_shown: draws,
        next_deck: None,
        known_bits: None,
        alignments: None,
        inconsistent_at: None,
    };
    match outcome {
        V8Outcome::Recovered(r) => {
            j.determined = true;
            j.state = Some(StateJson {
                state0: hex(r.state0),
                state1: hex(r.state1),
                cache_offset: r.cache_offset,
                node_random_seed: r.node_seed.map(|s| s as i32),
                state0_now: hex(r.state_after.0),
                state1_now: hex(r.state_after.1),
                cached_now: r.cached_after,
            });
            j.cards_used = Some(r.draws_used);
            j.next_deck = Some(&r.next_deck);
        }
        V8Outcome::Undetermined { known_bits, alignments, .. } => {
            j.known_bits = Some(*known_bits);
            j.alignments = Some(*alignments);
        }
        V8Outcome::Inconsistent { line, deal, position } => {
            j.inconsistent_at = Some(PlaceJson { line: *line, deal: deal + 1, position: *position });
        }
    }
    let mut s = serde_json::to_string_pretty(&j).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
        f
    }

    #[test]
    fn reads_ids_and_names_and_names_the_bad_line() {
        let f = write("# shown\n0 1 2 3\n\n3 2 1 0\n");
        let s = read_shown(f.path(), None).unwrap();
        assert_eq!((s.decks.len(), s.deck, s.lines.clone()), (2, 4, vec![2, 4]));
        let f = write("0 1 2 3\n3 2 2 0\n");
        let e = read_shown(f.path(), None).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("--shown"), "{e}");
        let f = write("0 1 2 3\n0 1 x 3\n");
        let e = read_shown(f.path(), None).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("card 3"), "{e}");
        let f = write("\n# nothing\n");
        assert!(matches!(read_shown(f.path(), None), Err(ShownError::Empty { .. })));
        let f = write(&"1 0\n".repeat(MAX_SHOWN_DRAWS + 1));
        let e = read_shown(f.path(), None).unwrap_err().to_string();
        assert!(e.contains(&format!("line {}", MAX_SHOWN_DRAWS + 1)) && e.contains("more than"), "{e}");
    }
}
