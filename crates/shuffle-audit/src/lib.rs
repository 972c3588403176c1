//! shuffle-audit: tells whether a card shuffle is fair, how unfair it is, and why.
//!
//! The layers, each using only the ones below it:
//! - [`api`]: [`Audit`], for a project's own tests: a shuffle function or a list of decks in, a [`Report`] with
//!   its assertions out;
//! - [`audit`]: what a run is, the parallel runner and the stream audit of external decks, verdicts, and the
//!   audit modes (progressive, calibration, sweep, the `compare` catalogue, the gate);
//! - [`game`]: dealing shuffled decks as the card games deal them, and the table statistics of each game;
//! - [`stats`]: the statistics, as mergeable accumulators with exact or correctly scaled nulls;
//! - [`shuffle`] and [`rng`]: the shuffles and the generators they were written against, bit for bit;
//! - [`cards`]: card ids and names.
//!
//! [`report`] renders a finished audit (CSV, JSON, Markdown, JUnit, HTML, SVG) without doing any I/O but
//! through its one writer. The command line is a thin layer in the binary.
//!
//! The crate root re-exports what a caller needs to describe, run and judge an audit; the modules stay public
//! for the benchmarks, the integration tests and readers of the code.
//!
//! ```
//! use shuffle_audit::{AlgorithmKind, RunRequest, Verdict, execute, Progress};
//!
//! // Naive swap over 8 cards, 20000 shuffles: its bias is gross (the n^n paths cannot cover 8! orders evenly).
//! let request = RunRequest {
//!     algorithm: Some(AlgorithmKind::NaiveSwap),
//!     deck: Some(8),
//!     shuffles: Some(20_000),
//!     seed: Some(1),
//!     ..Default::default()
//! };
//! let settings = request.validate(|_| 0).unwrap();
//! let config = settings.builtin().unwrap().clone();
//! let report = execute(config, settings.thresholds, Progress::Hidden).unwrap();
//! assert_eq!(report.verdict, Verdict::Fail);
//! ```

#![warn(unreachable_pub)]

pub mod api;
pub mod audit;
pub mod crack;
pub mod exact;
pub mod modes;
pub mod report;
pub mod teach;

// The pure core (the `shuffle-audit-core` crate), under the paths it has always had here.
use shuffle_audit_core::names;
pub use shuffle_audit_core::{cards, error, game, rng, shuffle, stats};
pub use shuffle_audit_core::{with_rng_type, with_shuffle};

pub use api::{Audit, AuditError, DeckAuditor, Report, TestSummary};
pub use audit::runner::{Progress, RunConfig};
pub use audit::settings::{Plan, RunRequest, RunSettings};
pub use audit::source::{Builtin, DeckSource, ExternalSource, PostProcess};
pub use audit::verdict::{Thresholds, Verdict};
pub use audit::{RunReport, execute};
pub use cards::{Card, Lang};
pub use error::{ConfigError, Field};
pub use rng::{AuditRng, RngKind};
pub use shuffle::{Algorithm, AlgorithmKind};
pub use stats::{TestId, TestSelection};
