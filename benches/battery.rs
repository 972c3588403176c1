//! Cost of `Battery::add_in_chunk` (the runner's path, flushed after every 1024 decks) per deck, for each
//! statistic on its own and for the default battery, on 52-card Fisher–Yates decks drawn once up front (so the
//! shuffle's own cost is not included). Names follow
//! `stat/<test>`: `stat/position-card` is the position-by-card counts alone (always kept), `stat/<test>` adds that
//! one test to them, and `stat/default` is the default battery (`stat/default-without-shape`: without descents,
//! turning-points and runs-up-down, the battery before they joined it). The opt-in tests are here too:
//! `stat/longest-increasing` (patience sorting) and `stat/guess` (its three guessers, each guessing then learning
//! every deck). Throughput is in decks (elements = 1 deck). `shoe/6` and `shoe/8`: the shoe's battery (`--tests
//! shoe`) per shoe of 6 and 8 decks.
//!
//! `cargo bench -p shuffle-audit-benches --bench battery`

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shuffle_audit::cards::Card;
use shuffle_audit::rng::{MsvcRand, SeededRng};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};
use shuffle_audit::stats::{Battery, TestId, TestSelection};

fn decks(n: usize, count: usize) -> Vec<Vec<Card>> {
    let mut rng = MsvcRand::from_seed_u64(1);
    let mut scratch = Scratch::new(n);
    (0..count)
        .map(|_| {
            let mut d: Vec<Card> = (0..n as Card).collect();
            FisherYates.shuffle(&mut d, &mut rng, &mut scratch).expect("Fisher-Yates always permutes");
            d
        })
        .collect()
}

fn battery(c: &mut Criterion) {
    let n = 52;
    let decks = decks(n, 1024);
    let mut selections = vec![("position-card".to_string(), TestSelection::only(&[]))];
    selections.extend(TestId::ALL.iter().skip(3).map(|t| (t.name().to_string(), TestSelection::only(&[*t]))));
    selections.push(("default".to_string(), TestSelection::default()));
    // The default battery as it was before the shape tests joined it: what descents, turning-points and
    // runs-up-down cost together.
    let before: Vec<TestId> = TestSelection::default()
        .tests()
        .filter(|t| ![TestId::Descents, TestId::TurningPoints, TestId::RunsUpDown].contains(t))
        .collect();
    selections.push(("default-without-shape".to_string(), TestSelection::only(&before).relaxed()));
    let mut group = c.benchmark_group("stat");
    group.throughput(Throughput::Elements(decks.len() as u64));
    for (name, selection) in selections {
        let mut b = Battery::with_tests(n, selection);
        group.bench_function(name, |bench| {
            bench.iter(|| {
                for d in &decks {
                    b.add_in_chunk(std::hint::black_box(d));
                }
                b.flush_chunk();
            })
        });
    }
    group.finish();
    shoes(c);
    duplicate_decks(c);
}

/// The shoe's battery (`--tests shoe`: its faces counted in one pass) per shoe of K 52-card decks, K = 6 and 8,
/// on 256 Fisher–Yates shoes drawn up front: `shoe/6` and `shoe/8`. Throughput in shoes.
fn shoes(c: &mut Criterion) {
    use shuffle_audit::stats::Cards;
    let mut group = c.benchmark_group("shoe");
    for copies in [6, 8] {
        let shoes = decks(52 * copies, 256);
        group.throughput(Throughput::Elements(shoes.len() as u64));
        let mut b = Battery::for_cards(Cards::shoe(52, copies, true), TestSelection::shoe());
        group.bench_function(copies.to_string(), |bench| {
            bench.iter(|| {
                for d in &shoes {
                    b.add_in_chunk(std::hint::black_box(d));
                }
                b.flush_chunk();
            })
        });
    }
    group.finish();
}

/// The duplicate-deck test's two costs: keeping a deck of the window (packing it, per deck of the first 2^20),
/// and evaluating a full window (hashing, sorting and comparing 2^20 decks, once per evaluation). Past the window
/// a deck costs one comparison; `stat/default` above measures that steady state, its battery having filled its
/// window during the warm-up.
fn duplicate_decks(c: &mut Criterion) {
    use shuffle_audit::stats::deck::duplicate_decks::DuplicateDecks;
    let n = 52;
    let some = decks(n, 1024);
    let mut group = c.benchmark_group("duplicate-decks");
    group.throughput(Throughput::Elements(some.len() as u64));
    group.bench_function("keep", |bench| {
        bench.iter(|| {
            let mut d = DuplicateDecks::new(n);
            d.begin_chunk(0, some.len() as u64);
            for deck in &some {
                d.add(std::hint::black_box(deck));
            }
            d.decks()
        })
    });
    let mut full = DuplicateDecks::new(n);
    for deck in decks(n, 1 << 20) {
        full.add(&deck);
    }
    group.throughput(Throughput::Elements(full.decks()));
    group.sample_size(10);
    group.bench_function("evaluate-2^20", |bench| bench.iter(|| full.repeats()));
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = battery }
criterion_main!(benches);
