//! `shuffle-audit calibrate`: R independent replicates of one configuration, and for every statistic (each tail
//! of a two-sided one) a Kolmogorov–Smirnov and an Anderson–Darling test of its R p-values for uniformity; then
//! the verdict's family rule itself: at α = 0.01, 0.05, 0.1, how many replicates had a family p below α, with
//! the exact 99% interval of that rate. Prints both tables, writes `calibration.csv`, `family.csv` and
//! `p_values.csv`, and exits 1 if some statistic's p-values are not uniform or the family rule fires TOO MANY.
//! `--progressive` replicates progressive runs up to `--max-shuffles`.

use std::io::IsTerminal;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::CalibrateArgs;
use shuffle_audit::audit::RunConfig;
use shuffle_audit::audit::RunRequest;
use shuffle_audit::audit::check_replicates;
use shuffle_audit::modes::calibration::{
    CalibrationOutcome, FAMILY_COVERAGE, FamilyVerdict, NOT_UNIFORM_BELOW, calibrate_looks,
};
use shuffle_audit::report::{calibration_files, write_all};

pub fn run(args: CalibrateArgs) -> anyhow::Result<ExitCode> {
    let request = RunRequest {
        deck: Some(args.deck),
        copies: args.copies,
        shuffles: if args.progressive { args.shuffles } else { Some(args.shuffles.unwrap_or(100_000)) },
        progressive: args.progressive,
        max_shuffles: args.max_shuffles,
        threads: args.threads,
        tests: Some(args.tests.unwrap_or_default()),
        guesser: args.guesser,
        ..args.generator.request(Some(args.algorithm), &args.post)
    };
    let settings = super::validate(&request, "this calibration")?;
    let progressive = settings.progressive;
    let mut config = settings.builtin().cloned().expect("a request with an algorithm is a built-in run");
    if let Some(max) = progressive {
        config.shuffles = max;
    }
    let builtin = *config.builtin().expect("built-in");
    // Checked before the output folder is made (`calibrate` checks it again).
    check_replicates(args.replicates, config.shuffles)?;
    let label = builtin.algorithm.kind.name();
    let out = super::prepare_out(&super::out_path(args.out.as_deref(), || {
        format!("calibrate-{label}-{}-{}", builtin.rng, config.deck)
    }))?;
    let bar = progress_bar(args.replicates, config.shuffles);
    let outcome = calibrate_looks(&config, args.replicates, progressive, &crate::progress::meter(&bar))?;
    bar.finish_and_clear();
    let mut stdout = super::Console::stdout();
    if let Some(f) = &outcome.fault {
        write!(stdout, "{}", render_console(&config, args.replicates, &outcome));
        writeln!(stdout, "BROKEN: {}: {}", f.kind, f.description);
        stdout.finish()?;
        return Ok(ExitCode::from(1));
    }
    let files = calibration_files(&outcome, config.shuffles);
    out.write(|dir| write_all(dir, &files))?;
    let dir = out.commit()?;
    write!(stdout, "{}", render_console(&config, args.replicates, &outcome));
    writeln!(stdout, "Written to {}/ ({})", dir.display(), super::names(&files));
    stdout.finish()?;
    Ok(ExitCode::from(if outcome.calibrated() { 0 } else { 1 }))
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
    let size = match outcome.progressive {
        Some(max) => format!(
            "progressive runs up to {} shuffles ({} looks)",
            max,
            shuffle_audit::modes::progressive::look_sizes(max).len()
        ),
        None => format!("{} shuffles", config.shuffles),
    };
    let mut s = format!(
        "calibrate: {}, {replicates} replicates x {size}, seed {} ({} threads, {:.1} s)\n\n",
        b.title(config.deck),
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
            short_p(st.ks_ln_p),
            st.ad_a2,
            short_p(st.ad_ln_p),
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
             expected). upper, lower: each tail of a two-sided statistic; Sidak: the max-over-lines tests' minimum \
             p, transformed; mid-p: parity, a discrete statistic.\n"
        ));
    } else {
        s.push_str(&format!(
            "NOT UNIFORM (KS or AD p < {NOT_UNIFORM_BELOW}): {}. Either the shuffle is biased or these nulls are \
             miscalibrated for this configuration.\n",
            bad.join(", ")
        ));
    }
    s.push_str(&render_family(outcome));
    s
}

/// The family rule's table: at each α, the replicates whose family p fell below it, and the rate's interval.
fn render_family(outcome: &CalibrationOutcome) -> String {
    let m = outcome.replicates.first().map_or(0, |r| r.family_size);
    let what = match outcome.progressive {
        Some(max) => format!(
            "each replicate's progressive family p (the smallest look's Holm-adjusted p over its tests, times the \
             {} looks)",
            shuffle_audit::modes::progressive::look_sizes(max).len()
        ),
        None => format!("each replicate's family p (Holm-adjusted over its {m} tests, two-sided tests doubled)"),
    };
    let mut s = format!(
        "\nThe verdict's family rule: how often {what} is below alpha; rate with its exact {:.0}% interval \
         (Clopper-Pearson):\n",
        FAMILY_COVERAGE * 100.0
    );
    s.push_str(&format!(
        "  {:>6} {:>10} {:>6} {:>8} {:>19}  {}\n",
        "alpha", "replicates", "fired", "rate", "99% interval", "verdict"
    ));
    for f in &outcome.family {
        s.push_str(&format!(
            "  {:>6} {:>10} {:>6} {:>8.4} {:>19}  {}\n",
            f.alpha,
            f.replicates,
            f.fired,
            f.rate,
            format!("[{:.4}, {:.4}]", f.ci_low, f.ci_high),
            f.verdict
        ));
    }
    if outcome.family.iter().any(|f| f.verdict == FamilyVerdict::TooMany) {
        s.push_str("The family rule fires more often than its level: its false-alarm rates are not true here.\n");
    } else {
        s.push_str(
            "The family rule fires at most at its level (calibrated: alpha inside the interval; conservative: the \
             interval below alpha) at these levels.\n",
        );
    }
    s
}

/// A p-value from its logarithm, short: `0.4831`, `2.10e-5`, or `10^-412.3` below f64's range (never 0).
fn short_p(ln_p: f64) -> String {
    let p = ln_p.exp();
    if p >= 1e-3 {
        format!("{p:.4}")
    } else if p >= 1e-300 {
        format!("{p:.2e}")
    } else {
        shuffle_audit::stats::format_ln_p(ln_p)
    }
}
