//! `np.matmul` / `@` / `np.dot` for 1-d and 2-d operands: float64 and float32 go
//! through the `ndarray` crate (matrixmultiply), other dtypes through a plain
//! triple loop in the promoted dtype.

use ndarray::{Array2, ArrayView2};
use rustpython_vm::{PyObject, PyResult, VirtualMachine};

use super::convert::operand;
use super::errors::array_error;
use super::ops::wrap_result;
use crate::numpy::DType;
use crate::numpy::multiarray::arith::Arith;
use crate::numpy::multiarray::promote::promote;
use crate::numpy::multiarray::{Native, NdArray};

pub fn matmul(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let (Some((a, _)), Some((b, _))) = (operand(vm, a)?, operand(vm, b)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    if a.ndim() == 0 || b.ndim() == 0 {
        return Err(vm.new_value_error(
            "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)",
        ));
    }
    if a.ndim() > 2 || b.ndim() > 2 {
        return Err(vm.new_value_error("kiln's matmul supports 1-d and 2-d operands"));
    }
    let dtype = match promote(a.dtype, b.dtype) {
        DType::Bool => DType::Int64,
        d => d,
    };
    let (a2, b2) = (as_2d(&a, true), as_2d(&b, false));
    let (n, k, m) = (a2.shape[0], a2.shape[1], b2.shape[1]);
    if b2.shape[0] != k {
        let sig = "(n?,k),(k,m?)->(n?,m?)";
        return Err(vm.new_value_error(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {sig} (size {} is different from {k})",
            b2.shape[0]
        )));
    }
    let (a2, b2) = (
        a2.cast(dtype).map_err(|e| array_error(vm, e))?,
        b2.cast(dtype).map_err(|e| array_error(vm, e))?,
    );
    let out = match dtype {
        DType::Float64 => blas_like::<f64>(&a2, &b2, n, k, m),
        DType::Float32 => blas_like::<f32>(&a2, &b2, n, k, m),
        _ => crate::with_native!(dtype, T => naive::<T>(&a2, &b2, n, k, m)),
    }
    .map_err(|e| array_error(vm, e))?;
    // Drop the axes that 1-d operands did not have.
    let mut shape = Vec::new();
    if a.ndim() == 2 {
        shape.push(n);
    }
    if b.ndim() == 2 {
        shape.push(m);
    }
    let out = out.reshaped_view(&shape).expect("contiguous");
    wrap_result(vm, out)
}

/// A 1-d operand as a row (left) or column (right) matrix.
fn as_2d(a: &NdArray, left: bool) -> NdArray {
    if a.ndim() == 2 {
        return a.clone();
    }
    let (n, s) = (a.shape[0], a.strides[0]);
    if left {
        a.view(vec![1, n], vec![0, s], a.offset)
    } else {
        a.view(vec![n, 1], vec![s, 0], a.offset)
    }
}

fn blas_like<T>(
    a: &NdArray,
    b: &NdArray,
    n: usize,
    k: usize,
    m: usize,
) -> Result<NdArray, crate::numpy::multiarray::ArrayError>
where
    T: Native + ndarray::LinalgScalar,
{
    let av: Vec<T> = a.to_vec();
    let bv: Vec<T> = b.to_vec();
    let a = ArrayView2::from_shape((n, k), &av).expect("shape matches");
    let b = ArrayView2::from_shape((k, m), &bv).expect("shape matches");
    let c: Array2<T> = a.dot(&b);
    let values: Vec<T> = c.iter().copied().collect();
    NdArray::from_vec(&values, &[n, m])
}

fn naive<T: Arith>(
    a: &NdArray,
    b: &NdArray,
    n: usize,
    k: usize,
    m: usize,
) -> Result<NdArray, crate::numpy::multiarray::ArrayError> {
    let av: Vec<T> = a.to_vec();
    let bv: Vec<T> = b.to_vec();
    let mut out = vec![T::zero(); n * m];
    for i in 0..n {
        for p in 0..k {
            let x = av[i * k + p];
            for j in 0..m {
                out[i * m + j] = out[i * m + j].add(x.mul(bv[p * m + j]));
            }
        }
    }
    NdArray::from_vec(&out, &[n, m])
}
