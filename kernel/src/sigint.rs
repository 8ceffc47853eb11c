//! SIGINT in the kernel: Jupyter's interrupt (the kernelspec's `interrupt_mode:
//! signal`, and `interrupt_request`, for which the kernel signals itself) stops the
//! running cell with KeyboardInterrupt at once, even when the cell is blocked in the
//! operating system (`time.sleep`, `select`, a socket read, a subprocess waited for);
//! between cells it is logged and dropped.
//!
//! The work is done in the signal handler itself, as CPython's is, so nothing depends
//! on another thread's timing: while a cell runs, the handler flags the interpreter
//! through RustPython's own SIGINT handler, to which it chains
//! (the Python-level handler RustPython then runs asks [`take_for_cell`]). It is
//! installed without SA_RESTART, so a call the interpreter thread is blocked in
//! returns EINTR and RustPython's retry (PEP 475) raises there; a cell whose
//! subprocess the same signal stopped has its interrupt flagged before `waitpid`
//! returns. A signal that went to another thread, or came just before the interpreter
//! entered a blocking call, is followed by [`Waker`]'s signal to the interpreter
//! thread, sent from a watcher thread, which also logs the ones that came while idle.
//! Compiled loops put their own handler in front of this one while they run
//! (`kiln_vm::sites::interrupt`).

use crate::fd;
use crate::interp::log;
use crate::wake::Waker;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

/// A cell is running: a SIGINT now is for it.
static BUSY: AtomicBool = AtomicBool::new(false);
/// A SIGINT flagged for the running cell that the interpreter has not raised yet.
static PENDING: AtomicBool = AtomicBool::new(false);
/// RustPython's SIGINT handler, chained to while a cell runs.
static INTERPRETER_HANDLER: AtomicUsize = AtomicUsize::new(0);
/// The write end of the pipe to the watcher thread (-1 before [`install`]).
static NOTIFY: AtomicI32 = AtomicI32::new(-1);

/// What the handler tells the watcher thread.
const FOR_CELL: u8 = b'c';
const WHILE_IDLE: u8 = b'i';

extern "C" fn on_sigint(signum: libc::c_int) {
    // SAFETY: errno is this thread's; the handler must leave it as it found it.
    let errno = unsafe { *errno_location() };
    let news = if BUSY.load(Ordering::SeqCst) {
        PENDING.store(true, Ordering::SeqCst);
        let handler = INTERPRETER_HANDLER.load(Ordering::SeqCst);
        if handler != 0 {
            // SAFETY: RustPython installed it as a one-argument handler (checked in
            // `install`); it only stores flags and writes its wake-up fd.
            let handler: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(handler) };
            handler(signum);
        }
        FOR_CELL
    } else {
        WHILE_IDLE
    };
    let notify = NOTIFY.load(Ordering::SeqCst);
    if notify >= 0 {
        // SAFETY: write(2) is async-signal-safe; the pipe is non-blocking, so a full
        // one (signals faster than the watcher reads) loses only a duplicate.
        unsafe { libc::write(notify, [news].as_ptr().cast(), 1) };
    }
    // SAFETY: as above.
    unsafe { *errno_location() = errno };
}

#[cfg(any(target_os = "linux", target_os = "android"))]
unsafe fn errno_location() -> *mut libc::c_int {
    unsafe { libc::__errno_location() }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
unsafe fn errno_location() -> *mut libc::c_int {
    unsafe { libc::__error() }
}

/// Takes over SIGINT. Call on the interpreter thread, after the kernel's Python half
/// registered the handler that calls [`take_for_cell`] with `signal.signal` (which installed RustPython's
/// handler, the one chained to).
/// `waker` wakes the interpreter thread.
pub fn install(waker: Waker) -> Result<(), String> {
    // SAFETY: sigaction(2) queries and installs, with a zeroed then filled structure;
    // the handler is async-signal-safe (atomics, RustPython's handler, write(2)).
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGINT, std::ptr::null(), &mut current) != 0 {
            return Err(format!(
                "cannot read SIGINT's handler: {}",
                std::io::Error::last_os_error()
            ));
        }
        let handler = current.sa_sigaction;
        if handler == libc::SIG_DFL
            || handler == libc::SIG_IGN
            || current.sa_flags & libc::SA_SIGINFO != 0
        {
            return Err("SIGINT is not handled by the interpreter".into());
        }
        INTERPRETER_HANDLER.store(handler, Ordering::SeqCst);

        let (read, write) = fd::pipe().map_err(|err| format!("cannot make a pipe: {err}"))?;
        fd::set_nonblocking(write).map_err(|err| format!("cannot set up a pipe: {err}"))?;
        NOTIFY.store(write, Ordering::SeqCst);
        std::thread::Builder::new()
            .name("kiln-kernel-sigint".into())
            .spawn(move || watch(read, waker))
            .map_err(|err| format!("cannot start the SIGINT thread: {err}"))?;

        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigint as *const () as libc::sighandler_t;
        // No SA_RESTART: the blocking call must return EINTR.
        action.sa_flags = 0;
        libc::sigemptyset(&mut action.sa_mask);
        if libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut()) != 0 {
            return Err(format!(
                "cannot handle SIGINT: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    // Compiled loops' handler goes in front of this one at their next entry.
    kiln_vm::sites::interrupt::sigint_handler_changed();
    Ok(())
}

/// The watcher thread: logs what came while idle; wakes the interpreter for the rest.
fn watch(notices: libc::c_int, waker: Waker) {
    let mut buf = [0u8; 64];
    loop {
        let n = match fd::read(notices, &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        for &news in &buf[..n] {
            if news == WHILE_IDLE {
                log("SIGINT while idle: nothing to interrupt");
            }
        }
        if buf[..n].contains(&FOR_CELL) {
            waker.wake_while(|| PENDING.load(Ordering::SeqCst));
        }
    }
}

/// A cell starts (`true`) or ended (`false`).
pub fn set_busy(busy: bool) {
    BUSY.store(busy, Ordering::SeqCst);
}

/// Whether a SIGINT for the cell has not been raised yet.
pub fn pending() -> bool {
    PENDING.load(Ordering::SeqCst)
}

/// What the Python-level SIGINT handler asks when RustPython runs it for the flag the
/// signal handler raised: true (raise KeyboardInterrupt) if it is for the running
/// cell, false when it came too late for it (the cell ended first).
pub fn take_for_cell() -> bool {
    PENDING.swap(false, Ordering::SeqCst) && BUSY.load(Ordering::SeqCst)
}
