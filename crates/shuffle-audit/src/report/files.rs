//! The one place that decides which files a run writes: every format rendered from the finished run and written
//! through [`super::writer`] into a folder that an [`super::writer::OutDir`] puts in place in one rename, for
//! `run`, `compare`, progressive runs and the gate alike.

use std::path::Path;

use super::json::Timings;
use super::{RunReport, csv, html, json, markdown, writer};
use crate::cards::Lang;

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
