//! How the interpreter thread talks to the sockets: replies on shell, requests on stdin,
//! publications on IOPub, each handed to the socket's task over a channel (the sockets
//! live on the async runtime, the interpreter on its own thread).

use crate::envelope::{Envelope, Publication};
use crate::wire::Incoming;
use bytes::Bytes;
use jupyter_protocol::Payload;
use kiln_vm::output::Stream;
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::mpsc::UnboundedSender;
use zeromq::ZmqMessage;

/// The request the interpreter is working on: where its output, display data, input
/// requests and pager payloads belong.
#[derive(Default)]
pub struct Current {
    /// Its header (`{}` between requests), the parent of everything it causes.
    pub parent: Value,
    /// Its sender's routing identity, which the stdin socket shares.
    pub identities: Vec<Bytes>,
    pub allow_stdin: bool,
    /// `silent` execution publishes nothing on IOPub.
    pub silent: bool,
    /// `page` payloads for its execute_reply (help from `obj?`).
    pub payloads: Vec<Payload>,
}

#[derive(Clone)]
pub struct Outbox {
    pub envelope: Arc<Envelope>,
    shell: UnboundedSender<ZmqMessage>,
    stdin: UnboundedSender<ZmqMessage>,
    iopub: UnboundedSender<Publication>,
    current: Arc<Mutex<Current>>,
}

fn to_json(content: impl Serialize) -> Value {
    serde_json::to_value(content).expect("message contents serialise")
}

impl Outbox {
    pub fn new(
        envelope: Arc<Envelope>,
        shell: UnboundedSender<ZmqMessage>,
        stdin: UnboundedSender<ZmqMessage>,
        iopub: UnboundedSender<Publication>,
    ) -> Self {
        Outbox {
            envelope,
            shell,
            stdin,
            iopub,
            current: Arc::default(),
        }
    }

    pub fn current(&self) -> MutexGuard<'_, Current> {
        self.current
            .lock()
            .expect("no panics while holding the lock")
    }

    // A send fails only when the socket tasks are gone, i.e. the kernel is shutting
    // down: there is no one left to tell.

    /// Replies to a shell request.
    pub fn reply(&self, request: &Incoming, msg_type: &str, content: impl Serialize) {
        let message = self.envelope.reply(request, msg_type, &to_json(content));
        let _ = self.shell.send(message);
    }

    /// Sends a message on the stdin socket.
    pub fn stdin(&self, message: ZmqMessage) {
        let _ = self.stdin.send(message);
    }

    pub fn publish(&self, parent: &Value, msg_type: &'static str, content: impl Serialize) {
        let _ = self
            .iopub
            .send(Publication::new(parent, msg_type, to_json(content)));
    }

    pub fn status(&self, parent: &Value, state: &str) {
        let _ = self.iopub.send(Publication::status(parent, state));
    }

    /// Publishes on behalf of the current request, unless it is silent.
    pub fn publish_current(&self, msg_type: &'static str, content: impl Serialize) {
        let parent = {
            let current = self.current();
            if current.silent {
                return;
            }
            current.parent.clone()
        };
        self.publish(&parent, msg_type, content);
    }

    /// Output written to `sys.stdout` / `sys.stderr` while a request runs.
    pub fn stream(&self, stream: Stream, text: &str) {
        let name = match stream {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        };
        self.publish_current("stream", json!({ "name": name, "text": text }));
    }
}
