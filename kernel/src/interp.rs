//! The interpreter thread: shell requests run one at a time, in the order they came,
//! against the kernel's [`Session`], each between a `busy` and an `idle` status.

use crate::capture::Capture;
use crate::control::Control;
use crate::history::History;
use crate::outbox::Outbox;
use crate::wire::Incoming;
use jupyter_protocol::{CodeMirrorMode, HelpLink};
use jupyter_protocol::{
    CommInfoReply, CompleteReply, HistoryReply, InspectReply, IsCompleteReply, KernelInfoReply,
    LanguageInfo, Media, MediaType, ReplyError, ReplyStatus,
};
use kiln_vm::Session;
use kiln_vm::interactive::Completeness;
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::Receiver;

/// What the interpreter thread is given.
pub enum Work {
    /// A checked message from the shell socket.
    Shell(Box<Incoming>),
    /// Stop (a `shutdown_request` on control was answered).
    Shutdown,
}

/// Whether the queue of execute requests is to be aborted after this request.
#[derive(PartialEq, Eq)]
pub(crate) enum After {
    Continue,
    AbortQueue,
    Shutdown,
}

pub struct Interp {
    pub(crate) session: Session,
    pub(crate) out: Outbox,
    pub(crate) control: Arc<Control>,
    /// Output to fds 1 and 2, drained when a cell ends.
    pub(crate) capture: Arc<Capture>,
    /// The last execution count given to a cell stored in history.
    pub(crate) count: usize,
    pub(crate) history: History,
    /// Cells run so far, for unique file names of cells not stored in history.
    pub(crate) runs: usize,
}

impl Interp {
    pub fn new(
        session: Session,
        out: Outbox,
        control: Arc<Control>,
        capture: Arc<Capture>,
    ) -> Self {
        Interp {
            session,
            out,
            control,
            capture,
            count: 0,
            history: History::default(),
            runs: 0,
        }
    }

    /// Serves shell requests until shutdown; gives the session back to be finished.
    pub fn run(mut self, queue: Receiver<Work>) -> Session {
        // After an error with `stop_on_error`, the execute requests queued by then are
        // answered "aborted", as ipykernel does; they are taken from the queue before
        // the failed request's `idle`, so what a client sends after it is not aborted.
        let mut aborting: VecDeque<Work> = VecDeque::new();
        loop {
            let (work, aborted) = match aborting.pop_front() {
                Some(work) => (work, true),
                None => match queue.recv() {
                    Ok(work) => (work, false),
                    Err(_) => break,
                },
            };
            let Work::Shell(request) = work else { break };
            if self.control.shutting_down() {
                break;
            }
            self.out.status(&request.raw_header, "busy");
            let after = if aborted && request.msg_type() == "execute_request" {
                self.abort(&request);
                After::Continue
            } else {
                self.dispatch(&request)
            };
            if after == After::AbortQueue {
                aborting.extend(queue.try_iter());
            }
            self.out.status(&request.raw_header, "idle");
            if after == After::Shutdown {
                break;
            }
        }
        self.session
    }

    fn dispatch(&mut self, request: &Incoming) -> After {
        match request.msg_type() {
            "execute_request" => return self.execute(request),
            "kernel_info_request" => {
                self.out.reply(request, "kernel_info_reply", kernel_info());
            }
            "complete_request" => self.complete(request),
            "inspect_request" => self.inspect(request),
            "is_complete_request" => self.is_complete(request),
            "history_request" => self.history_request(request),
            "comm_info_request" => {
                // kiln has no comm targets (widgets need ipykernel's comm machinery).
                self.out
                    .reply(request, "comm_info_reply", CommInfoReply::default());
            }
            "comm_open" => {
                let target = request.content["target_name"].as_str().unwrap_or("");
                log(&format!(
                    "comm_open for target {target:?} refused: kiln has no comm targets"
                ));
                // As ipykernel: an unknown target's comm is closed at once.
                let close = json!({ "comm_id": request.content["comm_id"], "data": {} });
                self.out.publish(&request.raw_header, "comm_close", close);
            }
            "comm_msg" | "comm_close" => log(&format!(
                "{} for a comm kiln does not have: ignored",
                request.msg_type()
            )),
            "shutdown_request" => {
                // Deprecated on shell, still sent by old clients: as on control.
                let restart = request.content["restart"].as_bool().unwrap_or(false);
                self.out.reply(
                    request,
                    "shutdown_reply",
                    json!({ "status": "ok", "restart": restart }),
                );
                self.control.shutdown();
                return After::Shutdown;
            }
            other => log(&format!("unknown message type {other:?} on shell: ignored")),
        }
        After::Continue
    }

    fn complete(&self, request: &Incoming) {
        let Some(code) = request.content["code"].as_str() else {
            return self.bad_request(request, "complete_reply", "no code to complete");
        };
        // Jupyter counts the cursor in characters; without one it is at the end.
        let cursor = cursor_pos(&request.content, code);
        let found = self.session.complete(code, cursor);
        let reply = CompleteReply {
            matches: found.matches,
            cursor_start: found.cursor_start,
            cursor_end: found.cursor_end,
            ..CompleteReply::default()
        };
        self.out.reply(request, "complete_reply", reply);
    }

    fn inspect(&self, request: &Incoming) {
        let Some(code) = request.content["code"].as_str() else {
            return self.bad_request(request, "inspect_reply", "no code to inspect");
        };
        let cursor = cursor_pos(&request.content, code);
        let level = request.content["detail_level"].as_u64().unwrap_or(0).min(1) as u8;
        let mut reply = InspectReply::default();
        if let Some(text) = self.session.inspect(code, cursor, level) {
            reply.found = true;
            reply.data = Media::new(vec![MediaType::Plain(text)]);
        }
        self.out.reply(request, "inspect_reply", reply);
    }

    fn is_complete(&self, request: &Incoming) {
        let Some(code) = request.content["code"].as_str() else {
            return self.bad_request(request, "is_complete_reply", "no code to check");
        };
        let reply = match self.session.is_complete(code) {
            Completeness::Complete => IsCompleteReply::complete(),
            Completeness::Incomplete { indent } => IsCompleteReply::incomplete(indent),
            Completeness::Invalid => IsCompleteReply::invalid(),
        };
        self.out.reply(request, "is_complete_reply", reply);
    }

    fn abort(&self, request: &Incoming) {
        let reply = json!({ "status": "aborted", "execution_count": self.count });
        self.out.reply(request, "execute_reply", reply);
    }

    fn history_request(&self, request: &Incoming) {
        let c = &request.content;
        let flag = |name: &str, default: bool| c[name].as_bool().unwrap_or(default);
        let int = |name: &str| c[name].as_i64();
        let (raw, output) = (flag("raw", true), flag("output", false));
        let history = match c["hist_access_type"].as_str() {
            Some("tail") => {
                let n = int("n").unwrap_or(10).max(0) as usize;
                self.history.tail(n, raw, output)
            }
            Some("range") => self.history.range(
                int("session").unwrap_or(0),
                int("start").unwrap_or(0),
                int("stop").unwrap_or(0),
                raw,
                output,
            ),
            Some("search") => self.history.search(
                c["pattern"].as_str().unwrap_or("*"),
                int("n").map(|n| n.max(0) as usize),
                flag("unique", false),
                raw,
                output,
            ),
            other => {
                return self.bad_request(
                    request,
                    "history_reply",
                    &format!("hist_access_type {other:?} is not tail, range or search"),
                );
            }
        };
        self.out
            .reply(request, "history_reply", HistoryReply::new(history));
    }

    /// Answers a request whose content is unusable with an error reply saying why.
    pub(crate) fn bad_request(&self, request: &Incoming, reply_type: &str, why: &str) {
        log(&format!("bad {}: {why}", request.msg_type()));
        let error = ReplyError {
            ename: "BadRequest".into(),
            evalue: why.to_owned(),
            traceback: Vec::new(),
        };
        let mut content = serde_json::to_value(error).expect("serialises");
        content["status"] = json!(ReplyStatus::Error);
        self.out.reply(request, reply_type, content);
    }
}

/// A request's `cursor_pos` in characters, at the end of `code` when absent.
fn cursor_pos(content: &Value, code: &str) -> usize {
    content["cursor_pos"]
        .as_u64()
        .map_or_else(|| code.chars().count(), |pos| pos as usize)
}

/// Writes a line to the kernel's log (its original stderr, which Jupyter keeps).
pub fn log(message: &str) {
    crate::capture::write_log(&format!("kiln kernel: {message}\n"));
}

/// Fills the fields of `content` that the protocol makes optional with their defaults.
pub(crate) fn with_defaults(content: &Value, defaults: Value) -> Value {
    let mut filled = defaults;
    if let (Some(filled), Some(given)) = (filled.as_object_mut(), content.as_object()) {
        for (key, value) in given {
            filled.insert(key.clone(), value.clone());
        }
    }
    filled
}

/// The kernel_info_reply content (shell and control alike).
pub fn kernel_info() -> KernelInfoReply {
    KernelInfoReply {
        status: ReplyStatus::Ok,
        protocol_version: crate::envelope::PROTOCOL_VERSION.into(),
        implementation: "kiln".into(),
        implementation_version: kiln_vm::KILN_VERSION.into(),
        language_info: LanguageInfo {
            name: "python".into(),
            version: kiln_vm::python_version(),
            mimetype: Some("text/x-python".into()),
            file_extension: Some(".py".into()),
            pygments_lexer: Some("ipython3".into()),
            codemirror_mode: Some(CodeMirrorMode::ipython_code_mirror_mode()),
            nbconvert_exporter: Some("python".into()),
        },
        banner: format!(
            "kiln {} (Python {}): a Python runtime for numeric work, with a JIT for hot \
             loops\n%jit shows what it compiled.\n",
            kiln_vm::KILN_VERSION,
            kiln_vm::python_version()
        ),
        help_links: vec![HelpLink {
            text: "Python Reference".into(),
            url: "https://docs.python.org/3/".into(),
        }],
        debugger: false,
        error: None,
    }
}
