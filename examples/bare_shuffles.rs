//! Bare shuffle loops on 52 cards (or N), one thread, side by side: rand's `SliceRandom::shuffle` with ChaCha8 (the
//! reference point of the performance targets), the same shuffle with one position-by-card histogram (the harness
//! a user would write instead of an audit: `counts[p·n + card] += 1` for every card of every deck, 64-bit
//! counters), and this crate's Fisher–Yates variants, with no statistics. Prints `name shuffles_per_second`, one
//! line each; used by `scripts/bench.sh`.
//!
//! `cargo run --release --example bare_shuffles [SECONDS_PER_LOOP] [N]`
//!
//! `cargo run --release --example bare_shuffles count LOOP DECKS [N]` shuffles exactly DECKS decks with the loop
//! named LOOP (one of the names printed) and prints nothing: for counting instructions per deck
//! (`scripts/instructions.sh`), where a time budget would make the count vary.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{ChaCha8, MsvcRand, SeededRng};
use shuffle_audit::shuffle::{FisherYates, FisherYatesBatched, Scratch, Shuffle};

/// How many decks a loop runs: for a time budget (timed in batches of 10^5), or an exact number.
#[derive(Clone, Copy)]
enum Length {
    Budget(Duration),
    Decks(u64),
}

/// Runs `step` for `length`; returns shuffles per second.
fn rate(length: Length, mut step: impl FnMut()) -> f64 {
    let (start, mut done) = (Instant::now(), 0u64);
    match length {
        Length::Budget(budget) => {
            while start.elapsed() < budget {
                for _ in 0..100_000 {
                    step();
                }
                done += 100_000;
            }
        }
        Length::Decks(decks) => {
            for _ in 0..decks {
                step();
            }
            done = decks;
        }
    }
    done as f64 / start.elapsed().as_secs_f64()
}

/// rand's bare shuffle of n cards.
fn rand_bare(n: usize, length: Length) -> f64 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut deck = vec![0 as Card; n];
    rate(length, || {
        reset(&mut deck);
        deck.shuffle(&mut rng);
        black_box(&deck);
    })
}

/// rand's shuffle and one position-by-card histogram: what a user would write to test a shuffle by hand.
fn rand_histogram(n: usize, length: Length) -> f64 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut deck = vec![0 as Card; n];
    let mut counts = vec![0u64; n * n];
    let r = rate(length, || {
        reset(&mut deck);
        deck.shuffle(&mut rng);
        for (p, &card) in deck.iter().enumerate() {
            counts[p * n + usize::from(card)] += 1;
        }
    });
    black_box(&counts);
    r
}

fn ours<S: Shuffle, R: SeededRng>(s: &S, n: usize, length: Length) -> f64 {
    let (mut rng, mut scratch, mut deck) = (R::from_seed_u64(1), Scratch::new(n), vec![0 as Card; n]);
    rate(length, || {
        reset(&mut deck);
        let _ = s.shuffle(&mut deck, &mut rng, &mut scratch);
        black_box(&deck);
    })
}

/// Every loop, by name.
const LOOPS: [&str; 5] = [
    "rand-slice-shuffle/chacha8",
    "rand-slice-shuffle+histogram/chacha8",
    "fisher-yates/chacha8",
    "fisher-yates/msvc",
    "fisher-yates-batched/chacha8",
];

fn run(name: &str, n: usize, length: Length) -> Option<f64> {
    Some(match name {
        "rand-slice-shuffle/chacha8" => rand_bare(n, length),
        "rand-slice-shuffle+histogram/chacha8" => rand_histogram(n, length),
        "fisher-yates/chacha8" => ours::<_, ChaCha8>(&FisherYates, n, length),
        "fisher-yates/msvc" => ours::<_, MsvcRand>(&FisherYates, n, length),
        "fisher-yates-batched/chacha8" => ours::<_, ChaCha8>(&FisherYatesBatched::new(n), n, length),
        _ => return None,
    })
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("count") {
        let (Some(name), Some(Ok(decks))) = (args.get(1), args.get(2).map(|d| d.parse::<u64>())) else {
            eprintln!("usage: bare_shuffles count LOOP DECKS [N] (LOOP: one of {})", LOOPS.join(", "));
            return std::process::ExitCode::from(2);
        };
        let n = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(52);
        return match run(name, n, Length::Decks(decks)) {
            Some(_) => std::process::ExitCode::SUCCESS,
            None => {
                eprintln!("no loop named {name:?} (one of {})", LOOPS.join(", "));
                std::process::ExitCode::from(2)
            }
        };
    }
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(52);
    let length = Length::Budget(Duration::from_secs_f64(seconds));
    for name in LOOPS {
        let r = run(name, n, length).expect("every listed loop runs");
        println!("{name} {r:.0}");
    }
    std::process::ExitCode::SUCCESS
}
