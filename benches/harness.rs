//! The audit against the peers a user would otherwise reach for, per 52-card deck, one thread, on the process's
//! kernel path (`SHUFFLE_AUDIT_ISA` for another): `harness/rand-bare` (rand's `SliceRandom::shuffle` with
//! ChaCha8), `harness/rand-histogram` (the same shuffle and one position-by-card histogram, `counts[p·n + card]
//! += 1` in 64-bit counters: the one-table harness), and the audited hot loop (`harness/audited-default`:
//! fisher-yates with ChaCha8 counted by the default battery into its chunk tables, flushed every 1024 decks, as
//! the runner does; `harness/audited-position`: position-card only). Throughput is in decks. `scripts/bench.sh`
//! measures the same through the binary, with NumPy beside them.
//!
//! `cargo bench -p shuffle-audit-benches --bench harness`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{ChaCha8, SeededRng};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};
use shuffle_audit::stats::{Battery, TestSelection};

const N: usize = 52;
const DECKS: u64 = 1024;

fn harness(c: &mut Criterion) {
    let mut group = c.benchmark_group("harness");
    group.throughput(Throughput::Elements(DECKS));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut deck: Vec<Card> = vec![0; N];
    group.bench_function("rand-bare", |b| {
        b.iter(|| {
            for _ in 0..DECKS {
                reset(&mut deck);
                deck.shuffle(&mut rng);
                black_box(&deck);
            }
        })
    });
    let mut counts = vec![0u64; N * N];
    group.bench_function("rand-histogram", |b| {
        b.iter(|| {
            for _ in 0..DECKS {
                reset(&mut deck);
                deck.shuffle(&mut rng);
                for (p, &card) in deck.iter().enumerate() {
                    counts[p * N + usize::from(card)] += 1;
                }
            }
            black_box(&counts);
        })
    });
    for (name, tests) in [("audited-default", TestSelection::default()), ("audited-position", TestSelection::only(&[]))]
    {
        let (mut rng, mut scratch) = (ChaCha8::from_seed_u64(1), Scratch::new(N));
        let mut battery = Battery::with_tests(N, tests);
        group.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..DECKS {
                    reset(&mut deck);
                    FisherYates.shuffle(&mut deck, &mut rng, &mut scratch).expect("Fisher-Yates always permutes");
                    battery.add_in_chunk(black_box(&deck));
                }
                battery.flush_chunk();
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = harness
}
criterion_main!(benches);
