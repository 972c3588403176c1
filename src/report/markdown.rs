//! `summary.md`: the run (or the comparison) as a Markdown page that GitHub renders.

use std::fmt::Write;

use super::RunReport;
use crate::stats::format_ln_p;
use crate::verdict::Verdict;

/// One run: parameters, a table of tests, and what they say.
pub fn render_run(r: &RunReport) -> Vec<u8> {
    let c = &r.config;
    let mut s = String::new();
    let _ = writeln!(s, "# {} / {}, {} cards: {}\n", r.algorithm_label(), c.rng, c.deck, r.verdict);
    let _ = writeln!(s, "{}\n", r.reason);
    let _ = writeln!(
        s,
        "- shuffles: {} (seed {}, chunks seeded by SplitMix64)\n- source: {} — `{}`\n",
        r.shuffles_done,
        c.seed,
        c.algorithm.kind.info().source,
        c.algorithm.kind.info().pseudocode
    );
    if let Some(f) = &r.fault {
        let _ = writeln!(s, "**BROKEN** ({}): {}\n", f.kind, f.description);
        return s.into_bytes();
    }
    let _ = writeln!(s, "| test | statistic | df | p | Holm-adjusted p | verdict | what it says |");
    let _ = writeln!(s, "|---|---:|---:|---:|---:|---|---|");
    for t in &r.assessment.tests {
        let _ = writeln!(
            s,
            "| {} | {:.1} | {} | {} | {} | {}{} | {} |",
            t.result.test,
            t.result.statistic,
            t.result.df,
            format_ln_p(t.result.ln_p),
            format_ln_p(t.ln_p_adjusted),
            t.verdict,
            if t.too_uniform { " (too uniform)" } else { "" },
            escape(&t.result.explanation)
        );
    }
    let _ = writeln!(
        s,
        "\nFamily-wise p (Holm over {} tests): {}. FAIL below {:e}, SUSPICIOUS below {:e}, in either tail.",
        r.assessment.tests.len(),
        format_ln_p(r.assessment.ln_p_family.min(r.assessment.ln_p_family_low)),
        r.thresholds.fail,
        r.thresholds.suspicious
    );
    if r.counts.shuffles() > 0 {
        let _ = writeln!(
            s,
            "\n![Position by card, observed/expected](position-card.svg)\n\nThe full page: [report.html](report.html)."
        );
    }
    s.into_bytes()
}

/// A comparison: one row per run, with the expected verdict beside the observed one.
pub fn render_compare(rows: &[(&RunReport, Verdict)]) -> Vec<u8> {
    let mut s = String::new();
    let _ = writeln!(s, "# shuffle-audit compare\n");
    let _ = writeln!(s, "| algorithm | rng | deck | shuffles | verdict | expected | global p | worst obs/exp | why |");
    let _ = writeln!(s, "|---|---|---:|---:|---|---|---:|---:|---|");
    for (r, expected) in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {}{} | {} | {} | {} |",
            r.algorithm_label(),
            r.config.rng,
            r.config.deck,
            r.shuffles_done,
            r.verdict,
            expected,
            if r.verdict == *expected { "" } else { " (NOT REPRODUCED)" },
            r.global_ln_p().filter(|_| r.fault.is_none()).map_or("-".into(), format_ln_p),
            fmt_ratio(if r.fault.is_none() { r.worst_ratio() } else { f64::NAN }),
            escape(&r.reason)
        );
    }
    if rows.iter().any(|(r, _)| r.fault.is_none() && r.counts.shuffles() > 0) {
        let _ = writeln!(
            s,
            "\n![Position-by-card heatmaps on one scale](heatmaps.svg)\n\nThe full page: [report.html](report.html)."
        );
    }
    s.into_bytes()
}

pub fn fmt_ratio(x: f64) -> String {
    if x.is_nan() { "-".into() } else { format!("{x:.4}") }
}

fn escape(s: &str) -> String {
    s.replace('|', "\\|")
}
