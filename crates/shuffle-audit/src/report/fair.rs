//! `fair verify`'s report ([`crate::fair::Verification`]): its console summary and its JSON.

use serde::Serialize;

use crate::fair::Verification;
use crate::fair::verify::short;
use crate::report::group_digits;

#[derive(Serialize)]
struct Json<'a> {
    scheme: &'static str,
    rounds: u64,
    verified: u64,
    pending: u64,
    failed: Vec<FailedRow<'a>>,
    protocol: Vec<SmellRow<'a>>,
    server_seeds: usize,
    client_seeds: usize,
    /// Read whole, or stopped by a signal (`SIGINT`, `SIGTERM`) after the rounds counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
}

#[derive(Serialize)]
struct FailedRow<'a> {
    line: u64,
    nonce: u64,
    server_seed_hash: &'a str,
    why: &'a str,
}

#[derive(Serialize)]
struct SmellRow<'a> {
    line: u64,
    what: &'a str,
}

/// The verification as JSON (pretty-printed): the counts, each failed round and each protocol smell.
pub fn json(v: &Verification, scheme: &'static str, stopped: Option<&'static str>) -> String {
    let json = Json {
        scheme,
        rounds: v.rounds,
        verified: v.verified,
        pending: v.pending,
        failed: v
            .failed
            .iter()
            .map(|f| FailedRow { line: f.line, nonce: f.nonce, server_seed_hash: &f.server_seed_hash, why: &f.why })
            .collect(),
        protocol: v.smells.iter().map(|s| SmellRow { line: s.line, what: &s.what }).collect(),
        server_seeds: v.server_seeds,
        client_seeds: v.client_seeds,
        stopped,
    };
    serde_json::to_string_pretty(&json).expect("a verification serialises")
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_digits(n), if n == 1 { one } else { many })
}

/// The console summary: the counts, each failed round, each protocol smell, and the conclusion.
pub fn console(v: &Verification, scheme: &str, stopped: Option<&str>) -> String {
    let mut s = format!(
        "{} read{} under scheme {scheme} ({}, {})\n",
        plural(v.rounds, "round", "rounds"),
        stopped.map_or(String::new(), |sig| format!(" (PARTIAL: stopped by {sig})")),
        plural(v.server_seeds as u64, "server seed", "server seeds"),
        plural(v.client_seeds as u64, "client seed", "client seeds"),
    );
    s += &format!(
        "  verified: {} (the revealed seed hashes to the hash shown, and the seeds deal the cards shown)\n",
        plural(v.verified, "round", "rounds")
    );
    if v.pending > 0 {
        s += &format!(
            "  pending:  {} (server seed not revealed yet: verify again after the casino rotates it)\n",
            plural(v.pending, "round", "rounds")
        );
    }
    for f in &v.failed {
        s += &format!(
            "  FAILED line {}, nonce {}, server seed {}: {}\n",
            f.line,
            f.nonce,
            short(&f.server_seed_hash),
            f.why
        );
    }
    for m in &v.smells {
        s += &format!("  protocol: line {}: {}\n", m.line, m.what);
    }
    let failed = v.failed.len() as u64;
    s += &if failed > 0 {
        format!(
            "{} of {} {} not verify\n",
            plural(failed, "round", "rounds"),
            group_digits(v.rounds),
            if failed == 1 { "does" } else { "do" }
        )
    } else if v.verified == 0 {
        "no round could be verified yet: no server seed is revealed\n".to_string()
    } else {
        format!("every revealed round verifies ({} of {})\n", group_digits(v.verified), group_digits(v.rounds))
    };
    s
}
