//! State files: writing and reading the state of a 52-card run with the default battery (`state/encode`,
//! `state/decode`), and merging 1000 shard states read from their bytes (`state/merge-1000`), the work of
//! `shuffle-audit merge` on the states of a 1000-job array (the "under 10 s" figure of the book's Performance
//! page; `scripts/bench.sh` times the command itself on 1000 files).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use shuffle_audit::audit::RunState;
use shuffle_audit::audit::{CHUNK_SHUFFLES, Control, Counted, RunConfig, run_into, shard_chunks};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};

fn states(c: &mut Criterion) {
    let shards = 1000u64;
    let config = RunConfig {
        threads: Some(1),
        ..RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), RngKind::Chacha8, 52, shards * CHUNK_SHUFFLES, 1)
    };
    // Every shard's state holds the same counters in size; two real ones (different chunks) stand for them.
    let shard = |i: u64| {
        let mut counted = Counted::new(&config);
        run_into(&config, &mut counted, shard_chunks(config.chunks(), i, shards), &mut Control::default()).unwrap();
        RunState::new(&config, counted, Some((i, shards)), Duration::from_millis(5), 1).unwrap()
    };
    let one = shard(1);
    let bytes = one.encode();
    let mut group = c.benchmark_group("state");
    group.bench_function("encode", |b| b.iter(|| black_box(one.encode().len())));
    group.bench_function("decode", |b| b.iter(|| black_box(RunState::decode(&bytes).unwrap().seconds)));
    let files: Vec<Vec<u8>> = (1..=shards).map(|i| if i <= 2 { shard(i).encode() } else { Vec::new() }).collect();
    // Shards 3..=1000 are shard 2's counters relabelled as a later shard's chunks would be: decoding and merging
    // cost the same whatever the values.
    group.sample_size(10);
    group.bench_function("merge-1000", |b| {
        b.iter(|| {
            let mut total = RunState::decode(&files[0]).unwrap();
            for bytes in files[1..2].iter() {
                total.merge(&RunState::decode(bytes).unwrap()).unwrap();
            }
            for i in 3..=shards {
                let mut s = RunState::decode(&files[1]).unwrap();
                s.counted.covered = vec![shard_chunks(config.chunks(), i, shards)];
                total.merge(&s).unwrap();
            }
            black_box(total.counted.tally.shuffles())
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3))
}

criterion_group! { name = benches; config = config(); targets = states }
criterion_main!(benches);
