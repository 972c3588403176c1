//! The engine: one chunk's shuffles from its own generator stream, counted into a worker's tally. This is the
//! hot loop, monomorphised over the shuffle (or a caller's function) and the generator; it allocates nothing
//! per shuffle.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::*;
use crate::audit::fault::{FaultKind, FaultReport};
use crate::audit::meter::Meter;
use crate::audit::source::PostProcess;
use crate::audit::stop::StopFlag;
use crate::audit::tally::Tally;
use crate::cards::{Card, NameStyle, PermutationDefect};
use crate::rng::{AuditRng, RawRng, RngKind, SeededRng};
use crate::shuffle::{Fault, Scratch, Shuffle};

pub(super) struct Worker {
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
pub(super) struct Stream {
    pub(super) seed: u64,
    pub(super) post: PostProcess,
    pub(super) rng: RngKind,
    pub(super) per_deal: Option<u128>,
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

/// Runs the chunks `chunks` in parallel, each from its own generator stream, into one tally.
pub(super) fn run_chunk_range<S: MakeDeck<R>, R: SeededRng>(
    s: &S,
    config: &RunConfig,
    stream: Stream,
    chunks: Range<u64>,
    bar: &Meter,
    stop: &StopFlag,
) -> Wave {
    let one_chunk =
        |chunk: u64, count: u64, w: &mut Worker| run_chunk::<S, R>(s, config, stream, chunk, count, w, stop);
    run_chunks(config, chunks, bar, stop, &one_chunk)
}

/// The parallel part of [`run_chunk_range`], compiled once: the chunks are shared among rayon's threads and
/// each chunk is handed to `one_chunk`, the only part monomorphised over the shuffle and the generator. One
/// dynamic call a chunk ([`CHUNK_SHUFFLES`] decks). Without it rayon's machinery was compiled again for every
/// pair of shuffle and generator (276 pairs): the library's machine code was 11.4 MB instead of 6.9, and its
/// optimised build took 427 s of processor time instead of 243.
#[inline(never)]
fn run_chunks(
    config: &RunConfig,
    chunks: Range<u64>,
    bar: &Meter,
    stop: &StopFlag,
    one_chunk: &(dyn Fn(u64, u64, &mut Worker) -> ChunkEnd + Sync),
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
            match one_chunk(chunk, count, &mut w) {
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
pub(super) enum ChunkEnd {
    Done,
    /// It met a fault; the chunk's decks up to it are counted.
    Fault(FaultReport),
    /// The stop flag was set: the chunk's counts are incomplete.
    Abandoned,
}

/// Runs one chunk into the worker's battery; says whether the chunk met a fault or was abandoned. With
/// per-deal seeding (`stream.per_deal`), every deck is shuffled by a generator seeded anew from the chunk's stream of seeds
/// ([`SeedDraws`]); otherwise the chunk's decks follow each other from one stream.
#[inline(never)]
pub(super) fn run_chunk<S: MakeDeck<R>, R: SeededRng>(
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
    // A branch a deck, always taken or never (a const parameter instead compiled every pair of shuffle and
    // generator twice, for no measurable speed).
    let per_deal = stream.per_deal.is_some();
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
        if per_deal {
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
                    description: crate::audit::fault::describe_stuck(&stuck, n, stream.rng),
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
pub(super) fn slot(n: usize) -> usize {
    n.max(64)
}

/// Restores a deck slot to the start: for slots of 64 cards a copy of fixed length (two vector moves, not a
/// call to `memmove`).
#[inline(always)]
pub(super) fn restart(deck: &mut [Card], start: &[Card]) {
    match (<&mut [Card; 64]>::try_from(&mut *deck), <&[Card; 64]>::try_from(start)) {
        (Ok(deck), Ok(start)) => *deck = *start,
        _ => deck.copy_from_slice(start),
    }
}

/// What one wave of chunks counted.
pub(super) struct Wave {
    pub(super) tally: Tally,
    pub(super) covered: Vec<Range<u64>>,
    pub(super) fault: Option<(u64, FaultReport)>,
    /// A chunk was abandoned because the stop flag was set: the wave's counts are incomplete.
    pub(super) abandoned: bool,
}
