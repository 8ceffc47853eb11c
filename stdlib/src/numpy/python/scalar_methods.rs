//! The arithmetic and comparison methods of numpy's scalar types (`np.float64(x) + y`),
//! as native method descriptors the Python half installs on `numpy.generic`.
//!
//! A Python-level `def __add__` would cost an interpreter frame per operation, which
//! in element loops is most of the time; these go straight to [`scalar_fast`] and,
//! when that declines, to the general ufunc path.

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::function::{ItemDoc, PyMethodDef, PyMethodFlags};
use rustpython_vm::{PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::ops::{binary_op, scalar_fast, wrap_result};
use crate::numpy::multiarray::ufunc::BinaryOp;

/// `op(a, b)` for numpy scalars and whatever they meet, with numpy's result types.
pub fn scalar_binary(vm: &VirtualMachine, op: BinaryOp, a: &PyObject, b: &PyObject) -> PyResult {
    if let Some(out) = scalar_fast(vm, op, a, b)? {
        return Ok(out);
    }
    match binary_op(vm, op, a, b)? {
        Some(out) => wrap_result(vm, out),
        // `np.float64(2.0) == None`: Python's identity comparison decides, as numpy's
        // scalars leave it to it.
        None if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) => Ok(vm.ctx.not_implemented()),
        None => Err(vm.new_type_error(format!(
            "ufunc '{}' not supported for the input types",
            op.name()
        ))),
    }
}

macro_rules! scalar_methods {
    ($( $method:literal, $reflected:literal => $op:ident; )*) => {
        /// Each method and, where Python has one, its reflected twin.
        static METHODS: &[PyMethodDef] = &[
            $(
                PyMethodDef::new_const(
                    $method,
                    |zelf: PyObjectRef, other: PyObjectRef, vm: &VirtualMachine| {
                        scalar_binary(vm, BinaryOp::$op, &zelf, &other)
                    },
                    PyMethodFlags::METHOD,
                    ItemDoc::NONE,
                ),
                PyMethodDef::new_const(
                    $reflected,
                    |zelf: PyObjectRef, other: PyObjectRef, vm: &VirtualMachine| {
                        scalar_binary(vm, BinaryOp::$op, &other, &zelf)
                    },
                    PyMethodFlags::METHOD,
                    ItemDoc::NONE,
                ),
            )*
        ];
    };
}

scalar_methods! {
    "__add__", "__radd__" => Add;
    "__sub__", "__rsub__" => Subtract;
    "__mul__", "__rmul__" => Multiply;
    "__truediv__", "__rtruediv__" => Divide;
    "__floordiv__", "__rfloordiv__" => FloorDivide;
    "__mod__", "__rmod__" => Remainder;
    "__pow__", "__rpow__" => Power;
    "__and__", "__rand__" => BitwiseAnd;
    "__or__", "__ror__" => BitwiseOr;
    "__xor__", "__rxor__" => BitwiseXor;
    "__lshift__", "__rlshift__" => LeftShift;
    "__rshift__", "__rrshift__" => RightShift;
    // Comparisons reflect into their mirror image, which Python never asks for by
    // these names: the second entries are unused aliases.
    "__lt__", "_kiln_rlt" => Less;
    "__le__", "_kiln_rle" => LessEqual;
    "__gt__", "_kiln_rgt" => Greater;
    "__ge__", "_kiln_rge" => GreaterEqual;
    "__eq__", "_kiln_req" => Equal;
    "__ne__", "_kiln_rne" => NotEqual;
}

/// `{name: method descriptor}` for the Python half to set on `numpy.generic`.
pub fn scalar_methods(vm: &VirtualMachine) -> PyResult<PyDictRef> {
    let dict = vm.ctx.new_dict();
    for def in METHODS {
        if def.name.starts_with("_kiln_") {
            continue;
        }
        let method = def.build_method(&vm.ctx, vm.ctx.types.object_type);
        dict.set_item(def.name, method.into(), vm)?;
    }
    Ok(dict)
}
