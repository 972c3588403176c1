//! Ground truth for the crack: hidden seeds drawn at random from the space, each deal cracked from the first k
//! cards of one seat for every k, and what came out: how often the seed was the only candidate, how many
//! candidates were left, how many of the unseen dealt cards the candidates predict, and how fast.
//!
//! The prediction at an unseen position is the card most candidates put there (the lowest seed's on a tie), so
//! a unique recovery predicts all of them and k candidates predict about 1/k of them plus the chance overlaps.
//!
//! Trials stream: each hidden seed is drawn when its trial starts and each trial's outcome is added to
//! fixed-size tallies ([`TrialsTally`], mergeable like every statistic of the project), so memory does not grow
//! with `--trials`. A stop request (Ctrl-C, SIGTERM) is obeyed inside the trial's searches; the trial it cut
//! short is dropped, and the figures are those of the trials done, marked partial.

use std::collections::BTreeMap;

use crate::audit::meter::Meter;
use rand::{RngExt, SeedableRng};

use super::problem::{Deal, Dealer, Problem, View};
use super::search::{self, SearchOptions};
use super::space::SeedSpace;
use crate::audit::stop::StopReason;
use crate::cards::Card;
use crate::error::{ConfigError, Field};

/// The trials asked for.
#[derive(Clone, Debug)]
pub struct TrialsRequest {
    pub dealer: Dealer,
    /// 0-based seat.
    pub seat: usize,
    pub ordered: bool,
    pub trials: u64,
    /// Seed of the draw of the hidden seeds (ChaCha8).
    pub seed: u64,
}

impl TrialsRequest {
    /// At most `crate::audit::config::limits::MAX_TRIALS` trials.
    pub fn validate(&self) -> Result<(), ConfigError> {
        crate::audit::config::limits::check_trials(self.trials)
    }
}

/// Candidate counts below this are tallied exactly.
const EXACT_BELOW: u64 = 1 << 10;
/// Above [`EXACT_BELOW`], each octave `2^e ..= 2^(e+1) - 1` is cut into 2^9 bins of width `2^(e-9)`.
const SUB_BITS: u32 = 9;
/// Bins of a [`CandidateCounts`] at most: the 1024 exact ones and 512 for each octave 2^10 .. 2^63.
pub(crate) const MAX_BINS: usize = EXACT_BELOW as usize + (64 - 10) * (1 << SUB_BITS);

/// How many trials left how many candidates, in a histogram of at most [`MAX_BINS`] bins whatever the number of
/// trials: exact below 1024 candidates, and above it in bins whose middle is within 1/1024 (0.1%) of every count
/// the bin holds (the layout of an HDR histogram with 10 significant bits). The median is read from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CandidateCounts {
    bins: BTreeMap<u32, u64>,
}

impl CandidateCounts {
    fn bin_of(count: u64) -> u32 {
        if count < EXACT_BELOW {
            return count as u32;
        }
        let e = 63 - count.leading_zeros();
        let top = (count >> (e - SUB_BITS)) as u32;
        let bin = EXACT_BELOW as u32 + (e - 10) * (1 << SUB_BITS) + (top - (1 << SUB_BITS));
        debug_assert!((bin as usize) < MAX_BINS);
        bin
    }

    /// The middle of a bin: the count itself below 1024.
    fn middle(bin: u32) -> f64 {
        if u64::from(bin) < EXACT_BELOW {
            return f64::from(bin);
        }
        let above = bin - EXACT_BELOW as u32;
        let (octave, top) = (above >> SUB_BITS, (above & ((1 << SUB_BITS) - 1)) + (1 << SUB_BITS));
        let shift = octave + 10 - SUB_BITS;
        let low = u64::from(top) << shift;
        let width = 1u64 << shift;
        low as f64 + (width - 1) as f64 / 2.0
    }

    pub fn add(&mut self, count: u64) {
        *self.bins.entry(Self::bin_of(count)).or_default() += 1;
    }

    pub fn merge(&mut self, other: &CandidateCounts) {
        for (&bin, &n) in &other.bins {
            *self.bins.entry(bin).or_default() += n;
        }
    }

    /// Trials tallied.
    pub fn total(&self) -> u64 {
        self.bins.values().sum()
    }

    /// Bins in use (at most [`MAX_BINS`]).
    pub fn bins(&self) -> usize {
        self.bins.len()
    }

    /// The median count (the mean of the two middle ones for an even number of trials); `None` without trials.
    pub fn median(&self) -> Option<f64> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let at = |rank: u64| {
            let mut seen = 0;
            for (&bin, &k) in &self.bins {
                seen += k;
                if rank < seen {
                    return Self::middle(bin);
                }
            }
            unreachable!("rank {rank} is below the total {n}")
        };
        Some(if n % 2 == 1 { at(n / 2) } else { (at(n / 2 - 1) + at(n / 2)) / 2.0 })
    }
}

/// What cracking one view of one trial gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewOutcome {
    /// Candidates the search found.
    pub found: u64,
    /// The hidden seed's stream was the only candidate.
    pub unique: bool,
    /// Unseen dealt positions, and how many of them the majority of the candidates predicted right.
    pub unseen: u64,
    pub unseen_right: u64,
    pub seeds_covered: u64,
    pub seconds: f64,
}

/// The trials of one view so far: fixed-size counts, merged by adding.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewTally {
    pub trials: u64,
    pub unique: u64,
    pub unseen: u64,
    pub unseen_right: u64,
    pub seeds_covered: u64,
    pub seconds: f64,
    pub candidates: CandidateCounts,
}

impl ViewTally {
    pub fn add(&mut self, o: &ViewOutcome) {
        self.trials += 1;
        self.unique += u64::from(o.unique);
        self.unseen += o.unseen;
        self.unseen_right += o.unseen_right;
        self.seeds_covered += o.seeds_covered;
        self.seconds += o.seconds;
        self.candidates.add(o.found);
    }

    pub fn merge(&mut self, other: &ViewTally) {
        self.trials += other.trials;
        self.unique += other.unique;
        self.unseen += other.unseen;
        self.unseen_right += other.unseen_right;
        self.seeds_covered += other.seeds_covered;
        self.seconds += other.seconds;
        self.candidates.merge(&other.candidates);
    }
}

/// Every view's tally: one [`ViewTally`] per number of cards seen, 1 ..= the hand.
#[derive(Clone, Debug, PartialEq)]
pub struct TrialsTally {
    pub views: Vec<ViewTally>,
}

impl TrialsTally {
    pub fn new(hand: usize) -> Self {
        TrialsTally { views: vec![ViewTally::default(); hand] }
    }

    /// Adds one whole trial: the outcome of every view, in order.
    pub fn add(&mut self, trial: &[ViewOutcome]) {
        debug_assert_eq!(trial.len(), self.views.len());
        for (tally, o) in self.views.iter_mut().zip(trial) {
            tally.add(o);
        }
    }

    pub fn merge(&mut self, other: &TrialsTally) {
        for (tally, o) in self.views.iter_mut().zip(&other.views) {
            tally.merge(o);
        }
    }

    /// Whole trials tallied.
    pub fn trials(&self) -> u64 {
        self.views.first().map_or(0, |v| v.trials)
    }
}

/// The figures of one view (the seat's first `cards` cards) over the trials done; `None` without trials.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ViewTrials {
    pub cards: usize,
    pub bits: f64,
    pub trials: u64,
    /// Trials whose only candidate was the hidden seed's stream.
    pub unique: u64,
    /// `unique / trials`.
    pub unique_share: Option<f64>,
    /// Exact below 1024 candidates, within 0.1% above ([`CandidateCounts`]).
    pub median_candidates: Option<f64>,
    /// Share of the unseen dealt cards predicted right.
    pub unseen_right: Option<f64>,
    pub seeds_per_second: Option<f64>,
}

/// What a trials run did: the trials asked for and done, why it stopped early, and each view's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct TrialsOutcome {
    pub requested: u64,
    pub done: u64,
    /// Set when a stop request cut the run short (`done < requested`).
    pub stopped: Option<StopReason>,
    pub views: Vec<ViewTrials>,
}

impl TrialsOutcome {
    /// Each view's figures from a tally.
    pub fn from_tally(request: &TrialsRequest, tally: &TrialsTally, stopped: Option<StopReason>) -> Self {
        let deal = request.dealer.deal;
        let views = tally
            .views
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let some = |x: f64| (t.trials > 0).then_some(x);
                ViewTrials {
                    cards: i + 1,
                    bits: super::problem::view_bits(deal.deck, deal.hand, i + 1, request.ordered),
                    trials: t.trials,
                    unique: t.unique,
                    unique_share: some(t.unique as f64 / t.trials.max(1) as f64),
                    median_candidates: t.candidates.median(),
                    unseen_right: some(if t.unseen == 0 { 1.0 } else { t.unseen_right as f64 / t.unseen as f64 }),
                    seeds_per_second: some(t.seeds_covered as f64 / f64::max(t.seconds, 1e-9)),
                }
            })
            .collect();
        TrialsOutcome { requested: request.trials, done: tally.trials(), stopped, views }
    }
}

/// Draws the hidden seeds one trial at a time and cracks every view of each, until all are done or
/// `options.stop` is set; `progress` is advanced by one per trial done.
pub fn run(
    request: &TrialsRequest,
    space: &SeedSpace,
    options: &SearchOptions,
    progress: &Meter,
) -> Result<TrialsOutcome, ConfigError> {
    request.validate()?;
    // One pool for the whole run: a search given a thread count builds its own, which costs more than a whole
    // trial of a small space.
    match options.threads {
        Some(t) => match rayon::ThreadPoolBuilder::new().num_threads(t).build() {
            Ok(pool) => {
                pool.install(|| run_in_pool(request, space, &SearchOptions { threads: None, ..*options }, progress))
            }
            Err(_) => run_in_pool(request, space, options, progress),
        },
        None => run_in_pool(request, space, options, progress),
    }
}

fn run_in_pool(
    request: &TrialsRequest,
    space: &SeedSpace,
    options: &SearchOptions,
    progress: &Meter,
) -> Result<TrialsOutcome, ConfigError> {
    let hand = request.dealer.deal.hand;
    let mut draw = rand_chacha::ChaCha8Rng::seed_from_u64(request.seed);
    let size = space.size().unwrap_or(u64::MAX);
    let empty = Problem::new(request.dealer, View { seat: request.seat, cards: Vec::new(), ordered: request.ordered })?;
    let mut tally = TrialsTally::new(hand);
    let mut trial = Vec::with_capacity(hand);
    for _ in 0..request.trials {
        if options.stop.is_set() {
            break;
        }
        let seed = nth_seed(space, draw.random_range(0..size));
        trial.clear();
        for k in 1..=hand {
            match crack_view(request, space, options, &empty, seed, k)? {
                Some(o) => trial.push(o),
                None => break,
            }
        }
        if trial.len() < hand {
            break;
        }
        tally.add(&trial);
        progress.inc(1);
    }
    let stopped = if tally.trials() < request.trials { options.stop.requested() } else { None };
    Ok(TrialsOutcome::from_tally(request, &tally, stopped))
}

/// Cracks the hidden seed's deal from the seat's first `k` cards; `None` when a stop request cut the search short.
fn crack_view(
    request: &TrialsRequest,
    space: &SeedSpace,
    options: &SearchOptions,
    empty: &Problem,
    seed: u64,
    k: usize,
) -> Result<Option<ViewOutcome>, ConfigError> {
    let truth = search::deal_for(empty, seed).expect("every deal shows the empty view");
    let cards: Vec<Card> = truth.seats[request.seat][..k].to_vec();
    let problem = Problem::new(request.dealer, View { seat: request.seat, cards, ordered: request.ordered })?;
    let outcome =
        search::search(&problem, space, options).map_err(|e| ConfigError::new(Field::Trials, e.to_string()))?;
    if outcome.stopped.is_some() {
        return Ok(None);
    }
    let stream = *space.equivalents_stream(seed).first().unwrap_or(&seed);
    let unique = outcome.found == 1 && outcome.streams == [stream];
    // Majority prediction of every unseen dealt position.
    let decks: Vec<Deal> = outcome.streams.iter().filter_map(|&s| search::deal_for(&problem, s)).collect();
    let unseen_positions = truth
        .seats
        .iter()
        .enumerate()
        .flat_map(|(g, cards)| cards.iter().enumerate().map(move |(i, &c)| (g, i, c)))
        .chain(truth.bottom.iter().enumerate().map(|(i, &c)| (usize::MAX, i, c)))
        .filter(|&(g, i, _)| !(g == request.seat && i < k));
    let (mut unseen, mut right) = (0u64, 0u64);
    for (g, i, c) in unseen_positions {
        unseen += 1;
        let at = |d: &Deal| if g == usize::MAX { d.bottom[i] } else { d.seats[g][i] };
        let mut votes: Vec<(Card, u64)> = Vec::new();
        for d in &decks {
            let x = at(d);
            match votes.iter_mut().find(|(y, _)| *y == x) {
                Some(t) => t.1 += 1,
                None => votes.push((x, 1)),
            }
        }
        let best = votes.iter().fold(None::<(Card, u64)>, |b, &(x, n)| match b {
            Some((_, m)) if m >= n => b,
            _ => Some((x, n)),
        });
        if best.is_some_and(|(x, _)| x == c) {
            right += 1;
        }
    }
    Ok(Some(ViewOutcome {
        found: outcome.found,
        unique,
        unseen,
        unseen_right: right,
        seeds_covered: outcome.seeds_covered,
        seconds: outcome.seconds,
    }))
}

/// The `index`-th seed of the space, in increasing order.
fn nth_seed(space: &SeedSpace, mut index: u64) -> u64 {
    for &(a, b) in &space.ranges {
        let len = b - a + 1;
        if index < len {
            return a + index;
        }
        index -= len;
    }
    space.ranges.last().map_or(0, |r| r.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(found: u64, unique: bool) -> ViewOutcome {
        ViewOutcome {
            found,
            unique,
            unseen: 47,
            unseen_right: if unique { 47 } else { 3 },
            seeds_covered: 100,
            seconds: 0.5,
        }
    }

    fn request(trials: u64) -> (TrialsRequest, SeedSpace) {
        use crate::crack::{Clock, SeedPolicy, SpaceRequest};
        use crate::game::{Game, deal::DealConfig, deal::DealShape};
        let dealer = Dealer {
            algorithm: crate::shuffle::Algorithm::new(crate::shuffle::AlgorithmKind::FisherYates),
            rng: crate::rng::RngKind::Glibc,
            deal: DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap(),
            deal_number: 1,
        };
        let space = SeedSpace::new(SeedPolicy {
            rng: dealer.rng,
            clock: Clock::Unix,
            request: SpaceRequest::Seeds { from: 1, to: 200 },
            max_pid: 32768,
        })
        .unwrap();
        (TrialsRequest { dealer, seat: 0, ordered: false, trials, seed: 3 }, space)
    }

    #[test]
    fn a_stop_request_ends_the_trials_with_those_done_and_says_why() {
        use crate::audit::stop::{NEVER, StopFlag};
        let count = std::sync::Arc::new(crate::audit::meter::Count::default());
        let (seeds, bar) = (Meter::hidden(), Meter::new(count.clone()));
        let (req, space) = request(20);
        let all = run(&req, &space, &SearchOptions::quiet(&NEVER, &seeds), &bar).unwrap();
        assert_eq!((all.done, all.stopped, all.views.len()), (20, None, 5));
        assert!(all.views.iter().all(|v| v.trials == 20));
        assert_eq!(count.position(), 20);
        let stop = StopFlag::new();
        stop.request(StopReason::Interrupt);
        let none = run(&req, &space, &SearchOptions::quiet(&stop, &seeds), &bar).unwrap();
        assert_eq!((none.done, none.stopped), (0, Some(StopReason::Interrupt)));
        assert!(none.views.iter().all(|v| v.trials == 0 && v.median_candidates.is_none() && v.unseen_right.is_none()));
        let e = run(&request(MAX_TRIALS_PLUS_ONE).0, &space, &SearchOptions::quiet(&NEVER, &seeds), &bar).unwrap_err();
        assert_eq!(e.field, Field::Trials);
    }

    const MAX_TRIALS_PLUS_ONE: u64 = crate::audit::config::limits::MAX_TRIALS + 1;

    #[test]
    fn candidate_counts_are_exact_below_1024_and_within_a_thousandth_above() {
        for v in (0..5000u64).chain([1 << 20, (1 << 20) + 12_345, 83_886_592, u64::MAX / 3, u64::MAX]) {
            let bin = CandidateCounts::bin_of(v);
            assert!((bin as usize) < MAX_BINS, "{v}: bin {bin}");
            let mid = CandidateCounts::middle(bin);
            if v < 1024 {
                assert_eq!(mid, v as f64);
            } else {
                assert!((mid - v as f64).abs() <= v as f64 / 1024.0, "{v}: middle {mid}");
            }
        }
        assert_eq!(CandidateCounts::bin_of(u64::MAX) as usize, MAX_BINS - 1);
        // Bins are in the order of the counts, so the median read from them is in order too.
        let bins: Vec<u32> = (0..100_000u64).map(|v| v * 977).map(CandidateCounts::bin_of).collect();
        assert!(bins.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn the_median_is_the_exact_one_for_small_counts() {
        let mut c = CandidateCounts::default();
        assert_eq!(c.median(), None);
        for v in [347, 2, 28, 1, 1] {
            c.add(v);
        }
        assert_eq!(c.median(), Some(2.0));
        c.add(5);
        assert_eq!(c.median(), Some(3.5));
    }

    #[test]
    fn tallies_merge_to_the_tally_of_all_trials_and_do_not_grow_with_them() {
        // A million trials with a million distinct candidate counts, in two halves merged, against one tally.
        let (mut all, mut first, mut second) = (TrialsTally::new(2), TrialsTally::new(2), TrialsTally::new(2));
        for i in 0..1_000_000u64 {
            let trial = [outcome(i * 4099 + 1, false), outcome(1, i % 3 == 0)];
            all.add(&trial);
            if i % 2 == 0 { first.add(&trial) } else { second.add(&trial) }
        }
        first.merge(&second);
        assert_eq!(first, all);
        assert_eq!(all.trials(), 1_000_000);
        // A million distinct counts up to 4.1e9 fill at most the 1024 exact bins and 512 for each of 22 octaves.
        assert!(all.views[0].candidates.bins() <= 1024 + 22 * 512, "{} bins", all.views[0].candidates.bins());
        assert_eq!(all.views[1].candidates.bins(), 1);
        assert_eq!(all.views[1].unique, 333_334);
        let median = all.views[0].candidates.median().unwrap();
        let exact = 499_999.5 * 4099.0 + 1.0;
        assert!((median - exact).abs() <= exact / 1024.0, "{median} against {exact}");
    }
}
