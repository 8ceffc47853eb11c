//! `_kiln_numpy`: the native half of kiln's `numpy` package. The Python half
//! (`stdlib/py/numpy`) defines the scalar types and the API functions that are
//! thin compositions of these primitives.

pub mod buffer;
pub mod convert;
pub mod defer;
pub mod dtype;
pub mod errors;
pub mod errstate;
pub mod float32;
pub mod index;
pub mod iter;
pub mod linalg;
pub mod ndarray;
pub mod ops;
pub mod random;
pub mod reshape;
pub mod scalar_methods;
pub mod store;

pub(crate) use _kiln_numpy::module_def;

#[rustpython_vm::pymodule]
mod _kiln_numpy {
    use rustpython_vm::builtins::{PyStrRef, PyTypeRef};
    use rustpython_vm::function::{ArgSequence, OptionalArg};
    use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

    use super::convert::{array_from_object, dtype_arg, scalar_element, shape_arg};
    use super::errors::array_error;
    use super::ndarray::{PyNdArray, normalize_axis, print_options};
    use super::ops::wrap_result;
    use crate::numpy::DType;
    use crate::numpy::format::{Element, FloatMode, Legacy, Sign, scalar_repr, scalar_str};
    use crate::numpy::multiarray::NdArray;
    use crate::numpy::multiarray::promote::PyScalarKind;
    use crate::numpy::multiarray::ufunc::BinaryOp;
    use crate::numpy::multiarray::unary::UnaryOp;

    #[pyattr]
    fn ndarray(_vm: &VirtualMachine) -> PyTypeRef {
        PyNdArray::static_type()
    }

    #[pyattr]
    fn dtype(_vm: &VirtualMachine) -> PyTypeRef {
        use rustpython_vm::class::PyClassImpl;
        super::dtype::PyDType::make_static_type()
    }

    fn opt_dtype(vm: &VirtualMachine, dtype: OptionalArg<PyObjectRef>) -> PyResult<Option<DType>> {
        match dtype.into_option().filter(|d| !vm.is_none(d)) {
            Some(d) => Ok(Some(dtype_arg(vm, &d)?)),
            None => Ok(None),
        }
    }

    fn wrap(vm: &VirtualMachine, a: NdArray) -> PyObjectRef {
        PyNdArray::from(a).into_py(vm)
    }

    /// `np.array(obj, dtype)`: always a new array.
    #[pyfunction]
    fn array(obj: PyObjectRef, dtype: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        let dtype = opt_dtype(vm, dtype)?;
        Ok(wrap(vm, array_from_object(vm, &obj, dtype)?))
    }

    /// `np.full(shape, value, dtype)`; `value` decides the dtype when none is given.
    #[pyfunction]
    fn full(
        shape: PyObjectRef,
        value: PyObjectRef,
        dtype: OptionalArg<PyObjectRef>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let shape = shape_arg(vm, &shape)?;
        let dtype = opt_dtype(vm, dtype)?;
        if let (Some(dtype), Some((e, super::convert::Strength::Weak(PyScalarKind::Int)))) =
            (dtype, scalar_element(vm, &value)?)
        {
            super::convert::check_int_fits(vm, e, dtype)?;
        }
        let value = match value.downcast_ref::<PyNdArray>() {
            Some(a) => a.array.clone(),
            None => array_from_object(vm, &value, None)?,
        };
        let dtype = dtype.unwrap_or(value.dtype);
        let out = NdArray::zeros(dtype, &shape).map_err(|e| array_error(vm, e))?;
        out.assign(&value);
        Ok(wrap(vm, out))
    }

    #[pyfunction]
    fn zeros(shape: PyObjectRef, dtype: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        let shape = shape_arg(vm, &shape)?;
        let dtype = opt_dtype(vm, dtype)?.unwrap_or(DType::Float64);
        Ok(wrap(
            vm,
            NdArray::zeros(dtype, &shape).map_err(|e| array_error(vm, e))?,
        ))
    }

    /// `np.arange`: `start + i * delta` as numpy fills it, with numpy's length.
    #[pyfunction]
    fn arange(
        start: PyObjectRef,
        stop: PyObjectRef,
        step: PyObjectRef,
        dtype: OptionalArg<PyObjectRef>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let mut kinds = Vec::new();
        let mut values = Vec::new();
        for v in [&start, &stop, &step] {
            let (e, _) = scalar_element(vm, v)?
                .ok_or_else(|| vm.new_type_error("arange() arguments must be numbers"))?;
            kinds.push(matches!(e, Element::Float(_)));
            values.push(e);
        }
        let (s, e, d) = (values[0].as_f64(), values[1].as_f64(), values[2].as_f64());
        if d == 0.0 {
            return Err(vm.new_zero_division_error("division by zero"));
        }
        let is_float = kinds.iter().any(|&k| k);
        let dtype = opt_dtype(vm, dtype)?.unwrap_or(if is_float {
            DType::Float64
        } else {
            DType::Int64
        });
        let len = ((e - s) / d).ceil();
        let len = if len.is_nan() || len <= 0.0 {
            0
        } else {
            len as usize
        };
        let out = NdArray::zeros(dtype, &[len]).map_err(|e| array_error(vm, e))?;
        let item = dtype.itemsize() as isize;
        if is_float || dtype.kind() == crate::numpy::dtype::DTypeKind::Float {
            let delta = (s + d) - s;
            for i in 0..len {
                let v = if i == 0 { s } else { s + i as f64 * delta };
                out.write(i as isize * item, Element::Float(v));
            }
        } else {
            let (s, d) = (s as i64, d as i64);
            for i in 0..len {
                out.write(
                    i as isize * item,
                    Element::Int(s.wrapping_add((i as i64).wrapping_mul(d))),
                );
            }
        }
        Ok(wrap(vm, out))
    }

    #[pyfunction]
    fn binary(name: PyStrRef, a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let op = BinaryOp::from_name(&name.to_string_lossy())
            .ok_or_else(|| vm.new_value_error(format!("no ufunc {}", name.to_string_lossy())))?;
        super::scalar_methods::scalar_binary(vm, op, &a, &b)
    }

    #[pyfunction]
    fn unary(name: PyStrRef, a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let op = UnaryOp::from_name(&name.to_string_lossy())
            .ok_or_else(|| vm.new_value_error(format!("no ufunc {}", name.to_string_lossy())))?;
        match super::ops::unary_op(vm, op, &a)? {
            Some(out) => wrap_result(vm, out),
            None => Err(vm.new_type_error(format!(
                "ufunc '{}' not supported for the input types",
                op.name()
            ))),
        }
    }

    /// `-x`, `+x`, `abs(x)`, `~x` of a numpy scalar: the ufunc, with the warnings of
    /// numpy's scalar math.
    #[pyfunction]
    fn scalar_unary(name: PyStrRef, a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(op) = UnaryOp::from_name(&name.to_string_lossy()) {
            super::ops::warn_scalar_unary_overflow(vm, op, &a)?;
        }
        unary(name, a, vm)
    }

    /// `np.concatenate(arrays, axis)`.
    #[pyfunction]
    fn concatenate(arrays: ArgSequence<PyObjectRef>, axis: i64, vm: &VirtualMachine) -> PyResult {
        let arrays: Vec<NdArray> = arrays
            .into_vec()
            .iter()
            .map(|o| match o.downcast_ref::<PyNdArray>() {
                Some(a) => Ok(a.array.clone()),
                None => array_from_object(vm, o, None),
            })
            .collect::<PyResult<_>>()?;
        let first = arrays
            .first()
            .ok_or_else(|| vm.new_value_error("need at least one array to concatenate"))?;
        if first.ndim() == 0 {
            return Err(vm.new_value_error("zero-dimensional arrays cannot be concatenated"));
        }
        let axis = normalize_axis(vm, axis, first.ndim())?;
        let mut dtype = first.dtype;
        let mut total = 0;
        for (i, a) in arrays.iter().enumerate() {
            if a.ndim() != first.ndim() {
                return Err(vm.new_value_error(format!(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along dimension 0, the array at index 0 has {} dimension(s) and the array at index {i} has {} dimension(s)",
                    first.ndim(),
                    a.ndim()
                )));
            }
            for k in 0..a.ndim() {
                if k != axis && a.shape[k] != first.shape[k] {
                    return Err(vm.new_value_error(format!(
                        "all the input array dimensions except for the concatenation axis must match exactly, but along dimension {k}, the array at index 0 has size {} and the array at index {i} has size {}",
                        first.shape[k], a.shape[k]
                    )));
                }
            }
            dtype = crate::numpy::multiarray::promote::promote(dtype, a.dtype);
            total += a.shape[axis];
        }
        let mut shape = first.shape.clone();
        shape[axis] = total;
        let out = NdArray::zeros(dtype, &shape).map_err(|e| array_error(vm, e))?;
        let mut at = 0usize;
        for a in &arrays {
            let n = a.shape[axis];
            let mut part_shape = shape.clone();
            part_shape[axis] = n;
            let part = out.view(
                part_shape,
                out.strides.clone(),
                out.offset + at as isize * out.strides[axis],
            );
            part.assign(a);
            at += n;
        }
        Ok(wrap(vm, out))
    }

    /// `np.frombuffer(data, dtype, count, offset)`.
    #[pyfunction]
    fn frombuffer(
        data: PyObjectRef,
        dtype: PyObjectRef,
        count: isize,
        offset: isize,
        vm: &VirtualMachine,
    ) -> PyResult {
        let dtype = dtype_arg(vm, &dtype)?;
        Ok(wrap(
            vm,
            super::buffer::frombuffer(vm, &data, dtype, count, offset)?,
        ))
    }

    /// A sorted copy along `axis` (NaNs last), or the sorting indices (stable).
    #[pyfunction]
    fn sort(a: PyRef<PyNdArray>, axis: i64, indices: bool, vm: &VirtualMachine) -> PyResult {
        let a = &a.array;
        if a.ndim() == 0 {
            return Err(vm.new_value_error("Cannot sort a 0-d array"));
        }
        let axis = normalize_axis(vm, axis, a.ndim())?;
        let out_dtype = if indices { DType::Int64 } else { a.dtype };
        let out = NdArray::zeros(out_dtype, &a.shape).map_err(|e| array_error(vm, e))?;
        let mut axes: Vec<usize> = (0..a.ndim()).filter(|&k| k != axis).collect();
        axes.push(axis);
        let (src, dst) = (a.permuted(&axes), out.permuted(&axes));
        let k = src.ndim() - 1;
        let n = a.shape[axis];
        let (ss, ds) = (a.strides[axis], out.strides[axis]);
        crate::numpy::multiarray::walk(
            &src.shape[..k],
            [&src.strides[..k], &dst.strides[..k]],
            [0, 0],
            |[s0, d0], len, [sstep, dstep]| {
                for i in 0..len as isize {
                    let mut lane: Vec<(Element, usize)> = (0..n)
                        .map(|j| (src.read(s0 + i * sstep + j as isize * ss), j))
                        .collect();
                    lane.sort_by(|x, y| order(x.0, y.0));
                    for (j, (v, from)) in lane.into_iter().enumerate() {
                        let value = if indices {
                            Element::Int(from as i64)
                        } else {
                            v
                        };
                        dst.write(d0 + i * dstep + j as isize * ds, value);
                    }
                }
            },
        );
        Ok(wrap(vm, out))
    }

    /// numpy's sort order: NaN after everything.
    fn order(x: Element, y: Element) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match (x, y) {
            (Element::Float(a), Element::Float(b)) => match (a.is_nan(), b.is_nan()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
            },
            (Element::Int(a), Element::Int(b)) => a.cmp(&b),
            (Element::UInt(a), Element::UInt(b)) => a.cmp(&b),
            (Element::Bool(a), Element::Bool(b)) => a.cmp(&b),
            (Element::Complex(a, b), Element::Complex(c, d)) => a
                .partial_cmp(&c)
                .unwrap_or(Ordering::Equal)
                .then(b.partial_cmp(&d).unwrap_or(Ordering::Equal)),
            _ => Ordering::Equal,
        }
    }

    /// `np.where(cond, x, y)` with broadcasting and promotion.
    #[pyfunction]
    fn where_(cond: PyObjectRef, x: PyObjectRef, y: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        use super::convert::Strength;
        let as_array = |o: &PyObjectRef| -> PyResult<(NdArray, Strength)> {
            match super::convert::operand(vm, o)? {
                Some(a) => Ok(a),
                None => Err(vm.new_type_error("where() arguments must be arrays or numbers")),
            }
        };
        let ((c, _), (xa, sx), (ya, sy)) = (as_array(&cond)?, as_array(&x)?, as_array(&y)?);
        let shape = crate::numpy::multiarray::broadcast_shapes(&c.shape, &xa.shape)
            .and_then(|s| crate::numpy::multiarray::broadcast_shapes(&s, &ya.shape))
            .ok_or_else(|| {
                use super::errors::shape_text;
                vm.new_value_error(format!(
                    "operands could not be broadcast together with shapes {} {} {} ",
                    shape_text(&c.shape),
                    shape_text(&xa.shape),
                    shape_text(&ya.shape)
                ))
            })?;
        // NEP 50: a Python number adapts to the other value's dtype
        // (`np.where(c, 2, float32_array)` is float32).
        use crate::numpy::multiarray::promote::{promote, promote_weak};
        let dtype = match (sx, sy) {
            (Strength::Strong(x), Strength::Strong(y)) => promote(x, y),
            (Strength::Strong(x), Strength::Weak(k)) | (Strength::Weak(k), Strength::Strong(x)) => {
                promote_weak(x, k)
            }
            (Strength::Weak(k1), Strength::Weak(k2)) => k1.max(k2).default_dtype(),
        };
        let c = c
            .cast(DType::Bool)
            .map_err(|e| array_error(vm, e))?
            .broadcast_to(&shape);
        let (xa, ya) = (xa.broadcast_to(&shape), ya.broadcast_to(&shape));
        let out = NdArray::zeros(dtype, &shape).map_err(|e| array_error(vm, e))?;
        let cv = c.elements();
        let (xv, yv) = (xa.elements(), ya.elements());
        let item = dtype.itemsize() as isize;
        for k in 0..cv.len() {
            let pick = if matches!(cv[k], Element::Bool(true)) {
                xv[k]
            } else {
                yv[k]
            };
            out.write(k as isize * item, pick);
        }
        Ok(wrap(vm, out))
    }

    /// `np.nonzero(a)`: one int64 array of coordinates per axis.
    #[pyfunction]
    fn nonzero(a: PyRef<PyNdArray>, vm: &VirtualMachine) -> PyResult {
        let mask = a.array.cast(DType::Bool).map_err(|e| array_error(vm, e))?;
        let coords = super::index::nonzero(&mask);
        Ok(vm
            .ctx
            .new_tuple(coords.into_iter().map(|c| wrap(vm, c)).collect())
            .into())
    }

    #[pyfunction]
    fn matmul(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        super::linalg::matmul(vm, &a, &b)
    }

    #[pyfunction]
    fn ndarray_new(
        shape: PyObjectRef,
        dtype: OptionalArg<PyObjectRef>,
        vm: &VirtualMachine,
    ) -> PyResult {
        super::ndarray::construct(vm, shape, dtype.into_option())
    }

    /// A view with the given shape and strides (`np.lib.stride_tricks`-style, used
    /// by `broadcast_to`); it must stay inside the buffer.
    #[pyfunction]
    fn broadcast_to(a: PyRef<PyNdArray>, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let shape = shape_arg(vm, &shape)?;
        let ok = a.array.ndim() <= shape.len()
            && a.array
                .shape
                .iter()
                .rev()
                .zip(shape.iter().rev())
                .all(|(&f, &t)| f == t || f == 1);
        if !ok {
            use super::errors::shape_text;
            return Err(vm.new_value_error(format!(
                "operands could not be broadcast together with remapped shapes [original->remapped]: {}  and requested shape {}",
                shape_text(&a.array.shape),
                shape_text(&shape)
            )));
        }
        Ok(wrap(vm, a.array.broadcast_to(&shape)))
    }

    #[pyfunction]
    fn scalar_text(
        dtype: PyObjectRef,
        value: PyObjectRef,
        repr: bool,
        vm: &VirtualMachine,
    ) -> PyResult<String> {
        let dtype = dtype_arg(vm, &dtype)?;
        let (e, _) =
            scalar_element(vm, &value)?.ok_or_else(|| vm.new_type_error("not a scalar"))?;
        let e = crate::numpy::multiarray::NdArray::scalar(dtype, e).get(&[]);
        let legacy = print_options().legacy;
        Ok(if repr {
            scalar_repr(dtype, e, legacy)
        } else {
            scalar_str(dtype, e, legacy)
        })
    }

    /// Bytes allocated for array buffers so far (tests prove views allocate none).
    #[pyattr(name = "Float32Base")]
    fn float32_base(_vm: &VirtualMachine) -> PyTypeRef {
        use rustpython_vm::class::PyClassImpl;
        super::float32::PyFloat32::make_static_type()
    }

    #[pyattr(name = "BitStream")]
    fn bit_stream(_vm: &VirtualMachine) -> PyTypeRef {
        use rustpython_vm::class::PyClassImpl;
        super::random::PyBitStream::make_static_type()
    }

    /// `RandomState(seed)`'s stream: an integer seed in [0, 2**32) seeds with
    /// `init_genrand`, a list of 32-bit words with `init_by_array`.
    #[pyfunction]
    fn legacy_stream(seed: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        use super::random::PyBitStream;
        let stream = match seed.try_to_value::<u32>(vm) {
            Ok(n)
                if seed
                    .downcast_ref::<rustpython_vm::builtins::PyInt>()
                    .is_some() =>
            {
                PyBitStream::legacy_from_u32(n)
            }
            _ => {
                let words: ArgSequence<u32> = seed.try_into_value(vm)?;
                PyBitStream::legacy_from_key(words.as_slice())
            }
        };
        Ok(stream.into_ref(&vm.ctx).into())
    }

    /// `default_rng(seed)`'s stream, from the seed's 32-bit entropy words.
    #[pyfunction]
    fn pcg_stream(words: ArgSequence<u32>, vm: &VirtualMachine) -> PyObjectRef {
        super::random::PyBitStream::pcg_from_entropy(words.as_slice())
            .into_ref(&vm.ctx)
            .into()
    }

    #[pyfunction]
    fn seterr(
        kwargs: rustpython_vm::function::KwArgs,
        vm: &VirtualMachine,
    ) -> PyResult<rustpython_vm::builtins::PyDictRef> {
        super::errstate::seterr(kwargs, vm)
    }

    #[pyfunction]
    fn geterr(vm: &VirtualMachine) -> PyResult<rustpython_vm::builtins::PyDictRef> {
        super::errstate::geterr(vm)
    }

    /// The native arithmetic and comparison methods of numpy's scalar types; from
    /// now on Python's float, complex and bool defer to the integer ones.
    #[pyfunction]
    fn scalar_methods(vm: &VirtualMachine) -> PyResult<rustpython_vm::builtins::PyDictRef> {
        super::defer::defer_to_integer_scalars(vm);
        super::scalar_methods::scalar_methods(vm)
    }

    #[pyfunction]
    fn bytes_allocated() -> usize {
        crate::numpy::multiarray::buffer::bytes_allocated()
    }

    #[derive(rustpython_vm::FromArgs)]
    struct PrintOptionArgs {
        #[pyarg(any, optional)]
        precision: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        threshold: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        edgeitems: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        linewidth: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        suppress: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        nanstr: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        infstr: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        sign: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        floatmode: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        legacy: OptionalArg<PyObjectRef>,
    }

    #[pyfunction]
    fn set_printoptions(args: PrintOptionArgs, vm: &VirtualMachine) -> PyResult<()> {
        let present =
            |o: &OptionalArg<PyObjectRef>| o.as_option().filter(|v| !vm.is_none(v)).cloned();
        let mut opts = print_options().clone();
        if let Some(v) = present(&args.precision) {
            opts.precision = v.try_index(vm)?.try_to_primitive(vm)?;
        }
        if let Some(v) = present(&args.threshold) {
            opts.threshold = v.try_float(vm)?.to_f64();
        }
        if let Some(v) = present(&args.edgeitems) {
            opts.edgeitems = v.try_index(vm)?.try_to_primitive(vm)?;
        }
        if let Some(v) = present(&args.linewidth) {
            opts.linewidth = v.try_index(vm)?.try_to_primitive(vm)?;
        }
        if let Some(v) = present(&args.suppress) {
            opts.suppress = v.try_to_bool(vm)?;
        }
        if let Some(v) = present(&args.nanstr) {
            opts.nanstr = v.str(vm)?.to_string_lossy().into_owned();
        }
        if let Some(v) = present(&args.infstr) {
            opts.infstr = v.str(vm)?.to_string_lossy().into_owned();
        }
        if let Some(v) = present(&args.sign) {
            let s = v.str(vm)?;
            opts.sign = Sign::parse(&s.to_string_lossy())
                .ok_or_else(|| vm.new_value_error("sign option must be one of ' ', '+', or '-'"))?;
        }
        if let Some(v) = present(&args.floatmode) {
            let s = v.str(vm)?;
            opts.floatmode = FloatMode::parse(&s.to_string_lossy()).ok_or_else(|| {
                vm.new_value_error(
                    "floatmode option must be one of 'fixed', 'unique', 'maxprec', 'maxprec_equal'",
                )
            })?;
        }
        if let Some(v) = args.legacy.as_option() {
            opts.legacy = if v.is(&vm.ctx.false_value) || vm.is_none(v) {
                Legacy::Off
            } else {
                let s = v.str(vm)?;
                Legacy::parse(&s.to_string_lossy()).ok_or_else(|| {
                    vm.new_value_error("legacy printing option can currently only be '1.13', '1.21', '1.25', '2.1', '2.2' or `False`")
                })?
            };
        }
        *print_options() = opts;
        Ok(())
    }

    #[pyfunction]
    fn get_printoptions(vm: &VirtualMachine) -> PyResult {
        let o = print_options().clone();
        let d = vm.ctx.new_dict();
        d.set_item("edgeitems", vm.ctx.new_int(o.edgeitems).into(), vm)?;
        d.set_item("threshold", vm.ctx.new_int(o.threshold as i64).into(), vm)?;
        d.set_item("floatmode", vm.ctx.new_str(o.floatmode.as_str()).into(), vm)?;
        d.set_item("precision", vm.ctx.new_int(o.precision).into(), vm)?;
        d.set_item("suppress", vm.ctx.new_bool(o.suppress).into(), vm)?;
        d.set_item("linewidth", vm.ctx.new_int(o.linewidth).into(), vm)?;
        d.set_item("nanstr", vm.ctx.new_str(o.nanstr).into(), vm)?;
        d.set_item("infstr", vm.ctx.new_str(o.infstr).into(), vm)?;
        d.set_item("sign", vm.ctx.new_str(o.sign.as_str()).into(), vm)?;
        let legacy: PyObjectRef = match o.legacy.as_str() {
            Some(s) => vm.ctx.new_str(s).into(),
            None => vm.ctx.new_bool(false).into(),
        };
        d.set_item("legacy", legacy, vm)?;
        d.set_item("formatter", vm.ctx.none(), vm)?;
        Ok(d.into())
    }
}
