//! SIGINT reaching compiled loops.
//!
//! RustPython's SIGINT handler only flags the interpreter, which compiled code never
//! consults; compiled loops poll [`kiln_jit::runtime::INTERRUPT`] instead. Before
//! compiled code runs, [`ensure_sigint_hook`] puts a handler in front of whatever
//! handles SIGINT (RustPython's, normally) that raises that flag and then calls it, so
//! the interpreter still raises `KeyboardInterrupt` where the compiled loop hands back.
//! The check is repeated on every entry because `signal.signal()` reinstalls
//! RustPython's handler.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The handler ours chains to.
static PREVIOUS: AtomicUsize = AtomicUsize::new(0);

extern "C" fn on_sigint(signum: libc::c_int) {
    kiln_jit::runtime::request_interrupt();
    let previous = PREVIOUS.load(Ordering::SeqCst);
    if previous != libc::SIG_DFL && previous != libc::SIG_IGN && previous != 0 {
        // SAFETY: `previous` was installed as a one-argument handler (no SA_SIGINFO).
        let handler: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(previous) };
        handler(signum);
    }
}

/// Installs the chaining handler unless it is in place, or SIGINT is ignored or left
/// to its default (which ends the process anyway).
pub fn ensure_sigint_hook() {
    // SAFETY: plain sigaction queries and installs of a handler that is async-signal-safe
    // (an atomic store, then the previous handler).
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) != 0 {
            return;
        }
        let current = old.sa_sigaction;
        if current == on_sigint as *const () as usize
            || current == libc::SIG_DFL
            || current == libc::SIG_IGN
            || old.sa_flags & libc::SA_SIGINFO != 0
        {
            return;
        }
        PREVIOUS.store(current, Ordering::SeqCst);
        let mut new = old;
        new.sa_sigaction = on_sigint as *const () as usize;
        libc::sigaction(libc::SIGINT, &new, std::ptr::null_mut());
    }
}
