//! `_kiln_builtins`: builtins kiln answers faster than RustPython for the common case,
//! installed over the interpreter's own at start-up (`Session`), each giving way to the
//! original for everything else.
//!
//! `sum` of an exact list or tuple of exact ints that fit in 64 bits and floats, from
//! an int or float start: RustPython's steps the list's iterator under its lock and
//! adds big integers, ~36 ns an item against CPython's 2. The fast path adds as
//! Python does, left to right: ints exactly (an overflow of 64 bits gives way to the
//! original, which starts again), a float with an int converted to the nearest float
//! (ties to even, as `int.__float__`), floats in plain double arithmetic (what CPython
//! 3.11 does; 3.12 compensates its float sums, RustPython's does not).

pub(crate) use _kiln_builtins::module_def;

#[rustpython_vm::pymodule]
mod _kiln_builtins {
    use rustpython_vm::FromArgs;
    use rustpython_vm::builtins::{PyFloat, PyInt, PyList, PyTuple};
    use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

    /// The running sum of the fast path.
    #[derive(Clone, Copy)]
    enum Total {
        Int(i64),
        Float(f64),
    }

    /// A number of the fast path: an exact int of 64 bits or an exact float.
    fn number(obj: &PyObjectRef, vm: &VirtualMachine) -> Option<Total> {
        let class = obj.class();
        if class.is(vm.ctx.types.int_type) {
            let i = obj
                .downcast_ref::<PyInt>()?
                .try_to_primitive::<i64>(vm)
                .ok()?;
            Some(Total::Int(i))
        } else if class.is(vm.ctx.types.float_type) {
            Some(Total::Float(obj.downcast_ref::<PyFloat>()?.to_f64()))
        } else {
            None
        }
    }

    /// `total + x` as Python adds them; `None` where an int sum leaves 64 bits.
    fn add(total: Total, x: Total) -> Option<Total> {
        Some(match (total, x) {
            (Total::Int(a), Total::Int(b)) => Total::Int(a.checked_add(b)?),
            (Total::Int(a), Total::Float(b)) => Total::Float(a as f64 + b),
            (Total::Float(a), Total::Int(b)) => Total::Float(a + b as f64),
            (Total::Float(a), Total::Float(b)) => Total::Float(a + b),
        })
    }

    /// The sum of `items` from `start`, or `None` where the fast path does not apply.
    fn fast_sum(items: &[PyObjectRef], start: Total, vm: &VirtualMachine) -> Option<Total> {
        let mut total = start;
        for item in items {
            total = add(total, number(item, vm)?)?;
        }
        Some(total)
    }

    #[derive(FromArgs)]
    struct SumArgs {
        #[pyarg(positional)]
        iterable: PyObjectRef,
        #[pyarg(any, default = 0)]
        start: PyObjectRef,
    }

    /// Return the sum of a 'start' value (default: 0) plus an iterable of numbers
    ///
    /// When the iterable is empty, return the start value.
    /// This function is intended specifically for use with numeric values and
    /// may reject non-numeric types.
    #[pyfunction]
    fn sum(SumArgs { iterable, start }: SumArgs, vm: &VirtualMachine) -> PyResult {
        let fast = (|| {
            let from = number(&start, vm)?;
            let class = iterable.class();
            let total = if class.is(vm.ctx.types.list_type) {
                let items = iterable.downcast_ref::<PyList>()?.borrow_vec();
                if items.is_empty() {
                    return Some(start.clone());
                }
                fast_sum(&items, from, vm)?
            } else if class.is(vm.ctx.types.tuple_type) {
                let items = iterable.downcast_ref::<PyTuple>()?.as_slice();
                if items.is_empty() {
                    return Some(start.clone());
                }
                fast_sum(items, from, vm)?
            } else {
                return None;
            };
            Some(match total {
                Total::Int(i) => vm.ctx.new_int(i).into(),
                Total::Float(f) => vm.ctx.new_float(f).into(),
            })
        })();
        if let Some(result) = fast {
            return Ok(result);
        }
        let original = vm
            .import("_kiln_builtins", 0)?
            .get_attr("_original_sum", vm)?;
        original.call((iterable, start), vm)
    }
}

/// Puts the module's `sum` in place of the interpreter's, keeping the original to give
/// way to (`_original_sum`) and calling itself what the original did.
pub(crate) fn install(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    let module = vm.import("_kiln_builtins", 0)?;
    let original = vm.builtins.get_attr("sum", vm)?;
    module.set_attr("_original_sum", original, vm)?;
    let fast = module.get_attr("sum", vm)?;
    fast.set_attr("__module__", vm.ctx.new_str("builtins"), vm)?;
    vm.builtins.set_attr("sum", fast, vm)
}
