//! Asking a run to stop early: a signal (SIGINT, SIGTERM) or a time limit (`--timeout`).
//!
//! A [`StopFlag`] is set from anywhere (a signal handler, a timer thread) and read by the work it governs: the
//! runner looks at it between chunks and every few shuffles inside one, the stream audit whenever it waits for
//! input. Setting it is async-signal-safe (one atomic store). The first reason set wins; work that sees the
//! flag finishes cleanly with what it has counted, and the caller reports it as partial.

use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// Why a run stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// SIGINT (Ctrl-C): exit status 130.
    Interrupt,
    /// SIGTERM: exit status 143.
    Terminate,
    /// `--timeout` (or a gate check's `timeout`) ran out: exit status 2.
    Timeout,
}

impl StopReason {
    /// The process's exit status for a run stopped this way: 128 + the signal's number, or 2 for a timeout.
    pub fn exit_code(self) -> u8 {
        match self {
            StopReason::Interrupt => 130,
            StopReason::Terminate => 143,
            StopReason::Timeout => 2,
        }
    }

    /// `SIGINT`, `SIGTERM`, `the time limit`.
    pub fn label(self) -> &'static str {
        match self {
            StopReason::Interrupt => "SIGINT",
            StopReason::Terminate => "SIGTERM",
            StopReason::Timeout => "the time limit",
        }
    }

    /// `interrupted by SIGINT`, `stopped by the time limit`: what happened to the run, in English.
    pub fn stopped_by(self) -> String {
        match self {
            StopReason::Timeout => "stopped by the time limit".to_string(),
            r => format!("interrupted by {}", r.label()),
        }
    }

    fn code(self) -> u8 {
        match self {
            StopReason::Interrupt => 1,
            StopReason::Terminate => 2,
            StopReason::Timeout => 3,
        }
    }

    fn from_code(code: u8) -> Option<Self> {
        match code {
            1 => Some(StopReason::Interrupt),
            2 => Some(StopReason::Terminate),
            3 => Some(StopReason::Timeout),
            _ => None,
        }
    }
}

/// A request to stop, shared by whoever may ask and the work that obeys.
#[derive(Debug, Default)]
pub struct StopFlag {
    reason: AtomicU8,
}

impl StopFlag {
    /// A flag nobody has set (usable in a `static`).
    pub const fn new() -> Self {
        StopFlag { reason: AtomicU8::new(0) }
    }

    /// Asks the work to stop; the first reason given is kept. Async-signal-safe.
    pub fn request(&self, reason: StopReason) {
        let _ = self.reason.compare_exchange(0, reason.code(), Ordering::SeqCst, Ordering::SeqCst);
    }

    /// The reason, once somebody asked.
    #[inline]
    pub fn requested(&self) -> Option<StopReason> {
        StopReason::from_code(self.reason.load(Ordering::Relaxed))
    }

    /// True once somebody asked.
    #[inline(always)]
    pub fn is_set(&self) -> bool {
        self.reason.load(Ordering::Relaxed) != 0
    }
}

/// A flag that is never set, for work that cannot be stopped early (tests, benchmarks, library callers that do
/// not ask).
pub(crate) static NEVER: StopFlag = StopFlag::new();

/// Parses a duration as the command line and the gate write it: a number with a unit, `500ms`, `30s`, `5m`,
/// `2h`, `1d` (a bare number is seconds); fractions are allowed (`1.5s`). Zero and negative values are refused.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration (a number and a unit: 500ms, 30s, 5m, 2h, 1d)"))?;
    let scale = match unit.trim() {
        "ms" => 1e-3,
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        other => return Err(format!("unknown unit '{other}' in '{text}' (use ms, s, m, h or d)")),
    };
    let seconds = value * scale;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("'{text}' must be longer than zero"));
    }
    if seconds > 365.0 * 86400.0 {
        return Err(format!("'{text}' is longer than the limit of a year"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A duration as people read it: `500ms`, `30s`, `5m`, `2h 30m`.
pub(crate) fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let s = d.as_secs();
    match s {
        0..=59 if !ms.is_multiple_of(1000) => format!("{:.1}s", d.as_secs_f64()),
        0..=59 => format!("{s}s"),
        60..=3599 if s.is_multiple_of(60) => format!("{}m", s / 60),
        60..=3599 => format!("{}m {}s", s / 60, s % 60),
        _ if s.is_multiple_of(3600) => format!("{}h", s / 3600),
        _ => format!("{}h {}m", s / 3600, (s % 3600) / 60),
    }
}

/// How often [`within_limit`]'s timer looks at the flag it relays.
const RELAY_TICK: Duration = Duration::from_millis(50);

/// Runs `work` with a flag that is set when `parent` is (a signal) or, with `Some(limit)`, when `limit` has run
/// out ([`StopReason::Timeout`]). The time limit is a timer thread scoped to `work`, which also relays `parent`
/// (looked at every 50 ms) and ends with it, panic or not; without a limit `work` gets `parent` itself. The
/// library installs no signal handler: `parent` is whatever the caller's handler sets, or `NEVER`.
pub fn within_limit<T>(parent: &StopFlag, limit: Option<Duration>, work: impl FnOnce(&StopFlag) -> T) -> T {
    let Some(limit) = limit else { return work(parent) };
    let flag = StopFlag::new();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|s| {
        let relayed = &flag;
        s.spawn(move || {
            let deadline = std::time::Instant::now() + limit;
            loop {
                if let Some(reason) = parent.requested() {
                    relayed.request(reason);
                }
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                if left.is_zero() {
                    relayed.request(StopReason::Timeout);
                }
                let wait = if left.is_zero() { RELAY_TICK } else { left.min(RELAY_TICK) };
                if finished.recv_timeout(wait) != Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    return;
                }
            }
        });
        let out = work(&flag);
        drop(done);
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reason_wins() {
        let flag = StopFlag::new();
        assert_eq!(flag.requested(), None);
        flag.request(StopReason::Terminate);
        flag.request(StopReason::Interrupt);
        assert_eq!(flag.requested(), Some(StopReason::Terminate));
        assert_eq!(flag.requested().unwrap().exit_code(), 143);
        assert!(!NEVER.is_set());
    }

    #[test]
    fn durations_parse_with_their_units() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        for bad in ["", "s", "0s", "-1s", "5 parsecs", "1e3s", "400d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(format_duration(Duration::from_secs(300)), "5m");
        assert_eq!(format_duration(Duration::from_millis(1500)), "1.5s");
    }

    #[test]
    fn a_time_limit_sets_the_flag_and_a_parent_is_relayed() {
        let waited = within_limit(&NEVER, Some(Duration::from_millis(100)), |flag| {
            let start = std::time::Instant::now();
            while !flag.is_set() {
                assert!(start.elapsed() < Duration::from_secs(10), "the time limit never ran out");
                std::thread::sleep(Duration::from_millis(5));
            }
            (flag.requested(), start.elapsed())
        });
        assert_eq!(waited.0, Some(StopReason::Timeout));
        assert!(waited.1 >= Duration::from_millis(100), "{:?}", waited.1);
        let parent = StopFlag::new();
        let got = within_limit(&parent, Some(Duration::from_secs(3600)), |flag| {
            parent.request(StopReason::Terminate);
            while !flag.is_set() {
                std::thread::sleep(Duration::from_millis(5));
            }
            flag.requested()
        });
        assert_eq!(got, Some(StopReason::Terminate));
        // Without a limit the work gets the parent itself; a quick work does not wait for the timer.
        assert!(std::ptr::eq(within_limit(&NEVER, None, |f| f as *const _), &NEVER as *const _));
        let start = std::time::Instant::now();
        within_limit(&NEVER, Some(Duration::from_secs(3600)), |_| ());
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
