//! `shuffle-audit run`: one algorithm, one generator, N shuffles, every test, and the report files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::RunArgs;
use crate::report::{RunReport, counts_csv, json, markdown, seat_counts_csv, summary_csv, writer};
use crate::runner::{self, PostProcess, RunConfig};
use crate::shuffle::Algorithm;
use crate::stats::format_ln_p;
use crate::verdict::Thresholds;

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let seed =
        args.seed.unwrap_or_else(|| super::os_seed() & if args.rng.is_c_library() { 0xffff_ffff } else { u64::MAX });
    let deal = args.game.deal_config(args.deck)?;
    let config = RunConfig {
        algorithm: Algorithm { kind: args.algorithm, swaps: args.swaps.map(|k| k as usize) },
        rng: args.rng,
        deck: deal.map_or(args.deck.unwrap_or(52), |d| d.deck),
        shuffles: args.shuffles,
        seed,
        threads: args.threads,
        post: PostProcess { cut: args.cut, burn: args.burn },
        deal,
        progress: true,
    };
    let thresholds = args.thresholds()?;
    config.validate()?;
    if args.seed.is_none() {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this run)");
    }
    let report = execute(config, thresholds)?;
    print!("{}", render_console(&report));
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    write_run_files(&dir, &report)?;
    let seat = if report.seat_counts.is_some() { "seat_counts.csv, " } else { "" };
    println!("Reports written to {}/ (summary.csv, counts.csv, {seat}summary.md, run.json)", dir.display());
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// Runs a configuration and evaluates it.
pub fn execute(config: RunConfig, thresholds: Thresholds) -> anyhow::Result<RunReport> {
    let outcome = runner::run(&config)?;
    Ok(RunReport::new(config, outcome, thresholds))
}

/// Writes a run's files into `dir`.
pub fn write_run_files(dir: &Path, report: &RunReport) -> anyhow::Result<()> {
    let mut files = vec![
        ("counts.csv", counts_csv::render(&report.counts)),
        ("summary.csv", summary_csv::render(&[report])),
        ("summary.md", markdown::render_run(report)),
        ("run.json", json::render(report)),
    ];
    if let Some(seats) = &report.seat_counts {
        files.push(("seat_counts.csv", seat_counts_csv::render(seats)));
    }
    writer::write_all(dir, &files)
}

/// The readable summary printed on stdout.
pub fn render_console(r: &RunReport) -> String {
    let c = &r.config;
    let mut s = format!(
        "{} / {}, {} cards, {} shuffles, seed {} ({} threads, {:.2} s, {:.1} M shuffles/s)\n",
        r.algorithm_label(),
        c.rng,
        c.deck,
        r.shuffles_done,
        c.seed,
        r.threads,
        r.seconds,
        r.shuffles_per_second / 1e6
    );
    if let Some(deal) = &c.deal {
        s.push_str(&format!("deal: {}\n", deal.describe()));
    }
    s.push('\n');
    if r.fault.is_none() {
        s.push_str(&format!(
            "  {:<16} {:>12} {:>8} {:>12} {:>12}  {}\n",
            "test", "statistic", "df", "p", "adjusted p", "verdict"
        ));
        for t in &r.assessment.tests {
            s.push_str(&format!(
                "  {:<16} {:>12.1} {:>8} {:>12} {:>12}  {}{}\n",
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
