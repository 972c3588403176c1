//! `shuffle-audit sweep`: run `wash` or `pair-swap` (fixed count) for a range of swap counts and show how the
//! bias fades: mean fixed points and the global statistic against the number of swaps, with their exact
//! expectations, the (1/2)·n·ln n cutoff and the fair values. Writes `sweep.csv`, `sweep.svg` and
//! `report.html`.
//!
//! Every point is a full run with the same seed, so neighbouring points share their chunk seeds (common
//! random numbers): the curve is smoother than independent seeds would make it, and each point is still an
//! exact, reproducible `run --algorithm A --swaps K`.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::SweepArgs;
use crate::error::ConfigError;
use crate::report::i18n;
use crate::report::sweep::{SweepPoint, SweepReport, walk_of};
use crate::report::{RunReport, writer};
use crate::runner::{self, PostProcess, RunConfig};
use crate::shuffle::Algorithm;
use crate::stats::special::ln_to_log10;

/// At most this many swap counts in one sweep.
pub const MAX_POINTS: u64 = 1000;

/// Swap counts `from, from + step, …` up to `to` inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwapRange {
    pub from: u64,
    pub to: u64,
    pub step: u64,
}

impl SwapRange {
    /// Reads `FROM..TO` or `FROM..TO:STEP` (step 1 by default); errors say what is wrong in one line.
    pub fn parse(s: &str) -> Result<SwapRange, String> {
        let t = s.trim();
        let (range, step) = match t.split_once(':') {
            Some((r, st)) => (r, Some(st)),
            None => (t, None),
        };
        let (from, to) =
            range.split_once("..").ok_or_else(|| format!("'{s}' is not FROM..TO[:STEP], e.g. 0..300:10"))?;
        let num = |x: &str, what: &str| {
            x.trim().parse::<u64>().map_err(|_| format!("'{s}': {what} '{x}' is not a whole number >= 0"))
        };
        let (from, to) = (num(from, "FROM")?, num(to, "TO")?);
        let step = match step {
            Some(st) => num(st, "STEP")?,
            None => 1,
        };
        if step == 0 {
            return Err(format!("'{s}': STEP must be at least 1"));
        }
        if from > to {
            return Err(format!("'{s}': FROM {from} is above TO {to}"));
        }
        let range = SwapRange { from, to, step };
        if range.count() > MAX_POINTS {
            return Err(format!("'{s}' has {} swap counts; at most {MAX_POINTS} (use a larger STEP)", range.count()));
        }
        if to > 1_000_000 {
            return Err(format!("'{s}': TO {to} is above 1000000 swaps per shuffle"));
        }
        Ok(range)
    }

    /// Number of swap counts (at least one: FROM itself).
    pub fn count(&self) -> u64 {
        (self.to - self.from) / self.step + 1
    }

    pub fn iter(&self) -> impl Iterator<Item = u64> {
        (self.from..=self.to).step_by(self.step as usize)
    }
}

pub fn run(args: SweepArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds.thresholds()?;
    let seed = args.seed.unwrap_or_else(|| super::os_seed(args.rng));
    if args.seed.is_none() {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this sweep)");
    }
    let walk = walk_of(args.algorithm)
        .ok_or_else(|| ConfigError::flag("--algorithm", format!("{} has no swap count", args.algorithm)))?;
    let n = args.deck;
    let lang = args.lang;
    println!(
        "{} / {}, {} cards, {} shuffles per point, seed {seed}\n\n  {:>7} {:>12} {:>10} {:>14} {:>14} {:>12}  verdict",
        args.algorithm, args.rng, n, args.shuffles, "swaps", "fixed pts", "expected", "statistic", "expected", "p",
    );
    let mut points = Vec::new();
    let mut tests = 1;
    for k in args.swaps.iter() {
        let config = RunConfig {
            algorithm: Algorithm {
                kind: args.algorithm,
                swaps: Some(usize::try_from(k).map_err(|_| ConfigError::flag("--swaps", "too large"))?),
            },
            rng: args.rng,
            deck: n,
            shuffles: args.shuffles,
            seed,
            threads: args.threads,
            post: PostProcess::default(),
            progress: true,
            external: None,
            deal: None,
            tests: crate::stats::TestSelection::default(),
        };
        let outcome = runner::run(&config)?;
        let report = RunReport::new(config, outcome, thresholds);
        let global = report
            .assessment
            .tests
            .iter()
            .find(|t| t.result.test == "position-card")
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
        println!(
            "  {:>7} {:>12.3} {:>10.3} {:>14.1} {:>14.1} {:>12}  {}",
            k,
            point.mean_fixed_points,
            point.expected_fixed_points,
            point.statistic,
            point.expected_statistic,
            crate::stats::format_ln_p(global.result.ln_p),
            i18n::verdict_word(lang, point.verdict)
        );
        points.push(point);
    }
    let sweep = SweepReport {
        algorithm: args.algorithm,
        rng: args.rng,
        deck: n,
        seed,
        shuffles: args.shuffles,
        tests,
        thresholds,
        points,
    };
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(format!("sweep-{}-{}-{n}", args.algorithm, args.rng)));
    writer::write_all(
        &dir,
        &[("sweep.csv", sweep.csv()), ("sweep.svg", sweep.svg(lang)), ("report.html", sweep.html(lang))],
    )?;
    println!("\nReports written to {}/ (sweep.csv, sweep.svg, report.html)", dir.display());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_ranges_parse_and_explain_their_errors() {
        assert_eq!(SwapRange::parse("0..300:10"), Ok(SwapRange { from: 0, to: 300, step: 10 }));
        assert_eq!(SwapRange::parse("5..7"), Ok(SwapRange { from: 5, to: 7, step: 1 }));
        assert_eq!(SwapRange::parse("0..300:10").unwrap().iter().count(), 31);
        assert_eq!(SwapRange::parse("0..10:4").unwrap().iter().collect::<Vec<_>>(), [0, 4, 8]);
        assert!(SwapRange::parse("10..5").unwrap_err().contains("above TO"));
        assert!(SwapRange::parse("0..5:0").unwrap_err().contains("STEP"));
        assert!(SwapRange::parse("a..5").unwrap_err().contains("FROM"));
        assert!(SwapRange::parse("5").unwrap_err().contains("FROM..TO"));
        assert!(SwapRange::parse("0..5000").unwrap_err().contains("at most 1000"));
    }
}
