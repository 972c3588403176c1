//! Audits from game logs: what players saw of each deal (a seat's hand, the bottom, hole cards, the board, the
//! first cards of a shoe), read from hand histories or the tool's views file, checked whole, and tested with
//! statistics that are valid on what was seen.

pub mod audit;
pub mod catalogue;
pub mod files;
pub mod model;
pub mod plan;
pub mod read;

pub use audit::{LogAudit, LogReport, LogSettings, LogTest, MAX_INVALID_SHARE};
pub use files::{LogFileError, formats, read_into};
pub use model::{InvalidDeal, LogDeal, LogError, ReadDeal, Seen, View, ViewName};
pub use read::{LogFormat, ReadOptions, detect, reader};
