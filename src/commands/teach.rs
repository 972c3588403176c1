//! `shuffle-audit teach`: writes the teaching page, `teach.html`, one self-contained file (see
//! [`shuffle_audit::teach`]), with the exact matrices of its loops computed on the spot.

use std::process::ExitCode;

use anyhow::Context;

use crate::cli::TeachArgs;
use shuffle_audit::audit::Thresholds;
use shuffle_audit::report::write_atomic;
use shuffle_audit::teach::{self, lesson};

/// The page's file name.
pub const TEACH_FILE: &str = "teach.html";

pub fn run(args: TeachArgs) -> anyhow::Result<ExitCode> {
    let lesson = lesson(Thresholds::default()).context("cannot compute the exact matrices of the page's loops")?;
    let page = teach::page(args.lang, &lesson);
    let path = args.out.join(TEACH_FILE);
    write_atomic(&path, page.as_bytes())?;
    let mut out = super::Console::stdout();
    writeln!(
        out,
        "wrote {} ({} kB, {} exact matrices)\nopen it in a browser (it needs no network); to run a loop on load, add to its address:\n  \
         ?algorithm=naive-swap&shuffles=100000&seed=1&autorun=1",
        path.display(),
        page.len().div_ceil(1000),
        lesson.cases.len(),
    );
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
