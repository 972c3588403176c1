//! `shuffle-audit run`: one algorithm, one generator, N shuffles, every test, and the report files; with
//! `--progressive`, growing samples until the first FAIL (see [`super::progressive`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::RunArgs;
use crate::report::{RunReport, counts_csv, json, markdown, summary_csv, writer};
use crate::runner::{self, PostProcess, RunConfig};
use crate::shuffle::Algorithm;
use crate::stats::format_ln_p;
use crate::verdict::Thresholds;

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let seed =
        args.seed.unwrap_or_else(|| super::os_seed() & if args.rng.is_c_library() { 0xffff_ffff } else { u64::MAX });
    let config = RunConfig {
        algorithm: Algorithm { kind: args.algorithm, swaps: args.swaps.map(|k| k as usize) },
        rng: args.rng,
        deck: args.deck,
        shuffles: args.shuffles,
        seed,
        threads: args.threads,
        post: PostProcess { cut: args.cut, burn: args.burn },
        progress: true,
        tests: args.tests,
    };
    let thresholds = args.thresholds()?;
    if args.max_shuffles.is_some() && !args.progressive {
        return Err(crate::error::ConfigError::flag("--max-shuffles", "only applies with --progressive").into());
    }
    if args.progressive {
        let mut check = config.clone();
        check.shuffles = args.max_shuffles.unwrap_or(crate::progressive::DEFAULT_MAX_SHUFFLES);
        check.validate()?;
    } else {
        config.validate()?;
    }
    if args.seed.is_none() {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this run)");
    }
    if args.progressive {
        return super::progressive::run(config, args.max_shuffles, thresholds, args.out.clone());
    }
    let report = execute(config, thresholds)?;
    print!("{}", render_console(&report));
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    write_run_files(&dir, &report)?;
    println!("Reports written to {}/ (summary.csv, counts.csv, summary.md, run.json)", dir.display());
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// Runs a configuration and evaluates it.
pub fn execute(config: RunConfig, thresholds: Thresholds) -> anyhow::Result<RunReport> {
    let outcome = runner::run(&config)?;
    Ok(RunReport::new(config, outcome, thresholds))
}

/// Writes a run's files into `dir`.
pub fn write_run_files(dir: &Path, report: &RunReport) -> anyhow::Result<()> {
    writer::write_all(
        dir,
        &[
            ("counts.csv", counts_csv::render(&report.counts)),
            ("summary.csv", summary_csv::render(&[report])),
            ("summary.md", markdown::render_run(report)),
            ("run.json", json::render(report)),
        ],
    )
}

/// The readable summary printed on stdout.
pub fn render_console(r: &RunReport) -> String {
    let c = &r.config;
    let mut s = format!(
        "{} / {}, {} cards, {} shuffles, seed {} ({} threads, {:.2} s, {:.1} M shuffles/s)\n\n",
        r.algorithm_label(),
        c.rng,
        c.deck,
        r.shuffles_done,
        c.seed,
        r.threads,
        r.seconds,
        r.shuffles_per_second / 1e6
    );
    if r.fault.is_none() {
        s.push_str(&format!(
            "  {:<18} {:>12} {:>8} {:>12} {:>12}  {}\n",
            "test", "statistic", "df", "p", "adjusted p", "verdict"
        ));
        for t in &r.assessment.tests {
            s.push_str(&format!(
                "  {:<18} {:>12.1} {:>8} {:>12} {:>12}  {}{}\n",
                t.result.test,
                t.result.statistic,
                t.result.df,
                format_ln_p(t.result.ln_p),
                format_ln_p(t.ln_p_adjusted),
                t.verdict,
                if t.too_uniform { " (too uniform)" } else { "" }
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!("{}: {}\n", r.verdict, r.reason));
    s
}
