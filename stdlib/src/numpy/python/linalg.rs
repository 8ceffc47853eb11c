//! `np.matmul` / `@` / `np.dot` over stacks of matrices, with numpy's broadcasting of
//! the stack dimensions and its 1-d operand rules; the products themselves are
//! [`matmul_2d`].

use rustpython_vm::{PyObject, PyResult, VirtualMachine};

use super::convert::operand;
use super::errors::array_error;
use super::ops::wrap_result;
use crate::numpy::multiarray::matmul::matmul_2d;
use crate::numpy::multiarray::promote::promote;
use crate::numpy::multiarray::{NdArray, broadcast_shapes, walk};

const SIGNATURE: &str = "(n?,k),(k,m?)->(n?,m?)";

pub fn matmul(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let (Some((a, _)), Some((b, _))) = (operand(vm, a)?, operand(vm, b)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    for (i, x) in [&a, &b].into_iter().enumerate() {
        if x.ndim() == 0 {
            return Err(vm.new_value_error(format!(
                "matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core with signature {SIGNATURE} requires 1)"
            )));
        }
    }
    // bool @ bool is bool: `or` of `and`s (bool's add and multiply).
    let dtype = promote(a.dtype, b.dtype);
    let cast = |x: &NdArray| {
        if x.dtype == dtype {
            Ok(x.clone())
        } else {
            x.cast(dtype).map_err(|e| array_error(vm, e))
        }
    };
    let (a2, b2) = (as_2d(&cast(&a)?, true), as_2d(&cast(&b)?, false));
    let (nd_a, nd_b) = (a2.ndim(), b2.ndim());
    let (n, k, m) = (a2.shape[nd_a - 2], a2.shape[nd_a - 1], b2.shape[nd_b - 1]);
    if b2.shape[nd_b - 2] != k {
        return Err(vm.new_value_error(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {SIGNATURE} (size {} is different from {k})",
            b2.shape[nd_b - 2]
        )));
    }
    // The output's core dims, without the axes 1-d operands did not have.
    let mut core = Vec::new();
    if a.ndim() >= 2 {
        core.push(n);
    }
    if b.ndim() >= 2 {
        core.push(m);
    }
    let (batch_a, batch_b) = (&a2.shape[..nd_a - 2], &b2.shape[..nd_b - 2]);
    let batch = broadcast_shapes(batch_a, batch_b)
        .ok_or_else(|| vm.new_value_error(remapped_mismatch(&a, &b, &core)))?;
    let with_core = |rows: usize, cols: usize| [batch.as_slice(), &[rows, cols]].concat();
    let out = NdArray::zeros(dtype, &with_core(n, m)).map_err(|e| array_error(vm, e))?;
    let (a2, b2) = (
        a2.broadcast_to(&with_core(n, k)),
        b2.broadcast_to(&with_core(k, m)),
    );
    let nb = batch.len();
    let matrix = |x: &NdArray, offset: isize| {
        x.view(
            x.shape[nb..].to_vec(),
            x.strides[nb..].to_vec(),
            x.offset + offset,
        )
    };
    let mut result = Ok(());
    walk(
        &batch,
        [&a2.strides[..nb], &b2.strides[..nb], &out.strides[..nb]],
        [0, 0, 0],
        |[sa, sb, so], len, [da, db, dout]| {
            for i in 0..len as isize {
                let (x, y) = (matrix(&a2, sa + i * da), matrix(&b2, sb + i * db));
                let product = matmul_2d(&x, &y, &matrix(&out, so + i * dout));
                if result.is_ok() {
                    result = product;
                }
            }
        },
    );
    result.map_err(|e| array_error(vm, e))?;
    let shape = [batch.as_slice(), &core].concat();
    let out = out.reshaped_view(&shape).expect("contiguous");
    wrap_result(vm, out)
}

/// A 1-d operand as a row (left) or column (right) matrix.
fn as_2d(a: &NdArray, left: bool) -> NdArray {
    if a.ndim() >= 2 {
        return a.clone();
    }
    let (n, s) = (a.shape[0], a.strides[0]);
    if left {
        a.view(vec![1, n], vec![0, s], a.offset)
    } else {
        a.view(vec![n, 1], vec![s, 0], a.offset)
    }
}

/// numpy's message for stack dimensions that do not broadcast.
fn remapped_mismatch(a: &NdArray, b: &NdArray, core: &[usize]) -> String {
    let join = |dims: &[String]| dims.join(",");
    let remap = |x: &NdArray| {
        let nb = x.ndim().saturating_sub(2);
        let original: Vec<String> = x.shape.iter().map(usize::to_string).collect();
        let mut remapped: Vec<String> = x.shape[..nb].iter().map(usize::to_string).collect();
        remapped.extend(std::iter::repeat_n("newaxis".to_string(), x.ndim() - nb));
        format!("({})->({})", join(&original), join(&remapped))
    };
    let requested: Vec<String> = core.iter().map(usize::to_string).collect();
    format!(
        "operands could not be broadcast together with remapped shapes [original->remapped]: {} {}  and requested shape ({})",
        remap(a),
        remap(b),
        join(&requested)
    )
}
