//! Decks produced elsewhere: a file, standard input, or a program's output (`run --decks`, `run --exec`, and
//! the `decks`/`exec` checks of `gate`), audited as they stream by the same [`crate::stats::Battery`] as the built-in
//! shuffles, so every statistic the battery has applies to them.
//!
//! `deck_parser` turns a line into a deck, `source` streams lines from files and programs (a program in a
//! process group of its own, ended with everything it started on every path), `wait` waits for them without
//! hanging (a stop flag, a time limit, the waiting lines, a producer that does not let go), and `stream` folds
//! them into a battery in constant memory. This module says what the result means: invalid decks, a
//! producer that failed or a read error make the run BROKEN, with what was counted so far kept, and an audit
//! that did not see the whole input (`--strict`, a crashed producer, a read error, a signal, `--timeout`) is
//! marked partial, with its [`PartialReason`] as data. The report is made beside the built-in runs' own, in
//! `audit::result` ([`ExternalAudit::into_report`]), so that this module never names the report that holds
//! its summary.

pub(crate) mod deck_parser;
pub(crate) mod source;
pub(crate) mod stream;
pub(crate) mod wait;

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;

pub use deck_parser::{DeckDefect, DeckFormat, DeckParser};
pub use source::{
    ExternalSource, Line, LineReader, Linger, PRODUCER_GROUP, Producer, ProducerStatus, Reading, adopt_orphans,
};
pub use stream::{
    DeckHook, Fold, FormatChoice, InvalidDeck, SampleHook, StreamAudit, StreamError, StreamOptions,
    audit as audit_stream, count_deck_lines,
};
pub use wait::{Ending, Notice, PolledReader, Waiting};

use crate::audit::fault::{FaultKind, FaultReport};
use crate::audit::runner::RunConfig;
use crate::audit::source::DeckSource;
use crate::audit::stop::{NEVER, StopFlag, StopReason, within_limit};
use crate::game::deal::DealConfig;
use crate::stats::TestSelection;

/// Read buffer for files, standard input and pipes.
const READ_BUFFER: usize = 256 * 1024;

/// Why an external run did not see its whole input, as data; the reports put it into words
/// (`report::i18n::partial_reason`, in English and Chinese).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartialReason {
    /// `--strict` stopped at the first invalid deck, on this line.
    Strict { line: u64 },
    /// Reading failed after this line.
    ReadError { line: u64, error: String },
    /// The producer failed (the summary's `producer` says how) after this many decks.
    ProducerFailed { decks: u64 },
    /// SIGINT or SIGTERM ([`StopReason::Interrupt`], [`StopReason::Terminate`]) stopped the reading after this
    /// many decks.
    Interrupted { signal: StopReason, decks: u64 },
    /// The time limit (`--timeout`, a gate check's `timeout`) ran out after this many decks.
    TimedOut { limit: Duration, decks: u64 },
}

/// What an external run read, for the reports (`run.json`'s `input`).
#[derive(Clone, Debug, Serialize)]
pub struct InputSummary {
    pub source: ExternalSource,
    pub format: DeckFormat,
    pub deck_inferred: bool,
    pub lines: u64,
    /// Deck lines (valid or not), valid decks, invalid decks.
    pub decks: u64,
    pub valid_decks: u64,
    pub invalid_decks: u64,
    /// The first ten invalid decks with their line numbers.
    pub first_invalid: Vec<InvalidDeck>,
    /// True when the audit did not see the whole input; `partial_reason` says why (`run.json` holds it in
    /// words).
    pub partial: bool,
    #[serde(skip)]
    pub partial_reason: Option<PartialReason>,
    pub stopped_strict: bool,
    pub read_error: Option<String>,
    pub producer: Option<ProducerStatus>,
}

impl InputSummary {
    /// The signal or time limit that stopped the reading, if one did.
    pub fn stopped_by(&self) -> Option<StopReason> {
        match self.partial_reason {
            Some(PartialReason::Interrupted { signal, .. }) => Some(signal),
            Some(PartialReason::TimedOut { .. }) => Some(StopReason::Timeout),
            _ => None,
        }
    }
}

/// Why an external source gave nothing to audit.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot open {path}: {source}")]
    Open { path: String, source: io::Error },
    #[error("cannot start `{command}`: {source}")]
    Spawn { command: String, source: io::Error },
    #[error("{what}: {error}{producer}")]
    NoDecks { what: String, error: StreamError, producer: String },
}

/// A finished external audit.
#[derive(Debug)]
pub struct ExternalAudit {
    pub stream: StreamAudit,
    pub summary: InputSummary,
    pub tests: TestSelection,
    pub deal: Option<DealConfig>,
}

/// What an external audit obeys besides its input, and whom it tells while it waits.
pub struct Control<'a> {
    /// Set by the caller's signal handler (`NEVER` by default): reading stops at the next line as if the
    /// input had ended, a producer's group is ended, and the reports are partial.
    pub stop: &'a StopFlag,
    /// `--timeout`: the same, when it runs out (a timer thread, [`within_limit`]).
    pub timeout: Option<Duration>,
    /// Told when no deck has arrived for a while ([`Notice::Waiting`]) and when a producer's group had to be
    /// ended because it did not let go ([`Notice::Lingered`]); the binary prints these on standard error.
    pub notify: Option<&'a mut dyn FnMut(&Notice)>,
}

impl Default for Control<'_> {
    fn default() -> Self {
        Control { stop: &NEVER, timeout: None, notify: None }
    }
}

/// Reads every deck of `source`; relative paths and commands are taken from `dir` (the current directory
/// when `None`). `control` can stop it early; whatever stops it, a producer's whole process group is ended.
pub fn audit_external(
    source: &ExternalSource,
    options: &StreamOptions,
    fold: Fold,
    dir: Option<&Path>,
    control: Control,
) -> Result<ExternalAudit, InputError> {
    let Control { stop, timeout, notify } = control;
    let (tests, deal) = (fold.tests, fold.deal);
    let decks = Cell::new(0);
    let mut waiting = Waiting::new(source.describe(), notify);
    let (result, producer, stop_reason) = within_limit(stop, timeout, |stop| -> Result<_, InputError> {
        let (result, producer) = match source {
            ExternalSource::Decks(p) if p.as_os_str() == "-" => {
                let polled = PolledReader::new(io::stdin().lock(), stop, &decks, &mut waiting);
                let reader = BufReader::with_capacity(READ_BUFFER, polled);
                (stream::audit_until(reader, options, fold, stop, &decks), None)
            }
            ExternalSource::Decks(p) => {
                let path = dir.map_or_else(|| p.clone(), |d| d.join(p));
                let file =
                    File::open(&path).map_err(|e| InputError::Open { path: p.display().to_string(), source: e })?;
                let reader = BufReader::with_capacity(READ_BUFFER, PolledReader::new(file, stop, &decks, &mut waiting));
                (stream::audit_until(reader, options, fold, stop, &decks), None)
            }
            ExternalSource::Exec(command) => {
                let (mut producer, stdout) = Producer::spawn(command, dir)
                    .map_err(|e| InputError::Spawn { command: command.clone(), source: e })?;
                let (result, ending) = {
                    let polled = PolledReader::producer(stdout, &mut producer, stop, &decks, &mut waiting);
                    let mut reader = BufReader::with_capacity(READ_BUFFER, polled);
                    let result = stream::audit_until(&mut reader, options, fold, stop, &decks);
                    // Closes the pipe before the producer is ended, so that one the audit stopped reading gets
                    // EPIPE instead of blocking on a full pipe.
                    (result, reader.into_inner().finish())
                };
                let stopped_early = match &result {
                    Ok(a) => {
                        a.stopped_strict
                            || a.stopped_watching
                            || a.stopped_at_max
                            || a.stopped
                            || a.read_error.is_some()
                    }
                    Err(StreamError::Empty { .. }) => false,
                    Err(StreamError::NoDeck { .. }) => options.strict,
                    Err(StreamError::Read(_)) => true,
                };
                let timed_out = stop.requested() == Some(crate::audit::stop::StopReason::Timeout);
                let reading = match ending {
                    Some(Ending::HeldOutput) => Reading::HeldOutput,
                    Some(Ending::Stopped(_)) | None if timed_out => Reading::TimedOut,
                    Some(Ending::Stopped(_)) => Reading::Stopped,
                    None if stopped_early || stop.is_set() => Reading::Stopped,
                    None => Reading::Ended,
                };
                let status = producer.finish(reading, &mut || {
                    waiting.tick(decks.get(), Instant::now());
                    !stop.is_set()
                });
                if status.lingered == Some(Linger::KeptRunning) {
                    waiting.notify(&Notice::Lingered { command: command.clone(), how: Linger::KeptRunning });
                }
                (result, Some(status))
            }
        };
        Ok((result, producer, stop.requested()))
    })?;
    let stream = result.map_err(|error| InputError::NoDecks {
        what: source.describe(),
        error,
        producer: producer.as_ref().map_or(String::new(), |p| format!("; {}", p.describe())),
    })?;
    // A producer the audit stopped on purpose (progressive mode's FAIL, --max-decks) did not fail.
    let producer_failed = producer.as_ref().is_some_and(|p| !p.succeeded() && !stream.stopped_on_purpose());
    let partial_reason = match (stream.stopped, stop_reason) {
        (true, Some(StopReason::Timeout)) => {
            Some(PartialReason::TimedOut { limit: timeout.unwrap_or(stream.elapsed), decks: stream.decks })
        }
        (true, Some(signal)) => Some(PartialReason::Interrupted { signal, decks: stream.decks }),
        _ if stream.stopped_strict => Some(PartialReason::Strict { line: stream.lines }),
        _ => match &stream.read_error {
            Some(e) => Some(PartialReason::ReadError { line: stream.lines, error: e.clone() }),
            None if producer_failed => Some(PartialReason::ProducerFailed { decks: stream.decks }),
            None => None,
        },
    };
    let summary = InputSummary {
        source: source.clone(),
        format: stream.format,
        deck_inferred: stream.deck_inferred,
        lines: stream.lines,
        decks: stream.decks,
        valid_decks: stream.valid,
        invalid_decks: stream.invalid,
        first_invalid: stream.first_invalid.clone(),
        partial: partial_reason.is_some(),
        partial_reason,
        stopped_strict: stream.stopped_strict,
        read_error: stream.read_error.clone(),
        producer,
    };
    Ok(ExternalAudit { stream, summary, tests, deal })
}

impl ExternalAudit {
    /// The run's configuration: the source, the deck size, the valid decks read, the deal and the tests.
    pub fn config(&self) -> RunConfig {
        RunConfig {
            deal: self.deal,
            tests: self.tests,
            copies: self.stream.tally.battery.cards.copies,
            ..RunConfig::of(DeckSource::External(self.summary.source.clone()), self.stream.deck, self.stream.valid)
        }
    }

    /// Why the run is BROKEN, if it is: invalid decks, a failed producer, a read error.
    pub fn fault(&self) -> Option<FaultReport> {
        let s = &self.summary;
        let mut parts = Vec::new();
        let mut kind = None;
        let mut headline = None;
        if let Some(p) = s.producer.as_ref().filter(|p| !p.succeeded() && !self.stream.stopped_on_purpose()) {
            kind = Some(FaultKind::ProducerFailed);
            headline = Some(format!("producer failed: {} after {} decks", p.exit_label(), s.decks));
            parts.push(p.describe());
        }
        if let Some(e) = &s.read_error {
            kind = kind.or(Some(FaultKind::ReadError));
            headline.get_or_insert_with(|| format!("read error after line {}", s.lines));
            parts.push(format!("reading stopped after line {}: {e}", s.lines));
        }
        if s.invalid_decks > 0 {
            kind = kind.or(Some(FaultKind::InvalidDecks));
            let first = s.first_invalid.first().map_or(0, |d| d.line);
            headline.get_or_insert_with(|| {
                format!("{} invalid decks of {} (first at line {first})", s.invalid_decks, s.decks)
            });
            let listed: Vec<String> = s.first_invalid.iter().map(|d| d.to_string()).collect();
            parts.push(format!(
                "{} of {} decks are invalid{}; {}: {}",
                s.invalid_decks,
                s.decks,
                if s.stopped_strict { " (the audit stopped at the first: --strict)" } else { "" },
                if s.invalid_decks as usize > listed.len() { "the first ten" } else { "all listed" },
                listed.join("; ")
            ));
        }
        let kind = kind?;
        Some(FaultReport {
            kind,
            first_shuffle: self.stream.first_invalid_deck.unwrap_or(s.decks + 1),
            decks_checked: s.decks,
            invalid_decks: s.invalid_decks,
            description: parts.join("; "),
            headline: headline.unwrap_or_default(),
        })
    }
}
