//! The crack's search: seeds per second of the MSVC lanes (each instruction set the processor has) and of the
//! scalar early-rejecting check, for the three cases: one 斗牛 hand with backward Fisher–Yates (the
//! seat is dealt last), the first 斗地主 seat with fisher-yates-forward (decided first), and glibc over a day.

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
