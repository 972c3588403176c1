//! The decks a built-in run counts, made again one at a time in run order: chunk after chunk, each from its own
//! generator ([`chunk_seed`]`(seed, i)`, or its per-deal seeds), with the run's start deck and post-processing,
//! exactly as [`run_chunk`] makes them. `run --save-decks` writes them and `export bits` ranks them, so both
//! hold the decks that the run of the same settings counted, whatever its thread count.

use std::ops::Range;

use super::*;
use crate::audit::source::DeckSource;
use crate::cards::Card;
use crate::rng::SeededRng;
use crate::shuffle::{Fault, Scratch};
use crate::{with_rng_type, with_shuffle};

/// What a replay went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Decks handed out (the decks a run counts).
    pub decks: u64,
    /// Outputs that were not permutations (a run does not count them either).
    pub invalid: u64,
    /// A shuffle did not terminate: its chunk ends there, as the run's does.
    pub stuck: bool,
    /// `each` asked to stop, or `stop` was set.
    pub stopped: bool,
}

/// Hands every deck of the chunks `chunks` of the built-in run `config` to `each`, in run order; `each`
/// returning `false`, or `stop` being set, ends the replay. A configuration of another source has no decks.
pub fn replay_decks(
    config: &RunConfig,
    chunks: &[Range<u64>],
    stop: &StopFlag,
    each: &mut dyn FnMut(&[Card]) -> bool,
) -> Replayed {
    let DeckSource::Builtin(b) = &config.source else { return Replayed::default() };
    let stream = Stream { seed: b.seed, post: b.post, rng: b.rng, per_deal: b.seeding.space(b.rng) };
    let n = config.deck;
    with_rng_type!(b.rng, R => with_shuffle!(b.algorithm, n, s => {
        replay_with::<_, R>(&s, config, stream, chunks, stop, each)
    }))
}

fn replay_with<S: MakeDeck<R>, R: SeededRng>(
    s: &S,
    config: &RunConfig,
    stream: Stream,
    chunks: &[Range<u64>],
    stop: &StopFlag,
    each: &mut dyn FnMut(&[Card]) -> bool,
) -> Replayed {
    let n = config.deck;
    let start = config.start_deck();
    let mut deck = start.clone();
    let mut scratch = Scratch::new(n);
    let mut done = Replayed::default();
    for chunk in chunks.iter().flat_map(|r| r.clone()) {
        let first = chunk * CHUNK_SHUFFLES;
        if first >= config.shuffles {
            break;
        }
        let count = CHUNK_SHUFFLES.min(config.shuffles - first);
        let mut rng = R::from_seed_u64(chunk_seed(stream.seed, chunk));
        let mut seeds = SeedDraws::new(chunk_seed(stream.seed, chunk), stream.per_deal.unwrap_or(0));
        for k in 0..count {
            if k % 64 == 0 && stop.is_set() {
                done.stopped = true;
                return done;
            }
            deck.copy_from_slice(&start);
            if stream.per_deal.is_some() {
                rng = R::from_seed_u64(seeds.draw());
            }
            match s.make(&mut deck, &mut rng, &mut scratch) {
                Ok(()) => {
                    stream.post.apply(&mut deck, &mut rng);
                    done.decks += 1;
                    if !each(&deck) {
                        done.stopped = true;
                        return done;
                    }
                }
                Err(Fault::NotPermutation(_)) => done.invalid += 1,
                Err(Fault::NonTermination(_)) => {
                    done.stuck = true;
                    break;
                }
            }
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::RunRequest;
    use crate::audit::meter::Progress;
    use crate::shuffle::AlgorithmKind;

    #[test]
    fn replayed_decks_are_the_decks_the_run_counted() {
        // Position counts of the replayed decks against the run's own, over three chunks and a short fourth,
        // with a cut (which draws from the generator after the shuffle) and per-deal seeding.
        for seeding in [None, Some(crate::audit::SeedingMode::PerDeal)] {
            let request = RunRequest {
                algorithm: Some(AlgorithmKind::NaiveSwap),
                rng: Some(crate::rng::RngKind::Msvc),
                deck: Some(9),
                shuffles: Some(3 * CHUNK_SHUFFLES + 100),
                seed: Some(5),
                cut: true,
                seeding,
                threads: Some(2),
                ..Default::default()
            };
            let config = request.validate(|_| 0).unwrap().builtin().unwrap().clone();
            let outcome = run(&config, Progress::Hidden).unwrap();
            let mut counts = vec![0u64; 81];
            let done = replay_decks(&config, std::slice::from_ref(&(0..config.chunks())), &NEVER, &mut |deck| {
                for (p, &c) in deck.iter().enumerate() {
                    counts[p * 9 + usize::from(c)] += 1;
                }
                true
            });
            assert_eq!(done.decks, config.shuffles);
            let matrix = &outcome.tally.battery.position_card;
            for p in 0..9 {
                for c in 0..9 {
                    assert_eq!(counts[p * 9 + c], matrix.get(p, c), "position {p}, card {c}");
                }
            }
        }
    }
}
