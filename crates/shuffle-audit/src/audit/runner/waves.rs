//! Waves of chunks: a resumable count that obeys the stop flag and takes checkpoints between waves, for a
//! built-in source and for a caller's shuffle function.

use std::ops::Range;
use std::time::{Duration, Instant};

use super::*;
use crate::audit::meter::{Meter, MeterSpec};
use crate::audit::source::{Builtin, DeckSource, PostProcess};
use crate::audit::stop::{NEVER, StopFlag, StopReason};
use crate::cards::Card;
use crate::error::{ConfigError, Field};
use crate::rng::{AuditRng, RngKind};
use crate::{with_rng_type, with_shuffle};

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
pub(super) const WAVE_TARGET: Duration = Duration::from_millis(500);
/// The most chunks in a wave.
pub(super) const MAX_WAVE: u64 = 1 << 12;

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
pub(super) fn run_waves(
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
                counted.tally.settle();
                save(counted);
                last_checkpoint = Instant::now();
            }
        }
    }
    Ok(Finish { elapsed: start.elapsed(), threads, stopped })
}

pub(super) fn progress_bar(config: &RunConfig, builtin: &Builtin, progress: Progress) -> Meter {
    let label = format!("{} / {}", builtin.algorithm.label(config.deck), builtin.rng);
    progress.meter(&MeterSpec { length: config.shuffles, unit: "shuffles", label })
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
pub(super) fn run_wave(config: &RunConfig, chunks: Range<u64>, bar: &Meter, stop: &StopFlag) -> Wave {
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
