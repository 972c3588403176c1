//! The gate as JSON (`gate --json FILE`): every check with its source, verdict, expectation, tests and power
//! statement.

use serde::Serialize;

use crate::audit::verdict::Verdict;
use crate::modes::gate::{CheckOutcome, CheckTest, Expectation, GateOutcome};
use crate::report::i18n;
use crate::stats::power::PowerStatement;

#[derive(Serialize)]
struct GateJson<'a> {
    tool: &'static str,
    version: &'static str,
    passed: bool,
    config: &'a str,
    checks: Vec<CheckJson<'a>>,
    met: usize,
    seconds: f64,
}

/// One check: its fields in their order, with its reason and headline in words.
#[derive(Serialize)]
struct CheckJson<'a> {
    name: &'a str,
    line: usize,
    source: &'a str,
    deck: Option<usize>,
    shuffles: u64,
    seed: u64,
    expected: Expectation,
    verdict: Option<Verdict>,
    met: bool,
    reason: String,
    headline: String,
    error: &'a Option<String>,
    partial: bool,
    tests: &'a [CheckTest],
    power: &'a Option<PowerStatement>,
    seconds: f64,
}

/// The reason and headline of a check.
type CheckWords = (String, String);

pub fn render(gate: &GateOutcome) -> Vec<u8> {
    let words: Vec<CheckWords> = gate.checks.iter().map(|c| (i18n::check_reason(c), i18n::check_headline(c))).collect();
    layout(gate, words)
}

/// The document, given each check's words.
fn layout(gate: &GateOutcome, words: Vec<CheckWords>) -> Vec<u8> {
    let checks = gate.checks.iter().zip(words).map(|(c, (reason, headline))| check(c, reason, headline)).collect();
    let doc = GateJson {
        tool: "shuffle-audit",
        version: env!("CARGO_PKG_VERSION"),
        passed: gate.all_met(),
        config: &gate.config,
        checks,
        met: gate.met,
        seconds: gate.seconds,
    };
    let mut bytes = serde_json::to_vec_pretty(&doc).expect("serialising plain data");
    bytes.push(b'\n');
    bytes
}

fn check(c: &CheckOutcome, reason: String, headline: String) -> CheckJson<'_> {
    CheckJson {
        name: &c.name,
        line: c.line,
        source: &c.source,
        deck: c.deck,
        shuffles: c.shuffles,
        seed: c.seed,
        expected: c.expected,
        verdict: c.verdict,
        met: c.met,
        reason,
        headline,
        error: &c.error,
        partial: c.partial,
        tests: &c.tests,
        power: &c.power,
        seconds: c.seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_of_the_top_level_and_one_check() {
        let check = CheckOutcome {
            name: "fair".into(),
            line: 3,
            source: "decks:d.txt".into(),
            deck: Some(52),
            shuffles: 10,
            seed: 1,
            expected: Expectation::PassOrSuspicious,
            verdict: Some(Verdict::Suspicious),
            met: true,
            error: None,
            partial: false,
            tests: Vec::new(),
            power: None,
            seconds: 0.25,
            report: None,
        };
        let gate = GateOutcome { config: "g.toml".into(), checks: vec![check], met: 1, seconds: 0.5 };
        let v: serde_json::Value = serde_json::from_slice(&layout(&gate, vec![("r".into(), "h".into())])).unwrap();
        let expected = serde_json::json!({
            "tool": "shuffle-audit", "version": env!("CARGO_PKG_VERSION"), "passed": true, "config": "g.toml",
            "met": 1, "seconds": 0.5,
            "checks": [{"name": "fair", "line": 3, "source": "decks:d.txt", "deck": 52, "shuffles": 10, "seed": 1,
                "expected": "pass-or-suspicious", "verdict": "SUSPICIOUS", "met": true, "reason": "r",
                "headline": "h", "error": null, "partial": false, "tests": [], "power": null, "seconds": 0.25}]
        });
        assert_eq!(v, expected);
        // Every field of a check is in the document, and nothing else but its words.
        let fields = serde_json::to_value(&gate.checks[0]).unwrap();
        let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        let mut want = keys(&fields);
        want.extend(["reason".to_string(), "headline".to_string()]);
        want.sort();
        assert_eq!(keys(&v["checks"][0]), want);
        assert_eq!(v.as_object().unwrap().len(), serde_json::to_value(&gate).unwrap().as_object().unwrap().len() + 3);
    }
}
