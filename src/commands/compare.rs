//! `shuffle-audit compare`: run the catalogue of findings, print one table, write every run's files and a
//! combined summary; exit 1 if any finding fails to reproduce.

use std::process::ExitCode;

use crate::cli::CompareArgs;
use shuffle_audit::audit::RunConfig;
use shuffle_audit::audit::Verdict;
use shuffle_audit::audit::{Builtin, DeckSource};
use shuffle_audit::cards::Lang;
use shuffle_audit::modes::catalogue::{Finding, findings};
use shuffle_audit::report::{RunReport, compare_files, markdown, write_all};
use shuffle_audit::report::{group_digits, headline};
use shuffle_audit::stats::exact::detect::{DetectionCheck, check_detection, detectability};
use shuffle_audit::stats::format_ln_p;

pub fn run(args: CompareArgs) -> anyhow::Result<ExitCode> {
    let thresholds = args.thresholds.thresholds()?;
    let output = shuffle_audit::report::Output::new(args.output.lang, args.output.no_timings);
    let catalogue = findings();
    let machines = shuffle_audit::streams::machine_findings();
    let out = super::prepare_out(&args.out)?;
    let mut done: Vec<(RunReport, Verdict)> = Vec::new();
    eprintln!(
        "Running {} configurations (seed {}); each row is one `run`.",
        catalogue.len() + machines.len(),
        args.seed
    );
    // The algorithm column fits the longest label (deals add `--game …`).
    let width = catalogue.iter().map(|f| config_for(f, &args).label().chars().count()).max().unwrap_or(0).max(24);
    let mut stdout = super::Console::stdout();
    writeln!(stdout, "{}", header(width));
    let mut failed: Vec<String> = Vec::new();
    for f in &catalogue {
        let config = config_for(f, &args);
        let report = shuffle_audit::audit::execute(config, thresholds, crate::progress::BAR)?;
        out.write(|dir| shuffle_audit::report::write_run_files(&dir.join(report.dir_name()), &report, output))?;
        let checks = f.failed_checks(&report.assessment.tests);
        let exact = exact_check(&report);
        writeln!(
            stdout,
            "{}{}",
            table_row(&report, f, &checks, width),
            exact.as_ref().map_or(String::new(), |c| format!("  exact: {}", c.text()))
        );
        if let Some(DetectionCheck::Disagrees(why)) = &exact {
            failed.push(format!("{}: exact prediction: {why}", report.algorithm_label()));
        }
        if report.verdict != f.expected {
            failed.push(format!("{} ({} expected {})", report.algorithm_label(), report.verdict, f.expected));
        }
        if !checks.is_empty() {
            failed.push(format!("{}: {}", report.algorithm_label(), checks.join(", ")));
        }
        done.push((report, f.expected));
    }
    let mut machines_reproduced = 0;
    for m in &machines {
        let report = m.run(args.seed, &thresholds);
        let reproduced = m.reproduced(&report);
        machines_reproduced += usize::from(reproduced);
        if !reproduced {
            failed.push(format!("{} ({} expected {})", m.label, report.verdict, m.expected));
        }
        writeln!(stdout, "{}", machine_row(m, &report, reproduced, width));
    }
    writeln!(stdout, "{}", exact_only_row(width));
    predictability(&args, &mut stdout, &mut failed);
    log_audits(&args, &thresholds, &mut stdout, &mut failed);
    out.write(|dir| write_all(dir, &compare_files(&done, output)))?;
    let dir = out.commit()?;
    let total: f64 = done.iter().map(|(r, _)| r.seconds).sum();
    let reproduced = done
        .iter()
        .zip(&catalogue)
        .filter(|((r, e), f)| r.verdict == *e && f.failed_checks(&r.assessment.tests).is_empty())
        .count();
    writeln!(
        stdout,
        "\n{} of {} findings reproduced in {total:.1} s; reports in {}/",
        reproduced + machines_reproduced,
        done.len() + machines.len(),
        dir.display()
    );
    if !failed.is_empty() {
        writeln!(stdout, "NOT REPRODUCED: {}", failed.join("; "));
    }
    stdout.finish()?;
    Ok(if failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The run's verdict beside its exact model's prediction, for rows with an exact model (not a broken run).
fn exact_check(r: &RunReport) -> Option<DetectionCheck> {
    if r.fault.is_some() {
        return None;
    }
    let exact = shuffle_audit::exact::exact_model(&r.config).ok()?;
    // Small decks: the law over orders adds adjacency, fixed points and the full permutation (suit order only).
    let law = (r.config.deck <= shuffle_audit::stats::exact::order_law::MAX_DECK && r.config.deal.is_none())
        .then(|| shuffle_audit::exact::exact_request(&r.config.source, r.config.deck).ok())
        .flatten()
        .and_then(|req| shuffle_audit::stats::exact::order_law::order_law(&req).ok());
    let d = detectability(&exact, law.as_deref(), r.thresholds.fail);
    let failed = r.verdict == Verdict::Fail;
    Some(check_detection(&d, r.shuffles_done, failed, r.assessment.decisive_test))
}

/// The row no sampled run can give: Fisher–Yates with glibc's 31-bit rand(), biased but beyond sampling.
fn exact_only_row(width: usize) -> String {
    use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};
    use shuffle_audit::stats::exact::model::{ExactRequest, exact_marginals};
    let req = ExactRequest::new(Algorithm::new(AlgorithmKind::FisherYates), Some(31), 52);
    let m = exact_marginals(&req).expect("Fisher-Yates has an exact law");
    let d = detectability(&m, None, shuffle_audit::audit::Thresholds::default().fail);
    let position = d.families[0];
    let [(_, hi), _] = m.ratio_extremes();
    let ratio = format!("{:.9}", 1.0 + hi.to_f64());
    let first = format!("{:.1e}", d.first().map_or(f64::INFINITY, |f| f.shuffles_50));
    let by = d.first().map_or("-".to_string(), |f| f.test.to_string());
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>14} {:>9}  biased, undetectable by sampling: needs about {:.1e} \
         shuffles (position-card, 50%; {first} by {by}); largest cell 1/52 × (1 + {})",
        "fisher-yates",
        "glibc",
        52,
        "exact",
        "-",
        "-",
        ratio,
        position.shuffles_50,
        hi.to_sci(4)
    )
}

fn config_for(f: &Finding, args: &CompareArgs) -> RunConfig {
    let source = DeckSource::Builtin(Builtin {
        algorithm: f.algorithm,
        rng: f.rng,
        seed: args.seed,
        post: f.post,
        seeding: f.seeding,
    });
    RunConfig {
        threads: args.threads,
        deal: f.deal,
        copies: f.copies,
        ..RunConfig::of(source, f.deck * f.copies, (f.shuffles / args.scale_down).max(1))
    }
}

fn header(width: usize) -> String {
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>16} {:>9}  {}",
        "algorithm", "rng", "deck", "shuffles", "verdict", "pos-card p (2s)", "worst o/e", "why"
    )
}

/// The deck column: `52`, or a shoe's `6x52`.
fn deck_cell(c: &RunConfig) -> String {
    if c.copies > 1 { format!("{}x{}", c.copies, c.deck / c.copies) } else { c.deck.to_string() }
}

fn table_row(r: &RunReport, f: &Finding, failed_checks: &[String], width: usize) -> String {
    let expected = f.expected;
    let mut mark = if r.verdict == expected { String::new() } else { format!(" (expected {expected}!)") };
    if !f.checks.is_empty() {
        // The tests this row is about, with the verdicts they reached.
        let seen: Vec<String> = f
            .checks
            .iter()
            .map(|(name, _)| {
                let v = r
                    .assessment
                    .tests
                    .iter()
                    .find(|t| t.result.test == *name)
                    .map_or("-".into(), |t| t.verdict.to_string());
                format!("{name} {v}")
            })
            .collect();
        mark.push_str(&format!(" [{}]", seen.join(", ")));
    }
    if !failed_checks.is_empty() {
        mark.push_str(&format!(" (NOT REPRODUCED: {})", failed_checks.join(", ")));
    }
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>16} {:>9}  {}{mark}",
        r.algorithm_label(),
        r.rng_label(),
        deck_cell(&r.config),
        r.shuffles_done,
        r.verdict.as_str(),
        r.global_ln_p().filter(|_| r.fault.is_none()).map_or("-".into(), format_ln_p),
        markdown::fmt_ratio(if r.fault.is_none() { r.worst_ratio() } else { f64::NAN }),
        headline(Lang::En, r)
    )
}

/// A machine's row in the table's columns: no position-by-card p (a stream has no positions), the decisive
/// test's finding as the why.
fn machine_row(
    m: &shuffle_audit::streams::MachineFinding,
    r: &shuffle_audit::streams::StreamReport,
    reproduced: bool,
    width: usize,
) -> String {
    let why = match (r.verdict, r.decisive()) {
        (Verdict::Pass, _) | (_, None) => "no bias found".to_string(),
        (_, Some(t)) => {
            format!("{}: {}", t.test.id, shuffle_audit::report::streams::finding(r, t, Lang::En))
        }
    };
    let mark = if reproduced { String::new() } else { format!(" (expected {}!)", m.expected) };
    format!(
        "{:<width$} {:<8} {:>4} {:>10}  {:<10} {:>16} {:>9}  {why}{mark}",
        m.label,
        "chacha8",
        format!("{}x{}", m.spec.copies, m.spec.faces),
        m.rounds,
        r.verdict.as_str(),
        "-",
        "-",
    )
}

/// The predictability section: clock-seeded dealers cracked from one seat's hand, and the control that cannot be
/// searched, each checked against its expected outcome.
fn predictability(args: &CompareArgs, stdout: &mut super::Console, failed: &mut Vec<String>) {
    use shuffle_audit::crack::{self, Expect, SearchOptions};
    let bar = shuffle_audit::audit::Meter::hidden();
    let options = SearchOptions { threads: args.threads, ..SearchOptions::quiet(&crate::signals::STOP, &bar) };
    writeln!(stdout, "\npredictability: one seat's hand, then the seed, then every other hand");
    writeln!(stdout, "{:<42} {:<22} {:>10} {:>8}  outcome", "dealer", "seed space", "seconds", "found");
    for f in crack::findings(args.seed) {
        let o = crack::run_finding(&f, &options);
        let outcome = match (&o.refused, f.expected) {
            (Some(why), _) => format!("not searchable: {why}"),
            (None, _) if o.reproduces(Expect::Cracked) => {
                format!("cracked: the true seed only, every hand predicted ({} seeds)", group_digits(o.seeds_covered))
            }
            (None, _) => format!(
                "{} candidates, true seed {}",
                o.candidates,
                if o.true_seed_found { "among them" } else { "missed" }
            ),
        };
        let expected = match f.expected {
            Expect::Cracked => "cracked",
            Expect::Refused => "not searchable",
        };
        let mark =
            if o.reproduces(f.expected) { String::new() } else { format!(" (NOT REPRODUCED: expected {expected})") };
        if !mark.is_empty() {
            failed.push(format!("{}: expected {expected}", f.label));
        }
        let seconds = if o.refused.is_some() { "-".to_string() } else { format!("{:.1}", o.seconds) };
        let found = if o.refused.is_some() { "-".to_string() } else { o.candidates.to_string() };
        // CJK characters take two columns.
        let wide = f.label.chars().filter(|c| ('\u{2E80}'..='\u{9FFF}').contains(c)).count();
        let label = format!("{}{}", f.label, " ".repeat(42usize.saturating_sub(f.label.chars().count() + wide)));
        writeln!(stdout, "{label} {:<22} {seconds:>10} {found:>8}  {outcome}{mark}", f.space_label);
    }
    // Node's Math.random is keyed from the operating system: no seed to search, but its state is recovered from
    // the deals it showed (two 52-card Fisher-Yates deals of `node --random_seed`, compare's --seed taken into
    // 1..2^32), and the third deal is predicted.
    let (seconds, outcome) = v8_recovery(args.seed);
    let expected_ok = outcome.starts_with("recovered");
    if !expected_ok {
        failed.push("node: Math.random Fisher-Yates: expected recovered".into());
    }
    let mark = if expected_ok { "" } else { " (NOT REPRODUCED: expected recovered)" };
    writeln!(
        stdout,
        "{:<42} {:<22} {seconds:>10.1} {:>8}  {outcome}{mark}",
        "node: Math.random Fisher-Yates loop",
        "OS key: 2 deals shown",
        if expected_ok { "1" } else { "-" }
    );
}

/// Dealers seen only through one seat's log: seat 1's 17 cards of 2,000 斗地主 deals, audited as `logs` audits a
/// player's log (no dealing rule: the hands as sets).
fn log_audits(
    args: &CompareArgs,
    thresholds: &shuffle_audit::audit::Thresholds,
    stdout: &mut super::Console,
    failed: &mut Vec<String>,
) {
    use shuffle_audit::logs::catalogue::{log_findings, run_log_finding};
    writeln!(stdout, "\nlogs: a player's log of seat 1's 17 cards, audited as `logs` audits it");
    writeln!(stdout, "{:<42} {:>8}  {:<8} decisive test", "dealer", "deals", "verdict");
    for f in log_findings() {
        let report = run_log_finding(&f, args.seed, thresholds);
        let decisive = report.decisive().map_or("-".to_string(), |t| {
            format!("{} of {}, adjusted p {}", t.test.name, t.view.label(), format_ln_p(t.ln_p_adjusted))
        });
        let mark = if report.verdict == f.expected {
            String::new()
        } else {
            failed.push(format!("logs: {}: {} (expected {})", f.label, report.verdict, f.expected));
            format!(" (NOT REPRODUCED: expected {})", f.expected)
        };
        let wide = f.label.chars().filter(|c| ('\u{2E80}'..='\u{9FFF}').contains(c)).count();
        let label = format!("{}{}", f.label, " ".repeat(42usize.saturating_sub(f.label.chars().count() + wide)));
        writeln!(
            stdout,
            "{label} {:>8}  {:<8} {decisive}{mark}",
            group_digits(report.deals),
            report.verdict.to_string()
        );
    }
}

/// Two deals of `node --random_seed` shown, the state recovered over GF(2), the third deal predicted.
fn v8_recovery(seed: u64) -> (f64, String) {
    use shuffle_audit::cards::Card;
    use shuffle_audit::crack::{ShownDeals, V8Outcome, recover_v8};
    use shuffle_audit::rng::{SeededRng, V8MathRandom};
    use shuffle_audit::shuffle::{FisherYates, Scratch, Shuffle};
    let node_seed = 1 + seed % u64::from(u32::MAX);
    let mut rng = V8MathRandom::from_seed_u64(node_seed);
    let mut scratch = Scratch::new(52);
    let decks: Vec<Vec<Card>> = (0..3)
        .map(|_| {
            let mut deck: Vec<Card> = (0..52).collect();
            FisherYates.shuffle(&mut deck, &mut rng, &mut scratch).expect("Fisher-Yates always finishes");
            deck
        })
        .collect();
    let shown = ShownDeals { decks: decks[..2].to_vec(), lines: vec![1, 2], deck: 52 };
    let start = std::time::Instant::now();
    let outcome = recover_v8(&shown);
    let seconds = start.elapsed().as_secs_f64();
    let text = match outcome {
        V8Outcome::Recovered(r) if r.next_deck == decks[2] => {
            format!("recovered from {} shown cards: the next deal predicted", r.draws_used)
        }
        V8Outcome::Recovered(_) => "recovered, but the next deal differs".into(),
        V8Outcome::Undetermined { .. } => "not determined by two deals".into(),
        V8Outcome::Inconsistent { .. } => "inconsistent".into(),
    };
    (seconds, text)
}
