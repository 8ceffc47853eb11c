//! Waking the interpreter thread out of a blocking system call, so that an interrupt
//! queued for it is raised now rather than when the call returns.
//!
//! An interrupt (SIGINT or `interrupt_request`) is handled on the socket thread, which
//! queues a `KeyboardInterrupt` that the interpreter raises at its next signal check.
//! An interpreter blocked in `time.sleep`, `select`, a socket read or `waitpid` checks
//! only when that call fails with EINTR (RustPython retries as PEP 475 says, checking
//! signals first). SIGINT itself cannot be relied on for that: the kernel's handler is
//! installed with SA_RESTART, the signal may reach any thread, and when it does
//! interrupt the interpreter's call it does so before the interrupt is queued, so the
//! check finds nothing and the call resumes. So once the interrupt is queued, the
//! interpreter thread is sent [`WAKE`] with `pthread_kill`: its handler does nothing
//! and is installed without SA_RESTART, so the call returns EINTR and the check
//! raises. The signal is repeated until the interrupt is delivered, since one arriving
//! just before the thread enters the call wakes nothing; less and less often, as an
//! interpreter busy in native code (a compiled loop) gets nothing from it.

use std::time::Duration;

/// The signal that wakes the interpreter thread. SIGURG is ignored by default and
/// seldom used (the Go runtime preempts its threads with it for the same reasons).
const WAKE: libc::c_int = libc::SIGURG;

/// The pause before the signal is sent again, doubled each time up to [`REPEAT_MAX`].
const REPEAT: Duration = Duration::from_millis(10);
const REPEAT_MAX: Duration = Duration::from_secs(1);

/// Sends [`WAKE`] to the interpreter thread.
#[derive(Clone, Copy)]
pub struct Waker {
    thread: libc::pthread_t,
}

// SAFETY: a pthread_t is an opaque thread id; the thread it names (the interpreter
// thread, the process's main thread) lives until the process ends.
unsafe impl Send for Waker {}
unsafe impl Sync for Waker {}

extern "C" fn on_wake(_: libc::c_int) {}

impl Waker {
    /// Installs the handler of [`WAKE`] and names the calling thread as the one to wake.
    pub fn for_this_thread() -> Result<Self, String> {
        // SAFETY: installs a handler that does nothing (async-signal-safe); the
        // structure is zeroed, then filled as sigaction(2) describes.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_wake as *const () as libc::sighandler_t;
            // No SA_RESTART: the point is the EINTR.
            action.sa_flags = 0;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(WAKE, &action, std::ptr::null_mut()) != 0 {
                return Err(format!(
                    "cannot install the wake-up signal's handler: {}",
                    std::io::Error::last_os_error()
                ));
            }
            Ok(Waker {
                thread: libc::pthread_self(),
            })
        }
    }

    /// Sends the signal now, and again while `pending()` holds, from a thread of its own.
    pub fn wake_while(&self, pending: impl Fn() -> bool + Send + 'static) {
        let waker = *self;
        let spawned = std::thread::Builder::new()
            .name("kiln-kernel-wake".into())
            .spawn(move || {
                let mut pause = REPEAT;
                while pending() {
                    waker.wake();
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(REPEAT_MAX);
                }
            });
        if spawned.is_err() {
            // No thread to repeat it from: one signal is still likely to do.
            self.wake();
        }
    }

    fn wake(&self) {
        // SAFETY: the thread lives until the process ends (see `Waker`).
        unsafe { libc::pthread_kill(self.thread, WAKE) };
    }
}
