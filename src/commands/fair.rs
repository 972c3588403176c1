//! `shuffle-audit fair verify --scheme S FILE`: every round of a provably-fair casino replayed from its seeds and
//! checked ([`shuffle_audit::fair`]). Exit 0 when every round verifies (rounds whose seed is not revealed yet are
//! pending, not failed), 1 when any does not (each named by its line, nonce and seed), 2 for bad input.

use std::io::BufReader;
use std::process::ExitCode;

use super::Console;
use crate::cli::{FairArgs, FairCommand, FairVerifyArgs};
use shuffle_audit::audit::StopReason;
use shuffle_audit::fair::{verify, verify_file};
use shuffle_audit::report::{fair as render, group_digits};

pub fn run(args: FairArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        FairCommand::Verify(args) => run_verify(args),
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
