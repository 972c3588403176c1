//! `export`'s throughput: `export/raw/<rng>` in bytes (chacha8, and msvc packed 15 bits at a time), and
//! `export/bits/fisher-yates/chacha8` in decks of 52 cards (the run's decks replayed, ranked and packed on every
//! core, chunk by chunk), each
//! written to a sink that discards, so that only the making of the bytes is measured. Targets: 1 GB/s for
//! chacha8 raw on one core; bits at least half of `run`'s audited rate (the `run` bench, 1 thread).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shuffle_audit::audit::{CHUNK_SHUFFLES, RunConfig, StopFlag};
use shuffle_audit::export::{BitsWriter, Sink, Target, raw};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};

fn discard() -> Sink {
    Sink::new(Box::new(std::io::sink()), Target::Stdout, false)
}

fn exports(c: &mut Criterion) {
    let never = StopFlag::new();
    let mut group = c.benchmark_group("export");
    let words = 1u64 << 26;
    group.throughput(Throughput::Bytes(4 * words));
    for (rng, packed) in [(RngKind::Chacha8, true), (RngKind::Msvc, true)] {
        group.bench_function(format!("raw/{}", rng.name()), |b| {
            b.iter(|| black_box(raw(rng, 1, packed, Some(words), &mut discard(), &never).unwrap().0))
        });
    }
    let shuffles = 16 * CHUNK_SHUFFLES;
    group.throughput(Throughput::Elements(shuffles));
    let config = RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), RngKind::Chacha8, 52, shuffles, 1);
    group.bench_function("bits/fisher-yates/chacha8", |b| {
        b.iter(|| {
            let mut sink = discard();
            let mut writer = BitsWriter::new(52, None);
            writer.add_run(&config, 0..config.chunks(), &mut sink, &never).unwrap();
            black_box(writer.finish(&mut sink).unwrap().decks_kept)
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
}

criterion_group! { name = benches; config = config(); targets = exports }
criterion_main!(benches);
