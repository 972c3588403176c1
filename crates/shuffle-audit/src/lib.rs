//! shuffle-audit: tells whether a card shuffle is fair, how unfair it is, and why.
//!
//! The library's products, each one public module whose items are chosen (the files inside are private to the
//! crate), each using only the ones listed after it:
//! - [`api`]: [`Audit`], for a project's own tests: a shuffle function or a list of decks in, a [`Report`] with
//!   its assertions out, checkpointed and resumed if it runs long;
//! - [`teach`], [`crack`] and [`exact`]: the teaching page (its numbers, its page and script), predictability
//!   (seed spaces, the seed search from one seat's view, its trials and its report), and exact analysis (a
//!   game's odds, a shuffle's exact law and its files, the riffle table; a run's exact model, which lives in
//!   [`audit`] below the reports that show it);
//! - [`lab`]: the lab's evidence pack (`run --lab`): a finished run laid out as a testing lab reads it, with the
//!   rules' levels, the family verdict, predictability and SHA-256 fingerprints, and its PDF printed by a browser;
//! - [`report`]: a finished audit rendered (CSV, JSON, Markdown, JUnit, HTML, SVG) without any I/O but through its
//!   one writer;
//! - [`modes`]: the audit modes (progressive, calibration, sweep, the `compare` catalogue, the gate);
//! - [`audit`]: the run model and its engine: requests validated into configurations, the parallel runner,
//!   resumable runs and state files, the stream audit of external decks ([`audit::input`]), verdicts.
//!
//! Below them is the pure core (the `shuffle-audit-core` crate), re-exported under its own names: [`game`]
//! (dealing as the card games deal, and their table statistics), [`stats`] (mergeable accumulators with exact or
//! correctly scaled nulls), [`shuffle`] and [`rng`] (the shuffles and the generators they were written against,
//! bit for bit), [`cards`]. The command line is a thin layer in the binary.
//!
//! The crate root re-exports what a caller needs to describe, run and judge an audit.
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
pub mod export;
pub mod fair;
pub mod lab;
pub mod logs;
pub mod modes;
pub mod report;
pub mod streams;
pub mod teach;

// The pure core (the `shuffle-audit-core` crate), under the paths it has always had here.
use shuffle_audit_core::names;
pub use shuffle_audit_core::{bits, cards, error, game, isa, rng, shuffle, stats};
pub use shuffle_audit_core::{with_rng_type, with_shuffle};

pub use api::{Audit, AuditError, DeckAuditor, Report, TestSummary};
pub use audit::{
    Builtin, DeckSource, ExternalSource, Plan, PostProcess, Progress, RunConfig, RunReport, RunRequest, RunSettings,
    StopFlag, Thresholds, Verdict, execute,
};
pub use cards::{Card, Lang};
pub use error::{ConfigError, Field};
pub use rng::{AuditRng, RngKind};
pub use shuffle::{Algorithm, AlgorithmKind};
pub use stats::{TestId, TestSelection};
