//! `run.json`: every parameter, the version, timings and throughput, and every test with its p-values.

use serde::Serialize;

use super::RunReport;

#[derive(Serialize)]
struct RunJson<'a> {
    tool: &'static str,
    version: &'static str,
    algorithm_label: String,
    rng_label: String,
    #[serde(flatten)]
    report: &'a RunReport,
}

pub fn render(report: &RunReport) -> Vec<u8> {
    let doc = RunJson {
        tool: "shuffle-audit",
        version: env!("CARGO_PKG_VERSION"),
        algorithm_label: report.algorithm_label(),
        rng_label: report.rng_label(),
        report,
    };
    let mut value = serde_json::to_value(&doc).expect("serialising plain data");
    if report.config.external.is_some() {
        // Decks from a file or a program: no built-in algorithm, generator or seed was involved.
        if let Some(config) = value.get_mut("config").and_then(|c| c.as_object_mut()) {
            for key in ["algorithm", "rng", "seed", "threads", "post"] {
                config.remove(key);
            }
        }
    }
    let mut bytes = serde_json::to_vec_pretty(&value).expect("serialising plain data");
    bytes.push(b'\n');
    bytes
}
