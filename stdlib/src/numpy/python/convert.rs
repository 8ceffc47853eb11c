//! Between Python objects and the array core: nested sequences to arrays
//! (`np.array`), Python and numpy scalars to elements, elements back to Python
//! values and numpy scalars, and `dtype=` arguments.

use rustpython_vm::builtins::{PyComplex, PyFloat, PyInt, PyList, PyStr, PyTuple, PyType};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::dtype::PyDType;
use super::ndarray::PyNdArray;
use crate::numpy::DType;
use crate::numpy::format::Element;
use crate::numpy::multiarray::NdArray;
use crate::numpy::multiarray::promote::{PyScalarKind, int_range, promote};

/// The numpy scalar classes, in `DType::ALL` order, registered by the Python side
/// of the `numpy` package.
pub fn scalar_types(vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    thread_local! {
        /// The last interpreter's scalar types, with its state kept alive so that
        /// the key cannot be reused by another interpreter.
        static CACHE: std::cell::RefCell<Option<(ScalarTypesKey, PyObjectRef)>> =
            const { std::cell::RefCell::new(None) };
    }
    let key = ScalarTypesKey(vm.state.clone());
    if let Some(types) = CACHE.with_borrow(|c| {
        c.as_ref()
            .filter(|(k, _)| rustpython_vm::common::rc::PyRc::ptr_eq(&k.0, &key.0))
            .map(|(_, t)| t.clone())
    }) {
        return Ok(types);
    }
    let types = vm.import("_kiln_numpy", 0)?.get_attr("_scalar_types", vm)?;
    CACHE.with_borrow_mut(|c| *c = Some((key, types.clone())));
    Ok(types)
}

/// The interpreter a cached object belongs to.
struct ScalarTypesKey(rustpython_vm::common::rc::PyRc<rustpython_vm::vm::PyGlobalState>);

/// A numpy scalar (`np.float64(1.5)`) holding `value`.
pub fn scalar_to_py(vm: &VirtualMachine, dtype: DType, value: Element) -> PyResult {
    let types = scalar_types(vm)?;
    let index = DType::ALL
        .iter()
        .position(|d| *d == dtype)
        .expect("every dtype is listed");
    let class = types.get_item(&index, vm)?;
    // The scalar types that subclass Python's own (float64 is a float, int64 an int)
    // are instances of the Python type's payload with the numpy class: made directly,
    // without running the class's `__new__` (the hot path of `a[i, j]`).
    if let Ok(cls) = class.clone().downcast::<PyType>() {
        match value {
            Element::Float(v) if cls.fast_issubclass(vm.ctx.types.float_type) => {
                return Ok(PyFloat::from(v).into_ref_with_type(vm, cls)?.into());
            }
            Element::Float(v) if dtype == DType::Float32 => {
                let value = super::float32::PyFloat32 { value: v as f32 };
                return Ok(value.into_ref_with_type(vm, cls)?.into());
            }
            Element::Int(v) if cls.fast_issubclass(vm.ctx.types.int_type) => {
                return Ok(PyInt::from(v).into_ref_with_type(vm, cls)?.into());
            }
            Element::UInt(v) if cls.fast_issubclass(vm.ctx.types.int_type) => {
                return Ok(PyInt::from(v).into_ref_with_type(vm, cls)?.into());
            }
            _ => {}
        }
    }
    class.call((element_to_py(vm, value),), vm)
}

/// The plain Python value of an element (`tolist`, `item`).
pub fn element_to_py(vm: &VirtualMachine, value: Element) -> PyObjectRef {
    match value {
        Element::Bool(b) => vm.ctx.new_bool(b).into(),
        Element::Int(v) => vm.ctx.new_int(v).into(),
        Element::UInt(v) => vm.ctx.new_int(v).into(),
        Element::Float(v) => vm.ctx.new_float(v).into(),
        Element::Complex(re, im) => vm
            .ctx
            .new_complex(num_complex::Complex64::new(re, im))
            .into(),
    }
}

/// How an operand takes part in type promotion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strength {
    /// A Python scalar: adapts to the other operand (NEP 50).
    Weak(PyScalarKind),
    /// An array or numpy scalar with its own dtype.
    Strong(DType),
}

impl Strength {
    /// The dtype a scalar takes on its own: its own dtype, or the default for its
    /// Python kind (uint64 for ints past int64's range).
    pub fn dtype_of(self, value: Element) -> DType {
        match (self, value) {
            (Strength::Strong(d), _) => d,
            (Strength::Weak(_), Element::UInt(_)) => DType::UInt64,
            (Strength::Weak(k), _) => k.default_dtype(),
        }
    }
}

/// The dtype a numpy scalar's class carries, if `obj` is one.
pub fn numpy_scalar_dtype(vm: &VirtualMachine, obj: &PyObject) -> Option<DType> {
    let class = obj.class();
    let types = &vm.ctx.types;
    if [
        types.int_type,
        types.float_type,
        types.bool_type,
        types.complex_type,
    ]
    .iter()
    .any(|t| class.is(*t))
    {
        return None;
    }
    // A lookup through the class's MRO that, unlike getattr, makes no AttributeError
    // for the (common) objects that are not numpy scalars.
    static NAME: std::sync::OnceLock<&'static rustpython_vm::builtins::PyStrInterned> =
        std::sync::OnceLock::new();
    let name = class.get_attr(NAME.get_or_init(|| vm.ctx.intern_str("_kiln_dtype")))?;
    let name = name.downcast_ref::<PyStr>()?;
    DType::from_name(&name.to_string_lossy())
}

/// A Python or numpy scalar as an element, or `None` when `obj` is not a scalar.
pub fn scalar_element(
    vm: &VirtualMachine,
    obj: &PyObject,
) -> PyResult<Option<(Element, Strength)>> {
    if let Some(dtype) = numpy_scalar_dtype(vm, obj) {
        let (value, _) = python_scalar(vm, &*vm.call_method(obj, "item", ())?)?
            .ok_or_else(|| vm.new_type_error("numpy scalar without a value"))?;
        return Ok(Some((value, Strength::Strong(dtype))));
    }
    Ok(python_scalar(vm, obj)?.map(|(e, k)| (e, Strength::Weak(k))))
}

fn python_scalar(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<(Element, PyScalarKind)>> {
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(Some((
            Element::Bool(obj.is(&vm.ctx.true_value)),
            PyScalarKind::Bool,
        )));
    }
    if let Some(int) = obj.downcast_ref::<PyInt>() {
        let e = if let Ok(v) = int.try_to_primitive::<i64>(vm) {
            Element::Int(v)
        } else if let Ok(v) = int.try_to_primitive::<u64>(vm) {
            Element::UInt(v)
        } else {
            return Err(vm.new_overflow_error("Python int too large to convert to C long"));
        };
        return Ok(Some((e, PyScalarKind::Int)));
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(Some((Element::Float(f.to_f64()), PyScalarKind::Float)));
    }
    if let Some(c) = obj.downcast_ref::<PyComplex>() {
        let z = c.to_complex();
        return Ok(Some((Element::Complex(z.re, z.im), PyScalarKind::Complex)));
    }
    Ok(None)
}

/// A `dtype=` argument: a dtype, a name, a Python type or a numpy scalar type.
pub fn dtype_arg(vm: &VirtualMachine, obj: &PyObject) -> PyResult<DType> {
    if let Some(d) = obj.downcast_ref::<PyDType>() {
        return Ok(d.dtype);
    }
    if let Some(name) = obj.downcast_ref::<PyStr>() {
        return DType::from_name(&name.to_string_lossy()).ok_or_else(|| {
            vm.new_type_error(format!(
                "data type {} not understood",
                obj.repr(vm)
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ))
        });
    }
    if let Some(t) = obj.downcast_ref::<PyType>() {
        let types = &vm.ctx.types;
        for (builtin, dtype) in [
            (types.float_type, DType::Float64),
            (types.int_type, DType::Int64),
            (types.bool_type, DType::Bool),
            (types.complex_type, DType::Complex128),
        ] {
            if t.is(builtin) {
                return Ok(dtype);
            }
        }
        if let Ok(name) = obj.get_attr("_kiln_dtype", vm)
            && let Some(dtype) = name
                .downcast_ref::<PyStr>()
                .and_then(|n| DType::from_name(&n.to_string_lossy()))
        {
            return Ok(dtype);
        }
    }
    if let Ok(d) = obj.get_attr("dtype", vm)
        && let Some(d) = d.downcast_ref::<PyDType>()
    {
        return Ok(d.dtype);
    }
    Err(vm.new_type_error(format!(
        "Cannot interpret '{}' as a data type",
        obj.repr(vm)?.to_string_lossy()
    )))
}

/// What the leaves of a nested sequence hold.
struct Nested {
    shape: Vec<usize>,
    dtype: Option<DType>,
    leaves: Vec<Leaf>,
}

enum Leaf {
    /// A value, and whether it was a Python int (which must fit the dtype).
    Scalar(Element, bool),
    Array(NdArray),
}

/// `np.array(obj)` without `dtype=`: the array's shape, dtype and values.
pub fn array_from_object(
    vm: &VirtualMachine,
    obj: &PyObject,
    dtype: Option<DType>,
) -> PyResult<NdArray> {
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        let a = &a.array;
        return match dtype {
            Some(d) => a.cast(d),
            None => a.to_contiguous(),
        }
        .map_err(|e| super::errors::array_error(vm, e));
    }
    let mut nested = Nested {
        shape: Vec::new(),
        dtype: None,
        leaves: Vec::new(),
    };
    collect(vm, obj, 0, &mut nested)?;
    let inferred = nested.dtype.unwrap_or(DType::Float64);
    let dtype = dtype.unwrap_or(inferred);
    let out =
        NdArray::zeros(dtype, &nested.shape).map_err(|e| super::errors::array_error(vm, e))?;
    let mut k = 0usize;
    let itemsize = dtype.itemsize() as isize;
    for leaf in nested.leaves {
        match leaf {
            Leaf::Scalar(e, python_int) => {
                if python_int {
                    check_int_fits(vm, e, dtype)?;
                }
                out.write(k as isize * itemsize, e);
                k += 1;
            }
            Leaf::Array(a) => {
                for e in a.elements() {
                    out.write(k as isize * itemsize, e);
                    k += 1;
                }
            }
        }
    }
    Ok(out)
}

/// numpy 2 refuses to wrap a Python int into a dtype that cannot hold it.
pub fn check_int_fits(vm: &VirtualMachine, value: Element, dtype: DType) -> PyResult<()> {
    let v = match value {
        // Past C long's range numpy fails converting, before any range check (uint32
        // and uint64 convert through unsigned long).
        Element::UInt(_)
            if !matches!(dtype, DType::UInt32 | DType::UInt64) && int_range(dtype).is_some() =>
        {
            return Err(vm.new_overflow_error("Python int too large to convert to C long"));
        }
        Element::Int(v) => v as i128,
        Element::UInt(v) => v as i128,
        _ => return Ok(()),
    };
    match int_range(dtype) {
        Some((lo, hi)) if v < lo || v > hi => Err(vm.new_overflow_error(format!(
            "Python integer {v} out of bounds for {}",
            dtype.name()
        ))),
        _ => Ok(()),
    }
}

pub fn sequence_items(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<Vec<PyObjectRef>>> {
    if let Some(list) = obj.downcast_ref::<PyList>() {
        return Ok(Some(list.borrow_vec().to_vec()));
    }
    if let Some(tuple) = obj.downcast_ref::<PyTuple>() {
        return Ok(Some(tuple.as_slice().to_vec()));
    }
    if obj.class().is(vm.ctx.types.range_type) {
        let list = vm
            .ctx
            .types
            .list_type
            .as_object()
            .call((obj.to_owned(),), vm)?;
        return sequence_items(vm, &list);
    }
    Ok(None)
}

fn collect(vm: &VirtualMachine, obj: &PyObject, depth: usize, out: &mut Nested) -> PyResult<()> {
    let merge =
        |out: &mut Nested, d: DType| out.dtype = Some(out.dtype.map_or(d, |o| promote(o, d)));
    let check_shape = |out: &mut Nested, shape: &[usize]| -> PyResult<()> {
        let expected = &out.shape[depth..];
        if out.leaves.is_empty() && out.shape.len() == depth {
            out.shape.extend_from_slice(shape);
            return Ok(());
        }
        if expected != shape {
            return Err(inhomogeneous(vm, &out.shape, depth));
        }
        Ok(())
    };
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        check_shape(out, &a.array.shape)?;
        merge(out, a.array.dtype);
        out.leaves.push(Leaf::Array(a.array.clone()));
        return Ok(());
    }
    if let Some((e, strength)) = scalar_element(vm, obj)? {
        check_shape(out, &[])?;
        merge(out, strength.dtype_of(e));
        let python_int = matches!(strength, Strength::Weak(PyScalarKind::Int));
        out.leaves.push(Leaf::Scalar(e, python_int));
        return Ok(());
    }
    let Some(items) = sequence_items(vm, obj)? else {
        return Err(vm.new_type_error(format!(
            "kiln's numpy cannot make an array from an object of type '{}'",
            obj.class().name()
        )));
    };
    if out.leaves.is_empty() && out.shape.len() == depth {
        out.shape.push(items.len());
    } else if out.shape.get(depth) != Some(&items.len()) {
        return Err(inhomogeneous(vm, &out.shape, depth));
    }
    if items.is_empty() && out.shape.len() == depth + 1 && out.leaves.is_empty() {
        return Ok(());
    }
    for item in &items {
        collect(vm, item, depth + 1, out)?;
    }
    Ok(())
}

fn inhomogeneous(
    vm: &VirtualMachine,
    shape: &[usize],
    depth: usize,
) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let detected = crate::numpy::format::array::shape_repr(&shape[..depth.min(shape.len())]);
    vm.new_value_error(format!(
        "setting an array element with a sequence. The requested array has an inhomogeneous shape after {depth} dimensions. The detected shape was {detected} + inhomogeneous part."
    ))
}

/// Converts an operand of arithmetic into an array and its promotion strength,
/// or `None` when numpy would not take it (the caller returns NotImplemented).
pub fn operand(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<(NdArray, Strength)>> {
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        return Ok(Some((a.array.clone(), Strength::Strong(a.array.dtype))));
    }
    if let Some((e, strength)) = scalar_element(vm, obj)? {
        return Ok(Some((NdArray::scalar(strength.dtype_of(e), e), strength)));
    }
    if sequence_items(vm, obj)?.is_some() {
        let a = array_from_object(vm, obj, None)?;
        let d = a.dtype;
        return Ok(Some((a, Strength::Strong(d))));
    }
    Ok(None)
}

/// A shape argument: an int or a sequence of ints.
pub fn shape_arg(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<usize>> {
    let items = match sequence_items(vm, obj)? {
        Some(items) => items,
        None => vec![obj.to_owned()],
    };
    items
        .iter()
        .map(|item| {
            let v: i64 = item.try_index(vm)?.try_to_primitive(vm)?;
            usize::try_from(v)
                .map_err(|_| vm.new_value_error("negative dimensions are not allowed"))
        })
        .collect()
}
