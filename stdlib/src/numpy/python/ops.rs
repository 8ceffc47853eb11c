//! Arithmetic on arrays and scalars from Python: operand conversion, numpy 2's
//! promotion with weak Python scalars, the ufunc call, and its warnings.

use rustpython_vm::builtins::{PyDict, PyFloat, PyInt};
use rustpython_vm::bytecode::CodeFlags;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::convert::{Strength, operand};
use super::errors::{ufunc_error, warn_flags};
use super::ndarray::PyNdArray;
use crate::numpy::DType;
use crate::numpy::dtype::DTypeKind;
use crate::numpy::format::Element;
use crate::numpy::multiarray::NdArray;
use crate::numpy::multiarray::promote::{PyScalarKind, int_range, promote, promote_weak};
use crate::numpy::multiarray::ufunc::{BinaryOp, binary_into};
use crate::numpy::multiarray::unary::{UnaryOp, unary};

/// The dtype two operands of `op` promote to.
fn common_dtype(
    vm: &VirtualMachine,
    op: BinaryOp,
    a: &(NdArray, Strength),
    b: &(NdArray, Strength),
) -> PyResult<DType> {
    Ok(match (a.1, b.1) {
        (Strength::Strong(x), Strength::Strong(y)) => promote(x, y),
        (Strength::Strong(x), Strength::Weak(k)) => weak(vm, op, x, k, &b.0)?,
        (Strength::Weak(k), Strength::Strong(y)) => weak(vm, op, y, k, &a.0)?,
        (Strength::Weak(k1), Strength::Weak(k2)) => k1.max(k2).default_dtype(),
    })
}

/// `array op python_int` keeps an integer dtype only when the value fits it; past
/// that, arithmetic raises, but a comparison is answered exactly, in a dtype wide
/// enough for both (numpy 2 compares `uint8_array == -1` as False, not an error).
fn weak(
    vm: &VirtualMachine,
    op: BinaryOp,
    strong: DType,
    kind: PyScalarKind,
    scalar: &NdArray,
) -> PyResult<DType> {
    let dtype = promote_weak(strong, kind);
    // Where integers run in a float loop (`uint8 / -2`), the int meets a double, not
    // the array's dtype: any value goes.
    let float_loop = op.loop_dtype(dtype).is_ok_and(|l| l != dtype);
    if kind == PyScalarKind::Int
        && !float_loop
        && let Some((lo, hi)) = int_range(dtype)
    {
        let v = match scalar.get(&[]) {
            Element::Int(v) => v as i128,
            Element::UInt(v) => v as i128,
            _ => 0,
        };
        if v < lo || v > hi {
            if op.is_comparison() {
                let wide = if v < 0 { DType::Int64 } else { DType::UInt64 };
                return Ok(promote(dtype, wide));
            }
            return Err(vm.new_overflow_error(format!(
                "Python integer {v} out of bounds for {}",
                dtype.name()
            )));
        }
    }
    if kind == PyScalarKind::Float && dtype == DType::Float32 {
        warn_cast_overflow(vm, scalar.get(&[]))?;
    }
    Ok(dtype)
}

/// numpy's warning when a Python float is cast to float32 to meet one and becomes
/// infinite (`np.float32(1) < 1e300`).
pub fn warn_cast_overflow(vm: &VirtualMachine, value: Element) -> PyResult<()> {
    if let Element::Float(v) = value
        && v.is_finite()
        && (v as f32).is_infinite()
    {
        let flags = crate::numpy::multiarray::arith::FpFlags {
            overflow: true,
            ..Default::default()
        };
        warn_flags(vm, flags, "cast")?;
    }
    Ok(())
}

/// A scalar operand of the fast path: its value and its dtype, `None` for a Python
/// number (weak, NEP 50).
#[derive(Clone, Copy)]
enum Quick {
    Float(f64, Option<DType>),
    Int(i64, Option<DType>),
    /// A float32 scalar (always strong).
    Single(f32),
}

impl Quick {
    fn dtype(self) -> Option<DType> {
        match self {
            Quick::Float(_, d) | Quick::Int(_, d) => d,
            Quick::Single(_) => Some(DType::Float32),
        }
    }
}

fn quick(vm: &VirtualMachine, obj: &PyObject) -> Option<Quick> {
    let class = obj.class();
    if class.is(vm.ctx.types.float_type) {
        return Some(Quick::Float(obj.downcast_ref::<PyFloat>()?.to_f64(), None));
    }
    if class.is(vm.ctx.types.int_type) {
        return Some(Quick::Int(
            obj.downcast_ref::<PyInt>()?.try_to_primitive(vm).ok()?,
            None,
        ));
    }
    let dtype = super::convert::numpy_scalar_dtype(vm, obj)?;
    match dtype.kind() {
        DTypeKind::Float if dtype == DType::Float64 => Some(Quick::Float(
            obj.downcast_ref::<PyFloat>()?.to_f64(),
            Some(dtype),
        )),
        DTypeKind::Float => Some(Quick::Single(
            obj.downcast_ref::<super::float32::PyFloat32>()?.value,
        )),
        DTypeKind::SignedInt | DTypeKind::UnsignedInt => Some(Quick::Int(
            obj.downcast_ref::<PyInt>()?.try_to_primitive(vm).ok()?,
            Some(dtype),
        )),
        _ => None,
    }
}

/// `op(a, b)` for two scalars that are numpy floats or integers or Python numbers
/// (at least one numpy scalar), when the result is certain to raise no flag, need no
/// wrapping and fit its dtype: computed directly, as numpy's scalar math does,
/// instead of through 0-d arrays. `None` sends the operation down the general path,
/// which gives the same value plus whatever warning or error this path cannot.
pub fn scalar_fast(
    vm: &VirtualMachine,
    op: BinaryOp,
    a: &PyObject,
    b: &PyObject,
) -> PyResult<Option<PyObjectRef>> {
    let (Some(x), Some(y)) = (quick(vm, a), quick(vm, b)) else {
        return Ok(None);
    };
    let weak_kind = |q: Quick| match q {
        Quick::Int(..) => PyScalarKind::Int,
        _ => PyScalarKind::Float,
    };
    let result_dtype = match (x.dtype(), y.dtype()) {
        (Some(d1), Some(d2)) => promote(d1, d2),
        (Some(d), None) => promote_weak(d, weak_kind(y)),
        (None, Some(d)) => promote_weak(d, weak_kind(x)),
        (None, None) => return Ok(None),
    };
    let bool_result =
        |v: bool| super::convert::scalar_to_py(vm, DType::Bool, Element::Bool(v)).map(Some);
    if let (Quick::Int(p, _), Quick::Int(q, _)) = (x, y) {
        let (p, q) = (p as i128, q as i128);
        let r = match quickly(op, p, q, None) {
            Some(Quickly::Truth(t)) => return bool_result(t),
            Some(Quickly::Value(r)) => r,
            None => return Ok(None),
        };
        // Out of the dtype's range: a Python int that does not fit (an error), or a
        // result that wraps (a warning). Both are the general path's.
        let fits = |v: i128| int_range(result_dtype).is_some_and(|(lo, hi)| lo <= v && v <= hi);
        if !fits(p) || !fits(q) || !fits(r) {
            return Ok(None);
        }
        let value = if result_dtype.kind() == DTypeKind::UnsignedInt {
            Element::UInt(r as u64)
        } else {
            Element::Int(r as i64)
        };
        return super::convert::scalar_to_py(vm, result_dtype, value).map(Some);
    }
    if result_dtype == DType::Float32 {
        // numpy computes float32 results in single precision: a Python number is
        // cast to float32 first (NEP 50), as are small integer scalars.
        let single = |q: Quick| match q {
            Quick::Single(v) => Some(v),
            Quick::Float(v, None) => Some(v as f32),
            Quick::Int(v, _) if v.unsigned_abs() <= 1 << 24 => Some(v as f32),
            _ => None,
        };
        let (Some(p), Some(q)) = (single(x), single(y)) else {
            return Ok(None);
        };
        // Comparisons with Python floats are exact in numpy 2: the general path's.
        return match quickly(op, p, q, (q != 0.0).then(|| p / q)) {
            Some(Quickly::Value(r)) if r.is_finite() => {
                super::convert::scalar_to_py(vm, DType::Float32, Element::Float(r as f64)).map(Some)
            }
            _ => Ok(None),
        };
    }
    if result_dtype != DType::Float64 {
        return Ok(None);
    }
    let f = |q: Quick| match q {
        Quick::Float(v, _) => Some(v),
        // An int beyond 2**53 is not exactly a double: numpy's rounding there is the
        // general path's business.
        Quick::Int(v, _) if v.unsigned_abs() <= 1 << 53 => Some(v as f64),
        Quick::Int(..) => None,
        Quick::Single(v) => Some(v as f64),
    };
    let (Some(p), Some(q)) = (f(x), f(y)) else {
        return Ok(None);
    };
    match quickly(op, p, q, (q != 0.0).then(|| p / q)) {
        Some(Quickly::Truth(t)) => bool_result(t),
        // A non-finite result may come with a flag numpy warns about.
        Some(Quickly::Value(r)) if r.is_finite() => {
            super::convert::scalar_to_py(vm, DType::Float64, Element::Float(r)).map(Some)
        }
        _ => Ok(None),
    }
}

/// What the fast path makes of `op` on two values of one number type.
enum Quickly<T> {
    Value(T),
    Truth(bool),
}

/// `op(p, q)` for `+ - * /` and the comparisons (`quotient` is `p / q` where the type
/// divides without a flag); `None` for the rest.
fn quickly<T>(op: BinaryOp, p: T, q: T, quotient: Option<T>) -> Option<Quickly<T>>
where
    T: Copy
        + PartialOrd
        + std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>,
{
    use BinaryOp::*;
    Some(match op {
        Add => Quickly::Value(p + q),
        Subtract => Quickly::Value(p - q),
        Multiply => Quickly::Value(p * q),
        Divide => Quickly::Value(quotient?),
        Equal => Quickly::Truth(p == q),
        NotEqual => Quickly::Truth(p != q),
        Less => Quickly::Truth(p < q),
        LessEqual => Quickly::Truth(p <= q),
        Greater => Quickly::Truth(p > q),
        GreaterEqual => Quickly::Truth(p >= q),
        _ => return None,
    })
}

/// `op(a, b)` for any two Python operands; `None` when numpy would not take one.
pub fn binary_op(
    vm: &VirtualMachine,
    op: BinaryOp,
    a: &PyObject,
    b: &PyObject,
) -> PyResult<Option<NdArray>> {
    let elidable = [a, b].map(|obj| is_temporary(vm, obj));
    let (Some(x), Some(y)) = (operand(vm, a)?, operand(vm, b)?) else {
        return Ok(None);
    };
    let dest = match elidable {
        [true, _] => Some(&x.0),
        [_, true] => Some(&y.0),
        _ => None,
    };
    // Without an array on either side this is numpy's scalar math, whose warnings
    // say so ("overflow encountered in scalar add") and which checks integers too.
    let scalar_math =
        a.downcast_ref::<PyNdArray>().is_none() && b.downcast_ref::<PyNdArray>().is_none();
    if scalar_math {
        let common = common_dtype(vm, op, &x, &y)?;
        let (out, mut flags) =
            binary_into(op, &x.0, &y.0, common, None).map_err(|e| ufunc_error(vm, e))?;
        flags.overflow |= integer_overflow(op, &x.0, &y.0, &out);
        warn_flags(vm, flags, &format!("scalar {}", op.name()))?;
        return Ok(Some(out));
    }
    binary_to(vm, op, &x, &y, dest).map(Some)
}

fn binary_to(
    vm: &VirtualMachine,
    op: BinaryOp,
    x: &(NdArray, Strength),
    y: &(NdArray, Strength),
    dest: Option<&NdArray>,
) -> PyResult<NdArray> {
    let common = common_dtype(vm, op, x, y)?;
    let (out, flags) = binary_into(op, &x.0, &y.0, common, dest).map_err(|e| ufunc_error(vm, e))?;
    warn_flags(vm, flags, op.name())?;
    Ok(out)
}

/// Whether an integer `+`, `-` or `*` of two scalars wrapped: the exact result
/// differs from the one in the result's dtype.
fn integer_overflow(op: BinaryOp, x: &NdArray, y: &NdArray, out: &NdArray) -> bool {
    let wide = |a: &NdArray| match a.get(&[]) {
        Element::Int(v) => Some(v as i128),
        Element::UInt(v) => Some(v as i128),
        Element::Bool(v) => Some(v as i128),
        _ => None,
    };
    if !matches!(
        out.dtype.kind(),
        DTypeKind::SignedInt | DTypeKind::UnsignedInt
    ) {
        return false;
    }
    let (Some(a), Some(b), Some(got)) = (wide(x), wide(y), wide(out)) else {
        return false;
    };
    let exact = match op {
        BinaryOp::Add => a.checked_add(b),
        BinaryOp::Subtract => a.checked_sub(b),
        BinaryOp::Multiply => a.checked_mul(b),
        _ => return false,
    };
    exact != Some(got)
}

/// Whether `obj` is an array no one else can see, whose memory the result of an
/// operation on it may reuse (numpy's temporary elision): only the interpreter's stack
/// holds the object (`a * b` in `a * b + c`), no view shares its buffer, and it is
/// large enough for a saved allocation to matter.
///
/// A count of one does not prove the first: since RustPython 0.6 a local variable is
/// pushed as a borrowed reference (`LOAD_FAST_BORROW`, as in CPython 3.14), so `x` in
/// `x * 2` also arrives with a count of one, held by the frame's slot. CPython's numpy
/// asks the interpreter whether the stack owns the reference; RustPython has no such
/// question, so the array must also not be the value of one of the running frame's
/// variables (borrowed loads read only those).
fn is_temporary(vm: &VirtualMachine, obj: &PyObject) -> bool {
    /// numpy's threshold: below it, allocation is cheap next to the check.
    const ELIDE_MIN_BYTES: usize = 256 * 1024;
    obj.strong_count() == 1
        && obj.downcast_ref::<PyNdArray>().is_some_and(|t| {
            std::sync::Arc::strong_count(&t.array.buffer) == 1
                && t.array.nbytes() >= ELIDE_MIN_BYTES
                && t.array.is_c_contiguous()
        })
        && !is_frame_variable(vm, obj)
}

/// Whether `obj` is the value of a variable of the running frame, or might be (any
/// doubt answers yes: the caller then copies instead of reusing).
fn is_frame_variable(vm: &VirtualMachine, obj: &PyObject) -> bool {
    let Some(frame) = vm.current_frame() else {
        return false;
    };
    let code = frame.iframe().code();
    let has_fast_locals = code.flags.contains(CodeFlags::OPTIMIZED)
        || !code.varnames.is_empty()
        || !code.cellvars.is_empty();
    if !has_fast_locals {
        // Module and class bodies without comprehension variables load names from
        // dicts, which hold their own reference.
        return false;
    }
    let Ok(locals) = frame.locals(vm) else {
        return true;
    };
    let Some(dict) = locals.as_object().downcast_ref::<PyDict>() else {
        return true;
    };
    dict.into_iter().any(|(_, value)| value.is(obj))
}

/// The slot result: an array, NotImplemented, or a numpy scalar when both
/// operands were scalars (`np.float64(1) + 2`).
pub fn binary_slot(vm: &VirtualMachine, op: BinaryOp, a: &PyObject, b: &PyObject) -> PyResult {
    match binary_op(vm, op, a, b)? {
        Some(out) => wrap_result(vm, out),
        None => Ok(vm.ctx.not_implemented()),
    }
}

/// `a ** b`. numpy's operator takes a short cut for a few Python-scalar exponents,
/// which shows in its warnings and signed zeros: `a ** 2` is `square(a)`, and for
/// float arrays `a ** 0.5` is `sqrt(a)`.
pub fn power_slot(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    if let Some(base) = a.downcast_ref::<PyNdArray>()
        && let Some((e @ (Element::Int(_) | Element::Float(_)), Strength::Weak(_))) =
            super::convert::scalar_element(vm, b)?
    {
        let inexact = matches!(
            base.array.dtype.kind(),
            DTypeKind::Float | DTypeKind::Complex
        );
        let exponent = e.as_f64();
        // An integer array squares only for an int 2 (`** 2.0` promotes to float).
        if exponent == 2.0 && (inexact || matches!(e, Element::Int(_))) {
            return unary_slot(vm, UnaryOp::Square, a);
        }
        if exponent == 0.5 && inexact {
            return unary_slot(vm, UnaryOp::Sqrt, a);
        }
    }
    binary_slot(vm, BinaryOp::Power, a, b)
}

/// `a op= b`: the result is cast back into `a` (numpy's `same_kind` rule).
pub fn inplace_slot(vm: &VirtualMachine, op: BinaryOp, a: &PyObject, b: &PyObject) -> PyResult {
    let Some(target) = a.downcast_ref::<PyNdArray>() else {
        return Ok(vm.ctx.not_implemented());
    };
    let (Some(x), Some(y)) = (operand(vm, a)?, operand(vm, b)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    // The loop writes straight into `a` unless `b` shares its memory (numpy copies an
    // overlapping input first; the fresh result is the copy here).
    let overlaps = std::sync::Arc::ptr_eq(&x.0.buffer, &y.0.buffer);
    let out = binary_to(vm, op, &x, &y, (!overlaps).then_some(&target.array))?;
    if std::sync::Arc::ptr_eq(&out.buffer, &target.array.buffer) {
        return Ok(a.to_owned());
    }
    if !same_kind(out.dtype, target.array.dtype) {
        let message = format!(
            "Cannot cast ufunc '{}' output from dtype('{}') to dtype('{}') with casting rule 'same_kind'",
            op.name(),
            out.dtype.name(),
            target.array.dtype.name()
        );
        return Err(super::errors::numpy_exception(
            vm,
            "UFuncTypeError",
            message,
        ));
    }
    if out.shape != target.array.shape {
        use super::errors::shape_text;
        return Err(vm.new_value_error(format!(
            "non-broadcastable output operand with shape {} doesn't match the broadcast shape {}",
            shape_text(&target.array.shape),
            shape_text(&out.shape)
        )));
    }
    target.array.assign(&out);
    Ok(a.to_owned())
}

/// numpy's `can_cast(from, to, 'same_kind')` for kiln's dtypes: kinds ordered
/// bool < unsigned < signed < float < complex, any size within a kind.
pub fn same_kind(from: DType, to: DType) -> bool {
    use DTypeKind::*;
    let rank = |k: DTypeKind| match k {
        Bool => 0,
        UnsignedInt => 1,
        SignedInt => 2,
        Float => 3,
        Complex => 4,
    };
    rank(from.kind()) <= rank(to.kind())
}

pub fn unary_op(vm: &VirtualMachine, op: UnaryOp, a: &PyObject) -> PyResult<Option<NdArray>> {
    let Some((x, _)) = operand(vm, a)? else {
        return Ok(None);
    };
    let (out, flags) = unary(op, &x).map_err(|e| ufunc_error(vm, e))?;
    warn_flags(vm, flags, op.name())?;
    Ok(Some(out))
}

/// numpy's scalar math warns where `-x` or `abs(x)` of an integer scalar wraps (the
/// ufunc on arrays does not): the minimum of a signed dtype, any non-zero unsigned
/// value negated.
pub fn warn_scalar_unary_overflow(vm: &VirtualMachine, op: UnaryOp, a: &PyObject) -> PyResult<()> {
    if !matches!(op, UnaryOp::Negative | UnaryOp::Absolute) {
        return Ok(());
    }
    let Some(dtype) = super::convert::numpy_scalar_dtype(vm, a) else {
        return Ok(());
    };
    let Some(v) = a
        .downcast_ref::<PyInt>()
        .and_then(|i| i.try_to_primitive::<i128>(vm).ok())
    else {
        return Ok(());
    };
    let wraps = match (dtype.kind(), int_range(dtype)) {
        (DTypeKind::SignedInt, Some((lo, _))) => v == lo,
        (DTypeKind::UnsignedInt, _) => op == UnaryOp::Negative && v != 0,
        _ => false,
    };
    if wraps {
        let flags = crate::numpy::multiarray::arith::FpFlags {
            overflow: true,
            ..Default::default()
        };
        warn_flags(vm, flags, &format!("scalar {}", op.name()))?;
    }
    Ok(())
}

pub fn unary_slot(vm: &VirtualMachine, op: UnaryOp, a: &PyObject) -> PyResult {
    match unary_op(vm, op, a)? {
        Some(out) => wrap_result(vm, out),
        None => Ok(vm.ctx.not_implemented()),
    }
}

/// A 0-d result becomes a numpy scalar, as numpy's ufuncs return them.
pub fn wrap_result(vm: &VirtualMachine, out: NdArray) -> PyResult {
    if out.ndim() == 0 {
        return super::convert::scalar_to_py(vm, out.dtype, out.get(&[]));
    }
    Ok(PyNdArray::from(out).into_py(vm))
}
