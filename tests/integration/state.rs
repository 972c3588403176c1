//! State files, interrupts, checkpoints, resume, shards and merge, driven through the binary: a run stopped by
//! SIGINT, SIGTERM or SIGKILL and resumed, and a run split into shards and merged, end with the same
//! `summary.csv`, `counts.csv` and `run.json` bytes as the run done whole (`--no-timings`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::*;
use sha2::{Digest, Sha256};
use tempfile::TempDir;

/// The files that must be byte-identical between a run done whole and the same run stopped and resumed, or
/// sharded and merged.
const SAME: [&str; 3] = ["summary.csv", "counts.csv", "run.json"];

fn assert_same_files(a: &Path, b: &Path, what: &str) {
    for f in SAME {
        let (x, y) = (std::fs::read(a.join(f)).unwrap(), std::fs::read(b.join(f)).unwrap());
        assert!(x == y, "{what}: {f} differs between {} and {}", a.display(), b.display());
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A long run (about 3 s on two idle cores at the test profile's speed) done whole once for the tests that
/// stop and resume it. Its exit status 0 is the PASS of a fair shuffle at a fixed seed (nominal false-alarm rate
/// 2e-3 for an arbitrary seed; deterministic here).
/// A run of about 10 s on CI's two cores (3·10^7 shuffles at about 3 M/s), for the tests that stop it and never
/// let it finish: a signal or a time limit comes long before its end on any machine.
const LONG: [&str; 8] = ["-a", "fisher-yates", "--shuffles", "3e7", "--seed", "11", "--no-timings", "--threads"];
/// The same run at 1.2·10^7 shuffles (about 4 s on CI), for the tests that stop it early (after half a second of
/// processor time, a 300 ms checkpoint, a 1 s time limit) and then finish it, whole and resumed: each of them
/// counts every shuffle at least once, so their length is the suite's time.
const MEDIUM: [&str; 8] = ["-a", "fisher-yates", "--shuffles", "1.2e7", "--seed", "11", "--no-timings", "--threads"];

fn long_whole() -> &'static Path {
    static WHOLE: OnceLock<(TempDir, PathBuf)> = OnceLock::new();
    let (_, dir) = WHOLE.get_or_init(|| {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("whole");
        let out = run(&[&["run"], &MEDIUM[..], &["2", "--out", path(&dir)]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        (tmp, dir)
    });
    dir
}

fn spawn(length: &[&str], dir: &Path, extra: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("shuffle-audit"))
        .args([&["run"], length, &["2", "--out", path(dir)], extra].concat())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for a child, killing it and failing after `limit` (so that a regression fails instead of hanging).
fn wait_within(mut child: Child, limit: Duration) -> (std::process::ExitStatus, String, String) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            return (status, text(&out.stdout), text(&out.stderr));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("the run did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, sig: libc::c_int) {
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
}

#[test]
fn sigint_writes_a_partial_report_and_the_state_and_resume_finishes_the_same_bytes() {
    let whole = long_whole();
    for (sig, code, name) in [(libc::SIGINT, 130, "SIGINT"), (libc::SIGTERM, 143, "SIGTERM")] {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("stopped");
        let child = spawn(&MEDIUM, &dir, &[]);
        // Signalled once it is counting (two seconds of CPU of about six: past its first waves even when the
        // other tests load the machine, far from the end).
        wait_for_cpu(child.id(), 2.0, "the run");
        signal(&child, sig);
        let sent = Instant::now();
        // The run stops at the next chunk: well within the limit, even on a loaded machine.
        let (status, out, err) = wait_within(child, Duration::from_secs(10));
        let latency = sent.elapsed();
        assert_eq!(status.code(), Some(code), "{name}: {err}");
        assert!(latency < Duration::from_secs(5), "{name}: took {latency:?} to stop");
        let state = dir.join("run.state");
        assert!(err.contains(&format!("interrupted by {name} after ")), "{err}");
        assert!(err.contains(&format!("continue with: shuffle-audit run --resume {}", state.display())), "{err}");
        assert!(out.contains(&format!("PARTIAL (interrupted by {name} after ")), "{out}");
        assert!(out.contains("of 12,000,000 shuffles"), "{out}");
        let json = run_json(&dir);
        assert_eq!(json["incomplete"]["stopped"], if sig == libc::SIGINT { "interrupt" } else { "terminate" });
        let counted = json["incomplete"]["counted"].as_u64().unwrap();
        assert!(counted > 0 && counted < 12_000_000, "{counted}");
        assert!(read(&dir.join("summary.md")).contains("(partial)"));
        if sig == libc::SIGTERM {
            continue;
        }
        // Resume needs no definition: the state holds it; the thread count is free.
        let resumed = run(&["run", "--resume", path(&state), "--out", path(&dir), "--no-timings", "--threads", "1"]);
        assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
        assert_same_files(whole, &dir, name);
    }
}

#[test]
fn sigkill_loses_only_what_came_after_the_last_checkpoint() {
    let whole = long_whole();
    let tmp = TempDir::new().unwrap();
    let (dir, state) = (tmp.path().join("killed"), tmp.path().join("k.state"));
    let mut child = spawn(&MEDIUM, &dir, &["--state-out", path(&state), "--checkpoint-every", "300ms"]);
    // Killed once the first checkpoint is there (it is renamed into place whole), however long that takes on
    // this machine; a run that ended first would test nothing.
    wait_until("the first checkpoint", Duration::from_secs(120), || state.exists());
    assert!(child.try_wait().unwrap().is_none(), "the run ended before it could be killed");
    signal(&child, libc::SIGKILL);
    let (status, _, _) = wait_within(child, Duration::from_secs(10));
    assert_eq!(status.code(), None, "killed");
    let bytes = std::fs::read(&state).expect("a checkpoint was written before the kill");
    assert!(bytes.starts_with(b"shuffle-audit state 1\n"));
    // The duplicate-deck window (full after a second: 2^20 decks, 40 MiB) is in its own file, which the
    // checkpoint names; the checkpoint itself is small.
    let window = tmp.path().join("k.state.window");
    assert!(window.exists() && bytes.len() < 1 << 20, "{} bytes", bytes.len());
    assert!(String::from_utf8_lossy(&bytes).contains(r#""window":{"file":"k.state.window""#));
    // Resumed into the same state file: the state it ends with is whole, and the window file is gone.
    let resumed =
        run(&["run", "--resume", path(&state), "--state-out", path(&state), "--out", path(&dir), "--no-timings"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_same_files(whole, &dir, "after SIGKILL");
    assert!(!window.exists(), "the window file outlived the run");
    assert!(std::fs::metadata(&state).unwrap().len() > 40 << 20, "the final state holds its window");
}

#[test]
fn a_second_signal_aborts_at_once() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("aborted");
    let child = spawn(&LONG, &dir, &[]);
    wait_for_cpu(child.id(), 0.3, "the run");
    // Two different signals pending while the process is stopped are delivered one after the other when it
    // goes on: the second arrives while the first is still being obeyed, whatever the timing. The status is the
    // second signal's, 128 + its number, in whichever order the kernel delivers them.
    signal(&child, libc::SIGSTOP);
    signal(&child, libc::SIGINT);
    signal(&child, libc::SIGTERM);
    signal(&child, libc::SIGCONT);
    let (status, _, err) = wait_within(child, Duration::from_secs(10));
    assert!(matches!(status.code(), Some(130 | 143)), "{status:?}: {err}");
    assert!(err.contains("aborted by a second signal"), "{err}");
    assert!(!dir.join("run.state").exists(), "an aborted run writes nothing more");
}

/// GNU `timeout` sends its SIGTERM to the run and then to the run's process group: the run takes the second
/// send as the same request (signals of one kind within half a second count as one) and stops as for one
/// signal, with its reports and its state. The second send comes 2 ms after the first, once the first has
/// surely been taken: before the fix, every one of these runs aborted with nothing written.
#[test]
fn the_same_signal_to_the_process_and_its_group_stops_the_run_once() {
    use std::os::unix::process::CommandExt;
    for round in 0..3 {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("stopped");
        let child = Command::new(assert_cmd::cargo::cargo_bin("shuffle-audit"))
            .args([&["run"], &LONG[..], &["2", "--out", path(&dir)]].concat())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap();
        wait_for_cpu(child.id(), 0.3, "the run");
        let pid = child.id() as libc::pid_t;
        // SAFETY: signals to our own child and to the process group it leads.
        unsafe {
            assert_eq!(libc::kill(pid, libc::SIGTERM), 0);
            std::thread::sleep(Duration::from_millis(2));
            assert_eq!(libc::kill(-pid, libc::SIGTERM), 0);
        }
        let (status, out, err) = wait_within(child, Duration::from_secs(20));
        assert_eq!(status.code(), Some(143), "round {round}: {err}");
        assert!(!err.contains("aborted"), "round {round}: {err}");
        assert!(out.contains("PARTIAL (interrupted by SIGTERM after "), "round {round}: {out}");
        assert!(dir.join("run.state").exists() && dir.join("run.json").exists(), "round {round}");
    }
}

/// The same under GNU `timeout` itself (coreutils): every run stops with its reports and state.
#[test]
fn a_run_under_gnu_timeout_keeps_its_reports_and_state() {
    for round in 0..3 {
        let tmp = TempDir::new().unwrap();
        let dir = tmp.path().join("timed");
        let child = Command::new("timeout")
            .args(["--preserve-status", "1.5"])
            .arg(assert_cmd::cargo::cargo_bin("shuffle-audit"))
            .args([&["run"], &LONG[..], &["2", "--out", path(&dir)]].concat())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("GNU timeout (coreutils) runs");
        let (status, out, err) = wait_within(child, Duration::from_secs(30));
        assert_eq!(status.code(), Some(143), "round {round}: {err}");
        assert!(!err.contains("aborted"), "round {round}: {err}");
        assert!(out.contains("PARTIAL (interrupted by SIGTERM after "), "round {round}: {out}");
        assert!(dir.join("run.state").exists() && dir.join("run.json").exists(), "round {round}");
    }
}

/// A small run with a deal, so that the game's tables are in the states too. Tests that expect its exit status 0
/// expect PASS of a fair shuffle at a fixed seed: nominally a 2e-3 chance of SUSPICIOUS and 2e-9 of FAIL for an
/// arbitrary seed, none for this one (the seed is fixed and the outcome checked once).
const SMALL: [&str; 12] = [
    "-a",
    "fisher-yates",
    "--game",
    "doudizhu",
    "--rng",
    "pcg32",
    "--shuffles",
    "200000",
    "--seed",
    "5",
    "--no-timings",
    "--tests",
];

fn small(extra: &[&str]) -> std::process::Output {
    run(&[&["run"], &SMALL[..], &["default"], extra].concat())
}

#[test]
fn four_shards_merged_are_the_single_run_byte_for_byte() {
    let tmp = TempDir::new().unwrap();
    let single = tmp.path().join("single");
    assert!(small(&["--out", path(&single)]).status.success());
    let mut states = Vec::new();
    for i in 1..=4 {
        let state = tmp.path().join(format!("shard-{i}.state"));
        let shard = format!("{i}/4");
        let out = small(&["--shard", &shard, "--state-out", path(&state), "--out", path(&tmp.path().join(&shard))]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).contains(&format!("PARTIAL (shard {i} of 4: ")), "{}", stdout(&out));
        states.push(state);
    }
    // In any order.
    states.reverse();
    let merged = tmp.path().join("merged");
    let mut args = vec!["merge", "--out", path(&merged), "--no-timings"];
    args.extend(states.iter().map(|s| path(s)));
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Merged 4 state file(s): 200000 of 200000 shuffles, 13 of 13 chunks"),
        "{}",
        stdout(&out)
    );
    assert_same_files(&single, &merged, "merge");
    assert_eq!(
        std::fs::read(single.join("seat_counts.csv")).unwrap(),
        std::fs::read(merged.join("seat_counts.csv")).unwrap()
    );
}

/// Per-deal seeding over the whole 2^64 seeds of `seed_from_u64` (`--seed-space 2^64`, or no `--seed-space`):
/// run.json writes the space as the double 2^64 (JSON's readers hold no larger integer), and the run's state
/// merges the same way. Both crashed writing the JSON ("number out of range", exit 101) for every 64-bit generator.
#[test]
fn per_deal_seeding_over_all_two_to_the_64_seeds_writes_its_json_and_merges() {
    for rng in ["chacha8", "java", "python", "pcg64"] {
        for space in [&["--seed-space", "2^64"][..], &[][..]] {
            let tmp = TempDir::new().unwrap();
            let (dir, state, merged) = (tmp.path().join("run"), tmp.path().join("r.state"), tmp.path().join("m"));
            let mut args = vec!["run", "-a", "fisher-yates", "--rng", rng, "--seeding", "per-deal"];
            args.extend_from_slice(space);
            args.extend_from_slice(&["--shuffles", "2000", "--seed", "3", "--out", path(&dir)]);
            args.extend_from_slice(&["--state-out", path(&state), "--no-timings"]);
            let out = run(&args);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{rng} {space:?}: {}", stderr(&out));
            let json = run_json(&dir);
            assert_eq!(json["config"]["seed_space"].as_f64(), Some(2f64.powi(64)), "{rng} {space:?}");
            let out = run(&["merge", "--out", path(&merged), "--no-timings", path(&state)]);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{rng} merge: {}", stderr(&out));
            assert_eq!(
                std::fs::read(dir.join("run.json")).unwrap(),
                std::fs::read(merged.join("run.json")).unwrap(),
                "{rng} {space:?}: the merged run.json is the run's"
            );
        }
    }
}

/// A file of the user's at `<state>.window`, where checkpoints put the duplicate-deck window (and which a run
/// removes at its end), is refused before any work, naming it and --state-out, and left as it was; before, it
/// was overwritten, then deleted.
#[test]
fn a_users_file_at_the_window_name_is_refused_and_kept() {
    let tmp = TempDir::new().unwrap();
    let (state, window) = (tmp.path().join("k.state"), tmp.path().join("k.state.window"));
    let out_dir = tmp.path().join("r");
    std::fs::write(&window, "my notes\n").unwrap();
    for extra in [&["--checkpoint-every", "1s"][..], &[][..]] {
        let mut args = vec!["run", "-a", "fisher-yates", "--shuffles", "20000", "--seed", "1"];
        args.extend_from_slice(&["--out", path(&out_dir), "--state-out", path(&state)]);
        args.extend_from_slice(extra);
        let out = run(&args);
        assert_usage_error(&out, "--state-out", "a window file of the user's");
        assert!(stderr(&out).contains("k.state.window"), "{}", stderr(&out));
        assert_eq!(read(&window), "my notes\n");
        assert!(!state.exists());
    }
}

#[test]
fn missing_shards_make_a_partial_report_that_names_them() {
    let tmp = TempDir::new().unwrap();
    let s1 = tmp.path().join("1.state");
    let s3 = tmp.path().join("3.state");
    assert!(
        small(&["--shard", "1/3", "--state-out", path(&s1), "--out", path(&tmp.path().join("a"))]).status.success()
    );
    assert!(
        small(&["--shard", "3/3", "--state-out", path(&s3), "--out", path(&tmp.path().join("b"))]).status.success()
    );
    let merged = tmp.path().join("merged");
    let out = run(&["merge", path(&s1), path(&s3), "--out", path(&merged)]);
    let text = stdout(&out);
    assert!(text.contains("; PARTIAL"), "{text}");
    assert!(text.contains("  missing: chunks 4..=7 (shuffles 65537..=131072)"), "{text}");
    assert!(text.contains("PARTIAL (the states miss shuffles 65,537..=131,072: "), "{text}");
    assert_eq!(run_json(&merged)["incomplete"]["missing"], serde_json::json!([[65537, 131072]]));
}

/// Rewrites a state's header with `edit` and recomputes its checksum, as a file from another build would be.
fn with_header(bytes: &[u8], edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
    let first = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let end = first + bytes[first..].iter().position(|&b| b == b'\n').unwrap();
    let mut header: serde_json::Value = serde_json::from_slice(&bytes[first..end]).unwrap();
    edit(&mut header);
    let mut out = bytes[..first].to_vec();
    out.extend(serde_json::to_vec(&header).unwrap());
    out.extend_from_slice(&bytes[end..bytes.len() - 32]);
    let sum = Sha256::digest(&out);
    out.extend_from_slice(&sum);
    out
}

#[test]
fn damaged_foreign_and_overlapping_states_are_refused_naming_the_files() {
    let tmp = TempDir::new().unwrap();
    let good = tmp.path().join("good.state");
    assert!(
        small(&["--shard", "1/2", "--state-out", path(&good), "--out", path(&tmp.path().join("g"))]).status.success()
    );
    let bytes = std::fs::read(&good).unwrap();
    let write = |name: &str, b: &[u8]| {
        let p = tmp.path().join(name);
        std::fs::write(&p, b).unwrap();
        p
    };
    let mut flipped = bytes.clone();
    let at = bytes.len() - 500;
    flipped[at] ^= 0x10;
    let cases = [
        (write("truncated.state", &bytes[..bytes.len() - 9]), "truncated: "),
        (write("flipped.state", &flipped), "corrupted: its SHA-256 checksum does not match its content"),
        (write("future.state", &[b"shuffle-audit state 2".as_slice(), &bytes[21..]].concat()), "format version 2"),
        (
            write("tool.state", &with_header(&bytes, |h| h["tool_version"] = "0.0.1".into())),
            "written by shuffle-audit 0.0.1",
        ),
        (
            write("edited.state", &with_header(&bytes, |h| h["definition"]["seed"] = 6.into())),
            "does not match the definition's hash",
        ),
        (write("text.state", b"summary.csv,counts.csv\n"), "not a shuffle-audit state file"),
    ];
    for (file, needle) in &cases {
        for args in [vec!["merge", path(file)], vec!["run", "--resume", path(file)]] {
            let out = run(&args);
            assert_usage_error(&out, needle, &format!("{args:?}"));
            assert!(stderr(&out).contains(path(file)), "names the file: {}", stderr(&out));
        }
    }
    // The same chunks twice, and a state of another run.
    let out = run(&["merge", path(&good), path(&good)]);
    assert_usage_error(&out, "both count chunks 0..=5 (shuffles 1..=98304)", "overlap");
    let other = tmp.path().join("other.state");
    let seed6 = run(&[
        &["run"],
        &SMALL[..6],
        &["--shuffles", "200000", "--seed", "6", "--shard", "2/2"],
        &["--state-out", path(&other), "--out", path(&tmp.path().join("o"))],
    ]
    .concat());
    assert!(seed6.status.success(), "{}", stderr(&seed6));
    let out = run(&["merge", path(&good), path(&other)]);
    assert_usage_error(&out, "are states of different runs", "foreign");
    assert!(stderr(&out).contains(path(&good)) && stderr(&out).contains(path(&other)));
}

#[test]
fn state_options_that_do_not_apply_are_refused() {
    let tmp = TempDir::new().unwrap();
    let state = tmp.path().join("s.state");
    assert!(small(&["--state-out", path(&state), "--out", path(&tmp.path().join("r"))]).status.success());
    // A state inside the report folder would go when the folder is replaced at the end.
    let inside = tmp.path().join("s2.state").display().to_string();
    for (args, flag) in [
        (vec!["run", "--resume", path(&state), "--seed", "3"], "--seed"),
        (vec!["run", "--resume", path(&state), "-a", "wash"], "--algorithm"),
        (vec!["run", "--resume", path(&state), "--shard", "1/2"], "--shard"),
        (vec!["run", "-a", "wash", "--checkpoint-every", "1s"], "--checkpoint-every"),
        (vec!["run", "-a", "wash", "--checkpoint-every", "soon", "--state-out", "x"], "--checkpoint-every"),
        (vec!["run", "-a", "wash", "--shard", "3/2"], "--shard"),
        (vec!["run", "-a", "wash", "--shard", "0/2"], "--shard"),
        (vec!["run", "-a", "wash", "--shuffles", "1000", "--shard", "2/3"], "--shard"),
        (vec!["run", "-a", "wash", "--progressive", "--state-out", "x"], "--state-out"),
        (vec!["run", "--decks", "d.txt", "--shard", "1/2"], "--shard"),
        (vec!["run", "--exec", "true", "--state-out", "x"], "--state-out"),
        (
            vec!["run", "-a", "wash", "--seed", "1", "--out", path(tmp.path()), "--state-out", inside.as_str()],
            "--state-out",
        ),
    ] {
        assert_usage_error(&run(&args), flag, &format!("{args:?}"));
    }
    // A finished run's state resumes to the same report without counting anything.
    let again = tmp.path().join("again");
    let out = run(&["run", "--resume", path(&state), "--out", path(&again), "--no-timings"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_same_files(&tmp.path().join("r"), &again, "resume of a finished run");
}

#[test]
fn an_interrupted_progressive_run_reports_its_last_look() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("progressive");
    let child = Command::new(assert_cmd::cargo::cargo_bin("shuffle-audit"))
        .args(["run", "-a", "fisher-yates", "--progressive", "--seed", "2", "--threads", "2", "--out", path(&dir)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Past its first looks (2^16 shuffles and on) however slow the machine.
    wait_for_cpu(child.id(), 1.0, "the progressive run");
    signal(&child, libc::SIGINT);
    let (status, out, err) = wait_within(child, Duration::from_secs(20));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(out.contains("PARTIAL (interrupted by SIGINT) PASS: not detected up to 2^"), "{out}");
    assert!(err.contains("interrupted by SIGINT after the look at 2^"), "{err}");
    let json = run_json(&dir);
    assert_eq!(json["incomplete"]["stopped"], "interrupt");
    assert_eq!(json["incomplete"]["planned"], 1u64 << 30);
}

#[test]
fn a_time_limit_stops_a_built_in_run_like_a_signal() {
    let whole = long_whole();
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("timed");
    let (status, out, err) = wait_within(spawn(&MEDIUM, &dir, &["--timeout", "1s"]), Duration::from_secs(20));
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("stopped by the time limit after "), "{err}");
    assert!(out.contains("PARTIAL (stopped by the time limit after "), "{out}");
    assert_eq!(run_json(&dir)["incomplete"]["stopped"], "timeout");
    let state = dir.join("run.state");
    let resumed = run(&["run", "--resume", path(&state), "--out", path(&dir), "--no-timings"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_same_files(whole, &dir, "after the time limit");
}

/// The issue's own figures, run by CI with the other heavy tests (`--ignored`): SIGINT 2 s into a run of about
/// 10 s (3·10^7 fisher-yates shuffles on two threads of a processor without AVX-512, at about 3 M/s) writes the
/// partial report and the state within 2 s and exits 130, and `--resume` then gives the bytes of the
/// uninterrupted run.
#[test]
#[ignore = "heavy: two 10-second runs; CI runs it with --ignored"]
fn sigint_two_seconds_into_a_ten_second_run() {
    let tmp = TempDir::new().unwrap();
    let args = ["-a", "fisher-yates", "--shuffles", "3e7", "--seed", "12", "--no-timings", "--threads", "2"];
    let whole = tmp.path().join("whole");
    let started = Instant::now();
    assert!(run(&[&["run"], &args[..], &["--out", path(&whole)]].concat()).status.success());
    eprintln!("the whole run took {:?}", started.elapsed());
    let dir = tmp.path().join("stopped");
    let child = Command::new(assert_cmd::cargo::cargo_bin("shuffle-audit"))
        .args([&["run"], &args[..], &["--out", path(&dir)]].concat())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // About 2 s into the run on two cores: 4 s of CPU.
    wait_for_cpu(child.id(), 4.0, "the run");
    signal(&child, libc::SIGINT);
    let sent = Instant::now();
    let (status, _, err) = wait_within(child, Duration::from_secs(20));
    let latency = sent.elapsed();
    eprintln!("stopped, reports and state written {latency:?} after SIGINT");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(latency < Duration::from_secs(2), "{latency:?}");
    assert!(dir.join("run.state").exists());
    let resumed = run(&["run", "--resume", path(&dir.join("run.state")), "--out", path(&dir), "--no-timings"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_same_files(&whole, &dir, "10-second run");
}

#[test]
fn an_interrupted_run_says_so_in_chinese_too() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("zh");
    let out = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--shuffles",
        "1e9",
        "--seed",
        "1",
        "--lang",
        "zh",
        "--timeout",
        "300ms",
        "--out",
        path(&dir),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("  PARTIAL（不完整）：时间限制已到：完成 "), "{text}");
    assert!(text.contains("/ 1,000,000,000 次洗牌；报告只含已完成的洗牌"), "{text}");
    assert!(read(&dir.join("report.html")).contains("PARTIAL（不完整：时间限制已到："));
}

#[test]
fn shards_of_a_broken_run_merge_into_its_broken_report() {
    let tmp = TempDir::new().unwrap();
    let args = ["-a", "reject-retry", "--rng", "msvc", "--shuffles", "200000", "--seed", "1", "--no-timings"];
    let single = tmp.path().join("single");
    assert_eq!(run(&[&["run"], &args[..], &["--out", path(&single)]].concat()).status.code(), Some(1));
    let mut states = Vec::new();
    for i in 1..=2 {
        let state = tmp.path().join(format!("{i}.state"));
        let shard = format!("{i}/2");
        let out = run(&[
            &["run"],
            &args[..],
            &["--shard", &shard, "--state-out", path(&state)],
            &["--out", path(&tmp.path().join(&shard))],
        ]
        .concat());
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        states.push(state);
    }
    let merged = tmp.path().join("merged");
    let out = run(&["merge", path(&states[0]), path(&states[1]), "--no-timings", "--out", path(&merged)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("the first fault, in chunk 0, ends the run (BROKEN)"), "{}", stdout(&out));
    assert_same_files(&single, &merged, "a broken run's shards");
}

/// A quick built-in run; tests that expect its exit status 0 expect PASS of a fair shuffle at a fixed seed
/// (nominally a 2e-3 chance of SUSPICIOUS for an arbitrary seed, none for this one: fixed and checked once).
const TINY: [&str; 8] = ["-a", "fisher-yates", "--shuffles", "40000", "--seed", "3", "--no-timings", "--threads"];

fn tiny(extra: &[&str]) -> std::process::Output {
    run(&[&["run"], &TINY[..], &["2"], extra].concat())
}

#[test]
fn temporary_files_are_never_opened_through_links_planted_at_their_names() {
    let tmp = TempDir::new().unwrap();
    let victim = tmp.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let (state, merged) = (tmp.path().join("p.state"), tmp.path().join("m.state"));
    let (r, m) = (tmp.path().join("r"), tmp.path().join("m"));
    let run_args = [&["run"], &TINY[..], &["2", "--state-out", path(&state), "--out", path(&r)]].concat();
    let merge_args = ["merge", path(&state), "--state-out", path(&merged), "--out", path(&m)];
    for (target, args) in [(&state, run_args.clone()), (&merged, merge_args.to_vec())] {
        // The links are planted for the pids the run most likely gets; planted again until it got one of them.
        let mut tried = 0;
        loop {
            let pids = plant_links(target, &victim);
            let child =
                Command::new(bin_path()).args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            let hit = pids.contains(&child.id());
            let (status, _, err) = wait_within(child, Duration::from_secs(60));
            assert_eq!(status.code(), Some(0), "{args:?}: {err}");
            assert_eq!(read(&victim), "precious", "{args:?}: a planted link was followed");
            assert!(std::fs::symlink_metadata(target).unwrap().is_file(), "{args:?}: the state is a file of its own");
            assert!(std::fs::read(target).unwrap().starts_with(b"shuffle-audit state 1\n"));
            tried += 1;
            if hit {
                break;
            }
            assert!(tried < 5, "the run never got a pid planted for");
        }
    }
}

#[test]
fn state_out_replaces_only_a_state_of_this_tool() {
    let tmp = TempDir::new().unwrap();
    let good = tmp.path().join("good.state");
    assert_eq!(tiny(&["--state-out", path(&good), "--out", path(&tmp.path().join("g"))]).status.code(), Some(0));
    let decks = tmp.path().join("decks.txt");
    std::fs::write(&decks, "0 1 2\n2 1 0\n").unwrap();
    let folder = tmp.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    for (file, needle) in [(&decks, "is not a shuffle-audit state file"), (&folder, "it is a folder")] {
        let out_dir = tmp.path().join("never");
        let cases = [
            [&["run"], &TINY[..], &["2", "--state-out", path(file), "--out", path(&out_dir)]].concat(),
            vec!["merge", path(&good), "--state-out", path(file), "--out", path(&out_dir)],
        ];
        for args in cases {
            let out = run(&args);
            assert_usage_error(&out, "--state-out", &format!("{args:?}"));
            let err = stderr(&out);
            assert!(err.contains(path(file)) && err.contains(needle), "{args:?}: {err}");
            assert!(!out_dir.exists(), "{args:?}: refused before any work");
        }
    }
    assert_eq!(read(&decks), "0 1 2\n2 1 0\n");
    // A state of this tool is replaced (re-runs, checkpoints, resumed runs), and so is an empty file.
    let empty = tmp.path().join("empty.state");
    std::fs::write(&empty, "").unwrap();
    for file in [&good, &empty] {
        let out = tiny(&["--state-out", path(file), "--out", path(&tmp.path().join("again"))]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(std::fs::read(file).unwrap().starts_with(b"shuffle-audit state 1\n"));
    }
    // merge --state-out inside --out is refused before anything is written.
    let merged = tmp.path().join("m");
    let inside = merged.join("m.state");
    let out = run(&["merge", path(&good), "--out", path(&merged), "--state-out", path(&inside)]);
    assert_usage_error(&out, "--state-out", "merge --state-out inside --out");
    assert!(!inside.exists() && !merged.exists(), "nothing written");
}

#[test]
fn what_is_not_a_state_file_is_refused_at_once_and_never_read_whole() {
    let tmp = TempDir::new().unwrap();
    let good = tmp.path().join("good.state");
    assert_eq!(tiny(&["--state-out", path(&good), "--out", path(&tmp.path().join("g"))]).status.code(), Some(0));
    let fifo = tmp.path().join("fifo.state");
    mkfifo(&fifo);
    let folder = tmp.path().join("folder.state");
    std::fs::create_dir(&folder).unwrap();
    // Sparse files: no disk, but 1 GB and 300 MB to read for a reader that reads them whole.
    let sparse = tmp.path().join("sparse.state");
    std::fs::File::create(&sparse).unwrap().set_len(1 << 30).unwrap();
    let long = tmp.path().join("long-header.state");
    std::fs::write(&long, "shuffle-audit state 1\n{\"tool_version\":").unwrap();
    std::fs::OpenOptions::new().write(true).open(&long).unwrap().set_len(300 << 20).unwrap();
    let grown = tmp.path().join("grown.state");
    std::fs::copy(&good, &grown).unwrap();
    std::fs::OpenOptions::new().write(true).open(&grown).unwrap().set_len(1 << 30).unwrap();
    let zero = Path::new("/dev/zero");
    let cases = [
        (zero, "it is a character device, not a regular file"),
        (Path::new("/dev/urandom"), "it is a character device, not a regular file"),
        (&fifo, "it is a FIFO (named pipe), not a regular file"),
        (&folder, "it is a folder, not a regular file"),
        (&sparse, "not a shuffle-audit state file"),
        (&long, "header line is longer than 1048576 bytes (1 MiB)"),
        (&grown, "bytes follow its end"),
    ];
    for (file, needle) in cases {
        for args in [vec!["run", "--resume", path(file)], vec!["merge", path(file), "--out", path(tmp.path())]] {
            // A hang fails the test after 20 s instead of hanging it; a refusal takes milliseconds.
            let (status, out, err, took) = run_within(&args, Duration::from_secs(20));
            assert_eq!(status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(path(file)) && err.contains(needle), "{args:?}: {err}");
            assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert!(took < Duration::from_secs(5), "{args:?}: took {took:?}");
        }
    }
}

#[test]
fn crafted_headers_are_refused_naming_the_field_never_with_a_panic() {
    let tmp = TempDir::new().unwrap();
    let good = tmp.path().join("good.state");
    let o = tiny(&["--shard", "1/2", "--state-out", path(&good), "--out", path(&tmp.path().join("g"))]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&good).unwrap();
    let cases: [(&str, serde_json::Value, &str); 8] = [
        ("seconds", serde_json::json!(-1.0), "header field 'seconds'"),
        ("seconds", serde_json::json!(1e308), "header field 'seconds'"),
        ("threads", serde_json::json!(0), "header field 'threads'"),
        ("threads", serde_json::json!(-3), "header field 'threads'"),
        ("shard", serde_json::json!([5, 2]), "header field 'shard'"),
        ("covered", serde_json::json!([[1, 0]]), "header field 'covered'"),
        ("shuffles_counted", serde_json::json!(1), "header field 'shuffles_counted'"),
        ("chunk_shuffles", serde_json::json!(0), "header field 'chunk_shuffles'"),
    ];
    for (i, (field, value, needle)) in cases.iter().enumerate() {
        let file = tmp.path().join(format!("{i}-{field}.state"));
        std::fs::write(&file, with_header(&bytes, |h| h[*field] = value.clone())).unwrap();
        for args in [vec!["merge", path(&file)], vec!["run", "--resume", path(&file)]] {
            let out = run(&args);
            assert_usage_error(&out, needle, &format!("{args:?}"));
            assert!(stderr(&out).contains(path(&file)), "{}", stderr(&out));
        }
    }
}

#[test]
fn options_a_resumed_run_would_ignore_and_a_negative_shard_are_refused_naming_the_flag() {
    let tmp = TempDir::new().unwrap();
    let state = tmp.path().join("s.state");
    assert_eq!(tiny(&["--state-out", path(&state), "--out", path(&tmp.path().join("r"))]).status.code(), Some(0));
    let out = run(&["run", "--resume", path(&state), "--against-exact", "--out", path(&tmp.path().join("x"))]);
    assert_usage_error(&out, "--against-exact", "--resume --against-exact");
    assert!(stderr(&out).contains("--resume"), "{}", stderr(&out));
    for shard in ["-1/4", "-0/4", "1/-4"] {
        let out = run(&["run", "-a", "wash", "--shard", shard]);
        assert_usage_error(&out, "--shard", shard);
    }
}

/// A run of samples interrupted part-way keeps its finished samples in `run.state` beside its partial reports;
/// resumed, it ends with the files of the run done whole, its samples and second level included. Before, it
/// said "a run of samples is not resumed" and kept nothing to resume. Its state is refused by `merge` and by
/// the options of a run's state, each named.
#[test]
fn a_run_of_samples_interrupted_and_resumed_gives_the_whole_run() {
    let tmp = TempDir::new().unwrap();
    // 60 samples of 10^5 decks: about 5 s of processor time at the test profile's speed, signalled after 1.5 s
    // (past the first samples even when the other tests load the machine).
    let length =
        ["-a", "fisher-yates", "--shuffles", "6e6", "--samples", "60", "--seed", "5", "--no-timings", "--threads"];
    let whole = tmp.path().join("whole");
    let done = run(&[&["run"], &length[..], &["2", "--out", path(&whole)]].concat());
    let code = done.status.code();
    assert!(matches!(code, Some(0 | 1)), "{}", stderr(&done));
    let dir = tmp.path().join("stopped");
    let child = spawn(&length, &dir, &[]);
    wait_for_cpu(child.id(), 1.5, "the run");
    signal(&child, libc::SIGINT);
    let (status, out, err) = wait_within(child, Duration::from_secs(20));
    assert_eq!(status.code(), Some(130), "{err}");
    let state = dir.join("run.state");
    let resume = format!("continue with: shuffle-audit run --resume {} --out {}", state.display(), dir.display());
    assert!(err.contains("interrupted by SIGINT after ") && err.contains(&resume), "{err}");
    assert!(out.contains("PARTIAL (interrupted by SIGINT after "), "{out}");
    let finished = run_json(&dir)["samples"]["samples"].as_array().unwrap().len();
    assert!((1..60).contains(&finished), "{finished} samples finished before the signal");
    // Its state is a run of samples': not merged, and not given the options of a run's state.
    let merged = run(&["merge", path(&state), "--out", path(&tmp.path().join("merged"))]);
    assert_eq!(merged.status.code(), Some(2));
    assert!(stderr(&merged).contains("run --resume"), "{}", stderr(&merged));
    let other = tmp.path().join("other.state");
    let refused = run(&["run", "--resume", path(&state), "--state-out", path(&other), "--out", path(&dir)]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--state-out") && !other.exists(), "{}", stderr(&refused));
    // Resumed with another thread count: the files of the run done whole.
    let resumed = run(&["run", "--resume", path(&state), "--out", path(&dir), "--no-timings", "--threads", "1"]);
    assert_eq!(resumed.status.code(), code, "{}", stderr(&resumed));
    let told = text(&resumed.stdout);
    assert!(told.contains(&format!("from sample {} (the {finished} before are in the state)", finished + 1)), "{told}");
    assert_same_files(&whole, &dir, "samples resumed");
    for f in ["samples.csv", "second_level.csv"] {
        assert!(read(&whole.join(f)) == read(&dir.join(f)), "{f} differs");
    }
    assert!(!state.exists(), "the finished run's folder keeps no state");
}
