//! The whole runner: shuffle + the default battery, `run/<algorithm>/<rng>/<threads>`, for the algorithms whose
//! speed matters (the fair reference shuffles) with 1 and 2 threads. Throughput is in shuffles.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shuffle_audit::audit::{CHUNK_SHUFFLES, Progress, RunConfig, run};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};

fn runs(c: &mut Criterion) {
    let shuffles = 16 * CHUNK_SHUFFLES;
    let mut group = c.benchmark_group("run");
    group.throughput(Throughput::Elements(shuffles));
    for (kind, rng) in [
        (AlgorithmKind::FisherYates, RngKind::Chacha8),
        (AlgorithmKind::FisherYates, RngKind::Msvc),
        (AlgorithmKind::FisherYates, RngKind::Glibc),
        (AlgorithmKind::FisherYatesBatched, RngKind::Chacha8),
        (AlgorithmKind::NaiveSwap, RngKind::Chacha8),
    ] {
        for threads in [1usize, 2] {
            let config =
                RunConfig { threads: Some(threads), ..RunConfig::new(Algorithm::new(kind), rng, 52, shuffles, 1) };
            group.bench_function(format!("{}/{}/{threads}", kind.name(), rng.name()), |b| {
                b.iter(|| black_box(run(&config, Progress::Hidden).unwrap().tally.shuffles()))
            });
        }
    }
    // A caller's function through the library's API: rand's own `SliceRandom::shuffle` with the audit's
    // generator (the target in the book's "Use it from Rust": 2 M shuffles/s with 2 threads).
    for threads in [1usize, 2] {
        let audit = shuffle_audit::Audit::new(52).shuffles(shuffles).seed(1).threads(threads);
        group.bench_function(format!("api/rand-shuffle/{threads}"), |b| {
            b.iter(|| {
                use rand::seq::SliceRandom;
                let report = audit.run(|d: &mut [u16], r: &mut shuffle_audit::AuditRng| d.shuffle(r));
                black_box(report.shuffles())
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
}

criterion_group! { name = benches; config = config(); targets = runs }
criterion_main!(benches);
