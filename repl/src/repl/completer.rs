//! Tab completion from the session's engine ([`kiln_vm::Session::complete`]).
//!
//! reedline wants a `Send` completer, but a session belongs to its thread. reedline
//! calls the completer on the thread running `read_line`, which is the session's, so
//! the completer finds the session in a thread-local set for the REPL's lifetime; on
//! any other thread it finds none and offers nothing.

use kiln_vm::Session;
use reedline::{Completer, CompletionResult, Span, Suggestion};
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    static SESSION: RefCell<Option<Rc<Session>>> = const { RefCell::new(None) };
}

/// Makes `session` the one completions come from on this thread, until the guard drops.
pub fn serve(session: Rc<Session>) -> ServeGuard {
    SESSION.with(|slot| *slot.borrow_mut() = Some(session));
    ServeGuard
}

pub struct ServeGuard;

impl Drop for ServeGuard {
    fn drop(&mut self) {
        SESSION.with(|slot| slot.borrow_mut().take());
    }
}

pub struct SessionCompleter;

impl Completer for SessionCompleter {
    fn complete(&mut self, line: &str, pos: usize) -> CompletionResult {
        CompletionResult::fresh(suggestions(line, pos))
    }
}

fn suggestions(line: &str, pos: usize) -> Vec<Suggestion> {
    let pos = pos.min(line.len());
    let Some(pos) = (0..=pos).rev().find(|&p| line.is_char_boundary(p)) else {
        return Vec::new();
    };
    let line_start = line[..pos].rfind('\n').map_or(0, |at| at + 1);
    // Tab at the start of a line indents it, as in an editor.
    if line[line_start..pos].chars().all(|c| c == ' ' || c == '\t') {
        let width = line[line_start..pos].chars().count();
        let indent = " ".repeat(4 - width % 4);
        return vec![suggestion(indent, pos, pos)];
    }
    let Some(completion) = SESSION.with(|slot| {
        slot.borrow()
            .as_ref()
            .map(|session| session.complete(line, line[..pos].chars().count()))
    }) else {
        return Vec::new();
    };
    let byte_at = |chars: usize| {
        line.char_indices()
            .nth(chars)
            .map_or(line.len(), |(at, _)| at)
    };
    let (start, end) = (
        byte_at(completion.cursor_start),
        byte_at(completion.cursor_end),
    );
    if start > end {
        return Vec::new();
    }
    completion
        .matches
        .into_iter()
        .map(|text| suggestion(text, start, end))
        .collect()
}

fn suggestion(value: String, start: usize, end: usize) -> Suggestion {
    Suggestion {
        value,
        span: Span::new(start, end),
        append_whitespace: false,
        ..Suggestion::default()
    }
}
