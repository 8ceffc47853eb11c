//! The five sockets, on the async runtime: shell (ROUTER) requests go to the interpreter
//! thread in order; control (ROUTER) is answered here, so `interrupt_request` and
//! `shutdown_request` work while a cell runs; stdin (ROUTER) carries `input()`;
//! IOPub (PUB) publishes; heartbeat (REP) echoes.
//!
//! Every incoming message is checked by [`Wire::decode`] first; a refused one is logged
//! with the reason and dropped, and the socket keeps serving.

use crate::control::Control;
use crate::envelope::{Envelope, Publication};
use crate::interp::{Work, kernel_info, log};
use crate::wire::{Incoming, Wire};
use jupyter_protocol::ConnectionInfo;
use serde_json::json;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio::time::Instant;
use zeromq::{
    PubSocket, RepSocket, RouterRecvHalf, RouterSendHalf, RouterSocket, Socket, SocketRecv,
    SocketSend, ZmqMessage,
};

/// How long a shutdown waits for the running cell to stop before the process ends.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Everything the socket tasks need.
pub struct Server {
    pub info: ConnectionInfo,
    pub wire: Arc<Wire>,
    pub envelope: Arc<Envelope>,
    pub control: Arc<Control>,
    /// Shell requests, to the interpreter thread.
    pub work: Sender<Work>,
    /// Messages from the stdin socket (input replies), to the interpreter thread.
    pub input_replies: Sender<Incoming>,
    pub shell_out: UnboundedReceiver<ZmqMessage>,
    pub stdin_out: UnboundedReceiver<ZmqMessage>,
    pub iopub: UnboundedReceiver<Publication>,
    /// For control's own status messages.
    pub iopub_tx: UnboundedSender<Publication>,
}

async fn bind<S: Socket>(name: &str, url: &str) -> Result<S, String> {
    let mut socket = S::new();
    socket
        .bind(url)
        .await
        .map_err(|err| format!("cannot bind the {name} socket to {url}: {err}"))?;
    Ok(socket)
}

impl Server {
    /// Binds every socket, reports the outcome on `bound`, then serves until the
    /// process ends.
    pub async fn serve(self, bound: std::sync::mpsc::SyncSender<Result<(), String>>) {
        let sockets = async {
            Ok::<_, String>((
                bind::<RouterSocket>("shell", &self.info.shell_url()).await?,
                bind::<RouterSocket>("control", &self.info.control_url()).await?,
                bind::<RouterSocket>("stdin", &self.info.stdin_url()).await?,
                bind::<PubSocket>("iopub", &self.info.iopub_url()).await?,
                bind::<RepSocket>("heartbeat", &self.info.hb_url()).await?,
            ))
        };
        let (shell, control, stdin, iopub, heartbeat) = match sockets.await {
            Ok(sockets) => sockets,
            Err(err) => {
                let _ = bound.send(Err(err));
                return;
            }
        };
        let _ = bound.send(Ok(()));

        let (shell_send, shell_recv) = shell.split();
        let (stdin_send, stdin_recv) = stdin.split();
        tokio::spawn(forward("shell", self.shell_out, shell_send));
        tokio::spawn(forward("stdin", self.stdin_out, stdin_send));
        tokio::spawn(receive_shell(shell_recv, self.wire.clone(), self.work));
        tokio::spawn(receive_stdin(
            stdin_recv,
            self.wire.clone(),
            self.input_replies,
        ));
        tokio::spawn(publish(iopub, self.iopub, self.envelope.clone()));
        tokio::spawn(heartbeat_echo(heartbeat));
        serve_control(
            control,
            self.wire,
            self.envelope,
            self.control,
            self.iopub_tx,
        )
        .await;
    }
}

/// Sends what the interpreter thread queued for a ROUTER socket.
async fn forward(
    name: &'static str,
    mut queue: UnboundedReceiver<ZmqMessage>,
    mut socket: RouterSendHalf,
) {
    while let Some(message) = queue.recv().await {
        if let Err(err) = socket.send(message).await {
            // The peer left (a client that went away): its reply has nowhere to go.
            log(&format!("could not send on {name}: {err}"));
        }
    }
}

/// The next message on a ROUTER socket. A receive error (not expected: the socket
/// waits for peers) is logged, and the socket is read again after a pause rather than
/// in a busy loop.
async fn next_message(socket: &mut RouterRecvHalf, name: &str) -> ZmqMessage {
    loop {
        match socket.recv().await {
            Ok(message) => return message,
            Err(err) => {
                log(&format!("receiving on {name}: {err}"));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

async fn receive_shell(mut socket: RouterRecvHalf, wire: Arc<Wire>, work: Sender<Work>) {
    loop {
        let message = next_message(&mut socket, "shell").await;
        match wire.decode(message) {
            Ok(request) => {
                if work.send(Work::Shell(Box::new(request))).is_err() {
                    return;
                }
            }
            Err(err) => log(&format!("refused a message on shell: {err}")),
        }
    }
}

async fn receive_stdin(mut socket: RouterRecvHalf, wire: Arc<Wire>, replies: Sender<Incoming>) {
    loop {
        let message = next_message(&mut socket, "stdin").await;
        match wire.decode(message) {
            Ok(reply) => {
                if replies.send(reply).is_err() {
                    return;
                }
            }
            Err(err) => log(&format!("refused a message on stdin: {err}")),
        }
    }
}

/// How long a stream write waits for more writes to the same stream to join it: a
/// `print` is two writes and a loop printing fast is thousands, which front ends (and
/// saved notebooks) would show as that many outputs. ipykernel batches the same way.
const STREAM_WINDOW: Duration = Duration::from_millis(50);
/// Output that keeps coming is still published at least this often.
const STREAM_HOLD_MAX: Duration = Duration::from_millis(200);

/// Publishes on IOPub, stream writes batched (see [`STREAM_WINDOW`]); anything else is
/// published at once, after the stream text before it.
async fn publish(
    mut socket: PubSocket,
    mut queue: UnboundedReceiver<Publication>,
    envelope: Arc<Envelope>,
) {
    let mut held: Option<Publication> = None;
    let mut open = true;
    while open {
        let mut next = match held.take() {
            Some(publication) => publication,
            None => match queue.recv().await {
                Some(publication) => publication,
                None => return,
            },
        };
        if next.msg_type == "stream" {
            let deadline = Instant::now() + STREAM_HOLD_MAX;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                match tokio::time::timeout(STREAM_WINDOW.min(left), queue.recv()).await {
                    Ok(Some(more)) => {
                        if let Some(different) = next.merge(more) {
                            held = Some(different);
                            break;
                        }
                    }
                    Ok(None) => {
                        open = false;
                        break;
                    }
                    Err(_elapsed) => break,
                }
            }
        }
        let message = envelope.publication(&next.parent, next.msg_type, &next.content);
        if let Err(err) = socket.send(message).await {
            log(&format!("could not publish on iopub: {err}"));
        }
    }
}

async fn heartbeat_echo(mut socket: RepSocket) {
    loop {
        match socket.recv().await {
            Ok(ping) => {
                let _ = socket.send(ping).await;
            }
            Err(err) => {
                log(&format!("heartbeat: {err}"));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

/// The control socket: kernel_info, interrupt and shutdown, answered while the
/// interpreter may be busy.
async fn serve_control(
    socket: RouterSocket,
    wire: Arc<Wire>,
    envelope: Arc<Envelope>,
    control: Arc<Control>,
    iopub: UnboundedSender<Publication>,
) {
    let (mut send, mut recv) = socket.split();
    loop {
        let message = next_message(&mut recv, "control").await;
        let request = match wire.decode(message) {
            Ok(request) => request,
            Err(err) => {
                log(&format!("refused a message on control: {err}"));
                continue;
            }
        };
        let _ = iopub.send(Publication::status(&request.raw_header, "busy"));
        let reply = match request.msg_type() {
            "kernel_info_request" => Some((
                "kernel_info_reply",
                serde_json::to_value(kernel_info()).expect("serialises"),
            )),
            "interrupt_request" => {
                if !control.interrupt_by_request() {
                    log("interrupt_request while idle: nothing to interrupt");
                }
                Some(("interrupt_reply", json!({ "status": "ok" })))
            }
            "shutdown_request" => {
                let restart = request.content["restart"].as_bool().unwrap_or(false);
                Some((
                    "shutdown_reply",
                    json!({ "status": "ok", "restart": restart }),
                ))
            }
            other => {
                log(&format!(
                    "unknown message type {other:?} on control: ignored"
                ));
                None
            }
        };
        if let Some((reply_type, content)) = reply {
            let message = envelope.reply(&request, reply_type, &content);
            if let Err(err) = send.send(message).await {
                log(&format!("could not send on control: {err}"));
            }
        }
        let _ = iopub.send(Publication::status(&request.raw_header, "idle"));
        if request.msg_type() == "shutdown_request" {
            // A restart is the manager's: it starts a new process once this one ends.
            control.shutdown();
            tokio::spawn(async {
                // Code that swallows KeyboardInterrupt must not keep the kernel alive.
                tokio::time::sleep(SHUTDOWN_GRACE).await;
                log("the running cell did not stop after shutdown_request: exiting");
                std::process::exit(0);
            });
        }
    }
}
