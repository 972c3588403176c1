//! State files: everything a built-in run has counted, to resume it, to checkpoint it, and to add up the shards
//! of a run split over machines.
//!
//! A run is exactly divisible: chunk i's decks are fixed by (seed, i) ([`crate::audit::runner::chunk_seed`]) and
//! every statistic's counters are integers that add ([`crate::stats::statistic::Statistic::visit_counts`]). A
//! state is then the run's definition, the chunk ranges counted, and every counter of every selected test (the
//! game's tables included). States of disjoint chunks of one definition add up to the state of their union, byte
//! for byte, whatever machine, thread count or interruption produced them.
//!
//! The format (version [`FORMAT_VERSION`]):
//!
//! ```text
//! shuffle-audit state 1\n                 the magic line, with the format version
//! {"tool_version": …, "definition": …}\n  the header: one line of JSON (below)
//! <counters>                              every section's u64 values, little-endian, in the header's order
//! <32 bytes>                              SHA-256 of everything above
//! ```
//!
//! The header holds `tool_version`, `definition` (algorithm, rng, seed, post, deck, shuffles, deal, tests, and
//! `seeding` when it is `per-deal`) and
//! `definition_sha256` (the SHA-256 of the definition's JSON, which states must share to be merged),
//! `chunk_shuffles` and `chunks`, `covered` (the chunk ranges counted, `[start, end)`), `shuffles_counted`,
//! `shard` (`[I, K]` when a shard wrote it), `fault` (the first fault, with its chunk), `seconds` (time spent
//! counting, summed over merged states), `threads` (the most threads that counted), `sections` (each counter
//! array's name and length) and, in a checkpoint only, `window`: the duplicate-deck window's file beside the state
//! (its name, number of values and SHA-256), whose values the body then lacks ([`RunState::encode_checkpoint`]). A state is refused
//! when it is truncated, when its checksum or its definition's hash does not match, when it comes from another
//! version of the tool or a newer format, when a header field is out of its range or disagrees with the others
//! (the error names the field), and when its sections are not those of its definition.
//!
//! A file is read as a hostile one: only a regular file ([`RunState::read`]; a FIFO or `/dev/zero` would be read
//! for ever), its header line up to [`MAX_HEADER_BYTES`], its size checked against its header's sections before
//! any counter is read, and the counters read straight into the run's tally, only where it has a section of that
//! name and length: memory is bounded by the run's definition, whatever the file claims.

use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::audit::fault::FaultReport;
use crate::audit::regular_file::{FileKind, OpenError, open_regular};
use crate::audit::runner::{CHUNK_SHUFFLES, Counted, RunConfig, coalesce, shuffles_in};
use crate::audit::samples::SamplesDone;
use crate::audit::source::{Builtin, DeckSource, FunctionSource, PostProcess, Seeding};
use crate::game::deal::DealConfig;
use crate::rng::RngKind;
use crate::shuffle::Algorithm;
use crate::stats::TestSelection;
use crate::stats::statistic::CountVisitor;

/// The format version this build writes and reads.
pub(crate) const FORMAT_VERSION: u32 = 1;
/// The start of every state file.
const MAGIC: &str = "shuffle-audit state ";
/// This build's version, which a state must have been written by.
pub(crate) const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");
const CHECKSUM_BYTES: usize = 32;

/// Why a state file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    #[error("not a shuffle-audit state file (it does not start with '{MAGIC}')")]
    NotAState,
    #[error(
        "state format version {found} was written by a newer shuffle-audit; this one ({TOOL_VERSION}) reads version {FORMAT_VERSION}"
    )]
    FutureVersion { found: u32 },
    #[error("truncated: {found} bytes where the header announces {expected}")]
    Truncated { found: u64, expected: u64 },
    #[error("truncated: the file ends inside its header, after {found} bytes")]
    TruncatedHeader { found: u64 },
    #[error("corrupted: {0}")]
    Corrupted(String),
    #[error("its duplicate-deck window, in {file} beside it: {reason}")]
    Window { file: String, reason: String },
    #[error(
        "written by shuffle-audit {found}, this is {TOOL_VERSION}: counts of another version are not merged or resumed"
    )]
    OtherTool { found: String },
    #[error("its definition cannot be run: {0}")]
    Invalid(String),
    #[error("corrupted: header field '{field}': {message}")]
    Field { field: &'static str, message: String },
    #[error(
        "not a shuffle-audit state file: its header line is longer than {MAX_HEADER_BYTES} bytes (1 MiB), the most a state's header may be"
    )]
    HeaderTooLong,
    #[error("not a state file: it is {0}, not a regular file")]
    NotRegular(FileKind),
    #[error("cannot read it: {0}")]
    Io(String),
    #[error(
        "it exists and is not a shuffle-audit state file (it does not start with '{MAGIC}'): it is not replaced; choose another file, or remove it"
    )]
    Foreign,
    #[error(
        "{0} exists and is not the duplicate-deck window of a checkpoint in this state file: the checkpoints would \
         overwrite it, then remove it; move it, or choose another file"
    )]
    ForeignWindow(String),
}

impl StateError {
    fn field(field: &'static str, message: impl Into<String>) -> Self {
        StateError::Field { field, message: message.into() }
    }

    fn io(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            StateError::Corrupted("it ended while it was read (is another process writing it?)".into())
        } else {
            StateError::Io(e.to_string())
        }
    }
}

impl From<OpenError> for StateError {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::NotRegular(kind) => StateError::NotRegular(kind),
            OpenError::Io(e) => StateError::Io(e.to_string()),
        }
    }
}

fn one() -> usize {
    1
}

fn is_one(k: &usize) -> bool {
    *k == 1
}

/// The run a state belongs to: everything that fixes its decks and its counters (the source, the deck, the
/// deal, the tests and the total number of shuffles); not the thread count, the thresholds or the output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Definition {
    /// The built-in shuffle; absent for a caller's function (then `function` names it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    algorithm: Option<Algorithm>,
    rng: RngKind,
    seed: u64,
    post: PostProcess,
    deck: usize,
    /// Absent for one deck, so that the definitions (and their hashes) of single-deck runs stay as they were.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    copies: usize,
    shuffles: u64,
    deal: Option<DealConfig>,
    tests: TestSelection,
    /// Absent for `once`, so that the definitions (and their hashes) of runs seeded once stay as they were.
    #[serde(default, skip_serializing_if = "Seeding::is_once")]
    seeding: Seeding,
    /// The name of a caller's shuffle function (the library's `Audit::resumable`), whose chunks draw from ChaCha8
    /// seeded as the runner seeds them; absent for a built-in run, whose definition stays as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    function: Option<String>,
    /// `--samples S`: the run is S samples, each of its own seed ([`crate::audit::samples`]); absent for a run
    /// that is not split, whose definition stays as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    samples: Option<u64>,
}

impl Definition {
    /// `None` for decks made elsewhere, which cannot be replayed.
    fn of(config: &RunConfig) -> Option<Self> {
        let (algorithm, rng, seed, post, seeding, function) = match &config.source {
            DeckSource::Builtin(b) => (Some(b.algorithm), b.rng, b.seed, b.post, b.seeding, None),
            DeckSource::Function(f) if f.generator.is_none() => {
                (None, RngKind::Chacha8, f.seed?, PostProcess::default(), Seeding::default(), Some(f.name.clone()))
            }
            DeckSource::Function(_) | DeckSource::External(_) => return None,
        };
        Some(Definition {
            algorithm,
            rng,
            seed,
            post,
            deck: config.deck,
            copies: config.copies,
            shuffles: config.shuffles,
            deal: config.deal,
            tests: config.tests,
            seeding,
            function,
            samples: None,
        })
    }

    /// The run it defines; an error for a definition that names neither a shuffle nor a function, or both.
    fn config(&self) -> Result<RunConfig, StateError> {
        let source = match (&self.algorithm, &self.function) {
            (Some(algorithm), None) => DeckSource::Builtin(Builtin {
                algorithm: *algorithm,
                rng: self.rng,
                seed: self.seed,
                post: self.post,
                seeding: self.seeding,
            }),
            (None, Some(name)) if self.rng == RngKind::Chacha8 && self.post == PostProcess::default() => {
                DeckSource::Function(FunctionSource {
                    name: name.clone(),
                    seed: Some(self.seed),
                    generator: None,
                    reproduce: None,
                })
            }
            _ => {
                return Err(StateError::Corrupted(
                    "its definition names neither one built-in algorithm nor one function".into(),
                ));
            }
        };
        Ok(RunConfig {
            deal: self.deal,
            tests: self.tests,
            copies: self.copies,
            ..RunConfig::of(source, self.deck, self.shuffles)
        })
    }

    fn sha256(&self) -> String {
        hex(&Sha256::digest(serde_json::to_vec(self).expect("plain data serialises")))
    }
}

/// A chunk's fault, as the header stores it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ChunkFault {
    chunk: u64,
    report: FaultReport,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Section {
    name: String,
    len: u64,
}

#[derive(Clone, Debug, Serialize)]
struct Header {
    tool_version: String,
    definition: Definition,
    definition_sha256: String,
    chunk_shuffles: u64,
    chunks: u64,
    covered: Vec<[u64; 2]>,
    shuffles_counted: u64,
    shard: Option<[u64; 2]>,
    fault: Option<ChunkFault>,
    seconds: f64,
    threads: usize,
    sections: Vec<Section>,
    /// Where the duplicate-deck window is when it is not in this file (a checkpoint's): absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<WindowFile>,
    /// A run of samples' finished samples, whose results are the `samples` section: absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples_finished: Option<u64>,
}

/// A checkpoint's duplicate-deck window, in a file of its own beside the state ([`RunState::encode_checkpoint`]):
/// its name (a bare file name, in the state's folder), its number of values and their SHA-256.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct WindowFile {
    file: String,
    values: u64,
    sha256: String,
}

/// The name of the section a checkpoint keeps in a file of its own.
const WINDOW_SECTION: &str = "duplicate-decks.window";

/// What [`RunState::encode_checkpoint`] last wrote into a checkpoint's window file: the file is rewritten only
/// when the window has changed (it only grows, so the number of values says so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenWindow {
    values: u64,
    sha256: String,
}

/// A checkpoint's bytes: the state file's, and the window file's when it must be (re)written.
#[derive(Debug)]
pub struct Checkpoint {
    pub state: Vec<u8>,
    /// The window file's bytes and what they are, when the file does not hold them yet.
    pub window: Option<(Vec<u8>, WrittenWindow)>,
}

/// Everything a built-in run has counted.
#[derive(Clone, Debug, PartialEq)]
pub struct RunState {
    /// The run (its thread count is not part of it: `None`).
    pub config: RunConfig,
    pub counted: Counted,
    /// The shard `(I, K)` that wrote it, if one did.
    pub shard: Option<(u64, u64)>,
    /// Time spent counting, and the most threads that counted (timings, not part of the run).
    pub seconds: f64,
    pub threads: usize,
    /// A run of samples' finished samples (`counted` is then their decks, and covers no chunk of the run).
    pub samples: Option<SamplesDone>,
}

/// The section of a run of samples' state that holds its finished samples' results.
const SAMPLES_SECTION: &str = "samples";

impl RunState {
    /// A state of `config`'s run; `None` for decks made elsewhere, which cannot be replayed.
    pub fn new(
        config: &RunConfig,
        counted: Counted,
        shard: Option<(u64, u64)>,
        elapsed: Duration,
        threads: usize,
    ) -> Option<Self> {
        Definition::of(config)?;
        Some(RunState {
            config: RunConfig { threads: None, ..config.clone() },
            counted,
            shard,
            seconds: elapsed.as_secs_f64(),
            threads,
            samples: None,
        })
    }

    /// The state of a run of samples stopped part-way: the decks of its finished samples, and their results;
    /// `None` for decks made elsewhere.
    pub fn of_samples(
        config: &RunConfig,
        done: Counted,
        samples: SamplesDone,
        seconds: f64,
        threads: usize,
    ) -> Option<Self> {
        Definition::of(config)?;
        Some(RunState {
            config: RunConfig { threads: None, ..config.clone() },
            counted: done,
            shard: None,
            seconds,
            threads,
            samples: Some(samples),
        })
    }

    /// The state of a run of samples stopped part-way, to resume it (`run --resume`): `None` when the run
    /// ended, or met a fault (a broken shuffle is not counted further).
    pub fn of_sampled(run: &crate::audit::samples::SampledRun, config: &RunConfig) -> Option<Self> {
        let done = run.done.clone()?;
        let so_far = SamplesDone { count: run.samples.count, results: run.samples.samples.clone() };
        Self::of_samples(config, done, so_far, run.seconds, run.threads)
    }

    /// Its run's definition, with the number of samples of a run of samples.
    fn definition(&self) -> Definition {
        let definition = Definition::of(&self.config).expect("a state is of a replayable run");
        Definition { samples: self.samples.as_ref().map(|s| s.count), ..definition }
    }

    /// The SHA-256 of the run's definition: states of one run share it.
    pub fn definition_sha256(&self) -> String {
        self.definition().sha256()
    }

    /// The SHA-256 of the definition of `config`'s run, which its states carry; `None` for decks made elsewhere.
    pub fn definition_sha256_of(config: &RunConfig) -> Option<String> {
        Definition::of(config).map(|d| d.sha256())
    }

    /// The chunks the shard that wrote this state (or the whole run) is to count.
    pub fn wanted(&self) -> Range<u64> {
        crate::audit::runner::wanted_chunks(self.config.chunks(), self.shard)
    }

    /// Chunk ranges of the whole run that no state counted (none after a fault's chunk: a run stops there).
    pub fn missing(&self) -> Vec<Range<u64>> {
        self.counted.missing(0..self.config.chunks())
    }

    /// Shuffles in chunk ranges of this run.
    pub fn shuffles_in(&self, ranges: &[Range<u64>]) -> u64 {
        shuffles_in(ranges, self.config.shuffles)
    }

    /// Adds a state of the same run and other chunks. The error says what differs.
    pub fn merge(&mut self, other: &RunState) -> Result<(), String> {
        if self.samples.is_some() || other.samples.is_some() {
            return Err("a run of samples is not split into shards: resume its state with `run --resume`".into());
        }
        if other.config != self.config {
            return Err(format!(
                "they are states of different runs (definition {} and {})",
                short(&self.definition_sha256()),
                short(&other.definition_sha256())
            ));
        }
        if let Some(r) = self.counted.overlap(&other.counted.covered) {
            return Err(format!("both count chunks {} (shuffles {})", range_label(&r), self.shuffle_range_label(&r)));
        }
        self.counted.merge(&other.counted.tally, &other.counted.covered, other.counted.fault.clone());
        self.seconds += other.seconds;
        self.threads = self.threads.max(other.threads);
        self.shard = None;
        Ok(())
    }

    /// `shuffles 16385..=32768`: the 1-based shuffles of a chunk range.
    pub fn shuffle_range_label(&self, r: &Range<u64>) -> String {
        let first = r.start * CHUNK_SHUFFLES + 1;
        let last = (r.end * CHUNK_SHUFFLES).min(self.config.shuffles);
        format!("{first}..={last}")
    }

    /// The state file's bytes, whole.
    pub fn encode(&self) -> Vec<u8> {
        self.encode_parts(None).state
    }

    /// A checkpoint's bytes: the state with its duplicate-deck window in the file `window_file` beside it (a
    /// bare file name), so that a checkpoint a second rewrites a few hundred kilobytes, not the 40 MiB of a
    /// full window. `written` is what that file holds already (from the last checkpoint): its bytes are only
    /// made again when the window has changed since. A run without the window (no duplicate-deck test, or no
    /// deck kept yet) gives the whole state, as [`RunState::encode`] does. [`RunState::read`] reads either form.
    pub fn encode_checkpoint(&self, window_file: &str, written: Option<&WrittenWindow>) -> Checkpoint {
        self.encode_parts(Some((window_file, written)))
    }

    fn encode_parts(&self, window: Option<(&str, Option<&WrittenWindow>)>) -> Checkpoint {
        let definition = self.definition();
        let mut tally = self.counted.tally.clone();
        let mut collect = Collect { external: window.map(|(_, w)| w.cloned()), ..Collect::default() };
        tally.visit_counts(&mut collect);
        if let Some(samples) = &self.samples {
            collect.read(SAMPLES_SECTION, &crate::audit::samples::encode_results(&samples.results));
        }
        let window_file = match (&collect.window, window) {
            (Some(w), Some((file, _))) => {
                Some(WindowFile { file: file.to_string(), values: w.values, sha256: w.sha256.clone() })
            }
            _ => None,
        };
        let header = Header {
            tool_version: TOOL_VERSION.to_string(),
            definition_sha256: definition.sha256(),
            definition,
            chunk_shuffles: CHUNK_SHUFFLES,
            chunks: self.config.chunks(),
            covered: self.counted.covered.iter().map(|r| [r.start, r.end]).collect(),
            shuffles_counted: self.counted.tally.shuffles(),
            shard: self.shard.map(|(i, k)| [i, k]),
            fault: self.counted.fault.clone().map(|(chunk, report)| ChunkFault { chunk, report }),
            seconds: self.seconds,
            threads: self.threads,
            sections: collect.sections,
            window: window_file,
            samples_finished: self.samples.as_ref().map(|s| s.results.len() as u64),
        };
        let mut out = format!("{MAGIC}{FORMAT_VERSION}\n").into_bytes();
        serde_json::to_writer(&mut out, &header).expect("plain data serialises");
        out.push(b'\n');
        out.reserve(collect.values.len() * 8 + CHECKSUM_BYTES);
        for v in &collect.values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = Sha256::digest(&out);
        out.extend_from_slice(&sum);
        let window = match (collect.window, collect.window_bytes) {
            (Some(w), Some(bytes)) => Some((bytes, w)),
            _ => None,
        };
        Checkpoint { state: out, window }
    }

    /// Reads a state file's bytes, checking everything the format promises.
    pub fn decode(bytes: &[u8]) -> Result<RunState, StateError> {
        Self::read_from(bytes, bytes.len() as u64, None)
    }

    /// Reads and checks the state file at `path`. Only a regular file is read (a FIFO or a device would be
    /// read for ever), its header line is read up to `MAX_HEADER_BYTES`, and the file's size is checked
    /// against the header's sections before any counter is read: what is read is bounded by what the run's
    /// definition holds, whatever the file claims.
    pub fn read(path: &Path) -> Result<RunState, StateError> {
        let (file, len) = open_regular(path).map_err(StateError::from)?;
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        Self::read_from(file, len, Some(folder))
    }

    /// Reads a state of `len` bytes from `input`; a checkpoint's window file is looked for in `folder`.
    fn read_from(input: impl Read, len: u64, folder: Option<&Path>) -> Result<RunState, StateError> {
        let mut r = Hashing::new(BufReader::with_capacity(1 << 16, input));
        let header = read_head(&mut r, len)?;
        let body_start = r.read;
        // A checkpoint's window is not in this file: its values are not counted in its length.
        let elsewhere = header.window.as_ref().map_or(0, |w| w.values);
        let values = header
            .sections
            .iter()
            .try_fold(0u64, |sum, s| sum.checked_add(s.len))
            .and_then(|v| v.checked_sub(elsewhere));
        let expected = values
            .and_then(|v| v.checked_mul(8))
            .and_then(|b| b.checked_add(body_start + CHECKSUM_BYTES as u64))
            .ok_or_else(|| StateError::field("sections", "their lengths add up to more than a file can hold"))?;
        if len < expected {
            return Err(StateError::Truncated { found: len, expected });
        }
        if len > expected {
            return Err(StateError::Corrupted(format!("{} bytes follow its end", len - expected)));
        }
        let config = header.check()?;
        // The counters go straight into a fresh tally: each section is read only when the tally has a place of
        // its name and length for it.
        let mut tally = config.new_tally();
        let window = match &header.window {
            None => None,
            Some(w) => Some(WindowInput::open(w, folder)?),
        };
        let mut fill = Fill { sections: header.sections.iter(), input: &mut r, window, buf: Vec::new(), error: None };
        tally.visit_counts(&mut fill);
        let mut error = fill.error.take();
        if error.is_none()
            && let Some(w) = fill.window.take()
        {
            error = w.finish().err();
        }
        // A run of samples' results come after its counters.
        let mut samples = None;
        if error.is_none()
            && let Some(finished) = header.samples_finished
        {
            match read_samples(fill.sections.next(), fill.input, finished, &config, &header.definition) {
                Ok(done) => samples = Some(done),
                Err(e) => error = Some(e),
            }
        }
        if error.is_none()
            && let Some(s) = fill.sections.next()
        {
            error = Some(FillError::Corrupted(format!("section '{}' is not a counter of this run", s.name)));
        }
        // The checksum first: a damaged file is said to be damaged, whatever its damage made of its sections.
        let content = expected - CHECKSUM_BYTES as u64;
        let rest = content.saturating_sub(r.read);
        io::copy(&mut (&mut r).take(rest), &mut io::sink()).map_err(StateError::io)?;
        let mut sum = [0u8; CHECKSUM_BYTES];
        r.inner.read_exact(&mut sum).map_err(StateError::io)?;
        if r.read != content || r.sha.clone().finalize().as_slice() != sum {
            return Err(StateError::Corrupted("its SHA-256 checksum does not match its content".into()));
        }
        match error {
            Some(FillError::Corrupted(e)) => return Err(StateError::Corrupted(e)),
            Some(FillError::Io(e)) => return Err(StateError::io(e)),
            Some(FillError::Window(e)) => return Err(e),
            None => {}
        }
        if r.inner.read(&mut [0u8; 1]).map_err(StateError::io)? != 0 {
            return Err(StateError::Corrupted("it grew while it was read".into()));
        }
        if tally.shuffles() != header.shuffles_counted {
            return Err(StateError::Corrupted(format!(
                "it says {} shuffles were counted, its counters hold {}",
                header.shuffles_counted,
                tally.shuffles()
            )));
        }
        let covered: Vec<Range<u64>> = header.covered.iter().map(|&[a, b]| a..b).collect();
        let fault = header.fault.map(|f| (f.chunk, f.report));
        Ok(RunState {
            config,
            counted: Counted { tally, covered: coalesce(covered), fault },
            shard: header.shard.map(|[i, k]| (i, k)),
            seconds: header.seconds,
            threads: header.threads,
            samples,
        })
    }
}

/// A run of samples' `samples` section: its finished samples' results, read only when the section has a length
/// that many samples can take, and checked against the run ([`crate::audit::samples::decode_results`]).
fn read_samples(
    section: Option<&Section>,
    input: &mut impl Read,
    finished: u64,
    config: &RunConfig,
    definition: &Definition,
) -> Result<SamplesDone, FillError> {
    let corrupted = |e: String| FillError::Corrupted(format!("its '{SAMPLES_SECTION}' section: {e}"));
    let Some(section) = section.filter(|s| s.name == SAMPLES_SECTION) else {
        return Err(FillError::Corrupted(format!("section '{SAMPLES_SECTION}' is missing")));
    };
    let most = finished.saturating_mul(crate::audit::samples::max_record_words());
    if section.len > most {
        return Err(corrupted(format!("{} values, more than {finished} samples hold", section.len)));
    }
    let mut bytes = vec![0u8; section.len as usize * 8];
    input.read_exact(&mut bytes).map_err(FillError::Io)?;
    let values: Vec<u64> = bytes.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes"))).collect();
    let count = definition.samples.expect("a header with finished samples has a number of samples");
    let size = config.shuffles / count;
    let DeckSource::Builtin(b) = &config.source else {
        return Err(corrupted("a run of samples is of a built-in shuffle".into()));
    };
    let (seed, max_seed) = (b.seed, b.rng.max_seed());
    let results = crate::audit::samples::decode_results(&values, finished, size, |k| {
        crate::audit::samples::sample_seed(seed, k, max_seed)
    })
    .map_err(corrupted)?;
    Ok(SamplesDone { count, results })
}

/// The longest header line a state may have: a run's header is a few kilobytes (its sections' names, its chunk
/// ranges and its fault), so a longer one is not a state this tool wrote.
pub(crate) const MAX_HEADER_BYTES: usize = 1 << 20;
/// The most time a state may say was spent counting: 10^12 s, some 31,700 years.
const MAX_SECONDS: f64 = 1e12;
/// The most threads a state may say counted: far beyond any machine's 4 × its cores.
const MAX_THREADS: usize = 1 << 16;

impl Header {
    /// The header of its JSON line, field by field, so that a field of the wrong type is named. The tool's
    /// version comes first: another version's header may have other fields.
    fn from_json(line: &[u8]) -> Result<Header, StateError> {
        let value: serde_json::Value = serde_json::from_slice(line)
            .map_err(|e| StateError::Corrupted(format!("its header cannot be read ({e})")))?;
        let serde_json::Value::Object(mut fields) = value else {
            return Err(StateError::Corrupted("its header is not a JSON object".into()));
        };
        let mut take = |name: &'static str| fields.remove(name).unwrap_or(serde_json::Value::Null);
        fn parse<T: serde::de::DeserializeOwned>(name: &'static str, v: serde_json::Value) -> Result<T, StateError> {
            let missing = v.is_null();
            serde_json::from_value(v).map_err(|e| {
                StateError::field(name, if missing { "it is missing (or null)".to_string() } else { e.to_string() })
            })
        }
        let tool_version: String = parse("tool_version", take("tool_version"))?;
        if tool_version != TOOL_VERSION {
            return Err(StateError::OtherTool { found: tool_version });
        }
        Ok(Header {
            tool_version,
            definition: parse("definition", take("definition"))?,
            definition_sha256: parse("definition_sha256", take("definition_sha256"))?,
            chunk_shuffles: parse("chunk_shuffles", take("chunk_shuffles"))?,
            chunks: parse("chunks", take("chunks"))?,
            covered: parse("covered", take("covered"))?,
            shuffles_counted: parse("shuffles_counted", take("shuffles_counted"))?,
            shard: parse("shard", take("shard"))?,
            fault: parse("fault", take("fault"))?,
            seconds: parse("seconds", take("seconds"))?,
            threads: parse("threads", take("threads"))?,
            sections: parse("sections", take("sections"))?,
            window: parse("window", take("window"))?,
            samples_finished: parse("samples_finished", take("samples_finished"))?,
        })
    }

    /// Checks every field against the others and the definition, before any counter is read; the run's
    /// configuration when all hold. Errors name the field.
    fn check(&self) -> Result<RunConfig, StateError> {
        if self.definition.sha256() != self.definition_sha256 {
            return Err(StateError::Corrupted("its definition does not match the definition's hash".into()));
        }
        if self.chunk_shuffles != CHUNK_SHUFFLES {
            return Err(StateError::field(
                "chunk_shuffles",
                format!("chunks of {} shuffles, not {CHUNK_SHUFFLES}", self.chunk_shuffles),
            ));
        }
        let config = self.definition.config()?;
        config.validate().map_err(|e| StateError::Invalid(e.to_string()))?;
        let chunks = config.chunks();
        if self.chunks != chunks {
            return Err(StateError::field(
                "chunks",
                format!("{} chunks where the definition has {chunks}", self.chunks),
            ));
        }
        let covered: Vec<Range<u64>> = self.covered.iter().map(|&[a, b]| a..b).collect();
        let sorted = covered.windows(2).all(|w| w[0].end < w[1].start);
        if !sorted || covered.iter().any(|r| r.start >= r.end || r.end > chunks) {
            return Err(StateError::field(
                "covered",
                format!("its chunk ranges are not sorted, disjoint ranges of the run's {chunks} chunks"),
            ));
        }
        if let Some([i, k]) = self.shard {
            crate::audit::config::check_shard(i, k, chunks)
                .map_err(|e| StateError::field("shard", format!("[{i}, {k}]: {}", e.message)))?;
            let part = crate::audit::runner::shard_chunks(chunks, i, k);
            if covered.iter().any(|r| r.start < part.start || r.end > part.end) {
                return Err(StateError::field(
                    "shard",
                    format!("shard {i} of {k} counts chunks {}, its chunk ranges go beyond them", range_label(&part)),
                ));
            }
        }
        let in_covered = shuffles_in(&covered, config.shuffles);
        if let Some(f) = &self.fault {
            let holds = covered.iter().any(|r| r.contains(&f.chunk));
            if !holds {
                return Err(StateError::field(
                    "fault",
                    format!("its chunk {} is not one of the chunks counted", f.chunk),
                ));
            }
            let first = f.chunk * CHUNK_SHUFFLES + 1;
            let last = ((f.chunk + 1) * CHUNK_SHUFFLES).min(config.shuffles);
            if !(first..=last).contains(&f.report.first_shuffle) {
                return Err(StateError::field(
                    "fault",
                    format!(
                        "its first faulty shuffle {} is not in its chunk {} (shuffles {first}..={last})",
                        f.report.first_shuffle, f.chunk
                    ),
                ));
            }
        }
        // A run that met a fault stops counting inside the faulty chunk; any other counts its chunks whole; a run
        // of samples, its finished samples whole.
        let consistent = match (self.fault.as_ref(), self.samples()?) {
            (_, Some((_, size, finished))) => self.shuffles_counted == finished * size,
            (None, None) => self.shuffles_counted == in_covered,
            (Some(_), None) => self.shuffles_counted <= in_covered,
        };
        if !consistent {
            return Err(StateError::field(
                "shuffles_counted",
                format!("{} where its chunk ranges hold {in_covered} shuffles", self.shuffles_counted),
            ));
        }
        if !(self.seconds.is_finite() && !self.seconds.is_sign_negative() && self.seconds <= MAX_SECONDS) {
            return Err(StateError::field(
                "seconds",
                format!("{} is not a time spent counting (0 to {MAX_SECONDS:e} seconds)", self.seconds),
            ));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(StateError::field("threads", format!("{} is not 1..={MAX_THREADS}", self.threads)));
        }
        Ok(config)
    }
}

impl Header {
    /// A run of samples' number of samples, their size and how many are finished, checked against the rest of
    /// the header: its samples are seeded runs of their own, so it counts no chunk of the run, is no shard and
    /// has met no fault (a fault ends a run of samples, which is not resumed then).
    fn samples(&self) -> Result<Option<(u64, u64, u64)>, StateError> {
        let (count, finished) = match (self.definition.samples, self.samples_finished) {
            (None, None) => return Ok(None),
            (Some(count), Some(finished)) => (count, finished),
            (Some(_), None) => return Err(StateError::field("samples_finished", "it is missing (or null)")),
            (None, Some(_)) => {
                return Err(StateError::field("samples_finished", "the definition is of a run without samples"));
            }
        };
        let size = crate::audit::samples::check_samples(count, self.definition.shuffles, "shuffles")
            .map_err(|e| StateError::field("definition", e.to_string()))?;
        if finished > count {
            return Err(StateError::field("samples_finished", format!("{finished} of {count} samples")));
        }
        let extra = [
            ("covered", !self.covered.is_empty()),
            ("shard", self.shard.is_some()),
            ("fault", self.fault.is_some()),
            ("window", self.window.is_some()),
        ];
        if let Some((field, _)) = extra.iter().find(|(_, given)| *given) {
            return Err(StateError::field(field, "a run of samples' state has none"));
        }
        Ok(Some((count, size, finished)))
    }
}

/// A reader that hashes and counts what it gives: the state's checksum covers everything before it.
struct Hashing<R> {
    inner: R,
    sha: Sha256,
    read: u64,
}

/// A line read with a bound on its length.
enum Line {
    /// Its bytes, without the `\n`.
    Full(Vec<u8>),
    /// The input ended before a `\n`.
    Eof,
    /// No `\n` within the bound.
    TooLong,
}

impl<R: BufRead> Hashing<R> {
    fn new(inner: R) -> Self {
        Hashing { inner, sha: Sha256::new(), read: 0 }
    }

    fn consume(&mut self, n: usize) {
        let buf = self.inner.fill_buf().expect("the bytes just looked at are buffered");
        self.sha.update(&buf[..n]);
        self.read += n as u64;
        self.inner.consume(n);
    }

    /// Reads up to the next `\n` (consumed, not returned), reading at most `max` bytes before it.
    fn read_line(&mut self, max: usize) -> io::Result<Line> {
        let mut line = Vec::new();
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                return Ok(Line::Eof);
            }
            let (take, end) = match memchr::memchr(b'\n', buf) {
                Some(at) => (at, true),
                None => (buf.len(), false),
            };
            if line.len() + take > max {
                return Ok(Line::TooLong);
            }
            line.extend_from_slice(&buf[..take]);
            self.consume(take + usize::from(end));
            if end {
                return Ok(Line::Full(line));
            }
        }
    }
}

impl<R: BufRead> Read for Hashing<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let buf = self.inner.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// Whether a state may be written to `path`: nothing is there, an empty file, or a state file of this tool (of
/// any version: checkpoints, re-runs and resumed runs replace their own state). Anything else, a decks file or
/// a folder, is refused before any work starts.
pub fn check_replaceable(path: &Path) -> Result<(), StateError> {
    let (mut file, len) = match open_regular(path) {
        Err(e) if e.is_not_found() => return Ok(()),
        result => result?,
    };
    if len == 0 {
        return Ok(());
    }
    let mut start = [0u8; MAGIC.len()];
    match file.read_exact(&mut start) {
        Ok(()) if start == *MAGIC.as_bytes() => Ok(()),
        Ok(()) => Err(StateError::Foreign),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(StateError::Foreign),
        Err(e) => Err(StateError::Io(e.to_string())),
    }
}

/// Reads a state's magic, format version and header from `r`, a file of `len` bytes.
fn read_head<R: BufRead>(r: &mut Hashing<R>, len: u64) -> Result<Header, StateError> {
    let mut magic = [0u8; MAGIC.len()];
    match r.read_exact(&mut magic) {
        Ok(()) if magic == *MAGIC.as_bytes() => {}
        Ok(()) => return Err(StateError::NotAState),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Err(StateError::NotAState),
        Err(e) => return Err(StateError::io(e)),
    }
    let truncated_header = StateError::TruncatedHeader { found: len };
    let version: u32 = match r.read_line(16).map_err(StateError::io)? {
        Line::Full(v) => std::str::from_utf8(&v).ok().and_then(|v| v.parse().ok()),
        Line::Eof => return Err(truncated_header),
        Line::TooLong => None,
    }
    .ok_or_else(|| StateError::Corrupted("the format version is not a number".into()))?;
    if version > FORMAT_VERSION {
        return Err(StateError::FutureVersion { found: version });
    }
    if version < 1 {
        return Err(StateError::Corrupted(format!("format version {version} does not exist")));
    }
    let header = match r.read_line(MAX_HEADER_BYTES).map_err(StateError::io)? {
        Line::Full(h) => h,
        Line::Eof => return Err(truncated_header),
        Line::TooLong => return Err(StateError::HeaderTooLong),
    };
    let header = Header::from_json(&header)?;
    Ok(header)
}

/// Checks, before a run writes checkpoints to `state`, that the window file they would write beside it
/// (`<state>.window`, overwritten by the checkpoints and removed at the end) is absent or is the window of the
/// checkpoint already in `state` (a resumed run's): a file of the user's at that name is refused, not lost.
pub fn check_window_replaceable(state: &Path) -> Result<(), StateError> {
    let Some(name) = state.file_name() else { return Ok(()) };
    let mut window_name = name.to_os_string();
    window_name.push(".window");
    let window = state.with_file_name(&window_name);
    match std::fs::symlink_metadata(&window) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(StateError::io(e)),
        Ok(_) => {}
    }
    let names_it = open_regular(state).ok().and_then(|(file, len)| {
        let header = read_head(&mut Hashing::new(BufReader::new(file)), len).ok()?;
        Some(header.window.is_some_and(|w| std::ffi::OsStr::new(&w.file) == window_name))
    });
    if names_it == Some(true) { Ok(()) } else { Err(StateError::ForeignWindow(window.display().to_string())) }
}

/// `0..5` as chunks: `0..=4`.
pub fn range_label(r: &Range<u64>) -> String {
    if r.end == r.start + 1 { r.start.to_string() } else { format!("{}..={}", r.start, r.end - 1) }
}

fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Gathers every section for [`RunState::encode`]; with `external`, the duplicate-deck window goes into
/// `window` (its bytes only when they differ from what the window file holds, `external`'s content).
#[derive(Default)]
struct Collect {
    sections: Vec<Section>,
    values: Vec<u64>,
    external: Option<Option<WrittenWindow>>,
    window: Option<WrittenWindow>,
    window_bytes: Option<Vec<u8>>,
}

impl CountVisitor for Collect {
    fn visit(&mut self, name: &str, values: &mut [u64]) {
        self.read(name, values);
    }

    fn only_reads(&self) -> bool {
        true
    }

    fn read(&mut self, name: &str, values: &[u64]) {
        self.sections.push(Section { name: name.to_string(), len: values.len() as u64 });
        match &self.external {
            Some(written) if name == WINDOW_SECTION && !values.is_empty() => {
                let len = values.len() as u64;
                if let Some(w) = written.as_ref().filter(|w| w.values == len) {
                    // The window only grows: as many values as the file holds are the file's values.
                    self.window = Some(w.clone());
                } else {
                    let mut bytes = Vec::with_capacity(values.len() * 8);
                    for v in values {
                        bytes.extend_from_slice(&v.to_le_bytes());
                    }
                    let sha256 = hex(&Sha256::digest(&bytes));
                    self.window = Some(WrittenWindow { values: len, sha256 });
                    self.window_bytes = Some(bytes);
                }
            }
            _ => self.values.extend_from_slice(values),
        }
    }
}

/// A checkpoint's window file, read as a hostile one: a regular file, of exactly the size its state announces,
/// whose SHA-256 is the one its state (itself checksummed) records.
struct WindowInput {
    name: String,
    input: BufReader<std::fs::File>,
    sha: Sha256,
    values: u64,
    want: String,
}

impl WindowInput {
    fn open(w: &WindowFile, folder: Option<&Path>) -> Result<WindowInput, StateError> {
        let fail = |reason: String| StateError::Window { file: w.file.clone(), reason };
        let bare = !w.file.is_empty() && !w.file.contains(['/', '\\']) && w.file != "." && w.file != "..";
        if !bare {
            return Err(StateError::field("window", format!("'{}' is not a file name", w.file)));
        }
        if w.sha256.len() != 64 || !w.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(StateError::field("window", "its sha256 is not 64 hexadecimal digits"));
        }
        let Some(folder) = folder else {
            return Err(fail("a checkpoint's window is in a file of its own: read the state from its file".into()));
        };
        let (file, len) = open_regular(&folder.join(&w.file)).map_err(|e| fail(StateError::from(e).to_string()))?;
        let want = w.values.checked_mul(8).ok_or_else(|| StateError::field("window", "too many values"))?;
        if len != want {
            return Err(fail(format!("{len} bytes where the state announces {want}")));
        }
        Ok(WindowInput {
            name: w.file.clone(),
            input: BufReader::with_capacity(1 << 16, file),
            sha: Sha256::new(),
            values: w.values,
            want: w.sha256.to_ascii_lowercase(),
        })
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), FillError> {
        self.input.read_exact(buf).map_err(|e| self.failed(format!("cannot be read ({e})")))?;
        self.sha.update(&*buf);
        Ok(())
    }

    fn failed(&self, reason: String) -> FillError {
        FillError::Window(StateError::Window { file: self.name.clone(), reason })
    }

    /// Its checksum, once every value is read.
    fn finish(self) -> Result<(), FillError> {
        if hex(&self.sha.clone().finalize()) != self.want {
            return Err(self.failed("its SHA-256 does not match the one its state records".into()));
        }
        Ok(())
    }
}

/// Overwrites a fresh tally's counters with the file's, checking each section's name and length before its
/// values are read.
struct Fill<'a, R> {
    sections: std::slice::Iter<'a, Section>,
    input: &'a mut R,
    /// A checkpoint's window file, which holds the window section.
    window: Option<WindowInput>,
    buf: Vec<u8>,
    error: Option<FillError>,
}

enum FillError {
    Corrupted(String),
    Io(io::Error),
    Window(StateError),
}

impl<R: Read> CountVisitor for Fill<'_, R> {
    fn visit(&mut self, name: &str, values: &mut [u64]) {
        if self.error.is_some() {
            return;
        }
        match self.sections.next() {
            Some(s) if s.name == name && s.len == values.len() as u64 => {
                let external = name == WINDOW_SECTION && self.window.is_some();
                if let Some(w) = self.window.as_ref().filter(|_| external)
                    && w.values != s.len
                {
                    self.error = Some(w.failed(format!("{} values where its section has {}", w.values, s.len)));
                    return;
                }
                // In pieces of 8192 values: a section's bytes are never held whole.
                for piece in values.chunks_mut(8192) {
                    self.buf.resize(piece.len() * 8, 0);
                    let read = match (&mut self.window, external) {
                        (Some(w), true) => w.read_exact(&mut self.buf),
                        _ => self.input.read_exact(&mut self.buf).map_err(FillError::Io),
                    };
                    if let Err(e) = read {
                        self.error = Some(e);
                        return;
                    }
                    for (v, b) in piece.iter_mut().zip(self.buf.chunks_exact(8)) {
                        *v = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                    }
                }
            }
            Some(s) => {
                self.error = Some(FillError::Corrupted(format!(
                    "section '{}' of {} values where this run has '{name}' of {}",
                    s.name,
                    s.len,
                    values.len()
                )))
            }
            None => self.error = Some(FillError::Corrupted(format!("section '{name}' is missing"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::runner::{Control, run_into};
    use crate::shuffle::AlgorithmKind;

    fn config(shuffles: u64) -> RunConfig {
        RunConfig {
            threads: Some(2),
            ..RunConfig::new(Algorithm::new(AlgorithmKind::NaiveSwap), RngKind::Msvc, 13, shuffles, 9)
        }
    }

    fn state_of(config: &RunConfig, chunks: Range<u64>, shard: Option<(u64, u64)>) -> RunState {
        let mut counted = Counted::new(config);
        run_into(config, &mut counted, chunks, &mut Control::default()).unwrap();
        RunState::new(config, counted, shard, Duration::from_millis(3), 2).unwrap()
    }

    #[test]
    fn a_checkpoint_keeps_its_window_beside_it_and_reads_back_to_itself() {
        // 52 cards, so that the duplicate-deck test keeps its window: 2 chunks (2^15 decks) in it.
        let c = RunConfig {
            threads: Some(2),
            ..RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), RngKind::Chacha8, 52, 3 * CHUNK_SHUFFLES, 4)
        };
        let state = state_of(&c, 0..2, None);
        let dir = tempfile::tempdir().unwrap();
        let (path, window_path) = (dir.path().join("c.state"), dir.path().join("c.state.window"));
        let first = state.encode_checkpoint("c.state.window", None);
        let (window, written) = first.window.expect("a first checkpoint writes its window");
        // 2^15 decks of 5 words: the window is in its own file, and the state is the rest.
        assert_eq!(window.len(), 2 * CHUNK_SHUFFLES as usize * 5 * 8);
        assert!(state.encode().len() > window.len() && first.state.len() < 200_000, "{}", first.state.len());
        std::fs::write(&path, &first.state).unwrap();
        std::fs::write(&window_path, &window).unwrap();
        assert_eq!(RunState::read(&path).unwrap(), state);
        // The same window again: its bytes are not made again, and the state is the same.
        let again = state.encode_checkpoint("c.state.window", Some(&written));
        assert!(again.window.is_none() && again.state == first.state);
        // A state of a grown window: its file is to be rewritten.
        let grown = state_of(&c, 0..3, None).encode_checkpoint("c.state.window", Some(&written));
        assert!(grown.window.is_some());
        // Read from its bytes alone, without the folder of its window file.
        let e = RunState::decode(&first.state).unwrap_err().to_string();
        assert!(e.contains("c.state.window") && e.contains("in a file of its own"), "{e}");
        // A damaged window file: one byte changed, or cut short, or gone; each named, with what is wrong.
        let mut damaged = window.clone();
        damaged[1000] ^= 1;
        std::fs::write(&window_path, &damaged).unwrap();
        let e = RunState::read(&path).unwrap_err().to_string();
        assert!(e.contains("c.state.window") && e.contains("SHA-256"), "{e}");
        std::fs::write(&window_path, &window[..window.len() - 8]).unwrap();
        let e = RunState::read(&path).unwrap_err().to_string();
        assert!(e.contains("c.state.window") && e.contains("bytes where the state announces"), "{e}");
        std::fs::remove_file(&window_path).unwrap();
        let e = RunState::read(&path).unwrap_err().to_string();
        assert!(e.contains("c.state.window"), "{e}");
        // A header that points out of its folder is refused before anything is opened.
        let bytes = with_header(&first.state, |h| h["window"]["file"] = serde_json::json!("../c.state.window"));
        std::fs::write(&path, &bytes).unwrap();
        let e = RunState::read(&path).unwrap_err().to_string();
        assert!(e.contains("window") && e.contains("is not a file name"), "{e}");
    }

    #[test]
    fn a_state_reads_back_to_itself() {
        let c = config(5 * CHUNK_SHUFFLES + 77);
        let state = state_of(&c, 1..4, None);
        let bytes = state.encode();
        assert_eq!(RunState::decode(&bytes).unwrap(), state);
        assert!(bytes.starts_with(b"shuffle-audit state 1\n{"));
    }

    #[test]
    fn shards_add_up_to_the_whole_run() {
        let c = config(5 * CHUNK_SHUFFLES + 77);
        let whole = state_of(&c, 0..c.chunks(), None);
        let k = 3;
        let mut merged: Option<RunState> = None;
        for i in [2, 3, 1] {
            let part = crate::audit::runner::shard_chunks(c.chunks(), i, k);
            let s = RunState::decode(&state_of(&c, part, Some((i, k))).encode()).unwrap();
            match &mut merged {
                None => merged = Some(s),
                Some(m) => m.merge(&s).unwrap(),
            }
        }
        let merged = merged.unwrap();
        assert_eq!(merged.counted.tally, whole.counted.tally);
        assert_eq!(merged.counted.covered, vec![0..c.chunks()]);
        assert!(merged.missing().is_empty());
    }

    #[test]
    fn overlapping_and_foreign_states_are_refused() {
        let c = config(4 * CHUNK_SHUFFLES);
        let mut a = state_of(&c, 0..2, None);
        let b = state_of(&c, 1..3, None);
        assert!(a.merge(&b).unwrap_err().contains("both count chunks 1 (shuffles 16385..=32768)"));
        let other = state_of(&RunConfig { deck: 12, ..c.clone() }, 2..3, None);
        assert!(a.merge(&other).unwrap_err().contains("different runs"));
        let gap = state_of(&c, 3..4, None);
        a.merge(&gap).unwrap();
        assert_eq!(a.missing(), vec![2..3]);
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let bytes = state_of(&config(3 * CHUNK_SHUFFLES), 0..3, None).encode();
        let err = |b: &[u8]| RunState::decode(b).unwrap_err().to_string();
        assert!(err(&bytes[..bytes.len() - 1]).starts_with("truncated"), "{}", err(&bytes[..bytes.len() - 1]));
        assert_eq!(err(&bytes[..40]), "truncated: the file ends inside its header, after 40 bytes");
        let mut flipped = bytes.clone();
        let at = flipped.len() - 100;
        flipped[at] ^= 1;
        assert_eq!(err(&flipped), "corrupted: its SHA-256 checksum does not match its content");
        let future = [b"shuffle-audit state 2\n".as_slice(), &bytes[22..]].concat();
        assert!(err(&future).contains("newer shuffle-audit"), "{}", err(&future));
        assert!(err(b"hello").starts_with("not a shuffle-audit state file"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(err(&longer).starts_with("corrupted"));
    }

    /// `bytes` with its header edited and its checksum recomputed, as a file crafted to pass the checksum.
    fn with_header(bytes: &[u8], edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
        let first = memchr::memchr(b'\n', bytes).unwrap() + 1;
        let end = first + memchr::memchr(b'\n', &bytes[first..]).unwrap();
        let mut header: serde_json::Value = serde_json::from_slice(&bytes[first..end]).unwrap();
        edit(&mut header);
        let mut out = bytes[..first].to_vec();
        out.extend(serde_json::to_vec(&header).unwrap());
        out.extend_from_slice(&bytes[end..bytes.len() - CHECKSUM_BYTES]);
        let sum = Sha256::digest(&out);
        out.extend_from_slice(&sum);
        out
    }

    #[test]
    fn every_header_field_is_checked_and_named() {
        use serde_json::json;
        let c = config(5 * CHUNK_SHUFFLES + 77);
        let shard = crate::audit::runner::shard_chunks(c.chunks(), 1, 2);
        let bytes = state_of(&c, shard, Some((1, 2))).encode();
        let fault = json!({"chunk": 1, "report": {"kind": "not-a-permutation", "first_shuffle": 16386,
            "decks_checked": 1, "invalid_decks": 1, "description": "x", "headline": "x"}});
        type Edit<'a> = Box<dyn Fn(&mut serde_json::Value) + 'a>;
        let cases: Vec<(&str, Edit)> = vec![
            ("seconds", Box::new(|h| h["seconds"] = json!(-1.0))),
            ("seconds", Box::new(|h| h["seconds"] = json!(1e308))),
            ("seconds", Box::new(|h| h["seconds"] = json!("soon"))),
            ("threads", Box::new(|h| h["threads"] = json!(0))),
            ("threads", Box::new(|h| h["threads"] = json!(-1))),
            ("threads", Box::new(|h| h["threads"] = json!(1u64 << 40))),
            ("chunk_shuffles", Box::new(|h| h["chunk_shuffles"] = json!(100))),
            ("chunks", Box::new(|h| h["chunks"] = json!(7))),
            ("covered", Box::new(|h| h["covered"] = json!([[2, 1]]))),
            ("covered", Box::new(|h| h["covered"] = json!([[0, 2], [1, 3]]))),
            ("covered", Box::new(|h| h["covered"] = json!([[0, 99]]))),
            ("covered", Box::new(|h| h["covered"] = json!([[0]]))),
            ("shuffles_counted", Box::new(|h| h["shuffles_counted"] = json!(5))),
            ("shard", Box::new(|h| h["shard"] = json!([0, 2]))),
            ("shard", Box::new(|h| h["shard"] = json!([3, 2]))),
            ("shard", Box::new(|h| h["shard"] = json!([1, 0]))),
            ("shard", Box::new(|h| h["shard"] = json!([1, 99]))),
            ("shard", Box::new(|h| h["shard"] = json!([2, 2]))),
            ("shard", Box::new(|h| h["shard"] = json!([-1, 2]))),
            ("fault", Box::new(|h| h["fault"] = json!({"chunk": 99, "report": fault["report"]}))),
            ("fault", Box::new(|h| h["fault"] = json!({"chunk": 1, "report": {"kind": "nope"}}))),
            ("fault", Box::new(|h| h["fault"]["report"]["first_shuffle"] = json!(1))),
            ("sections", Box::new(|h| h["sections"][0]["len"] = json!(u64::MAX))),
            ("sections", Box::new(|h| h["sections"] = json!({}))),
            ("definition_sha256", Box::new(|h| h["definition_sha256"] = json!(null))),
        ];
        for (field, edit) in &cases {
            let crafted = with_header(&bytes, |h| {
                if *field == "fault" {
                    h["fault"] = fault.clone();
                }
                edit(h)
            });
            let e = RunState::decode(&crafted).unwrap_err().to_string();
            assert!(e.contains(&format!("header field '{field}'")), "{field}: {e}");
        }
        // Two sections' lengths swapped keep the file's size: the first one read that does not fit is named.
        let crafted = with_header(&bytes, |h| {
            let (a, b) = (h["sections"][0]["len"].clone(), h["sections"][1]["len"].clone());
            h["sections"][0]["len"] = b;
            h["sections"][1]["len"] = a;
        });
        let e = RunState::decode(&crafted).unwrap_err().to_string();
        assert!(e.contains("where this run has 'position_card.shuffles' of 1"), "{e}");
        // The header as written passes, and a fault within the chunks counted too.
        RunState::decode(&with_header(&bytes, |_| {})).unwrap();
        assert_eq!(
            RunState::decode(&with_header(&bytes, |h| h["fault"] = fault.clone())).unwrap().counted.fault.unwrap().0,
            1
        );
    }

    /// A run of samples stopped as its third sample starts: its state reads back to itself, is a run of its own
    /// (its definition's hash is not the unsplit run's), is never merged, and a header or a `samples` section that
    /// disagrees with the run is refused, naming what.
    #[test]
    fn a_run_of_samples_state_reads_back_and_is_checked() {
        use crate::audit::meter::Progress;
        use crate::audit::stop::{StopFlag, StopReason};
        use crate::audit::verdict::Thresholds;
        use serde_json::json;
        let c = RunConfig {
            threads: Some(2),
            ..RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), RngKind::Pcg32, 20, 4000, 7)
        };
        let stop = StopFlag::new();
        let asked = |k: u64| {
            if k == 2 {
                stop.request(StopReason::Interrupt);
            }
            Progress::Hidden
        };
        let part = crate::audit::run_samples(&c, 4, &Thresholds::default(), asked, Some(&stop), None).unwrap();
        let state = RunState::of_sampled(&part, &c).expect("a run stopped part-way has a state");
        let bytes = state.encode();
        assert_eq!(RunState::decode(&bytes).unwrap(), state);
        assert_eq!(state.samples.as_ref().map(|s| (s.count, s.results.len())), Some((4, 2)));
        assert_eq!(state.counted.tally.shuffles(), 2000);
        assert_ne!(state.definition_sha256(), RunState::definition_sha256_of(&c).unwrap());
        // Never merged, with itself or with a state of the unsplit run.
        assert!(state.clone().merge(&state).unwrap_err().contains("run --resume"));
        assert!(state_of(&c, 0..1, None).merge(&state).unwrap_err().contains("run --resume"));
        // Header fields that disagree with a run of samples, each named.
        type Edit<'a> = Box<dyn Fn(&mut serde_json::Value) + 'a>;
        let resized = |h: &mut serde_json::Value, samples: u64| {
            h["definition"]["samples"] = json!(samples);
            let d: Definition = serde_json::from_value(h["definition"].clone()).unwrap();
            h["definition_sha256"] = json!(d.sha256());
        };
        let cases: Vec<(&str, Edit)> = vec![
            ("samples_finished", Box::new(|h| h["samples_finished"] = json!(5))),
            ("samples_finished", Box::new(|h| h["samples_finished"] = json!(null))),
            ("covered", Box::new(|h| h["covered"] = json!([[0, 1]]))),
            ("shard", Box::new(|h| h["shard"] = json!([1, 2]))),
            ("shuffles_counted", Box::new(|h| h["shuffles_counted"] = json!(3000))),
            ("definition", Box::new(|h| resized(h, 3))),
            ("definition", Box::new(|h| resized(h, 400))),
        ];
        for (field, edit) in &cases {
            let e = RunState::decode(&with_header(&bytes, edit)).unwrap_err().to_string();
            assert!(e.contains(&format!("header field '{field}'")), "{field}: {e}");
        }
        // A run without samples whose header says some were finished.
        let plain = state_of(&c, 0..1, None).encode();
        let e = RunState::decode(&with_header(&plain, |h| h["samples_finished"] = json!(1))).unwrap_err().to_string();
        assert!(e.contains("header field 'samples_finished'"), "{e}");
        // Results that are not the run's, or not probabilities, or more than the samples finished.
        let damaged = |change: &dyn Fn(&mut SamplesDone)| {
            let mut bad = state.clone();
            change(bad.samples.as_mut().unwrap());
            RunState::decode(&bad.encode()).unwrap_err().to_string()
        };
        let e = damaged(&|s| s.results[1].seed = Some(1));
        assert!(e.contains("'samples' section: sample 2 says index 2, seed 1,"), "{e}");
        let e = damaged(&|s| s.results[0].tests[0].ln_p = 0.5);
        assert!(e.contains("sample 1: a test's ln p 0.5 is not the log of a probability"), "{e}");
        let e = damaged(&|s| s.results[0].first_deck = 2);
        assert!(e.contains("sample 1 says index 1") && e.contains("first deck 2,"), "{e}");
        let e = RunState::decode(&with_header(&bytes, |h| {
            h["samples_finished"] = json!(1);
            h["shuffles_counted"] = json!(1000);
        }))
        .unwrap_err()
        .to_string();
        assert!(e.contains("more than 1 samples hold") || e.contains("words follow the last of its 1 samples"), "{e}");
    }

    #[test]
    fn a_header_line_is_read_up_to_a_bound_and_the_size_checked_before_the_counters() {
        let bytes = state_of(&config(3 * CHUNK_SHUFFLES), 0..3, None).encode();
        let mut long = b"shuffle-audit state 1\n".to_vec();
        long.resize(long.len() + MAX_HEADER_BYTES + 10, b' ');
        assert_eq!(RunState::decode(&long).unwrap_err(), StateError::HeaderTooLong);
        // A header announcing far more counters than the file holds is refused before they are read.
        let huge = with_header(&bytes, |h| h["sections"][1]["len"] = serde_json::json!(1u64 << 40));
        assert!(matches!(RunState::decode(&huge).unwrap_err(), StateError::Truncated { .. }));
    }

    #[test]
    fn a_per_deal_run_keeps_its_seeding_and_its_decks() {
        let mut c = RunConfig { deck: 52, ..config(3 * CHUNK_SHUFFLES + 5) };
        if let DeckSource::Builtin(b) = &mut c.source {
            b.seeding = Seeding::PerDeal { space: Some(100_000) };
        }
        let whole = state_of(&c, 0..c.chunks(), None);
        let back = RunState::decode(&whole.encode()).unwrap();
        assert_eq!(back, whole);
        assert!(back.counted.tally.battery.duplicates.as_ref().unwrap().decks() == 3 * CHUNK_SHUFFLES + 5);
        // Shards merged in any order are the whole run, the kept decks included; another seed space is another run.
        let mut merged = RunState::decode(&state_of(&c, 2..c.chunks(), Some((2, 2))).encode()).unwrap();
        merged.merge(&RunState::decode(&state_of(&c, 0..2, Some((1, 2))).encode()).unwrap()).unwrap();
        assert_eq!(merged.counted.tally, whole.counted.tally);
        // Byte for byte (the timings aside): the kept decks are stored sorted, whatever the merge order.
        assert_eq!(RunState { seconds: whole.seconds, ..merged.clone() }.encode(), whole.encode());
        let mut other = c.clone();
        if let DeckSource::Builtin(b) = &mut other.source {
            b.seeding = Seeding::PerDeal { space: None };
        }
        assert!(whole.clone().merge(&state_of(&other, 3..4, None)).unwrap_err().contains("different runs"));
        // A run seeded once has no seeding in its definition: its hash is the one it always had.
        let once = String::from_utf8_lossy(&state_of(&config(10), 0..1, None).encode()[..400]).into_owned();
        assert!(!once.contains("seeding"), "{once}");
    }

    #[test]
    fn a_game_run_keeps_its_tables() {
        use crate::game::Game;
        use crate::game::deal::DealShape;
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let c = RunConfig { deck: 54, deal: Some(deal), ..config(2 * CHUNK_SHUFFLES + 3) };
        let state = state_of(&c, 0..c.chunks(), None);
        let back = RunState::decode(&state.encode()).unwrap();
        assert_eq!(back.counted.tally.game, state.counted.tally.game);
        assert!(back.counted.tally.game.as_ref().unwrap().doudizhu.is_some());
    }
}
