//! `iter(a)` of an ndarray: its items along the first axis, read one at a time.
//!
//! numpy's iterator reads each item when it is asked for, so a loop that stores into
//! the array (or into another view of its buffer) sees those stores in later items:
//! `for x in b: a[-1] = 0` with `b = a[1:]` ends on that 0. Taking every item up front
//! would give the values the array had when the loop started.

use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::types::{IterNext, Iterable, SelfIter};
use rustpython_vm::{PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine, pyclass};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::convert::scalar_to_py;
use super::ndarray::PyNdArray;

#[pyclass(module = "numpy", name = "ndarray_iterator")]
#[derive(Debug, PyPayload)]
pub struct PyArrayIterator {
    array: PyRef<PyNdArray>,
    next: AtomicUsize,
}

#[pyclass(with(IterNext, Iterable))]
impl PyArrayIterator {}

impl SelfIter for PyArrayIterator {}

impl IterNext for PyArrayIterator {
    fn next(zelf: &rustpython_vm::Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        let a = &zelf.array.array;
        let i = zelf.next.fetch_add(1, Ordering::Relaxed);
        if i >= a.shape[0] {
            // Stays exhausted, as numpy's does.
            zelf.next.store(a.shape[0], Ordering::Relaxed);
            return Ok(PyIterReturn::StopIteration(None));
        }
        let row = a.view(
            a.shape[1..].to_vec(),
            a.strides[1..].to_vec(),
            a.offset + i as isize * a.strides[0],
        );
        let item = if row.ndim() == 0 {
            scalar_to_py(vm, row.dtype, row.get(&[]))?
        } else {
            PyNdArray::from(row).into_py(vm)
        };
        Ok(PyIterReturn::Return(item))
    }
}

/// The iterator of `a`, which has at least one axis.
pub fn iterate(a: PyRef<PyNdArray>, vm: &VirtualMachine) -> PyObjectRef {
    use rustpython_vm::class::PyClassImpl;
    let _ = PyArrayIterator::make_static_type();
    PyArrayIterator {
        array: a,
        next: AtomicUsize::new(0),
    }
    .into_ref(&vm.ctx)
    .into()
}
