//! The summary of a run printed on the console: the source line, what external input held, the test table and the
//! verdict line (in the report's language).

use super::RunReport;
use super::i18n;
use crate::cards::Lang;
use crate::stats::format_ln_p;

/// The readable summary printed on stdout; the verdict line follows `lang`. Names, commands and a producer's
/// stderr come from outside: their control characters are shown as escapes ([`super::escape::terminal`]).
pub fn render_console(r: &RunReport, lang: Lang) -> String {
    super::escape::terminal(&layout(r, lang))
}

fn layout(r: &RunReport, lang: Lang) -> String {
    let c = &r.config;
    let mut s = if let Some(i) = &r.input {
        format!(
            "{}, {}, {} decks ({}{}; {:.2} s, {} decks/s)\n{}\n",
            r.algorithm_label(),
            deck_label(r),
            r.shuffles_done,
            i.format,
            if i.deck_inferred { ", deck size from the first deck" } else { "" },
            r.seconds,
            if r.shuffles_per_second >= 1e6 {
                format!("{:.2} M", r.shuffles_per_second / 1e6)
            } else {
                format!("{:.0}", r.shuffles_per_second)
            },
            c.deal.as_ref().map_or(String::new(), |d| format!("deal: {}\n", d.describe()))
        )
    } else {
        format!(
            "{} / {}, {}, {} shuffles, seed {} ({} threads, {:.2} s, {:.1} M shuffles/s)\n{}\n",
            r.algorithm_label(),
            r.rng_label(),
            deck_label(r),
            r.shuffles_done,
            r.seed_label(),
            r.threads,
            r.seconds,
            r.shuffles_per_second / 1e6,
            c.deal.as_ref().map_or(String::new(), |d| format!("deal: {}\n", d.describe()))
        )
    };
    if let Some(i) = &r.input {
        s.push_str(&format!(
            "  input: {} lines, {} decks: {} valid, {} invalid\n",
            i.lines, i.decks, i.valid_decks, i.invalid_decks
        ));
        for d in &i.first_invalid {
            s.push_str(&format!("  invalid {d}\n"));
        }
        if i.invalid_decks > i.first_invalid.len() as u64 {
            s.push_str(&format!("  … and {} more invalid decks\n", i.invalid_decks - i.first_invalid.len() as u64));
        }
        if let Some(p) = &i.producer {
            s.push_str(&format!("  producer: `{}` {}", p.command, p.ending()));
            s.push_str(if p.stopped_by_audit { " (stopped by the audit)\n" } else { "\n" });
            if let Some(l) = p.lingered {
                s.push_str(&format!("  producer warning: {}\n", l.describe()));
            }
            for line in &p.stderr_tail {
                s.push_str(&format!("  producer stderr: {line}\n"));
            }
        }
        if let Some(why) = i18n::partial_reason(Lang::En, i) {
            s.push_str(&format!("  PARTIAL: {why}; reports hold the decks read until then\n"));
        }
        s.push('\n');
    }
    if let Some(why) = i18n::incomplete(lang, r) {
        s.push_str(&match lang {
            Lang::En => format!("  PARTIAL: {why}; reports hold the shuffles counted\n\n"),
            Lang::Zh => format!("  PARTIAL（不完整）：{why}；报告只含已完成的洗牌\n\n"),
        });
    }
    if r.fault.is_none() {
        s.push_str(&format!(
            "  {:<18} {:>12} {:>8} {:<16} {:>10} {:>15}  {}\n",
            "test", "statistic", "df", "sides", "test p", "Holm-adjusted p", "verdict"
        ));
        for t in &r.assessment.tests {
            s.push_str(&format!(
                "  {:<18} {:>12} {:>8} {:<16} {:>10} {:>15}  {}{}\n",
                t.result.test,
                statistic_text(&t.result),
                t.result.df,
                i18n::sides(Lang::En, t),
                format_ln_p(t.ln_p_test),
                format_ln_p(t.ln_p_adjusted),
                t.verdict,
                if t.too_uniform { " (too uniform)" } else { "" }
            ));
        }
        // Decks written by face (a built-in shoe counted by face chose the tests of faces: nothing was left out).
        if !r.cards.ids_known && r.input.is_some() {
            s.push_str(&format!(
                "  not applicable: cards repeat (the shoe was written by face, so the tests of distinct cards do not \
                 apply; ids 0..{} with --format ids apply them)\n",
                r.cards.n - 1
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!("{}: {}\n", i18n::run_verdict_word(lang, r), i18n::reason(lang, r)));
    if let Some(rules_out) = i18n::rules_out(lang, r) {
        s.push_str(&rules_out);
        s.push('\n');
    }
    if let Some(like) = i18n::looks_like(lang, r) {
        s.push_str(&format!("{like}\n"));
    }
    s
}

/// `52 cards`, or for a shoe `6 × 52 cards (312)`.
pub(crate) fn deck_label(r: &RunReport) -> String {
    let cards = r.cards;
    if cards.copies > 1 {
        format!("{} × {} cards ({})", cards.copies, cards.base(), cards.n)
    } else {
        format!("{} cards", cards.n)
    }
}

/// A test's statistic as the tables show it (its decimals and sign: [`crate::stats::TestId::statistic_format`]).
pub(crate) fn statistic_text(t: &crate::stats::TestResult) -> String {
    match t.test.statistic_format() {
        (decimals, true) => format!("{:+.*}", decimals, t.statistic),
        (decimals, false) => format!("{:.*}", decimals, t.statistic),
    }
}
