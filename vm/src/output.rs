//! Where a session's `sys.stdout` and `sys.stderr` go.
//!
//! By default they are the process's own file descriptors, buffered as CPython's are.
//! A REPL or kernel that needs the text instead installs a sink: `sys.stdout` and
//! `sys.stderr` become small text streams (`_kiln_capture.SinkStream`) whose `write`
//! calls back into Rust with each piece of text as it is written, so output streams
//! while a cell runs instead of arriving at its end.

use std::cell::RefCell;
use std::sync::{Arc, Mutex};

/// Which standard stream a piece of output was written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    pub(crate) fn from_fd(fd: i32) -> Option<Stream> {
        match fd {
            1 => Some(Stream::Stdout),
            2 => Some(Stream::Stderr),
            _ => None,
        }
    }
}

/// A callback receiving output text as it is written.
pub type Sink = Box<dyn FnMut(Stream, &str)>;

/// How a [`Session`](crate::Session) handles `sys.stdout` and `sys.stderr`.
pub enum OutputMode {
    /// The process's own stdout and stderr (the script runner).
    Inherit,
    /// Every write is handed to the callback immediately (the kernel, the REPL).
    Stream(Sink),
}

/// A sink for the other threads of the process: Python threads the program starts
/// write through it (the kernel shows their output in the running cell, as ipykernel
/// does). Used where a thread has no sink of its own.
pub type SharedSink = Arc<dyn Fn(Stream, &str) + Send + Sync>;

static SHARED: Mutex<Option<SharedSink>> = Mutex::new(None);

/// Installs (or, with None, removes) the sink of threads without their own.
pub fn set_shared_sink(sink: Option<SharedSink>) {
    *SHARED.lock().unwrap_or_else(|e| e.into_inner()) = sink;
}

thread_local! {
    // One interpreter per thread: the sink belongs to the session living on this thread.
    static SINK: RefCell<Option<Sink>> = const { RefCell::new(None) };
}

pub(crate) fn set_sink(sink: Option<Sink>) {
    SINK.with(|slot| *slot.borrow_mut() = sink);
}

/// Hands `text` to the installed sink. Returns false when there is none.
pub(crate) fn write_to_sink(stream: Stream, text: &str) -> bool {
    SINK.with(|slot| match slot.try_borrow_mut() {
        Ok(mut guard) => match guard.as_mut() {
            Some(sink) => {
                sink(stream, text);
                true
            }
            None => {
                let shared = SHARED.lock().unwrap_or_else(|e| e.into_inner()).clone();
                shared.is_some_and(|sink| {
                    sink(stream, text);
                    true
                })
            }
        },
        // Output written from inside the sink itself (it printed): drop, do not recurse.
        Err(_) => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_without_a_sink_write_to_the_shared_one() {
        let seen = Arc::new(Mutex::new(String::new()));
        let into = seen.clone();
        set_shared_sink(Some(Arc::new(move |_, text: &str| {
            into.lock().unwrap().push_str(text)
        })));
        let wrote = std::thread::spawn(|| write_to_sink(Stream::Stdout, "from a thread"))
            .join()
            .unwrap();
        set_shared_sink(None);
        assert!(wrote);
        assert_eq!(*seen.lock().unwrap(), "from a thread");
        let unsunk = std::thread::spawn(|| write_to_sink(Stream::Stdout, "lost"));
        assert!(!unsunk.join().unwrap());
    }
}
