//! Waiting for decks without hanging and without silence: the reader between a file descriptor (a producer's
//! pipe, standard input, a file) and the stream audit.
//!
//! A read that would block waits in `poll(2)` for at most [`POLL_TICK`] at a time, so that the reader notices
//! a [`StopFlag`] being set (SIGINT, SIGTERM, `--timeout`) within 50 ms and ends the input
//! there as if it had ended, remembering why. Between ticks it keeps the clocks: when no deck has arrived for
//! 10 s a [`Notice::Waiting`] says so, then again at 30 s, 1 m, 2 m, 5 m, 10 m and every 10 minutes after
//! ([`waiting_due`]); and a producer whose shell has exited while a process it started still holds the
//! output open, silent for [`HELD_OUTPUT_GRACE`], is taken as finished ([`Ending::HeldOutput`]).
//!
//! The throughput of the parser is kept: the producer's pipe is non-blocking, so `poll` is called only when a
//! read would block, never per line; other descriptors are polled once per read of up to the reader's whole
//! buffer (256 KiB), not per line either.

use std::cell::Cell;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::time::{Duration, Instant};

pub(crate) use super::source::HELD_OUTPUT_GRACE;
use super::source::{Linger, Producer};
use crate::audit::stop::{StopFlag, StopReason, format_duration};

/// Longest single wait in `poll`: how late a stop request or a clock is noticed. Short enough that a time
/// limit ends the reading well within the 0.3 s a run may take past it; twenty wake-ups a second cost nothing.
pub(crate) const POLL_TICK: Duration = Duration::from_millis(50);
/// When the waiting lines are printed, as time without a deck; after the last, every [`WAITING_REPEAT`].
pub(crate) const WAITING_LINES: [Duration; 6] = [
    Duration::from_secs(10),
    Duration::from_secs(30),
    Duration::from_secs(60),
    Duration::from_secs(120),
    Duration::from_secs(300),
    Duration::from_secs(600),
];
/// The interval of the waiting lines after the last of [`WAITING_LINES`].
pub(crate) const WAITING_REPEAT: Duration = Duration::from_secs(600);

/// The time without a deck at which the `k`-th waiting line (0-based) of a silence is due.
pub(crate) fn waiting_due(k: usize) -> Duration {
    match WAITING_LINES.get(k) {
        Some(&d) => d,
        None => WAITING_LINES[WAITING_LINES.len() - 1] + WAITING_REPEAT * (k + 1 - WAITING_LINES.len()) as u32,
    }
}

/// Something the audit tells while it waits (on standard error, by the caller).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No deck has arrived from `source` (in words: "the output of `CMD`", "standard input") for `quiet`.
    Waiting { source: String, quiet: Duration, decks: u64 },
    /// A producer did not let go, and its process group was ended.
    Lingered { command: String, how: Linger },
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Waiting { source, quiet, decks } => write!(
                f,
                "waiting: no deck from {source} for {} ({decks} deck{} so far); Ctrl-C stops with a partial report",
                format_duration(*quiet),
                if *decks == 1 { "" } else { "s" }
            ),
            Notice::Lingered { command, how } => write!(f, "warning: `{command}`: {}", how.describe()),
        }
    }
}

/// The clock of the waiting lines, and whom to tell.
pub struct Waiting<'n> {
    source: String,
    notify: Option<&'n mut dyn FnMut(&Notice)>,
    decks: u64,
    quiet_since: Instant,
    told: usize,
}

impl<'n> Waiting<'n> {
    /// Starts the clock for `source` (in words), telling `notify`, if any.
    pub fn new(source: String, notify: Option<&'n mut dyn FnMut(&Notice)>) -> Self {
        Waiting { source, notify, decks: 0, quiet_since: Instant::now(), told: 0 }
    }

    /// Looks at the clock with `decks` read so far: a new deck starts it again, a silence that reached the next
    /// `waiting_due` is told.
    pub fn tick(&mut self, decks: u64, now: Instant) {
        if decks != self.decks {
            self.decks = decks;
            self.quiet_since = now;
            self.told = 0;
            return;
        }
        let due = waiting_due(self.told);
        if now.duration_since(self.quiet_since) >= due {
            self.told += 1;
            let notice = Notice::Waiting { source: self.source.clone(), quiet: due, decks };
            self.notify(&notice);
        }
    }

    /// Tells `notice`.
    pub fn notify(&mut self, notice: &Notice) {
        if let Some(n) = self.notify.as_mut() {
            n(notice);
        }
    }
}

/// Why a [`PolledReader`] ended its input before the input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The stop flag was set.
    Stopped(StopReason),
    /// The producer's shell exited and its output stayed open with nothing on it for `HELD_OUTPUT_GRACE`.
    HeldOutput,
}

/// A reader that waits with `poll`, obeys a stop flag, prints the waiting lines and watches a producer.
pub struct PolledReader<'a, 'n, R> {
    inner: R,
    fd: RawFd,
    /// The descriptor is non-blocking (the producer's pipe): read first, poll only when it would block.
    nonblocking: bool,
    /// `poll` said the descriptor is readable.
    ready: bool,
    stop: &'a StopFlag,
    /// Deck lines read so far, kept by the stream audit.
    decks: &'a Cell<u64>,
    waiting: &'a mut Waiting<'n>,
    producer: Option<&'a mut Producer>,
    got_data: bool,
    last_data: Instant,
    exited_at: Option<Instant>,
    ended: Option<Ending>,
}

impl<'a, 'n, R: Read + AsRawFd> PolledReader<'a, 'n, R> {
    /// Reads `inner`, a blocking descriptor (standard input, a file, a FIFO).
    pub fn new(inner: R, stop: &'a StopFlag, decks: &'a Cell<u64>, waiting: &'a mut Waiting<'n>) -> Self {
        let fd = inner.as_raw_fd();
        PolledReader {
            inner,
            fd,
            nonblocking: false,
            ready: false,
            stop,
            decks,
            waiting,
            producer: None,
            got_data: false,
            last_data: Instant::now(),
            exited_at: None,
            ended: None,
        }
    }

    /// Reads the non-blocking output of `producer`, watching its shell.
    pub fn producer(
        inner: R,
        producer: &'a mut Producer,
        stop: &'a StopFlag,
        decks: &'a Cell<u64>,
        waiting: &'a mut Waiting<'n>,
    ) -> Self {
        PolledReader { nonblocking: true, producer: Some(producer), ..Self::new(inner, stop, decks, waiting) }
    }

    /// Why the reader ended the input early, if it did; closes the descriptor.
    pub fn finish(self) -> Option<Ending> {
        self.ended
    }

    /// One quiet tick: the clocks of the waiting lines and of a producer that exited.
    fn tick(&mut self) {
        let now = Instant::now();
        if std::mem::take(&mut self.got_data) {
            self.last_data = now;
        }
        self.waiting.tick(self.decks.get(), now);
        let Some(producer) = self.producer.as_deref_mut() else { return };
        if self.exited_at.is_none() && producer.has_exited() {
            self.exited_at = Some(now);
        }
        if let Some(exited) = self.exited_at
            && now.duration_since(exited.max(self.last_data)) >= HELD_OUTPUT_GRACE
        {
            let notice = Notice::Lingered { command: producer.command().to_string(), how: Linger::HeldOutput };
            self.waiting.notify(&notice);
            self.ended = Some(Ending::HeldOutput);
        }
    }
}

impl<R: Read + AsRawFd> Read for PolledReader<'_, '_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.ended.is_some() {
                return Ok(0);
            }
            if let Some(reason) = self.stop.requested() {
                self.ended = Some(Ending::Stopped(reason));
                return Ok(0);
            }
            if self.ready || self.nonblocking {
                self.ready = false;
                match self.inner.read(buf) {
                    Ok(n) => {
                        self.got_data |= n > 0;
                        return Ok(n);
                    }
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            }
            if poll_readable(self.fd, POLL_TICK)? {
                self.ready = true;
            } else {
                self.tick();
            }
        }
    }
}

/// Waits up to `timeout` for `fd` to be readable, at its end or in error: true when it is, false when the time
/// ran out or a signal interrupted the wait.
fn poll_readable(fd: RawFd, timeout: Duration) -> io::Result<bool> {
    let mut pfd = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    let ms = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, and its count.
    match unsafe { libc::poll(&mut pfd, 1, ms) } {
        n if n > 0 => Ok(true),
        0 => Ok(false),
        _ => {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted { Ok(false) } else { Err(e) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waiting_lines_come_at_growing_intervals() {
        let due: Vec<u64> = (0..9).map(|k| waiting_due(k).as_secs()).collect();
        assert_eq!(due, [10, 30, 60, 120, 300, 600, 1200, 1800, 2400]);
        let mut told = Vec::new();
        let mut notify = |n: &Notice| told.push(n.to_string());
        let mut w = Waiting::new("standard input".into(), Some(&mut notify));
        let t0 = w.quiet_since;
        for s in [5, 10, 11, 29, 31, 61] {
            w.tick(0, t0 + Duration::from_secs(s));
        }
        // A deck starts the clock again.
        w.tick(3, t0 + Duration::from_secs(62));
        w.tick(3, t0 + Duration::from_secs(72));
        drop(w);
        assert_eq!(
            told,
            [
                "waiting: no deck from standard input for 10s (0 decks so far); Ctrl-C stops with a partial report",
                "waiting: no deck from standard input for 30s (0 decks so far); Ctrl-C stops with a partial report",
                "waiting: no deck from standard input for 1m (0 decks so far); Ctrl-C stops with a partial report",
                "waiting: no deck from standard input for 10s (3 decks so far); Ctrl-C stops with a partial report",
            ]
        );
    }

    #[test]
    fn a_stop_request_ends_a_blocked_read() {
        // A pipe nobody writes to: the read would block forever.
        let mut fds = [0; 2];
        // SAFETY: pipe(2) fills two descriptors, each then owned by one File.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        use std::os::fd::FromRawFd;
        let (read_end, _write_end) =
            unsafe { (std::fs::File::from_raw_fd(fds[0]), std::fs::File::from_raw_fd(fds[1])) };
        let stop = StopFlag::new();
        let decks = Cell::new(0);
        let mut waiting = Waiting::new("a pipe".into(), None);
        let start = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                stop.request(StopReason::Interrupt);
            });
            let mut r = PolledReader::new(read_end, &stop, &decks, &mut waiting);
            let mut buf = [0u8; 16];
            assert_eq!(r.read(&mut buf).unwrap(), 0);
            assert_eq!(r.finish(), Some(Ending::Stopped(StopReason::Interrupt)));
        });
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
