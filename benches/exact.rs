//! The exact engine: every 52-card position-by-card matrix of the catalogue (`exact/<algorithm>/<draws>`), the
//! target being under a second each on one core, and the 8-card law over orders of the slowest walk.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};
use shuffle_audit::stats::exact::model::{ExactRequest, exact_marginals};
use shuffle_audit::stats::exact::order_law::order_law;

fn matrices(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    use AlgorithmKind::*;
    let cases: Vec<(Algorithm, bool)> = [
        FisherYates,
        FisherYatesForward,
        VecErase,
        NaiveSwap,
        NaiveSwapOffByOne,
        Wash,
        PairSwap,
        RejectRetryFixed,
        MarkArray,
        Riffle,
        Overhand,
        TopToRandom,
        SortRandomComparator,
    ]
    .into_iter()
    .map(|k| (Algorithm::new(k), false))
    .chain([(Algorithm::new(Identity), true), (Algorithm::with_swaps(PairSwap, Some(54)), false)])
    .collect();
    for (algorithm, cut) in cases {
        for (bits, draws) in [(Some(15), "msvc"), (Some(31), "glibc"), (None, "ideal")] {
            let req = ExactRequest { cut, ..ExactRequest::new(algorithm, bits, 52) };
            let name = format!("{}{}/{draws}", algorithm.label(52), if cut { "-cut" } else { "" });
            group.bench_function(name, |b| b.iter(|| black_box(exact_marginals(black_box(&req)).unwrap())));
        }
    }
    let wash8 = ExactRequest::new(Algorithm::with_swaps(Wash, Some(8)), Some(15), 8);
    group.bench_function("orders/wash(8)/8-cards", |b| b.iter(|| black_box(order_law(&wash8).unwrap())));
    group.finish();
}

criterion_group!(benches, matrices);
criterion_main!(benches);
