//! The gate as JUnit XML (`gate --junit FILE`): one `<testcase>` per check, with a `<failure>` when the check
//! did not reach its expected verdict and an `<error>` when it could not run. CI systems (GitHub Actions
//! reporters, GitLab, Jenkins) show these as test results.
//!
//! Format: the de-facto schema of Ant's JUnit report (`testsuites` > `testsuite` > `testcase` with
//! `failure`/`error` and `system-out`).

use std::fmt::Write;

use crate::modes::gate::{CheckOutcome, GateOutcome};
use crate::report::i18n;

/// Renders the gate's outcome.
pub fn render(gate: &GateOutcome) -> Vec<u8> {
    let reasons: Vec<String> = gate.checks.iter().map(i18n::check_reason).collect();
    layout(gate, &reasons)
}

/// The document, given each check's reason.
fn layout(gate: &GateOutcome, reasons: &[String]) -> Vec<u8> {
    let tests = gate.checks.len();
    let errors = gate.checks.iter().filter(|c| c.verdict.is_none()).count();
    let failures = gate.checks.iter().filter(|c| !c.met && c.verdict.is_some()).count();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let counts = format!("tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{:.3}\"", gate.seconds);
    let _ = writeln!(s, "<testsuites name=\"shuffle-audit gate\" {counts}>");
    let _ = writeln!(s, "  <testsuite name=\"{}\" {counts}>", escape(&gate.config));
    for (c, reason) in gate.checks.iter().zip(reasons) {
        testcase(&mut s, c, reason);
    }
    s.push_str("  </testsuite>\n</testsuites>\n");
    s.into_bytes()
}

fn testcase(s: &mut String, c: &CheckOutcome, reason: &str) {
    let _ = writeln!(
        s,
        "    <testcase name=\"{}\" classname=\"shuffle-audit.gate\" time=\"{:.3}\">",
        escape(&c.name),
        c.seconds
    );
    let summary = format!("{} (expected {}): {}", c.verdict_label(), c.expected, reason);
    let mut body = format!("source: {}\ndecks: {}\n", c.source, c.shuffles);
    for t in &c.tests {
        let _ = writeln!(
            body,
            "{}: statistic {:.1}, p {}, adjusted p {}, {}",
            t.test, t.statistic, t.p, t.adjusted_p, t.verdict
        );
    }
    if let Some(p) = &c.power {
        let _ = writeln!(body, "power: {}", p.sentence());
    }
    if c.verdict.is_none() {
        let _ =
            writeln!(s, "      <error message=\"{}\" type=\"no-decks\">{}</error>", escape(&summary), escape(&body));
    } else if !c.met {
        let _ =
            writeln!(s, "      <failure message=\"{}\" type=\"verdict\">{}</failure>", escape(&summary), escape(&body));
    } else {
        let _ = writeln!(s, "      <system-out>{}</system-out>", escape(&format!("{summary}\n{body}")));
    }
    s.push_str("    </testcase>\n");
}

/// XML text: the report layer's markup escape, which also replaces the characters XML 1.0 forbids (control
/// characters a producer's stderr may hold) by U+FFFD.
pub use super::escape::markup as escape;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::verdict::Verdict;
    use crate::modes::gate::Expectation;

    fn check(name: &str, verdict: Option<Verdict>, met: bool) -> CheckOutcome {
        CheckOutcome {
            name: name.into(),
            line: 1,
            source: "exec:echo".into(),
            deck: Some(52),
            shuffles: 10,
            seed: 1,
            expected: Expectation::Pass,
            verdict,
            met,
            error: None,
            partial: false,
            tests: Vec::new(),
            power: None,
            seconds: 0.5,
            report: None,
        }
    }

    #[test]
    fn snapshot() {
        let gate = GateOutcome {
            config: "g.toml".into(),
            checks: vec![
                check("fair", Some(Verdict::Pass), true),
                check("a \"b\"", Some(Verdict::Fail), false),
                check("x\u{1}", None, false),
            ],
            met: 1,
            seconds: 1.25,
        };
        let xml = String::from_utf8(layout(&gate, &vec!["why <here>".to_string(); 3])).unwrap();
        let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="shuffle-audit gate" tests="3" failures="1" errors="1" time="1.250">
  <testsuite name="g.toml" tests="3" failures="1" errors="1" time="1.250">
    <testcase name="fair" classname="shuffle-audit.gate" time="0.500">
      <system-out>PASS (expected pass): why &lt;here&gt;
source: exec:echo
decks: 10
</system-out>
    </testcase>
    <testcase name="a &quot;b&quot;" classname="shuffle-audit.gate" time="0.500">
      <failure message="FAIL (expected pass): why &lt;here&gt;" type="verdict">source: exec:echo
decks: 10
</failure>
    </testcase>
    <testcase name="x�" classname="shuffle-audit.gate" time="0.500">
      <error message="ERROR (expected pass): why &lt;here&gt;" type="no-decks">source: exec:echo
decks: 10
</error>
    </testcase>
  </testsuite>
</testsuites>
"#;
        assert_eq!(xml, expected);
    }
}
