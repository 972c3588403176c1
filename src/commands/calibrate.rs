//! `shuffle-audit calibrate`: R independent replicates of one configuration, and for every statistic a
//! Kolmogorov–Smirnov and an Anderson–Darling test of its R p-values for uniformity. Prints a table, writes
//! `calibration.csv` and `p_values.csv`, and exits 1 if some statistic's p-values are not uniform.

use std::io::IsTerminal;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::CalibrateArgs;
use shuffle_audit::audit::calibration::{CalibrationOutcome, NOT_UNIFORM_BELOW, calibrate};
use shuffle_audit::audit::limits::check_replicates;
use shuffle_audit::audit::runner::RunConfig;
use shuffle_audit::audit::settings::RunRequest;
use shuffle_audit::report::{calibration_csv, writer};

pub fn run(args: CalibrateArgs) -> anyhow::Result<ExitCode> {
    let request = RunRequest {
        deck: Some(args.deck),
        shuffles: Some(args.shuffles),
        threads: args.threads,
        tests: Some(args.tests),
        ..args.generator.request(Some(args.algorithm), &args.post)
    };
    let config = super::builtin_config(&request, "this calibration")?;
    let builtin = *config.builtin().expect("built-in");
    // Checked before the output folder is made (`calibrate` checks it again).
    check_replicates(args.replicates, config.shuffles)?;
    let label = builtin.algorithm.kind.name();
    let out = super::prepare_out(&super::out_path(args.out.as_deref(), || {
        format!("calibrate-{label}-{}-{}", builtin.rng, config.deck)
    }))?;
    let bar = progress_bar(args.replicates, config.shuffles);
    let outcome = calibrate(&config, args.replicates, &bar)?;
    bar.finish_and_clear();
    let mut stdout = super::Console::stdout();
    if let Some(f) = &outcome.fault {
        write!(stdout, "{}", render_console(&config, args.replicates, &outcome));
        writeln!(stdout, "BROKEN: {}: {}", f.kind, f.description);
        stdout.finish()?;
        return Ok(ExitCode::from(1));
    }
    out.write(|dir| {
        writer::write_all(
            dir,
            &[
                ("calibration.csv", calibration_csv::render(&outcome.statistics, config.shuffles)),
                ("p_values.csv", calibration_csv::render_p_values(&outcome.replicates)),
            ],
        )
    })?;
    let dir = out.commit()?;
    write!(stdout, "{}", render_console(&config, args.replicates, &outcome));
    writeln!(stdout, "Written to {}/ (calibration.csv, p_values.csv)", dir.display());
    stdout.finish()?;
    let all_uniform = outcome.statistics.iter().all(|s| s.uniform());
    Ok(ExitCode::from(if all_uniform { 0 } else { 1 }))
}

/// A bar of every shuffle of every replicate, so that it moves within long replicates too; hidden when stderr
/// is not a terminal.
fn progress_bar(replicates: u64, shuffles: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(replicates.saturating_mul(shuffles));
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{bar:30}] {human_pos}/{human_len} shuffles of {msg}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(format!("{replicates} replicates"));
    bar
}

/// The table printed on stdout.
pub fn render_console(config: &RunConfig, replicates: u64, outcome: &CalibrationOutcome) -> String {
    let b = config.builtin().expect("calibration runs built-in shuffles");
    let mut s = format!(
        "calibrate: {} / {}, {} cards, {replicates} replicates x {} shuffles, seed {} ({} threads, {:.1} s)\n\n",
        b.algorithm.label(config.deck),
        b.rng,
        config.deck,
        config.shuffles,
        b.seed,
        outcome.threads,
        outcome.elapsed.as_secs_f64()
    );
    if outcome.fault.is_some() {
        return s;
    }
    s.push_str(&format!(
        "  {:<20} {:<6} {:>7} {:>9} {:>8} {:>9} {:>8}  {}\n",
        "test", "p", "KS D", "KS p", "AD A2", "AD p", "p<0.01", "verdict"
    ));
    for st in &outcome.statistics {
        s.push_str(&format!(
            "  {:<20} {:<6} {:>7.4} {:>9} {:>8.3} {:>9} {:>8}  {}\n",
            st.test.name(),
            st.p_kind,
            st.ks_d,
            short_p(st.ks_p),
            st.ad_a2,
            short_p(st.ad_p),
            st.rejected_at_01,
            if st.uniform() { "uniform" } else { "NOT UNIFORM" }
        ));
    }
    let bad: Vec<&str> = outcome.statistics.iter().filter(|s| !s.uniform()).map(|s| s.test.name()).collect();
    let expected = replicates as f64 * 0.01;
    s.push('\n');
    if bad.is_empty() {
        s.push_str(&format!(
            "Every statistic's p-values are consistent with Uniform(0, 1) (KS and AD p >= {NOT_UNIFORM_BELOW}): a \
             test at level alpha fires about alpha of the time (p<0.01: about {expected:.0} of {replicates} \
             expected). Sidak: the max-over-lines tests' minimum p, transformed; mid-p: parity, a discrete \
             statistic.\n"
        ));
    } else {
        s.push_str(&format!(
            "NOT UNIFORM (KS or AD p < {NOT_UNIFORM_BELOW}): {}. Either the shuffle is biased or these nulls are \
             miscalibrated for this configuration.\n",
            bad.join(", ")
        ));
    }
    s
}

fn short_p(p: f64) -> String {
    if p >= 1e-3 { format!("{p:.4}") } else { format!("{p:.2e}") }
}
