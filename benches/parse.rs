//! Parser throughput: 52-card decks per second read from memory on one core, for each input format, and the
//! whole stream audit (parse, validate, count) for ids, from memory and from a file through the reader that
//! waits with `poll` (`audit_external`, as `run --decks FILE` reads).
//!
//! `cargo bench -p shuffle-audit-benches --bench parse`; the book quotes `parse/ids`.

use std::hint::black_box;
use std::io::BufReader;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shuffle_audit::audit::input::{Control, DeckFormat, DeckParser, ExternalSource, audit_external};
use shuffle_audit::audit::input::{Fold, StreamOptions, audit_stream};
use shuffle_audit::audit::input::{Line, LineReader};
use shuffle_audit::cards::{Card, NameStyle, card_name};
use shuffle_audit::rng::{ChaCha8, SeededRng};
use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};

const DECKS: usize = 20_000;
const N: usize = 52;

/// `DECKS` Fisher–Yates decks (ChaCha8, seed 1), one per line, each card written by `write`.
fn decks(sep: &str, write: impl Fn(Card) -> String) -> Vec<u8> {
    let mut rng = ChaCha8::from_seed_u64(1);
    let mut scratch = Scratch::new(N);
    let mut deck: Vec<Card> = (0..N as Card).collect();
    let mut out = String::new();
    for _ in 0..DECKS {
        shuffle_audit::cards::reset(&mut deck);
        FisherYates.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
        out.push_str(&deck.iter().map(|&c| write(c)).collect::<Vec<_>>().join(sep));
        out.push('\n');
    }
    out.into_bytes()
}

/// Reads every line and parses it as a deck; returns a checksum so nothing is optimised away.
fn parse_all(input: &[u8], format: DeckFormat) -> u64 {
    let mut lines = LineReader::new(BufReader::with_capacity(256 * 1024, input));
    let mut parser = DeckParser::new(N, format);
    let mut sum = 0u64;
    while let Some((_, line)) = lines.next_line().unwrap() {
        if let Line::Text(t) = line {
            sum += u64::from(parser.parse(t).expect("valid deck")[0]);
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(DECKS as u64));
    g.sample_size(20);
    let ids = decks(" ", |c| c.to_string());
    let commas = decks(",", |c| (c + 1).to_string());
    let names = decks(" ", |c| card_name(c, N, NameStyle::Symbol));
    g.bench_function("ids", |b| b.iter(|| parse_all(black_box(&ids), DeckFormat::Ids { base: 0 })));
    g.bench_function("ids-commas-base1", |b| b.iter(|| parse_all(black_box(&commas), DeckFormat::Ids { base: 1 })));
    g.bench_function("names", |b| b.iter(|| parse_all(black_box(&names), DeckFormat::Names)));
    g.finish();

    let mut g = c.benchmark_group("audit");
    g.throughput(Throughput::Elements(DECKS as u64));
    g.sample_size(20);
    g.bench_function("ids", |b| {
        b.iter(|| audit_stream(black_box(&ids[..]), &StreamOptions::default(), Fold::default()).unwrap().valid)
    });
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), &ids).unwrap();
    let source = ExternalSource::Decks(file.path().to_path_buf());
    g.bench_function("ids-file", |b| {
        b.iter(|| {
            audit_external(&source, &StreamOptions::default(), Fold::default(), None, Control::default())
                .unwrap()
                .stream
                .valid
        })
    });
    g.finish();

    // The same decks ten times over from a pipe (`run --exec "cat FILE"`): the producer's non-blocking pipe,
    // polled only when a read would block; large enough that starting `cat` is a small part of the time.
    let mut g = c.benchmark_group("audit");
    g.throughput(Throughput::Elements(10 * DECKS as u64));
    g.sample_size(10);
    let big = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(big.path(), ids.repeat(10)).unwrap();
    let exec = ExternalSource::Exec(format!("cat '{}'", big.path().display()));
    g.bench_function("ids-exec", |b| {
        b.iter(|| {
            audit_external(&exec, &StreamOptions::default(), Fold::default(), None, Control::default())
                .unwrap()
                .stream
                .valid
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
