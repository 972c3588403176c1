//! `shuffle-audit merge FILE... --out DIR`: adds up the state files of a run's shards (or of any disjoint parts
//! of one run) and writes the run's reports, byte for byte those of one machine running it whole. States of
//! different runs or versions, and states that count a chunk twice, are refused, naming the files; chunks no
//! state counted make a PARTIAL report that names them.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::MergeArgs;
use shuffle_audit::audit::RunReport;
use shuffle_audit::audit::{NamedFile, RunState, check_not_input, range_label};
use shuffle_audit::report::Output;
use shuffle_audit::report::write_atomic;

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds.thresholds()?;
    let output = Output::new(args.output.lang, args.output.no_timings);
    let mut merged: Option<(RunState, PathBuf)> = None;
    // Which file counted each chunk range, to name both files of an overlap.
    let mut owners: Vec<(std::ops::Range<u64>, PathBuf)> = Vec::new();
    for path in &args.states {
        let state = super::read_state(path)?;
        if state.samples.is_some() {
            anyhow::bail!(
                "{}: the state of a run of samples, which is not split into shards: resume it with `shuffle-audit run \
                 --resume {}`",
                path.display(),
                path.display()
            );
        }
        match &mut merged {
            None => merged = Some((state.clone(), path.clone())),
            Some((total, first)) => {
                if let Err(why) = total.merge(&state) {
                    let other = state
                        .counted
                        .covered
                        .iter()
                        .find_map(|r| owners.iter().find(|(o, _)| o.start < r.end && r.start < o.end))
                        .map_or(first.clone(), |(_, p)| p.clone());
                    anyhow::bail!("{} and {}: {why}", other.display(), path.display());
                }
            }
        }
        owners.extend(state.counted.covered.iter().map(|r| (r.clone(), path.clone())));
    }
    let (state, _) = merged.expect("clap requires at least one state file");
    let dir = super::out_path(args.out.as_deref(), || state.config.dir_name());
    // Everything is checked before anything is written.
    if let Some(path) = &args.state_out {
        let inputs: Vec<NamedFile> = args.states.iter().map(|s| NamedFile::new("state", s)).collect();
        check_not_input(NamedFile::new("--state-out", path), &inputs)?;
        super::check_state_out(path, &dir)?;
    }
    let out = super::prepare_out(&dir)?;
    let chunks = state.config.chunks();
    let report =
        RunReport::of_state(&state, 0..chunks, None, Duration::from_secs_f64(state.seconds), state.threads, thresholds);
    if let Some(path) = &args.state_out {
        write_atomic(path, &state.encode())?;
    }
    let (code, mut stdout) = super::finish_report(&report, out, output)?;
    let missing = state.missing();
    let counted: u64 = state.counted.covered.iter().map(|r| r.end - r.start).sum();
    let fault = match &state.counted.fault {
        Some((chunk, _)) => format!("; the first fault, in chunk {chunk}, ends the run (BROKEN)"),
        None => String::new(),
    };
    writeln!(
        stdout,
        "Merged {} state file(s): {} of {} shuffles, {counted} of {chunks} chunks{fault}{}",
        args.states.len(),
        state.counted.tally.shuffles(),
        state.config.shuffles,
        if missing.is_empty() { String::new() } else { "; PARTIAL".to_string() }
    );
    for r in missing.iter().take(10) {
        writeln!(stdout, "  missing: chunks {} (shuffles {})", range_label(r), state.shuffle_range_label(r));
    }
    if missing.len() > 10 {
        writeln!(stdout, "  … and {} more missing ranges", missing.len() - 10);
    }
    stdout.finish()?;
    Ok(code)
}
