//! What a log holds of one deal: the views of it that somebody saw (a seat's hand, the bottom, a player's hole
//! cards, the board, the first cards of a shoe), each with the line it was read from and whether it is always
//! seen or seen only because of play.

use crate::cards::Card;

/// Why a view was seen. A view dealt to its holder is seen whatever happens (a 斗地主 seat's 17 cards, a poker
/// player's own hole cards); a view seen only because of play is selected by it (a showdown shows the hands that
/// went to the end, a board is dealt only when the hand goes on), so its cards are not a sample of the deal's
/// and are not pooled with the others unless the log holds every dealt card (`--complete`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seen {
    Always,
    OnPlay,
}

/// A view's name, as a views file writes it: `seat1`…`seatN`, `bottom`, `hole`, `board`, `prefix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ViewName {
    /// Seat `k` (1-based): the hand dealt to it.
    Seat(u16),
    /// The cards left for the bottom (斗地主's three, the 底牌).
    Bottom,
    /// A poker player's hole cards (the log's hero).
    Hole,
    /// The community cards (hold'em's flop, turn and river, in order).
    Board,
    /// The deck's first cards in dealing order (a shoe up to the cut card).
    Prefix,
}

impl ViewName {
    /// The name as a views file and the reports write it.
    pub fn label(self) -> String {
        match self {
            ViewName::Seat(k) => format!("seat{k}"),
            ViewName::Bottom => "bottom".into(),
            ViewName::Hole => "hole".into(),
            ViewName::Board => "board".into(),
            ViewName::Prefix => "prefix".into(),
        }
    }

    /// The view a label names (`seat3`, `bottom`, …), or `None`.
    pub fn parse(label: &str) -> Option<ViewName> {
        match label {
            "bottom" => Some(ViewName::Bottom),
            "hole" => Some(ViewName::Hole),
            "board" => Some(ViewName::Board),
            "prefix" => Some(ViewName::Prefix),
            _ => {
                let k: u16 = label.strip_prefix("seat")?.parse().ok()?;
                (k >= 1 && !label[4..].starts_with('0')).then_some(ViewName::Seat(k))
            }
        }
    }
}

/// One view of a deal: its cards in the order the log lists them, where it was read and why it was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub name: ViewName,
    pub cards: Vec<Card>,
    pub seen: Seen,
    /// The 1-based line it was read from.
    pub line: u64,
}

/// One deal of a log: its id as the log writes it (a hand number, or the views file's deal column), where it
/// starts, and its views.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogDeal {
    pub id: String,
    /// The 1-based line where the deal starts in its file.
    pub line: u64,
    pub views: Vec<View>,
}

/// A deal a reader could not take whole: its id when known, where it starts and what is wrong. It is counted
/// and reported as an invalid deal, never dropped silently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidDeal {
    pub id: Option<String>,
    pub line: u64,
    pub why: String,
}

/// What a reader gives, deal by deal.
pub type ReadDeal = Result<LogDeal, InvalidDeal>;

/// An error that ends the reading of a file: it cannot be read, it is not of the format asked for, or it
/// cannot be read without an option (the hero of a file holding several players' hands). Says where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{what}", line.map_or(String::new(), |l| format!("line {l}: ")))]
pub struct LogError {
    pub line: Option<u64>,
    pub what: String,
}

impl LogError {
    pub fn at(line: u64, what: impl Into<String>) -> Self {
        LogError { line: Some(line), what: what.into() }
    }

    pub fn file(what: impl Into<String>) -> Self {
        LogError { line: None, what: what.into() }
    }
}
