//! The machine rows `compare` reproduces: the toy continuous shuffling machine of the stream tests (38
//! compartments, 4 decks, a tray refilled below 20 cards, 16 cards a round) must FAIL by return latency, and its
//! control, the ideal machine of the same shape, must PASS. At 20,000 rounds the compartment machine's latency
//! is about 80 standard deviations short of the ideal machine's (p ≈ 10^-1400), and a fair machine's family
//! passes at the SUSPICIOUS threshold but with probability 10^-3.

use crate::audit::stop::StopFlag;
use crate::audit::verdict::{Thresholds, Verdict};
use crate::game::csm::{MachineKind, MachineSpec};
use crate::stats::stream::StreamTestId;
use crate::streams::audit::{StreamAudit, StreamReport};
use crate::streams::read::simulate;

/// One machine row.
#[derive(Clone, Debug)]
pub struct MachineFinding {
    /// As `run` names it: `csm`, `csm --machine ideal`.
    pub label: &'static str,
    pub spec: MachineSpec,
    pub rounds: u64,
    pub expected: Verdict,
    /// The test that must decide a FAIL.
    pub decided_by: Option<StreamTestId>,
}

impl MachineFinding {
    /// Runs the row's machine (seeded by `seed`) and judges it.
    pub fn run(&self, seed: u64, thresholds: &Thresholds) -> StreamReport {
        let mut audit = StreamAudit::machine(self.spec.faces, self.spec.copies);
        let stopped = simulate(&mut audit, self.spec, self.rounds, seed, &StopFlag::new(), |_| {});
        audit.report(thresholds, stopped)
    }

    /// True when the report is the one the row expects.
    pub fn reproduced(&self, report: &StreamReport) -> bool {
        report.verdict == self.expected
            && self.decided_by.is_none_or(|t| report.decisive().is_some_and(|d| d.test.id == t))
    }
}

/// The machine rows.
pub fn machine_findings() -> Vec<MachineFinding> {
    let csm = MachineSpec::DEFAULT;
    vec![
        MachineFinding {
            label: "csm",
            spec: csm,
            rounds: 20_000,
            expected: Verdict::Fail,
            decided_by: Some(StreamTestId::ReturnLatency),
        },
        MachineFinding {
            label: "csm --machine ideal",
            spec: MachineSpec { kind: MachineKind::Ideal, ..csm },
            rounds: 20_000,
            expected: Verdict::Pass,
            decided_by: None,
        },
    ]
}
