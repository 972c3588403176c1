//! `shuffle-audit sweep`: run `wash` or `pair-swap` (fixed count) for a range of swap counts and show how the
//! bias fades: mean fixed points and the global statistic against the number of swaps, with their exact
//! expectations, the (1/2)·n·ln n cutoff and the fair values. Writes `sweep.csv`, `sweep.svg` and
//! `report.html`.
//!
//! Every point is a full run with the same seed, so neighbouring points share their chunk seeds (common
//! random numbers): the curve is smoother than independent seeds would make it, and each point is still an
//! exact, reproducible `run --algorithm A --swaps K`.

use std::process::ExitCode;

use crate::cli::SweepArgs;
use shuffle_audit::audit::{self, RunConfig};
use shuffle_audit::audit::{Builtin, DeckSource};
use shuffle_audit::error::{ConfigError, Field};
use shuffle_audit::report::sweep::{SweepPoint, SweepReport, walk_of};
use shuffle_audit::report::{RunReport, write_all};
use shuffle_audit::shuffle::Algorithm;
use shuffle_audit::stats::TestId;
use shuffle_audit::stats::distributions::special::ln_to_log10;

pub fn run(args: SweepArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds.thresholds()?;
    let rng = args.rng.unwrap_or(shuffle_audit::audit::DEFAULT_RNG);
    let seed = args.seed.unwrap_or_else(|| super::os_seed(rng));
    if args.seed.is_none() {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this sweep)");
    }
    let walk = walk_of(args.algorithm)
        .ok_or_else(|| ConfigError::new(Field::Algorithm, format!("{} has no swap count", args.algorithm)))?;
    let n = args.deck;
    let lang = args.lang;
    // Every point is validated before the first one runs.
    let configs = args
        .swaps
        .iter()
        .map(|k| {
            let swaps = usize::try_from(k).map_err(|_| ConfigError::new(Field::Swaps, "too large"))?;
            let algorithm = Algorithm::with_swaps(args.algorithm, Some(swaps));
            let source = DeckSource::Builtin(Builtin::new(algorithm, rng, seed));
            let config = RunConfig { threads: args.threads, ..RunConfig::of(source, n, args.shuffles) };
            config.validate().map(|()| (k, config))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let out =
        super::prepare_out(&super::out_path(args.out.as_deref(), || format!("sweep-{}-{}-{n}", args.algorithm, rng)))?;
    let mut stdout = super::Console::stdout();
    writeln!(
        stdout,
        "{} / {}, {} cards, {} shuffles per point, seed {seed}\n\n  {:>7} {:>12} {:>10} {:>14} {:>14} {:>12}  verdict",
        args.algorithm, rng, n, args.shuffles, "swaps", "fixed pts", "expected", "statistic", "expected", "p",
    );
    let mut points = Vec::new();
    let mut tests = 1;
    for (k, config) in configs {
        let outcome = audit::run(&config, crate::progress::BAR)?;
        let report = RunReport::new(config, outcome, thresholds);
        let global = report
            .assessment
            .tests
            .iter()
            .find(|t| t.result.test == TestId::PositionCard)
            .ok_or_else(|| anyhow::anyhow!("the battery has no position-card test"))?;
        tests = report.assessment.tests.len();
        let point = SweepPoint {
            swaps: k,
            shuffles: report.shuffles_done,
            mean_fixed_points: report.counts.mean_fixed_points(),
            expected_fixed_points: walk.expected_fixed_points(n, k),
            statistic: global.result.statistic,
            expected_statistic: walk.expected_scaled_statistic(n, k, report.shuffles_done),
            df: global.result.df,
            log10_p: ln_to_log10(global.result.ln_p),
            verdict: report.verdict,
        };
        writeln!(
            stdout,
            "  {:>7} {:>12.3} {:>10.3} {:>14.1} {:>14.1} {:>12}  {}",
            k,
            point.mean_fixed_points,
            point.expected_fixed_points,
            point.statistic,
            point.expected_statistic,
            shuffle_audit::stats::format_ln_p(global.result.ln_p),
            shuffle_audit::report::verdict_word(lang, point.verdict)
        );
        points.push(point);
    }
    let sweep = SweepReport {
        algorithm: args.algorithm,
        rng,
        deck: n,
        seed,
        shuffles: args.shuffles,
        tests,
        thresholds,
        points,
    };
    let files = sweep.files(lang);
    out.write(|dir| write_all(dir, &files))?;
    let dir = out.commit()?;
    writeln!(stdout, "\nReports written to {}/ ({})", dir.display(), super::names(&files));
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}
