//! Reshaping from Python: `reshape`'s shape arguments (one unknown length, numpy's
//! messages), and C or Fortran element order for `reshape`, `ravel` and `flatten`.
//! Fortran order is C order of the reversed axes, so both come down to
//! [`NdArray::reshaped_view`], copying only when the strides do not allow a view.

use rustpython_vm::builtins::PyTuple;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::errors::array_error;
use crate::numpy::multiarray::NdArray;

pub fn new_shape(vm: &VirtualMachine, args: &FuncArgs, size: usize) -> PyResult<Vec<usize>> {
    let items: Vec<PyObjectRef> = match args.args.as_slice() {
        [one]
            if one.downcast_ref::<PyTuple>().is_some()
                || one.downcastable::<rustpython_vm::builtins::PyList>() =>
        {
            return new_shape_from(vm, &shape_items(vm, one)?, size);
        }
        items => items.to_vec(),
    };
    new_shape_from(vm, &items, size)
}

/// The items of a tuple or list argument (`reshape((2, 3))`, `transpose([1, 0])`).
pub fn shape_items(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<PyObjectRef>> {
    Ok(super::convert::sequence_items(vm, obj)?.unwrap_or_else(|| vec![obj.to_owned()]))
}

fn new_shape_from(vm: &VirtualMachine, items: &[PyObjectRef], size: usize) -> PyResult<Vec<usize>> {
    let mut dims: Vec<i64> = Vec::new();
    for item in items {
        dims.push(item.try_index(vm)?.try_to_primitive::<i64>(vm)?);
    }
    // numpy 2 takes any negative length as the one unknown dimension.
    let unknown: Vec<usize> = (0..dims.len()).filter(|&k| dims[k] < 0).collect();
    if unknown.len() > 1 {
        return Err(vm.new_value_error("can only specify one unknown dimension"));
    }
    let known: i64 = dims.iter().filter(|&&d| d >= 0).product();
    if let [k] = unknown[..] {
        if known == 0 || size as i64 % known != 0 {
            return Err(reshape_error(vm, size, &dims));
        }
        dims[k] = size as i64 / known;
    } else if known != size as i64 {
        return Err(reshape_error(vm, size, &dims));
    }
    Ok(dims.into_iter().map(|d| d as usize).collect())
}

/// numpy's message, which prints the requested shape its own way: no spaces, an
/// unknown length as `newaxis`, leading unknowns dropped, and a lone length as `(n,)`
/// only when it was the first.
fn reshape_error(
    vm: &VirtualMachine,
    size: usize,
    dims: &[i64],
) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let first = dims.iter().position(|&d| d >= 0).unwrap_or(dims.len());
    let shown: Vec<String> = dims[first..]
        .iter()
        .map(|&d| {
            if d < 0 {
                "newaxis".into()
            } else {
                d.to_string()
            }
        })
        .collect();
    let shape = match (first, shown.len()) {
        (_, 0) => "()".to_string(),
        (0, 1) => format!("({},)", shown[0]),
        _ => format!("({})", shown.join(",")),
    };
    vm.new_value_error(format!(
        "cannot reshape array of size {size} into shape {shape}"
    ))
}

/// Whether an `order` argument asks for Fortran order: 'F', or 'A' and 'K' (memory
/// order) for an array that is Fortran- but not C-contiguous; 'C' and None do not.
pub fn fortran_order(
    vm: &VirtualMachine,
    order: Option<PyObjectRef>,
    a: &NdArray,
) -> PyResult<bool> {
    let Some(order) = order.filter(|o| !vm.is_none(o)) else {
        return Ok(false);
    };
    let text = order.str(vm)?.to_string_lossy().to_string();
    match text.as_str() {
        "C" | "c" => Ok(false),
        "F" | "f" => Ok(true),
        "A" | "a" | "K" | "k" => Ok(a.is_f_contiguous() && !a.is_c_contiguous()),
        _ => Err(vm.new_value_error(format!(
            "order must be one of 'C', 'F', 'A', or 'K' (got '{text}')"
        ))),
    }
}

/// `a` reshaped in C order: a view when the strides allow, else a copy.
fn reshape_c(vm: &VirtualMachine, a: &NdArray, shape: &[usize]) -> PyResult<NdArray> {
    match a.reshaped_view(shape) {
        Some(v) => Ok(v),
        None => {
            let c = a.to_contiguous().map_err(|e| array_error(vm, e))?;
            Ok(c.reshaped_view(shape).expect("contiguous arrays reshape"))
        }
    }
}

/// `a` reshaped reading and writing elements in `order` (Fortran order is C order
/// of the reversed axes).
pub fn reshape_in(
    vm: &VirtualMachine,
    a: &NdArray,
    shape: &[usize],
    fortran: bool,
) -> PyResult<NdArray> {
    if !fortran {
        return reshape_c(vm, a, shape);
    }
    let reversed: Vec<usize> = shape.iter().rev().copied().collect();
    Ok(reshape_c(vm, &a.transposed(), &reversed)?.transposed())
}
