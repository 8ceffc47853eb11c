//! Running `__main__` as `python3` does: a script file or directory, `-c` code,
//! `-m` module, or a program read from standard input.
//!
//! Each target sets `sys.path[0]` as CPython does (the script's real directory; `''`
//! for `-c` and stdin; the working directory for `-m`), and bad input gets CPython's
//! one-line message and exit status: a file that cannot be opened is status 2, a
//! directory without `__main__.py` is status 1, undecodable or NUL-containing source is
//! a `SyntaxError` (status 1).

use crate::compile::{CompileUnit, compile_user_source, decode_source};
use crate::session::Session;
use rustpython_vm::{PyResult, VirtualMachine, builtins::PyBaseExceptionRef, scope::Scope};
use std::io::Read;
use std::path::{Path, PathBuf};

/// What `__main__` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MainTarget {
    /// `kiln path [args]`: a file, or a directory holding `__main__.py`.
    Script(PathBuf),
    /// `kiln -c CODE`.
    Command(String),
    /// `kiln -m module`.
    Module(String),
    /// `kiln -` or a program piped in on standard input.
    Stdin,
}

/// How running `__main__` ended.
pub enum MainOutcome {
    /// The program ran; an uncaught exception (including `SystemExit`) if it ended
    /// with one. [`Session::finish`] turns this into the exit status.
    Ran(Option<PyBaseExceptionRef>),
    /// The program could not be started; the message is printed, this is the status.
    NotStarted(u8),
}

/// Runs `target` as `__main__` in `session`. `program` is the name used in messages,
/// as CPython uses its own `argv[0]`.
pub fn run_main(session: &Session, target: &MainTarget, program: &str) -> MainOutcome {
    let scope = session.main_scope();
    session.enter(|vm| match target {
        MainTarget::Script(path) => run_script(vm, scope, path, program),
        MainTarget::Command(code) => ran(vm, || {
            vm.insert_sys_path(vm.ctx.new_str("").into())?;
            let code = compile_user_source(vm, code, "<string>", CompileUnit::Module)?;
            vm.run_code_obj(code, scope).map(drop)
        }),
        MainTarget::Module(name) => ran(vm, || {
            let cwd = std::env::current_dir().map_err(|e| vm.new_os_error(e.to_string()))?;
            vm.insert_sys_path(vm.ctx.new_str(cwd.to_string_lossy().as_ref()).into())?;
            let runpy = vm.import("runpy", 0)?;
            vm.call_method(&runpy, "_run_module_as_main", (name.as_str(), true))
                .map(drop)
        }),
        MainTarget::Stdin => {
            let mut data = Vec::new();
            if let Err(err) = std::io::stdin().read_to_end(&mut data) {
                eprintln!("{program}: can't read the program from stdin: {err}");
                return MainOutcome::NotStarted(2);
            }
            ran(vm, || {
                vm.insert_sys_path(vm.ctx.new_str("").into())?;
                run_source_bytes(vm, scope, &data, "<stdin>")
            })
        }
    })
}

fn ran(vm: &VirtualMachine, run: impl FnOnce() -> PyResult<()>) -> MainOutcome {
    let _ = vm;
    MainOutcome::Ran(run().err())
}

fn run_script(vm: &VirtualMachine, scope: Scope, given: &Path, program: &str) -> MainOutcome {
    let absolute = std::path::absolute(given).unwrap_or_else(|_| given.to_path_buf());
    let shown = absolute.display();
    let metadata = match std::fs::metadata(&absolute) {
        Ok(metadata) => metadata,
        Err(err) => {
            eprintln!(
                "{program}: can't open file '{shown}': {}",
                errno_message(&err)
            );
            return MainOutcome::NotStarted(2);
        }
    };
    if metadata.is_dir() {
        if !absolute.join("__main__.py").is_file() {
            eprintln!("{program}: can't find '__main__' module in '{shown}'");
            return MainOutcome::NotStarted(1);
        }
        return ran(vm, || {
            vm.insert_sys_path(vm.ctx.new_str(absolute.to_string_lossy().as_ref()).into())?;
            let runpy = vm.import("runpy", 0)?;
            vm.call_method(&runpy, "_run_module_as_main", ("__main__", false))
                .map(drop)
        });
    }
    let data = match std::fs::read(&absolute) {
        Ok(data) => data,
        Err(err) => {
            eprintln!(
                "{program}: can't open file '{shown}': {}",
                errno_message(&err)
            );
            return MainOutcome::NotStarted(2);
        }
    };
    let directory = std::fs::canonicalize(&absolute)
        .ok()
        .and_then(|real| real.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| absolute.parent().map(Path::to_path_buf).unwrap_or_default());
    let filename = absolute.to_string_lossy().into_owned();
    ran(vm, || {
        vm.insert_sys_path(vm.ctx.new_str(directory.to_string_lossy().as_ref()).into())?;
        let globals = &scope.globals;
        globals.set_item("__file__", vm.ctx.new_str(filename.as_str()).into(), vm)?;
        globals.set_item("__cached__", vm.ctx.none(), vm)?;
        vm.import("importlib.machinery", 0)?;
        let machinery = vm
            .sys_module
            .get_attr("modules", vm)?
            .get_item("importlib.machinery", vm)?;
        let loader = vm.call_method(
            &machinery,
            "SourceFileLoader",
            ("__main__", filename.as_str()),
        )?;
        globals.set_item("__loader__", loader, vm)?;
        let result = run_source_bytes(vm, scope.clone(), &data, &filename);
        // CPython removes them again once the script is done (visible under -i).
        let _ = globals.del_item("__file__", vm);
        let _ = globals.del_item("__cached__", vm);
        result
    })
}

fn run_source_bytes(
    vm: &VirtualMachine,
    scope: Scope,
    data: &[u8],
    filename: &str,
) -> PyResult<()> {
    let source = decode_source(vm, data, filename)?;
    let code = compile_user_source(vm, &source, filename, CompileUnit::Module)?;
    vm.run_code_obj(code, scope).map(drop)
}

/// `[Errno 2] No such file or directory`, as Python formats an `OSError`.
fn errno_message(err: &std::io::Error) -> String {
    match err.raw_os_error() {
        Some(code) => {
            let text = std::io::Error::from_raw_os_error(code).to_string();
            let text = text.split(" (os error").next().unwrap_or(&text).to_owned();
            format!("[Errno {code}] {text}")
        }
        None => err.to_string(),
    }
}

/// `sys.argv` for a target, with the script's arguments after it.
pub fn main_argv(target: &MainTarget, args: &[String], dash: bool) -> Vec<String> {
    let first = match target {
        MainTarget::Script(path) => path.to_string_lossy().into_owned(),
        MainTarget::Command(_) => "-c".to_owned(),
        MainTarget::Module(_) => "-m".to_owned(),
        MainTarget::Stdin if dash => "-".to_owned(),
        MainTarget::Stdin => String::new(),
    };
    std::iter::once(first).chain(args.iter().cloned()).collect()
}
