//! Deck sizes: rand's bare `SliceRandom::shuffle` with ChaCha8 (`size/bare/<n>`) against the audited hot loop of
//! the same size (`size/audited/<n>`: fisher-yates with ChaCha8, each deck counted by the default battery into
//! its chunk tables, flushed every 1024 decks, as the runner does), one size per class: tiny (2, 8), the register
//! kernels' 52 and 64, the wide pass's 65 and 128, and large (416, 1024). Throughput is in shuffles; the kernel
//! path is the process's (`SHUFFLE_AUDIT_ISA=portable cargo bench -p shuffle-audit-benches --bench sizes` for another). `scripts/bench.sh`
//! measures the same through the binary, and `scripts/plot-sizes.py` draws its table.
//!
//! `cargo bench -p shuffle-audit-benches --bench sizes`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{ChaCha8, SeededRng};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};
use shuffle_audit::stats::Battery;

const SIZES: [usize; 8] = [2, 8, 52, 64, 65, 128, 416, 1024];

fn sizes(c: &mut Criterion) {
    let mut group = c.benchmark_group("size");
    group.throughput(Throughput::Elements(1024));
    for n in SIZES {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut deck: Vec<Card> = vec![0; n];
        group.bench_with_input(BenchmarkId::new("bare", n), &n, |b, _| {
            b.iter(|| {
                for _ in 0..1024 {
                    reset(&mut deck);
                    deck.shuffle(&mut rng);
                    black_box(&deck);
                }
            })
        });
        let (mut rng, mut scratch) = (ChaCha8::from_seed_u64(1), Scratch::new(n));
        let mut battery = Battery::new(n);
        group.bench_with_input(BenchmarkId::new("audited", n), &n, |b, _| {
            b.iter(|| {
                for _ in 0..1024 {
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
    targets = sizes
}
criterion_main!(benches);
