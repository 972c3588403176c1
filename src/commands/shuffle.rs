//! `shuffle-audit shuffle`: seed once, print K decks, one per line.
//!
//! The output format is the one of the golden files after the `|`: space-separated 0-based ids, or names with
//! `--names`. Faults are reported the way a user needs them: `reject-retry` prints the slots it filled (`-` for
//! empty) and its diagnosis on stderr, and exits 1; `direct-draw` prints what it drew and warns on stderr.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use crate::cli::ShuffleArgs;
use shuffle_audit::audit::{RunRequest, Shuffler};
use shuffle_audit::cards::{Card, CardName, NameStyle, reset};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Fault, Stuck};

pub fn run(args: ShuffleArgs) -> anyhow::Result<ExitCode> {
    let request = RunRequest {
        deck: Some(args.deck),
        shuffles: Some(args.count),
        ..args.generator.request(Some(args.algorithm), &Default::default())
    };
    let config = super::builtin_config(&request, "these decks")?;
    let b = *config.builtin().expect("built-in");
    let (seed, algorithm) = (b.seed, b.algorithm);
    let n = args.deck;
    let style = if args.names { Some(NameStyle::Symbol) } else { None };
    let stdout = std::io::stdout().lock();
    let mut out = BufWriter::new(stdout);
    let mut shuffler = Shuffler::new(algorithm, b.rng, seed, n);
    let status =
        print_decks(&mut shuffler, &mut out, n, args.count, args.carry, style, b.rng).map_err(super::stdout_failed)?;
    out.flush().map_err(super::stdout_failed)?;
    Ok(status)
}

fn print_decks(
    shuffler: &mut Shuffler,
    out: &mut impl Write,
    n: usize,
    count: u64,
    carry: bool,
    style: Option<NameStyle>,
    rng_kind: RngKind,
) -> std::io::Result<ExitCode> {
    let mut deck: Vec<Card> = vec![0; n];
    reset(&mut deck);
    let mut warned = 0u64;
    for k in 1..=count {
        if !carry {
            reset(&mut deck);
        }
        match shuffler.shuffle(&mut deck) {
            Ok(()) => write_deck(out, &deck, n, style)?,
            Err(Fault::NotPermutation(defect)) => {
                write_deck(out, &deck, n, style)?;
                warned += 1;
                eprintln!(
                    "warning: deck {k} is not a permutation: {}",
                    defect.describe(n, style.unwrap_or(NameStyle::Symbol))
                );
            }
            Err(Fault::NonTermination(stuck)) => {
                write_partial(out, &stuck, n, style)?;
                out.flush()?;
                eprintln!("{}", super::describe_stuck(&stuck, k, n, rng_kind));
                return Ok(ExitCode::from(1));
            }
        }
    }
    if warned > 0 {
        eprintln!("warning: {warned} of {count} decks are not permutations: this algorithm is BROKEN");
    }
    Ok(ExitCode::SUCCESS)
}

fn write_deck(out: &mut impl Write, deck: &[Card], n: usize, style: Option<NameStyle>) -> std::io::Result<()> {
    for (i, &c) in deck.iter().enumerate() {
        if i > 0 {
            out.write_all(b" ")?;
        }
        match style {
            Some(style) => write!(out, "{}", CardName { card: c, n, style })?,
            None => write!(out, "{c}")?,
        }
    }
    out.write_all(b"\n")
}

fn write_partial(out: &mut impl Write, stuck: &Stuck, n: usize, style: Option<NameStyle>) -> std::io::Result<()> {
    let cells: Vec<String> = stuck
        .partial
        .iter()
        .map(|slot| match (slot, style) {
            (None, _) => "-".to_string(),
            (Some(c), Some(style)) => CardName { card: *c, n, style }.to_string(),
            (Some(c), None) => c.to_string(),
        })
        .collect();
    writeln!(out, "{}", cells.join(" "))
}
