//! SIGINT and SIGTERM: the first asks the run to stop ([`STOP`]): it stops reading at the next line (or chunk),
//! ends its producer's process group, writes its reports marked partial and exits with 130 or 143. The second
//! aborts at once: the producer's group ([`PRODUCER_GROUP`]) is killed with SIGKILL and the process exits
//! with the signal's status, without writing anything more.
//!
//! The handler only stores to atomics, calls `write(2)` (a fixed message), `kill(2)` and `_exit(2)`, all
//! async-signal-safe. A signal the
//! process was started with ignored (`nohup`, a background job of a non-interactive shell) stays ignored.

use std::sync::atomic::{AtomicU32, Ordering};

use shuffle_audit::audit::input::PRODUCER_GROUP;
use shuffle_audit::audit::{StopFlag, StopReason};

/// The stop request of this process, set by the first SIGINT or SIGTERM.
pub static STOP: StopFlag = StopFlag::new();

/// Signals received so far.
static RECEIVED: AtomicU32 = AtomicU32::new(0);

extern "C" fn on_signal(signal: libc::c_int) {
    let reason = if signal == libc::SIGTERM { StopReason::Terminate } else { StopReason::Interrupt };
    if RECEIVED.fetch_add(1, Ordering::SeqCst) == 0 {
        STOP.request(reason);
        say(b"\nstopping at the next chunk: the partial reports follow (a second signal aborts at once)\n");
        return;
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
