//! `_kiln_exec`: `exec`, `eval` and `compile` of source text from user code, through
//! kiln's compile path.
//!
//! RustPython's builtins compile a string with its own compiler, so the loops of code
//! a program runs with `exec(open(path).read())`, `compile(src, path, "exec")` (what
//! `runpy.run_path` and test harnesses do) or `eval` were never loop sites: they ran
//! interpreted, and the jit report did not list them. These builtins compile such
//! text with [`compile_user_source`] when the caller is user code, then hand the code
//! object to the interpreter's own builtin, which runs it as before (scopes, globals
//! defaulting to the caller's frame: a native function pushes no frame of its own).
//!
//! What they leave to the originals, unchanged: code objects, bytes, ASTs, `compile`
//! flags (`ast.PyCF_ONLY_AST`, future features), `"single"` mode, a filename that is
//! not a `str`, source with null bytes (the original's `SyntaxError`), and every call
//! from the standard library (`collections.namedtuple` and `dataclasses` build their
//! methods with `exec`), whose code is compiled as the interpreter compiles it; except
//! `compile` of a user's file under its own path (`runpy.run_path` does that).

pub(crate) use _kiln_exec::module_def;

#[rustpython_vm::pymodule]
mod _kiln_exec {
    use crate::compile::{CompileUnit, compile_user_source};
    use rustpython_vm::builtins::PyStr;
    use rustpython_vm::function::FuncArgs;
    use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

    /// Whether the Python code calling the builtin is the user's: a file's, a cell's,
    /// `-c` or exec'd text (`<...>`), not a frozen standard-library module's (whose
    /// code objects are named after the module, without a path).
    fn caller_is_user_code(vm: &VirtualMachine) -> bool {
        let Some(frame) = vm.current_frame() else {
            return false;
        };
        let path = frame.iframe().code().source_path();
        let name = path.as_str();
        if name.starts_with("<frozen") {
            return false;
        }
        name.starts_with('<') || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".py")
    }

    /// Whether `filename` names a file of the user's: one that exists, outside the
    /// standard library. `runpy.run_path` (standard library code) compiles a user's
    /// script under its path.
    fn is_user_file(filename: &str) -> bool {
        std::path::Path::new(filename).is_file() && !crate::compile::is_stdlib_path(filename)
    }

    /// The text of `source` if it is an exact `str` kiln may compile: no null bytes.
    fn text(source: &PyObjectRef, vm: &VirtualMachine) -> Option<String> {
        let s = source.downcast_ref_if_exact::<PyStr>(vm)?;
        let s = s.to_str()?;
        (!s.contains('\0')).then(|| s.to_owned())
    }

    fn original(name: &'static str, vm: &VirtualMachine) -> PyResult {
        vm.import("_kiln_exec", 0)?.get_attr(name, vm)
    }

    /// `args` with its first argument replaced by `code`.
    fn with_code(mut args: FuncArgs, code: PyObjectRef) -> FuncArgs {
        args.args[0] = code;
        args
    }

    /// Execute the given source in the context of globals and locals.
    ///
    /// The source may be a string representing one or more Python statements
    /// or a code object as returned by compile().
    #[pyfunction]
    fn exec(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let source = args.args.first().and_then(|s| text(s, vm));
        let args = match source {
            Some(src) if caller_is_user_code(vm) => {
                let code = compile_user_source(vm, &src, "<string>", CompileUnit::Module)?;
                with_code(args, code.into())
            }
            _ => args,
        };
        original("_original_exec", vm)?.call(args, vm)
    }

    /// Evaluate the given source in the context of globals and locals.
    ///
    /// The source may be a string representing a Python expression
    /// or a code object as returned by compile().
    #[pyfunction]
    fn eval(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let source = args.args.first().and_then(|s| text(s, vm));
        let args = match source {
            Some(src) if caller_is_user_code(vm) => {
                // As the original: leading spaces and tabs are not indentation here.
                let src = src.trim_start_matches([' ', '\t']);
                let code = compile_user_source(vm, src, "<string>", CompileUnit::Expression)?;
                with_code(args, code.into())
            }
            _ => args,
        };
        original("_original_eval", vm)?.call(args, vm)
    }

    /// Compile source into a code object that can be executed by exec() or eval().
    #[pyfunction]
    fn compile(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        // `compile(source, filename, mode)` of a `str` in "exec" or "eval" mode, with no
        // flags or optimisation level: kiln's; anything else: the original's.
        let plain = args.args.len() == 3 && args.kwargs.is_empty();
        let unit = plain
            .then(|| {
                args.args[2]
                    .downcast_ref::<PyStr>()
                    .and_then(|m| m.to_str())
            })
            .flatten()
            .and_then(|mode| match mode {
                "exec" => Some(CompileUnit::Module),
                "eval" => Some(CompileUnit::Expression),
                _ => None,
            });
        let filename = plain
            .then(|| args.args[1].downcast_ref_if_exact::<PyStr>(vm))
            .flatten()
            .and_then(|f| f.to_str().map(str::to_owned));
        if let (Some(unit), Some(filename), Some(src)) =
            (unit, filename, args.args.first().and_then(|s| text(s, vm)))
            && (caller_is_user_code(vm) || is_user_file(&filename))
        {
            return compile_user_source(vm, &src, &filename, unit).map(Into::into);
        }
        original("_original_compile", vm)?.call(args, vm)
    }
}

/// Puts the module's `exec`, `eval` and `compile` in place of the interpreter's,
/// keeping each original to give way to (`_original_exec`, ...).
pub(crate) fn install(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    let module = vm.import("_kiln_exec", 0)?;
    for (name, kept) in [
        ("exec", "_original_exec"),
        ("eval", "_original_eval"),
        ("compile", "_original_compile"),
    ] {
        let original = vm.builtins.get_attr(name, vm)?;
        module.set_attr(kept, original, vm)?;
        let ours = module.get_attr(name, vm)?;
        ours.set_attr("__module__", vm.ctx.new_str("builtins"), vm)?;
        vm.builtins.set_attr(name, ours, vm)?;
    }
    Ok(())
}
