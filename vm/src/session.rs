//! [`Session`]: one interpreter with its `__main__` namespace, the embedding API that the
//! script runner, the REPL and the Jupyter kernel drive.
//!
//! A session lives on the thread that created it (the interpreter is not `Send`);
//! other threads reach it only through an [`InterruptHandle`], which queues a
//! `KeyboardInterrupt` that the interpreter raises at its next check.

use crate::compile::{CompileUnit, compile_user_source};
use crate::output::{self, OutputMode};
use rustpython_vm::{
    AsObject, Interpreter, PyObjectRef, PyResult, Settings, VirtualMachine,
    builtins::{PyBaseExceptionRef, PyStrRef},
    common::rc::PyRc,
    scope::Scope,
    signal::{UserSignalSender, user_signal_channel},
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// How to set up a session's interpreter.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// Entries put in front of the default `sys.path` (from `PYTHONPATH`).
    pub path_prefix: Vec<String>,
    /// Import `site` at start-up, as `python3` does without `-S`.
    pub import_site: bool,
    /// `-i`: `sys.flags.inspect`.
    pub inspect: bool,
    /// `-u` / `PYTHONUNBUFFERED`.
    pub unbuffered: bool,
    /// `-B` / `PYTHONDONTWRITEBYTECODE`.
    pub dont_write_bytecode: bool,
    /// UTF-8 mode (PEP 540): text files and the standard streams default to UTF-8
    /// whatever the locale. On unless `PYTHONUTF8=0`, as Python 3.15 will have it.
    pub utf8_mode: bool,
    /// `PYTHONHASHSEED`, when set to a number.
    pub hash_seed: Option<u32>,
}

impl SessionConfig {
    /// The configuration `python3` would use with no options, reading `PYTHONPATH`,
    /// `PYTHONUNBUFFERED` and `PYTHONDONTWRITEBYTECODE` from the environment.
    pub fn from_env(argv: Vec<String>) -> Self {
        let env_flag = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        let path_prefix = std::env::var_os("PYTHONPATH")
            .map(|paths| {
                std::env::split_paths(&paths)
                    .filter(|p| !p.as_os_str().is_empty())
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        SessionConfig {
            argv,
            path_prefix,
            import_site: true,
            inspect: false,
            unbuffered: env_flag("PYTHONUNBUFFERED"),
            dont_write_bytecode: env_flag("PYTHONDONTWRITEBYTECODE"),
            utf8_mode: std::env::var("PYTHONUTF8").map_or(true, |v| v != "0"),
            hash_seed: std::env::var("PYTHONHASHSEED")
                .ok()
                .and_then(|v| v.parse().ok()),
        }
    }

    /// The same configuration without what came from `PYTHON*` variables (`-E`).
    pub fn without_environment(mut self) -> Self {
        self.path_prefix.clear();
        self.unbuffered = false;
        self.dont_write_bytecode = false;
        self.utf8_mode = true;
        self.hash_seed = None;
        self
    }

    fn settings(&self) -> Settings {
        let mut settings = Settings::default();
        settings.argv = if self.argv.is_empty() {
            vec![String::new()]
        } else {
            self.argv.clone()
        };
        settings.path_list = self.path_prefix.clone();
        settings.import_site = self.import_site;
        settings.inspect = self.inspect;
        settings.buffered_stdio = !self.unbuffered;
        settings.write_bytecode = !self.dont_write_bytecode;
        settings.utf8_mode = i8::from(self.utf8_mode);
        settings.hash_seed = self.hash_seed;
        settings
    }
}

/// A Python exception rendered for a front end: what Jupyter's `error` message and a
/// REPL's traceback need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyErrorReport {
    /// The exception's class name, e.g. `ZeroDivisionError`.
    pub type_name: String,
    /// `str(exception)`.
    pub message: String,
    /// The lines `traceback.format_exception` gives, each ending in a newline.
    pub traceback: Vec<String>,
}

impl PyErrorReport {
    pub fn from_exception(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> Self {
        let type_name = exc.class().name().to_string();
        let message = exc
            .as_object()
            .str(vm)
            .map(|s| s.to_string())
            .unwrap_or_default();
        let traceback = format_exception(vm, exc).unwrap_or_else(|_| {
            vec![if message.is_empty() {
                format!("{type_name}\n")
            } else {
                format!("{type_name}: {message}\n")
            }]
        });
        PyErrorReport {
            type_name,
            message,
            traceback,
        }
    }
}

fn format_exception(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> PyResult<Vec<String>> {
    let traceback = vm.import("traceback", 0)?;
    let lines = vm.call_method(&traceback, "format_exception", (exc.clone(),))?;
    let lines: Vec<PyStrRef> = lines.try_into_value(vm)?;
    Ok(lines.iter().map(|s| s.to_string()).collect())
}

/// Queues a `KeyboardInterrupt` into a session from any thread.
///
/// RustPython wakes an interpreter through one process-wide "signal pending" flag, which
/// any other interpreter in the process can clear first (tests run several sessions at
/// once). So a request is held in `pending` until this session's interpreter delivers
/// it, and [`InterruptHandle::wake`] can raise the flag again while it waits: each
/// request raises exactly one `KeyboardInterrupt`, however often it is woken.
#[derive(Clone, Debug)]
pub struct InterruptHandle {
    sender: UserSignalSender,
    pending: Arc<AtomicBool>,
}

impl InterruptHandle {
    /// Asks the interpreter to raise `KeyboardInterrupt` at its next signal check.
    /// Returns false when the session is gone.
    pub fn interrupt(&self) -> bool {
        self.pending.store(true, Ordering::SeqCst);
        let woken = self.wake();
        // A compiled loop polls its own flag, not the interpreter's; raised second, so
        // the loop that stops for it finds the interpreter's request queued already.
        kiln_jit::runtime::request_interrupt();
        woken
    }

    /// Whether a requested interrupt has not been delivered yet.
    pub fn is_pending(&self) -> bool {
        self.pending.load(Ordering::SeqCst)
    }

    /// Raises the wake-up flag again for a pending interrupt; harmless when none is.
    /// Returns false when the session is gone.
    pub fn wake(&self) -> bool {
        let pending = self.pending.clone();
        self.sender
            .send(Box::new(move |vm: &VirtualMachine| {
                if pending.swap(false, Ordering::SeqCst) {
                    Err(vm.new_exception_empty(vm.ctx.exceptions.keyboard_interrupt.to_owned()))
                } else {
                    Ok(())
                }
            }))
            .is_ok()
    }
}

/// One embedded interpreter and its `__main__` namespace.
pub struct Session {
    interpreter: Interpreter,
    main: Scope,
    interrupt: InterruptHandle,
}

impl Session {
    /// Starts an interpreter: standard library (frozen into the binary), kiln's native
    /// modules, kiln's import finder for user modules, and an empty `__main__`.
    pub fn new(config: SessionConfig) -> Self {
        let (sender, receiver) = user_signal_channel();
        let builder = Interpreter::builder(config.settings());
        // kiln's `_random` (the generator compiled loops draw from) in place of
        // RustPython's.
        let mut native = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
        native.retain(|m| m.name.as_str() != "_random");
        native.push(crate::native::module_def(&builder.ctx));
        native.push(crate::fast_builtins::module_def(&builder.ctx));
        native.push(crate::user_exec::module_def(&builder.ctx));
        native.push(crate::sites::runtime::module_def(&builder.ctx));
        native.extend(kiln_stdlib::module_defs(&builder.ctx));
        let interpreter = builder
            .add_native_modules(&native)
            .add_frozen_modules(rustpython_pylib::FROZEN_STDLIB)
            .add_frozen_modules(kiln_stdlib::frozen_modules())
            .add_frozen_modules(rustpython_vm::py_freeze!(dir = "py"))
            .init_hook(move |vm| {
                let state = PyRc::get_mut(&mut vm.state).expect("state is unshared during init");
                state.config.paths.stdlib_dir = Some(rustpython_pylib::LIB_PATH.to_owned());
                vm.set_user_signal_channel(receiver);
            })
            .build();
        let main = interpreter.enter(|vm| {
            let start = || -> PyResult<Scope> {
                let main = vm.new_scope_with_main()?;
                // Rewritten loops call `_kiln_jit` from any module: it is a builtin.
                let jit = vm.import("_kiln_jit", 0)?;
                vm.builtins.set_attr("_kiln_jit", jit, vm)?;
                crate::fast_builtins::install(vm)?;
                crate::user_exec::install(vm)?;
                crate::sites::interrupt::watch_signal_calls(vm)?;
                let profile = vm.import("_kiln_profile", 0)?;
                vm.call_method(&profile, "install", ())?;
                let importer = vm.import("_kiln_importer", 0)?;
                vm.call_method(&importer, "install", ())?;
                // CPython initialises warnings (for -W / PYTHONWARNINGS) and then `site`.
                vm.import("warnings", 0)?;
                if config.import_site {
                    vm.import("site", 0)?;
                }
                Ok(main)
            };
            let result = start();
            vm.expect_pyresult(result, "kiln: interpreter start-up failed")
        });
        Session {
            interpreter,
            main,
            interrupt: InterruptHandle {
                sender,
                pending: Arc::default(),
            },
        }
    }

    /// Runs `f` with the interpreter entered.
    pub fn enter<R>(&self, f: impl FnOnce(&VirtualMachine) -> R) -> R {
        self.interpreter.enter(f)
    }

    /// The `__main__` module's namespace.
    pub fn main_scope(&self) -> Scope {
        self.main.clone()
    }

    /// A handle other threads use to interrupt running code.
    pub fn interrupt_handle(&self) -> InterruptHandle {
        self.interrupt.clone()
    }

    /// Chooses where `sys.stdout` and `sys.stderr` write from now on.
    pub fn set_output(&self, mode: OutputMode) -> PyResult<()> {
        self.enter(|vm| {
            // Text already buffered for the old destination goes there first.
            flush_std(vm);
            let capture = vm.import("_kiln_capture", 0)?;
            match mode {
                OutputMode::Inherit => {
                    vm.call_method(&capture, "uninstall", ())?;
                    output::set_sink(None);
                }
                OutputMode::Stream(sink) => {
                    output::set_sink(Some(sink));
                    vm.call_method(&capture, "install", ())?;
                }
            }
            Ok(())
        })
    }

    /// Runs a REPL or notebook cell in `__main__`, named `name` in tracebacks, and
    /// returns the value of its last statement when that is an expression.
    ///
    /// The cell's source is registered with `linecache`, so tracebacks show its lines.
    pub fn run_cell(
        &self,
        source: &str,
        name: &str,
    ) -> Result<Option<PyObjectRef>, PyBaseExceptionRef> {
        self.enter(|vm| {
            let code = compile_user_source(vm, source, name, CompileUnit::Cell)?;
            register_source(vm, name, source);
            let value = vm.run_code_obj(code, self.main.clone())?;
            Ok((!vm.is_none(&value)).then_some(value))
        })
    }

    /// Runs a cell and renders the outcome as text: the `repr` of its value, if any.
    pub fn run_cell_repr(&self, source: &str, name: &str) -> Result<Option<String>, PyErrorReport> {
        let result = self.run_cell(source, name);
        self.enter(|vm| {
            let value = result.map_err(|exc| PyErrorReport::from_exception(vm, &exc))?;
            value
                .map(|v| v.repr(vm).map(|r| r.to_string()))
                .transpose()
                .map_err(|exc| PyErrorReport::from_exception(vm, &exc))
        })
    }

    /// Evaluates an expression in `__main__` and returns its `repr`.
    pub fn eval_repr(&self, expression: &str) -> Result<String, PyErrorReport> {
        self.enter(|vm| {
            let run = || -> PyResult<String> {
                let code =
                    compile_user_source(vm, expression, "<string>", CompileUnit::Expression)?;
                let value = vm.run_code_obj(code, self.main.clone())?;
                Ok(value.repr(vm)?.to_string())
            };
            run().map_err(|exc| PyErrorReport::from_exception(vm, &exc))
        })
    }

    /// Renders an exception for a front end.
    pub fn report(&self, exc: &PyBaseExceptionRef) -> PyErrorReport {
        self.enter(|vm| PyErrorReport::from_exception(vm, exc))
    }

    /// Prints an exception to `sys.stderr` as the interpreter would on an uncaught one.
    pub fn print_exception(&self, exc: PyBaseExceptionRef) {
        self.enter(|vm| vm.print_exception(&exc));
    }

    /// Flushes `sys.stdout` and `sys.stderr`.
    pub fn flush(&self) {
        self.enter(flush_std);
    }

    /// Shuts the interpreter down as `python3` does at exit (flush, `atexit`, thread
    /// join) and turns the exception that ended the program, if any, into the process
    /// exit status: `SystemExit`'s code, 1 for an uncaught exception (after printing its
    /// traceback). An uncaught `KeyboardInterrupt` ends the process by SIGINT, as
    /// CPython does, so the parent sees status 130.
    pub fn finish(self, exc: Option<PyBaseExceptionRef>) -> u8 {
        output::set_sink(None);
        let code = self.interpreter.finalize(exc);
        u8::try_from(code).unwrap_or((code & 0xff) as u8)
    }
}

/// Flushes `sys.stdout` and `sys.stderr`; a broken stream is not this caller's error.
fn flush_std(vm: &VirtualMachine) {
    for name in ["stdout", "stderr"] {
        if let Ok(stream) = vm.sys_module.get_attr(name, vm)
            && !vm.is_none(&stream)
        {
            let _ = vm.call_method(&stream, "flush", ());
        }
    }
}

/// Makes `source` available to `linecache` under `name`, for tracebacks of cells.
fn register_source(vm: &VirtualMachine, name: &str, source: &str) {
    let register = || -> PyResult<()> {
        let linecache = vm.import("linecache", 0)?;
        let lines = vm.call_method(vm.ctx.new_str(source).as_object(), "splitlines", (true,))?;
        let entry = (source.len(), vm.ctx.none(), lines, name.to_owned());
        let cache = linecache.get_attr("cache", vm)?;
        cache.set_item(
            name,
            rustpython_vm::convert::ToPyObject::to_pyobject(entry, vm),
            vm,
        )
    };
    // Tracebacks without source lines are still correct; nothing to report.
    let _ = register();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    fn session() -> Session {
        let mut config = SessionConfig::from_env(vec![String::new()]);
        config.import_site = false;
        Session::new(config)
    }

    #[test]
    fn cell_value_and_namespace_persist() {
        let s = session();
        assert_eq!(
            s.run_cell_repr("x = 20\nx + 22", "<cell 1>").unwrap(),
            Some("42".into())
        );
        assert_eq!(s.run_cell_repr("y = x", "<cell 2>").unwrap(), None);
        assert_eq!(s.eval_repr("[y, 'a']").unwrap(), "[20, 'a']");
    }

    #[test]
    fn errors_are_reported_with_traceback_lines() {
        let s = session();
        let err = s
            .run_cell_repr("def f():\n    return 1 / 0\nf()", "<cell 3>")
            .unwrap_err();
        assert_eq!(err.type_name, "ZeroDivisionError");
        assert_eq!(err.message, "division by zero");
        let text = err.traceback.concat();
        assert!(text.contains("File \"<cell 3>\", line 2, in f"), "{text}");
        assert!(text.contains("return 1 / 0"), "{text}");
        let err = s.run_cell_repr("x = (", "<cell 4>").unwrap_err();
        assert_eq!(err.type_name, "SyntaxError");
    }

    #[test]
    fn output_streams_to_sink() {
        let s = session();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink_seen = seen.clone();
        s.set_output(OutputMode::Stream(Box::new(move |stream, text| {
            sink_seen.lock().unwrap().push((stream, text.to_owned()));
        })))
        .unwrap();
        s.run_cell(
            "import sys\nprint('out')\nprint('err', file=sys.stderr)",
            "<cell>",
        )
        .unwrap();
        let seen = seen.lock().unwrap().clone();
        let joined = |which| {
            seen.iter()
                .filter(|(s, _)| *s == which)
                .map(|(_, t)| t.as_str())
                .collect::<String>()
        };
        assert_eq!(joined(output::Stream::Stdout), "out\n");
        assert_eq!(joined(output::Stream::Stderr), "err\n");
    }

    #[test]
    fn user_modules_compile_through_kiln_and_the_stdlib_does_not() {
        let dir = std::env::temp_dir().join(format!("kiln-import-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("kiln_user_mod.py"),
            "def f():\n    return 'user'\n",
        )
        .unwrap();
        let s = session();
        let setup = format!(
            "import sys\nsys.path.insert(0, {:?})",
            dir.display().to_string()
        );
        s.run_cell(&setup, "<setup>").unwrap();
        assert_eq!(
            s.eval_repr("(__import__('kiln_user_mod').f(), type(__import__('kiln_user_mod').__loader__).__name__)")
                .unwrap(),
            "('user', 'KilnSourceLoader')"
        );
        // The standard library is frozen and keeps its precompiled code.
        let json_loader = s
            .eval_repr("type(__import__('json').__loader__).__name__")
            .unwrap();
        assert_ne!(json_loader, "'KilnSourceLoader'");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn interrupt_from_another_thread_stops_a_loop() {
        let s = session();
        let handle = s.interrupt_handle();
        let waker = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let sent = handle.interrupt();
            // Other tests' interpreters may clear the process-wide wake-up flag.
            while handle.is_pending() {
                std::thread::sleep(std::time::Duration::from_millis(20));
                handle.wake();
            }
            sent
        });
        let err = s
            .run_cell_repr("while True:\n    pass", "<cell>")
            .unwrap_err();
        assert!(waker.join().unwrap());
        assert_eq!(err.type_name, "KeyboardInterrupt");
        // The session keeps working afterwards.
        assert_eq!(s.eval_repr("1 + 1").unwrap(), "2");
    }
}
