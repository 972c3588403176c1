//! The log readers: each turns one file into deals ([`crate::logs::model::LogDeal`]) as it reads, one deal at a
//! time (constant memory), a deal it cannot take whole being an [`InvalidDeal`] with its line and reason, and a
//! file it cannot read at all an error that ends it.
//!
//! - [`views`]: the tool's own plain format, a TSV of `deal`, `view`, `cards`, for any game;
//! - [`pokerstars`]: PokerStars hand-history text (hold'em);
//! - [`ohh`]: Open Hand History JSON (spec 1.4.x);
//! - [`phh`]: PokerKit's `.phh` hand histories.

use std::io::BufRead;

use crate::logs::model::{InvalidDeal, LogError, ReadDeal};

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
        && ["variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "players", "min_bet"]
            .contains(&key)
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
        LogFormat::Auto => Err(LogError::file("the format is detected before a reader is made")),
        other => Err(LogError::file(format!("{other} logs are not read by this build"))),
    }
}

/// An invalid deal at `line`.
pub(crate) fn invalid(id: Option<&str>, line: u64, why: impl Into<String>) -> InvalidDeal {
    InvalidDeal { id: id.map(str::to_string), line, why: why.into() }
}
