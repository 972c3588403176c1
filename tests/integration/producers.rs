//! Producers that do not behave, and runs that are stopped: SIGINT and SIGTERM, `--timeout`, a producer that
//! prints nothing, one that leaves a background child holding its output, one that closes its output and
//! keeps running. Every case ends with partial (or complete) reports and a known exit status, and no process
//! of the producer's group survives the run.
//!
//! The producers are small `sh -c` scripts that write their shell's pid (`$$`, the leader of their process
//! group) and their background child's (`$!`) to a file, so the test can check the group afterwards through
//! /proc (a zombie, dead but not yet reaped, counts as gone). Each run is bounded by a watchdog: a regression
//! that hangs fails the test instead of hanging it. None of the assertions is about speed.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::{
    assert_usage_error, bin_path, bytes_read, handles_signal, pids_written, read, run, run_json, running,
    running_in_group, wait_or_kill, wait_until,
};

/// Every run here ends well within this, or the test fails.
const WATCHDOG: Duration = Duration::from_secs(60);

/// A valid 52-card deck, rotated by `k`.
fn deck(k: usize) -> String {
    (0..52).map(|i| ((i + k) % 52).to_string()).collect::<Vec<_>>().join(" ")
}

/// Starts `shuffle-audit ARGS` in `dir`, stdout and stderr to files there.
fn start(dir: &Path, args: &[&str]) -> Child {
    Command::new(bin_path())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(File::create(dir.join("stdout.txt")).unwrap())
        .stderr(File::create(dir.join("stderr.txt")).unwrap())
        .spawn()
        .unwrap()
}

/// A finished run: its status, stdout and stderr.
struct Finished {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

fn finish(mut child: Child, dir: &Path, what: &str) -> Finished {
    let status = wait_or_kill(&mut child, WATCHDOG, what);
    Finished { status, stdout: read(&dir.join("stdout.txt")), stderr: read(&dir.join("stderr.txt")) }
}

/// Fails unless every process of the group `pids[0]` leads, and each of `pids`, has ended (within a second of
/// the run's end: SIGKILL takes a moment).
fn assert_group_gone(pids: &[i32], what: &str) {
    let start = Instant::now();
    loop {
        let left: Vec<i32> =
            running_in_group(pids[0]).into_iter().chain(pids.iter().copied().filter(|&p| running(p))).collect();
        if left.is_empty() {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(1), "{what}: processes of the producer survive: {left:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A producer with a background child that streams decks until stopped.
fn streaming_producer() -> String {
    format!("echo $$ > pids; sleep 1000 & echo $! >> pids; while :; do echo '{}'; done", deck(0))
}

/// `kill(pid, signal)`.
fn signal(child: &Child, signal: libc::c_int) {
    // SAFETY: kill(2) on the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

fn tempdir() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    (tmp, dir)
}

#[test]
fn sigint_and_sigterm_write_partial_reports_and_end_the_producer_group() {
    for (sig, name, code) in [(libc::SIGINT, "SIGINT", 130), (libc::SIGTERM, "SIGTERM", 143)] {
        let (_tmp, dir) = tempdir();
        let child = start(&dir, &["run", "--exec", &streaming_producer(), "--out", "out"]);
        let pids = pids_written(&dir.join("pids"), 2);
        // Signalled once it has read decks (64 KiB: some 400 lines), however slow the machine.
        wait_until("decks to be read", WATCHDOG, || bytes_read(child.id()) >= 1 << 16);
        signal(&child, sig);
        let f = finish(child, &dir, name);
        assert_eq!(f.status.code(), Some(code), "{name}: {}{}", f.stdout, f.stderr);
        assert_group_gone(&pids, name);
        let j = run_json(&dir.join("out"));
        assert_eq!(j["input"]["partial"], true, "{name}");
        let why = j["input"]["partial_reason"].as_str().unwrap().to_string();
        assert!(why.starts_with(&format!("stopped by {name} after ")), "{name}: {why}");
        let decks = j["input"]["decks"].as_u64().unwrap();
        assert!(decks > 0 && why == format!("stopped by {name} after {decks} decks"), "{name}: {why}");
        assert_eq!(j["input"]["valid_decks"].as_u64(), Some(decks), "{name}: no line cut short is counted");
        assert_eq!(j["input"]["producer"]["stopped_by_audit"], true, "{name}");
        assert!(j["reason"].as_str().unwrap().starts_with(&format!("PARTIAL ({why}): ")), "{}", j["reason"]);
        let md = read(&dir.join("out/summary.md"));
        assert!(md.lines().next().unwrap().ends_with("(partial)"), "{name}: {md}");
        assert!(f.stdout.contains("marked partial"), "{name}: {}", f.stdout);
        assert!(f.stderr.contains(&format!("--exec: stopped by {name} after {decks} decks")), "{name}: {}", f.stderr);
    }
}

#[test]
fn a_second_signal_aborts_at_once_and_kills_the_group() {
    // The producer ignores SIGTERM and a closed pipe, so ending its group takes the grace before SIGKILL; the
    // second signal comes during it and aborts the run at once, killing the group.
    let (_tmp, dir) = tempdir();
    let script = format!(
        "trap '' TERM PIPE; echo $$ > pids; sleep 1000 & echo $! >> pids; while :; do echo '{}' 2>/dev/null; done",
        deck(0)
    );
    let child = start(&dir, &["run", "--exec", &script, "--out", "out"]);
    let pids = pids_written(&dir.join("pids"), 2);
    wait_until("decks to be read", WATCHDOG, || bytes_read(child.id()) >= 1 << 12);
    signal(&child, libc::SIGTERM);
    // Not a wait for something: the second signal is meant to come inside the first one's second of grace.
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, libc::SIGTERM);
    let f = finish(child, &dir, "two signals");
    assert_eq!(f.status.code(), Some(143), "{}{}", f.stdout, f.stderr);
    assert_group_gone(&pids, "two signals");
}

#[test]
fn sigint_stops_a_silent_standard_input_with_a_report_of_no_decks() {
    let (_tmp, dir) = tempdir();
    let mut child = Command::new(bin_path())
        .args(["run", "--decks", "-", "--deck", "52", "--out", "out"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(File::create(dir.join("stdout.txt")).unwrap())
        .stderr(File::create(dir.join("stderr.txt")).unwrap())
        .spawn()
        .unwrap();
    // Standard input stays open and silent: the run waits until the signal.
    let _stdin = child.stdin.take();
    wait_until("the run's SIGINT handler", WATCHDOG, || handles_signal(child.id(), libc::SIGINT));
    signal(&child, libc::SIGINT);
    let f = finish(child, &dir, "silent stdin");
    assert_eq!(f.status.code(), Some(130), "{}{}", f.stdout, f.stderr);
    let j = run_json(&dir.join("out"));
    assert_eq!(j["input"]["partial_reason"], "stopped by SIGINT after 0 decks");
    assert_eq!(j["input"]["decks"], 0);
}

#[test]
fn strict_ends_the_whole_producer_group() {
    let (_tmp, dir) = tempdir();
    let script = format!(
        "echo $$ > pids; sleep 1000 & echo $! >> pids; echo '{}'; echo '0 0 0'; while :; do echo '{}'; done",
        deck(0),
        deck(1)
    );
    let f = finish(start(&dir, &["run", "--exec", &script, "--strict", "--out", "out"]), &dir, "--strict");
    assert_eq!(f.status.code(), Some(2), "{}{}", f.stdout, f.stderr);
    assert!(f.stderr.contains("stopped (--strict)"), "{}", f.stderr);
    assert_group_gone(&pids_written(&dir.join("pids"), 2), "--strict");
    let j = run_json(&dir.join("out"));
    assert_eq!((j["input"]["partial"].as_bool(), j["input"]["valid_decks"].as_u64()), (Some(true), Some(1)));
}

#[test]
fn a_silent_producer_gets_a_waiting_line_then_the_timeout() {
    // Takes 12 s: the first waiting line comes after 10 s without a deck.
    let (_tmp, dir) = tempdir();
    let script = "echo $$ > pids; sleep 1000 & echo $! >> pids; wait";
    let started = Instant::now();
    let f = finish(start(&dir, &["run", "--exec", script, "--timeout", "12s", "--out", "out"]), &dir, "timeout");
    assert!(started.elapsed() >= Duration::from_secs(12), "stopped before the time limit");
    assert_eq!(f.status.code(), Some(2), "{}{}", f.stdout, f.stderr);
    let lines: Vec<&str> = f.stderr.lines().collect();
    assert_eq!(
        lines,
        [
            format!(
                "waiting: no deck from the output of `{script}` for 10s (0 decks so far); Ctrl-C stops with a partial report"
            ),
            "--timeout: timed out after 12s, 0 decks read; the reports, marked partial, hold the decks read until then"
                .to_string(),
        ],
        "{}",
        f.stderr
    );
    assert_group_gone(&pids_written(&dir.join("pids"), 2), "timeout");
    let j = run_json(&dir.join("out"));
    assert_eq!(j["input"]["partial"], true);
    assert_eq!(j["input"]["partial_reason"], "timed out after 12s, 0 decks read");
    assert_eq!(j["input"]["producer"]["stopped_by_audit"], true);
    assert!(f.stdout.contains("PARTIAL: timed out after 12s, 0 decks read"), "{}", f.stdout);
}

#[test]
fn a_timeout_keeps_the_decks_read_until_then() {
    let (_tmp, dir) = tempdir();
    let script = format!("echo $$ > pids; sleep 1000 & echo $! >> pids; echo '{}'; echo '{}'; wait", deck(0), deck(5));
    let f = finish(start(&dir, &["run", "--exec", &script, "--timeout", "1s", "--out", "out"]), &dir, "timeout");
    assert_eq!(f.status.code(), Some(2), "{}{}", f.stdout, f.stderr);
    assert_group_gone(&pids_written(&dir.join("pids"), 2), "timeout");
    let j = run_json(&dir.join("out"));
    assert_eq!(j["input"]["partial_reason"], "timed out after 1s, 2 decks read");
    assert_eq!(j["input"]["valid_decks"], 2);
}

#[test]
fn a_background_child_holding_the_output_after_the_shell_exits_ends_the_input() {
    let (_tmp, dir) = tempdir();
    let script = format!("echo $$ > pids; echo '{}'; echo '{}'; sleep 1000 & echo $! >> pids", deck(0), deck(7));
    let f = finish(start(&dir, &["run", "--exec", &script, "--out", "out"]), &dir, "held output");
    let j = run_json(&dir.join("out"));
    assert_eq!(f.status.code().map(u8::try_from), Some(Ok(if j["verdict"] == "PASS" { 0 } else { 1 })));
    assert_group_gone(&pids_written(&dir.join("pids"), 2), "held output");
    assert!(
        f.stderr.contains("a process it started kept the output open, silent for 2s: the process group was ended"),
        "{}",
        f.stderr
    );
    assert_eq!(j["input"]["valid_decks"], 2);
    assert_eq!(j["input"]["partial"], false);
    assert_eq!(j["input"]["producer"]["lingered"], "held-output");
    assert_eq!(j["input"]["producer"]["exit_code"], 0, "the shell's own status");
    assert!(f.stdout.contains("producer warning: its shell exited but a process it started"), "{}", f.stdout);
}

#[test]
fn a_producer_that_closes_its_output_and_keeps_running_is_ended_after_the_grace() {
    for (name, decks) in [("silent", 0), ("after two decks", 2)] {
        let (_tmp, dir) = tempdir();
        let printed: String = (0..decks).map(|k| format!("echo '{}'; ", deck(k))).collect();
        let script = format!("echo $$ > pids; {printed}exec >&-; sleep 1000 & echo $! >> pids; wait");
        let f = finish(start(&dir, &["run", "--exec", &script, "--out", "out"]), &dir, name);
        assert_group_gone(&pids_written(&dir.join("pids"), 2), name);
        if decks == 0 {
            // Nothing to report: the input was empty.
            assert_eq!(f.status.code(), Some(2), "{name}: {}", f.stderr);
            assert!(f.stderr.contains("no decks: the input is empty"), "{name}: {}", f.stderr);
            assert!(f.stderr.contains("(stopped by the audit)"), "{name}: {}", f.stderr);
            continue;
        }
        assert!(f.stderr.contains("it closed its output but was still running 5s later"), "{name}: {}", f.stderr);
        let j = run_json(&dir.join("out"));
        assert_eq!(j["input"]["valid_decks"], decks, "{name}");
        assert_eq!(j["input"]["partial"], false, "{name}: every deck was read");
        assert_eq!(j["input"]["producer"]["stopped_by_audit"], true, "{name}");
        assert_eq!(j["input"]["producer"]["lingered"], "kept-running", "{name}");
        assert!(j["fault"].is_null(), "{name}: ended by the audit, not a failure: {}", j["fault"]);
    }
}

#[test]
fn bad_timeouts_are_usage_errors_naming_the_flag() {
    for bad in ["0s", "abc", "5 parsecs", "-1s", "400d", ""] {
        let o = run(&["run", "--decks", "-", "--timeout", bad]);
        assert_usage_error(&o, "--timeout", bad);
    }
}

#[test]
fn a_gate_check_that_times_out_is_not_met() {
    let (_tmp, dir) = tempdir();
    let config = format!(
        "[[check]]\nname = \"slow\"\nexec = \"echo $$ > pids; sleep 1000 & echo $! >> pids; echo '{}'; wait\"\n\
         timeout = \"1s\"\nexpect = \"pass\"\n",
        deck(0)
    );
    std::fs::write(dir.join("gate.toml"), config).unwrap();
    let f = finish(start(&dir, &["gate", "--config", "gate.toml", "--json", "gate.json"]), &dir, "gate");
    assert_eq!(f.status.code(), Some(1), "{}{}", f.stdout, f.stderr);
    assert_group_gone(&pids_written(&dir.join("pids"), 2), "gate");
    assert!(
        f.stdout.contains("NOT MET: slow (line 1): PASS expected pass: PARTIAL (timed out after 1s, 1 deck read): "),
        "{}",
        f.stdout
    );
    let j: serde_json::Value = serde_json::from_str(&read(&dir.join("gate.json"))).unwrap();
    assert_eq!((j["checks"][0]["met"].as_bool(), j["checks"][0]["partial"].as_bool()), (Some(false), Some(true)));
}

#[test]
fn a_process_that_left_the_producers_group_is_ended_too() {
    // `setsid` gives the child a session and a process group of its own, out of reach of a signal to the
    // producer's group; it inherits the producer's mark all the same. Once with the child's output elsewhere,
    // once with its standard error still the producer's (which the run would otherwise wait for).
    // Once more with its environment cleared (`env -i`), so that it carries no mark either: the run, which adopts
    // its producers' orphans, finds it as its own child once the shell has exited (open for two rounds before).
    for (name, setsid, redirect) in [
        ("setsid, output elsewhere", "setsid", ">/dev/null 2>&1"),
        ("setsid, holding stderr", "setsid", ">/dev/null"),
        ("setsid, environment cleared", "env -i /usr/bin/setsid", ">/dev/null 2>&1"),
    ] {
        let (_tmp, dir) = tempdir();
        let script = format!(
            "echo $$ > pids; {setsid} /bin/sh -c 'echo $$ >> pids; exec /bin/sleep 1000' {redirect} & \
             while [ $(wc -l < pids) -lt 2 ]; do sleep 0.01; done; echo '{}'; echo '{}'",
            deck(0),
            deck(1)
        );
        let f = finish(start(&dir, &["run", "--exec", &script, "--out", "out"]), &dir, name);
        assert!(matches!(f.status.code(), Some(0 | 1)), "{name}: {}{}", f.stdout, f.stderr);
        let pids = pids_written(&dir.join("pids"), 2);
        assert_group_gone(&pids, name);
    }
}

#[test]
fn a_time_limit_ends_the_run_soon_after_it_whatever_the_producer_does() {
    // The run must end within 0.3 s of its limit on an idle machine (the reader looks at the flag every 50 ms,
    // a producer gets 0.15 s after SIGTERM); the bound here, 1 s past the limit, leaves room for a loaded one.
    // Before, a producer that ignores SIGTERM kept the run 1.25 s past it, and one whose child left the group
    // holding its stderr 2 s.
    let limit = Duration::from_secs(1);
    for (name, script) in [
        ("streaming", format!("while :; do echo '{}'; done", deck(0))),
        ("silent", "sleep 1000".to_string()),
        ("ignoring SIGTERM", "trap '' TERM; sleep 1000".to_string()),
        ("a child in its own session", format!("setsid sleep 1000 & while :; do echo '{}'; done", deck(0))),
    ] {
        let (_tmp, dir) = tempdir();
        let started = Instant::now();
        let f = finish(start(&dir, &["run", "--exec", &script, "--timeout", "1s", "--out", "out"]), &dir, name);
        let over = started.elapsed().saturating_sub(limit);
        assert_eq!(f.status.code(), Some(2), "{name}: {}{}", f.stdout, f.stderr);
        assert!(over < Duration::from_secs(1), "{name}: the run ended {over:?} past its limit");
    }
}

#[test]
fn a_run_stopped_before_its_first_deck_says_no_test_was_applied() {
    let (_tmp, dir) = tempdir();
    let f = finish(start(&dir, &["run", "--exec", "sleep 1000", "--timeout", "300ms", "--out", "out"]), &dir, "0");
    assert_eq!(f.status.code(), Some(2), "a time limit's status, not PASS's: {}{}", f.stdout, f.stderr);
    let summary = read(&dir.join("out/summary.md"));
    let csv = read(&dir.join("out/summary.csv"));
    let reason = run_json(&dir.join("out"))["reason"].as_str().unwrap().to_string();
    for (what, text) in [("console", &f.stdout), ("summary.md", &summary), ("summary.csv", &csv), ("run.json", &reason)]
    {
        assert!(text.contains("no test applied: no deck was counted"), "{what}: {text}");
        assert!(!text.contains("over the 0 tests") && !text.contains("no test finds a bias"), "{what}: {text}");
    }
    // A run that tested nothing did not pass: its verdict line and title say so (before: "PASS: PARTIAL …").
    assert!(f.stdout.contains("NO VERDICT: ") && !f.stdout.contains("PASS"), "{}", f.stdout);
    assert!(summary.contains(": NO VERDICT (partial)") && !summary.contains("PASS"), "{summary}");
    assert_eq!(run_json(&dir.join("out"))["verdict"], "NO VERDICT");
    assert_eq!(csv.matches("no test applied").count(), 1, "said once: {csv}");
}
