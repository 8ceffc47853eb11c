//! State the socket tasks share with the interpreter thread: whether a request is
//! running (an interrupt is for a running request only; one arriving between requests
//! is dropped rather than breaking the next cell) and how to stop the kernel. An
//! interrupt also wakes the interpreter thread out of a blocking call ([`Waker`]).

use crate::interp::Work;
use crate::sigint;
use crate::wake::Waker;
use kiln_vm::{InterruptHandle, Session};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

pub struct Control {
    busy: Mutex<bool>,
    interrupt: InterruptHandle,
    waker: Waker,
    shutdown: AtomicBool,
    work: Mutex<Sender<Work>>,
}

impl Control {
    pub fn new(interrupt: InterruptHandle, waker: Waker, work: Sender<Work>) -> Self {
        Control {
            busy: Mutex::new(false),
            interrupt,
            waker,
            shutdown: AtomicBool::new(false),
            work: Mutex::new(work),
        }
    }

    fn busy(&self) -> std::sync::MutexGuard<'_, bool> {
        self.busy.lock().expect("no panics while holding the lock")
    }

    /// Interrupts the running request (KeyboardInterrupt, compiled loops and blocking
    /// calls included). Returns false when nothing was running.
    pub fn interrupt(&self) -> bool {
        let busy = self.busy();
        if *busy {
            self.interrupt.interrupt();
            let handle = self.interrupt.clone();
            self.waker.wake_while(move || handle.is_pending());
        }
        *busy
    }

    /// `interrupt_request`: as ipykernel does, the kernel sends itself SIGINT, to its
    /// whole process group when it leads one (Jupyter starts kernels that way), so a
    /// running `!cmd` stops just as it does for the front-end's own signal; the
    /// handler in [`sigint`] interrupts the cell. Returns false when nothing was running.
    pub fn interrupt_by_request(&self) -> bool {
        if !*self.busy() {
            return false;
        }
        if !raise_sigint() {
            self.interrupt();
        }
        true
    }

    /// The interpreter thread starts a request.
    pub fn begin(&self) {
        *self.busy() = true;
        sigint::set_busy(true);
    }

    /// The interpreter thread finished a request. An interrupt that arrived too late to
    /// stop it is taken here, so it does not stop the next one.
    pub fn end(&self, session: &Session) {
        let mut busy = self.busy();
        *busy = false;
        sigint::set_busy(false);
        if self.interrupt.is_pending() || sigint::pending() {
            self.interrupt.wake();
            session.enter(|vm| {
                // The KeyboardInterrupt it raises belongs to no one.
                let _ = vm.check_signals();
            });
        }
    }

    /// Stops the kernel: the running request is interrupted and nothing queued runs.
    pub fn shutdown(&self) {
        self.shutdown.store(true, Ordering::SeqCst);
        self.interrupt();
        let _ = self
            .work
            .lock()
            .expect("no panics while holding the lock")
            .send(Work::Shutdown);
    }

    pub fn shutting_down(&self) -> bool {
        self.shutdown.load(Ordering::SeqCst)
    }
}

/// Sends SIGINT to this process's group if the process leads it, else to the process
/// alone. Returns false when no signal could be sent.
fn raise_sigint() -> bool {
    // SAFETY: system calls with no memory arguments, on this process's own ids.
    unsafe {
        let pid = libc::getpid();
        if libc::getpgrp() == pid && libc::killpg(pid, libc::SIGINT) == 0 {
            return true;
        }
        libc::kill(pid, libc::SIGINT) == 0
    }
}
