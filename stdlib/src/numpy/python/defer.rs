//! Python's `float`, `complex` and `bool` give way to numpy's integer scalars.
//!
//! kiln's numpy integer scalars (`np.int8`, `np.uint64`, ...) are `int` subclasses,
//! so that they index, hash and convert as cheaply as ints. numpy's are not, and
//! the difference shows in mixed arithmetic: `1.5 + np.int8(3)` runs `float`'s
//! own addition, which accepts any int, and returns a Python float where numpy
//! returns `np.float64(4.5)` (and `True + np.int8(3)` an int where numpy returns
//! `np.int8(4)`). Python asks the right operand first only when its type subclasses
//! the left's, which an int subclass never does for `float`.
//!
//! Comparisons differ the same way (`1.5 < np.int8(3)` is `np.True_` in numpy).
//!
//! So the number and comparison slots of those three types are wrapped: when the right operand is
//! a numpy integer scalar the wrapper returns `NotImplemented`, and Python goes on
//! to the scalar's reflected method (`__radd__`), which computes numpy's result.
//! Any other operand goes to the original slot, at the cost of one type check.
//! The slots live on the static builtin types, shared by every interpreter in the
//! process, so they are wrapped once; the originals are kept for the wrappers.

use std::sync::{Once, OnceLock};

use rustpython_vm::builtins::PyInt;
use rustpython_vm::function::{Either, PyComparisonValue};
use rustpython_vm::protocol::{PyNumberBinaryFunc, PyNumberTernaryFunc};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{PyObject, PyObjectRef, PyResult, VirtualMachine};

/// The signature of a type's `richcompare` slot.
type RichCompare = fn(
    &PyObject,
    &PyObject,
    PyComparisonOp,
    &VirtualMachine,
) -> PyResult<Either<PyObjectRef, PyComparisonValue>>;

/// Whether `obj` is one of numpy's integer scalars (an int subclass that carries
/// a numpy dtype), which must see mixed arithmetic with a float, a complex or a
/// bool through its own reflected method.
fn is_numpy_integer(vm: &VirtualMachine, obj: &PyObject) -> bool {
    // The payload first: a float operand (the common case) is turned away without a
    // class lookup.
    obj.downcast_ref::<PyInt>().is_some() && super::convert::numpy_scalar_dtype(vm, obj).is_some()
}

const BINARY_SLOTS: usize = 23;
static BINARY: [OnceLock<PyNumberBinaryFunc>; BINARY_SLOTS] =
    [const { OnceLock::new() }; BINARY_SLOTS];
static TERNARY: [OnceLock<PyNumberTernaryFunc>; 3] = [const { OnceLock::new() }; 3];
static COMPARE: [OnceLock<RichCompare>; 3] = [const { OnceLock::new() }; 3];

fn defer_binary<const I: usize>(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    if is_numpy_integer(vm, b) {
        return Ok(vm.ctx.not_implemented());
    }
    let original = BINARY[I].get().expect("wrapped slots keep their original");
    original(a, b, vm)
}

fn defer_ternary<const I: usize>(
    a: &PyObject,
    b: &PyObject,
    c: &PyObject,
    vm: &VirtualMachine,
) -> PyResult {
    if is_numpy_integer(vm, b) {
        return Ok(vm.ctx.not_implemented());
    }
    let original = TERNARY[I].get().expect("wrapped slots keep their original");
    original(a, b, c, vm)
}

fn defer_compare<const I: usize>(
    a: &PyObject,
    b: &PyObject,
    op: PyComparisonOp,
    vm: &VirtualMachine,
) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
    if is_numpy_integer(vm, b) {
        return Ok(Either::B(PyComparisonValue::NotImplemented));
    }
    let original = COMPARE[I].get().expect("wrapped slots keep their original");
    original(a, b, op, vm)
}

/// Replaces `$slot` (an atomic cell holding an optional slot function) with the
/// deferring wrapper number `$i` of `$table`.
macro_rules! wrap {
    ($table:ident, $defer:ident, $i:literal, $slot:expr) => {
        if let Some(original) = $slot.load() {
            let _ = $table[$i].set(original);
            $slot.store(Some($defer::<$i>));
        }
    };
}

/// Wraps the slots, once per process.
pub fn defer_to_integer_scalars(vm: &VirtualMachine) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let float = &vm.ctx.types.float_type.slots.as_number;
        wrap!(BINARY, defer_binary, 0, float.add);
        wrap!(BINARY, defer_binary, 1, float.subtract);
        wrap!(BINARY, defer_binary, 2, float.multiply);
        wrap!(BINARY, defer_binary, 3, float.true_divide);
        wrap!(BINARY, defer_binary, 4, float.floor_divide);
        wrap!(BINARY, defer_binary, 5, float.remainder);
        wrap!(BINARY, defer_binary, 21, float.divmod);
        wrap!(TERNARY, defer_ternary, 0, float.power);
        wrap!(
            COMPARE,
            defer_compare,
            0,
            vm.ctx.types.float_type.slots.richcompare
        );

        let complex = &vm.ctx.types.complex_type.slots.as_number;
        wrap!(BINARY, defer_binary, 6, complex.add);
        wrap!(BINARY, defer_binary, 7, complex.subtract);
        wrap!(BINARY, defer_binary, 8, complex.multiply);
        wrap!(BINARY, defer_binary, 9, complex.true_divide);
        wrap!(TERNARY, defer_ternary, 1, complex.power);
        wrap!(
            COMPARE,
            defer_compare,
            1,
            vm.ctx.types.complex_type.slots.richcompare
        );

        let boolean = &vm.ctx.types.bool_type.slots.as_number;
        wrap!(BINARY, defer_binary, 10, boolean.add);
        wrap!(BINARY, defer_binary, 11, boolean.subtract);
        wrap!(BINARY, defer_binary, 12, boolean.multiply);
        wrap!(BINARY, defer_binary, 13, boolean.true_divide);
        wrap!(BINARY, defer_binary, 14, boolean.floor_divide);
        wrap!(BINARY, defer_binary, 15, boolean.remainder);
        wrap!(BINARY, defer_binary, 16, boolean.and);
        wrap!(BINARY, defer_binary, 17, boolean.or);
        wrap!(BINARY, defer_binary, 18, boolean.xor);
        wrap!(BINARY, defer_binary, 19, boolean.lshift);
        wrap!(BINARY, defer_binary, 20, boolean.rshift);
        wrap!(BINARY, defer_binary, 22, boolean.divmod);
        wrap!(TERNARY, defer_ternary, 2, boolean.power);
        wrap!(
            COMPARE,
            defer_compare,
            2,
            vm.ctx.types.bool_type.slots.richcompare
        );
    });
}
