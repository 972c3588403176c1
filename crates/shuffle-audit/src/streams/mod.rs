//! Audits of card streams: a continuous shuffling machine's events (`run --stream FILE`, or a machine simulated
//! by `run -a csm`) and cards drawn with replacement (`run --draws FILE`), read one line at a time in constant
//! memory, tested by the core's stream tests ([`crate::stats::stream`]) as one family under Holm's procedure; and
//! live-dealer scoreboards (`run --outcomes FILE --game baccarat|blackjack`: coups' winners, dealer results),
//! tested by [`crate::game::scoreboard`].

pub mod audit;
pub mod findings;
pub mod read;

pub use audit::{StreamAudit, StreamKind, StreamReport, StreamRow};
pub use findings::{MachineFinding, machine_findings};
pub use read::{CardReader, StreamFileError, read_dealer_results, read_draws, read_outcomes, read_stream, simulate};
