//! `export bits` of a run's plan: the decks of a built-in algorithm replayed chunk by chunk as `run` counts them,
//! or the decks of a file or a program as `run --decks`/`--exec` reads them, each ranked into the sink as it
//! comes. The command line opens the sink, prints what this says on the way, and writes the manifest.

use super::{BitsWriter, Input, Sink, SinkError};
use crate::audit::input::{self, Fold, Notice};
use crate::audit::{ExternalSource, Plan, StopFlag};
use crate::cards::Card;

/// Where the decks came from, for the manifest.
pub enum BitsSource {
    /// A built-in run: its generator, its seed (and whether the seed was drawn), its algorithm's label.
    Builtin { rng: crate::rng::RngKind, seed: u64, drawn: Option<u64>, algorithm: String },
    /// A file or a program.
    External { input: Input },
}

/// What was ranked: the writer (its counts and its Lehmer code still to finish), the source and the deck size.
pub struct BitsExport {
    pub writer: BitsWriter,
    pub source: BitsSource,
    pub n: usize,
}

/// Why the export stopped with nothing or an error.
#[derive(Debug)]
pub enum BitsError {
    /// The sink failed to take the bytes.
    Sink(SinkError),
    /// A built-in algorithm made no permutation: nothing to rank (`invalid` outputs repeated a card).
    NoPermutation { algorithm: String, invalid: u64 },
    /// The input could not be opened.
    Open { flag: &'static str, error: std::io::Error },
    /// The input's audit stopped with an error (its flag and the error's words).
    Audit { flag: &'static str, message: String },
    /// Reading the input failed part way (its flag and what went wrong, as text from outside: escape it to print).
    Read { flag: &'static str, message: String },
}

/// Ranks every deck of `plan` into `sink`, up to `words` 32-bit words when given. `drawn` says the built-in run's
/// seed was drawn rather than given. `warn` receives each warning when it arises (a shuffle that does not
/// terminate, outputs that are not permutations, invalid decks of a file), `notify` the input's notices.
pub fn export_bits(
    plan: &Plan,
    words: Option<u64>,
    drawn: bool,
    sink: &mut Sink,
    stop: &StopFlag,
    warn: &mut dyn FnMut(String),
    notify: &mut dyn FnMut(&Notice),
) -> Result<BitsExport, BitsError> {
    match plan {
        Plan::Builtin(config) => {
            let b = config.builtin().expect("a built-in plan");
            let label = b.algorithm.label(config.deck);
            let mut writer = BitsWriter::new(config.deck, words);
            let replayed = writer.add_run(config, 0..config.chunks(), sink, stop).map_err(BitsError::Sink)?;
            if replayed.stuck {
                warn(format!(
                    "{label} met a shuffle that does not terminate: the decks end there, as the run's count does"
                ));
            }
            if replayed.invalid > 0 && replayed.decks == 0 && !replayed.stopped {
                return Err(BitsError::NoPermutation { algorithm: label, invalid: replayed.invalid });
            }
            if replayed.invalid > 0 {
                warn(format!("{} outputs of {label} were not permutations: left out", replayed.invalid));
            }
            let source =
                BitsSource::Builtin { rng: b.rng, seed: b.seed, drawn: drawn.then_some(b.seed), algorithm: label };
            Ok(BitsExport { writer, source, n: config.deck })
        }
        Plan::External(plan) => {
            let flag = match &plan.source {
                ExternalSource::Decks(_) => "--decks",
                ExternalSource::Exec(_) => "--exec",
            };
            let input = Input::of(&plan.source, stop).map_err(|error| BitsError::Open { flag, error })?;
            let mut writer: Option<BitsWriter> = None;
            let mut failed = None;
            let mut each = |deck: &[Card]| {
                let w = writer.get_or_insert_with(|| BitsWriter::new(deck.len(), words));
                match w.add(deck, sink) {
                    Ok(open) => open,
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                }
            };
            let fold = Fold { tests: plan.tests, deal: None, watch: None, samples: None, each: Some(&mut each) };
            let control = input::Control { stop, timeout: None, notify: Some(notify) };
            let audit = input::audit_external(&plan.source, &plan.options, fold, None, control)
                .map_err(|e| BitsError::Audit { flag, message: e.to_string() })?;
            if let Some(e) = failed {
                return Err(BitsError::Sink(e));
            }
            let summary = &audit.summary;
            if summary.invalid_decks > 0 {
                let first = summary.first_invalid.first().map(|d| d.to_string()).unwrap_or_default();
                warn(format!(
                    "{flag}: {} invalid decks left out (first: {})",
                    summary.invalid_decks,
                    crate::report::terminal(&first)
                ));
            }
            if let Some(e) = &summary.read_error {
                return Err(BitsError::Read { flag, message: e.clone() });
            }
            let n = audit.stream.deck;
            let writer = writer.unwrap_or_else(|| BitsWriter::new(n, words));
            Ok(BitsExport { writer, source: BitsSource::External { input }, n })
        }
    }
}
