//! shuffle-audit: tells whether a card shuffle is fair, how unfair it is, and why.
//!
//! The layers, each using only the ones below it:
//! - [`audit`]: what a run is, the parallel runner and the stream audit of external decks, verdicts, and the
//!   audit modes (progressive, calibration, sweep, the `compare` catalogue, the gate);
//! - [`game`]: dealing shuffled decks as the card games deal them, and the table statistics of each game;
//! - [`stats`]: the statistics, as mergeable accumulators with exact or correctly scaled nulls;
//! - [`shuffle`] and [`rng`]: the shuffles and the generators they were written against, bit for bit;
//! - [`cards`]: card ids and names.
//!
//! [`report`] renders a finished audit (CSV, JSON, Markdown, JUnit, HTML, SVG) without doing any I/O but
//! through its one writer. The command line is a thin layer in the binary.

pub mod audit;
pub mod cards;
pub mod error;
pub mod game;
mod names;
pub mod report;
pub mod rng;
pub mod shuffle;
pub mod stats;
