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

mod chunks;
mod engine;
mod replay;
mod waves;

use std::ops::Range;
use std::time::{Duration, Instant};

use crate::audit::fault::FaultReport;
use crate::audit::meter::{Meter, Progress};
use crate::audit::stop::{NEVER, StopFlag};
use crate::audit::tally::Tally;
use crate::error::{ConfigError, Field};

pub use crate::audit::config::{CHUNK_SHUFFLES, RunConfig, chunk_seed};
pub use chunks::*;
pub(crate) use engine::*;
pub use replay::{Replayed, replay_decks};
pub use waves::*;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::config::check_shard;
    use crate::audit::source::{Builtin, DeckSource};
    use crate::audit::stop::StopReason;
    use crate::cards::Card;
    use crate::game::deal::DealConfig;
    use crate::rng::{RngKind, SeededRng};
    use crate::shuffle::Algorithm;
    use crate::shuffle::AlgorithmKind;
    use crate::stats::TestSelection;
    use crate::with_shuffle;

    fn config(kind: AlgorithmKind, rng: RngKind, shuffles: u64, threads: usize) -> RunConfig {
        RunConfig { threads: Some(threads), ..RunConfig::new(Algorithm::new(kind), rng, 13, shuffles, 5) }
    }

    #[test]
    fn counts_do_not_depend_on_the_thread_count() {
        // Every test, the opt-in ones too: the guessers learn within each chunk, whichever worker has it.
        let n = 3 * CHUNK_SHUFFLES + 17;
        let every = |threads| RunConfig {
            tests: TestSelection::all(),
            ..config(AlgorithmKind::NaiveSwap, RngKind::Pcg32, n, threads)
        };
        let one = run(&every(1), Progress::Hidden).unwrap();
        let two = run(&every(2), Progress::Hidden).unwrap();
        assert_eq!(one.tally, two.tally);
        assert_eq!(one.tally.shuffles(), n);
        let guess = one.tally.battery.guess.as_ref().expect("guess is among all the tests");
        assert!(guess.totals().iter().all(|t| t.decks == n));
        assert!(one.tally.battery.longest_increasing.is_some());
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
