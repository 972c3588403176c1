//! `shuffle-audit run`: one algorithm, one generator, N shuffles, every test, and the report files; with
//! `--decks FILE|-` / `--exec CMD`, the decks another program made, audited as they stream; with
//! `--progressive`, growing samples until the first FAIL (see [`super::progressive`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::{OutputArgs, RunArgs};
use crate::error::ConfigError;
use crate::input::{self, ExternalSource, StreamOptions};
use crate::report::i18n::{self, Lang};
use crate::report::json::Timings;
use crate::report::{RunReport, counts_csv, html, json, markdown, seat_counts_csv, summary_csv, writer};
use crate::runner::{self, PostProcess, RunConfig};
use crate::shuffle::Algorithm;
use crate::stats::format_ln_p;
use crate::verdict::Thresholds;

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    if args.decks.is_some() || args.exec.is_some() {
        return run_external(args);
    }
    for (given, flag) in
        [(args.base.is_some(), "--base"), (args.format.is_some(), "--format"), (args.strict, "--strict")]
    {
        if given {
            return Err(ConfigError::flag(flag, "applies to --decks and --exec input only").into());
        }
    }
    let Some(algorithm) = args.algorithm else {
        return Err(ConfigError::flag("--algorithm", "give an algorithm, or --decks FILE, or --exec CMD").into());
    };
    let seed = args.seed.unwrap_or_else(|| super::os_seed(args.rng));
    let deal = args.game.deal_config(args.deck)?;
    let config = RunConfig {
        algorithm: Algorithm {
            kind: crate::cli::resolve_draw(algorithm, args.draw)?,
            swaps: args.swaps.map(|k| k as usize),
        },
        rng: args.rng,
        deck: deal.map_or(args.deck.unwrap_or(52), |d| d.deck),
        shuffles: args.shuffles,
        seed,
        threads: args.threads,
        post: PostProcess { cut: args.cut, burn: args.burn },
        deal,
        progress: true,
        external: None,
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
    let output = Output::from(&args.output);
    if args.progressive {
        return super::progressive::run(config, args.max_shuffles, thresholds, args.out.clone(), output);
    }
    let report = execute(config, thresholds)?;
    // Files first: a closed stdout (`| head`) must not lose the counts.
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    let written = write_run_files(&dir, &report, output)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{}", render_console(&report, output.lang))?;
    writeln!(stdout, "Reports written to {}/ ({})", dir.display(), written.join(", "))?;
    Ok(ExitCode::from(report.verdict.exit_code()))
}

/// `run --decks` / `run --exec`: stream the decks into the battery, report, and exit 0 (PASS, SUSPICIOUS), 1
/// (FAIL, BROKEN) or 2 (no decks at all, or `--strict` stopped at an invalid deck: reports still written).
fn run_external(args: RunArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds()?;
    let (source, flag) = match (&args.decks, &args.exec) {
        (Some(path), _) => (ExternalSource::Decks(path.clone()), "--decks"),
        (None, Some(cmd)) => (ExternalSource::Exec(cmd.clone()), "--exec"),
        (None, None) => unreachable!("checked by the caller"),
    };
    let options = StreamOptions {
        deck: args.deck,
        format: args.format.unwrap_or_default(),
        base: args.base.unwrap_or(0),
        strict: args.strict,
    };
    let audit = input::audit_external(&source, &options, None).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    let strict_stop = audit.summary.stopped_strict;
    let report = audit.into_report(thresholds, None).map_err(|e| anyhow::anyhow!("{flag}: {e}"))?;
    let output = Output::from(&args.output);
    // Files first: a closed stdout (`| head`) must not lose the counts.
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports").join(report.dir_name()));
    let written = write_run_files(&dir, &report, output)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{}", render_console(&report, output.lang))?;
    writeln!(
        stdout,
        "Reports written to {}/ ({}){}",
        dir.display(),
        written.join(", "),
        if report.is_partial() { ", marked partial" } else { "" }
    )?;
    if strict_stop {
        let first = report.input.as_ref().and_then(|i| i.first_invalid.first()).map(|d| d.to_string());
        eprintln!("Error: {flag}: invalid deck ({}); stopped (--strict)", first.unwrap_or_default());
        return Ok(ExitCode::from(2));
    }
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
    if let Some(seats) = &report.seat_counts {
        files.push(("seat_counts.csv", seat_counts_csv::render(seats)));
    }
    if let Some(svg) = html::position_card_svg(report, output.lang) {
        files.push(("position-card.svg", svg));
    }
    if let Some(svg) = html::adjacency_svg(report, output.lang) {
        files.push(("adjacency.svg", svg));
    }
    writer::write_all(dir, &files)?;
    Ok(files.iter().map(|(name, _)| *name).collect())
}

/// The readable summary printed on stdout; the verdict line follows `lang`.
pub fn render_console(r: &RunReport, lang: Lang) -> String {
    let c = &r.config;
    let mut s = if let Some(i) = &r.input {
        format!(
            "{}, {} cards, {} decks ({}{}; {:.2} s, {} decks/s)\n\n",
            r.algorithm_label(),
            c.deck,
            r.shuffles_done,
            i.format,
            if i.deck_inferred { ", deck size from the first deck" } else { "" },
            r.seconds,
            if r.shuffles_per_second >= 1e6 {
                format!("{:.2} M", r.shuffles_per_second / 1e6)
            } else {
                format!("{:.0}", r.shuffles_per_second)
            }
        )
    } else {
        format!(
            "{} / {}, {} cards, {} shuffles, seed {} ({} threads, {:.2} s, {:.1} M shuffles/s)\n{}\n",
            r.algorithm_label(),
            c.rng,
            c.deck,
            r.shuffles_done,
            c.seed,
            r.threads,
            r.seconds,
            r.shuffles_per_second / 1e6,
            c.deal.as_ref().map_or(String::new(), |d| format!("deal: {}\n", d.describe()))
        )
    };
    if let Some(i) = &r.input {
        s.push_str(&format!(
            "  input: {} lines, {} decks: {} valid, {} invalid\n",
            i.lines, i.decks, i.valid_decks, i.invalid_decks
        ));
        for d in &i.first_invalid {
            s.push_str(&format!("  invalid {d}\n"));
        }
        if i.invalid_decks > i.first_invalid.len() as u64 {
            s.push_str(&format!("  … and {} more invalid decks\n", i.invalid_decks - i.first_invalid.len() as u64));
        }
        if let Some(p) = &i.producer {
            s.push_str(&format!("  producer: `{}` {}", p.command, p.ending()));
            s.push_str(if p.stopped_by_audit { " (stopped by the audit)\n" } else { "\n" });
            for line in &p.stderr_tail {
                s.push_str(&format!("  producer stderr: {line}\n"));
            }
        }
        if let Some(why) = &i.partial_reason {
            s.push_str(&format!("  PARTIAL: {why}; reports hold the decks read until then\n"));
        }
        s.push('\n');
    }
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
    s.push_str(&format!("{}: {}\n", i18n::verdict_word(lang, r.verdict), i18n::reason(lang, r)));
    s
}
