//! kiln-kernel: kiln's Jupyter kernel, a thin layer over [`kiln_vm::Session`].
//!
//! `kiln kernel -f CONNECTION_FILE` speaks Jupyter's messaging protocol 5.3 over
//! ZeroMQ. The interpreter (not `Send`) runs on the process's main thread and serves
//! shell requests one at a time ([`interp`], [`execute`]); the sockets run on a tokio
//! runtime in a second thread ([`server`]), so control requests (interrupt, shutdown)
//! are answered while a cell runs. Messages are checked and signed by [`wire`].
//! Completion, inspection, `is_complete` and magics are the interactive engine of
//! `kiln_vm` that the terminal REPL uses too; rich display is the frozen
//! `_kiln_display` / `IPython.display` modules, published through [`hooks`].
//!
//! Output written to file descriptors 1 and 2 reaches the notebook too ([`capture`]).
//! The kernel exits when the process that started it dies ([`parent`]).
//!
//! `kiln kernel install` writes the kernelspec ([`kernelspec`]).

mod capture;
pub mod cli;
pub mod connection;
mod control;
mod envelope;
mod execute;
mod fd;
mod history;
mod hooks;
mod interp;
pub mod kernelspec;
mod outbox;
mod parent;
mod server;
mod sigint;
mod wake;
pub mod wire;

use control::Control;
use envelope::Envelope;
use interp::Interp;
use kiln_vm::{Session, SessionConfig};
use outbox::Outbox;
use server::Server;
use std::path::Path;
use std::sync::Arc;
use wire::Wire;

/// How long the sockets get to send the last replies before the process ends (sends
/// are queued; the socket tasks write them out).
const FLUSH_BEFORE_EXIT: std::time::Duration = std::time::Duration::from_millis(200);

/// Runs a kernel on `connection_file` until it is shut down. The error is one line.
pub fn run(connection_file: &Path) -> Result<(), String> {
    let info = connection::read(connection_file)?;
    let wire = Arc::new(Wire::new(&info.key));
    let envelope = Arc::new(Envelope::new(wire.clone()));

    let session = Session::new(SessionConfig::from_env(vec![String::new()]));
    let (work_tx, work_rx) = std::sync::mpsc::channel();
    let (input_tx, input_rx) = std::sync::mpsc::channel();
    let (shell_tx, shell_rx) = tokio::sync::mpsc::unbounded_channel();
    let (stdin_tx, stdin_rx) = tokio::sync::mpsc::unbounded_channel();
    let (iopub_tx, iopub_rx) = tokio::sync::mpsc::unbounded_channel();
    let outbox = Outbox::new(envelope.clone(), shell_tx, stdin_tx, iopub_tx.clone());
    let capture = capture::Capture::new(outbox.clone());
    hooks::install(
        &session,
        &outbox,
        &capture,
        input_rx,
        session.interrupt_handle(),
    )
    .map_err(|err| format!("kernel start-up failed: {err}"))?;
    // This thread runs the interpreter (below): it is the one an interrupt wakes. After
    // the hooks: SIGINT's handler chains to the one they had the interpreter install.
    let waker = wake::Waker::for_this_thread()?;
    sigint::install(waker).map_err(|err| format!("kernel start-up failed: {err}"))?;
    let control = Arc::new(Control::new(
        session.interrupt_handle(),
        waker,
        work_tx.clone(),
    ));

    let server = Server {
        info,
        wire,
        envelope,
        control: control.clone(),
        work: work_tx,
        input_replies: input_tx,
        shell_out: shell_rx,
        stdin_out: stdin_rx,
        iopub: iopub_rx,
        iopub_tx,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("kiln-kernel-io")
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start the async runtime: {err}"))?;
    let (bound_tx, bound_rx) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("kiln-kernel-sockets".into())
        .spawn(move || runtime.block_on(server.serve(bound_tx)))
        .map_err(|err| format!("cannot start the socket thread: {err}"))?;
    bound_rx
        .recv()
        .map_err(|_| "the socket thread ended during start-up".to_owned())??;
    parent::watch()?;
    // Last: from here on the process's stderr is the pipe to the notebook.
    capture::log_panics();
    capture.start()?;

    let session = Interp::new(session, outbox, control, capture).run(work_rx);
    std::thread::sleep(FLUSH_BEFORE_EXIT);
    session.finish(None);
    Ok(())
}
