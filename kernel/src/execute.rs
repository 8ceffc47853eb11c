//! `execute_request`: run a cell, stream its output, publish its result or error, and
//! answer with the execution count, pager payloads and `user_expressions`.

use crate::interp::{After, Interp, with_defaults};
use crate::wire::Incoming;
use jupyter_protocol::{
    ErrorOutput, ExecuteInput, ExecuteReply, ExecuteRequest, ExecuteResult, ExecutionCount,
    ExpressionResult, ReplyError, ReplyStatus, Transient,
};
use kiln_vm::PyErrorReport;
use kiln_vm::rustpython_vm::PyResult;
use serde_json::{Value, json};
use std::collections::HashMap;

impl Interp {
    pub(crate) fn execute(&mut self, request: &Incoming) -> After {
        let content = with_defaults(
            &request.content,
            json!({"silent": false, "store_history": true, "user_expressions": {},
                   "allow_stdin": false, "stop_on_error": true}),
        );
        let req: ExecuteRequest = match serde_json::from_value(content) {
            Ok(req) => req,
            Err(err) => {
                self.bad_request(request, "execute_reply", &err.to_string());
                return After::Continue;
            }
        };
        let silent = req.silent;
        let store = req.store_history && !silent;
        // IPython numbers a cell with the next count; only stored cells keep theirs.
        let number = self.count + 1;
        if store {
            self.count = number;
        }
        let reply_count = ExecutionCount::new(if store { number } else { self.count });
        if !silent {
            let input = ExecuteInput {
                code: req.code.clone(),
                execution_count: ExecutionCount::new(number),
            };
            self.out
                .publish(&request.raw_header, "execute_input", input);
        }
        self.enter_request(request, &req);

        self.runs += 1;
        let name = if store {
            format!("<cell {number}>")
        } else {
            format!("<cell {number}.{}>", self.runs)
        };
        let python = self.session.transform_cell(&req.code);
        if store {
            self.history.record(number, &req.code, &python);
            self.session.record_input(number, &req.code);
        }
        self.control.begin();
        let outcome = self.session.run_cell(&python, &name);
        self.control.end(&self.session);
        self.session.flush();
        // What the cell wrote to fds 1 and 2 is its output, before its result.
        self.capture.drain();

        let mut reply = ExecuteReply {
            status: ReplyStatus::Ok,
            execution_count: reply_count,
            payload: Vec::new(),
            user_expressions: Some(HashMap::new()),
            error: None,
        };
        let mut after = After::Continue;
        match outcome {
            Ok(value) => {
                if let Some(value) = value.filter(|_| !silent && !ends_with_semicolon(&req.code)) {
                    if store {
                        self.session.record_output(number, &value);
                    }
                    match self.result_bundle(value, number) {
                        Ok(result) => {
                            if store && let Some(text) = result.data.content.iter().find_map(plain)
                            {
                                self.history.set_output(number, text);
                            }
                            self.out
                                .publish(&request.raw_header, "execute_result", result);
                        }
                        Err(report) => self.publish_error(request, &report, silent),
                    }
                }
                let expressions = req.user_expressions.unwrap_or_default();
                reply.user_expressions = Some(self.user_expressions(&expressions));
            }
            Err(exc) => {
                let report = self.session.report(&exc);
                self.publish_error(request, &report, silent);
                reply.status = ReplyStatus::Error;
                reply.error = Some(Box::new(ReplyError {
                    ename: report.type_name.clone(),
                    evalue: report.message.clone(),
                    traceback: traceback_lines(&report),
                }));
                if req.stop_on_error {
                    after = After::AbortQueue;
                }
            }
        }
        reply.payload = self.leave_request();
        self.out.reply(request, "execute_reply", reply);
        after
    }

    /// Output, displays, input requests and payloads belong to `request` from now on.
    fn enter_request(&self, request: &Incoming, req: &ExecuteRequest) {
        let mut current = self.out.current();
        current.parent = request.raw_header.clone();
        current.identities = request.identities.clone();
        current.allow_stdin = req.allow_stdin;
        current.silent = req.silent;
        current.payloads.clear();
    }

    /// The request is done; returns its payloads.
    fn leave_request(&self) -> Vec<jupyter_protocol::Payload> {
        let mut current = self.out.current();
        current.parent = json!({});
        current.identities.clear();
        current.allow_stdin = false;
        current.silent = false;
        std::mem::take(&mut current.payloads)
    }

    fn publish_error(&self, request: &Incoming, report: &PyErrorReport, silent: bool) {
        if silent {
            return;
        }
        let error = ErrorOutput {
            ename: report.type_name.clone(),
            evalue: report.message.clone(),
            traceback: traceback_lines(report),
        };
        self.out.publish(&request.raw_header, "error", error);
    }

    /// The execute_result of a cell's value.
    fn result_bundle(
        &self,
        value: kiln_vm::rustpython_vm::PyObjectRef,
        number: usize,
    ) -> Result<ExecuteResult, PyErrorReport> {
        let json = self.session.enter(|vm| -> PyResult<String> {
            let display = vm.import("_kiln_display", 0)?;
            let json = vm.call_method(&display, "bundle", (value,))?;
            json.try_into_value::<String>(vm)
        });
        let json = json.map_err(|exc| self.session.report(&exc))?;
        let mut bundle: Value = serde_json::from_str(&json).expect("json.dumps gives JSON");
        bundle["execution_count"] = json!(number);
        let mut result: ExecuteResult =
            serde_json::from_value(bundle).expect("a bundle is data and metadata");
        // The schema wants an object here; `null` fails validation in front ends' tests.
        result.transient = Some(Transient::default());
        Ok(result)
    }

    /// Evaluates execute_request's `user_expressions` after a successful cell.
    fn user_expressions(
        &self,
        expressions: &HashMap<String, String>,
    ) -> HashMap<String, ExpressionResult> {
        if expressions.is_empty() {
            return HashMap::new();
        }
        let source = serde_json::to_string(expressions).expect("strings serialise");
        let main = self.session.main_scope().globals;
        let json = self.session.enter(|vm| -> PyResult<String> {
            let kernel = vm.import("_kiln_kernel", 0)?;
            let json = vm.call_method(&kernel, "user_expressions", (source, main))?;
            json.try_into_value::<String>(vm)
        });
        match json {
            Ok(json) => serde_json::from_str(&json).unwrap_or_default(),
            Err(exc) => {
                // The evaluation machinery itself failed: every expression reports it.
                let report = self.session.report(&exc);
                expressions
                    .keys()
                    .map(|name| {
                        let error = ExpressionResult::Error {
                            ename: report.type_name.clone(),
                            evalue: report.message.clone(),
                            traceback: traceback_lines(&report),
                        };
                        (name.clone(), error)
                    })
                    .collect()
            }
        }
    }
}

fn plain(media: &jupyter_protocol::MediaType) -> Option<String> {
    match media {
        jupyter_protocol::MediaType::Plain(text) => Some(text.clone()),
        _ => None,
    }
}

/// Front ends join traceback entries with newlines: each entry without its own.
fn traceback_lines(report: &PyErrorReport) -> Vec<String> {
    report
        .traceback
        .iter()
        .map(|line| line.trim_end_matches('\n').to_owned())
        .collect()
}

/// IPython shows no result for a cell whose last line ends in `;`.
fn ends_with_semicolon(code: &str) -> bool {
    code.lines()
        .rev()
        .map(|line| line.split('#').next().unwrap_or("").trim_end())
        .find(|line| !line.is_empty())
        .is_some_and(|line| line.ends_with(';'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_semicolon_hides_the_result() {
        assert!(ends_with_semicolon("x = 1\nx;"));
        assert!(ends_with_semicolon("x;  # quiet\n\n"));
        assert!(!ends_with_semicolon("x"));
        assert!(!ends_with_semicolon("'a;'"));
    }
}
