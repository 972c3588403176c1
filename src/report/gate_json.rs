//! The gate as JSON (`gate --json FILE`): every check with its source, verdict, expectation, tests and power
//! statement.

use serde::Serialize;

use crate::audit::gate::GateOutcome;

#[derive(Serialize)]
struct GateJson<'a> {
    tool: &'static str,
    version: &'static str,
    passed: bool,
    #[serde(flatten)]
    gate: &'a GateOutcome,
}

pub fn render(gate: &GateOutcome) -> Vec<u8> {
    let doc = GateJson { tool: "shuffle-audit", version: env!("CARGO_PKG_VERSION"), passed: gate.all_met(), gate };
    let mut bytes = serde_json::to_vec_pretty(&doc).expect("serialising plain data");
    bytes.push(b'\n');
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::gate::{CheckOutcome, Expectation};
    use crate::audit::verdict::Verdict;

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
            reason: "r".into(),
            headline: "h".into(),
            error: None,
            partial: false,
            tests: Vec::new(),
            power: None,
            seconds: 0.25,
            report: None,
        };
        let gate = GateOutcome { config: "g.toml".into(), checks: vec![check], met: 1, seconds: 0.5 };
        let v: serde_json::Value = serde_json::from_slice(&render(&gate)).unwrap();
        let expected = serde_json::json!({
            "tool": "shuffle-audit", "version": env!("CARGO_PKG_VERSION"), "passed": true, "config": "g.toml",
            "met": 1, "seconds": 0.5,
            "checks": [{"name": "fair", "line": 3, "source": "decks:d.txt", "deck": 52, "shuffles": 10, "seed": 1,
                "expected": "pass-or-suspicious", "verdict": "SUSPICIOUS", "met": true, "reason": "r",
                "headline": "h", "error": null, "partial": false, "tests": [], "power": null, "seconds": 0.25}]
        });
        assert_eq!(v, expected);
    }
}
