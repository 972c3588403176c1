//! The words of the reports in English and Chinese (`--lang en|zh`), kept in one place.
//!
//! Most of the material these shuffles come from is Chinese course and blog writing, and its students are a
//! key audience, so headings, verdict explanations and card names (黑桃A, 小王) follow `--lang`. The CSV and
//! JSON files stay English: they are contracts read by programs. Sentences about a run are built here from its
//! numbers, never inside the statistics: every test returns its [`crate::stats::Finding`], and its headline
//! (for tables) and explanation are rendered from it, as is the run's reason and headline from its [`Reason`]
//! and the decisive test's finding.
//!
//! Each sentence is decided once and said in every language, as in Fluent: `messages` turns a finding or a run
//! into a [`Message`] (a key and its arguments), `en` and `zh` hold one template per key with `{name}` holes
//! (each test's own templates in its file of `sentences`), and [`render`] fills them (`template`, which the
//! teaching page shares). The rest are the fixed words (`words`), the numbers (`numbers`) and the English detail
//! of the files (`detail`).
//!
//! [`Reason`]: crate::audit::Reason

use crate::audit::input::InputSummary;
use crate::audit::verdict::{AssessedTest, Verdict};
use crate::modes::gate::CheckOutcome;
use crate::report::RunReport;
use crate::stats::TestResult;
use crate::stats::power::detection::Detection;

pub(crate) use crate::cards::Lang;

mod detail;
mod en;
pub(crate) mod messages;
mod numbers;
pub(crate) mod sentences;
pub(crate) mod template;
mod words;
mod zh;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use detail::detail;
pub(crate) use detail::detail_in;
pub use numbers::group_digits;
pub(crate) use template::{Catalogue, Message};
pub use words::LangWords;
pub(crate) use words::{algorithm_summary, sources, verdict_meaning};

/// The reason of a run that counted no deck, in every English report.
pub(crate) const NO_DECK_EN: &str = "no test applied: no deck was counted";

/// The reports' templates in a language.
pub(crate) fn catalogue(lang: Lang) -> &'static Catalogue {
    match lang {
        Lang::En => &en::TEMPLATES,
        Lang::Zh => &zh::TEMPLATES,
    }
}

/// A message of the reports in a language.
pub(crate) fn render(lang: Lang, m: &Message) -> String {
    template::render_in(lang, catalogue(lang), m)
}

/// The verdict word, with a Chinese gloss in Chinese: `FAIL` or `FAIL（失败）`.
pub fn verdict_word(lang: Lang, v: Verdict) -> String {
    render(lang, &messages::verdict(v))
}

/// The word a run's verdict line starts with: its verdict, or, when no deck was counted (a run stopped before its
/// first deck, an input without one), `NO VERDICT`: a run that tested nothing did not pass.
pub(crate) fn run_verdict_word(lang: Lang, r: &RunReport) -> String {
    match r.reason {
        crate::audit::Reason::NoDeck => render(lang, &messages::no_verdict()),
        _ => verdict_word(lang, r.verdict),
    }
}

/// The name of card `card` of an `n`-card deck in a run of `cards`: in a shoe, its face and deck (`♦6 (deck
/// 2)`, `方块6（第2副）`).
pub(crate) fn card_in(lang: Lang, cards: crate::stats::Cards, card: usize, n: usize) -> String {
    template::card_text(lang, catalogue(lang), cards, card, n)
}

/// A test's finding as a short phrase for tables.
#[cfg(test)]
pub(crate) fn test_headline(lang: Lang, t: &TestResult) -> String {
    render(lang, &messages::test_headline(t))
}

/// A test's finding in one sentence.
pub fn explanation(lang: Lang, t: &TestResult) -> String {
    render(lang, &messages::explanation(t))
}

/// [`test_headline`] for a test of a run of `cards` (a report's `cards`), whose cards it names as the run's: a
/// shoe's ids by face and deck.
pub(crate) fn test_headline_in(lang: Lang, cards: crate::stats::Cards, t: &TestResult) -> String {
    render(lang, &messages::test_headline(t).in_deck(cards))
}

/// [`explanation`] for a test of a run of `cards` (a report's `cards`), whose cards it names as the run's: a
/// shoe's ids by face and deck (`♦6 (deck 2)`).
pub fn explanation_in(lang: Lang, cards: crate::stats::Cards, t: &TestResult) -> String {
    render(lang, &messages::explanation(t).in_deck(cards))
}

/// Why the run got its verdict, in one sentence; an external run that did not see all its input says so first
/// (`PARTIAL (why): …`).
pub(crate) fn reason(lang: Lang, r: &RunReport) -> String {
    render(lang, &messages::reason(r))
}

/// The run's finding as a short phrase for tables: the decisive test's headline, and with a deal the next
/// table-level test's.
pub fn headline(lang: Lang, r: &RunReport) -> String {
    render(lang, &messages::headline(r))
}

/// What a PASS or SUSPICIOUS rules out, in words ([`messages::rules_out`]).
pub(crate) fn rules_out(lang: Lang, r: &RunReport) -> Option<String> {
    messages::rules_out(r).map(|m| render(lang, &m))
}

/// The catalogue loop a failed run's counts look like, with its distance, when one fits.
pub(crate) fn looks_like(lang: Lang, r: &RunReport) -> Option<String> {
    messages::looks_like(r).map(|m| render(lang, &m))
}

/// What a built-in run did not count, in words: `interrupted by SIGINT after 3,276,800 of 10,000,000
/// shuffles`, a shard's share, or the shuffles merged states miss.
pub(crate) fn incomplete(lang: Lang, r: &RunReport) -> Option<String> {
    messages::incomplete(r).map(|m| render(lang, &m))
}

/// Why an external run did not see its whole input, in words (`stopped by SIGINT after 1200 decks`), when it
/// did not.
pub fn partial_reason(lang: Lang, input: &InputSummary) -> Option<String> {
    input.partial_reason.as_ref().map(|p| render(lang, &messages::partial(p, input)))
}

/// A gate check's reason: its run's, or why it could not run.
pub fn check_reason(c: &CheckOutcome) -> String {
    match (&c.report, &c.error) {
        (Some(r), _) => reason(Lang::En, r),
        (None, Some(e)) => render(Lang::En, &messages::check_failed(e).0),
        (None, None) => String::new(),
    }
}

/// A gate check's headline: its run's, or that it had no decks.
pub(crate) fn check_headline(c: &CheckOutcome) -> String {
    match (&c.report, &c.error) {
        (Some(r), _) => headline(Lang::En, r),
        (None, Some(e)) => render(Lang::En, &messages::check_failed(e).1),
        (None, None) => String::new(),
    }
}

/// What a test's p is, in words for a table's `sides` column: one-sided, or two-sided with the tail that gave it.
pub(crate) fn sides(lang: Lang, t: &AssessedTest) -> &'static str {
    messages::sides(t)(lang.words())
}

/// The meta line under a card's heading: generator, deck, shuffles, seed; for decks made elsewhere, the deck
/// and the decks read.
pub(crate) fn run_meta(lang: Lang, r: &RunReport) -> String {
    render(lang, &messages::run_meta(r))
}

/// Where the decks of an external run came from.
pub(crate) fn external_origin(lang: Lang, label: &str) -> String {
    render(lang, &messages::external_origin(label))
}

/// The exact heatmap's words: (title, legend caption, note, figure caption).
pub(crate) fn exact_heatmap_words(lang: Lang, draws: &str) -> [String; 4] {
    messages::exact_heatmap(draws).map(|m| render(lang, &m))
}

/// Why a report shows no exact matrix beside its heatmap, and the command that computes it.
pub(crate) fn exact_skipped_note(
    lang: Lang,
    label: &str,
    n: usize,
    skipped: &crate::audit::exact::SkippedExact,
) -> String {
    render(lang, &messages::exact_skipped(label, n, skipped))
}

/// The sampling noise of one cell, for the heatmap's notes.
pub(crate) fn noise_note(lang: Lang, shuffles: u64, one_sd_percent: f64, clamp_label: &str) -> String {
    render(lang, &messages::noise_note(shuffles, one_sd_percent, clamp_label))
}

/// The number of shuffles needed to see a bias, in words.
pub(crate) fn detection(lang: Lang, d: Detection, shuffles_done: u64) -> String {
    render(lang, &messages::detection(d, shuffles_done))
}

/// A broken run: how many shuffles it takes to see it.
pub(crate) fn detection_broken(lang: Lang, first_shuffle: u64) -> String {
    render(lang, &messages::detection_broken(first_shuffle))
}
