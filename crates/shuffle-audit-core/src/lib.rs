//! The pure core of shuffle-audit: cards, the generators and shuffles bit for bit, the statistics with their exact
//! or correctly scaled nulls, and the card games' deals and table statistics. No I/O, no threads of its own, no
//! command line: what it computes depends only on its arguments.
//!
//! The layers, each using only the ones below it:
//! - [`game`]: dealing shuffled decks as the card games deal them, and the table statistics of each game;
//! - [`stats`]: the statistics, as mergeable accumulators with exact or correctly scaled nulls; [`crack`]: a
//!   generator's state recovered from shown deals by linear algebra (V8's `Math.random`);
//! - [`shuffle`] and [`rng`]: the shuffles and the generators they were written against, bit for bit;
//! - [`cards`], [`error`] and [`names`]: card ids and names, the errors that name a setting, the fixed names of
//!   enums; [`isa`]: which instruction set the hot kernels use (the process's one setting, which changes their
//!   speed and never their results).
//!
//! The audit library (`shuffle-audit`: runs, verdicts, reports, the `Audit` API) is built on this crate and
//! re-exports its modules; a program uses that crate, and this one only for the primitives alone.

pub mod bits;
pub mod cards;
pub mod crack;
pub mod error;
pub mod game;
pub mod isa;
pub mod names;
pub mod rng;
pub mod shuffle;
pub mod stats;
