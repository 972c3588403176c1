//! The stream audit: lines in, a [`Tally`] out, in memory that does not depend on the number of decks.
//!
//! Blank lines and comments (`#` not followed by a digit: `#60` is a card name) are skipped. The format and,
//! unless `--deck` says it, the deck size come from the first line that can be read as cards. Every other
//! line is parsed, checked to be a permutation and added to the battery; a defective line is counted and the
//! first [`LISTED_INVALID`] are kept with their line numbers. With `strict` the audit stops at the first; a
//! stop request (a signal, a time limit) stops it at the next line, the line in hand not counted (it may be
//! cut short).

use std::cell::Cell;
use std::io::BufRead;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::deck_parser::{DeckDefect, DeckFormat, DeckParser, count_cards};
use super::source::{Line, LineReader, MAX_LINE_BYTES};
use crate::audit::stop::{NEVER, StopFlag};
use crate::audit::tally::Tally;
use crate::cards::{Card, MAX_DECK, MIN_DECK};
use crate::game::deal::DealConfig;
use crate::stats::{Cards, TestSelection};

/// Invalid decks listed in reports (all of them are counted).
pub(crate) const LISTED_INVALID: usize = 10;
/// The deck of an audit stopped before its first deck when `--deck` does not say: a run's default.
pub(crate) const DECK_BEFORE_ANY: usize = 52;

crate::names::named_enum! {
    /// `--format`: detect from the first deck, or force ids or names.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum FormatChoice("format") {
        #[default]
        Auto => "auto",
        Ids => "ids",
        Names => "names",
    }
}

/// How to read a stream of decks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StreamOptions {
    /// Deck size (a shoe's every card); inferred from the first deck when `None`.
    pub deck: Option<usize>,
    /// Copies of each face in a deck (`--copies`, with `deck` given): decks written by name repeat each face
    /// this many times; decks written as ids hold the shoe's own ids `0..deck`, or each face's id this many
    /// times (the first deck says which). 0 and 1 both mean one deck of distinct cards.
    #[serde(skip_serializing_if = "one_deck")]
    pub copies: usize,
    pub format: FormatChoice,
    /// First id for the ids format: 0 or 1.
    pub base: u32,
    /// Stop at the first invalid deck.
    pub strict: bool,
    /// Read only the first this many deck lines (valid or not), `--max-decks`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_decks: Option<u64>,
}

fn one_deck(copies: &usize) -> bool {
    *copies <= 1
}

/// A line that is not a valid deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InvalidDeck {
    pub line: u64,
    pub what: String,
}

impl std::fmt::Display for InvalidDeck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

/// A hook called with every valid deck; `false` stops reading.
pub type DeckHook<'a> = &'a mut dyn FnMut(&[Card]) -> bool;

/// What `run --samples` hands each finished sample's tally to.
pub type SampleHook<'a> = &'a mut dyn FnMut(&Tally);

/// What the valid decks of a stream are counted into, and who watches them arrive.
#[derive(Default)]
pub struct Fold<'a> {
    pub tests: TestSelection,
    /// Deal every deck (the deck size is then the deal's).
    pub deal: Option<DealConfig>,
    /// Called after every valid deck with the tally so far; returning `false` stops reading (progressive mode
    /// stops at its first FAIL).
    pub watch: Option<&'a mut dyn FnMut(&Tally) -> bool>,
    /// `run --samples`: every this many deck lines (valid or not) make a sample, whose valid decks' tally is
    /// handed over when its last line has been read (a sample cut short by the end of the input is not).
    pub samples: Option<(u64, SampleHook<'a>)>,
    /// Called with every valid deck, in input order, after it is counted (`run --save-decks`, `export bits`);
    /// returning `false` stops reading, as the watcher's does.
    pub each: Option<DeckHook<'a>>,
}

/// What a stream held.
#[derive(Clone, Debug)]
pub struct StreamAudit {
    /// The valid decks' statistics.
    pub tally: Tally,
    pub format: DeckFormat,
    pub deck: usize,
    pub deck_inferred: bool,
    /// Lines read, deck lines among them (valid or not), valid and invalid decks.
    pub lines: u64,
    pub decks: u64,
    pub valid: u64,
    pub invalid: u64,
    /// The first `LISTED_INVALID` invalid decks.
    pub first_invalid: Vec<InvalidDeck>,
    /// 1-based index (among deck lines) of the first invalid deck.
    pub first_invalid_deck: Option<u64>,
    /// True when `strict` stopped the audit at an invalid deck.
    pub stopped_strict: bool,
    /// True when the watcher stopped reading (progressive mode's FAIL).
    pub stopped_watching: bool,
    /// True when `max_decks` deck lines were read and the rest left unread, as asked.
    pub stopped_at_max: bool,
    /// True when a stop request (a signal, a time limit) ended the reading.
    pub stopped: bool,
    /// A read error that ended the stream early.
    pub read_error: Option<String>,
    pub elapsed: Duration,
}

impl StreamAudit {
    /// Whether the reading stopped on purpose before the input's end: progressive mode's FAIL, `--max-decks`.
    pub fn stopped_on_purpose(&self) -> bool {
        self.stopped_watching || self.stopped_at_max
    }
}

/// A stream with no deck to audit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreamError {
    #[error("no decks: the input is empty{}", if *.lines > 0 { format!(" ({} blank or comment lines)", .lines) } else { String::new() })]
    Empty { lines: u64 },
    #[error("no line could be read as a deck ({invalid} invalid; {}{})", list_invalid(.first), if *.invalid as usize > .first.len() { "; …" } else { "" })]
    NoDeck { invalid: u64, first: Vec<InvalidDeck> },
    #[error("cannot read the input: {0}")]
    Read(String),
}

/// `line 1: …; line 2: …`.
fn list_invalid(decks: &[InvalidDeck]) -> String {
    decks.iter().map(InvalidDeck::to_string).collect::<Vec<_>>().join("; ")
}

/// Invalid lines named when no line is a deck.
const NAMED_WITH_NO_DECK: usize = 3;

struct LineCounts {
    lines: u64,
    decks: u64,
    invalid: u64,
    first_invalid: Vec<InvalidDeck>,
    first_invalid_deck: Option<u64>,
}

impl LineCounts {
    fn invalid(&mut self, line: u64, what: String) {
        self.invalid += 1;
        self.first_invalid_deck.get_or_insert(self.decks);
        if self.first_invalid.len() < LISTED_INVALID {
            self.first_invalid.push(InvalidDeck { line, what });
        }
    }
}

/// The deck lines of `reader` (lines that are neither blank nor a comment), for `run --samples`, which splits a
/// file's decks before reading them.
pub fn count_deck_lines<R: BufRead>(reader: R) -> Result<u64, StreamError> {
    let mut lines = LineReader::new(reader);
    let mut decks = 0;
    while let Some((no, line)) = lines.next_line().map_err(|e| StreamError::Read(e.to_string()))? {
        let counted = match line {
            Line::TooLong { .. } => true,
            Line::Text(t) if no == 1 => !skip(t.strip_prefix(b"\xef\xbb\xbf".as_slice()).unwrap_or(t)),
            Line::Text(t) => !skip(t),
        };
        decks += u64::from(counted);
    }
    Ok(decks)
}

/// True for a blank line or a comment (`#` not followed by a digit).
fn skip(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    t.is_empty() || (t[0] == b'#' && !t.get(1).is_some_and(u8::is_ascii_digit))
}

/// Reads every deck of `reader` into a tally.
pub fn audit<R: BufRead>(reader: R, options: &StreamOptions, fold: Fold) -> Result<StreamAudit, StreamError> {
    audit_until(reader, options, fold, &NEVER, &Cell::new(0))
}

/// [`audit`], stopping at the next line once `stop` is set and keeping `decks_read` at the number of deck lines
/// read (for the waiting lines). Stopped before any deck, the audit is one of no decks (of `--deck`'s size, or
/// the default 52), not an error: its reports say how it stopped.
pub(crate) fn audit_until<R: BufRead>(
    reader: R,
    options: &StreamOptions,
    fold: Fold,
    stop: &StopFlag,
    decks_read: &Cell<u64>,
) -> Result<StreamAudit, StreamError> {
    let Fold { tests, deal, mut watch, mut samples, mut each } = fold;
    // The sample being read, beside the whole stream's tally.
    let mut sample: Option<Tally> = None;
    let sampling = samples.is_some();
    let start = Instant::now();
    let mut lines = LineReader::new(reader);
    let mut counts = LineCounts { lines: 0, decks: 0, invalid: 0, first_invalid: Vec::new(), first_invalid_deck: None };
    let mut state: Option<(DeckParser, Tally, bool)> = None;
    let mut stopped_strict = false;
    let mut stopped_watching = false;
    let mut stopped_at_max = false;
    let mut stopped = false;
    let mut read_error = None;
    // Hands the sample over once its last deck line has been read, whatever that line held.
    let mut handed = 0;
    let mut close_sample = |decks: u64, sample: &mut Option<Tally>| {
        if let Some((size, hand_over)) = samples.as_mut()
            && decks > handed
            && decks.is_multiple_of(*size)
        {
            handed = decks;
            if let Some(t) = sample.as_mut() {
                t.settle();
                hand_over(t);
            }
            *sample = None;
        }
    };
    loop {
        close_sample(counts.decks, &mut sample);
        decks_read.set(counts.decks);
        if options.max_decks.is_some_and(|max| counts.decks >= max) {
            stopped_at_max = true;
            break;
        }
        let (no, line) = match lines.next_line() {
            Ok(Some(l)) => l,
            Ok(None) => {
                stopped = stop.is_set();
                break;
            }
            Err(e) => {
                read_error = Some(e.to_string());
                break;
            }
        };
        if stop.is_set() {
            stopped = true;
            break;
        }
        counts.lines = no;
        let text = match line {
            Line::TooLong { bytes } => {
                counts.decks += 1;
                counts.invalid(no, DeckDefect::TooLong { bytes, limit: MAX_LINE_BYTES }.to_string());
                if options.strict {
                    stopped_strict = true;
                    break;
                }
                continue;
            }
            // A UTF-8 byte-order mark on the first line is not part of the first card.
            Line::Text(t) if no == 1 => t.strip_prefix(b"\xef\xbb\xbf".as_slice()).unwrap_or(t),
            Line::Text(t) => t,
        };
        if skip(text) {
            continue;
        }
        counts.decks += 1;
        if state.is_none() {
            match start_parser(text, no, options, tests, deal.as_ref()) {
                Ok(s) => state = Some(s),
                Err(what) => {
                    counts.invalid(no, what);
                    if options.strict {
                        stopped_strict = true;
                        break;
                    }
                    continue;
                }
            }
        }
        let (parser, tally, _) = state.as_mut().expect("set above");
        let cards = parser_cards(parser);
        let parsed = parser.parse(text);
        if let (true, Ok(deck)) = (sampling, &parsed) {
            sample.get_or_insert_with(|| Tally::for_cards(cards, tests, deal.as_ref())).add(deck);
        }
        match parsed {
            Ok(deck) => {
                tally.add(deck);
                if let Some(e) = each.as_mut()
                    && !e(deck)
                {
                    stopped_watching = true;
                    break;
                }
                if let Some(w) = watch.as_mut()
                    && !w(tally)
                {
                    stopped_watching = true;
                    break;
                }
            }
            Err(defect) => {
                counts.invalid(no, defect.to_string());
                if options.strict {
                    stopped_strict = true;
                    break;
                }
            }
        }
    }
    if !stopped && !stopped_strict && !stopped_watching && read_error.is_none() {
        close_sample(counts.decks, &mut sample);
    }
    if state.is_none() && stopped && counts.decks == 0 {
        let n = options.deck.unwrap_or(DECK_BEFORE_ANY);
        let format = match options.format {
            FormatChoice::Names => DeckFormat::Names,
            FormatChoice::Auto | FormatChoice::Ids => DeckFormat::Ids { base: options.base },
        };
        let copies = options.copies.max(1);
        let parser = DeckParser::new(n, format).with_copies(copies);
        let tally = Tally::for_cards(parser_cards(&parser), tests, deal.as_ref());
        state = Some((parser, tally, false));
    }
    let Some((parser, tally, deck_inferred)) = state else {
        return Err(match (counts.first_invalid.first(), read_error) {
            (Some(_), _) => StreamError::NoDeck {
                invalid: counts.invalid,
                first: counts.first_invalid.iter().take(NAMED_WITH_NO_DECK).cloned().collect(),
            },
            (None, Some(e)) => StreamError::Read(e),
            (None, None) => StreamError::Empty { lines: counts.lines },
        });
    };
    Ok(StreamAudit {
        valid: tally.shuffles(),
        tally,
        format: parser.format(),
        deck: parser.n(),
        deck_inferred,
        lines: counts.lines,
        decks: counts.decks,
        invalid: counts.invalid,
        first_invalid: counts.first_invalid,
        first_invalid_deck: counts.first_invalid_deck,
        stopped_strict,
        stopped_watching,
        stopped_at_max,
        stopped,
        read_error,
        elapsed: start.elapsed(),
    })
}

/// The parser for a stream, from its first deck line (line `line`): the format, and the deck size unless given.
fn start_parser(
    first: &[u8],
    line: u64,
    options: &StreamOptions,
    tests: TestSelection,
    deal: Option<&DealConfig>,
) -> Result<(DeckParser, Tally, bool), String> {
    let format = match options.format {
        FormatChoice::Auto => DeckFormat::detect(first, options.base),
        FormatChoice::Ids => DeckFormat::Ids { base: options.base },
        FormatChoice::Names => DeckFormat::Names,
    };
    let (n, inferred) = match options.deck {
        Some(n) => (n, false),
        None => match count_cards(first, format) {
            Some(k) if (MIN_DECK..=MAX_DECK).contains(&k) => (k, true),
            Some(k) => {
                return Err(format!(
                    "cannot infer the deck size from this first deck: {k} cards (2..=1024 supported; pass --deck N)"
                ));
            }
            None => {
                let byte = std::str::from_utf8(first).err().map_or(0, |e| e.valid_up_to() + 1);
                return Err(DeckDefect::InvalidUtf8 { byte }.to_string());
            }
        },
    };
    let copies = options.copies.max(1);
    // A shoe written as ids holds either its own ids or each face's id once per copy: the first deck says which.
    let format = match format {
        DeckFormat::Ids { base } if n.is_multiple_of(copies) => {
            DeckFormat::ids_of_shoe(first, base, n / copies, copies)
        }
        other => other,
    };
    let parser = DeckParser::new(n, format).with_copies(copies);
    let parser = if inferred { parser.inferred_at(line) } else { parser };
    let tally = Tally::for_cards(parser_cards(&parser), tests, deal);
    Ok((parser, tally, inferred))
}

/// What the parser's decks hold: a shoe written by name or by face ids does not tell its copies apart.
fn parser_cards(parser: &DeckParser) -> Cards {
    let copies = parser.copies();
    Cards { n: parser.n(), copies, ids_known: copies == 1 || parser.format().ids_known() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8], options: StreamOptions) -> Result<StreamAudit, StreamError> {
        audit(input, &options, Fold::default())
    }

    #[test]
    fn comments_blanks_and_inference() {
        let a = run(b"# header\n\n2 0 1\n  \n1,2,0\n#more\n", StreamOptions::default()).unwrap();
        assert_eq!((a.deck, a.deck_inferred, a.valid, a.invalid, a.lines, a.decks), (3, true, 2, 0, 6, 2));
        // `#` before a digit is a card name (`#60` in decks above 54 cards), not a comment.
        let b = run(b"2 0 1\n#3 0 1\n", StreamOptions::default()).unwrap();
        assert_eq!((b.valid, b.invalid), (1, 1));
        assert_eq!(a.format, DeckFormat::Ids { base: 0 });
        assert_eq!(a.tally.battery.position_card.get(0, 2), 1);
    }

    #[test]
    fn invalid_decks_are_counted_listed_and_stop_a_strict_audit() {
        let input = b"0 1 2\n0 0 2\n0 1\n3 1 0\n2 1 0\n";
        let a = run(input, StreamOptions::default()).unwrap();
        assert_eq!((a.valid, a.invalid, a.first_invalid_deck), (2, 3, Some(2)));
        let lines: Vec<u64> = a.first_invalid.iter().map(|d| d.line).collect();
        assert_eq!(lines, [2, 3, 4]);
        assert_eq!(
            a.first_invalid[0].to_string(),
            "line 2: not a permutation: id 0 (♠A) appears 2 times; missing id 1 (♠2)"
        );
        let s = run(input, StreamOptions { strict: true, ..Default::default() }).unwrap();
        assert_eq!((s.valid, s.invalid, s.stopped_strict, s.lines), (1, 1, true, 2));
    }

    #[test]
    fn only_the_first_ten_are_listed() {
        let mut input = b"1 0\n".to_vec();
        for _ in 0..25 {
            input.extend_from_slice(b"1 1\n");
        }
        let a = run(&input, StreamOptions::default()).unwrap();
        assert_eq!((a.invalid, a.first_invalid.len(), a.first_invalid[9].line), (25, LISTED_INVALID, 11));
    }

    #[test]
    fn empty_and_unreadable_inputs_are_errors() {
        assert_eq!(run(b"", StreamOptions::default()).unwrap_err(), StreamError::Empty { lines: 0 });
        assert_eq!(run(b"\n# x\n", StreamOptions::default()).unwrap_err(), StreamError::Empty { lines: 2 });
        let e = run(b"5\n", StreamOptions::default()).unwrap_err();
        assert!(e.to_string().contains("cannot infer the deck size"), "{e}");
        // Every line invalid: the first three are named with their line numbers.
        let e = run(b"5\n\n7\n9\n11\n", StreamOptions::default()).unwrap_err().to_string();
        assert!(e.starts_with("no line could be read as a deck (4 invalid; line 1: cannot infer"), "{e}");
        assert!(
            e.contains("; line 3: ") && e.contains("; line 4: ") && !e.contains("line 5:") && e.ends_with("; …)"),
            "{e}"
        );
    }

    #[test]
    fn max_decks_reads_only_the_first_deck_lines() {
        let input = b"0 1 2\n# note\n0 0 2\n2 1 0\n1 0 2\n";
        let a = run(input, StreamOptions { max_decks: Some(3), ..Default::default() }).unwrap();
        assert_eq!((a.decks, a.valid, a.invalid, a.lines, a.stopped_at_max), (3, 2, 1, 4, true));
        assert!(a.stopped_on_purpose() && !a.stopped);
        let all = run(input, StreamOptions { max_decks: Some(4), ..Default::default() }).unwrap();
        assert_eq!((all.decks, all.valid), (4, 3));
        assert!(all.stopped_at_max, "the last deck read was the fourth: nothing more is read");
    }

    #[test]
    fn a_long_line_is_skipped_in_constant_memory() {
        let mut input = vec![b'7'; 1_000_000];
        input.extend_from_slice(b"\n0 1\n");
        let a = run(&input, StreamOptions::default()).unwrap();
        assert_eq!((a.valid, a.invalid, a.deck), (1, 1, 2));
        assert_eq!(a.first_invalid[0].what, "line is longer than 65536 bytes (1000000 bytes); not read");
    }

    #[test]
    fn names_with_a_byte_order_mark_and_forced_formats() {
        let a = run("\u{feff}♠2 ♠A\nSA S2\n".as_bytes(), StreamOptions::default()).unwrap();
        assert_eq!((a.format, a.valid), (DeckFormat::Names, 2));
        let b = run(b"2 1\n1 2\n", StreamOptions { base: 1, deck: Some(2), ..Default::default() }).unwrap();
        assert_eq!((b.valid, b.deck_inferred), (2, false));
        let c = run(b"2 1\n", StreamOptions { format: FormatChoice::Names, ..Default::default() }).unwrap();
        assert_eq!((c.valid, c.invalid), (0, 1));
        assert_eq!(c.first_invalid[0].what, "card 1: unknown card name '2'");
    }
}
