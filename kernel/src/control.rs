//! State the socket tasks share with the interpreter thread: whether a request is
//! running (an interrupt is for a running request only; one arriving between requests
//! is dropped rather than breaking the next cell) and how to stop the kernel.

use crate::interp::Work;
use kiln_vm::{InterruptHandle, Session};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

pub struct Control {
    busy: Mutex<bool>,
    interrupt: InterruptHandle,
    shutdown: AtomicBool,
    work: Mutex<Sender<Work>>,
}

impl Control {
    pub fn new(interrupt: InterruptHandle, work: Sender<Work>) -> Self {
        Control {
            busy: Mutex::new(false),
            interrupt,
            shutdown: AtomicBool::new(false),
            work: Mutex::new(work),
        }
    }

    fn busy(&self) -> std::sync::MutexGuard<'_, bool> {
        self.busy.lock().expect("no panics while holding the lock")
    }

    /// Interrupts the running request (KeyboardInterrupt, compiled loops included).
    /// Returns false when nothing was running.
    pub fn interrupt(&self) -> bool {
        let busy = self.busy();
        if *busy {
            self.interrupt.interrupt();
        }
        *busy
    }

    /// The interpreter thread starts a request.
    pub fn begin(&self) {
        *self.busy() = true;
    }

    /// The interpreter thread finished a request. An interrupt that arrived too late to
    /// stop it is taken here, so it does not stop the next one.
    pub fn end(&self, session: &Session) {
        let mut busy = self.busy();
        *busy = false;
        if self.interrupt.is_pending() {
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
