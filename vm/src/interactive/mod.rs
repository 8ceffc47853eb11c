//! The interactive engine shared by the terminal REPL and the Jupyter kernel: tab
//! completion, whether typed input is complete, help on objects, IPython-style input
//! transformation (magics, `!cmd`, `obj?`), and the `In`/`Out`/`_` history of cells.
//!
//! What needs the parser is native ([`completeness`], [`transform`], [`highlight`]);
//! what needs the live namespace (completion, help, the magics) is Python, frozen in
//! `src/py/_kiln_interactive.py` and `src/py/_kiln_magics.py`.
//!
//! Offsets given to and returned by [`Session::complete`] and [`Session::inspect`] count
//! characters (Unicode code points), as Jupyter does.

pub mod completeness;
pub mod highlight;
pub mod transform;

use crate::session::Session;
use rustpython_vm::{
    PyObjectRef, PyResult, VirtualMachine, builtins::PyBaseExceptionRef, convert::ToPyObject,
};

/// Candidates for the text between `cursor_start` and `cursor_end` (character offsets).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completion {
    pub matches: Vec<String>,
    pub cursor_start: usize,
    pub cursor_end: usize,
}

/// Whether typed input can run as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completeness {
    Complete,
    /// More lines are needed; the next one starts with `indent`.
    Incomplete {
        indent: String,
    },
    /// It cannot become valid by adding lines; running it shows the error.
    Invalid,
}

impl Session {
    /// Names in scope (incl. builtins, keywords), attributes after `.`, dict keys after
    /// `d[`, module names after `import`/`from`, file paths inside strings, magics after
    /// `%`. Nothing is called to find them: only names and attribute lookups are
    /// evaluated, never calls or subscripts.
    pub fn complete(&self, code: &str, cursor: usize) -> Completion {
        let cursor = cursor.min(code.chars().count());
        self.enter(|vm| {
            let run = || -> PyResult<Completion> {
                let module = vm.import("_kiln_interactive", 0)?;
                let namespace = self.main_scope().globals;
                let found = vm.call_method(&module, "complete", (code, cursor, namespace))?;
                let item = |index: usize| found.get_item(&index, vm);
                let matches: Vec<String> = item(0)?.try_into_value(vm)?;
                Ok(Completion {
                    matches,
                    cursor_start: item(1)?.try_into_value(vm)?,
                    cursor_end: item(2)?.try_into_value(vm)?,
                })
            };
            run().unwrap_or(Completion {
                matches: Vec::new(),
                cursor_start: cursor,
                cursor_end: cursor,
            })
        })
    }

    /// Decided by RustPython's parser (see [`completeness`]).
    pub fn is_complete(&self, code: &str) -> Completeness {
        completeness::completeness(code)
    }

    /// Help text for the name at or before the cursor: signature, docstring, file,
    /// type; with `detail_level` 1 the source too (as `obj??`). None when no object is
    /// found there.
    pub fn inspect(&self, code: &str, cursor: usize, detail_level: u8) -> Option<String> {
        let cursor = cursor.min(code.chars().count());
        self.enter(|vm| {
            let run = || -> PyResult<Option<String>> {
                let module = vm.import("_kiln_interactive", 0)?;
                let namespace = self.main_scope().globals;
                let text = vm.call_method(
                    &module,
                    "inspect_at",
                    (code, cursor, namespace, detail_level),
                )?;
                text.try_into_value(vm)
            };
            run().ok().flatten()
        })
    }

    /// IPython-style input transformation of a whole cell (see [`transform`]).
    pub fn transform_cell(&self, source: &str) -> String {
        transform::transform_cell(source)
    }

    /// Records cell `number`'s input before it runs: `In[number]`, `_i`, `_ii`, `_iii`,
    /// `_i<number>` (what `%history` lists).
    pub fn record_input(&self, number: usize, source: &str) {
        self.call_magics("record_input", |vm| {
            vec![number.to_pyobject(vm), vm.ctx.new_str(source).into()]
        });
    }

    /// Records the value cell `number` produced: `Out[number]`, `_`, `__`, `___`,
    /// `_<number>`.
    pub fn record_output(&self, number: usize, value: &PyObjectRef) {
        self.call_magics("record_output", |vm| {
            vec![number.to_pyobject(vm), value.clone()]
        });
    }

    /// The text of an output value as `Out[n]:` shows it: its `repr`, long lists,
    /// tuples, sets and dicts broken over lines of `width` columns (None: the
    /// terminal's width), as IPython's pretty printer does.
    pub fn display_text(
        &self,
        value: &PyObjectRef,
        width: Option<usize>,
    ) -> Result<String, PyBaseExceptionRef> {
        self.enter(|vm| {
            let module = vm.import("_kiln_magics", 0)?;
            let width = match width {
                Some(width) => width.to_pyobject(vm),
                None => vm.ctx.none(),
            };
            let text = vm.call_method(&module, "display_text", (value.clone(), width))?;
            text.try_into_value(vm)
        })
    }

    fn call_magics(&self, function: &str, args: impl FnOnce(&VirtualMachine) -> Vec<PyObjectRef>) {
        self.enter(|vm| {
            let run = || -> PyResult<()> {
                let module = vm.import("_kiln_magics", 0)?;
                let function = module.get_attr(&vm.ctx.new_str(function), vm)?;
                function.call(args(vm), vm)?;
                Ok(())
            };
            if let Err(exc) = run() {
                vm.print_exception(&exc);
            }
        });
    }
}

#[cfg(test)]
mod tests;
