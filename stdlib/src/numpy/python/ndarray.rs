//! `numpy.ndarray`: the Python type around [`NdArray`].

use rustpython_vm::builtins::{PyTuple, PyTypeRef};
use rustpython_vm::function::{FuncArgs, OptionalArg, PyComparisonValue};
use rustpython_vm::protocol::{PyMappingMethods, PyNumberMethods};
use rustpython_vm::types::{
    AsBuffer, AsMapping, AsNumber, Comparable, Iterable, PyComparisonOp, Representable,
};
use rustpython_vm::{
    AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine, atomic_func,
    pyclass,
};

use super::convert::{dtype_arg, element_to_py, shape_arg};
use super::errors::{array_error, ufunc_error};
use super::ops::{binary_slot, inplace_slot, unary_slot, wrap_result};
use super::reshape::{fortran_order, new_shape, reshape_in, shape_items};
use crate::numpy::DType;
use crate::numpy::format::{ArraySource, array_repr, array_str};
use crate::numpy::multiarray::reduce::{ReduceOp, accumulate, arg_reduce, reduce};
use crate::numpy::multiarray::ufunc::BinaryOp;
use crate::numpy::multiarray::unary::UnaryOp;
use crate::numpy::multiarray::{NdArray, c_strides};

#[pyclass(module = "numpy", name = "ndarray")]
#[derive(Debug, PyPayload)]
pub struct PyNdArray {
    pub array: NdArray,
}

impl From<NdArray> for PyNdArray {
    fn from(array: NdArray) -> Self {
        PyNdArray { array }
    }
}

impl PyNdArray {
    pub fn into_py(self, vm: &VirtualMachine) -> PyObjectRef {
        self.into_ref(&vm.ctx).into()
    }

    pub fn static_type() -> PyTypeRef {
        use rustpython_vm::class::PyClassImpl;
        Self::make_static_type()
    }
}

/// Normalises an `axis` argument (None, int or tuple) into per-axis flags.
pub fn axis_flags(
    vm: &VirtualMachine,
    axis: Option<&PyObject>,
    ndim: usize,
) -> PyResult<Vec<bool>> {
    let Some(axis) = axis.filter(|a| !vm.is_none(a)) else {
        return Ok(vec![true; ndim]);
    };
    let axes: Vec<PyObjectRef> = match axis.downcast_ref::<PyTuple>() {
        Some(t) => t.as_slice().to_vec(),
        None => vec![axis.to_owned()],
    };
    let mut flags = vec![false; ndim];
    for a in axes {
        let k = normalize_axis(vm, a.try_index(vm)?.try_to_primitive::<i64>(vm)?, ndim)?;
        if flags[k] {
            return Err(vm.new_value_error("duplicate value in 'axis'"));
        }
        flags[k] = true;
    }
    Ok(flags)
}

pub fn normalize_axis(vm: &VirtualMachine, axis: i64, ndim: usize) -> PyResult<usize> {
    let n = ndim as i64;
    if axis < -n || axis >= n {
        let msg = format!("axis {axis} is out of bounds for array of dimension {ndim}");
        let class = vm.import("_kiln_numpy", 0)?.get_attr("AxisError", vm)?;
        let exc = class.call((msg,), vm)?;
        return Err(exc
            .downcast()
            .map_err(|_| vm.new_type_error("AxisError is not an exception"))?);
    }
    Ok(if axis < 0 {
        (axis + n) as usize
    } else {
        axis as usize
    })
}

#[derive(rustpython_vm::FromArgs)]
pub struct AstypeArgs {
    #[pyarg(any)]
    dtype: PyObjectRef,
    #[pyarg(any, default = true)]
    copy: bool,
}

#[derive(rustpython_vm::FromArgs)]
pub struct OrderArg {
    #[pyarg(any, optional)]
    order: OptionalArg<PyObjectRef>,
}

#[derive(rustpython_vm::FromArgs)]
pub struct ReduceArgs {
    #[pyarg(any, optional)]
    axis: OptionalArg<PyObjectRef>,
    #[pyarg(any, optional)]
    dtype: OptionalArg<PyObjectRef>,
    #[pyarg(any, optional)]
    out: OptionalArg<PyObjectRef>,
    #[pyarg(any, default = false)]
    keepdims: bool,
}

#[derive(rustpython_vm::FromArgs)]
pub struct AxisArg {
    #[pyarg(any, optional)]
    axis: OptionalArg<PyObjectRef>,
}

/// The numpy print options, shared by every session of the process.
pub fn print_options() -> std::sync::MutexGuard<'static, crate::numpy::format::PrintOptions> {
    static OPTIONS: std::sync::OnceLock<std::sync::Mutex<crate::numpy::format::PrintOptions>> =
        std::sync::OnceLock::new();
    OPTIONS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner())
}

impl PyNdArray {
    fn reduce_with(&self, vm: &VirtualMachine, op: ReduceOp, args: ReduceArgs) -> PyResult {
        let a = &self.array;
        let flags = axis_flags(vm, args.axis.as_option().map(|o| o.as_ref()), a.ndim())?;
        let dtype = match args.dtype.as_option().filter(|d| !vm.is_none(d)) {
            Some(d) => dtype_arg(vm, d)?,
            None => op.default_dtype(a.dtype),
        };
        if args.out.as_option().is_some_and(|o| !vm.is_none(o)) {
            return Err(vm.new_type_error("kiln's numpy does not support out= yet"));
        }
        let src = if dtype == a.dtype {
            a.clone()
        } else {
            a.cast(dtype).map_err(|e| array_error(vm, e))?
        };
        let mut out = reduce(op, &src, &flags).map_err(|e| ufunc_error(vm, e))?;
        if args.keepdims {
            let shape: Vec<usize> = (0..a.ndim())
                .map(|k| if flags[k] { 1 } else { a.shape[k] })
                .collect();
            out = out.view(shape.clone(), c_strides(&shape, out.itemsize()), 0);
        }
        wrap_result(vm, out)
    }

    fn logical_reduce(&self, vm: &VirtualMachine, all: bool, args: ReduceArgs) -> PyResult {
        let as_bool = self
            .array
            .cast(DType::Bool)
            .map_err(|e| array_error(vm, e))?;
        let op = if all { ReduceOp::Min } else { ReduceOp::Max };
        let flags = axis_flags(
            vm,
            args.axis.as_option().map(|o| o.as_ref()),
            as_bool.ndim(),
        )?;
        let count: usize = (0..as_bool.ndim())
            .filter(|&k| flags[k])
            .map(|k| as_bool.shape[k])
            .product();
        let mut out = if count == 0 {
            let shape: Vec<usize> = (0..as_bool.ndim())
                .filter(|&k| !flags[k])
                .map(|k| as_bool.shape[k])
                .collect();
            let out = NdArray::zeros(DType::Bool, &shape).map_err(|e| array_error(vm, e))?;
            if all {
                let one = NdArray::scalar(DType::Bool, crate::numpy::format::Element::Bool(true));
                out.assign(&one);
            }
            out
        } else {
            reduce(op, &as_bool, &flags).map_err(|e| ufunc_error(vm, e))?
        };
        if args.keepdims {
            let shape: Vec<usize> = (0..as_bool.ndim())
                .map(|k| if flags[k] { 1 } else { as_bool.shape[k] })
                .collect();
            out = out.view(shape.clone(), c_strides(&shape, 1), 0);
        }
        wrap_result(vm, out)
    }

    fn arg_reduce_with(&self, vm: &VirtualMachine, max: bool, args: AxisArg) -> PyResult {
        let axis = match args.axis.as_option().filter(|a| !vm.is_none(a)) {
            Some(a) => Some(normalize_axis(
                vm,
                a.try_index(vm)?.try_to_primitive::<i64>(vm)?,
                self.array.ndim(),
            )?),
            None => None,
        };
        let out = arg_reduce(&self.array, axis, max).map_err(|e| ufunc_error(vm, e))?;
        wrap_result(vm, out)
    }

    fn accumulate_with(&self, vm: &VirtualMachine, product: bool, args: AxisArg) -> PyResult {
        let op = if product {
            ReduceOp::Prod
        } else {
            ReduceOp::Sum
        };
        let dtype = op.default_dtype(self.array.dtype);
        let (src, axis) = match args.axis.as_option().filter(|a| !vm.is_none(a)) {
            Some(a) => (
                self.array.clone(),
                normalize_axis(
                    vm,
                    a.try_index(vm)?.try_to_primitive::<i64>(vm)?,
                    self.array.ndim(),
                )?,
            ),
            None => {
                let flat = self.array.to_contiguous().map_err(|e| array_error(vm, e))?;
                let n = flat.size();
                (flat.view(vec![n], vec![flat.itemsize() as isize], 0), 0)
            }
        };
        let src = src.cast(dtype).map_err(|e| array_error(vm, e))?;
        let out = accumulate(&src, axis, product).map_err(|e| ufunc_error(vm, e))?;
        Ok(PyNdArray::from(out).into_py(vm))
    }

    fn call_python(
        zelf: &Py<Self>,
        vm: &VirtualMachine,
        name: &'static str,
        args: FuncArgs,
    ) -> PyResult {
        let func = vm.import("numpy", 0)?.get_attr(name, vm)?;
        let mut args = args;
        args.args.insert(0, zelf.to_owned().into());
        func.call(args, vm)
    }

    pub fn tolist_of(vm: &VirtualMachine, a: &NdArray) -> PyObjectRef {
        if a.ndim() == 0 {
            return element_to_py(vm, a.get(&[]));
        }
        let items = (0..a.shape[0])
            .map(|i| {
                let row = a.view(
                    a.shape[1..].to_vec(),
                    a.strides[1..].to_vec(),
                    a.offset + i as isize * a.strides[0],
                );
                Self::tolist_of(vm, &row)
            })
            .collect();
        vm.ctx.new_list(items).into()
    }
}

#[pyclass(
    with(AsBuffer, AsNumber, AsMapping, Comparable, Iterable, Representable),
    flags(BASETYPE)
)]
impl PyNdArray {
    #[pygetset]
    fn shape(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let dims = zelf
            .array
            .shape
            .iter()
            .map(|&d| vm.ctx.new_int(d).into())
            .collect();
        vm.ctx.new_tuple(dims).into()
    }

    #[pygetset]
    fn strides(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let dims = zelf
            .array
            .strides
            .iter()
            .map(|&d| vm.ctx.new_int(d).into())
            .collect();
        vm.ctx.new_tuple(dims).into()
    }

    #[pygetset]
    fn ndim(zelf: &Py<Self>) -> usize {
        zelf.array.ndim()
    }

    #[pygetset]
    fn size(zelf: &Py<Self>) -> usize {
        zelf.array.size()
    }

    #[pygetset]
    fn itemsize(zelf: &Py<Self>) -> usize {
        zelf.array.itemsize()
    }

    #[pygetset]
    fn nbytes(zelf: &Py<Self>) -> usize {
        zelf.array.nbytes()
    }

    #[pygetset]
    fn dtype(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        super::dtype::PyDType {
            dtype: zelf.array.dtype,
        }
        .into_ref(&vm.ctx)
        .into()
    }

    #[pygetset(name = "T")]
    fn transpose_property(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        PyNdArray::from(zelf.array.transposed()).into_py(vm)
    }

    #[pygetset]
    fn real(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        if zelf.array.dtype != DType::Complex128 {
            return Ok(PyNdArray::from(zelf.array.clone()).into_py(vm));
        }
        Ok(PyNdArray::from(complex_part(&zelf.array, 0)).into_py(vm))
    }

    #[pygetset(setter)]
    fn set_real(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let target = if zelf.array.dtype == DType::Complex128 {
            complex_part(&zelf.array, 0)
        } else {
            zelf.array.clone()
        };
        super::index::assign_value(vm, &target, &value)
    }

    #[pygetset(setter)]
    fn set_imag(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        if zelf.array.dtype != DType::Complex128 {
            return Err(vm.new_type_error("array does not have imaginary part to set"));
        }
        super::index::assign_value(vm, &complex_part(&zelf.array, 8), &value)
    }

    #[pygetset]
    fn imag(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        if zelf.array.dtype != DType::Complex128 {
            let z = NdArray::zeros(zelf.array.dtype, &zelf.array.shape)
                .map_err(|e| array_error(vm, e))?;
            return Ok(PyNdArray::from(z).into_py(vm));
        }
        Ok(PyNdArray::from(complex_part(&zelf.array, 8)).into_py(vm))
    }

    /// The C-order bytes of the elements (`a.tobytes()`, and `bytes(a)` for views the
    /// buffer protocol cannot hand out in one piece).
    #[pymethod]
    fn tobytes(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<Vec<u8>> {
        let c = zelf.array.to_contiguous().map_err(|e| array_error(vm, e))?;
        Ok(c.buffer.bytes()[..c.nbytes()].to_vec())
    }

    #[pymethod]
    fn __bytes__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<Vec<u8>> {
        Self::tobytes(zelf, vm)
    }

    /// `np.shares_memory` (`exact`) and `np.may_share_memory`.
    #[pymethod]
    fn _kiln_overlaps(zelf: &Py<Self>, other: PyRef<PyNdArray>, exact: bool) -> bool {
        if exact {
            zelf.array.overlaps(&other.array)
        } else {
            zelf.array.may_overlap(&other.array)
        }
    }

    #[pymethod]
    fn reshape(zelf: &Py<Self>, mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let order = args.kwargs.swap_remove("order");
        let fortran = fortran_order(vm, order, &zelf.array)?;
        let shape = new_shape(vm, &args, zelf.array.size())?;
        let out = reshape_in(vm, &zelf.array, &shape, fortran)?;
        Ok(PyNdArray::from(out).into_py(vm))
    }

    #[pymethod]
    fn ravel(zelf: &Py<Self>, args: OrderArg, vm: &VirtualMachine) -> PyResult {
        let fortran = fortran_order(vm, args.order.into_option(), &zelf.array)?;
        let out = reshape_in(vm, &zelf.array, &[zelf.array.size()], fortran)?;
        Ok(PyNdArray::from(out).into_py(vm))
    }

    #[pymethod]
    fn flatten(zelf: &Py<Self>, args: OrderArg, vm: &VirtualMachine) -> PyResult {
        let fortran = fortran_order(vm, args.order.into_option(), &zelf.array)?;
        let flat = reshape_in(vm, &zelf.array, &[zelf.array.size()], fortran)?;
        let out = if std::sync::Arc::ptr_eq(&flat.buffer, &zelf.array.buffer) {
            flat.to_contiguous().map_err(|e| array_error(vm, e))?
        } else {
            flat
        };
        Ok(PyNdArray::from(out).into_py(vm))
    }

    #[pymethod]
    fn transpose(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if args.args.is_empty() || (args.args.len() == 1 && vm.is_none(&args.args[0])) {
            return Ok(PyNdArray::from(zelf.array.transposed()).into_py(vm));
        }
        let items = match args.args.as_slice() {
            [one]
                if one.downcast_ref::<PyTuple>().is_some()
                    || one.downcastable::<rustpython_vm::builtins::PyList>() =>
            {
                shape_items(vm, one)?
            }
            items => items.to_vec(),
        };
        let ndim = zelf.array.ndim();
        if items.len() != ndim {
            return Err(vm.new_value_error("axes don't match array"));
        }
        let mut axes = Vec::new();
        for item in items {
            let k = normalize_axis(vm, item.try_index(vm)?.try_to_primitive::<i64>(vm)?, ndim)?;
            if axes.contains(&k) {
                return Err(vm.new_value_error("repeated axis in transpose"));
            }
            axes.push(k);
        }
        Ok(PyNdArray::from(zelf.array.permuted(&axes)).into_py(vm))
    }

    #[pymethod]
    fn swapaxes(zelf: &Py<Self>, a: i64, b: i64, vm: &VirtualMachine) -> PyResult {
        let ndim = zelf.array.ndim();
        let (a, b) = (normalize_axis(vm, a, ndim)?, normalize_axis(vm, b, ndim)?);
        let mut axes: Vec<usize> = (0..ndim).collect();
        axes.swap(a, b);
        Ok(PyNdArray::from(zelf.array.permuted(&axes)).into_py(vm))
    }

    #[pymethod]
    fn copy(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        Ok(
            PyNdArray::from(zelf.array.to_contiguous().map_err(|e| array_error(vm, e))?)
                .into_py(vm),
        )
    }

    #[pymethod]
    fn __copy__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        Self::copy(zelf, vm)
    }

    #[pymethod]
    fn __deepcopy__(zelf: &Py<Self>, _memo: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        Self::copy(zelf, vm)
    }

    #[pymethod]
    fn astype(zelf: PyRef<Self>, args: AstypeArgs, vm: &VirtualMachine) -> PyResult {
        let dtype = dtype_arg(vm, &args.dtype)?;
        // `copy=False` hands back the array itself when no cast is needed.
        if !args.copy && dtype == zelf.array.dtype {
            return Ok(zelf.into());
        }
        let a = &zelf.array;
        let (out, flags) = crate::numpy::multiarray::fpstatus::measure(|| a.cast(dtype));
        let out = out.map_err(|e| array_error(vm, e))?;
        if a.dtype.kind() != dtype.kind() || a.dtype.itemsize() > dtype.itemsize() {
            super::errors::warn_flags(vm, flags, "cast")?;
        }
        Ok(PyNdArray::from(out).into_py(vm))
    }

    #[pymethod]
    fn fill(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        super::index::setitem(vm, &zelf.array, vm.ctx.ellipsis.as_object(), &value)
    }

    #[pymethod]
    fn tolist(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        Self::tolist_of(vm, &zelf.array)
    }

    #[pymethod]
    fn item(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = &zelf.array;
        let mut indices = args.args;
        if let [one] = indices.as_slice()
            && let Some(t) = one.downcast_ref::<PyTuple>()
        {
            indices = t.as_slice().to_vec();
        }
        let index = |i: &PyObject, n: usize, axis: Option<usize>| -> PyResult<usize> {
            let i = i.try_index(vm)?.try_to_primitive::<i64>(vm)?;
            let j = if i < 0 { i + n as i64 } else { i };
            if j < 0 || j >= n as i64 {
                return Err(vm.new_index_error(match axis {
                    Some(axis) => {
                        format!("index {i} is out of bounds for axis {axis} with size {n}")
                    }
                    None => format!("index {i} is out of bounds for size {n}"),
                }));
            }
            Ok(j as usize)
        };
        let value = match indices.as_slice() {
            [] if a.size() == 1 => a.get(&vec![0; a.ndim()]),
            [] => {
                return Err(
                    vm.new_value_error("can only convert an array of size 1 to a Python scalar")
                );
            }
            // One index is flat (C order); numpy names the axis of a 1-d array.
            [i] => {
                let axis = (a.ndim() == 1).then_some(0);
                let mut flat = index(i, a.size(), axis)?;
                let mut at = vec![0; a.ndim()];
                for (k, &n) in a.shape.iter().enumerate().rev() {
                    at[k] = flat % n;
                    flat /= n;
                }
                a.get(&at)
            }
            many if many.len() == a.ndim() => {
                let at = many
                    .iter()
                    .zip(&a.shape)
                    .enumerate()
                    .map(|(axis, (i, &n))| index(i, n, Some(axis)))
                    .collect::<PyResult<Vec<usize>>>()?;
                a.get(&at)
            }
            _ => return Err(vm.new_value_error("incorrect number of indices for array")),
        };
        Ok(element_to_py(vm, value))
    }

    #[pymethod]
    fn sum(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.reduce_with(vm, ReduceOp::Sum, args)
    }

    #[pymethod]
    fn prod(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.reduce_with(vm, ReduceOp::Prod, args)
    }

    #[pymethod]
    fn max(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.reduce_with(vm, ReduceOp::Max, args)
    }

    #[pymethod]
    fn min(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.reduce_with(vm, ReduceOp::Min, args)
    }

    #[pymethod]
    fn any(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.logical_reduce(vm, false, args)
    }

    #[pymethod]
    fn all(zelf: &Py<Self>, args: ReduceArgs, vm: &VirtualMachine) -> PyResult {
        zelf.logical_reduce(vm, true, args)
    }

    #[pymethod]
    fn argmax(zelf: &Py<Self>, args: AxisArg, vm: &VirtualMachine) -> PyResult {
        zelf.arg_reduce_with(vm, true, args)
    }

    #[pymethod]
    fn argmin(zelf: &Py<Self>, args: AxisArg, vm: &VirtualMachine) -> PyResult {
        zelf.arg_reduce_with(vm, false, args)
    }

    #[pymethod]
    fn cumsum(zelf: &Py<Self>, args: AxisArg, vm: &VirtualMachine) -> PyResult {
        zelf.accumulate_with(vm, false, args)
    }

    #[pymethod]
    fn cumprod(zelf: &Py<Self>, args: AxisArg, vm: &VirtualMachine) -> PyResult {
        zelf.accumulate_with(vm, true, args)
    }

    #[pymethod]
    fn mean(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "mean", args)
    }

    #[pymethod]
    fn std(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "std", args)
    }

    #[pymethod]
    fn var(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "var", args)
    }

    #[pymethod]
    fn dot(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "dot", args)
    }

    #[pymethod]
    fn sort(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "_sort_inplace", args)
    }

    #[pymethod]
    fn argsort(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "argsort", args)
    }

    #[pymethod]
    fn clip(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "clip", args)
    }

    #[pymethod]
    fn round(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "round", args)
    }

    #[pymethod]
    fn nonzero(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "nonzero", args)
    }

    #[pymethod]
    fn squeeze(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        Self::call_python(zelf, vm, "squeeze", args)
    }

    #[pymethod]
    fn conj(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        unary_slot(
            vm,
            UnaryOp::Conjugate,
            &PyNdArray::from(zelf.array.clone()).into_py(vm),
        )
    }

    #[pymethod]
    fn conjugate(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        Self::conj(zelf, vm)
    }

    fn len_of(&self, vm: &VirtualMachine) -> PyResult<usize> {
        self.array
            .shape
            .first()
            .copied()
            .ok_or_else(|| vm.new_type_error("len() of unsized object"))
    }

    #[pymethod]
    fn __str__(zelf: &Py<Self>) -> String {
        let a = &zelf.array;
        let read = |index: &[usize]| a.get(index);
        let source = ArraySource {
            dtype: a.dtype,
            shape: &a.shape,
            read: &read,
        };
        array_str(&source, &print_options(), None)
    }

    fn to_float(&self, vm: &VirtualMachine) -> PyResult {
        let e = self.only_element(vm)?;
        vm.ctx
            .types
            .float_type
            .as_object()
            .call((element_to_py(vm, e),), vm)
    }

    fn to_int(&self, vm: &VirtualMachine) -> PyResult {
        let e = self.only_element(vm)?;
        vm.ctx
            .types
            .int_type
            .as_object()
            .call((element_to_py(vm, e),), vm)
    }

    fn to_index(&self, vm: &VirtualMachine) -> PyResult {
        use crate::numpy::dtype::DTypeKind::*;
        if self.array.ndim() != 0 || !matches!(self.array.dtype.kind(), SignedInt | UnsignedInt) {
            return Err(
                vm.new_type_error("only integer scalar arrays can be converted to a scalar index")
            );
        }
        Ok(element_to_py(vm, self.array.get(&[])))
    }

    #[pymethod]
    fn __array_namespace__(_zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        vm.import("numpy", 0)
    }
}

impl PyNdArray {
    fn only_element(&self, vm: &VirtualMachine) -> PyResult<crate::numpy::format::Element> {
        if self.array.size() != 1 {
            return Err(
                vm.new_type_error("only length-1 arrays can be converted to Python scalars")
            );
        }
        Ok(self.array.get(&vec![0; self.array.ndim()]))
    }
}

/// The real (`byte = 0`) or imaginary (`byte = 8`) parts of a complex array, as a
/// float64 view of the same buffer.
fn complex_part(a: &NdArray, byte: isize) -> NdArray {
    NdArray {
        buffer: a.buffer.clone(),
        dtype: DType::Float64,
        shape: a.shape.clone(),
        strides: a.strides.clone(),
        offset: a.offset + byte,
    }
}

impl AsMapping for PyNdArray {
    fn as_mapping() -> &'static PyMappingMethods {
        static AS_MAPPING: PyMappingMethods = PyMappingMethods {
            length: atomic_func!(|mapping, vm| PyNdArray::mapping_downcast(mapping).len_of(vm)),
            subscript: atomic_func!(|mapping, needle, vm| {
                super::index::getitem(vm, &PyNdArray::mapping_downcast(mapping).array, needle)
            }),
            ass_subscript: atomic_func!(|mapping, needle, value, vm| {
                let zelf = PyNdArray::mapping_downcast(mapping);
                match value {
                    Some(value) => super::index::setitem(vm, &zelf.array, needle, &value),
                    None => Err(vm.new_value_error("cannot delete array elements")),
                }
            }),
        };
        &AS_MAPPING
    }
}

impl AsNumber for PyNdArray {
    fn as_number() -> &'static PyNumberMethods {
        static AS_NUMBER: PyNumberMethods = PyNumberMethods {
            add: Some(|a, b, vm| binary_slot(vm, BinaryOp::Add, a, b)),
            subtract: Some(|a, b, vm| binary_slot(vm, BinaryOp::Subtract, a, b)),
            multiply: Some(|a, b, vm| binary_slot(vm, BinaryOp::Multiply, a, b)),
            remainder: Some(|a, b, vm| binary_slot(vm, BinaryOp::Remainder, a, b)),
            power: Some(|a, b, _c, vm| super::ops::power_slot(vm, a, b)),
            negative: Some(|num, vm| unary_slot(vm, UnaryOp::Negative, num.obj)),
            positive: Some(|num, vm| unary_slot(vm, UnaryOp::Positive, num.obj)),
            absolute: Some(|num, vm| unary_slot(vm, UnaryOp::Absolute, num.obj)),
            invert: Some(|num, vm| unary_slot(vm, UnaryOp::Invert, num.obj)),
            boolean: Some(|num, vm| {
                let a = &PyNdArray::number_downcast(num).array;
                match a.size() {
                    1 => Ok(a.get(&vec![0; a.ndim()]).as_bool()),
                    0 => Err(vm.new_value_error("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.")),
                    _ => Err(vm.new_value_error("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")),
                }
            }),
            lshift: Some(|a, b, vm| binary_slot(vm, BinaryOp::LeftShift, a, b)),
            rshift: Some(|a, b, vm| binary_slot(vm, BinaryOp::RightShift, a, b)),
            and: Some(|a, b, vm| binary_slot(vm, BinaryOp::BitwiseAnd, a, b)),
            xor: Some(|a, b, vm| binary_slot(vm, BinaryOp::BitwiseXor, a, b)),
            or: Some(|a, b, vm| binary_slot(vm, BinaryOp::BitwiseOr, a, b)),
            int: Some(|num, vm| PyNdArray::number_downcast(num).to_int(vm)),
            float: Some(|num, vm| PyNdArray::number_downcast(num).to_float(vm)),
            inplace_add: Some(|a, b, vm| inplace_slot(vm, BinaryOp::Add, a, b)),
            inplace_subtract: Some(|a, b, vm| inplace_slot(vm, BinaryOp::Subtract, a, b)),
            inplace_multiply: Some(|a, b, vm| inplace_slot(vm, BinaryOp::Multiply, a, b)),
            inplace_remainder: Some(|a, b, vm| inplace_slot(vm, BinaryOp::Remainder, a, b)),
            inplace_power: Some(|a, b, _c, vm| inplace_slot(vm, BinaryOp::Power, a, b)),
            inplace_lshift: Some(|a, b, vm| inplace_slot(vm, BinaryOp::LeftShift, a, b)),
            inplace_rshift: Some(|a, b, vm| inplace_slot(vm, BinaryOp::RightShift, a, b)),
            inplace_and: Some(|a, b, vm| inplace_slot(vm, BinaryOp::BitwiseAnd, a, b)),
            inplace_xor: Some(|a, b, vm| inplace_slot(vm, BinaryOp::BitwiseXor, a, b)),
            inplace_or: Some(|a, b, vm| inplace_slot(vm, BinaryOp::BitwiseOr, a, b)),
            floor_divide: Some(|a, b, vm| binary_slot(vm, BinaryOp::FloorDivide, a, b)),
            divmod: Some(|a, b, vm| {
                let quotient = binary_slot(vm, BinaryOp::FloorDivide, a, b)?;
                if quotient.is(&vm.ctx.not_implemented) {
                    return Ok(quotient);
                }
                let remainder = binary_slot(vm, BinaryOp::Remainder, a, b)?;
                Ok(vm.ctx.new_tuple(vec![quotient, remainder]).into())
            }),
            true_divide: Some(|a, b, vm| binary_slot(vm, BinaryOp::Divide, a, b)),
            inplace_floor_divide: Some(|a, b, vm| inplace_slot(vm, BinaryOp::FloorDivide, a, b)),
            inplace_true_divide: Some(|a, b, vm| inplace_slot(vm, BinaryOp::Divide, a, b)),
            index: Some(|num, vm| PyNdArray::number_downcast(num).to_index(vm)),
            matrix_multiply: Some(|a, b, vm| {
                let matmul = vm.import("numpy", 0)?.get_attr("matmul", vm)?;
                matmul.call((a.to_owned(), b.to_owned()), vm)
            }),
            ..PyNumberMethods::NOT_IMPLEMENTED
        };
        &AS_NUMBER
    }
}

impl Comparable for PyNdArray {
    fn slot_richcompare(
        zelf: &PyObject,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<rustpython_vm::function::Either<PyObjectRef, PyComparisonValue>> {
        use rustpython_vm::function::Either;
        let bop = match op {
            PyComparisonOp::Lt => BinaryOp::Less,
            PyComparisonOp::Le => BinaryOp::LessEqual,
            PyComparisonOp::Gt => BinaryOp::Greater,
            PyComparisonOp::Ge => BinaryOp::GreaterEqual,
            PyComparisonOp::Eq => BinaryOp::Equal,
            _ => BinaryOp::NotEqual,
        };
        if vm.is_none(other)
            && matches!(op, PyComparisonOp::Eq | PyComparisonOp::Ne)
            && let Some(a) = zelf.downcast_ref::<PyNdArray>()
        {
            // `a == None` compares element by element, as numpy's object comparison
            // does: all False (`!=`: all True), in `a`'s shape.
            let none_equal =
                NdArray::zeros(DType::Bool, &a.array.shape).map_err(|e| array_error(vm, e))?;
            let out = match op {
                PyComparisonOp::Eq => none_equal,
                _ => {
                    let zeros = PyNdArray::from(none_equal).into_py(vm);
                    super::ops::binary_op(vm, BinaryOp::Equal, &zeros, &zeros)?
                        .expect("two bool arrays compare")
                }
            };
            return Ok(Either::A(wrap_result(vm, out)?));
        }
        match super::ops::binary_op(vm, bop, zelf, other)? {
            Some(out) => Ok(Either::A(wrap_result(vm, out)?)),
            None => Ok(Either::B(PyComparisonValue::NotImplemented)),
        }
    }

    fn cmp(
        _zelf: &Py<Self>,
        _other: &PyObject,
        _op: PyComparisonOp,
        _vm: &VirtualMachine,
    ) -> PyResult<PyComparisonValue> {
        unreachable!("slot_richcompare is overridden")
    }
}

impl Iterable for PyNdArray {
    fn iter(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let a = &zelf.array;
        if a.ndim() == 0 {
            return Err(vm.new_type_error("iteration over a 0-d array"));
        }
        Ok(super::iter::iterate(zelf, vm))
    }
}

impl Representable for PyNdArray {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        let a = &zelf.array;
        let read = |index: &[usize]| a.get(index);
        let source = ArraySource {
            dtype: a.dtype,
            shape: &a.shape,
            read: &read,
        };
        Ok(array_repr(&source, &print_options(), "array", None))
    }
}

/// `np.ndarray(shape, dtype=float)`.
pub fn construct(vm: &VirtualMachine, shape: PyObjectRef, dtype: Option<PyObjectRef>) -> PyResult {
    let shape = shape_arg(vm, &shape)?;
    let dtype = match dtype {
        Some(d) if !vm.is_none(&d) => dtype_arg(vm, &d)?,
        _ => DType::Float64,
    };
    let a = NdArray::zeros(dtype, &shape).map_err(|e| array_error(vm, e))?;
    Ok(PyNdArray::from(a).into_py(vm))
}
