//! Bare shuffle loops on 52 cards (or N), one thread, side by side: rand's `SliceRandom::shuffle` with ChaCha8 (the
//! reference point of the performance targets) and this crate's Fisher–Yates variants, with no statistics.
//! Prints `name shuffles_per_second`, one line each; used by `scripts/bench.sh`.
//!
//! `cargo run --release --example bare_shuffles [SECONDS_PER_LOOP] [N]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{ChaCha8, MsvcRand, SeededRng};
use shuffle_audit::shuffle::{FisherYates, FisherYatesBatched, Scratch, Shuffle};

/// Shuffles per second of `step`, timed in batches of 10^5 for at least `budget`.
fn rate(budget: Duration, mut step: impl FnMut()) -> f64 {
    let (start, mut done) = (Instant::now(), 0u64);
    while start.elapsed() < budget {
        for _ in 0..100_000 {
            step();
        }
        done += 100_000;
    }
    done as f64 / start.elapsed().as_secs_f64()
}

fn ours<S: Shuffle, R: SeededRng>(s: &S, n: usize, budget: Duration) -> f64 {
    let (mut rng, mut scratch, mut deck) = (R::from_seed_u64(1), Scratch::new(n), vec![0 as Card; n]);
    rate(budget, || {
        reset(&mut deck);
        let _ = s.shuffle(&mut deck, &mut rng, &mut scratch);
        black_box(&deck);
    })
}

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let budget = Duration::from_secs_f64(seconds);
    let n: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(52);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut deck = vec![0 as Card; n];
    let rand_rate = rate(budget, || {
        reset(&mut deck);
        deck.shuffle(&mut rng);
        black_box(&deck);
    });
    println!("rand-slice-shuffle/chacha8 {rand_rate:.0}");
    println!("fisher-yates/chacha8 {:.0}", ours::<_, ChaCha8>(&FisherYates, n, budget));
    println!("fisher-yates/msvc {:.0}", ours::<_, MsvcRand>(&FisherYates, n, budget));
    println!("fisher-yates-batched/chacha8 {:.0}", ours::<_, ChaCha8>(&FisherYatesBatched::new(n), n, budget));
}
