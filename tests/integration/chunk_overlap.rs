//! How many shuffles of a run replay another chunk's, computed with the runner's own chunk seeding.
//!
//! Chunk i of a run draws from a generator built as the runner builds it: `R::from_seed_u64(chunk_seed(seed,
//! i))` (`srand` of the low 32 bits for the C generators), and shuffles `CHUNK_SHUFFLES` fresh decks in a row
//! with the library's own loop. MSVC's `rand()` has a single cycle of 2^32 states and its outputs never see the
//! state's top bit, so its output stream is fixed by the state mod 2^31: the walks of the chunks overlap, and a
//! shuffle that starts where a shuffle of another chunk started replays that chunk's decks from there.
//!
//! A shuffle's stream is identified by the first four outputs its generator would give from the shuffle's
//! start (a clone of the generator: 60 bits for MSVC, so two different streams share them with probability
//! about 10^12 / 2^60 ≈ 10^-6 over the whole run). Counted, for the book's run (pair-swap, 52 cards, 10^6
//! shuffles, seed 1, 62 chunks):
//! - replays: the shuffles whose stream an earlier shuffle of the run already had (each stream counted once
//!   among its copies: shuffles minus distinct streams);
//! - shared: the shuffles whose stream at least one other shuffle has (both copies counted);
//! - repeated decks: the decks equal to an earlier deck, what the `duplicate-decks` test counts; every replay is
//!   one, and pair-swap also repeats decks by itself (it leaves the deck untouched once in 1023 shuffles).
//!
//! Ignored by default (heavy: about 2·10^9 generator calls); CI runs it with the other ignored tests. Measured:
//! see the constants below.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use shuffle_audit::audit::{CHUNK_SHUFFLES, chunk_seed};
use shuffle_audit::cards::Card;
use shuffle_audit::rng::{GlibcRand, MsvcRand, RawRng, SeededRng};
use shuffle_audit::shuffle::{FisherYates, PairSwap, Scratch, Shuffle};

/// The book's run: 10^6 shuffles of 52 cards, seed 1.
const SHUFFLES: u64 = 1_000_000;
const SEED: u64 = 1;
const DECK: usize = 52;

/// What the run's chunks repeat.
#[derive(Debug, PartialEq, Eq)]
struct Overlap {
    /// Shuffles whose output stream an earlier shuffle of the run already had.
    replays: u64,
    /// Shuffles whose output stream some other shuffle of the run has (every copy counted).
    shared: u64,
    /// Decks equal to an earlier deck of the run.
    repeated_decks: u64,
}

/// The first four outputs from the generator's current state, packed: the identity of the stream from here.
fn stream_key<R: RawRng + Clone>(rng: &R) -> u128 {
    let mut probe = rng.clone();
    (0..4).fold(0u128, |key, _| (key << 32) | u128::from(probe.r()))
}

fn deck_key(deck: &[Card]) -> u64 {
    let mut h = DefaultHasher::new();
    deck.hash(&mut h);
    h.finish()
}

/// Runs the chunks of a `SHUFFLES`-shuffle run as the runner seeds them and counts what repeats.
fn overlap<R: RawRng + SeededRng + Clone, S: Shuffle>(shuffle: &S) -> Overlap {
    let mut streams: HashMap<u128, u32> = HashMap::with_capacity(SHUFFLES as usize);
    let mut decks: HashMap<u64, u32> = HashMap::with_capacity(SHUFFLES as usize);
    let mut deck: Vec<Card> = vec![0; DECK];
    let mut scratch = Scratch::new(DECK);
    for chunk in 0..SHUFFLES.div_ceil(CHUNK_SHUFFLES) {
        let mut rng = R::from_seed_u64(chunk_seed(SEED, chunk));
        for _ in 0..CHUNK_SHUFFLES.min(SHUFFLES - chunk * CHUNK_SHUFFLES) {
            *streams.entry(stream_key(&rng)).or_default() += 1;
            for (i, c) in deck.iter_mut().enumerate() {
                *c = i as Card;
            }
            shuffle.shuffle(&mut deck, &mut rng, &mut scratch).expect("a permutation");
            *decks.entry(deck_key(&deck)).or_default() += 1;
        }
    }
    Overlap {
        replays: SHUFFLES - streams.len() as u64,
        shared: streams.values().filter(|&&k| k > 1).map(|&k| u64::from(k)).sum(),
        repeated_decks: SHUFFLES - decks.len() as u64,
    }
}

#[test]
#[ignore = "heavy: 2·10^9 generator calls (pair-swap draws 1023 numbers a shuffle)"]
fn msvc_chunks_replay_each_other_in_a_pair_swap_run() {
    let msvc = overlap::<MsvcRand, _>(&PairSwap::default());
    println!(
        "pair-swap/msvc, {SHUFFLES} shuffles of {DECK} cards, seed {SEED}: {} shuffles replay an earlier one's \
         stream ({} in streams that two or more shuffles share); {} decks repeat an earlier deck",
        msvc.replays, msvc.shared, msvc.repeated_decks
    );
    // The figures the book quotes, pinned: the run's seeding is deterministic.
    assert_eq!(msvc, Overlap { replays: 205_431, shared: 393_773, repeated_decks: 206_454 });
    // Every replayed stream replays its deck.
    assert!(msvc.repeated_decks >= msvc.replays);

    // Fisher–Yates draws a fixed 51 numbers a shuffle: the chunks' walks (8.4·10^5 states each) miss each other.
    let fisher_yates = overlap::<MsvcRand, _>(&FisherYates);
    println!("fisher-yates/msvc: {fisher_yates:?}");
    assert_eq!((fisher_yates.replays, fisher_yates.repeated_decks), (0, 0));
    // glibc's `random()` has a state of 31 words, not one: none of this run's chunks meet.
    let glibc = overlap::<GlibcRand, _>(&PairSwap::default());
    println!("pair-swap/glibc: {glibc:?}");
    assert_eq!(glibc.replays, 0);
}
