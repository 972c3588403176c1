//! `shuffle-audit compare`: run the catalogue of findings, print one table, write every run's files and a
//! combined summary; exit 1 if any finding fails to reproduce.

use std::path::Path;
use std::process::ExitCode;

use crate::cli::CompareArgs;
use shuffle_audit::audit::catalogue::{Finding, findings};
use shuffle_audit::audit::runner::RunConfig;
use shuffle_audit::audit::source::{Builtin, DeckSource};
use shuffle_audit::audit::verdict::Verdict;
use shuffle_audit::report::i18n::{self, Lang};
use shuffle_audit::report::{RunReport, html, markdown, summary_csv, writer};
use shuffle_audit::stats::format_ln_p;

pub fn run(args: CompareArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds.thresholds()?;
    let output = shuffle_audit::report::files::Output::new(args.output.lang, args.output.no_timings);
    let catalogue = findings();
    let out = super::prepare_out(&args.out)?;
    let mut done: Vec<(RunReport, Verdict)> = Vec::new();
    eprintln!("Running {} configurations (seed {}); each row is one `run`.", catalogue.len(), args.seed);
    // The algorithm column fits the longest label (deals add `--game …`).
    let width = catalogue.iter().map(|f| config_for(f, &args).label().chars().count()).max().unwrap_or(0).max(24);
    let mut stdout = super::Console::stdout();
    writeln!(stdout, "{}", header(width));
    let mut failed: Vec<String> = Vec::new();
    for f in &catalogue {
        let config = config_for(f, &args);
        let report = shuffle_audit::audit::execute(config, thresholds, shuffle_audit::audit::runner::Progress::Bar)?;
        out.write(|dir| shuffle_audit::report::files::write_run_files(&dir.join(report.dir_name()), &report, output))?;
        let checks = f.failed_checks(&report.assessment.tests);
        writeln!(stdout, "{}", table_row(&report, f, &checks, width));
        if report.verdict != f.expected {
            failed.push(format!("{} ({} expected {})", report.algorithm_label(), report.verdict, f.expected));
        }
        if !checks.is_empty() {
            failed.push(format!("{}: {}", report.algorithm_label(), checks.join(", ")));
        }
        done.push((report, f.expected));
    }
    out.write(|dir| write_combined(dir, &done, output))?;
    let dir = out.commit()?;
    let total: f64 = done.iter().map(|(r, _)| r.seconds).sum();
    let reproduced = done
        .iter()
        .zip(&catalogue)
        .filter(|((r, e), f)| r.verdict == *e && f.failed_checks(&r.assessment.tests).is_empty())
        .count();
    writeln!(
        stdout,
        "\n{reproduced} of {} findings reproduced in {total:.1} s; reports in {}/",
        done.len(),
        dir.display()
    );
    if !failed.is_empty() {
        writeln!(stdout, "NOT REPRODUCED: {}", failed.join("; "));
    }
    stdout.finish()?;
    Ok(if failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn config_for(f: &Finding, args: &CompareArgs) -> RunConfig {
    let source = DeckSource::Builtin(Builtin { algorithm: f.algorithm, rng: f.rng, seed: args.seed, post: f.post });
    RunConfig {
        threads: args.threads,
        deal: f.deal,
        ..RunConfig::of(source, f.deck, (f.shuffles / args.scale_down).max(1))
    }
}

/// The combined files: `summary.csv`, `summary.md`, `report.html` and the small multiples `heatmaps.svg`.
fn write_combined(
    dir: &Path,
    done: &[(RunReport, Verdict)],
    output: shuffle_audit::report::files::Output,
) -> anyhow::Result<()> {
    let reports: Vec<&RunReport> = done.iter().map(|(r, _)| r).collect();
    let rows: Vec<(&RunReport, Verdict)> = done.iter().map(|(r, e)| (r, *e)).collect();
    let sections: Vec<html::RunSection> =
        done.iter().map(|(r, e)| html::RunSection { expected: Some(*e), ..html::RunSection::new(r) }).collect();
    let mut files = vec![
        ("summary.csv", summary_csv::render(&reports)),
        ("summary.md", markdown::render_compare(&rows)),
        ("report.html", html::render(html::PageKind::Compare, &sections, output.lang)),
    ];
    if let Some(svg) = html::compare_heatmaps_svg(&reports, output.lang) {
        files.push(("heatmaps.svg", svg));
    }
    writer::write_all(dir, &files)
}

fn header(width: usize) -> String {
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>16} {:>9}  {}",
        "algorithm", "rng", "deck", "shuffles", "verdict", "pos-card p (2s)", "worst o/e", "why"
    )
}

fn table_row(r: &RunReport, f: &Finding, failed_checks: &[String], width: usize) -> String {
    let expected = f.expected;
    let mut mark = if r.verdict == expected { String::new() } else { format!(" (expected {expected}!)") };
    if !f.checks.is_empty() {
        // The tests this row is about, with the verdicts they reached.
        let seen: Vec<String> = f
            .checks
            .iter()
            .map(|(name, _)| {
                let v = r
                    .assessment
                    .tests
                    .iter()
                    .find(|t| t.result.test == *name)
                    .map_or("-".into(), |t| t.verdict.to_string());
                format!("{name} {v}")
            })
            .collect();
        mark.push_str(&format!(" [{}]", seen.join(", ")));
    }
    if !failed_checks.is_empty() {
        mark.push_str(&format!(" (NOT REPRODUCED: {})", failed_checks.join(", ")));
    }
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>16} {:>9}  {}{mark}",
        r.algorithm_label(),
        r.rng_label(),
        r.config.deck,
        r.shuffles_done,
        r.verdict.as_str(),
        r.global_ln_p().filter(|_| r.fault.is_none()).map_or("-".into(), format_ln_p),
        markdown::fmt_ratio(if r.fault.is_none() { r.worst_ratio() } else { f64::NAN }),
        i18n::headline(Lang::En, r)
    )
}
