//! Where external decks come from (a file, standard input, or the standard output of a program), and the
//! bounded line reader that streams them.
//!
//! Lines are read with one reusable buffer: a line longer than [`MAX_LINE_BYTES`] is skipped to its end
//! through the reader's own buffer without being stored, so a 10^6-character line (or a binary file with no
//! line breaks) costs no more memory than a short one. A program is started with `sh -c` in a process group of
//! its own; its standard output is read as it streams (through [`super::wait`], which never waits silently or
//! forever), its standard error is drained on a thread into a bounded tail (the last [`STDERR_TAIL_BYTES`]) so
//! that a chatty producer can neither block on a full pipe nor fill memory. However the audit ends (the end of
//! the input, `--strict`, a signal, a time limit, an error, a panic), the whole group is ended with it:
//! SIGTERM, then SIGKILL after [`KILL_GRACE`].
//!
//! A process can leave the group (`setsid`, `setpgid`) and so escape a signal to it. Every producer is
//! therefore started with a mark in its environment ([`PRODUCER_MARK`], unique to the producer), which every
//! process it starts inherits; when the producer is ended, any process still running with that mark is killed
//! too (on Linux, through /proc: the mark is read from `/proc/PID/environ`, readable for the user's own
//! processes). A process that also clears its environment (`env -i setsid …`) escapes both; the binary (not
//! the library, which must not change how its host's orphans are reaped) therefore also makes itself the reaper
//! of its producers' orphans ([`adopt_orphans`]): such a process, once the shell that started it has exited,
//! is the binary's child, and is ended with the rest. Elsewhere than Linux only the group is ended.

use std::io::{self, BufRead, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::audit::stop::format_duration;

/// Longest line read as a deck: 64 KiB, far more than any deck (1024 cards × a few bytes) needs.
pub(crate) const MAX_LINE_BYTES: usize = 64 * 1024;
/// Bytes of a producer's standard error kept for the report.
pub(crate) const STDERR_TAIL_BYTES: usize = 64 * 1024;
/// Lines of a producer's standard error quoted in reports.
pub(crate) const STDERR_TAIL_LINES: usize = 10;
/// Silence on a producer's output after its shell exited before the output is taken as finished.
pub(crate) const HELD_OUTPUT_GRACE: Duration = Duration::from_secs(2);
/// Time a producer gets to exit after closing its output before its group is ended.
pub(crate) const EXIT_GRACE: Duration = Duration::from_secs(5);

pub use crate::audit::source::ExternalSource;

/// One line from a [`LineReader`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes, without `\n` or a trailing `\r`.
    Text(&'a [u8]),
    /// A line over the limit: its length, its bytes not kept.
    TooLong { bytes: u64 },
}

/// Streams lines with one reusable buffer of at most `limit` bytes.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    line: u64,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, MAX_LINE_BYTES)
    }

    pub fn with_limit(inner: R, limit: usize) -> Self {
        LineReader { inner, buf: Vec::with_capacity(256), line: 0, limit }
    }

    /// The next line with its 1-based number, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        self.buf.clear();
        let mut total: u64 = 0;
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (take, done) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if total + take as u64 <= self.limit as u64 {
                self.buf.extend_from_slice(&chunk[..take]);
            }
            total += take as u64;
            self.inner.consume(take + usize::from(done));
            if done {
                break;
            }
        }
        self.line += 1;
        if total > self.limit as u64 {
            return Ok(Some((self.line, Line::TooLong { bytes: total })));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some((self.line, Line::Text(&self.buf))))
    }
}

/// How a producer ended.
#[derive(Clone, Debug, Serialize)]
pub struct ProducerStatus {
    pub command: String,
    /// The exit code, when it exited.
    pub exit_code: Option<i32>,
    /// The signal that ended it, when one did.
    pub signal: Option<i32>,
    /// True when the audit stopped reading early and ended the producer itself (`--strict`, a signal, a time
    /// limit, or a producer that did not exit after closing its output).
    pub stopped_by_audit: bool,
    /// A producer that did not let go: its output held open after its shell exited, or the shell still running
    /// after its output closed. Its process group was ended either way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lingered: Option<Linger>,
    /// Bytes the producer wrote to standard error, and its last lines.
    pub stderr_bytes: u64,
    pub stderr_tail: Vec<String>,
}

crate::names::named_enum! {
    /// How a producer kept the audit waiting after its decks: each ends its process group, with a warning.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Linger("way a producer lingered") {
        /// Its shell exited, but a process it started kept the output open with nothing on it; the input was
        /// taken as finished.
        HeldOutput => "held-output",
        /// It closed its output but did not exit.
        KeptRunning => "kept-running",
    }
}

impl Linger {
    /// The warning, in words: what the producer did and what the audit did about it.
    pub fn describe(self) -> String {
        match self {
            Linger::HeldOutput => format!(
                "its shell exited but a process it started kept the output open, silent for {}: the process \
                 group was ended and the input taken as finished",
                format_duration(HELD_OUTPUT_GRACE)
            ),
            Linger::KeptRunning => format!(
                "it closed its output but was still running {} later: the process group was ended",
                format_duration(EXIT_GRACE)
            ),
        }
    }
}

impl ProducerStatus {
    /// Exit status 0, or ended by the audit itself.
    pub fn succeeded(&self) -> bool {
        self.stopped_by_audit || self.exit_code == Some(0)
    }

    /// `exit status 0`, `exit status 3`, `killed by signal 9`.
    pub fn exit_label(&self) -> String {
        match (self.exit_code, self.signal) {
            (Some(c), _) => format!("exit status {c}"),
            (None, Some(s)) => format!("killed by signal {s}"),
            (None, None) => "unknown exit status".to_string(),
        }
    }

    /// `exited with status 3`, `was killed by signal 11`.
    pub fn ending(&self) -> String {
        match (self.exit_code, self.signal) {
            (Some(c), _) => format!("exited with status {c}"),
            (None, Some(s)) => format!("was killed by signal {s}"),
            (None, None) => "ended with an unknown status".to_string(),
        }
    }

    /// One line: how it ended, and the last line of its standard error.
    pub fn describe(&self) -> String {
        let mut s = format!("`{}` {}", self.command, self.ending());
        if self.stopped_by_audit {
            s.push_str(" (stopped by the audit)");
        }
        if let Some(l) = self.lingered {
            s.push_str(&format!("; warning: {}", l.describe()));
        }
        if let Some(last) = self.stderr_tail.last() {
            s.push_str(&format!("; last line of its stderr: {last}"));
        }
        s
    }
}

/// The process group of the producer running now (the pid of its `sh`, which leads the group), 0 when none.
///
/// A producer runs in a process group of its own, so that the audit can end it with everything it started (a
/// background child, a pipeline) and so that the terminal's Ctrl-C reaches the audit only. The binary's signal
/// handler reads this when a second SIGINT or SIGTERM aborts the run at once: `kill(-group, SIGKILL)` is
/// async-signal-safe. [`Producer::spawn`] sets it and ending the group clears it; one producer runs at a time.
pub static PRODUCER_GROUP: AtomicI32 = AtomicI32::new(0);

/// The environment variable that marks every process a producer starts: its value is unique to the producer
/// (this process's pid and a count), so that processes that left the producer's group can be found and ended.
pub(crate) const PRODUCER_MARK: &str = "SHUFFLE_AUDIT_PRODUCER";

/// Whether this process adopts the orphans of its producers ([`adopt_orphans`]).
static ADOPTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes this process the reaper of the orphans of the processes it starts (Linux's `PR_SET_CHILD_SUBREAPER`):
/// a process a producer started, whose parent has exited, becomes this process's child instead of init's, and
/// is ended with the producer even when it left the group and cleared its environment. For a program whose only
/// children while a producer runs are that producer's (the binary): every other living child of this process
/// is ended with the producer. Returns whether the kernel accepted it.
pub fn adopt_orphans() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER takes an integer and touches no memory of ours.
        let ok = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0;
        ADOPTING.store(ok, Ordering::SeqCst);
        ok
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// Producers started by this process, for their marks.
static PRODUCERS_STARTED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Time a producer's process group gets to end after SIGTERM before it is sent SIGKILL.
pub(crate) const KILL_GRACE: Duration = Duration::from_secs(1);
/// The same when the time limit (`--timeout`) ran out: the limit is the user's deadline for the whole run, so the
/// producer gets only this before SIGKILL, and the run ends within 0.3 s of its limit.
pub(crate) const TIMEOUT_KILL_GRACE: Duration = Duration::from_millis(150);
/// How long the tail of a producer's standard error is waited for once its processes are ended: a process it
/// started that escaped being ended may hold the pipe open. Shorter after a time limit, for the same reason.
const STDERR_WAIT: Duration = Duration::from_secs(2);
const TIMEOUT_STDERR_WAIT: Duration = Duration::from_millis(50);

/// How the reading of a producer's output ended, which decides how the producer is ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Its output ended: it gets `EXIT_GRACE` to exit, then its group is ended.
    Ended,
    /// The audit stopped reading (`--strict`, progressive mode, a signal, a read error): its group is ended now,
    /// and however it ends is the audit's doing.
    Stopped,
    /// As [`Reading::Stopped`], because the time limit ran out: SIGKILL follows SIGTERM after
    /// `TIMEOUT_KILL_GRACE` only.
    TimedOut,
    /// Its shell exited and a process it started held the output open, silent: the group is ended now.
    HeldOutput,
}

/// A running producer: `sh -c CMD` in a process group of its own, its standard output handed to the reader.
/// Dropped without [`Producer::finish`] (an early return, a panic), it ends its group with SIGKILL.
pub struct Producer {
    command: String,
    child: Child,
    /// The process group (the shell's pid); 0 once ended.
    group: i32,
    tail: Arc<Mutex<StderrTail>>,
    drain: Option<JoinHandle<()>>,
    /// The value of [`PRODUCER_MARK`] in its environment and its descendants'.
    mark: String,
}

#[derive(Default)]
struct StderrTail {
    bytes: Vec<u8>,
    total: u64,
}

impl Producer {
    /// Starts `sh -c command` in `dir` (the current directory when `None`), standard input closed, in a new
    /// process group. Its standard output is non-blocking: the reader waits for it with `poll`.
    pub fn spawn(command: &str, dir: Option<&Path>) -> io::Result<(Producer, ChildStdout)> {
        let mark = format!("{}-{}", std::process::id(), PRODUCERS_STARTED.fetch_add(1, Ordering::Relaxed));
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        cmd.env(PRODUCER_MARK, &mark);
        cmd.process_group(0);
        if let Some(d) = dir {
            cmd.current_dir(d);
        }
        let child = cmd.spawn()?;
        let group = i32::try_from(child.id()).unwrap_or(0);
        PRODUCER_GROUP.store(group, Ordering::SeqCst);
        // From here on, dropping the producer ends the group, whatever goes wrong.
        let mut producer = Producer {
            command: command.to_string(),
            child,
            group,
            tail: Arc::new(Mutex::new(StderrTail::default())),
            drain: None,
            mark,
        };
        let stdout = producer.child.stdout.take().ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let mut stderr = producer.child.stderr.take().ok_or_else(|| io::Error::other("no stderr pipe"))?;
        set_nonblocking(stdout.as_raw_fd())?;
        let sink = Arc::clone(&producer.tail);
        producer.drain = Some(std::thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            loop {
                match stderr.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(k) => {
                        let Ok(mut t) = sink.lock() else { break };
                        t.total += k as u64;
                        t.bytes.extend_from_slice(&chunk[..k]);
                        // Keep the last STDERR_TAIL_BYTES, trimming in blocks so the copy is amortised.
                        if t.bytes.len() > 2 * STDERR_TAIL_BYTES {
                            let cut = t.bytes.len() - STDERR_TAIL_BYTES;
                            t.bytes.drain(..cut);
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        }));
        Ok((producer, stdout))
    }

    /// The command as given.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// True once the shell has exited (its status is kept for [`Producer::finish`]).
    pub fn has_exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Ends the producer as `reading` says and reports its exit status and the tail of its standard error; the
    /// whole process group is ended on every path, so nothing the producer started outlives the audit. With
    /// [`Reading::Ended`] the shell gets `EXIT_GRACE` to exit; `waiting` is called every few
    /// milliseconds meanwhile (for the waiting lines) and stops the wait early by returning `false` (a signal).
    /// The pipe of its standard output must be closed before (a producer the audit stopped reading then gets
    /// EPIPE instead of blocking on a full pipe).
    pub fn finish(mut self, reading: Reading, waiting: &mut dyn FnMut() -> bool) -> ProducerStatus {
        let mut stopped_by_audit = matches!(reading, Reading::Stopped | Reading::TimedOut);
        let (grace, stderr_wait) = match reading {
            Reading::TimedOut => (TIMEOUT_KILL_GRACE, TIMEOUT_STDERR_WAIT),
            _ => (KILL_GRACE, STDERR_WAIT),
        };
        let mut lingered = (reading == Reading::HeldOutput).then_some(Linger::HeldOutput);
        if reading == Reading::Ended {
            let deadline = Instant::now() + EXIT_GRACE;
            let mut interrupted = false;
            while !self.has_exited() && Instant::now() < deadline {
                if !waiting() {
                    interrupted = true;
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            if !self.has_exited() {
                stopped_by_audit = true;
                lingered = (!interrupted).then_some(Linger::KeptRunning);
            }
        }
        let status = if stopped_by_audit && !self.has_exited() {
            self.end_group(grace);
            self.child.try_wait().ok().flatten()
        } else {
            let status = self.child.wait().ok();
            // Whatever the shell left behind (a background child, a pipeline's other end) goes with it.
            self.end_group(grace);
            status
        };
        // And whatever left the group (`setsid`), which may also hold standard error open; and, adopted, what
        // also cleared its environment.
        end_marked(&self.mark);
        end_adopted();
        // A grandchild outside the group may keep stderr open after the shell exits; wait a little, never forever.
        if let Some(drain) = self.drain.take() {
            let deadline = Instant::now() + stderr_wait;
            while !drain.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            if drain.is_finished() {
                let _ = drain.join();
            }
        }
        let (stderr_bytes, stderr_tail) = match self.tail.lock() {
            Ok(t) => (t.total, last_lines(&t.bytes, STDERR_TAIL_LINES)),
            Err(_) => (0, Vec::new()),
        };
        ProducerStatus {
            command: self.command.clone(),
            exit_code: status.and_then(|s| s.code()),
            signal: status.and_then(|s| s.signal()),
            stopped_by_audit,
            lingered,
            stderr_bytes,
            stderr_tail,
        }
    }

    /// Ends the process group: SIGTERM, then SIGKILL to whatever is left after `grace` ([`KILL_GRACE`] or
    /// [`TIMEOUT_KILL_GRACE`]); reaps the shell and clears [`PRODUCER_GROUP`]. A group already empty costs one
    /// `kill(-group, 0)`.
    fn end_group(&mut self, grace: Duration) {
        let group = std::mem::replace(&mut self.group, 0);
        if group <= 0 {
            return;
        }
        // The shell, reaped, no longer counts as a member; a live or unreaped one does.
        let _ = self.child.try_wait();
        if group_alive(group) {
            // SAFETY: kill(2) with a negative pid signals the process group the producer leads; no memory is
            // involved.
            unsafe { libc::kill(-group, libc::SIGTERM) };
            let deadline = Instant::now() + grace;
            loop {
                let _ = self.child.try_wait();
                if !group_alive(group) {
                    break;
                }
                if Instant::now() >= deadline {
                    // SAFETY: as above.
                    unsafe { libc::kill(-group, libc::SIGKILL) };
                    // SIGKILL cannot be caught, but dying takes a moment: wait for it, briefly.
                    let deadline = Instant::now() + KILL_GRACE;
                    while group_alive(group) && Instant::now() < deadline {
                        let _ = self.child.try_wait();
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.child.wait();
        let _ = PRODUCER_GROUP.compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

impl Drop for Producer {
    /// An early return or a panic: the group is killed at once, the shell reaped.
    fn drop(&mut self) {
        let group = std::mem::replace(&mut self.group, 0);
        if group > 0 {
            // SAFETY: kill(2) on the producer's own process group.
            unsafe { libc::kill(-group, libc::SIGKILL) };
            let _ = self.child.wait();
            let _ = PRODUCER_GROUP.compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst);
            end_marked(&self.mark);
            end_adopted();
        }
    }
}

/// Kills every process still running with `PRODUCER_MARK=mark` in its environment: those a producer started
/// that left its process group. A process may start another while it is being killed, so the search is
/// repeated until it finds none (at most a few rounds). Without /proc, nothing is done.
fn end_marked(mark: &str) {
    #[cfg(target_os = "linux")]
    {
        let needle = format!("{PRODUCER_MARK}={mark}").into_bytes();
        for _ in 0..8 {
            let marked = marked_processes(&needle);
            if marked.is_empty() {
                return;
            }
            for pid in marked {
                // SAFETY: kill(2) on a process that carries this producer's mark: one the producer started.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = mark;
}

/// With [`adopt_orphans`]: kills and reaps every child of this process left once the producer's shell has been
/// reaped: orphans of the producer's processes that the kernel gave to this process. Killing one orphans its own
/// children, adopted in turn, so the search is repeated until it finds none (at most a few rounds).
fn end_adopted() {
    #[cfg(target_os = "linux")]
    if ADOPTING.load(Ordering::SeqCst) {
        let me = std::process::id() as i32;
        for _ in 0..8 {
            let children = processes_where(|pid, _| stat_of(pid).is_some_and(|(_, ppid)| ppid == me));
            if children.is_empty() {
                return;
            }
            for &pid in &children {
                // SAFETY: kill(2) and waitpid(2) on a child of this process (adopted): no memory of ours is
                // involved, and a child already reaped makes waitpid fail harmlessly.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            for &pid in &children {
                let deadline = Instant::now() + KILL_GRACE;
                // SAFETY: as above; WNOHANG never blocks.
                while unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) } == 0
                    && Instant::now() < deadline
                {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
        }
    }
}

/// A process's state letter and parent, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn stat_of(pid: i32) -> Option<(char, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut rest = stat.rsplit_once(')')?.1.split_whitespace();
    let state = rest.next()?.chars().next()?;
    Some((state, rest.next()?.parse().ok()?))
}

/// The processes of /proc (other than this one) for which `keep(pid, environ)` holds; `environ` is read lazily.
#[cfg(target_os = "linux")]
fn processes_where(mut keep: impl FnMut(i32, &dyn Fn() -> Option<Vec<u8>>) -> bool) -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    let mut found = Vec::new();
    for entry in dir.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        let environ = || std::fs::read(format!("/proc/{pid}/environ")).ok();
        if pid != me && keep(pid, &environ) {
            found.push(pid);
        }
    }
    found
}

/// The living processes (not zombies) whose environment holds `needle` (`NAME=value`) as an entry. (Another
/// user's process cannot be read, and cannot be the producer's.)
#[cfg(target_os = "linux")]
fn marked_processes(needle: &[u8]) -> Vec<i32> {
    processes_where(|pid, environ| {
        environ().is_some_and(|e| e.split(|&b| b == 0).any(|entry| entry == needle))
            && stat_of(pid).is_some_and(|(state, _)| !matches!(state, 'Z' | 'X' | 'x'))
    })
}

/// True while a process of the group is still running.
fn group_alive(group: i32) -> bool {
    // SAFETY: signal 0 only checks that the group exists and may be signalled.
    if unsafe { libc::kill(-group, 0) } != 0 {
        return false;
    }
    // kill(2) also counts the dead that are not yet reaped: an orphan waits for init, which may take its time
    // (a second in some containers). On Linux /proc tells the living from the dead.
    #[cfg(target_os = "linux")]
    if let Some(living) = living_member(group) {
        return living;
    }
    true
}

/// Whether a process of `group` that is neither a zombie nor dead is listed in /proc; `None` without /proc.
#[cfg(target_os = "linux")]
fn living_member(group: i32) -> Option<bool> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().filter(|n| n.bytes().all(|b| b.is_ascii_digit())) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // `pid (comm) state ppid pgrp …`; the command may hold spaces and parentheses, so split after the last `)`.
        let Some((_, rest)) = stat.rsplit_once(')') else { continue };
        let mut fields = rest.split_whitespace();
        let state = fields.next();
        let pgrp = fields.nth(1).and_then(|f| f.parse::<i32>().ok());
        if pgrp == Some(group) && !matches!(state, Some("Z" | "X" | "x")) {
            return Some(true);
        }
    }
    Some(false)
}

/// Makes a file descriptor the audit owns (a producer's pipe) non-blocking.
fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this process owns, with flags it read first.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The last `k` non-empty lines of `bytes`, decoded lossily, each at most 300 characters.
fn last_lines(bytes: &[u8], k: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    lines[lines.len().saturating_sub(k)..]
        .iter()
        .map(|l| {
            if l.chars().count() > 300 {
                format!("{}…", l.chars().take(300).collect::<String>())
            } else {
                l.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line read back: `Ok((number, bytes))`, or `Err((number, length))` for one over the limit.
    type ReadLine = Result<(u64, Vec<u8>), (u64, u64)>;

    fn lines(input: &[u8], limit: usize) -> Vec<ReadLine> {
        // A tiny BufReader capacity makes lines cross buffer boundaries.
        let mut r = LineReader::with_limit(io::BufReader::with_capacity(4, input), limit);
        let mut out = Vec::new();
        while let Some((no, line)) = r.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => Ok((no, t.to_vec())),
                Line::TooLong { bytes } => Err((no, bytes)),
            });
        }
        out
    }

    #[test]
    fn lines_are_split_numbered_and_bounded() {
        let got = lines(b"ab\r\n\nabcdefghij\nxyz", 5);
        assert_eq!(got, vec![Ok((1, b"ab".to_vec())), Ok((2, vec![])), Err((3, 10)), Ok((4, b"xyz".to_vec()))]);
        assert!(lines(b"", 5).is_empty());
        assert_eq!(lines(b"\n", 5), vec![Ok((1, vec![]))]);
    }

    #[test]
    fn labels_and_directories_name_the_source() {
        let f = ExternalSource::Decks(std::path::PathBuf::from("data/deals 2024.txt"));
        assert_eq!(f.label(), "decks:data/deals 2024.txt");
        assert_eq!(f.dir_name(52), "run-decks-deals_2024-52");
        assert_eq!(ExternalSource::Decks(std::path::PathBuf::from("-")).dir_name(54), "run-decks-stdin-54");
        assert_eq!(ExternalSource::Exec("python3 x.py".into()).dir_name(52), "run-exec-52");
    }

    #[test]
    fn a_producer_reports_its_status_and_stderr() {
        let (mut p, out) = Producer::spawn("echo 1 0; echo oops >&2; exit 3", None).unwrap();
        let s = read_all(out, &mut p);
        assert_eq!(s, "1 0\n");
        let st = p.finish(Reading::Ended, &mut || true);
        assert_eq!((st.exit_code, st.succeeded()), (Some(3), false));
        assert_eq!(st.stderr_tail, vec!["oops".to_string()]);
        assert_eq!(
            st.describe(),
            "`echo 1 0; echo oops >&2; exit 3` exited with status 3; last line of its stderr: oops"
        );
    }

    #[test]
    fn stderr_is_kept_bounded() {
        assert_eq!(last_lines(b"a\nb\n\nc\n", 2), vec!["b".to_string(), "c".to_string()]);
        let (p, _out) =
            Producer::spawn("head -c 300000 /dev/zero | tr '\\0' 'x' >&2; echo >&2; echo end >&2", None).unwrap();
        let st = p.finish(Reading::Ended, &mut || true);
        assert_eq!(st.stderr_bytes, 300_005);
        assert_eq!(st.stderr_tail.last().map(String::as_str), Some("end"));
    }

    /// The producer's whole output, read through the polled reader (the pipe is non-blocking).
    fn read_all(out: ChildStdout, p: &mut Producer) -> String {
        let decks = std::cell::Cell::new(0);
        let mut waiting = super::super::wait::Waiting::new("a test".into(), None);
        let mut polled =
            super::super::wait::PolledReader::producer(out, p, &crate::audit::stop::NEVER, &decks, &mut waiting);
        let mut s = String::new();
        polled.read_to_string(&mut s).unwrap();
        s
    }

    /// True while `pid` runs (a zombie not yet reaped by init does not count).
    fn running(pid: i32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit_once(')').and_then(|(_, r)| r.split_whitespace().next().map(str::to_string)))
            .is_some_and(|state| state != "Z" && state != "X")
    }

    /// Starts `sleep 1000` in the background of a producer and returns its pid, read from the output's first line.
    fn with_background_child(script: &str) -> (Producer, ChildStdout, i32) {
        let (p, out) = Producer::spawn(script, None).unwrap();
        // The first line is the child's pid; read it byte by byte, waiting as needed.
        let mut fd = out;
        let mut line = Vec::new();
        let start = Instant::now();
        loop {
            let mut b = [0u8; 1];
            match fd.read(&mut b) {
                Ok(1) if b[0] == b'\n' => break,
                Ok(1) => line.push(b[0]),
                Ok(_) => panic!("the producer ended before printing its child's pid"),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => panic!("{e}"),
            }
            assert!(start.elapsed() < Duration::from_secs(10));
        }
        let pid = String::from_utf8(line).unwrap().trim().parse().unwrap();
        (p, fd, pid)
    }

    #[test]
    fn the_whole_group_is_ended_when_the_audit_stops_and_when_it_ends() {
        // Stopped: the shell and its background child both go.
        let (p, out, child) = with_background_child("sleep 1000 & echo $!; while :; do sleep 1; done");
        assert!(running(child));
        // PRODUCER_GROUP is the process's: other tests' producers come and go while this one runs, so only
        // "not ours any more" is checked.
        let group = p.group;
        drop(out);
        let st = p.finish(Reading::Stopped, &mut || true);
        assert!(st.stopped_by_audit && st.succeeded(), "{st:?}");
        assert!(!running(child), "the background child survived");
        assert_ne!(PRODUCER_GROUP.load(Ordering::SeqCst), group);
        // Ended normally: what the shell left behind goes with it.
        let (mut p, out, child) = with_background_child("exec 3>&1; sleep 1000 >/dev/null & echo $!");
        assert_eq!(read_all(out, &mut p), "");
        let st = p.finish(Reading::Ended, &mut || true);
        assert_eq!((st.exit_code, st.lingered), (Some(0), None));
        assert!(!running(child), "the background child survived");
    }

    #[test]
    fn a_producer_dropped_without_finishing_kills_its_group() {
        let (p, _out, child) = with_background_child("sleep 1000 & echo $!; wait");
        let group = p.group;
        drop(p);
        let start = Instant::now();
        while running(child) {
            assert!(start.elapsed() < Duration::from_secs(2), "the background child survived the guard");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_ne!(PRODUCER_GROUP.load(Ordering::SeqCst), group);
    }
}
