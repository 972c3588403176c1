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
//! counting, summed over merged states), `threads` (the most threads that counted) and `sections` (each counter array's name and length). A state is refused
//! when it is truncated, when its checksum or its definition's hash does not match, when it comes from another
//! version of the tool or a newer format, and when its sections are not those of its definition.

use std::ops::Range;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::audit::fault::FaultReport;
use crate::audit::runner::{CHUNK_SHUFFLES, Counted, RunConfig, coalesce, shuffles_in};
use crate::audit::source::{Builtin, DeckSource, PostProcess, Seeding};
use crate::game::deal::DealConfig;
use crate::rng::RngKind;
use crate::shuffle::Algorithm;
use crate::stats::TestSelection;
use crate::stats::statistic::CountVisitor;

/// The format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The start of every state file.
const MAGIC: &str = "shuffle-audit state ";
/// This build's version, which a state must have been written by.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");
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
    #[error(
        "written by shuffle-audit {found}, this is {TOOL_VERSION}: counts of another version are not merged or resumed"
    )]
    OtherTool { found: String },
    #[error("its definition cannot be run: {0}")]
    Invalid(String),
}

/// The run a state belongs to: everything that fixes its decks and its counters (the source, the deck, the
/// deal, the tests and the total number of shuffles); not the thread count, the thresholds or the output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Definition {
    algorithm: Algorithm,
    rng: RngKind,
    seed: u64,
    post: PostProcess,
    deck: usize,
    shuffles: u64,
    deal: Option<DealConfig>,
    tests: TestSelection,
    /// Absent for `once`, so that the definitions (and their hashes) of runs seeded once stay as they were.
    #[serde(default, skip_serializing_if = "Seeding::is_once")]
    seeding: Seeding,
}

impl Definition {
    fn of(config: &RunConfig) -> Option<Self> {
        let b = config.builtin()?;
        Some(Definition {
            algorithm: b.algorithm,
            rng: b.rng,
            seed: b.seed,
            post: b.post,
            deck: config.deck,
            shuffles: config.shuffles,
            deal: config.deal,
            tests: config.tests,
            seeding: b.seeding,
        })
    }

    fn config(&self) -> RunConfig {
        let source = DeckSource::Builtin(Builtin {
            algorithm: self.algorithm,
            rng: self.rng,
            seed: self.seed,
            post: self.post,
            seeding: self.seeding,
        });
        RunConfig { deal: self.deal, tests: self.tests, ..RunConfig::of(source, self.deck, self.shuffles) }
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

#[derive(Clone, Debug, Serialize, Deserialize)]
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
}

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
        })
    }

    /// The SHA-256 of the run's definition: states of one run share it.
    pub fn definition_sha256(&self) -> String {
        Definition::of(&self.config).expect("a state is of a built-in run").sha256()
    }

    /// The chunks the shard that wrote this state (or the whole run) is to count.
    pub fn wanted(&self) -> Range<u64> {
        match self.shard {
            Some((i, k)) => crate::audit::runner::shard_chunks(self.config.chunks(), i, k),
            None => 0..self.config.chunks(),
        }
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

    /// The state file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let definition = Definition::of(&self.config).expect("a state is of a built-in run");
        let mut tally = self.counted.tally.clone();
        let mut collect = Collect::default();
        tally.visit_counts(&mut collect);
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
        out
    }

    /// Reads a state file's bytes, checking everything the format promises.
    pub fn decode(bytes: &[u8]) -> Result<RunState, StateError> {
        let rest = bytes.strip_prefix(MAGIC.as_bytes()).ok_or(StateError::NotAState)?;
        let eol = memchr::memchr(b'\n', rest).ok_or(StateError::TruncatedHeader { found: bytes.len() as u64 })?;
        let version: u32 = std::str::from_utf8(&rest[..eol])
            .ok()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| StateError::Corrupted("the format version is not a number".into()))?;
        if version > FORMAT_VERSION {
            return Err(StateError::FutureVersion { found: version });
        }
        if version < 1 {
            return Err(StateError::Corrupted(format!("format version {version} does not exist")));
        }
        let header_start = MAGIC.len() + eol + 1;
        let header_len = memchr::memchr(b'\n', &bytes[header_start..])
            .ok_or(StateError::TruncatedHeader { found: bytes.len() as u64 })?;
        let header: Header = serde_json::from_slice(&bytes[header_start..header_start + header_len])
            .map_err(|e| StateError::Corrupted(format!("its header cannot be read ({e})")))?;
        let body_start = header_start + header_len + 1;
        let values: u64 = header.sections.iter().map(|s| s.len).sum();
        let expected =
            (body_start as u64).saturating_add(values.saturating_mul(8)).saturating_add(CHECKSUM_BYTES as u64);
        let found = bytes.len() as u64;
        if found < expected {
            return Err(StateError::Truncated { found, expected });
        }
        if found > expected {
            return Err(StateError::Corrupted(format!("{} bytes follow its end", found - expected)));
        }
        let (content, sum) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
        if Sha256::digest(content).as_slice() != sum {
            return Err(StateError::Corrupted("its SHA-256 checksum does not match its content".into()));
        }
        if header.tool_version != TOOL_VERSION {
            return Err(StateError::OtherTool { found: header.tool_version });
        }
        if header.definition.sha256() != header.definition_sha256 {
            return Err(StateError::Corrupted("its definition does not match the definition's hash".into()));
        }
        if header.chunk_shuffles != CHUNK_SHUFFLES {
            return Err(StateError::Corrupted(format!(
                "chunks of {} shuffles, not {CHUNK_SHUFFLES}",
                header.chunk_shuffles
            )));
        }
        let config = header.definition.config();
        config.validate().map_err(|e| StateError::Invalid(e.to_string()))?;
        if header.chunks != config.chunks() {
            return Err(StateError::Corrupted(format!(
                "{} chunks where the definition has {}",
                header.chunks,
                config.chunks()
            )));
        }
        let covered: Vec<Range<u64>> = header.covered.iter().map(|&[a, b]| a..b).collect();
        let sorted = covered.windows(2).all(|w| w[0].end < w[1].start);
        if !sorted || covered.iter().any(|r| r.start >= r.end || r.end > header.chunks) {
            return Err(StateError::Corrupted("its chunk ranges are not sorted, disjoint ranges of the run".into()));
        }
        let shard = match header.shard {
            Some([i, k]) => {
                crate::audit::runner::check_shard(i, k, header.chunks)
                    .map_err(|e| StateError::Corrupted(e.to_string()))?;
                Some((i, k))
            }
            None => None,
        };
        let mut tally = config.new_tally();
        let mut fill = Fill { sections: header.sections.iter(), body: &content[body_start..], error: None };
        tally.visit_counts(&mut fill);
        if let Some(e) = fill.error {
            return Err(StateError::Corrupted(e));
        }
        if let Some(s) = fill.sections.next() {
            return Err(StateError::Corrupted(format!("section '{}' is not a counter of this run", s.name)));
        }
        if tally.shuffles() != header.shuffles_counted {
            return Err(StateError::Corrupted(format!(
                "it says {} shuffles were counted, its counters hold {}",
                header.shuffles_counted,
                tally.shuffles()
            )));
        }
        if header.fault.is_none() && shuffles_in(&covered, config.shuffles) != header.shuffles_counted {
            return Err(StateError::Corrupted(format!(
                "its chunk ranges hold {} shuffles, its counters {}",
                shuffles_in(&covered, config.shuffles),
                header.shuffles_counted
            )));
        }
        let fault = header.fault.map(|f| (f.chunk, f.report));
        Ok(RunState {
            config,
            counted: Counted { tally, covered: coalesce(covered), fault },
            shard,
            seconds: header.seconds,
            threads: header.threads,
        })
    }
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

#[derive(Default)]
struct Collect {
    sections: Vec<Section>,
    values: Vec<u64>,
}

impl CountVisitor for Collect {
    fn visit(&mut self, name: &str, values: &mut [u64]) {
        self.sections.push(Section { name: name.to_string(), len: values.len() as u64 });
        self.values.extend_from_slice(values);
    }
}

/// Overwrites a fresh tally's counters with the file's, checking each section's name and length.
struct Fill<'a> {
    sections: std::slice::Iter<'a, Section>,
    body: &'a [u8],
    error: Option<String>,
}

impl CountVisitor for Fill<'_> {
    fn visit(&mut self, name: &str, values: &mut [u64]) {
        if self.error.is_some() {
            return;
        }
        match self.sections.next() {
            Some(s) if s.name == name && s.len == values.len() as u64 => {
                let (these, rest) = self.body.split_at(values.len() * 8);
                for (v, b) in values.iter_mut().zip(these.chunks_exact(8)) {
                    *v = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                }
                self.body = rest;
            }
            Some(s) => {
                self.error = Some(format!(
                    "section '{}' of {} values where this run has '{name}' of {}",
                    s.name,
                    s.len,
                    values.len()
                ))
            }
            None => self.error = Some(format!("section '{name}' is missing")),
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
