//! Ground truth for the crack: hidden seeds drawn at random from the space, each deal cracked from the first k
//! cards of one seat for every k, and what came out: how often the seed was the only candidate, how many
//! candidates were left, how many of the unseen dealt cards the candidates predict, and how fast.
//!
//! The prediction at an unseen position is the card most candidates put there (the lowest seed's on a tie), so
//! a unique recovery predicts all of them and k candidates predict about 1/k of them plus the chance overlaps.

use rand::{RngExt, SeedableRng};

use super::problem::{Dealer, Problem, View};
use super::search::{self, SearchOptions};
use super::space::SeedSpace;
use crate::cards::Card;
use crate::error::ConfigError;

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

/// The trials of one view (the seat's first `cards` cards).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ViewTrials {
    pub cards: usize,
    pub bits: f64,
    pub trials: u64,
    /// Trials whose only candidate was the hidden seed's stream.
    pub unique: u64,
    pub median_candidates: f64,
    /// Share of the unseen dealt cards predicted right.
    pub unseen_right: f64,
    pub seeds_per_second: f64,
}

/// Draws the hidden seeds and cracks every view of every trial.
pub fn run(
    request: &TrialsRequest,
    space: &SeedSpace,
    options: &SearchOptions,
) -> Result<Vec<ViewTrials>, ConfigError> {
    let hand = request.dealer.deal.hand;
    let mut draw = rand_chacha::ChaCha8Rng::seed_from_u64(request.seed);
    let size = space.size().unwrap_or(u64::MAX);
    let hidden: Vec<u64> = (0..request.trials).map(|_| nth_seed(space, draw.random_range(0..size))).collect();
    let empty = Problem::new(request.dealer, View { seat: request.seat, cards: Vec::new(), ordered: request.ordered })?;
    let mut out = Vec::new();
    for k in 1..=hand {
        let (mut unique, mut right, mut unseen, mut seconds, mut covered) = (0u64, 0u64, 0u64, 0.0, 0u64);
        let mut counts = Vec::new();
        for &seed in &hidden {
            let truth = search::deal_for(&empty, seed).expect("every deal shows the empty view");
            let cards: Vec<Card> = truth.seats[request.seat][..k].to_vec();
            let problem = Problem::new(request.dealer, View { seat: request.seat, cards, ordered: request.ordered })?;
            let outcome = search::search(&problem, space, options)
                .map_err(|e| ConfigError::new(crate::error::Field::Trials, e.to_string()))?;
            seconds += outcome.seconds;
            covered += outcome.seeds_covered;
            counts.push(outcome.found as f64);
            let stream = *space.equivalents_stream(seed).first().unwrap_or(&seed);
            if outcome.found == 1 && outcome.streams == [stream] {
                unique += 1;
            }
            // Majority prediction of every unseen dealt position.
            let decks: Vec<super::problem::Deal> =
                outcome.streams.iter().filter_map(|&s| search::deal_for(&problem, s)).collect();
            let groups: Vec<(usize, usize, Card)> = truth
                .seats
                .iter()
                .enumerate()
                .flat_map(|(g, cards)| cards.iter().enumerate().map(move |(i, &c)| (g, i, c)))
                .chain(truth.bottom.iter().enumerate().map(|(i, &c)| (usize::MAX, i, c)))
                .filter(|&(g, i, _)| !(g == request.seat && i < k))
                .collect();
            for (g, i, c) in groups {
                unseen += 1;
                let at = |d: &super::problem::Deal| if g == usize::MAX { d.bottom[i] } else { d.seats[g][i] };
                let mut tally: Vec<(Card, u64)> = Vec::new();
                for d in &decks {
                    let x = at(d);
                    match tally.iter_mut().find(|(y, _)| *y == x) {
                        Some(t) => t.1 += 1,
                        None => tally.push((x, 1)),
                    }
                }
                let best = tally.iter().fold(None::<(Card, u64)>, |b, &(x, n)| match b {
                    Some((_, m)) if m >= n => b,
                    _ => Some((x, n)),
                });
                if best.is_some_and(|(x, _)| x == c) {
                    right += 1;
                }
            }
        }
        counts.sort_by(f64::total_cmp);
        let median = if counts.is_empty() {
            0.0
        } else if counts.len() % 2 == 1 {
            counts[counts.len() / 2]
        } else {
            (counts[counts.len() / 2 - 1] + counts[counts.len() / 2]) / 2.0
        };
        out.push(ViewTrials {
            cards: k,
            bits: super::problem::view_bits(request.dealer.deal.deck, hand, k, request.ordered),
            trials: request.trials,
            unique,
            median_candidates: median,
            unseen_right: if unseen == 0 { 1.0 } else { right as f64 / unseen as f64 },
            seeds_per_second: covered as f64 / f64::max(seconds, 1e-9),
        });
    }
    Ok(out)
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
