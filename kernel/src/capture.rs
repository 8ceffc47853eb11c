//! Output written to file descriptors 1 and 2, not through `sys.stdout`/`sys.stderr`:
//! `os.write(1, …)`, `os.system(…)`, a `subprocess.run(…)` whose output is not piped,
//! native code's own prints. As ipykernel (6 and later) does, the kernel points fds 1
//! and 2 at pipes; what comes through is published as `stream` output of the running
//! request, read by a thread of its own and drained by the interpreter thread before
//! each `sys.stdout`/`sys.stderr` write and when a cell ends, so a cell's output keeps
//! the order it was written in and all of it is published before the cell's `idle`.
//!
//! The original fds are kept (duplicated, close-on-exec) for the kernel's own log
//! ([`write_log`], Rust panics included), which Jupyter keeps and which must not come
//! back through the pipe.

use crate::fd;
use crate::outbox::Outbox;
use kiln_vm::output::Stream;
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

/// The kernel's original stderr, once fd 2 is captured (-1 before).
static LOG_FD: AtomicI32 = AtomicI32::new(-1);

/// How much is read from a pipe at a time, and how many times at most per drain.
const CHUNK: usize = 64 * 1024;
const MAX_READS: usize = 16;

/// One captured descriptor: the read end of its pipe and the bytes of a character
/// split between reads.
struct Pipe {
    stream: Stream,
    read: libc::c_int,
    partial: Vec<u8>,
    open: bool,
}

pub struct Capture {
    /// Held while reading and publishing, so text leaves in the order it was read.
    pipes: Mutex<Vec<Pipe>>,
    outbox: Outbox,
}

impl Capture {
    /// Nothing is captured until [`Capture::start`]; output goes to `outbox`.
    pub fn new(outbox: Outbox) -> Arc<Capture> {
        Arc::new(Capture {
            pipes: Mutex::new(Vec::new()),
            outbox,
        })
    }

    /// Points fds 1 and 2 at pipes and starts the thread that forwards what comes
    /// through them. Once start-up can no longer fail: its errors go to stderr.
    pub fn start(self: &Arc<Self>) -> Result<(), String> {
        let mut pipes = Vec::new();
        for (target, stream) in [(1, Stream::Stdout), (2, Stream::Stderr)] {
            let read = redirect(target)
                .map_err(|err| format!("cannot capture file descriptor {target}: {err}"))?;
            pipes.push(Pipe {
                stream,
                read,
                partial: Vec::new(),
                open: true,
            });
        }
        *self.pipes.lock().unwrap_or_else(|e| e.into_inner()) = pipes;
        let forwarder = self.clone();
        std::thread::Builder::new()
            .name("kiln-kernel-capture".into())
            .spawn(move || forwarder.forward())
            .map(drop)
            .map_err(|err| format!("cannot start the output capture thread: {err}"))
    }

    /// Publishes what is waiting in the pipes now.
    pub fn drain(&self) {
        let mut pipes = self.pipes.lock().unwrap_or_else(|e| e.into_inner());
        let mut buf = vec![0u8; CHUNK];
        for pipe in pipes.iter_mut().filter(|p| p.open) {
            // Bounded: a writer faster than this must not hold the interpreter here.
            for _ in 0..MAX_READS {
                match fd::read(pipe.read, &mut buf) {
                    Ok(0) => {
                        pipe.open = false;
                        break;
                    }
                    Ok(n) => pipe.partial.extend_from_slice(&buf[..n]),
                    // EAGAIN: nothing more for now.
                    Err(_) => break,
                }
            }
            let text = take_text(&mut pipe.partial);
            if !text.is_empty() {
                self.outbox.stream(pipe.stream, &text);
            }
        }
    }

    /// The forwarding thread: waits for output, publishes it.
    fn forward(&self) {
        loop {
            let mut polled: Vec<libc::pollfd> = {
                let pipes = self.pipes.lock().unwrap_or_else(|e| e.into_inner());
                pipes
                    .iter()
                    .filter(|p| p.open)
                    .map(|p| libc::pollfd {
                        fd: p.read,
                        events: libc::POLLIN,
                        revents: 0,
                    })
                    .collect()
            };
            if polled.is_empty() {
                return;
            }
            // SAFETY: `polled` is a valid array of its length.
            let ready =
                unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, -1) };
            if ready > 0 {
                self.drain();
            }
        }
    }
}

/// Points `target` at a new pipe; returns the pipe's read end (non-blocking). The
/// original is kept for the log when it is stderr.
fn redirect(target: libc::c_int) -> io::Result<libc::c_int> {
    let original = fd::dup(target)?;
    let (read, write) = fd::pipe()?;
    fd::set_nonblocking(read)?;
    // SAFETY: dup2(2) and close(2) on descriptors this function owns (and `target`).
    unsafe {
        if libc::dup2(write, target) < 0 {
            return Err(io::Error::last_os_error());
        }
        libc::close(write);
    }
    if target == 2 {
        LOG_FD.store(original, Ordering::SeqCst);
    } else {
        // SAFETY: the duplicate is this function's.
        unsafe { libc::close(original) };
    }
    Ok(read)
}

/// The text in `bytes`, leaving behind the start of a character whose other bytes
/// have not been read yet; invalid UTF-8 becomes U+FFFD.
fn take_text(bytes: &mut Vec<u8>) -> String {
    let complete = bytes.len() - incomplete_tail(bytes);
    let text = String::from_utf8_lossy(&bytes[..complete]).into_owned();
    bytes.drain(..complete);
    text
}

/// How many bytes at the end of `bytes` begin a UTF-8 character that is not complete.
fn incomplete_tail(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let byte = bytes[bytes.len() - back];
        if byte & 0xC0 == 0x80 {
            continue; // a continuation byte: the lead is further back
        }
        let needed = match byte {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return 0,
        };
        return if needed > back { back } else { 0 };
    }
    0
}

/// Writes a line to the kernel's log: its original stderr, which Jupyter keeps.
pub fn write_log(line: &str) {
    let fd = LOG_FD.load(Ordering::SeqCst);
    if fd < 0 {
        eprint!("{line}");
    } else {
        let _ = fd::write_all(fd, line.as_bytes());
    }
}

/// Rust panics are reported in the log too, not in the notebook.
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("<unnamed>");
        let backtrace = std::backtrace::Backtrace::capture();
        let backtrace = match backtrace.status() {
            std::backtrace::BacktraceStatus::Captured => format!("{backtrace}\n"),
            _ => String::new(),
        };
        write_log(&format!("kiln kernel: thread '{name}' {info}\n{backtrace}"));
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_split_between_reads_waits_for_its_end() {
        let euro = "€".as_bytes();
        let mut bytes = b"a".to_vec();
        bytes.extend_from_slice(&euro[..2]);
        assert_eq!(take_text(&mut bytes), "a");
        assert_eq!(bytes, &euro[..2]);
        bytes.extend_from_slice(&euro[2..]);
        bytes.push(b'\n');
        assert_eq!(take_text(&mut bytes), "€\n");
        assert!(bytes.is_empty());
        let mut invalid = vec![b'x', 0xFF, b'y'];
        assert_eq!(take_text(&mut invalid), "x\u{FFFD}y");
    }
}
