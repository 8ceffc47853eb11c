//! Where a session's `sys.stdout` and `sys.stderr` go.
//!
//! By default they are the process's own file descriptors, buffered as CPython's are.
//! A REPL or kernel that needs the text instead installs a sink: `sys.stdout` and
//! `sys.stderr` become small text streams (`_kiln_capture.SinkStream`) whose `write`
//! calls back into Rust with each piece of text as it is written, so output streams
//! while a cell runs instead of arriving at its end.

use std::cell::RefCell;

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
            None => false,
        },
        // Output written from inside the sink itself (it printed): drop, do not recurse.
        Err(_) => true,
    })
}
