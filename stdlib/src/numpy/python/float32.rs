//! The value of a `numpy.float32` scalar: a native payload under the Python class, so
//! that arrays hand out float32 scalars, and scalar math makes them, without running
//! Python code (float32, unlike float64, is no subclass of Python's float in numpy).

use rustpython_vm::function::OptionalArg;
use rustpython_vm::protocol::PyNumberMethods;
use rustpython_vm::types::{AsNumber, Constructor};
use rustpython_vm::{AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine, pyclass};

#[pyclass(module = "numpy", name = "Float32Base")]
#[derive(Debug, PyPayload)]
pub struct PyFloat32 {
    pub value: f32,
}

impl Constructor for PyFloat32 {
    type Args = OptionalArg<PyObjectRef>;

    fn py_new(
        _cls: &Py<rustpython_vm::builtins::PyType>,
        arg: Self::Args,
        vm: &VirtualMachine,
    ) -> PyResult<Self> {
        let value = match arg.into_option() {
            None => 0.0,
            Some(v) => {
                let f = vm.ctx.types.float_type.as_object().call((v,), vm)?;
                f.try_into_value::<f64>(vm)?
            }
        };
        super::ops::warn_cast_overflow(vm, crate::numpy::format::Element::Float(value))?;
        Ok(PyFloat32 {
            value: value as f32,
        })
    }
}

#[pyclass(with(Constructor, AsNumber), flags(BASETYPE))]
impl PyFloat32 {
    /// The value as a Python float (exactly: every float32 is a double).
    #[pymethod]
    fn item(zelf: &Py<Self>) -> f64 {
        zelf.value as f64
    }
}

impl AsNumber for PyFloat32 {
    fn as_number() -> &'static PyNumberMethods {
        static AS_NUMBER: PyNumberMethods = PyNumberMethods {
            float: Some(|num, vm| {
                let v = PyFloat32::number_downcast(num).value as f64;
                Ok(vm.ctx.new_float(v).into())
            }),
            ..PyNumberMethods::NOT_IMPLEMENTED
        };
        &AS_NUMBER
    }
}
