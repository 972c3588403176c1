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
    if let Some(input) = &report.input {
        value["input"]["partial_reason"] = i18n::partial_reason(Lang::En, input).map_or(Value::Null, Value::String);
    }
    let results = value["assessment"]["tests"].as_array_mut().expect("the assessment's tests are a list");
    for (json, t) in results.iter_mut().zip(&report.assessment.tests) {
        let result = &mut json["result"];
        result["detail"] = Value::String(i18n::detail(&t.result));
        result["explanation"] = Value::String(i18n::explanation(Lang::En, &t.result));
        result["headline"] = Value::String(i18n::test_headline(Lang::En, &t.result));
    }
    let mut bytes = serde_json::to_vec_pretty(&value).expect("serialising plain data");
    bytes.push(b'\n');
    bytes
}
