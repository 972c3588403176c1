//! SIGINT and SIGTERM for `run`: the first asks the run to stop at the next chunk (it then writes its partial
//! reports and its state), the second aborts at once.
//!
//! The handler only does what is async-signal-safe: an atomic store into [`STOP`], a `write(2)` of a fixed
//! message, and, on the second signal, `_exit(2)` with the signal's status.

use std::sync::atomic::{AtomicU32, Ordering};

use shuffle_audit::audit::stop::{StopFlag, StopReason};

/// The stop request of this process's run.
pub static STOP: StopFlag = StopFlag::new();
static SIGNALS: AtomicU32 = AtomicU32::new(0);

extern "C" fn on_signal(signal: libc::c_int) {
    let reason = if signal == libc::SIGTERM { StopReason::Terminate } else { StopReason::Interrupt };
    if SIGNALS.fetch_add(1, Ordering::SeqCst) == 0 {
        STOP.request(reason);
        let message =
            b"\nstopping at the next chunk: partial reports and the state follow (a second signal aborts at once)\n";
        // SAFETY: write(2) on stderr with a static buffer is async-signal-safe.
        unsafe {
            libc::write(2, message.as_ptr().cast(), message.len());
        }
        return;
    }
    let message = b"\naborted by a second signal\n";
    // SAFETY: write(2) and _exit(2) are async-signal-safe.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(128 + signal);
    }
}

/// Installs the handler for SIGINT and SIGTERM.
pub fn install() {
    // SAFETY: a zeroed sigaction with a plain handler and an empty mask is a valid argument; the handler is
    // async-signal-safe (see above).
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        action.sa_flags = 0;
        for signal in [libc::SIGINT, libc::SIGTERM] {
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}
