//! `shuffle-audit run`: one algorithm, one generator, N shuffles, every test, and the report files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::{OutputArgs, RunArgs};
use crate::report::i18n::{self, Lang};
use crate::report::json::Timings;
use crate::report::{RunReport, counts_csv, html, json, markdown, summary_csv, writer};
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
    };
    let thresholds = args.thresholds()?;
    config.validate()?;
    if args.seed.is_none() {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat this run)");
    }
    let report = execute(config, thresholds)?;
    let output = Output::from(&args.output);
    print!("{}", render_console(&report, output.lang));
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    let written = write_run_files(&dir, &report, output)?;
    println!("Reports written to {}/ ({})", dir.display(), written.join(", "));
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// Runs a configuration and evaluates it.
pub fn execute(config: RunConfig, thresholds: Thresholds) -> anyhow::Result<RunReport> {
    let outcome = runner::run(&config)?;
    Ok(RunReport::new(config, outcome, thresholds))
}

/// How report files are rendered: their language and whether `run.json` carries timings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub lang: Lang,
    pub timings: Timings,
}

impl From<&OutputArgs> for Output {
    fn from(a: &OutputArgs) -> Self {
        Output { lang: a.lang, timings: if a.no_timings { Timings::Omit } else { Timings::Include } }
    }
}

/// Writes a run's files into `dir` and returns their names.
pub fn write_run_files(dir: &Path, report: &RunReport, output: Output) -> anyhow::Result<Vec<&'static str>> {
    let mut files = vec![
        ("summary.csv", summary_csv::render(&[report])),
        ("counts.csv", counts_csv::render(&report.counts)),
        ("summary.md", markdown::render_run(report)),
        ("run.json", json::render(report, output.timings)),
        ("report.html", html::render(html::PageKind::Run, &[html::RunSection::new(report)], output.lang)),
    ];
    if let Some(svg) = html::position_card_svg(report, output.lang) {
        files.push(("position-card.svg", svg));
    }
    writer::write_all(dir, &files)?;
    Ok(files.iter().map(|(name, _)| *name).collect())
}

/// The readable summary printed on stdout; the verdict line follows `lang`.
pub fn render_console(r: &RunReport, lang: Lang) -> String {
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
    s.push_str(&format!("{}: {}\n", i18n::verdict_word(lang, r.verdict), i18n::reason(lang, r)));
    s
}
