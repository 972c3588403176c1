//! The crack's search: seeds per second of the MSVC lanes (each instruction set the processor has) and of the
//! scalar early-rejecting check, for the three cases: one 斗牛 hand with backward Fisher–Yates (the
//! seat is dealt last), the first 斗地主 seat with fisher-yates-forward (decided first), and glibc over a day;
//! and the runtimes' seedings on each instruction set (a 斗地主 hand): C++'s `std::shuffle` with `std::mt19937`,
//! .NET's `Next(i + 1)` loop, Python's `random.shuffle` over millisecond seeds, Java's `Collections.shuffle`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shuffle_audit::crack::Isa;
use shuffle_audit::crack::{Dealer, Problem, View};
use shuffle_audit::crack::{check_range, deal_for};
use shuffle_audit::game::Game;
use shuffle_audit::game::deal::{DealConfig, DealShape};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};

fn problem(kind: AlgorithmKind, rng: RngKind, game: Game, seed: u64) -> Problem {
    let dealer = Dealer {
        algorithm: Algorithm::new(kind),
        rng,
        deal: DealConfig::new(game, None, DealShape::default()).unwrap(),
        deal_number: 1,
    };
    let empty = Problem::new(dealer, View { seat: 0, cards: vec![], ordered: false }).unwrap();
    let hand = deal_for(&empty, seed).unwrap().seats[0].clone();
    Problem::new(dealer, View { seat: 0, cards: hand, ordered: false }).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("crack");
    g.sample_size(10);
    let seeds = 1u64 << 20;
    g.throughput(Throughput::Elements(seeds));
    let cases = [
        ("douniu-fisher-yates", problem(AlgorithmKind::FisherYates, RngKind::Msvc, Game::Douniu, 1_796_127_634)),
        (
            "doudizhu-fisher-yates-forward",
            problem(AlgorithmKind::FisherYatesForward, RngKind::Msvc, Game::Doudizhu, 1_796_127_634),
        ),
    ];
    for (name, p) in &cases {
        for isa in [Isa::Avx512, Isa::Avx2, Isa::Portable].into_iter().filter(|i| i.available()) {
            g.bench_function(format!("msvc/{name}/{}", isa.name()), |b| {
                let mut out = Vec::new();
                b.iter(|| {
                    out.clear();
                    check_range(p, 0, seeds - 1, isa, &mut out)
                })
            });
        }
    }
    // The runtimes: 2^18 seeds each (the searches' rates behind the README's times for 2^32, 2^31 and ±1 hour).
    let runtime_seeds = 1u64 << 18;
    g.throughput(Throughput::Elements(runtime_seeds));
    let ms = 1_796_126_400_000u64;
    let runtimes = [
        ("mt19937/doudizhu-std-shuffle", AlgorithmKind::LibraryShuffle, RngKind::Mt19937, 3_000_000_000u64),
        ("dotnet/doudizhu-fisher-yates", AlgorithmKind::FisherYates, RngKind::Dotnet, 1_000_000_000),
        ("python/doudizhu-shuffle-ms", AlgorithmKind::LibraryShuffle, RngKind::Python, ms),
        ("java/doudizhu-collections-shuffle-ms", AlgorithmKind::LibraryShuffle, RngKind::Java, ms),
    ];
    for (name, kind, rng, seed) in runtimes {
        let p = problem(kind, rng, Game::Doudizhu, seed);
        let from = seed - runtime_seeds / 2;
        for isa in [Isa::Avx512, Isa::Avx2, Isa::Portable].into_iter().filter(|i| i.available()) {
            g.bench_function(format!("{name}/{}", isa.name()), |b| {
                let mut out = Vec::new();
                b.iter(|| {
                    out.clear();
                    check_range(&p, from, from + runtime_seeds - 1, isa, &mut out)
                })
            });
        }
    }
    let day = 86_400u64;
    g.throughput(Throughput::Elements(day));
    let glibc = problem(AlgorithmKind::FisherYates, RngKind::Glibc, Game::Douniu, 1_796_127_634);
    g.bench_function("glibc/douniu-fisher-yates/one-day", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            check_range(&glibc, 1_796_083_200, 1_796_083_200 + day - 1, Isa::Portable, &mut out)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
