//! Where external decks come from (a file, standard input, or the standard output of a program), and the
//! bounded line reader that streams them.
//!
//! Lines are read with one reusable buffer: a line longer than [`MAX_LINE_BYTES`] is skipped to its end
//! through the reader's own buffer without being stored, so a 10^6-character line (or a binary file with no
//! line breaks) costs no more memory than a short one. A program is started with `sh -c`; its standard output
//! is read as it streams, its standard error is drained on a thread into a bounded tail (the last
//! [`STDERR_TAIL_BYTES`]) so that a chatty producer can neither block on a full pipe nor fill memory.

use std::io::{self, BufRead, Read};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Serialize;

/// Longest line read as a deck: 64 KiB, far more than any deck (1024 cards × a few bytes) needs.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// Bytes of a producer's standard error kept for the report.
pub const STDERR_TAIL_BYTES: usize = 64 * 1024;
/// Lines of a producer's standard error quoted in reports.
pub const STDERR_TAIL_LINES: usize = 10;

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
    /// True when the audit stopped reading early and ended the producer itself (`--strict`).
    pub stopped_by_audit: bool,
    /// Bytes the producer wrote to standard error, and its last lines.
    pub stderr_bytes: u64,
    pub stderr_tail: Vec<String>,
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
        if let Some(last) = self.stderr_tail.last() {
            s.push_str(&format!("; last line of its stderr: {last}"));
        }
        s
    }
}

/// A running producer: `sh -c CMD` with its standard output handed to the reader.
pub struct Producer {
    command: String,
    child: Child,
    tail: Arc<Mutex<StderrTail>>,
    drain: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct StderrTail {
    bytes: Vec<u8>,
    total: u64,
}

impl Producer {
    /// Starts `sh -c command` in `dir` (the current directory when `None`), standard input closed.
    pub fn spawn(command: &str, dir: Option<&Path>) -> io::Result<(Producer, ChildStdout)> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(d) = dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn()?;
        let stdout = child.stdout.take().ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let mut stderr = child.stderr.take().ok_or_else(|| io::Error::other("no stderr pipe"))?;
        let tail = Arc::new(Mutex::new(StderrTail::default()));
        let sink = Arc::clone(&tail);
        let drain = std::thread::spawn(move || {
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
        });
        Ok((Producer { command: command.to_string(), child, tail, drain: Some(drain) }, stdout))
    }

    /// Waits for the producer to end and reports its exit status and the tail of its standard error. With
    /// `stop` the audit stopped reading early: a producer still running is ended, and however it ends (killed,
    /// or dead of the closed pipe it was writing to) is the audit's doing, not a failure of the producer.
    pub fn finish(mut self, stop: bool) -> ProducerStatus {
        if stop && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let status: Option<ExitStatus> = self.child.wait().ok();
        // A grandchild may keep stderr open after the shell exits; wait a little, never forever.
        if let Some(drain) = self.drain.take() {
            let deadline = Instant::now() + Duration::from_secs(2);
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
        use std::os::unix::process::ExitStatusExt;
        ProducerStatus {
            command: self.command.clone(),
            exit_code: status.and_then(|s| s.code()),
            signal: status.and_then(|s| s.signal()),
            stopped_by_audit: stop,
            stderr_bytes,
            stderr_tail,
        }
    }
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
        let (p, mut out) = Producer::spawn("echo 1 0; echo oops >&2; exit 3", None).unwrap();
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        assert_eq!(s, "1 0\n");
        let st = p.finish(false);
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
        let st = p.finish(false);
        assert_eq!(st.stderr_bytes, 300_005);
        assert_eq!(st.stderr_tail.last().map(String::as_str), Some("end"));
    }
}
