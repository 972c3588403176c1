//! `summary.md`: the run (or the comparison) as a Markdown page that GitHub renders.

use std::fmt::Write;

use super::RunReport;
use super::escape::markdown as escape;
use super::i18n::{self, Lang, LangWords};
use crate::audit::verdict::Verdict;
use crate::stats::format_ln_p;

/// One run: parameters, a table of tests, and what they say.
pub fn render_run(r: &RunReport) -> Vec<u8> {
    let c = &r.config;
    let mut s = String::new();
    let partial = if r.is_partial() { " (partial)" } else { "" };
    let _ = writeln!(
        s,
        "# {} / {}, {} cards: {}{partial}\n",
        escape(&r.algorithm_label()),
        escape(&r.rng_label()),
        c.deck,
        i18n::run_verdict_word(Lang::En, r)
    );
    let _ = writeln!(s, "{}\n", escape(&i18n::reason(Lang::En, r)));
    if let Some(rules_out) = i18n::rules_out(Lang::En, r) {
        let _ = writeln!(s, "{}\n", escape(&rules_out));
    }
    if let Some(like) = i18n::looks_like(Lang::En, r) {
        let _ = writeln!(s, "{}\n", escape(&like));
    }
    if let Some(input) = &r.input {
        render_input(&mut s, input);
    } else if let Some(b) = c.builtin() {
        let _ = writeln!(
            s,
            "- shuffles: {} (seed {}, chunks seeded by SplitMix64)\n- source: {} — `{}`\n",
            r.shuffles_done,
            b.seed,
            b.algorithm.kind.info().source,
            b.algorithm.kind.info().pseudocode
        );
        if let Some(space) = b.seeding.space(b.rng) {
            let _ = writeln!(
                s,
                "- seeding: per-deal, every deck from a generator seeded anew with one of {space} seeds (drawn from \
                 the chunks' streams)\n"
            );
        }
    }
    if let Some(deal) = &c.deal {
        let _ = writeln!(s, "Deal: {} (`{}`).\n", deal.describe(), deal.label());
    }
    if let Some(f) = &r.fault {
        let _ = writeln!(s, "**BROKEN** ({}): {}\n", f.kind, escape(&f.description));
        return s.into_bytes();
    }
    let _ = writeln!(s, "| test | statistic | df | sides | test p | Holm-adjusted p | verdict | what it says |");
    let _ = writeln!(s, "|---|---:|---:|---|---:|---:|---|---|");
    for t in &r.assessment.tests {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {}{} | {} |",
            t.result.test,
            crate::report::console::statistic_text(&t.result),
            t.result.df,
            i18n::sides(Lang::En, t),
            format_ln_p(t.ln_p_test),
            format_ln_p(t.ln_p_adjusted),
            t.verdict,
            if t.too_uniform { " (too uniform)" } else { "" },
            escape(&i18n::explanation_in(Lang::En, r.cards, &t.result))
        );
    }
    let _ = writeln!(
        s,
        "\nFamily-wise p (Holm-adjusted over {} tests, each two-sided test's smaller tail doubled): {}. FAIL below \
         {:e}, SUSPICIOUS below {:e}.",
        r.assessment.tests.len(),
        format_ln_p(r.assessment.ln_p_family),
        r.thresholds.fail,
        r.thresholds.suspicious
    );
    if r.assessment.tests.iter().any(|t| t.result.test == crate::stats::TestId::DuplicateDecks) {
        let w = Lang::En.words();
        let _ = writeln!(s, "\n**{}.** {}", w.h_predictability, w.predictability.join(" "));
    }
    if r.counts.shuffles() > 0 {
        let _ = writeln!(
            s,
            "\n![Position by card, observed/expected](position-card.svg)\n\nThe full page: [report.html](report.html)."
        );
    }
    s.into_bytes()
}

/// What an external run read: counts, the invalid decks listed, the producer's status, and why it is partial.
fn render_input(s: &mut String, i: &crate::audit::input::InputSummary) {
    let _ = writeln!(
        s,
        "- decks: {} valid, {} invalid, from {} ({} lines, format {}{})",
        i.valid_decks,
        i.invalid_decks,
        escape(&i.source.describe()),
        i.lines,
        i.format,
        if i.deck_inferred { ", deck size inferred from the first deck" } else { "" }
    );
    if let Some(p) = &i.producer {
        let _ = writeln!(s, "- producer: {}", escape(&p.describe()));
        for line in &p.stderr_tail {
            let _ = writeln!(s, "  - stderr: {}", escape(line));
        }
    }
    if let Some(why) = i18n::partial_reason(Lang::En, i) {
        let _ = writeln!(s, "- **partial**: {}; the counts are those of the decks read until then", escape(&why));
    }
    for d in &i.first_invalid {
        let _ = writeln!(s, "- invalid: {}", escape(&d.to_string()));
    }
    s.push('\n');
}

/// A comparison: one row per run, with the expected verdict beside the observed one.
pub fn render_compare(rows: &[(&RunReport, Verdict)]) -> Vec<u8> {
    let mut s = String::new();
    let _ = writeln!(s, "# shuffle-audit compare\n");
    let _ = writeln!(
        s,
        "| algorithm | rng | deck | shuffles | verdict | expected | position-card p (two-sided) | worst obs/exp | why |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---|---|---:|---:|---|");
    for (r, expected) in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {}{} | {} | {} | {} |",
            escape(&r.algorithm_label()),
            escape(&r.rng_label()),
            r.config.deck,
            r.shuffles_done,
            r.verdict,
            expected,
            if r.verdict == *expected { "" } else { " (NOT REPRODUCED)" },
            r.global_ln_p().filter(|_| r.fault.is_none()).map_or("-".into(), format_ln_p),
            fmt_ratio(if r.fault.is_none() { r.worst_ratio() } else { f64::NAN }),
            escape(&i18n::reason(Lang::En, r))
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
