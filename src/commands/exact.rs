//! `shuffle-audit exact`: a game's exact hand odds, a shuffle's exact position-by-card law (`exact.csv`,
//! `exact.svg` and what sampling needs to see its bias) or the riffle table (`riffle.csv`), all from
//! [`shuffle_audit::exact`], which validates the flags and computes and renders each product. This file converts
//! the flags, shows a long computation's progress, stops it at SIGINT or SIGTERM, prints and writes the files.

use std::process::ExitCode;

use crate::cli::ExactArgs;
use shuffle_audit::audit::Meter;
use shuffle_audit::exact::{ExactPlan, LawError, LawPlan, RiffleTablePlan, compute_law, odds_text, riffle_table};
use shuffle_audit::report::write_all;

pub fn run(args: ExactArgs) -> anyhow::Result<ExitCode> {
    match args.query().validate()? {
        ExactPlan::Odds(game) => {
            let mut stdout = super::Console::stdout();
            write!(stdout, "{}", odds_text(&game));
            stdout.finish()?;
            Ok(ExitCode::SUCCESS)
        }
        ExactPlan::Law(plan) => law(&plan),
        ExactPlan::RiffleTable(plan) => table(&plan),
    }
}

/// `exact --algorithm riffle --table`: total variation and separation after 1..=12 riffles, printed and
/// written to riffle.csv.
fn table(plan: &RiffleTablePlan) -> anyhow::Result<ExitCode> {
    let table = riffle_table(plan);
    let out = super::prepare_out(&super::out_path(plan.out.as_deref(), || plan.dir_name()))?;
    let mut stdout = super::Console::stdout();
    write!(stdout, "{}", table.text());
    let files = table.files();
    out.write(|dir| write_all(dir, &files))?;
    let dir = out.commit()?;
    writeln!(stdout, "\nWritten to {}/{}", dir.display(), super::names(&files));
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// `exact --algorithm A`: the law, its files and its summary. A long computation says so on stderr, shows each
/// tenth done, and stops at the first SIGINT or SIGTERM (exit 130 or 143, nothing written).
fn law(plan: &LawPlan) -> anyhow::Result<ExitCode> {
    let meter = match plan.long_work() {
        Some(work) => {
            crate::signals::install();
            let req = &plan.request;
            eprintln!(
                "exact: {} on {} cards takes about {work:.1e} double-double operations; progress follows (Ctrl-C \
                 stops)",
                req.algorithm.label(req.n),
                req.n
            );
            crate::progress::tenths("exact")
        }
        None => Meter::hidden(),
    };
    let law = match compute_law(plan, &crate::signals::STOP, &meter) {
        Ok(law) => law,
        Err(LawError::Refused(e)) => return Err(e.into()),
        Err(LawError::Stopped(reason)) => {
            eprintln!("{} during the exact computation: nothing written", reason.stopped_by());
            return Ok(ExitCode::from(reason.exit_code()));
        }
    };
    let outdir = super::prepare_out(&super::out_path(plan.out.as_deref(), || plan.dir_name()))?;
    outdir.write(|d| write_all(d, &law.files()))?;
    let dir = outdir.commit()?;
    let mut stdout = super::Console::stdout();
    write!(stdout, "{}", law.text());
    writeln!(stdout, "Written to {}/ (exact.csv, exact.svg, guess.csv)", dir.display());
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}
