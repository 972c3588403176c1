//! The one place that decides which files a run writes: every format rendered from the finished run and written
//! through [`super::writer`] into a folder that an [`super::writer::OutDir`] puts in place in one rename, for
//! `run`, `compare`, progressive runs, `calibrate` and the gate alike (a sweep's are its report's,
//! [`super::sweep::SweepReport::files`]; `exact`'s, the law's and the riffle table's). Every name is in
//! the writer's list of the names a report folder may hold.

use std::path::Path;

use super::LangWords;
use super::json::Timings;
use super::svg::{self, progressive::PValuePoint};
use super::{RunReport, csv, html, json, markdown, writer};
use crate::audit::Verdict;
use crate::cards::Lang;
use crate::modes::calibration::CalibrationOutcome;
use crate::modes::progressive::ProgressiveOutcome;
use crate::stats::distributions::special::ln_to_log10;

/// How report files are rendered: their language and whether `run.json` carries timings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub lang: Lang,
    pub timings: Timings,
}

impl Output {
    pub fn new(lang: Lang, no_timings: bool) -> Self {
        Output { lang, timings: if no_timings { Timings::Omit } else { Timings::Include } }
    }
}

/// Writes a run's files into `dir` (inside an [`super::writer::OutDir`]'s path) and returns their names.
pub fn write_run_files(
    dir: &Path,
    report: &RunReport,
    output: Output,
) -> Result<Vec<&'static str>, crate::report::writer::WriteError> {
    let mut files = vec![
        ("summary.csv", csv::summary::render(&[report])),
        (
            "counts.csv",
            if report.cards.ids_known {
                csv::counts::render(&report.counts)
            } else {
                csv::counts::render_faces(&report.counts, report.cards.base())
            },
        ),
        ("summary.md", markdown::render_run(report)),
        ("run.json", json::render(report, output.timings)),
        ("report.html", html::render(html::PageKind::Run, &[html::RunSection::new(report)], output.lang)),
    ];
    if let Some(seats) = &report.seat_counts {
        let table = if report.cards.ids_known {
            csv::seat_counts::render(seats)
        } else {
            csv::seat_counts::render_faces(seats, report.cards.base())
        };
        files.push(("seat_counts.csv", table));
    }
    if let Some(samples) = &report.samples {
        files.push(("samples.csv", csv::samples::render_samples(samples)));
        let second = report.assessment.get(crate::stats::TestId::SecondLevel).map(|t| &t.result.finding);
        if let Some(crate::stats::Finding::SecondLevel(f)) = second {
            files.push(("second_level.csv", csv::samples::render_second_level(&f.groups)));
        }
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

/// The run's files of the last look, `progressive.csv`, and `progressive.svg`, also shown on `report.html`.
pub fn write_progressive_files(
    dir: &Path,
    report: &RunReport,
    outcome: &ProgressiveOutcome,
    summary: &str,
    output: Output,
) -> Result<Vec<&'static str>, writer::WriteError> {
    let mut written = write_run_files(dir, report, output)?;
    // The evidence against the sample size, as a picture: in its own file and on the run's page.
    let points: Vec<PValuePoint> = outcome
        .looks
        .iter()
        .flat_map(|look| {
            look.assessment.tests.iter().map(move |t| PValuePoint {
                shuffles: look.shuffles,
                test: t.result.test.name().to_string(),
                log10_p: ln_to_log10(t.ln_p_test),
            })
        })
        .collect();
    let picture = svg::progressive::plot(&points, &outcome.look_thresholds, output.lang).render();
    let title = format!("{} — {}", output.lang.words().progressive_title, report.algorithm_label());
    let svg = picture.to_svg(&title, svg::Target::File).into_bytes();
    let figure = html::Figure { heading: title.clone(), caption: summary.to_string(), alt: title, picture };
    let section = html::RunSection { extra_figures: vec![figure], ..html::RunSection::new(report) };
    writer::write_all(
        dir,
        &[
            ("progressive.csv", csv::progressive::render(&outcome.looks, outcome.planned_looks)),
            ("progressive.svg", svg),
            // The run's page again, with the p-values against the sample size.
            ("report.html", html::render(html::PageKind::Run, &[section], output.lang)),
        ],
    )?;
    written.extend(["progressive.csv", "progressive.svg"]);
    Ok(written)
}

/// `compare`'s combined files: `summary.csv`, `summary.md`, `report.html` and the small multiples `heatmaps.svg`
/// (each run's own files are [`write_run_files`]').
pub fn compare_files(done: &[(RunReport, Verdict)], output: Output) -> Vec<(&'static str, Vec<u8>)> {
    let reports: Vec<&RunReport> = done.iter().map(|(r, _)| r).collect();
    let rows: Vec<(&RunReport, Verdict)> = done.iter().map(|(r, e)| (r, *e)).collect();
    let sections: Vec<html::RunSection> =
        done.iter().map(|(r, e)| html::RunSection { expected: Some(*e), ..html::RunSection::new(r) }).collect();
    let mut files = vec![
        ("summary.csv", csv::summary::render(&reports)),
        ("summary.md", markdown::render_compare(&rows)),
        ("report.html", html::render(html::PageKind::Compare, &sections, output.lang)),
    ];
    if let Some(svg) = html::compare_heatmaps_svg(&reports, output.lang) {
        files.push(("heatmaps.svg", svg));
    }
    files
}

/// `calibrate`'s files: each statistic's rates, the family's, and every replicate's p-values.
pub fn calibration_files(outcome: &CalibrationOutcome, shuffles: u64) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("calibration.csv", csv::calibration::render(&outcome.statistics, shuffles)),
        ("family.csv", csv::calibration::render_family(&outcome.family)),
        ("p_values.csv", csv::calibration::render_p_values(&outcome.replicates)),
    ]
}
