//! `numpy.dtype`: the Python face of [`DType`].

use rustpython_vm::types::{Comparable, Constructor, Hashable, PyComparisonOp, Representable};
use rustpython_vm::{
    Py, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine, builtins::PyStrRef,
    function::PyComparisonValue, pyclass,
};

use crate::numpy::DType;

#[pyclass(module = "numpy", name = "dtype")]
#[derive(Debug, PyPayload)]
pub struct PyDType {
    pub dtype: DType,
}

impl Constructor for PyDType {
    type Args = PyObjectRef;

    fn py_new(
        _cls: &Py<rustpython_vm::builtins::PyType>,
        arg: Self::Args,
        vm: &VirtualMachine,
    ) -> PyResult<Self> {
        Ok(PyDType {
            dtype: super::convert::dtype_arg(vm, &arg)?,
        })
    }
}

#[pyclass(with(Constructor, Comparable, Hashable, Representable))]
impl PyDType {
    #[pygetset]
    fn name(zelf: &Py<Self>) -> &'static str {
        zelf.dtype.name()
    }

    #[pygetset]
    fn kind(zelf: &Py<Self>) -> String {
        zelf.dtype.kind_char().to_string()
    }

    #[pygetset]
    fn itemsize(zelf: &Py<Self>) -> usize {
        zelf.dtype.itemsize()
    }

    #[pygetset]
    fn char(zelf: &Py<Self>) -> &'static str {
        match zelf.dtype {
            DType::Bool => "?",
            DType::Int8 => "b",
            DType::Int16 => "h",
            DType::Int32 => "i",
            DType::Int64 => "l",
            DType::UInt8 => "B",
            DType::UInt16 => "H",
            DType::UInt32 => "I",
            DType::UInt64 => "L",
            DType::Float32 => "f",
            DType::Float64 => "d",
            DType::Complex128 => "D",
        }
    }

    #[pygetset]
    fn str(zelf: &Py<Self>) -> String {
        let order = if zelf.dtype.itemsize() == 1 { '|' } else { '<' };
        format!("{order}{}", zelf.dtype.type_code())
    }

    #[pygetset]
    fn byteorder(zelf: &Py<Self>) -> &'static str {
        if zelf.dtype.itemsize() == 1 { "|" } else { "=" }
    }

    #[pygetset(name = "type")]
    fn scalar_type(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let index = DType::ALL
            .iter()
            .position(|d| *d == zelf.dtype)
            .expect("listed");
        super::convert::scalar_types(vm)?.get_item(&index, vm)
    }

    #[pymethod]
    fn __str__(zelf: &Py<Self>) -> &'static str {
        zelf.dtype.name()
    }

    #[pymethod]
    fn __reduce__(_zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyStrRef> {
        Err(vm.new_type_error("kiln's dtypes cannot be pickled yet"))
    }
}

impl Comparable for PyDType {
    fn cmp(
        zelf: &Py<Self>,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<PyComparisonValue> {
        op.eq_only(|| {
            let Ok(other) = super::convert::dtype_arg(vm, other) else {
                return Ok(PyComparisonValue::Implemented(false));
            };
            Ok(PyComparisonValue::Implemented(other == zelf.dtype))
        })
    }
}

impl Hashable for PyDType {
    fn hash(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<i64> {
        Ok(zelf.dtype as i64 + 0x6b696c6e)
    }
}

impl Representable for PyDType {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("dtype('{}')", zelf.dtype.name()))
    }
}
