//! `shuffle-audit gate --config shuffle-audit.toml`: run every configured check, print a table with each
//! check's power, write JUnit XML and JSON if asked, and exit 0 when every check met its expectation, 1 when
//! one did not, 2 on a configuration error (naming the TOML line).
//!
//! The checks' answer comes first: when an output fails (a `--junit`, `--json` or `--out` file that cannot be
//! written, a full stdout), every failure is reported on stderr and the status is still 1 if a check was NOT MET,
//! and 2 instead of 0 if all were met. Every output is attempted whatever failed before it.

use std::process::ExitCode;

use crate::cli::GateArgs;
use shuffle_audit::audit::{ExternalPlan, ExternalSource, NamedFile, Plan, check_not_input};
use shuffle_audit::modes::gate::{self, CheckOutcome, GateOutcome};
use shuffle_audit::report::OutDir;
use shuffle_audit::report::{check_reason, gate_json, junit, write_atomic};

pub fn run(args: GateArgs) -> anyhow::Result<ExitCode> {
    let config = gate::load(&args.config)?;
    // The reports never replace the configuration nor a check's decks, nor one another.
    let decks: Vec<std::path::PathBuf> = config
        .checks
        .iter()
        .filter_map(|c| match &c.settings.plan {
            Plan::External(ExternalPlan { source: ExternalSource::Decks(p), .. }) => Some(config.dir.join(p)),
            _ => None,
        })
        .collect();
    let mut inputs = vec![NamedFile::new("--config", &args.config)];
    inputs.extend(decks.iter().map(|p| NamedFile::new("decks", p)));
    if let Some(junit) = &args.junit {
        check_not_input(NamedFile::new("--junit", junit), &inputs)?;
    }
    if let Some(json) = &args.json {
        inputs.extend(args.junit.as_deref().map(|j| NamedFile::new("--junit", j)));
        check_not_input(NamedFile::new("--json", json), &inputs)?;
    }
    let out = args.out.as_deref().map(super::prepare_out).transpose()?;
    // A producer runs in a process group of its own, out of reach of the terminal's Ctrl-C: the gate stops it.
    crate::signals::install();
    // What a producer starts and leaves behind, even out of its group with its environment cleared, is ended with it.
    shuffle_audit::audit::input::adopt_orphans();
    // The table is for people; a full stdout must not stop the checks or their files.
    let mut stdout = super::Console::stdout();
    writeln!(stdout, "{}", header());
    let mut notify =
        |n: &shuffle_audit::audit::input::Notice| eprintln!("{}", shuffle_audit::report::terminal(&n.to_string()));
    let outcome = gate::run(&config, args.threads, &crate::signals::STOP, Some(&mut notify), |c| {
        writeln!(stdout, "{}", row(c));
    })?;
    write!(stdout, "{}", footer(&outcome));
    let mut failures = Vec::new();
    if let Some(out) = out {
        failures.extend(write_runs(out, &outcome).err());
    }
    // After the folder: a file inside it would be replaced with the folder.
    if let Some(path) = &args.junit {
        failures.extend(write_atomic(path, &junit::render(&outcome)).err().map(anyhow::Error::from));
    }
    if let Some(path) = &args.json {
        failures.extend(write_atomic(path, &gate_json::render(&outcome)).err().map(anyhow::Error::from));
    }
    failures.extend(stdout.finish().err());
    for e in &failures {
        eprintln!("Error: {}", shuffle_audit::report::terminal(&format!("{e:#}")));
    }
    if let Some(reason) = crate::signals::STOP.requested() {
        eprintln!(
            "gate: stopped by {} after {} of {} checks",
            reason.label(),
            outcome.checks.len(),
            config.checks.len()
        );
        return Ok(ExitCode::from(reason.exit_code()));
    }
    Ok(ExitCode::from(match (outcome.all_met(), failures.is_empty()) {
        (false, _) => 1,
        (true, false) => 2,
        (true, true) => 0,
    }))
}

/// Every check's run files, under `DIR/<check>`.
fn write_runs(out: OutDir, outcome: &GateOutcome) -> anyhow::Result<()> {
    out.write(|dir| {
        for c in &outcome.checks {
            if let Some(report) = &c.report {
                shuffle_audit::report::write_run_files(
                    &dir.join(gate::folder_name(&c.name)),
                    report,
                    shuffle_audit::report::Output::default(),
                )?;
            }
        }
        anyhow::Ok(())
    })?;
    Ok(out.commit().map(drop)?)
}

const SOURCE_WIDTH: usize = 34;

fn header() -> String {
    format!(
        "{:<28} {:<SOURCE_WIDTH$} {:>4} {:>9}  {:<10} {:<18} {:<7}  {}",
        "check", "source", "deck", "decks", "verdict", "expected", "result", "power: FAILs with 99% probability when"
    )
}

fn row(c: &CheckOutcome) -> String {
    format!(
        "{:<28} {:<SOURCE_WIDTH$} {:>4} {:>9}  {:<10} {:<18} {:<7}  {}",
        clip(&c.name, 28),
        clip(&c.source, SOURCE_WIDTH),
        c.deck.map_or("-".to_string(), |d| d.to_string()),
        c.shuffles,
        format!("{}{}", c.verdict_label(), if c.partial { "*" } else { "" }),
        c.expected.as_str(),
        if c.met { "ok" } else { "NOT MET" },
        c.power.as_ref().map_or("-".to_string(), |p| p.short())
    )
}

/// What went wrong with each check that did not meet its expectation, the power in full, and the count.
fn footer(g: &GateOutcome) -> String {
    let mut s = String::new();
    if g.checks.iter().any(|c| c.partial) {
        s.push_str("* partial: the audit did not see the whole input\n");
    }
    s.push('\n');
    for c in g.checks.iter().filter(|c| !c.met) {
        s.push_str(&format!(
            "NOT MET: {} (line {}): {} expected {}: {}\n",
            c.name,
            c.line,
            c.verdict_label(),
            c.expected,
            check_reason(c)
        ));
    }
    if let Some(p) = g.checks.iter().find_map(|c| c.power.as_ref()) {
        s.push_str(&format!("Power of the first check: {}\n", p.sentence()));
    }
    s.push_str(&format!(
        "{} of {} checks met their expectation in {:.1} s ({})\n",
        g.met,
        g.checks.len(),
        g.seconds,
        g.config
    ));
    s
}

fn clip(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(width - 1).collect::<String>())
    }
}
