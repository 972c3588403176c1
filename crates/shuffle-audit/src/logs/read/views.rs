//! The views file: what was seen of each deal, one view a line, three columns separated by tabs:
//!
//! ```text
//! # deal  view    cards
//! 1       seat1   ♠3 ♥3 ♣3 ♦3 ♠4 …
//! 1       bottom  小王 ♠2 ♦K
//! 2       seat1   …
//! ```
//!
//! `deal` is the deal's id (any text without a tab); the lines of a deal are consecutive. `view` is `seat1` …
//! `seatN`, `bottom`, `hole`, `board` or `prefix`; `cards` are separated by spaces (or commas), as card names in
//! any spelling `--decks` reads, or as 0-based ids when the file's first card is a number. `#` starts a comment
//! line; a first line `deal<TAB>view<TAB>cards` is a header. Every view is always seen, except `board`: a player's
//! log has the boards of the hands that went on only, so a board is seen on play.
//!
//! A line that cannot be read (not three columns, an unknown view or card) invalidates its deal, named by the
//! line; so does a view given twice in one deal.

use std::io::BufRead;

use crate::cards::{Card, parse_card};
use crate::logs::model::{InvalidDeal, LogDeal, LogError, ReadDeal, Seen, View, ViewName};
use crate::logs::read::invalid;

/// How the file writes its cards, from its first card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    Names,
    Ids,
}

/// Reads the views of `input`, a deck of `deck` cards, deal by deal.
pub fn read<'a>(input: impl BufRead + 'a, deck: usize) -> impl Iterator<Item = Result<ReadDeal, LogError>> + 'a {
    ViewsReader { lines: input.split(b'\n'), line: 0, deck, notation: None, pending: None, done: false }
}

struct ViewsReader<L> {
    lines: L,
    line: u64,
    deck: usize,
    notation: Option<Notation>,
    /// The deal being gathered: its id, first line, views, and the first defect met in it.
    pending: Option<(String, u64, Vec<View>, Option<String>)>,
    done: bool,
}

/// One line read: a deal's id and its view, or a defect of that deal.
enum Line {
    View(String, Result<View, String>),
    Skip,
}

impl<L: Iterator<Item = std::io::Result<Vec<u8>>>> ViewsReader<L> {
    fn parse_line(&mut self, bytes: &[u8]) -> Result<Line, LogError> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| LogError::at(self.line, "it is not UTF-8 text: a views file is text"))?;
        let text = text.trim_end_matches('\r');
        let text = if self.line == 1 { text.trim_start_matches('\u{feff}') } else { text };
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            return Ok(Line::Skip);
        }
        let columns: Vec<&str> = text.split('\t').collect();
        if columns.len() != 3 {
            return Err(LogError::at(
                self.line,
                format!("{} columns where a views file has 3 separated by tabs (deal, view, cards)", columns.len()),
            ));
        }
        let (deal, view, cards) = (columns[0].trim(), columns[1].trim(), columns[2].trim());
        if [deal, view, cards] == ["deal", "view", "cards"] {
            return Ok(Line::Skip);
        }
        if deal.is_empty() {
            return Err(LogError::at(self.line, "its deal column is empty"));
        }
        let Some(name) = ViewName::parse(view) else {
            let why = format!("unknown view '{view}' (seat1…seatN, bottom, hole, board or prefix)");
            return Ok(Line::View(deal.to_string(), Err(why)));
        };
        let parsed = self.cards(cards).map(|cards| View {
            name,
            cards,
            seen: if name == ViewName::Board { Seen::OnPlay } else { Seen::Always },
            line: self.line,
        });
        Ok(Line::View(deal.to_string(), parsed))
    }

    fn cards(&mut self, text: &str) -> Result<Vec<Card>, String> {
        let tokens: Vec<&str> = text.split([' ', ',']).filter(|t| !t.is_empty()).collect();
        if tokens.is_empty() {
            return Err("the view has no card".into());
        }
        let notation = *self.notation.get_or_insert(if tokens[0].bytes().all(|b| b.is_ascii_digit()) {
            Notation::Ids
        } else {
            Notation::Names
        });
        tokens
            .iter()
            .map(|t| match notation {
                Notation::Ids => match t.parse::<usize>() {
                    Ok(id) if id < self.deck => Ok(id as Card),
                    Ok(id) => Err(format!("card id {id} is not in a {}-card deck (ids 0..{})", self.deck, self.deck)),
                    Err(_) => Err(format!("'{t}' is not a card id (the file's first card is an id)")),
                },
                Notation::Names => parse_card(t, self.deck).map_err(|e| e.to_string()),
            })
            .collect()
    }

    /// The deal gathered so far, ended.
    fn close(&mut self) -> Option<ReadDeal> {
        let (id, line, views, defect) = self.pending.take()?;
        Some(match defect {
            Some(why) => Err(InvalidDeal { id: Some(id), line, why }),
            None => Ok(LogDeal { id, line, views }),
        })
    }
}

impl<L: Iterator<Item = std::io::Result<Vec<u8>>>> Iterator for ViewsReader<L> {
    type Item = Result<ReadDeal, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let Some(bytes) = self.lines.next() else {
                self.done = true;
                return self.close().map(Ok);
            };
            self.line += 1;
            let bytes = match bytes {
                Ok(b) => b,
                Err(e) => {
                    self.done = true;
                    return Some(Err(LogError::at(self.line, format!("it cannot be read ({e})"))));
                }
            };
            let (deal, view) = match self.parse_line(&bytes) {
                Ok(Line::Skip) => continue,
                Ok(Line::View(deal, view)) => (deal, view),
                Err(e) if e.what.contains("columns") || e.what.contains("deal column") => {
                    // A line that is not a view at all: its deal is not known, so it stands alone.
                    let ended = self.close();
                    let bad = Err(invalid(None, self.line, e.what));
                    return Some(Ok(match ended {
                        Some(d) => {
                            self.pending = None;
                            self.queue(bad);
                            d
                        }
                        None => bad,
                    }));
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            let same = self.pending.as_ref().is_some_and(|(id, ..)| *id == deal);
            let ended = if same { None } else { self.close() };
            let line = self.line;
            let (_, _, views, defect) = self.pending.get_or_insert_with(|| (deal.clone(), line, Vec::new(), None));
            match view {
                Ok(v) if views.iter().any(|w| w.name == v.name) => {
                    defect.get_or_insert(format!("line {line}: view {} is given twice", v.name.label()));
                }
                Ok(v) => views.push(v),
                Err(why) => {
                    defect.get_or_insert(format!("line {line}: {why}"));
                }
            }
            if let Some(d) = ended {
                return Some(Ok(d));
            }
        }
    }
}

impl<L> ViewsReader<L> {
    /// A line that is no view stands as an invalid deal of its own after the deal it ended; it is kept as the
    /// pending deal's defect-only stand-in so that the next call gives it.
    fn queue(&mut self, bad: ReadDeal) {
        if let Err(d) = bad {
            self.pending = Some((format!("line {}", d.line), d.line, Vec::new(), Some(d.why)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deals(text: &str, deck: usize) -> Vec<Result<ReadDeal, LogError>> {
        read(text.as_bytes(), deck).collect()
    }

    #[test]
    fn views_are_gathered_by_deal_with_their_lines() {
        let text = "# a comment\ndeal\tview\tcards\n1\tseat1\t♠A ♥2 SK\n1\tbottom\t小王 大王 ♦3\n2\tseat1\t10h,AS,2c\n";
        let got = deals(text, 54);
        assert_eq!(got.len(), 2, "{got:?}");
        let first = got[0].clone().unwrap().unwrap();
        assert_eq!((first.id.as_str(), first.line), ("1", 3));
        assert_eq!(
            first.views[0],
            View { name: ViewName::Seat(1), cards: vec![0, 14, 12], seen: Seen::Always, line: 3 }
        );
        assert_eq!(first.views[1].cards, vec![52, 53, 41]);
        let second = got[1].clone().unwrap().unwrap();
        assert_eq!((second.id.as_str(), second.views[0].cards.clone()), ("2", vec![22, 0, 27]));
    }

    #[test]
    fn ids_when_the_first_card_is_a_number_and_boards_are_seen_on_play() {
        let got = deals("7\tboard\t0 1 51\n", 52);
        let d = got[0].clone().unwrap().unwrap();
        assert_eq!((d.views[0].cards.clone(), d.views[0].seen), (vec![0, 1, 51], Seen::OnPlay));
        let bad = deals("7\thole\t0 52\n", 52);
        let e = bad[0].clone().unwrap().unwrap_err();
        assert!(e.why.contains("line 1: card id 52 is not in a 52-card deck"), "{e:?}");
    }

    #[test]
    fn a_bad_line_invalidates_its_deal_naming_the_line_and_nothing_is_dropped() {
        let text = "1\tseat1\t♠A\n1\tseat9x\t♠2\n2\tseat1\t♠Z\n3\tseat1\t♠3\n3\tseat1\t♠4\nbroken line\n4\tseat1\t♠5\n";
        let got: Vec<ReadDeal> = deals(text, 52).into_iter().map(Result::unwrap).collect();
        let whys: Vec<String> = got.iter().map(|d| d.clone().err().map_or("ok".into(), |e| e.why)).collect();
        assert_eq!(got.len(), 5, "{whys:?}");
        assert!(whys[0].contains("line 2: unknown view 'seat9x'"), "{whys:?}");
        assert!(whys[1].contains("line 3: unknown card name"), "{whys:?}");
        assert!(whys[2].contains("line 5: view seat1 is given twice"), "{whys:?}");
        assert!(whys[3].contains("1 columns where a views file has 3"), "{whys:?}");
        assert_eq!(whys[4], "ok");
        assert_eq!(got[3].clone().unwrap_err().line, 6);
    }

    #[test]
    fn text_that_is_not_utf8_ends_the_file_with_its_line() {
        let got: Vec<_> = read(&b"1\tseat1\t\xff\n"[..], 52).collect();
        assert_eq!(
            got.last().unwrap().clone().unwrap_err(),
            LogError::at(1, "it is not UTF-8 text: a views file is text")
        );
    }
}
