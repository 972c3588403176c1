//! The gate as JSON (`gate --json FILE`): every check with its source, verdict, expectation, tests and power
//! statement.

use serde::Serialize;

use crate::gate::GateOutcome;

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
