//! `shuffle-audit fair verify --scheme S FILE`: every round of a provably-fair casino replayed from its seeds and
//! checked ([`shuffle_audit::fair`]). Exit 0 when every round verifies (rounds whose seed is not revealed yet are
//! pending, not failed), 1 when any does not (each named by its line, nonce and seed), 2 for bad input.

use std::io::BufReader;
use std::process::ExitCode;

use super::Console;
use crate::cli::{FairArgs, FairAuditArgs, FairCommand, FairVerifyArgs};
use shuffle_audit::audit::StopReason;
use shuffle_audit::fair::{verify, verify_file};
use shuffle_audit::report::{fair as render, group_digits};

pub fn run(args: FairArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        FairCommand::Verify(args) => run_verify(args),
        FairCommand::Audit(args) => run_audit(args),
    }
}

fn run_verify(args: FairVerifyArgs) -> anyhow::Result<ExitCode> {
    crate::signals::install();
    let stop = || crate::signals::STOP.requested().is_some();
    let v = if args.file.as_os_str() == "-" {
        verify(BufReader::new(std::io::stdin()), args.scheme, &stop)
            .map_err(|e| anyhow::anyhow!("standard input: {e}"))?
    } else {
        verify_file(&args.file, args.scheme, &stop).map_err(|e| anyhow::anyhow!("{e}"))?
    };
    let stopped = crate::signals::STOP.requested();
    let mut out = Console::stdout();
    let scheme = args.scheme.name();
    let stopped_label = stopped.map(StopReason::label);
    if args.json {
        writeln!(out, "{}", render::json(&v, scheme, stopped_label));
    } else {
        write!(out, "{}", render::console(&v, scheme, stopped_label));
    }
    out.finish()?;
    if let Some(reason) = stopped {
        eprintln!("{} after {} rounds: what is above is of those rounds", reason.stopped_by(), group_digits(v.rounds));
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(if v.failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `fair audit`: the verified rounds' whole decks through `run`'s battery and reports, beside the exact bias of the
/// scheme's own mapping.
fn run_audit(args: FairAuditArgs) -> anyhow::Result<ExitCode> {
    use shuffle_audit::fair::scheme::mapping_bias;
    let (fail, suspicious) = {
        let t = args.thresholds.thresholds()?;
        (t.fail, t.suspicious)
    };
    let dir = super::out_path(args.out.as_deref(), || "fair".to_string());
    if args.file.exists() && dir.exists() && args.file.canonicalize()?.starts_with(dir.canonicalize()?) {
        anyhow::bail!(
            "--out: {} is inside the report folder {}, which is replaced whole",
            args.file.display(),
            dir.display()
        );
    }
    let out = super::prepare_out(&dir)?;
    crate::signals::install();
    let stop = || crate::signals::STOP.requested().is_some();
    if args.scheme.with_replacement() {
        return audit_draws(&args, out);
    }
    let audit = shuffle_audit::Audit::new(52).name(&format!("{} rounds", args.scheme)).thresholds(fail, suspicious);
    let mut auditor = audit.deck_auditor().map_err(|e| anyhow::anyhow!("{}", e.message()))?;
    let replayed = shuffle_audit::fair::replay(&args.file, args.scheme, args.rounds, &stop, &mut |deck| {
        auditor.add(deck).map_err(|e| e.message().to_string())
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    if replayed.decks == 0 {
        anyhow::bail!("{}: no round's server seed is revealed: nothing to replay", args.file.display());
    }
    let report = auditor.finish().map_err(|e| anyhow::anyhow!("{}", e.message()))?;
    out.write(|d| report.write_to(d).map(|_| ()))?;
    let dir = out.commit()?;
    let mut console = Console::stdout();
    writeln!(
        console,
        "{} decks replayed under scheme {} from {} revealed pair{} of seeds{}",
        group_digits(replayed.decks),
        args.scheme,
        replayed.pairs,
        if replayed.pairs == 1 { "" } else { "s" },
        if replayed.unrevealed > 0 {
            format!(" ({} rounds not revealed yet, left out)", group_digits(replayed.unrevealed))
        } else {
            String::new()
        }
    );
    let (favoured, excess) = mapping_bias(52);
    writeln!(
        console,
        "the scheme's own mapping: floor(u32·m/2^32) favours 2^32 mod m of m choices by a relative 1/floor(2^32/m): \
         {favoured} of the 52 first cards by {excess:.3e}"
    );
    write!(console, "{}", report.summary());
    writeln!(console, "Reports written to {}/", dir.display());
    console.finish()?;
    let stopped = crate::signals::STOP.requested();
    if let Some(reason) = stopped {
        eprintln!("{}: the reports test the decks replayed before it", reason.stopped_by());
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(report.verdict().exit_code()))
}

/// `fair audit --scheme stake`: the draws with replacement through the draws' battery (`run --draws`'s), and
/// their reports.
fn audit_draws(args: &FairAuditArgs, out: super::OutDir) -> anyhow::Result<ExitCode> {
    use shuffle_audit::fair::scheme::MAPPING_EXCESS;
    use shuffle_audit::report::{streams as streams_render, write_all};
    let thresholds = args.thresholds.thresholds()?;
    let stop = || crate::signals::STOP.requested().is_some();
    let mut audit = shuffle_audit::streams::StreamAudit::draws(52);
    let replayed = shuffle_audit::fair::replay(&args.file, args.scheme, args.rounds, &stop, &mut |draws| {
        for &c in draws {
            audit.draw(c);
        }
        Ok(())
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    if replayed.decks == 0 {
        anyhow::bail!("{}: no round's server seed is revealed: nothing to replay", args.file.display());
    }
    let stopped = crate::signals::STOP.requested();
    let report = audit.report(&thresholds, stopped);
    let label = format!("{} rounds", args.scheme);
    let files = streams_render::files(&report, &label, shuffle_audit::cards::Lang::En);
    out.write(|d| write_all(d, &files))?;
    let dir = out.commit()?;
    let mut console = Console::stdout();
    writeln!(
        console,
        "{} rounds replayed under scheme {} from {} revealed pair{} of seeds{}",
        group_digits(replayed.decks),
        args.scheme,
        replayed.pairs,
        if replayed.pairs == 1 { "" } else { "s" },
        if replayed.unrevealed > 0 {
            format!(" ({} rounds not revealed yet, left out)", group_digits(replayed.unrevealed))
        } else {
            String::new()
        }
    );
    writeln!(
        console,
        "the scheme's own mapping: floor(u32·52/2^32) gives 48 of the 52 faces 82,595,525 of the 2^32 values and 4 \
         of them 82,595,524: a relative excess of {MAPPING_EXCESS:.3e} for the 48"
    );
    write!(console, "{}", streams_render::console(&report, &label, shuffle_audit::cards::Lang::En));
    let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
    writeln!(console, "Reports written to {}/ ({})", dir.display(), names.join(", "));
    console.finish()?;
    if let Some(reason) = stopped {
        eprintln!("{}: the reports test the rounds replayed before it", reason.stopped_by());
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(report.verdict.exit_code()))
}
