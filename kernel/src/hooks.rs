//! What the kernel plugs into the interpreter: `sys.stdout`/`sys.stderr` streamed to
//! IOPub, `display()` and `clear_output()` published as display messages, `input()` and
//! `getpass()` answered over the stdin channel, help text sent as `page` payloads, SIGINT's Python-level handler, and the Python half of the kernel
//! (`py/_kiln_kernel.py`) loaded as the module `_kiln_kernel`.

use crate::capture::Capture;
use crate::interp::log;
use crate::outbox::Outbox;
use crate::wire::Incoming;
use jupyter_protocol::{DisplayData, Media, MediaType, Payload, UpdateDisplayData};
use kiln_vm::rustpython_vm::{PyObjectRef, PyResult, VirtualMachine, compiler::Mode, scope::Scope};
use kiln_vm::{InterruptHandle, OutputMode, Session};
use serde_json::json;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const KERNEL_PY: &str = include_str!("py/_kiln_kernel.py");

/// How often a pending `input()` checks for an interrupt while it waits.
const INPUT_POLL: Duration = Duration::from_millis(20);

/// Installs the hooks; `input_replies` receives what arrives on the stdin socket.
pub fn install(
    session: &Session,
    outbox: &Outbox,
    capture: &Arc<Capture>,
    input_replies: Receiver<Incoming>,
    interrupt: InterruptHandle,
) -> Result<(), String> {
    // What went to fds 1 and 2 before a write to sys.stdout/sys.stderr is published
    // before it.
    let streams = outbox.clone();
    let captured = capture.clone();
    session
        .set_output(OutputMode::Stream(Box::new(move |stream, text| {
            captured.drain();
            streams.stream(stream, text)
        })))
        .map_err(|exc| session.report(&exc).message)?;
    // Threads the cell starts print into the running request too.
    let shared = outbox.clone();
    let captured = capture.clone();
    kiln_vm::output::set_shared_sink(Some(Arc::new(move |stream, text: &str| {
        captured.drain();
        shared.stream(stream, text)
    })));
    let publisher = outbox.clone();
    let clearer = outbox.clone();
    let asker = outbox.clone();
    let pager = outbox.clone();
    let replies = Mutex::new(input_replies);
    let result = session.enter(|vm| -> PyResult<()> {
        let publish = vm.new_function(
            "publish",
            move |bundle: String, update: bool, vm: &VirtualMachine| -> PyResult<()> {
                publish_display(&publisher, &bundle, update).map_err(|err| vm.new_value_error(err))
            },
        );
        let clear = vm.new_function("clear_output", move |wait: bool| {
            clearer.publish_current("clear_output", json!({ "wait": wait }));
        });
        let request_input = vm.new_function(
            "request_input",
            move |prompt: String, password: bool, vm: &VirtualMachine| {
                let replies = replies.lock().expect("one input() at a time");
                request_input(&asker, &replies, &interrupt, &prompt, password, vm)
            },
        );
        // Help (`obj?`) is a `page` payload of the execute_reply, as ipykernel sends it.
        let page = vm.new_function("page", move |text: String| {
            let data = Media::new(vec![MediaType::Plain(text)]);
            pager
                .current()
                .payloads
                .push(Payload::Page { data, start: 0 });
        });
        // Run for the interpreter's SIGINT flag, which `sigint` raises only in a cell.
        let on_sigint = vm.new_function(
            "on_sigint",
            |_signum: PyObjectRef, _frame: PyObjectRef, vm: &VirtualMachine| -> PyResult<()> {
                if crate::sigint::take_for_cell() {
                    return Err(
                        vm.new_exception_empty(vm.ctx.exceptions.keyboard_interrupt.to_owned())
                    );
                }
                Ok(())
            },
        );
        let module = load_module(vm)?;
        vm.call_method(
            &module,
            "install",
            (publish, clear, request_input, page, on_sigint),
        )?;
        Ok(())
    });
    result.map_err(|exc| {
        let report = session.report(&exc);
        format!("{}: {}", report.type_name, report.message)
    })
}

/// Runs `py/_kiln_kernel.py` as the module `_kiln_kernel` and registers it.
fn load_module(vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    let dict = vm.ctx.new_dict();
    let module = vm.new_module("_kiln_kernel", dict.clone(), None);
    let code = vm
        .compile(KERNEL_PY, Mode::Exec, "<kiln kernel>".to_owned())
        .map_err(|err| err.into_pyexception(vm, Some(KERNEL_PY)))?;
    vm.run_code_obj(code, Scope::with_builtins(None, dict, vm))?;
    let module: PyObjectRef = module.into();
    vm.sys_module
        .get_attr("modules", vm)?
        .set_item("_kiln_kernel", module.clone(), vm)?;
    Ok(module)
}

/// Publishes a display (`update`: replaces the one with the bundle's display id).
fn publish_display(outbox: &Outbox, bundle: &str, update: bool) -> Result<(), String> {
    if update {
        let content: UpdateDisplayData =
            serde_json::from_str(bundle).map_err(|err| format!("bad display bundle: {err}"))?;
        outbox.publish_current("update_display_data", content);
    } else {
        let content: DisplayData =
            serde_json::from_str(bundle).map_err(|err| format!("bad display bundle: {err}"))?;
        outbox.publish_current("display_data", content);
    }
    Ok(())
}

/// `input()`: an input_request to the front end of the current request, then its
/// input_reply. `None` when that front end said it cannot answer (`allow_stdin`).
fn request_input(
    outbox: &Outbox,
    replies: &Receiver<Incoming>,
    interrupt: &InterruptHandle,
    prompt: &str,
    password: bool,
    vm: &VirtualMachine,
) -> PyResult<Option<String>> {
    let (identities, parent) = {
        let current = outbox.current();
        if !current.allow_stdin {
            return Ok(None);
        }
        (current.identities.clone(), current.parent.clone())
    };
    // A reply that came after its request was given up on is not this request's.
    while replies.try_recv().is_ok() {}
    let request = json!({ "prompt": prompt, "password": password });
    outbox.stdin(
        outbox
            .envelope
            .to(&identities, &parent, "input_request", &request),
    );
    loop {
        if interrupt.is_pending() {
            interrupt.wake();
        }
        // An interrupt (queued, or flagged by SIGINT) is delivered here: the interpreter
        // raises KeyboardInterrupt from this call.
        vm.check_signals()?;
        match replies.recv_timeout(INPUT_POLL) {
            Ok(reply) if reply.msg_type() == "input_reply" => {
                return Ok(Some(
                    reply.content["value"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                ));
            }
            Ok(other) => log(&format!(
                "ignored {:?} on the stdin channel (waiting for input_reply)",
                other.msg_type()
            )),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(vm.new_exception_msg(
                    vm.ctx.exceptions.eof_error.to_owned(),
                    "the kernel's stdin channel is closed".into(),
                ));
            }
        }
    }
}
