//! The parallel runner: N shuffles in fixed-size chunks, deterministic for a seed whatever the thread count.
//!
//! Chunk i (of [`CHUNK_SHUFFLES`] shuffles, the last one shorter) gets its own generator seeded with
//! [`chunk_seed`]`(seed, i)`: the (i+1)-th output of SplitMix64 started at `seed`. The C generators take the
//! low 32 bits as `srand(...)`; the others use `seed_from_u64`. Each chunk shuffles fresh decks (`0..n`, or the
//! deal's starting order, e.g. 斗地主's rank order) one after another from its own stream, applies the cut or
//! burn, and adds every deck to a [`Tally`] (a [`crate::stats::Battery`] that also deals it when the run has a deal); batteries are merged with integer
//! additions, so the merged counts are the same bytes for 1 thread or 64. Memory is one battery, one deck and
//! one scratch buffer per worker, independent of N.
//!
//! Each chunk is also one generator stream for the serial-correlation test: the battery pairs consecutive decks
//! within a chunk and never across chunks. Because chunk i's stream is fixed by (seed, i), a run of 2N shuffles
//! is a run of N shuffles plus the chunks after it ([`run_chunks`]), which progressive mode uses to double its
//! sample without redoing work.
//!
//! Faults stop the run early: a chunk that meets a shuffle that does not terminate, or output that is not a
//! permutation, reports it and no chunk with a higher index is started. Every chunk with a lower index still
//! runs, so the reported first fault is the same whatever the thread count.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::audit::fault::{FaultKind, FaultReport};
use crate::audit::meter::{Meter, MeterSpec};
use crate::audit::source::{Builtin, DeckSource, PostProcess};
use crate::audit::stop::{NEVER, StopFlag, StopReason};
use crate::audit::tally::Tally;
use crate::cards::{Card, MAX_DECK, MIN_DECK, NameStyle, PermutationDefect};
use crate::error::{ConfigError, Field};
use crate::game::deal::DealConfig;
use crate::rng::{AuditRng, RawRng, RngKind, SeededRng};
use crate::shuffle::{Algorithm, Fault, Scratch, Shuffle, Stuck};
use crate::stats::TestSelection;
use crate::{with_rng_type, with_shuffle};

/// Shuffles per chunk: large enough to amortise seeding and merging, small enough to balance two threads on a
/// short run.
pub const CHUNK_SHUFFLES: u64 = 1 << 14;

/// The generator seed of chunk `index`: SplitMix64 (Steele, Lea & Flood 2014) output number `index + 1` of the
/// stream started at `seed`.
pub fn chunk_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A validated run: what the engine needs, and nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct RunConfig {
    pub source: DeckSource,
    pub deck: usize,
    /// Shuffles to run (built-in sources) or valid decks read (external ones).
    pub shuffles: u64,
    /// Worker threads; `None` uses every core. A timing, not part of the run's definition: `run.json` shows the
    /// threads used beside the other timings.
    pub threads: Option<usize>,
    /// Deal every deck (`--game`): seat and game tests, and the deck's starting order.
    pub deal: Option<DealConfig>,
    /// The tests to apply (`--tests`).
    pub tests: TestSelection,
}

/// `run.json`'s `config`: the built-in source's algorithm, generator, seed and post-processing as fields of
/// their own, or the external source as `external`; then the deck, shuffles, deal and tests.
impl Serialize for RunConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Fields<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            algorithm: Option<&'a Algorithm>,
            #[serde(skip_serializing_if = "Option::is_none")]
            rng: Option<RngKind>,
            #[serde(skip_serializing_if = "Option::is_none")]
            seed: Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            post: Option<&'a crate::audit::source::PostProcess>,
            #[serde(skip_serializing_if = "Option::is_none")]
            external: Option<&'a crate::audit::source::ExternalSource>,
            #[serde(skip_serializing_if = "Option::is_none")]
            function: Option<&'a crate::audit::source::FunctionSource>,
            deck: usize,
            shuffles: u64,
            deal: &'a Option<DealConfig>,
            tests: TestSelection,
            #[serde(skip_serializing_if = "Option::is_none")]
            seeding: Option<crate::audit::source::SeedingMode>,
            /// The number of seeds of per-deal seeding (2^64 for the whole space of `seed_from_u64`).
            #[serde(skip_serializing_if = "Option::is_none")]
            seed_space: Option<u128>,
        }
        let b = self.builtin();
        let per_deal = b.filter(|b| !b.seeding.is_once());
        Fields {
            algorithm: b.map(|b| &b.algorithm),
            rng: b.map(|b| b.rng),
            seed: b.map(|b| b.seed),
            post: b.map(|b| &b.post),
            external: self.source.external(),
            function: self.source.function(),
            deck: self.deck,
            shuffles: self.shuffles,
            deal: &self.deal,
            tests: self.tests,
            seeding: per_deal.map(|b| b.seeding.mode()),
            seed_space: per_deal.and_then(|b| b.seeding.space(b.rng)),
        }
        .serialize(serializer)
    }
}

impl RunConfig {
    /// A built-in run with every option at its default: all cores, no cut or burn, no deal, the default tests.
    pub fn new(algorithm: Algorithm, rng: RngKind, deck: usize, shuffles: u64, seed: u64) -> Self {
        Self::of(DeckSource::Builtin(Builtin::new(algorithm, rng, seed)), deck, shuffles)
    }

    /// A run of `source` with every other option at its default.
    pub fn of(source: DeckSource, deck: usize, shuffles: u64) -> Self {
        RunConfig { source, deck, shuffles, threads: None, deal: None, tests: TestSelection::default() }
    }

    /// The built-in source, for the runner; `None` for decks made elsewhere.
    pub fn builtin(&self) -> Option<&Builtin> {
        self.source.builtin()
    }

    /// Checks what the engine relies on: the one copy of these checks, which the settings validation
    /// ([`crate::audit::settings`]) calls too.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_run(self)
    }

    /// Number of chunks of a run of `shuffles` shuffles.
    pub fn chunks(&self) -> u64 {
        self.shuffles.div_ceil(CHUNK_SHUFFLES)
    }

    /// The deck before every shuffle: `0..n`, or the deal's starting order.
    pub fn start_deck(&self) -> Vec<Card> {
        match &self.deal {
            Some(deal) => deal.start_deck(),
            None => (0..self.deck as Card).collect(),
        }
    }

    /// An empty tally for this run: the battery of the selected tests, with position counts that know the
    /// starting order, and the deal's statistics.
    pub fn new_tally(&self) -> Tally {
        Tally::new(self.deck, self.tests, self.deal.as_ref())
    }

    /// The source with its options in command-line form (`wash --swaps 108 --game doudizhu`).
    pub fn label(&self) -> String {
        self.source.label(self.deck, self.deal.as_ref())
    }

    /// The output directory's name (`run-wash-chacha8-54-swaps108`, `run-decks-deals-52`).
    pub fn dir_name(&self) -> String {
        self.source.dir_name(self.deck, self.deal.as_ref())
    }

    /// The command that reproduces this run (for a caller's function, the API call with its seed).
    pub fn reproduce_command(&self) -> String {
        if let DeckSource::Function(_) = &self.source {
            return self.source.run_arguments(self.deck, self.shuffles);
        }
        let mut s = format!("shuffle-audit run {}", self.source.run_arguments(self.deck, self.shuffles));
        if let Some(deal) = &self.deal {
            s.push(' ');
            s.push_str(&deal.label());
        }
        if !self.tests.is_default() {
            s.push_str(&format!(" --tests {}", self.tests));
        }
        s
    }
}

/// A deck size the tool supports: 2..=1024.
pub(crate) fn check_deck(n: usize) -> Result<(), ConfigError> {
    if !(MIN_DECK..=MAX_DECK).contains(&n) {
        return Err(ConfigError::new(Field::Deck, format!("{n} cards is outside 2..=1024")));
    }
    Ok(())
}

/// What the engine relies on in a run's configuration, however it was built.
pub(crate) fn check_run(c: &RunConfig) -> Result<(), ConfigError> {
    check_deck(c.deck)?;
    if c.shuffles == 0 {
        return Err(ConfigError::new(Field::Shuffles, "must be at least 1"));
    }
    if c.threads == Some(0) {
        return Err(ConfigError::new(Field::Threads, "must be at least 1"));
    }
    if let Some(b) = c.builtin() {
        if b.post.burn >= c.deck {
            return Err(ConfigError::new(
                Field::Burn,
                format!("cannot burn {} cards of a {}-card deck", b.post.burn, c.deck),
            ));
        }
        b.rng.check_seed(b.seed)?;
        check_seeding(b)?;
    }
    // The limits on the work hold for every source: a caller's function through the API runs as long and
    // starts as many threads as a built-in shuffle.
    crate::audit::limits::check_run(c.shuffles, c.threads, c.builtin().and_then(|b| b.algorithm.swaps))?;
    if let Some(deal) = &c.deal {
        deal.validate()?;
        if deal.deck != c.deck {
            return Err(deal_mismatch(deal, c.deck));
        }
    }
    c.tests.check(c.deck, c.shuffles, c.deal.map(|d| d.test_scope())).map_err(|m| ConfigError::new(Field::Tests, m))
}

/// A per-deal seed space of 1..=the generator's seeds.
pub(crate) fn check_seeding(b: &Builtin) -> Result<(), ConfigError> {
    if let crate::audit::source::Seeding::PerDeal { space: Some(n) } = b.seeding {
        let most = crate::audit::source::seed_space(b.rng);
        if n == 0 {
            return Err(ConfigError::new(Field::SeedSpace, "must be at least 1 seed"));
        }
        if u128::from(n) > most {
            return Err(ConfigError::new(
                Field::SeedSpace,
                format!("{n} seeds is more than {} has: {} seeds with {}", b.rng, most, seeding_rule(b.rng)),
            ));
        }
    }
    Ok(())
}

/// How a generator is seeded, in words.
fn seeding_rule(rng: RngKind) -> &'static str {
    if rng.is_c_library() { "srand(unsigned int)" } else { "seed_from_u64" }
}

/// The error of a deal that does not fit the deck.
pub(crate) fn deal_mismatch(deal: &DealConfig, n: usize) -> ConfigError {
    ConfigError::new(Field::Deck, format!("the {} deal needs {} cards, not {n}", deal.game, deal.deck))
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub tally: Tally,
    pub elapsed: Duration,
    pub fault: Option<FaultReport>,
    pub threads: usize,
}

impl RunOutcome {
    pub fn shuffles_per_second(&self) -> f64 {
        self.tally.shuffles() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

pub use crate::audit::meter::Progress;

/// Runs the configured shuffles of a built-in source and fills a tally.
pub fn run(config: &RunConfig, progress: Progress) -> Result<RunOutcome, ConfigError> {
    let mut counted = Counted::new(config);
    let mut control = Control { progress, ..Control::default() };
    let finish = run_into(config, &mut counted, 0..config.chunks(), &mut control)?;
    Ok(counted.into_outcome(finish.elapsed, finish.threads))
}

/// A pool of `threads` workers (`None`: every core).
pub(crate) fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, ConfigError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or_else(rayon::current_num_threads))
        .build()
        .map_err(|e| ConfigError::new(Field::Threads, e.to_string()))
}

/// Runs chunks `chunks` of the run `config` (whose `shuffles` fixes the length of the last chunk) in the current
/// rayon pool, without validating the configuration. The batteries of disjoint chunk ranges merge into the battery
/// of their union, byte for byte. A configuration of an external source counts nothing.
pub fn run_chunks(config: &RunConfig, chunks: Range<u64>, bar: &Meter) -> RunOutcome {
    run_chunks_until(config, chunks, bar, &NEVER).expect("a run that is never stopped counts every chunk")
}

/// [`run_chunks`], abandoned (`None`) when `stop` is set before every chunk is counted.
pub(crate) fn run_chunks_until(
    config: &RunConfig,
    chunks: Range<u64>,
    bar: &Meter,
    stop: &StopFlag,
) -> Option<RunOutcome> {
    let start = Instant::now();
    let wave = run_wave(config, chunks, bar, stop);
    if wave.abandoned {
        return None;
    }
    Some(RunOutcome {
        tally: wave.tally,
        elapsed: start.elapsed(),
        fault: wave.fault.map(|(_, r)| r),
        threads: rayon::current_num_threads(),
    })
}

/// What a set of chunks of one run counted: the tally, the chunk ranges it covers, and the first fault met with
/// its chunk. Sets of disjoint chunks merge into the set of their union, byte for byte: this is what a state file
/// holds ([`crate::audit::state`]), what shards add up and what a resumed run continues.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    pub tally: Tally,
    /// Chunk ranges counted, sorted, disjoint and coalesced.
    pub covered: Vec<Range<u64>>,
    /// The lowest chunk that met a fault, with its report.
    pub fault: Option<(u64, FaultReport)>,
}

impl Counted {
    /// Nothing counted yet.
    pub fn new(config: &RunConfig) -> Self {
        Counted { tally: config.new_tally(), covered: Vec::new(), fault: None }
    }

    /// Adds the counts of other chunks. The caller checks that the chunks are disjoint ([`Self::overlap`]).
    pub fn merge(&mut self, tally: &Tally, covered: &[Range<u64>], fault: Option<(u64, FaultReport)>) {
        self.tally.merge(tally);
        self.covered = coalesce(self.covered.iter().chain(covered).cloned().collect());
        if let Some((chunk, report)) = fault
            && self.fault.as_ref().is_none_or(|(c, _)| chunk < *c)
        {
            self.fault = Some((chunk, report));
        }
    }

    /// The first chunk range counted both here and in `other`, if any.
    pub fn overlap(&self, other: &[Range<u64>]) -> Option<Range<u64>> {
        self.covered.iter().find_map(|a| {
            other.iter().find_map(|b| {
                let (s, e) = (a.start.max(b.start), a.end.min(b.end));
                (s < e).then_some(s..e)
            })
        })
    }

    /// The chunk ranges of `wanted` not counted yet. After a fault, the chunks above the faulty one are not
    /// wanted any more: a run stops at its first fault.
    pub fn missing(&self, wanted: Range<u64>) -> Vec<Range<u64>> {
        let end = match &self.fault {
            Some((chunk, _)) => wanted.end.min(chunk + 1),
            None => wanted.end,
        };
        let mut gaps = Vec::new();
        let mut at = wanted.start;
        for r in &self.covered {
            if r.end <= at || r.start >= end {
                continue;
            }
            if r.start > at {
                gaps.push(at..r.start);
            }
            at = at.max(r.end);
        }
        if at < end {
            gaps.push(at..end);
        }
        gaps
    }

    /// The result of the chunks counted, as a finished run's outcome.
    pub fn into_outcome(self, elapsed: Duration, threads: usize) -> RunOutcome {
        RunOutcome { tally: self.tally, elapsed, fault: self.fault.map(|(_, r)| r), threads }
    }
}

/// Sorted, disjoint ranges with adjacent ones joined.
pub(crate) fn coalesce(mut ranges: Vec<Range<u64>>) -> Vec<Range<u64>> {
    ranges.retain(|r| r.start < r.end);
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<u64>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Shuffles in the chunk ranges `ranges` of a run of `shuffles` shuffles.
pub(crate) fn shuffles_in(ranges: &[Range<u64>], shuffles: u64) -> u64 {
    ranges
        .iter()
        .map(|r| {
            let end = (r.end * CHUNK_SHUFFLES).min(shuffles);
            end.saturating_sub(r.start * CHUNK_SHUFFLES)
        })
        .sum()
}

/// The chunks a run of `chunks` chunks counts: all of them, or shard `(index, count)`'s share.
pub(crate) fn wanted_chunks(chunks: u64, shard: Option<(u64, u64)>) -> Range<u64> {
    match shard {
        Some((i, k)) => shard_chunks(chunks, i, k),
        None => 0..chunks,
    }
}

/// Shard `index` of `count` (1-based): a contiguous share of the run's chunks, the shares as equal as they can be.
pub fn shard_chunks(chunks: u64, index: u64, count: u64) -> Range<u64> {
    let at = |i: u64| (u128::from(chunks) * u128::from(i) / u128::from(count)) as u64;
    at(index - 1)..at(index)
}

/// Checks a shard `index`/`count` of a run of `chunks` chunks.
pub(crate) fn check_shard(index: u64, count: u64, chunks: u64) -> Result<(), ConfigError> {
    if count == 0 || index == 0 || index > count {
        return Err(ConfigError::new(Field::Shard, format!("{index}/{count}: I must be in 1..=K, K at least 1")));
    }
    if count > chunks {
        return Err(ConfigError::new(
            Field::Shard,
            format!(
                "{count} shards of a run of {chunks} chunk(s) ({CHUNK_SHUFFLES} shuffles each): use at most {chunks} \
                 shards, or more shuffles"
            ),
        ));
    }
    Ok(())
}

/// How a resumable run reports along the way: its progress bar, the flag that stops it, and its checkpoints.
#[derive(Default)]
pub struct Control<'a> {
    pub progress: Progress,
    /// Looked at between chunks and every 64 shuffles inside one (see [`run_into`]).
    pub stop: Option<&'a StopFlag>,
    /// Called between waves of chunks, at most once per `.0`, with everything counted so far.
    pub checkpoint: Option<(Duration, &'a mut SaveCheckpoint<'a>)>,
}

/// What takes a checkpoint: given everything counted so far (it writes the state file, and says so itself
/// when that fails: a failed checkpoint does not stop the run).
pub(crate) type SaveCheckpoint<'a> = dyn FnMut(&Counted) + 'a;

/// How a resumable run ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// Time taken, thread pool included.
    pub elapsed: Duration,
    pub threads: usize,
    /// Why it stopped before counting every wanted chunk; `None` when it did (or met a fault, which ends a run).
    pub stopped: Option<StopReason>,
}

/// A wave of chunks aims to take about this long: short enough for checkpoints on time, long enough that the
/// workers' idle time at its end (at most one chunk each) costs nothing.
const WAVE_TARGET: Duration = Duration::from_millis(500);
/// The most chunks in a wave.
const MAX_WAVE: u64 = 1 << 12;

/// Counts the chunks of `wanted` that `counted` misses, adding them to it. Chunks run in waves, in order: after
/// each wave its counts are added and, when due, a checkpoint is taken. When the stop flag is set, the chunks
/// being counted are abandoned (their wave is dropped whole, within a few shuffles of the signal) and `counted`
/// keeps every wave finished before. The result does not depend on the waves, the threads or the interruptions:
/// the chunks counted are the same integers, added.
pub fn run_into(
    config: &RunConfig,
    counted: &mut Counted,
    wanted: Range<u64>,
    control: &mut Control,
) -> Result<Finish, ConfigError> {
    let start = Instant::now();
    let Some(builtin) = config.builtin() else {
        return Err(ConfigError::new(Field::Algorithm, "the runner shuffles built-in algorithms only"));
    };
    config.validate()?;
    let bar = progress_bar(config, builtin, control.progress);
    let length = shuffles_in(std::slice::from_ref(&wanted), config.shuffles);
    bar.set_length(length);
    bar.set_position(shuffles_in(&counted.covered, config.shuffles).min(length));
    let finish =
        run_waves(config, counted, wanted, control, start, |chunks, stop| run_wave(config, chunks, &bar, stop));
    bar.finish();
    finish
}

/// The waves of [`run_into`] and [`run_function_into`]: the chunks of `wanted` that `counted` misses, in order,
/// `wave` counting each range of them in the pool, with the stop flag and the checkpoints obeyed between waves.
fn run_waves(
    config: &RunConfig,
    counted: &mut Counted,
    wanted: Range<u64>,
    control: &mut Control,
    start: Instant,
    wave_of: impl Fn(Range<u64>, &StopFlag) -> Wave + Sync,
) -> Result<Finish, ConfigError> {
    let pool = thread_pool(config.threads)?;
    let threads = pool.current_num_threads();
    let stop = control.stop.unwrap_or(&NEVER);
    // Eight chunks a worker to start with (a few tens of milliseconds), growing to about half a second.
    let mut wave = 8 * threads as u64;
    let mut last_checkpoint = Instant::now();
    let mut stopped = None;
    'ranges: for range in counted.missing(wanted) {
        let mut next = range.start;
        while next < range.end {
            if stop.is_set() {
                stopped = stop.requested();
                break 'ranges;
            }
            let end = next.saturating_add(wave).min(range.end);
            let began = Instant::now();
            let result = pool.install(|| wave_of(next..end, stop));
            if result.abandoned {
                stopped = stop.requested();
                break 'ranges;
            }
            let fault = result.fault.is_some();
            counted.merge(&result.tally, &result.covered, result.fault);
            if fault {
                break 'ranges;
            }
            next = end;
            if began.elapsed() < WAVE_TARGET / 2 {
                wave = (wave * 2).min(MAX_WAVE);
            }
            if let Some((every, save)) = &mut control.checkpoint
                && last_checkpoint.elapsed() >= *every
                && next < range.end
            {
                save(counted);
                last_checkpoint = Instant::now();
            }
        }
    }
    Ok(Finish { elapsed: start.elapsed(), threads, stopped })
}

fn progress_bar(config: &RunConfig, builtin: &Builtin, progress: Progress) -> Meter {
    let label = format!("{} / {}", builtin.algorithm.label(config.deck), builtin.rng);
    progress.meter(&MeterSpec { length: config.shuffles, unit: "shuffles", label })
}

struct Worker {
    tally: Tally,
    scratch: Scratch,
    /// The deck being shuffled and the previous one, waiting to be counted.
    decks: Vec<Card>,
    /// The deck before each shuffle.
    start: Vec<Card>,
    /// Lowest faulty chunk seen by this worker, with its report.
    fault: Option<(u64, FaultReport)>,
    /// Chunks this worker counted.
    covered: Vec<Range<u64>>,
    /// It abandoned a chunk on a stop request.
    abandoned: bool,
}

/// What makes the decks of a chunk from its generator: a built-in shuffle, or a caller's function
/// ([`FnDeck`]). The runner is monomorphised over it, as over the generator.
pub(crate) trait MakeDeck<R>: Sync {
    /// Shuffles `deck` (the start deck) in place, drawing from `rng`.
    fn make(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault>;
}

impl<S: Shuffle, R: RawRng> MakeDeck<R> for S {
    #[inline(always)]
    fn make(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        self.shuffle(deck, rng, scratch)
    }
}

/// A caller's shuffle function as a deck maker: it shuffles the start deck in place with an [`AuditRng`], and
/// its output is checked to be a permutation (a deck that is not one is a fault, reported as for the built-in
/// shuffles).
pub(crate) struct FnDeck<F>(pub F);

impl<F: Fn(&mut [Card], &mut AuditRng) + Sync> MakeDeck<AuditRng> for FnDeck<F> {
    #[inline(always)]
    fn make(&self, deck: &mut [Card], rng: &mut AuditRng, scratch: &mut Scratch) -> Result<(), Fault> {
        (self.0)(deck, rng);
        scratch.seen.resize(deck.len(), 0);
        match PermutationDefect::check(deck, &mut scratch.seen) {
            None => Ok(()),
            Some(defect) => Err(Fault::NotPermutation(defect)),
        }
    }
}

/// Where a chunk's generator comes from and what is done to its decks: the run's seed (chunk i draws from
/// [`chunk_seed`]`(seed, i)`), the post-processing, the generator's name for fault reports, and, for per-deal
/// seeding, the number of seeds each deck's seed is drawn from.
#[derive(Clone, Copy, Debug)]
struct Stream {
    seed: u64,
    post: PostProcess,
    rng: RngKind,
    per_deal: Option<u128>,
}

/// A chunk's stream of per-deal seeds: uniform on `0..space`, from SplitMix64 outputs of the chunk's seed
/// ([`chunk_seed`]`(chunk's seed, k)`), by Lemire's multiply-and-reject (exactly uniform; a draw is rejected
/// with probability below space/2^64). The same seeds for a chunk whatever the thread count.
pub(crate) struct SeedDraws {
    base: u64,
    next: u64,
    /// The number of seeds, 1..=2^64.
    space: u128,
    /// Lemire's threshold `2^64 mod space`: a product whose low word is below it is rejected.
    threshold: u64,
}

impl SeedDraws {
    /// Seeds uniform on `0..space` (`space` in 1..=2^64) from the stream `base`.
    pub(crate) fn new(base: u64, space: u128) -> Self {
        let threshold = match u64::try_from(space) {
            Ok(s) if s > 0 => s.wrapping_neg() % s,
            _ => 0,
        };
        SeedDraws { base, next: 0, space, threshold }
    }

    /// The next seed.
    #[inline(always)]
    pub(crate) fn draw(&mut self) -> u64 {
        loop {
            let x = chunk_seed(self.base, self.next);
            self.next += 1;
            let Ok(space) = u64::try_from(self.space) else { return x };
            let m = u128::from(x) * u128::from(space);
            if (m as u64) >= self.threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// What one wave of chunks counted.
struct Wave {
    tally: Tally,
    covered: Vec<Range<u64>>,
    fault: Option<(u64, FaultReport)>,
    /// A chunk was abandoned because the stop flag was set: the wave's counts are incomplete.
    abandoned: bool,
}

/// [`run_into`] for a caller's shuffle function (`config.source` is a [`DeckSource::Function`]): chunk i hands
/// the function fresh decks and an [`AuditRng`] seeded with [`chunk_seed`]`(seed, i)`, checks each result is a
/// permutation, and counts it; the same waves, stop flag and determinism as a built-in run.
pub(crate) fn run_function_into<F: Fn(&mut [Card], &mut AuditRng) + Sync>(
    config: &RunConfig,
    f: &F,
    counted: &mut Counted,
    wanted: Range<u64>,
    control: &mut Control,
) -> Result<Finish, ConfigError> {
    let start = Instant::now();
    let Some(seed) = config.source.function().and_then(|f| f.seed) else {
        return Err(ConfigError::new(Field::Seed, "run_function_into runs a caller's function with its seed"));
    };
    config.validate()?;
    let stream = Stream { seed, post: PostProcess::default(), rng: RngKind::Chacha8, per_deal: None };
    let maker = FnDeck(f);
    let bar = Meter::hidden();
    run_waves(config, counted, wanted, control, start, |chunks, stop| {
        run_chunk_range::<_, AuditRng>(&maker, config, stream, chunks, &bar, stop)
    })
}

/// Counts chunks `chunks` in the current pool.
fn run_wave(config: &RunConfig, chunks: Range<u64>, bar: &Meter, stop: &StopFlag) -> Wave {
    let n = config.deck;
    match &config.source {
        DeckSource::Builtin(b) => {
            let stream = Stream { seed: b.seed, post: b.post, rng: b.rng, per_deal: b.seeding.space(b.rng) };
            with_rng_type!(b.rng, R => with_shuffle!(b.algorithm, n, s => {
                run_chunk_range::<_, R>(&s, config, stream, chunks, bar, stop)
            }))
        }
        // Decks made elsewhere are read by the stream audit, a caller's function runs through `run_function_into`.
        DeckSource::External(_) | DeckSource::Function(_) => {
            Wave { tally: config.new_tally(), covered: Vec::new(), fault: None, abandoned: false }
        }
    }
}

fn run_chunk_range<S: MakeDeck<R>, R: SeededRng>(
    s: &S,
    config: &RunConfig,
    stream: Stream,
    chunks: Range<u64>,
    bar: &Meter,
    stop: &StopFlag,
) -> Wave {
    let n = config.deck;
    let first_fault_chunk = AtomicU64::new(u64::MAX);
    let new_worker = || {
        // Decks of up to 64 cards sit in slots of 64, so that restoring the start is a copy of fixed length.
        let mut start = config.start_deck();
        start.resize(slot(n), 0);
        Worker {
            tally: config.new_tally(),
            scratch: Scratch::new(n),
            decks: vec![0; 2 * slot(n)],
            start,
            fault: None,
            covered: Vec::new(),
            abandoned: false,
        }
    };
    let merged = chunks
        .into_par_iter()
        .fold(new_worker, |mut w, chunk| {
            if w.abandoned || chunk > first_fault_chunk.load(Ordering::Relaxed) {
                return w;
            }
            if stop.is_set() {
                w.abandoned = true;
                return w;
            }
            let count = CHUNK_SHUFFLES.min(config.shuffles - chunk * CHUNK_SHUFFLES);
            let end = match stream.per_deal {
                None => run_chunk::<S, R, false>(s, config, stream, chunk, count, &mut w, stop),
                Some(_) => run_chunk::<S, R, true>(s, config, stream, chunk, count, &mut w, stop),
            };
            match end {
                ChunkEnd::Done => {}
                ChunkEnd::Fault(report) => {
                    first_fault_chunk.fetch_min(chunk, Ordering::Relaxed);
                    if w.fault.as_ref().is_none_or(|(c, _)| chunk < *c) {
                        w.fault = Some((chunk, report));
                    }
                }
                ChunkEnd::Abandoned => {
                    w.abandoned = true;
                    return w;
                }
            }
            match w.covered.last_mut() {
                Some(last) if last.end == chunk => last.end += 1,
                _ => w.covered.push(chunk..chunk + 1),
            }
            bar.inc(count);
            w
        })
        .reduce(new_worker, |mut a, b| {
            a.tally.merge(&b.tally);
            a.covered.extend(b.covered);
            a.abandoned |= b.abandoned;
            if let Some((cb, rb)) = b.fault
                && a.fault.as_ref().is_none_or(|(ca, _)| cb < *ca)
            {
                a.fault = Some((cb, rb));
            }
            a
        });
    Wave { tally: merged.tally, covered: coalesce(merged.covered), fault: merged.fault, abandoned: merged.abandoned }
}

/// How a chunk ended.
enum ChunkEnd {
    Done,
    /// It met a fault; the chunk's decks up to it are counted.
    Fault(FaultReport),
    /// The stop flag was set: the chunk's counts are incomplete.
    Abandoned,
}

/// Runs one chunk into the worker's battery; says whether the chunk met a fault or was abandoned. With
/// `PER_DEAL`, every deck is shuffled by a generator seeded anew from the chunk's stream of seeds
/// ([`SeedDraws`]); otherwise the chunk's decks follow each other from one stream.
#[inline(never)]
fn run_chunk<S: MakeDeck<R>, R: SeededRng, const PER_DEAL: bool>(
    s: &S,
    config: &RunConfig,
    stream: Stream,
    chunk: u64,
    count: u64,
    w: &mut Worker,
    stop: &StopFlag,
) -> ChunkEnd {
    let n = config.deck;
    let mut rng = R::from_seed_u64(chunk_seed(stream.seed, chunk));
    let mut seeds = SeedDraws::new(chunk_seed(stream.seed, chunk), stream.per_deal.unwrap_or(0));
    let post = stream.post;
    // Two decks: deck t is counted while deck t+1 is being shuffled. Counting a deck right after shuffling it
    // in place makes the counter's loads wait on the shuffle's last stores; with one deck of lag the loads hit
    // settled memory (measured 1.5–2.5× faster, see the `run/*` benches).
    let (mut deck, mut pending) = w.decks.split_at_mut(slot(n));
    let mut have_pending = false;
    let mut invalid = 0u64;
    let mut first: Option<(u64, String)> = None;
    // Each chunk is its own stream: serial correlation pairs decks within it only; the duplicate-deck test keeps
    // the decks at the run's first positions.
    w.tally.begin_stream();
    w.tally.begin_chunk(chunk * CHUNK_SHUFFLES, count);
    for k in 0..count {
        // A stop request abandons the chunk within 64 shuffles (a relaxed load, once per 64 decks).
        if k % 64 == 63 && stop.is_set() {
            w.tally.flush_chunk();
            return ChunkEnd::Abandoned;
        }
        restart(deck, &w.start);
        if PER_DEAL {
            rng = R::from_seed_u64(seeds.draw());
        }
        match s.make(&mut deck[..n], &mut rng, &mut w.scratch) {
            Ok(()) => {
                post.apply(&mut deck[..n], &mut rng);
                if have_pending {
                    w.tally.add_in_chunk(&pending[..n]);
                }
                // The shuffled deck becomes the pending one; the next shuffle reuses the other buffer.
                std::mem::swap(&mut deck, &mut pending);
                have_pending = true;
            }
            Err(Fault::NotPermutation(defect)) => {
                invalid += 1;
                // The next counted deck does not follow the last valid one in the stream: count that one now,
                // then start a new stream.
                if have_pending {
                    w.tally.add_in_chunk(&pending[..n]);
                    have_pending = false;
                }
                w.tally.begin_stream();
                if first.is_none() {
                    first = Some((k, defect.describe(n, NameStyle::Symbol)));
                }
            }
            Err(Fault::NonTermination(stuck)) => {
                if have_pending {
                    w.tally.add_in_chunk(&pending[..n]);
                }
                w.tally.flush_chunk();
                return ChunkEnd::Fault(FaultReport {
                    kind: FaultKind::NonTermination,
                    first_shuffle: chunk * CHUNK_SHUFFLES + k + 1,
                    decks_checked: k + 1,
                    invalid_decks: 1,
                    description: describe_stuck(&stuck, n, stream.rng),
                    headline: if stuck.unreachable_slots.is_empty() {
                        format!("never terminates: card {} finds no slot", stuck.card_index)
                    } else {
                        format!(
                            "never terminates: position {} can never be drawn",
                            stuck.unreachable_slots.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
                        )
                    },
                });
            }
        }
    }
    if have_pending {
        w.tally.add_in_chunk(&pending[..n]);
    }
    // The chunk's 16-bit tables into the battery's totals (a cell counts at most CHUNK_SHUFFLES decks).
    w.tally.flush_chunk();
    let fault = first.map(|(k, what)| FaultReport {
        kind: FaultKind::NotAPermutation,
        first_shuffle: chunk * CHUNK_SHUFFLES + k + 1,
        decks_checked: count,
        invalid_decks: invalid,
        headline: format!("not a permutation: {:.1}% of decks repeat cards", 100.0 * invalid as f64 / count as f64),
        description: format!(
            "{invalid} of {count} decks were not permutations ({:.2}%); the first {what}",
            100.0 * invalid as f64 / count as f64
        ),
    });
    fault.map_or(ChunkEnd::Done, ChunkEnd::Fault)
}

/// The room a worker keeps for one deck of n cards: 64 for the decks of up to 64 cards.
fn slot(n: usize) -> usize {
    n.max(64)
}

/// Restores a deck slot to the start: for slots of 64 cards a copy of fixed length (two vector moves, not a
/// call to `memmove`).
#[inline(always)]
fn restart(deck: &mut [Card], start: &[Card]) {
    match (<&mut [Card; 64]>::try_from(&mut *deck), <&[Card; 64]>::try_from(start)) {
        (Ok(deck), Ok(start)) => *deck = *start,
        _ => deck.copy_from_slice(start),
    }
}

/// Plain words for a retry loop that cannot finish.
pub fn describe_stuck(stuck: &Stuck, n: usize, rng: RngKind) -> String {
    let slots = |v: &[usize]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
    let card = crate::cards::card_name(stuck.card_index as Card, n, NameStyle::Symbol);
    let why = if stuck.unreachable_slots.is_empty() {
        String::new()
    } else {
        let reach = n - stuck.unreachable_slots.len();
        format!(
            "; position(s) {} can never be drawn (r() % {reach} with {rng} yields only 0..{})",
            slots(&stuck.unreachable_slots),
            reach - 1
        )
    };
    format!(
        "does not terminate: card {} ({card}, the {} to place) found no free slot after {} draws; {} cards were \
         placed with {} draws; free position(s): {}{why}",
        stuck.card_index,
        crate::names::ordinal(stuck.card_index as u64 + 1),
        stuck.draws_on_stuck,
        stuck.placed,
        stuck.draws_to_place,
        slots(&stuck.free_slots),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeededRng;
    use crate::shuffle::AlgorithmKind;

    fn config(kind: AlgorithmKind, rng: RngKind, shuffles: u64, threads: usize) -> RunConfig {
        RunConfig { threads: Some(threads), ..RunConfig::new(Algorithm::new(kind), rng, 13, shuffles, 5) }
    }

    #[test]
    fn counts_do_not_depend_on_the_thread_count() {
        let n = 3 * CHUNK_SHUFFLES + 17;
        let one = run(&config(AlgorithmKind::NaiveSwap, RngKind::Pcg32, n, 1), Progress::Hidden).unwrap();
        let two = run(&config(AlgorithmKind::NaiveSwap, RngKind::Pcg32, n, 2), Progress::Hidden).unwrap();
        assert_eq!(one.tally, two.tally);
        assert_eq!(one.tally.shuffles(), n);
    }

    #[test]
    fn deals_do_not_depend_on_the_thread_count() {
        use crate::game::Game;
        use crate::game::deal::{DealShape, StartOrder};
        let shape = DealShape { order: Some(StartOrder::Rank), ..Default::default() };
        let deal = DealConfig::new(Game::Doudizhu, None, shape).unwrap();
        let with_deal = |threads| RunConfig {
            deck: 54,
            deal: Some(deal),
            ..config(AlgorithmKind::Wash, RngKind::Pcg32, 2 * CHUNK_SHUFFLES + 5, threads)
        };
        let one = run(&with_deal(1), Progress::Hidden).unwrap();
        let two = run(&with_deal(2), Progress::Hidden).unwrap();
        assert_eq!(one.tally.game, two.tally.game);
        assert_eq!(one.tally.game.as_ref().unwrap().seat_cards.deals(), 2 * CHUNK_SHUFFLES + 5);
        assert_eq!(one.tally.battery.position_card, two.tally.battery.position_card);
    }

    #[test]
    fn a_deal_must_match_the_deck() {
        use crate::game::Game;
        use crate::game::deal::DealShape;
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let c = RunConfig { deal: Some(deal), ..config(AlgorithmKind::FisherYates, RngKind::Pcg32, 10, 1) };
        assert!(c.validate().unwrap_err().to_string().starts_with("--deck:"));
    }

    #[test]
    fn a_run_is_its_first_chunks_plus_the_rest() {
        // Progressive mode extends a sample by running the next chunks: the union must be the longer run exactly.
        let long = config(AlgorithmKind::FisherYates, RngKind::Msvc, 4 * CHUNK_SHUFFLES, 2);
        let pool = thread_pool(Some(2)).unwrap();
        let bar = Meter::hidden();
        let mut first = pool.install(|| run_chunks(&long, 0..1, &bar)).tally;
        let rest = pool.install(|| run_chunks(&long, 1..4, &bar)).tally;
        first.merge(&rest);
        assert_eq!(first, run(&long, Progress::Hidden).unwrap().tally);
        let serial = first.battery.serial.as_ref().unwrap();
        assert_eq!(serial.pairs(), 4 * (CHUNK_SHUFFLES - 1));
    }

    #[test]
    fn faults_are_reported_the_same_way_for_any_thread_count() {
        for kind in [AlgorithmKind::DirectDraw, AlgorithmKind::RejectRetry] {
            let a = run(&config(kind, RngKind::Msvc, 10 * CHUNK_SHUFFLES, 1), Progress::Hidden).unwrap().fault.unwrap();
            let b = run(&config(kind, RngKind::Msvc, 10 * CHUNK_SHUFFLES, 2), Progress::Hidden).unwrap().fault.unwrap();
            assert_eq!(
                (a.first_shuffle, a.invalid_decks, &a.description),
                (b.first_shuffle, b.invalid_decks, &b.description)
            );
        }
    }

    #[test]
    fn a_stopped_run_resumes_to_the_same_counts() {
        let c = config(AlgorithmKind::FisherYates, RngKind::Chacha8, 40 * CHUNK_SHUFFLES + 9, 2);
        let whole = run(&c, Progress::Hidden).unwrap().tally;
        // Stop at the first checkpoint: the waves before it are kept, the rest is counted by the resumed run.
        let stop = StopFlag::new();
        let mut counted = Counted::new(&c);
        let mut save = |_: &Counted| stop.request(StopReason::Interrupt);
        let mut control =
            Control { stop: Some(&stop), checkpoint: Some((Duration::ZERO, &mut save)), ..Control::default() };
        let finish = run_into(&c, &mut counted, 0..c.chunks(), &mut control).unwrap();
        assert_eq!(finish.stopped, Some(StopReason::Interrupt));
        let missing = counted.missing(0..c.chunks());
        assert!(!missing.is_empty() && counted.tally.shuffles() > 0, "{missing:?}");
        assert_eq!(counted.tally.shuffles(), shuffles_in(&counted.covered, c.shuffles));
        let again = run_into(&c, &mut counted, 0..c.chunks(), &mut Control::default()).unwrap();
        assert_eq!(again.stopped, None);
        assert_eq!(counted.tally, whole);
        assert_eq!(counted.covered, vec![0..c.chunks()]);
    }

    #[test]
    fn shards_cover_the_chunks_once() {
        for (chunks, k) in [(10u64, 3u64), (7, 7), (1000, 4), (5, 1)] {
            let parts: Vec<_> = (1..=k).map(|i| shard_chunks(chunks, i, k)).collect();
            assert_eq!(coalesce(parts.clone()), vec![0..chunks]);
            assert!(parts.iter().all(|p| p.end > p.start));
        }
        assert!(check_shard(0, 4, 10).is_err() && check_shard(5, 4, 10).is_err() && check_shard(2, 11, 10).is_err());
        assert_eq!(coalesce(vec![4..6, 0..2, 2..3]), vec![0..3, 4..6]);
    }

    fn per_deal(kind: AlgorithmKind, rng: RngKind, deck: usize, shuffles: u64, space: Option<u64>) -> RunConfig {
        use crate::audit::source::Seeding;
        let mut b = Builtin::new(Algorithm::new(kind), rng, 5);
        b.seeding = Seeding::PerDeal { space };
        RunConfig { threads: Some(2), ..RunConfig::of(DeckSource::Builtin(b), deck, shuffles) }
    }

    #[test]
    fn per_deal_seeding_does_not_depend_on_the_thread_count() {
        let c = per_deal(AlgorithmKind::FisherYates, RngKind::Msvc, 52, 3 * CHUNK_SHUFFLES + 17, Some(1000));
        let one = run(&RunConfig { threads: Some(1), ..c.clone() }, Progress::Hidden).unwrap();
        let two = run(&c, Progress::Hidden).unwrap();
        assert_eq!(one.tally, two.tally);
        // 49,169 decks from 1000 seeds: at most 1000 distinct decks.
        let r = two.tally.battery.duplicates.as_ref().unwrap().repeats();
        assert!(r.decks == 3 * CHUNK_SHUFFLES + 17 && r.repeats >= r.decks - 1000, "{r:?}");
    }

    #[test]
    fn a_per_deal_deck_is_the_shuffle_of_its_own_seed() {
        // One seed: every deck is the shuffle of srand(0), the same deck every time.
        let c = per_deal(AlgorithmKind::FisherYates, RngKind::Glibc, 20, 2 * CHUNK_SHUFFLES, Some(1));
        let t = run(&c, Progress::Hidden).unwrap().tally;
        let r = t.battery.duplicates.as_ref().unwrap().repeats();
        assert_eq!((r.repeats, r.most), (2 * CHUNK_SHUFFLES - 1, 2 * CHUNK_SHUFFLES));
        let mut deck: Vec<Card> = (0..20).collect();
        let mut rng = crate::rng::GlibcRand::from_seed_u64(0);
        with_shuffle!(Algorithm::new(AlgorithmKind::FisherYates), 20, s => {
            s.shuffle(&mut deck, &mut rng, &mut Scratch::new(20)).unwrap()
        });
        // Position 0 always holds the first card of that deck.
        assert_eq!(t.battery.position_card.get(0, deck[0] as usize), 2 * CHUNK_SHUFFLES);
    }

    #[test]
    fn per_deal_seeds_are_uniform_on_their_space() {
        // 60,000 seeds of a space of 3 (exact Lemire rejection): each count within 5 binomial standard
        // deviations of 20,000 (a false failure has probability below 2·10^-6); 2^64 is the raw stream.
        let mut d = SeedDraws::new(9, 3);
        let mut counts = [0u32; 3];
        for _ in 0..60_000 {
            counts[d.draw() as usize] += 1;
        }
        let sd = (60_000.0f64 * (1.0 / 3.0) * (2.0 / 3.0)).sqrt();
        assert!(counts.iter().all(|&c| (f64::from(c) - 20_000.0).abs() < 5.0 * sd), "{counts:?}");
        let mut whole = SeedDraws::new(9, 1 << 64);
        assert_eq!((whole.draw(), whole.draw()), (chunk_seed(9, 0), chunk_seed(9, 1)));
        let mut c = SeedDraws::new(9, 1 << 32);
        assert!((0..1000).all(|_| c.draw() < 1 << 32));
    }

    #[test]
    fn duplicate_decks_fails_per_deal_msvc_seeding_and_passes_fair_runs() {
        // 10^6 decks dealt from srand(s), s uniform on 2^32: seeds s and s + 2^31 give the same deck, so about
        // C(10^6, 2)/2^31 ≈ 233 repeated pairs (Poisson: below 150 with probability under 10^-9).
        use crate::stats::TestId;
        let c = RunConfig {
            tests: TestSelection::only(&[TestId::DuplicateDecks]),
            ..per_deal(AlgorithmKind::FisherYates, RngKind::Msvc, 52, 1_000_000, None)
        };
        let t = run(&c, Progress::Hidden).unwrap().tally.evaluate().remove(0);
        assert!(t.statistic > 150.0 && t.ln_p < -1e4, "{t:?}");
        // Fair runs: a repeat among 2^20 uniform decks of 52 cards has probability at most C(2^20, 2)/52! ≈ 7·10^-57
        // per run, so these pass but with that probability.
        for (rng, seed) in [(RngKind::Chacha8, 1), (RngKind::Pcg64, 2), (RngKind::Chacha20, 3)] {
            let fair = RunConfig {
                tests: TestSelection::only(&[TestId::DuplicateDecks]),
                threads: Some(2),
                ..RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), rng, 52, 1 << 20, seed)
            };
            let t = run(&fair, Progress::Hidden).unwrap().tally.evaluate().remove(0);
            assert_eq!((t.statistic, t.ln_p), (0.0, 0.0), "{rng}");
        }
    }

    #[test]
    fn chunk_seeds_are_splitmix64() {
        // SplitMix64 seeded with 0: first output 0xE220A8397B1DCDAF (the reference implementation's value).
        assert_eq!(chunk_seed(0, 0), 0xE220_A839_7B1D_CDAF);
        assert_ne!(chunk_seed(1, 0), chunk_seed(0, 1));
    }
}
