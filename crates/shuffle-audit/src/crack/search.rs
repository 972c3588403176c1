//! The search: every stream of a seed space run through the dealer's program and compared with the view, in
//! parallel, in fixed chunks whose results are put back in seed order (so the output does not depend on the
//! thread count), stopping within a chunk when asked (Ctrl-C).
//!
//! Three levels, each exact: the MSVC lanes ([`super::lanes`]) drop most seeds after a few steps; the scalar
//! check runs Fisher–Yates (backward or forward) on the deck and stops at the first finalised position that
//! breaks the view; every other algorithm runs its real shuffle and compares the seat. A candidate's deal is then
//! recomputed by the real shuffle, so the fast paths can only ever save time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::audit::meter::Meter;
use rayon::prelude::*;

use super::engine_lanes;
use super::lanes::{self, Isa};
use super::problem::{Deal, Problem};
use super::space::SeedSpace;
use crate::audit::stop::{StopFlag, StopReason};
use crate::cards::Card;
use crate::rng::{RawRng, SeededRng};
use crate::shuffle::{Fault, Scratch, Shuffle, Sweep};
use crate::{with_rng_type, with_shuffle};

/// The largest space searched: 2^36 streams (minutes for MSVC, hours for the slower generators).
pub const SEARCH_LIMIT_LOG2: f64 = 36.0;

/// Seeds per chunk of work.
const CHUNK: u64 = 1 << 16;

/// Seeds checked between two looks at the stop flag, inside a chunk.
const STOP_BLOCK: u64 = 1 << 12;

/// How the search runs.
pub struct SearchOptions<'a> {
    /// Worker threads (`None`: every core).
    pub threads: Option<usize>,
    pub stop: &'a StopFlag,
    /// Advanced by the seeds covered.
    pub bar: &'a Meter,
    /// The vector code for MSVC (the processor's best by default).
    pub isa: Isa,
    /// At most this many candidates are kept (all are counted).
    pub max_listed: usize,
}

impl<'a> SearchOptions<'a> {
    /// Every core, never stopped, no progress bar, the best vector code, up to 10,000 candidates kept.
    pub fn quiet(stop: &'a StopFlag, bar: &'a Meter) -> Self {
        SearchOptions { threads: None, stop, bar, isa: Isa::current(), max_listed: 10_000 }
    }
}

/// A space too large to search.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("the seed space has 2^{log2_size:.1} seeds, more than the 2^36 a search covers")]
pub struct TooLarge {
    pub log2_size: f64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The stream seeds consistent with the view, in increasing order (at most `max_listed`).
    pub streams: Vec<u64>,
    /// How many stream seeds are consistent (all counted).
    pub found: u64,
    /// Distinct streams run.
    pub streams_searched: u64,
    /// Seeds of the space those streams stand for (each MSVC stream is two seeds).
    pub seeds_covered: u64,
    pub seconds: f64,
    /// Set when the search was stopped before the end.
    pub stopped: Option<StopReason>,
}

impl SearchOutcome {
    /// Seeds of the space covered per second.
    pub fn seeds_per_second(&self) -> f64 {
        self.seeds_covered as f64 / self.seconds.max(1e-9)
    }
}

/// A candidate seed with its equivalents and the deal it predicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The smallest seed of the space that gives this stream.
    pub seed: u64,
    /// Every seed of the space that gives the same stream, `seed` included.
    pub equivalent_seeds: Vec<u64>,
    pub deal: Deal,
}

/// Searches the whole space.
pub fn search(problem: &Problem, space: &SeedSpace, options: &SearchOptions) -> Result<SearchOutcome, TooLarge> {
    if space.ranges.is_empty() || space.log2_streams() > SEARCH_LIMIT_LOG2 {
        return Err(TooLarge { log2_size: space.log2_size });
    }
    let ranges = space.streams();
    let stream_count: u64 = ranges.iter().map(|&(a, b)| b - a + 1).sum();
    let seeds_per_stream = space.size().map_or(1.0, |s| s as f64 / stream_count as f64);
    // Chunks: (first, last) seed, in seed order.
    let mut chunks: Vec<(u64, u64)> = Vec::new();
    for &(a, b) in &ranges {
        let mut s = a;
        loop {
            let e = s.saturating_add(CHUNK - 1).min(b);
            chunks.push((s, e));
            if e == b {
                break;
            }
            s = e + 1;
        }
    }
    let kept = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let work = || -> Vec<(Vec<u64>, u64)> {
        chunks
            .par_iter()
            .map(|&(a, b)| {
                let (mut seeds, mut found) = (Vec::new(), 0);
                // The flag is looked at every STOP_BLOCK seeds, so a stop is obeyed within milliseconds even
                // where one chunk takes a second (glibc's 344 warm-up steps, slow whole shuffles).
                let mut from = a;
                while !options.stop.is_set() {
                    let to = from.saturating_add(STOP_BLOCK - 1).min(b);
                    found += check_range(problem, from, to, options.isa, &mut seeds);
                    done.fetch_add(to - from + 1, Ordering::Relaxed);
                    options.bar.inc(((to - from + 1) as f64 * seeds_per_stream) as u64);
                    if to == b {
                        break;
                    }
                    from = to + 1;
                }
                let room =
                    (options.max_listed as u64).saturating_sub(kept.fetch_add(seeds.len() as u64, Ordering::Relaxed));
                seeds.truncate(room as usize);
                (seeds, found)
            })
            .collect()
    };
    let results = match options.threads {
        Some(t) => {
            rayon::ThreadPoolBuilder::new().num_threads(t).build().map_or_else(|_| work(), |pool| pool.install(work))
        }
        None => work(),
    };
    let mut streams: Vec<u64> = results.iter().flat_map(|(s, _)| s.iter().copied()).collect();
    streams.sort_unstable();
    streams.truncate(options.max_listed);
    let found = results.iter().map(|(_, f)| f).sum();
    let streams_searched = done.load(Ordering::Relaxed);
    let seeds_covered = if streams_searched == stream_count {
        space.size().unwrap_or(streams_searched)
    } else {
        (streams_searched as f64 * seeds_per_stream) as u64
    };
    Ok(SearchOutcome {
        streams,
        found,
        streams_searched,
        seeds_covered,
        seconds: start.elapsed().as_secs_f64(),
        stopped: if streams_searched < stream_count { options.stop.requested() } else { None },
    })
}

/// How [`check_range`] searches a problem, in words: `AVX2 lanes with early rejection`.
pub fn search_method(problem: &Problem, isa: Isa) -> String {
    if engine_lanes::plan(problem).is_some() {
        let then = if problem.walk().is_some() { "early rejection" } else { "std::shuffle on the seen cards" };
        format!("{} lanes seeding 64 seeds at once, then {then}", isa.label())
    } else if lanes::plan(problem).is_some() {
        format!("{} lanes with early rejection", isa.label())
    } else if problem.finalises_positions() {
        "early rejection".into()
    } else {
        "the whole shuffle per seed".into()
    }
}

/// Checks the stream seeds `a..=b`, appending the consistent ones to `out`; returns how many there were.
pub fn check_range(problem: &Problem, a: u64, b: u64, isa: Isa, out: &mut Vec<u64>) -> u64 {
    let before = out.len();
    let n = problem.dealer.deal.deck;
    if let Some(plan) = engine_lanes::plan(problem) {
        let mut scratch = engine_lanes::Scratch::new(&plan, n);
        let mut survivors = Vec::new();
        engine_lanes::filter_range(isa, &plan, problem, a, b, &mut scratch, &mut survivors);
        out.extend(survivors.into_iter().filter(|&s| deal_for(problem, s).is_some()));
        return (out.len() - before) as u64;
    }
    with_rng_type!(problem.dealer.rng, R => {
        if let Some((steps, mask)) = lanes::plan(problem) {
            let calls = calls_per_shuffle::<R>(problem).expect("Fisher-Yates makes a fixed number of calls");
            let skip = lanes::jump(calls * (problem.dealer.deal_number - 1));
            let mut survivors = Vec::new();
            lanes::filter_range(isa, a, b, &steps, mask, skip, &mut survivors);
            let mut deck = vec![0 as Card; n];
            out.extend(survivors.into_iter().filter(|&s| fisher_yates_check::<R>(problem, s, &mut deck)));
        } else if problem.finalises_positions() {
            let mut deck = vec![0 as Card; n];
            out.extend((a..=b).filter(|&s| fisher_yates_check::<R>(problem, s, &mut deck)));
        } else {
            with_shuffle!(problem.dealer.algorithm, n, s => {
                let mut deck = vec![0 as Card; n];
                let mut scratch = Scratch::new(n);
                out.extend((a..=b).filter(|&seed| {
                    dealt_deck::<R, _>(problem, &s, seed, &mut deck, &mut scratch) && problem.matches(&deck)
                }));
            })
        }
    });
    (out.len() - before) as u64
}

/// Generator calls one shuffle makes, when fixed (not with a runtime's generator, whose bounded draws may
/// redraw).
fn calls_per_shuffle<R: RawRng>(problem: &Problem) -> Option<u64> {
    let n = problem.dealer.deal.deck as u64;
    if R::SCALES {
        return None;
    }
    problem.dealer.algorithm.kind.fisher_yates_sweep().map(|sweep| match sweep {
        Sweep::Backward => n - 1,
        Sweep::Forward => n,
    })
}

/// Fisher–Yates from `srand(seed)` (or the runtime's seeding), stopping at the first finalised position that
/// breaks the view.
fn fisher_yates_check<R: SeededRng>(problem: &Problem, seed: u64, deck: &mut [Card]) -> bool {
    let mut rng = R::from_seed_u64(seed);
    if problem.dealer.deal_number > 1 {
        match calls_per_shuffle::<R>(problem) {
            Some(calls) => {
                for _ in 0..calls * (problem.dealer.deal_number - 1) {
                    rng.r();
                }
            }
            None => {
                // The earlier deals' draws depend on their values: shuffle them.
                let mut scratch = Scratch::new(deck.len());
                with_shuffle!(problem.dealer.algorithm, deck.len(), s => {
                    for _ in 1..problem.dealer.deal_number {
                        deck.copy_from_slice(&problem.start);
                        if s.shuffle(deck, &mut rng, &mut scratch).is_err() {
                            return false;
                        }
                    }
                });
            }
        }
    }
    problem.walk_deck(&mut rng, deck)
}

/// The deck of deal `deal_number` after `srand(seed)`, by the real shuffle; false when the shuffle cannot finish.
fn dealt_deck<R: SeededRng, S: Shuffle>(
    problem: &Problem,
    s: &S,
    seed: u64,
    deck: &mut [Card],
    scratch: &mut Scratch,
) -> bool {
    let mut rng = R::from_seed_u64(seed);
    for _ in 0..problem.dealer.deal_number {
        deck.copy_from_slice(&problem.start);
        match s.shuffle(deck, &mut rng, scratch) {
            // direct-draw's repeats are the deal it makes.
            Ok(()) | Err(Fault::NotPermutation(_)) => {}
            Err(Fault::NonTermination(_)) => return false,
        }
    }
    true
}

/// The deal `srand(seed)` gives, by the real shuffle, when it shows the seat what it saw.
pub fn deal_for(problem: &Problem, seed: u64) -> Option<Deal> {
    let n = problem.dealer.deal.deck;
    let mut deck = vec![0 as Card; n];
    let mut scratch = Scratch::new(n);
    let ok = with_rng_type!(problem.dealer.rng, R => with_shuffle!(problem.dealer.algorithm, n, s => {
        dealt_deck::<R, _>(problem, &s, seed, &mut deck, &mut scratch)
    }));
    (ok && problem.matches(&deck)).then(|| problem.deal_of(&deck))
}

/// The candidates of an outcome: each stream's smallest seed, its equivalents, and its deal.
pub fn candidates(problem: &Problem, space: &SeedSpace, outcome: &SearchOutcome) -> Vec<Candidate> {
    outcome
        .streams
        .iter()
        .filter_map(|&s| {
            let equivalent_seeds = space.equivalents(s);
            let deal = deal_for(problem, s)?;
            Some(Candidate { seed: *equivalent_seeds.first().unwrap_or(&s), equivalent_seeds, deal })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::stop::NEVER;
    use crate::crack::problem::{Dealer, View};
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape};
    use crate::rng::RngKind;
    use crate::shuffle::Algorithm;
    use crate::shuffle::AlgorithmKind;

    fn problem(
        kind: AlgorithmKind,
        rng: RngKind,
        game: Game,
        seat: usize,
        k: usize,
        ordered: bool,
        seed: u64,
    ) -> Problem {
        dealt_problem(kind, rng, game, seat, k, ordered, seed, 2)
    }

    /// The view of `k` of the seat's cards of deal `deal_number` after seeding with `seed`.
    #[allow(clippy::too_many_arguments)]
    fn dealt_problem(
        kind: AlgorithmKind,
        rng: RngKind,
        game: Game,
        seat: usize,
        k: usize,
        ordered: bool,
        seed: u64,
        deal_number: u64,
    ) -> Problem {
        let dealer = Dealer {
            algorithm: Algorithm::new(kind),
            rng,
            deal: DealConfig::new(game, None, DealShape::default()).unwrap(),
            deal_number,
        };
        let empty = Problem::new(dealer, View { seat, cards: vec![], ordered }).unwrap();
        let truth = deal_for(&empty, seed).unwrap();
        Problem::new(dealer, View { seat, cards: truth.seats[seat][..k].to_vec(), ordered }).unwrap()
    }

    /// The seeds of `a..=b` whose real deal shows the view: the definition every fast path must agree with.
    fn brute(p: &Problem, a: u64, b: u64) -> Vec<u64> {
        (a..=b).filter(|&s| deal_for(p, s).is_some()).collect()
    }

    #[test]
    fn every_fast_path_agrees_with_the_real_shuffle() {
        // Views weak enough (2 or 3 cards) that a range of 2^16 seeds holds many candidates, for both
        // Fisher-Yates directions, set and ordered views, the lanes on every instruction set this processor has
        // and the scalar check alone (glibc).
        let cases = [
            (AlgorithmKind::FisherYates, RngKind::Msvc, Game::Douniu, 0, 2, false),
            (AlgorithmKind::FisherYates, RngKind::Msvc, Game::Douniu, 2, 5, false),
            (AlgorithmKind::FisherYatesForward, RngKind::Msvc, Game::Doudizhu, 1, 3, false),
            (AlgorithmKind::FisherYatesForward, RngKind::Msvc, Game::Douniu, 0, 2, true),
            (AlgorithmKind::FisherYates, RngKind::Glibc, Game::Douniu, 4, 2, false),
            (AlgorithmKind::PairSwap, RngKind::Msvc, Game::Douniu, 1, 1, false),
        ];
        for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512].into_iter().filter(|i| !i.available()) {
            eprintln!("skipped: the {} seed-search lanes (this processor lacks their instructions)", isa.label());
        }
        for (kind, rng, game, seat, k, ordered) in cases {
            let p = problem(kind, rng, game, seat, k, ordered, 40_000);
            let (a, b) = (30_000, 30_000 + (1 << 14));
            let want = brute(&p, a, b);
            assert!(want.contains(&40_000), "{kind:?} {rng:?}: the true seed is a candidate");
            for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
                let mut got = Vec::new();
                let found = check_range(&p, a, b, isa, &mut got);
                assert_eq!((got.clone(), found), (want.clone(), want.len() as u64), "{kind:?} {rng:?} {isa:?}");
            }
        }
    }

    #[test]
    fn the_runtimes_lanes_agree_with_the_real_shuffle() {
        // The runtimes' seedings (the lanes for mt19937, python and dotnet; the scalar check for java) against
        // the real generator seed by seed: weak views so that a range holds many candidates, the first deal
        // (where the lanes run) and the second (where they do not), set and ordered views, every instruction set.
        let cases = [
            (AlgorithmKind::FisherYates, RngKind::Mt19937, Game::Douniu, 0, 2, false),
            (AlgorithmKind::LibraryShuffle, RngKind::Mt19937, Game::Douniu, 1, 2, false),
            (AlgorithmKind::LibraryShuffle, RngKind::Mt19937, Game::Doudizhu, 2, 3, false),
            (AlgorithmKind::FisherYatesForward, RngKind::Mt19937, Game::Douniu, 3, 2, true),
            (AlgorithmKind::FisherYates, RngKind::Python, Game::Douniu, 0, 2, false),
            (AlgorithmKind::LibraryShuffle, RngKind::Python, Game::Doudizhu, 1, 3, false),
            (AlgorithmKind::FisherYates, RngKind::Dotnet, Game::Douniu, 4, 2, false),
            (AlgorithmKind::FisherYatesForward, RngKind::Dotnet, Game::Doudizhu, 0, 3, false),
            (AlgorithmKind::FisherYates, RngKind::Dotnet, Game::Douniu, 2, 2, true),
            (AlgorithmKind::LibraryShuffle, RngKind::Java, Game::Douniu, 1, 2, false),
            (AlgorithmKind::SortRandomKey, RngKind::Dotnet, Game::Douniu, 0, 1, false),
        ];
        for (kind, rng, game, seat, k, ordered) in cases {
            for deal_number in [1, 2] {
                let p = dealt_problem(kind, rng, game, seat, k, ordered, 40_000, deal_number);
                let (a, b) = (36_000, 36_000 + 6_000);
                let want = brute(&p, a, b);
                assert!(want.contains(&40_000), "{kind:?} {rng:?}: the true seed is a candidate");
                for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
                    let mut got = Vec::new();
                    let found = check_range(&p, a, b, isa, &mut got);
                    let label = format!("{kind:?} {rng:?} deal {deal_number} {isa:?}");
                    assert_eq!((got.clone(), found), (want.clone(), want.len() as u64), "{label}");
                }
            }
        }
    }

    #[test]
    fn a_stopped_search_says_so_and_counts_only_what_it_searched() {
        let p = problem(AlgorithmKind::FisherYates, RngKind::Glibc, Game::Douniu, 0, 5, false, 1000);
        let space = SeedSpace::new(crate::crack::SeedPolicy {
            rng: RngKind::Glibc,
            clock: crate::crack::Clock::Unix,
            request: crate::crack::SpaceRequest::Seeds { from: 1, to: 1 << 20 },
            max_pid: 32768,
        })
        .unwrap();
        let stop = StopFlag::new();
        stop.request(StopReason::Terminate);
        let bar = Meter::hidden();
        let o = search(&p, &space, &SearchOptions::quiet(&stop, &bar)).unwrap();
        assert_eq!((o.stopped, o.streams_searched, o.found), (Some(StopReason::Terminate), 0, 0));
    }

    #[test]
    fn a_search_finds_the_twin_seeds_and_their_deal() {
        let p = problem(AlgorithmKind::FisherYates, RngKind::Msvc, Game::Douniu, 0, 5, false, 1_000_123);
        let space = SeedSpace::new(crate::crack::SeedPolicy {
            rng: RngKind::Msvc,
            clock: crate::crack::Clock::Unix,
            request: crate::crack::SpaceRequest::Seeds { from: (1 << 31) + 900_000, to: (1 << 31) + 1_100_000 },
            max_pid: 32768,
        })
        .unwrap();
        let bar = Meter::hidden();
        let one =
            search(&p, &space, &SearchOptions { threads: Some(1), ..SearchOptions::quiet(&NEVER, &bar) }).unwrap();
        let two =
            search(&p, &space, &SearchOptions { threads: Some(2), ..SearchOptions::quiet(&NEVER, &bar) }).unwrap();
        assert_eq!(one.streams, two.streams);
        assert_eq!((one.seeds_covered, one.streams_searched), (200_001, 200_001));
        // The stream of seed 1,000,123 is run as seed 1,000,123 and reported as its twin in the space.
        let found = candidates(&p, &space, &one);
        let truth = found.iter().find(|c| c.seed == 1_000_123 + (1 << 31)).expect("the true seed's twin");
        assert_eq!(truth.equivalent_seeds, vec![1_000_123 + (1 << 31)]);
        assert_eq!(truth.deal.seats[0], p.view.cards);
    }
}
