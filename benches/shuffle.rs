//! Bare shuffle loops: every algorithm × generator on 52 cards (`shuffle/<algorithm>/<rng>`), next to rand's own
//! `SliceRandom::shuffle` with ChaCha8 (`shuffle/rand-slice-shuffle/chacha8`), the reference point of the
//! performance targets. Throughput is in shuffles (elements = 1 shuffle).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_audit::cards::{Card, reset};
use shuffle_audit::rng::{RngKind, SeededRng};
use shuffle_audit::shuffle::{AlgorithmKind, Scratch, Shuffle};
use shuffle_audit::{with_rng_type, with_shuffle};

const N: usize = 52;

fn bench_one<S: Shuffle, R: SeededRng>(c: &mut Criterion, name: &str, s: &S) {
    let mut group = c.benchmark_group("shuffle");
    group.throughput(Throughput::Elements(1));
    let mut rng = R::from_seed_u64(1);
    let mut scratch = Scratch::new(N);
    let mut deck: Vec<Card> = vec![0; N];
    group.bench_function(name, |b| {
        b.iter(|| {
            reset(&mut deck);
            let _ = s.shuffle(&mut deck, &mut rng, &mut scratch);
            black_box(&deck);
        })
    });
    group.finish();
}

fn shuffles(c: &mut Criterion) {
    let mut group = c.benchmark_group("shuffle");
    group.throughput(Throughput::Elements(1));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut deck: Vec<Card> = vec![0; N];
    group.bench_function("rand-slice-shuffle/chacha8", |b| {
        b.iter(|| {
            reset(&mut deck);
            deck.shuffle(&mut rng);
            black_box(&deck);
        })
    });
    group.finish();
    for kind in AlgorithmKind::ALL {
        // reject-retry never terminates: each call spends 2^20 draws before reporting it.
        if kind == AlgorithmKind::RejectRetry {
            continue;
        }
        // Pairs a run refuses (library-shuffle without a runtime, batched draws with one) are not measured.
        for rng in RngKind::ALL.into_iter().filter(|&rng| kind.check_rng(rng).is_ok()) {
            let name = format!("{}/{}", kind.name(), rng.name());
            with_rng_type!(rng, R => with_shuffle!(Algorithm::new(kind), N, s => bench_one::<_, R>(c, &name, &s)));
        }
    }
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = shuffles }
criterion_main!(benches);
