//! SIGINT and SIGTERM: the first asks the run to stop ([`STOP`]): it stops reading at the next line (or chunk),
//! ends its producer's process group, writes its reports marked partial and exits with 130 or 143. The second
//! aborts at once: the producer's group ([`PRODUCER_GROUP`]) is killed with SIGKILL and the process exits
//! with the signal's status, without writing anything more.
//!
//! Signals that arrive together count as one: the same signal again within [`TOGETHER_NS`] of the first is
//! the same request. GNU `timeout` (and `kill -TERM -PGID` after `kill -TERM PID`) sends its signal to the
//! process and then to its whole process group, microseconds apart; when the first has already been taken, the
//! second would otherwise abort a run that was asked, once, to stop.
//!
//! The handler only stores to atomics, calls `write(2)` (a fixed message), `kill(2)` and `_exit(2)`, all
//! async-signal-safe. A signal the
//! process was started with ignored (`nohup`, a background job of a non-interactive shell) stays ignored.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use shuffle_audit::audit::input::PRODUCER_GROUP;
use shuffle_audit::audit::{StopFlag, StopReason};

/// The stop request of this process, set by the first SIGINT or SIGTERM.
pub static STOP: StopFlag = StopFlag::new();

/// How close the same signal must follow the first to count as the same request: half a second, far above the
/// microseconds between `timeout`'s two sends even on a loaded machine, and below a person's deliberate second
/// Ctrl-C.
pub const TOGETHER_NS: u64 = 500_000_000;

/// The first signal's number (0 before any), and when it arrived (CLOCK_MONOTONIC, nanoseconds; 0 while the
/// first handler has not yet stored it, in which case a signal taken meanwhile on another thread arrived with it).
static FIRST_SIGNAL: AtomicU32 = AtomicU32::new(0);
static FIRST_AT_NS: AtomicU64 = AtomicU64::new(0);

/// CLOCK_MONOTONIC in nanoseconds (clock_gettime(2) is async-signal-safe); never 0.
fn monotonic_ns() -> u64 {
    // SAFETY: clock_gettime(2) with a zeroed timespec on the stack; CLOCK_MONOTONIC always exists on Linux.
    let t = unsafe {
        let mut t: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t);
        t
    };
    (t.tv_sec as u64).saturating_mul(1_000_000_000).saturating_add(t.tv_nsec as u64).max(1)
}

/// Whether `signal`, arriving at `now_ns`, is the same request as the first signal (`first`, which arrived at
/// `first_ns`, 0 if its handler has not yet noted the time).
fn arrives_together(signal: u32, now_ns: u64, first: u32, first_ns: u64) -> bool {
    signal == first && (first_ns == 0 || now_ns.saturating_sub(first_ns) < TOGETHER_NS)
}

extern "C" fn on_signal(signal: libc::c_int) {
    let reason = if signal == libc::SIGTERM { StopReason::Terminate } else { StopReason::Interrupt };
    let now = monotonic_ns();
    let number = signal as u32;
    match FIRST_SIGNAL.compare_exchange(0, number, Ordering::SeqCst, Ordering::SeqCst) {
        Ok(_) => {
            FIRST_AT_NS.store(now, Ordering::SeqCst);
            STOP.request(reason);
            say(b"\nstopping at the next chunk: the partial reports follow (a second signal aborts at once)\n");
            return;
        }
        Err(first) if arrives_together(number, now, first, FIRST_AT_NS.load(Ordering::SeqCst)) => return,
        Err(_) => {}
    }
    let group = PRODUCER_GROUP.load(Ordering::SeqCst);
    // SAFETY: kill(2) and _exit(2) are async-signal-safe; the group is the producer's own.
    unsafe {
        if group > 0 {
            libc::kill(-group, libc::SIGKILL);
        }
        say(b"\naborted by a second signal\n");
        libc::_exit(libc::c_int::from(reason.exit_code()));
    }
}

/// Writes a fixed message on stderr from the handler.
fn say(message: &[u8]) {
    // SAFETY: write(2) on stderr with a static buffer is async-signal-safe.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
    }
}

/// Installs the handler for SIGINT and SIGTERM (unless the signal is ignored).
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: sigaction(2) with a zeroed, then filled, struct; the handler is an `extern "C" fn(c_int)`.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_signal_within_half_a_second_is_one_request_another_or_a_later_one_is_a_second() {
        let first = libc::SIGTERM as u32;
        assert!(arrives_together(first, 1_000 + 10_000, first, 1_000), "timeout's second send, 10 µs later");
        assert!(arrives_together(first, TOGETHER_NS, first, 1));
        assert!(!arrives_together(first, TOGETHER_NS + 1, first, 1), "a deliberate second signal");
        assert!(!arrives_together(libc::SIGINT as u32, 10, first, 1), "another signal aborts at once");
        assert!(arrives_together(first, 5, first, 0), "taken on another thread before the first noted its time");
        assert!(!arrives_together(libc::SIGINT as u32, 5, first, 0));
    }
}
