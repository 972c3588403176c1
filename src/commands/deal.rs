//! `shuffle-audit deal`: shuffle and deal as the source dealers do, and print every hand.
//!
//! The generator is seeded once and the deals follow each other from the same stream, each from a fresh deck
//! in the starting order (`--order`), cut or burned (`--cut`, `--burn`) after the shuffle exactly as `run`
//! does, then dealt (`--scheme`). With the suit order and no cut or burn, deal k uses the same deck as line k
//! of `shuffle` with the same algorithm, generator and seed.
//!
//! Exit status 1 when a shuffle is BROKEN (a deal that is not a permutation, or a shuffle that never ends), as
//! `run` says of the same algorithm; the deals are printed all the same.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use crate::cli::DealArgs;
use shuffle_audit::audit::{PostProcess, RunRequest, Shuffler};
use shuffle_audit::cards::{Card, NameStyle};
use shuffle_audit::game::Lang;
use shuffle_audit::game::deal::DealConfig;
use shuffle_audit::game::deal::hands::render_deal;
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::Fault;

pub fn run(args: DealArgs) -> anyhow::Result<ExitCode> {
    let request = RunRequest {
        deck: args.deck,
        copies: args.copies,
        shuffles: Some(args.count),
        game: Some(args.game),
        shape: args.shape.shape(),
        ..args.generator.request(Some(args.algorithm), &args.post)
    };
    let config = super::builtin_config(&request, "these deals")?;
    let (deal, b) = (config.deal.expect("a deal was asked for"), *config.builtin().expect("built-in"));
    let (n, post, seed, algorithm) = (deal.deck, b.post, b.seed, b.algorithm);
    let stdout = std::io::stdout().lock();
    let mut out = BufWriter::new(stdout);
    let plan = Plan { deal, post, count: args.count, lang: args.lang, rng: b.rng };
    let mut shuffler = Shuffler::new(algorithm, b.rng, seed, n);
    let status = print_deals(&mut shuffler, &mut out, &plan).map_err(super::stdout_failed)?;
    out.flush().map_err(super::stdout_failed)?;
    Ok(status)
}

struct Plan {
    deal: DealConfig,
    post: PostProcess,
    count: u64,
    lang: Lang,
    rng: RngKind,
}

fn print_deals(shuffler: &mut Shuffler, out: &mut impl Write, plan: &Plan) -> std::io::Result<ExitCode> {
    let deal = &plan.deal;
    let n = deal.deck;
    let map = deal.seat_map();
    let start = deal.start_deck();
    let mut deck: Vec<Card> = start.clone();
    let mut broken = 0u64;
    for k in 1..=plan.count {
        deck.copy_from_slice(&start);
        match shuffler.shuffle(&mut deck) {
            Ok(()) => {}
            Err(Fault::NotPermutation(defect)) => {
                broken += 1;
                eprintln!("warning: deal {k} is not a permutation: {}", defect.describe(n, NameStyle::Symbol));
            }
            Err(Fault::NonTermination(stuck)) => {
                out.flush()?;
                eprintln!("{}", super::describe_stuck(&stuck, k, n, plan.rng));
                return Ok(ExitCode::from(1));
            }
        }
        shuffler.post(&plan.post, &mut deck);
        if k > 1 {
            writeln!(out)?;
        }
        out.write_all(render_deal(k, &deck, deal, &map, plan.lang).as_bytes())?;
    }
    if broken > 0 {
        // As `run` says of it: BROKEN, exit status 1.
        eprintln!("BROKEN: {broken} of {} deals are not permutations: this algorithm is BROKEN", plan.count);
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
