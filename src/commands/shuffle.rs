//! `shuffle-audit shuffle`: seed once, print K decks, one per line.
//!
//! The output format is the one of the golden files after the `|`: space-separated 0-based ids, or names with
//! `--names`. Faults are reported the way a user needs them: `reject-retry` prints the slots it filled (`-` for
//! empty) and its diagnosis on stderr, and exits 1; `direct-draw` prints what it drew and warns on stderr.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use crate::cli::{AlgorithmArg, MachineChoice, ShuffleArgs};
use shuffle_audit::audit::{RunRequest, Shuffler};
use shuffle_audit::cards::{Card, CardName, NameStyle, reset};
use shuffle_audit::game::csm::{MachineKind, MachineSpec, SeededMachine};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::{Fault, Stuck};
use shuffle_audit::stats::stream::Event;

pub fn run(args: ShuffleArgs) -> anyhow::Result<ExitCode> {
    let algorithm = match args.algorithm {
        AlgorithmArg::Shuffle(a) => a,
        AlgorithmArg::Csm => return print_machine(&args),
    };
    if let Some(flag) = args.machine.given().first().copied().or(args.copies.map(|_| "--copies")) {
        anyhow::bail!("{flag}: applies to -a csm (a shuffling machine)");
    }
    let request = RunRequest {
        deck: Some(args.deck),
        shuffles: Some(args.count),
        ..args.generator.request(Some(algorithm), &Default::default())
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

/// `shuffle -a csm`: `--count` rounds of a shuffling machine as the event stream `run --stream` reads, `D CARD`
/// (dealt) and `R CARD` (returned) a line, after a comment line naming the machine and its seed.
fn print_machine(args: &ShuffleArgs) -> anyhow::Result<ExitCode> {
    let g = &args.generator;
    for (given, flag) in [
        (args.carry, "--carry"),
        (g.rng.is_some(), "--rng"),
        (g.swaps.is_some(), "--swaps"),
        (g.riffles.is_some(), "--riffles"),
        (g.passes.is_some(), "--passes"),
        (g.moves.is_some(), "--moves"),
        (g.shelves.is_some(), "--shelves"),
        (g.piles.is_some(), "--piles"),
        (g.pile_order.is_some(), "--pile-order"),
        (g.faro.is_some(), "--faro"),
        (g.draw.is_some(), "--draw"),
    ] {
        if given {
            anyhow::bail!("{flag}: does not apply to -a csm (a machine's ChaCha8 draws, seeded by --seed)");
        }
    }
    let d = MachineSpec::DEFAULT;
    let m = &args.machine;
    let spec = MachineSpec {
        kind: if m.machine == Some(MachineChoice::Ideal) { MachineKind::Ideal } else { MachineKind::Compartments },
        faces: args.deck,
        copies: args.copies.unwrap_or(d.copies),
        compartments: m.compartments.unwrap_or(d.compartments),
        tray: m.tray.unwrap_or(d.tray),
        round: m.round.unwrap_or(d.round),
    };
    spec.check().map_err(|(key, why)| anyhow::anyhow!("--{key}: {why}"))?;
    let seed = g.seed.unwrap_or_else(|| {
        let seed = super::os_seed(RngKind::Chacha8);
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat these rounds)");
        seed
    });
    let n = args.deck;
    let style = if args.names { Some(NameStyle::Symbol) } else { None };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let kind = if spec.kind == MachineKind::Ideal { "ideal" } else { "csm" };
    let head = format!(
        "# {kind} machine: {} compartments, tray refilled below {}, {} decks of {n}, {} cards a round, seed {seed}\n",
        spec.compartments, spec.tray, spec.copies, spec.round
    );
    out.write_all(head.as_bytes()).map_err(super::stdout_failed)?;
    let mut machine = SeededMachine::new(spec, seed);
    let mut failed = None;
    for _ in 0..args.count {
        machine.round(&mut |e| {
            if failed.is_some() {
                return;
            }
            let (tag, c) = match e {
                Event::Dealt(c) => ('D', c),
                Event::Returned(c) => ('R', c),
            };
            let written = match style {
                Some(style) => writeln!(out, "{tag} {}", CardName { card: c, n, style }),
                None => writeln!(out, "{tag} {c}"),
            };
            failed = written.err();
        });
        if let Some(e) = failed.take() {
            return Err(super::stdout_failed(e));
        }
    }
    out.flush().map_err(super::stdout_failed)?;
    Ok(ExitCode::SUCCESS)
}
