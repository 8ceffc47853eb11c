//! numpy's exceptions and warnings for errors of the array core.

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::numpy::format::array::shape_repr;
use crate::numpy::multiarray::ArrayError;
use crate::numpy::multiarray::arith::FpFlags;
use crate::numpy::multiarray::ufunc::UfuncError;

pub fn array_error(vm: &VirtualMachine, e: ArrayError) -> PyBaseExceptionRef {
    match e {
        ArrayError::Memory { shape, dtype } => {
            let bytes = shape
                .iter()
                .fold(dtype.itemsize() as f64, |acc, &d| acc * d as f64);
            vm.new_memory_error(format!(
                "Unable to allocate {} for an array with shape {} and data type {}",
                human_bytes(bytes),
                shape_repr(&shape),
                dtype.name()
            ))
        }
        ArrayError::Value(msg) => vm.new_value_error(msg),
    }
}

/// numpy's `_size_to_string`-style sizes: `7.45 GiB`, `1.00 PiB`.
fn human_bytes(bytes: f64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{} bytes", bytes as u64)
    } else {
        format!("{value:.2} {}", units[unit])
    }
}

pub fn ufunc_error(vm: &VirtualMachine, e: UfuncError) -> PyBaseExceptionRef {
    match e {
        UfuncError::NoLoop { ufunc, .. } => vm.new_type_error(format!(
            "ufunc '{ufunc}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
        )),
        UfuncError::Type(msg) => vm.new_type_error(msg),
        UfuncError::Value(msg) => vm.new_value_error(msg),
        UfuncError::Broadcast(shapes) => {
            let shapes: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
            vm.new_value_error(format!("operands could not be broadcast together with shapes {} ", shapes.join(" ")))
        }
        UfuncError::Array(e) => array_error(vm, e),
    }
}

/// A shape as numpy's C code writes it into messages: `(2,3)`, `(3,)`, `()` (no spaces,
/// unlike a tuple's repr, which numpy's Python code prints).
pub fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

/// Emits the `RuntimeWarning`s numpy's default error state (`warn`) gives.
pub fn warn_flags(vm: &VirtualMachine, flags: FpFlags, ufunc: &str) -> PyResult<()> {
    each_flag(vm, flags, ufunc, |vm, category, message| {
        warn_at_user_line(vm, category, message)
    })
}

/// What [`warn_flags`] does, for an operation of line `line` of the running frame's
/// code that compiled code ran and noted the flags of (the warning comes when the
/// compiled loop returns, with the line of the statement that made it).
pub fn warn_flags_at_line(
    vm: &VirtualMachine,
    flags: FpFlags,
    ufunc: &str,
    line: usize,
) -> PyResult<()> {
    each_flag(vm, flags, ufunc, |vm, category, message| {
        let Some(frame) = vm.current_frame() else {
            return warn_at_user_line(vm, category, message);
        };
        let globals = frame.iframe().globals().to_owned();
        let registry = match globals.get_item("__warningregistry__", vm) {
            Ok(r) => r,
            Err(_) => {
                let r = vm.ctx.new_dict();
                globals.set_item("__warningregistry__", r.clone().into(), vm)?;
                r.into()
            }
        };
        let module = globals
            .get_item("__name__", vm)
            .unwrap_or_else(|_| vm.new_pyobj("<string>"));
        rustpython_vm::warn::warn_explicit(
            Some(category),
            vm.ctx.new_str(message).into(),
            frame.iframe().code().source_path().to_owned(),
            line,
            Some(module),
            registry,
            None,
            None,
            vm,
        )
    })
}

/// Whether numpy's error state for divide, overflow and invalid neither raises nor
/// calls, and no warnings filter makes a warning an error: then nothing numpy's
/// floating-point errors do can stop a sequence of operations half way.
pub fn fp_errors_only_warn(vm: &VirtualMachine) -> PyResult<bool> {
    use super::errstate::{Mode, mode};
    if ["divide", "over", "invalid"]
        .iter()
        .any(|k| !matches!(mode(k), Mode::Ignore | Mode::Warn))
    {
        return Ok(false);
    }
    use rustpython_vm::AsObject;
    let filters = vm.import("warnings", 0)?.get_attr("filters", vm)?;
    // The answer for the filters as they were when last asked, kept with the list and
    // its filters (held, so none of them can be another object at the same address):
    // the same list holding the same filters, which are tuples, gives the same answer.
    thread_local! {
        static LAST: std::cell::RefCell<Option<(PyObjectRef, Vec<PyObjectRef>, bool)>> =
            const { std::cell::RefCell::new(None) };
    }
    let list = filters.downcast_ref::<rustpython_vm::builtins::PyList>();
    if let Some(list) = list {
        let same = LAST.with(|last| match &*last.borrow() {
            Some((held_list, held, answer)) => {
                let items = list.borrow_vec();
                (held_list.is(&filters)
                    && held.len() == items.len()
                    && held.iter().zip(items.iter()).all(|(a, b)| a.is(b)))
                .then_some(*answer)
            }
            None => None,
        });
        if let Some(answer) = same {
            return Ok(answer);
        }
    }
    let items = filters.try_to_value::<Vec<PyObjectRef>>(vm)?;
    let mut answer = true;
    for filter in &items {
        let action = filter.get_item(&0, vm)?;
        if action.str(vm)?.as_wtf8() == "error" {
            answer = false;
            break;
        }
    }
    if list.is_some() && items.iter().all(|f| f.class().is(vm.ctx.types.tuple_type)) {
        LAST.with(|last| *last.borrow_mut() = Some((filters.clone(), items, answer)));
    }
    Ok(answer)
}

/// Calls `warn(category, message)` for each flag of `flags` numpy's error state says
/// to warn for (divide, then overflow, then invalid, as numpy does), and raises
/// `FloatingPointError` for the first it says to raise for.
fn each_flag(
    vm: &VirtualMachine,
    flags: FpFlags,
    ufunc: &str,
    mut warn: impl FnMut(&VirtualMachine, rustpython_vm::builtins::PyTypeRef, String) -> PyResult<()>,
) -> PyResult<()> {
    use super::errstate::{Mode, mode};
    if !flags.any() {
        return Ok(());
    }
    for (raised, kind, what) in [
        (flags.divide, "divide", "divide by zero"),
        (flags.overflow, "over", "overflow"),
        (flags.invalid, "invalid", "invalid value"),
    ] {
        if !raised {
            continue;
        }
        let message = format!("{what} encountered in {ufunc}");
        match mode(kind) {
            Mode::Ignore => {}
            Mode::Raise => {
                return Err(vm.new_exception_msg(
                    vm.ctx.exceptions.floating_point_error.to_owned(),
                    message.into(),
                ));
            }
            // `call`, `print` and `log` need a handler kiln does not keep: they warn.
            _ => warn(vm, vm.ctx.exceptions.runtime_warning.to_owned(), message)?,
        }
    }
    Ok(())
}

/// Warns with `category`, attributed to the user's line rather than to numpy's
/// Python half.
fn warn_at_user_line(
    vm: &VirtualMachine,
    category: rustpython_vm::builtins::PyTypeRef,
    message: String,
) -> PyResult<()> {
    let in_numpy = vm.current_frame().is_some_and(|f| {
        f.iframe()
            .code()
            .source_path()
            .as_str()
            .starts_with("numpy")
    });
    let skip = in_numpy.then(|| vm.ctx.new_tuple(vec![vm.ctx.new_str("numpy").into()]));
    rustpython_vm::warn::warn_with_skip(
        vm.ctx.new_str(message).into(),
        Some(category),
        1,
        None,
        skip.as_deref(),
        vm,
    )
}

/// A warning of one of numpy's own classes (defined by the Python half and
/// registered on `_kiln_numpy`), e.g. `ComplexWarning`.
pub fn warn_numpy(vm: &VirtualMachine, class: &'static str, message: &str) -> PyResult<()> {
    let category = vm
        .import("_kiln_numpy", 0)?
        .get_attr(class, vm)?
        .downcast::<rustpython_vm::builtins::PyType>()
        .map_err(|_| vm.new_type_error(format!("numpy's {class} is not a class")))?;
    warn_at_user_line(vm, category, message.to_owned())
}

/// An exception of one of numpy's own classes (defined by the Python half and
/// registered on `_kiln_numpy`), e.g. `UFuncTypeError`.
pub fn numpy_exception(
    vm: &VirtualMachine,
    class: &'static str,
    message: String,
) -> PyBaseExceptionRef {
    let made = vm
        .import("_kiln_numpy", 0)
        .and_then(|m| m.get_attr(class, vm))
        .and_then(|c| c.call((message.clone(),), vm));
    match made.map(|e| e.downcast::<rustpython_vm::builtins::PyBaseException>()) {
        Ok(Ok(e)) => e,
        _ => vm.new_type_error(message),
    }
}
