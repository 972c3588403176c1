//! `run.json`: every parameter, the version, timings and throughput, and every test with its p-values.
//!
//! Timings (`threads`, `seconds`, `shuffles_per_second`) depend on the machine, not on the inputs; with
//! [`Timings::Omit`] they are left out, so that committed reference reports are the same bytes on every run.
//! The words are the reports' own, in English: the run's `reason` and `headline`, and each result's `detail`,
//! `explanation` and `headline`, rendered by the message catalogue (`report/i18n/`) from the run's reason and the tests' findings.

use serde::Serialize;
use serde_json::Value;

use super::RunReport;
use super::i18n::{self, Lang};

/// Whether `run.json` carries the machine-dependent fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Timings {
    #[default]
    Include,
    Omit,
}

#[derive(Serialize)]
struct RunJson<'a> {
    tool: &'static str,
    version: &'static str,
    algorithm_label: String,
    rng_label: String,
    #[serde(flatten)]
    report: &'a RunReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    threads: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shuffles_per_second: Option<f64>,
}

pub fn render(report: &RunReport, timings: Timings) -> Vec<u8> {
    let include = timings == Timings::Include;
    let doc = RunJson {
        tool: "shuffle-audit",
        version: env!("CARGO_PKG_VERSION"),
        algorithm_label: report.algorithm_label(),
        rng_label: report.rng_label(),
        report,
        threads: include.then_some(report.threads),
        seconds: include.then_some(report.seconds),
        shuffles_per_second: include.then_some(report.shuffles_per_second),
    };
    let mut value = serde_json::to_value(&doc).expect("serialising plain data");
    value["reason"] = Value::String(i18n::reason(Lang::En, report));
    value["headline"] = Value::String(i18n::headline(Lang::En, report));
    // A run that counted no deck tested nothing: it did not pass (its exit status is its stop's or 2).
    if report.reason == crate::audit::Reason::NoDeck {
        value["verdict"] = Value::String("NO VERDICT".into());
    }
    // What a PASS or SUSPICIOUS rules out: the power statement's figures, and the sentence.
    if let Some(rules_out) = i18n::rules_out(Lang::En, report) {
        value["power"] = serde_json::to_value(report.power()).expect("serialising plain data");
        value["rules_out"] = Value::String(rules_out);
    }
    if let Some(like) = i18n::looks_like(Lang::En, report) {
        value["looks_like"]["sentence"] = Value::String(like);
    }
    if let Some(input) = &report.input {
        value["input"]["partial_reason"] = i18n::partial_reason(Lang::En, input).map_or(Value::Null, Value::String);
    }
    let results = value["assessment"]["tests"].as_array_mut().expect("the assessment's tests are a list");
    for (json, t) in results.iter_mut().zip(&report.assessment.tests) {
        let result = &mut json["result"];
        result["detail"] = Value::String(i18n::detail_in(report, &t.result));
        result["explanation"] = Value::String(i18n::explanation_in(Lang::En, report.cards, &t.result));
        result["headline"] = Value::String(i18n::test_headline_in(Lang::En, report.cards, &t.result));
        if let crate::stats::Finding::Guess(g) = &t.result.finding {
            result["guess"] = guess_json(g);
        }
    }
    let mut bytes = serde_json::to_vec_pretty(&value).expect("serialising plain data");
    bytes.push(b'\n');
    bytes
}

/// The guess test's figures as numbers: the deciding guesser's extra cards per deck with its 99% interval, and
/// every guesser's.
fn guess_json(g: &crate::stats::finding::GuessFinding) -> Value {
    let one = |o: &crate::stats::deck::guess::GuessOutcome| {
        serde_json::json!({
            "guesser": o.guesser.name(),
            "decks": o.totals.decks,
            "right_per_deck": o.totals.right as f64 / o.totals.decks.max(1) as f64,
            "extra_cards_per_deck": o.extra,
            "extra_99_low": o.low,
            "extra_99_high": o.high,
            "ln_p": o.ln_p,
        })
    };
    let mut v = one(&g.best);
    v["chance_per_deck"] = serde_json::json!(g.chance);
    v["guessers"] = Value::Array(g.outcomes.iter().map(one).collect());
    v
}
