//! Property tests over every algorithm and generator: what each shuffle must guarantee whatever the seed and
//! deck size, and how the broken ones must be reported.

use proptest::prelude::*;
use proptest::sample::select;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{RngKind, SeededRng};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind, Fault, Scratch, Shuffle};
use shuffle_audit::{with_rng_type, with_shuffle};

/// Deck sizes with a meaning (tiny decks, a suit, the presets, the largest deck) that proptest draws often.
const NOTABLE_DECKS: [usize; 9] = [2, 3, 4, 5, 13, 52, 54, 100, 1024];

/// Shuffles of one stream each property checks when decks are carried over.
const CARRIED: usize = 4;

fn deck_size() -> impl Strategy<Value = usize> {
    prop_oneof![select(NOTABLE_DECKS.to_vec()), 2usize..=200]
}

/// The seed as the generator's seeding rule reads it: `srand` and `std::mt19937` take an unsigned 32-bit value,
/// .NET's `Random` a non-negative int.
fn seed_for(kind: RngKind, seed: u64) -> u64 {
    seed & kind.max_seed()
}

/// Algorithms whose every result must be a permutation of the input deck.
fn permuting_algorithms() -> impl Iterator<Item = AlgorithmKind> {
    AlgorithmKind::ALL.into_iter().filter(|&k| k != AlgorithmKind::DirectDraw && k != AlgorithmKind::RejectRetry)
}

/// One shuffle: the deck it was given, the deck it returned, and its verdict.
type Step = (Vec<Card>, Vec<Card>, Result<(), Fault>);

/// Seeds one stream and shuffles `rounds` times, starting from `start`; with `carry` each shuffle takes the
/// previous result (`--carry`), otherwise `start` again. Returns each input with its result.
fn run(algorithm: Algorithm, kind: RngKind, seed: u64, start: &[Card], rounds: usize, carry: bool) -> Vec<Step> {
    fn go<S: Shuffle, R: SeededRng>(s: &S, seed: u64, start: &[Card], rounds: usize, carry: bool) -> Vec<Step> {
        let mut rng = R::from_seed_u64(seed);
        let mut scratch = Scratch::new(start.len());
        let mut deck = start.to_vec();
        let mut out = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            if !carry {
                deck.copy_from_slice(start);
            }
            let before = deck.clone();
            let result = s.shuffle(&mut deck, &mut rng, &mut scratch);
            out.push((before, deck.clone(), result));
        }
        out
    }
    let n = start.len();
    let seed = seed_for(kind, seed);
    with_rng_type!(kind, R => with_shuffle!(algorithm, n, s => go::<_, R>(&s, seed, start, rounds, carry)))
}

fn fresh(n: usize) -> Vec<Card> {
    let mut deck = vec![0; n];
    reset(&mut deck);
    deck
}

fn sorted(deck: &[Card]) -> Vec<Card> {
    let mut v = deck.to_vec();
    v.sort_unstable();
    v
}

/// Parity of the permutation taking the fresh deck `0..n` to `deck`: (n − number of cycles) mod 2.
fn parity(deck: &[Card]) -> usize {
    let mut seen = vec![false; deck.len()];
    let mut cycles = 0;
    for start in 0..deck.len() {
        if seen[start] {
            continue;
        }
        cycles += 1;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = usize::from(deck[i]);
        }
    }
    (deck.len() - cycles) % 2
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_permuting_shuffle_returns_a_permutation(n in deck_size(), seed in any::<u64>()) {
        let start = fresh(n);
        for kind in permuting_algorithms() {
            // Every pair a run accepts (library-shuffle needs a runtime's generator).
            for rng in RngKind::ALL.into_iter().filter(|&rng| kind.check_rng(rng).is_ok()) {
                let algorithm = Algorithm::new(kind);
                for carry in [false, true] {
                    let rounds = if carry { CARRIED } else { 1 };
                    for (k, (before, after, result)) in
                        run(algorithm, rng, seed, &start, rounds, carry).into_iter().enumerate()
                    {
                        let at = format!("{kind} {rng} seed {} n {n} carry {carry} shuffle {}", seed_for(rng, seed), k + 1);
                        prop_assert!(result.is_ok(), "{}: {:?}", at, result);
                        prop_assert_eq!(after.len(), n, "{}", at);
                        prop_assert_eq!(sorted(&after), sorted(&before), "{}", at);
                        prop_assert_eq!(sorted(&after), start.clone(), "{}", at);
                    }
                }
            }
        }
    }

    #[test]
    fn wash_parity_is_swaps_mod_2(
        n in deck_size(),
        swaps in 0usize..300,
        rng in select(RngKind::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        let algorithm = Algorithm::with_swaps(AlgorithmKind::Wash, Some(swaps));
        // Carried shuffles compose, so after k shuffles of s swaps the parity is k·s mod 2.
        for (k, (_, after, result)) in run(algorithm, rng, seed, &fresh(n), CARRIED, true).into_iter().enumerate() {
            prop_assert!(result.is_ok());
            prop_assert_eq!(parity(&after), ((k + 1) * swaps) % 2, "{} n {} swaps {} shuffle {}", rng, n, swaps, k + 1);
        }
    }

    #[test]
    fn identity_leaves_any_deck_unchanged(
        deck in deck_size().prop_flat_map(|n| Just(fresh(n)).prop_shuffle()),
        rng in select(RngKind::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        for (before, after, result) in run(Algorithm::new(AlgorithmKind::Identity), rng, seed, &deck, 3, true) {
            prop_assert!(result.is_ok());
            prop_assert_eq!(&after, &before);
            prop_assert_eq!(&after, &deck);
        }
    }

    #[test]
    fn naive_swap_off_by_one_never_leaves_the_last_card_last(
        deck in deck_size().prop_flat_map(|n| Just(fresh(n)).prop_shuffle()),
        rng in select(RngKind::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        let algorithm = Algorithm::new(AlgorithmKind::NaiveSwapOffByOne);
        let n = deck.len();
        for carry in [false, true] {
            for (before, after, result) in run(algorithm, rng, seed, &deck, CARRIED, carry) {
                prop_assert!(result.is_ok());
                prop_assert_ne!(after[n - 1], before[n - 1], "{} n {} carry {}", rng, n, carry);
            }
        }
    }

    #[test]
    fn direct_draw_on_52_cards_is_reported_with_consistent_counts(
        rng in select(RngKind::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        let algorithm = Algorithm::new(AlgorithmKind::DirectDraw);
        for (before, after, result) in run(algorithm, rng, seed, &fresh(52), CARRIED, false) {
            // 52!/52^52 ≈ 5·10^-22: a permutation here would be a bug, not luck.
            let defect = match result {
                Err(Fault::NotPermutation(defect)) => defect,
                other => return Err(TestCaseError::fail(format!("{rng}: expected NotPermutation, got {other:?}"))),
            };
            let mut counts = vec![0u32; 52];
            for &c in &after {
                counts[usize::from(c)] += 1;
            }
            let repeated: Vec<(Card, u32)> =
                (0..52).filter(|&c| counts[c] > 1).map(|c| (c as Card, counts[c])).collect();
            let missing: Vec<Card> = (0..52).filter(|&c| counts[c] == 0).map(|c| c as Card).collect();
            prop_assert_eq!(&defect.repeated, &repeated);
            prop_assert_eq!(&defect.missing, &missing);
            prop_assert!(!defect.repeated.is_empty() && !defect.missing.is_empty());
            let extra: u32 = defect.repeated.iter().map(|&(_, k)| k - 1).sum();
            prop_assert_eq!(extra as usize, defect.missing.len());
            prop_assert_eq!(before, fresh(52));
        }
    }
}

proptest! {
    // Every case spends 2^20 draws on the card that cannot be placed: keep decks small and cases few.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn reject_retry_never_terminates_and_names_the_last_slot(
        n in 2usize..=8,
        rng in select(RngKind::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        let (_, _, result) = run(Algorithm::new(AlgorithmKind::RejectRetry), rng, seed, &fresh(n), 1, false)
            .pop()
            .unwrap();
        let stuck = match result {
            Err(Fault::NonTermination(stuck)) => stuck,
            other => return Err(TestCaseError::fail(format!("{rng} n {n}: expected NonTermination, got {other:?}"))),
        };
        prop_assert_eq!(&stuck.free_slots, &vec![n - 1]);
        prop_assert_eq!(&stuck.unreachable_slots, &vec![n - 1]);
        prop_assert_eq!(stuck.card_index, n - 1);
        prop_assert_eq!(stuck.placed, n - 1);
        prop_assert!(stuck.draws_to_place >= (n - 1) as u64);
        // Every card but the last sits in one of the first n − 1 slots.
        prop_assert_eq!(stuck.partial[n - 1], None);
        let placed: Vec<Card> = stuck.partial[..n - 1].iter().map(|c| c.expect("slot filled")).collect();
        prop_assert_eq!(sorted(&placed), fresh(n - 1));
    }
}

#[test]
fn reject_retry_gets_stuck_on_the_last_card_with_every_generator() {
    for rng in RngKind::ALL {
        let (_, _, result) =
            run(Algorithm::new(AlgorithmKind::RejectRetry), rng, 1, &fresh(3), 1, false).pop().unwrap();
        let Err(Fault::NonTermination(stuck)) = result else {
            panic!("{rng}: expected NonTermination, got {result:?}");
        };
        assert_eq!((stuck.card_index, stuck.free_slots.as_slice()), (2, &[2][..]), "{rng}");
        assert_eq!(stuck.unreachable_slots, [2], "{rng}");
    }
}
