//! `shuffle-audit verify FILE`: a manifest's files checked against their sizes and SHA-256, one line each, then
//! a summary; exit 0 when all match, 1 when a file changed or is missing, 2 for a manifest that cannot be read.

use std::process::ExitCode;

use super::Console;
use crate::cli::VerifyArgs;
use shuffle_audit::export::{self, Check};
use shuffle_audit::report::terminal;

pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let running = export::binary_sha256().ok();
    let verified = export::verify(&args.manifest, running.as_deref())
        .map_err(|e| anyhow::anyhow!("{}", terminal(&e.to_string())))?;
    let mut out = Console::stdout();
    let (mut ok, mut changed, mut missing) = (0, 0, 0);
    for file in &verified.files {
        match &file.check {
            Check::Ok => {
                ok += 1;
                writeln!(out, "ok       {}", file.name);
            }
            Check::Changed { bytes, sha256: None } => {
                changed += 1;
                writeln!(out, "CHANGED  {} (now {bytes} bytes)", file.name);
            }
            Check::Changed { sha256: Some(sha), .. } => {
                changed += 1;
                writeln!(out, "CHANGED  {} (same size, SHA-256 now {sha})", file.name);
            }
            Check::Missing => {
                missing += 1;
                writeln!(out, "MISSING  {}", file.name);
            }
            Check::NotAFile => writeln!(out, "-        {} (written to standard output: nothing to check)", file.name),
        }
    }
    writeln!(out, "{ok} ok, {changed} changed, {missing} missing of {} files", verified.files.len());
    let (sha, same) = &verified.binary;
    match same {
        Some(true) => writeln!(out, "binary: this shuffle-audit is the one that wrote the manifest"),
        Some(false) => writeln!(
            out,
            "binary: this shuffle-audit differs from the one that wrote the manifest ({}); not a failure",
            short(sha)
        ),
        None => writeln!(out, "binary: this shuffle-audit could not be read to compare it with {}", short(sha)),
    }
    out.finish()?;
    Ok(if verified.all_ok() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(16)]
}
