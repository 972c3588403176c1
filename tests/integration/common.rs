//! Helpers shared by the integration tests: the binary, its output as text, the report files, and the check that
//! a usage error is one line naming its flag with exit status 2.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// The repository's root (relative paths in `shuffle-audit.toml` and the scripts start there).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, ready for arguments.
pub fn bin() -> Command {
    Command::cargo_bin("shuffle-audit").unwrap()
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

/// Bytes as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// A file's text, or a panic naming the file.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A CSV file's header and rows.
pub fn csv_rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows = r.records().map(|rec| rec.unwrap().iter().map(str::to_string).collect()).collect();
    (header, rows)
}

/// `run.json` of a run's folder.
pub fn run_json(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read(&dir.join("run.json"))).unwrap()
}

/// Checks a usage error: exit status 2, exactly one non-empty line on stderr that contains `needle` (the flag),
/// and nothing on stdout.
pub fn assert_usage_error(out: &Output, needle: &str, what: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    let lines: Vec<&str> = err.trim().lines().collect();
    assert_eq!(lines.len(), 1, "{what}: stderr is not one line:\n{err}");
    assert!(!lines[0].trim().is_empty(), "{what}: empty error line");
    assert!(lines[0].contains(needle), "{what}: '{}' does not name {needle}", lines[0]);
    assert!(stdout(out).is_empty(), "{what}: printed something anyway:\n{}", stdout(out));
}

/// The binary's path, for tests that start it as a plain child process (to signal it, or to bound its time).
pub fn bin_path() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_shuffle-audit"))
}

/// Waits for `child`, killing it and failing the test after `limit`: a regression that hangs fails instead.
pub fn wait_or_kill(
    child: &mut std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}; killed");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The state letter of a process in /proc (`R`, `S`, `Z`, …), or `None` when there is no such process.
fn proc_state(pid: i32) -> Option<(char, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (comm) state ppid pgrp …`: the command may hold spaces, so split after the last `)`.
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let pgrp = fields.nth(1)?.parse().ok()?;
    Some((state, pgrp))
}

/// True while `pid` runs: a zombie (dead, not yet reaped by init) does not count.
pub fn running(pid: i32) -> bool {
    proc_state(pid).is_some_and(|(state, _)| !matches!(state, 'Z' | 'X' | 'x'))
}

/// The processes of process group `group` that are still running.
pub fn running_in_group(group: i32) -> Vec<i32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        if proc_state(pid).is_some_and(|(state, pgrp)| pgrp == group && !matches!(state, 'Z' | 'X' | 'x')) {
            pids.push(pid);
        }
    }
    pids
}

/// The pids a producer wrote to `path`, one per line (`echo $$ > pids; sleep 1000 & echo $! >> pids`), once
/// `count` of them are there.
pub fn pids_written(path: &Path, count: usize) -> Vec<i32> {
    let start = std::time::Instant::now();
    loop {
        let pids: Vec<i32> =
            std::fs::read_to_string(path).unwrap_or_default().lines().filter_map(|l| l.trim().parse().ok()).collect();
        if pids.len() >= count {
            return pids;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "{}: the producer wrote no pids", path.display());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Polls `done` every 20 ms until it holds, failing the test after `limit`: tests wait for what they need to
/// have happened (a file, work done), never for a fixed time, so that a slow machine only makes them slower.
pub fn wait_until(what: &str, limit: std::time::Duration, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "gave up after {limit:?} waiting for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The CPU time a process has used so far (user + system, from /proc/PID/stat), in seconds; 0 once it is gone.
/// A run that has used some CPU is past its start-up and counting, however slow the machine.
pub fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // `pid (comm) state …`: fields after the command; utime and stime are the 14th and 15th of the whole line.
    let Some((_, rest)) = stat.rsplit_once(')') else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11..13).map_or(0, |f| f.iter().filter_map(|v| v.parse::<u64>().ok()).sum());
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    ticks as f64 / per_second
}

/// Waits until the process `pid` has used `seconds` of CPU (see [`cpu_seconds`]), failing after two minutes.
pub fn wait_for_cpu(pid: u32, seconds: f64, what: &str) {
    wait_until(&format!("{what} to use {seconds} s of CPU"), std::time::Duration::from_secs(120), || {
        cpu_seconds(pid) >= seconds
    });
}

/// The bytes a process has read through read(2) and the like so far (`rchar` of /proc/PID/io); 0 once it is
/// gone. A run reading decks from a producer has counted some once it has read a few pages of them.
pub fn bytes_read(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/io"))
        .ok()
        .and_then(|io| io.lines().find_map(|l| l.strip_prefix("rchar:").and_then(|v| v.trim().parse().ok())))
        .unwrap_or(0)
}

/// True once the process `pid` has installed a handler for `signal` (its bit in `SigCgt` of /proc/PID/status):
/// a signal sent before would end it by the default action instead of being obeyed.
pub fn handles_signal(pid: u32, signal: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find_map(|l| l.strip_prefix("SigCgt:").map(|v| v.trim().to_string())))
        .and_then(|hex| u64::from_str_radix(&hex, 16).ok())
        .is_some_and(|mask| mask >> (signal - 1) & 1 == 1)
}

/// Plants a symbolic link to `victim` at the name the tool's earlier scheme gave the temporary file of `target`
/// (`.NAME.<pid>.tmp`), for each of the next few thousand pids, which the next process started most likely gets;
/// returns the pids planted. (A pid outside them means the test must plant again: the caller checks.)
pub fn plant_links(target: &Path, victim: &Path) -> std::ops::RangeInclusive<u32> {
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid").unwrap().trim().parse().unwrap();
    let name = target.file_name().unwrap().to_str().unwrap();
    let dir = target.parent().unwrap();
    let pids = last + 1..=last + 3000;
    for pid in pids.clone() {
        let link = dir.join(format!(".{name}.{pid}.tmp"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(victim, &link).unwrap();
    }
    pids
}

/// Makes a FIFO (named pipe) at `path`.
pub fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path that lives across the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
}

/// Runs the binary with `args`, its output collected, killing it and failing after `limit`: a regression that
/// hangs (on a FIFO, a device) fails instead. The exit status, stdout, stderr and the time it took.
pub fn run_within(
    args: &[&str],
    limit: std::time::Duration,
) -> (std::process::ExitStatus, String, String, std::time::Duration) {
    use std::io::Read;
    let start = std::time::Instant::now();
    let mut child = std::process::Command::new(bin_path())
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_or_kill(&mut child, limit, &format!("{args:?}"));
    let took = start.elapsed();
    let (mut out, mut err) = (String::new(), String::new());
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status, out, err, took)
}
