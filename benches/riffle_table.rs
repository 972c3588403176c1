//! Cost of `exact --algorithm riffle --table` for 52 cards (total variation and separation after 1..12 riffles,
//! from the rising-sequence law; the target is under 1 s), for the largest deck (1024 cards), and of the exact
//! position-by-card marginals of 7 riffles of 52 cards.
//!
//! `cargo bench -p shuffle-audit-benches --bench riffle_table`

use criterion::{Criterion, criterion_group, criterion_main};
use shuffle_audit::stats::exact::riffle::{TABLE_RIFFLES, distance_table, marginals};

fn riffle_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.bench_function("riffle-table/52", |b| b.iter(|| distance_table(std::hint::black_box(52), TABLE_RIFFLES)));
    group.sample_size(10);
    group.bench_function("riffle-table/1024", |b| b.iter(|| distance_table(std::hint::black_box(1024), TABLE_RIFFLES)));
    group.bench_function("riffle-marginals/52x7", |b| b.iter(|| marginals(std::hint::black_box(52), 7, Some(15))));
    group.finish();
}

criterion_group!(benches, riffle_table);
criterion_main!(benches);
