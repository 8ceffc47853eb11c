//! `a[key]` and `a[key] = value`: basic indices (ints, slices, `...`, `None`) make
//! views; integer and boolean arrays ("advanced" indices) gather and scatter.
//!
//! Advanced indices broadcast together. Their result axes replace the indexed
//! axes where those are adjacent, and go first otherwise, as numpy places them.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyInt, PyList, PySlice, PyTuple};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::convert::array_from_object;
use super::ndarray::PyNdArray;
use crate::numpy::DType;
use crate::numpy::format::Element;
use crate::numpy::multiarray::{NdArray, broadcast_shapes, walk};

enum Item {
    Int(i64),
    Slice(Option<i64>, Option<i64>, Option<i64>),
    NewAxis,
    Ellipsis,
    Array(NdArray),
    /// A boolean scalar (`True`, `np.True_`, a 0-d bool array): a new axis of length
    /// 1 or 0, selecting everything or nothing.
    BoolScalar(bool),
}

fn invalid_index(vm: &VirtualMachine) -> PyBaseExceptionRef {
    vm.new_index_error(
        "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices",
    )
}

fn opt_int(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<i64>> {
    if vm.is_none(obj) {
        return Ok(None);
    }
    let i = obj.try_index(vm).map_err(|_| {
        vm.new_type_error("slice indices must be integers or None or have an __index__ method")
    })?;
    if let Ok(v) = i.try_to_primitive::<i64>(vm) {
        return Ok(Some(v));
    }
    // Beyond i64 a bound only needs its side: it saturates, as Python's slices do.
    let zero = vm.ctx.new_int(0);
    let negative = i
        .as_object()
        .rich_compare_bool(zero.as_object(), PyComparisonOp::Lt, vm)?;
    Ok(Some(if negative { i64::MIN } else { i64::MAX }))
}

fn parse_item(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Item> {
    if vm.is_none(obj) {
        return Ok(Item::NewAxis);
    }
    if obj.is(&vm.ctx.ellipsis) {
        return Ok(Item::Ellipsis);
    }
    if let Some(slice) = obj.downcast_ref::<PySlice>() {
        let start = match &slice.start {
            Some(s) => opt_int(vm, s)?,
            None => None,
        };
        let step = match &slice.step {
            Some(s) => opt_int(vm, s)?,
            None => None,
        };
        if step == Some(0) {
            return Err(vm.new_value_error("slice step cannot be zero"));
        }
        return Ok(Item::Slice(start, opt_int(vm, &slice.stop)?, step));
    }
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        // 0-d arrays index as the scalar they hold.
        if a.array.ndim() == 0 {
            match a.array.get(&[]) {
                Element::Bool(b) => return Ok(Item::BoolScalar(b)),
                Element::Int(i) => return Ok(Item::Int(i)),
                Element::UInt(i) => return Ok(Item::Int(i as i64)),
                _ => {}
            }
        }
        return array_item(vm, a.array.clone());
    }
    if obj.downcastable::<PyList>() {
        return array_item(vm, array_from_object(vm, obj, None)?);
    }
    if let Some((Element::Bool(b), _)) = super::convert::scalar_element(vm, obj)? {
        return Ok(Item::BoolScalar(b));
    }
    match obj.try_index(vm) {
        Ok(i) => Ok(Item::Int(i.try_to_primitive::<i64>(vm)?)),
        Err(_) => Err(invalid_index(vm)),
    }
}

fn array_item(vm: &VirtualMachine, a: NdArray) -> PyResult<Item> {
    use crate::numpy::dtype::DTypeKind::*;
    match a.dtype.kind() {
        Bool | SignedInt | UnsignedInt => Ok(Item::Array(a)),
        // An empty list makes a float64 array; numpy indexes with it as an int array.
        _ if a.size() == 0 => Ok(Item::Array(a.cast(DType::Int64).expect("empty"))),
        _ => Err(invalid_index(vm)),
    }
}

fn parse_key(vm: &VirtualMachine, key: &PyObject) -> PyResult<Vec<Item>> {
    match key.downcast_ref::<PyTuple>() {
        Some(t) => t.as_slice().iter().map(|o| parse_item(vm, o)).collect(),
        None => Ok(vec![parse_item(vm, key)?]),
    }
}

/// Python's slice.indices(): (start, step, length) of the selection.
fn slice_range(
    len: usize,
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
) -> (i64, i64, usize) {
    let n = len as i64;
    let step = step.unwrap_or(1);
    let clamp = |v: Option<i64>, default: i64| -> i64 {
        match v {
            None => default,
            Some(v) if v < 0 => {
                let v = v.saturating_add(n);
                if v < 0 {
                    if step < 0 { -1 } else { 0 }
                } else {
                    v
                }
            }
            Some(v) if v >= n => {
                if step < 0 {
                    n - 1
                } else {
                    n
                }
            }
            Some(v) => v,
        }
    };
    let (start, stop) = if step > 0 {
        (clamp(start, 0), clamp(stop, n))
    } else {
        (clamp(start, n - 1), clamp(stop, -1))
    };
    let count = if step > 0 {
        if stop > start {
            (stop - start - 1) / step + 1
        } else {
            0
        }
    } else if start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    };
    (start, step, count as usize)
}

fn normalize(vm: &VirtualMachine, i: i64, len: usize, axis: usize) -> PyResult<usize> {
    let n = len as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(vm.new_index_error(format!(
            "index {i} is out of bounds for axis {axis} with size {len}"
        )));
    }
    Ok(j as usize)
}

/// The result of indexing: a view, or the gathered byte offsets of an advanced
/// index with the result's shape.
pub enum Selection {
    View(NdArray),
    Gather {
        base: NdArray,
        offsets: Vec<isize>,
        shape: Vec<usize>,
    },
}

pub fn select(vm: &VirtualMachine, a: &NdArray, key: &PyObject) -> PyResult<Selection> {
    let items = parse_key(vm, key)?;
    if items.iter().filter(|i| matches!(i, Item::Ellipsis)).count() > 1 {
        return Err(vm.new_index_error("an index can only have a single ellipsis ('...')"));
    }
    let consumed: usize = items
        .iter()
        .map(|i| match i {
            Item::Int(_) | Item::Slice(..) => 1,
            Item::Array(a) if a.dtype == DType::Bool => a.ndim(),
            Item::Array(_) => 1,
            Item::NewAxis | Item::Ellipsis | Item::BoolScalar(_) => 0,
        })
        .sum();
    if consumed > a.ndim() {
        return Err(vm.new_index_error(format!(
            "too many indices for array: array is {}-dimensional, but {} were indexed",
            a.ndim(),
            consumed
        )));
    }
    let has_advanced = items.iter().any(|i| matches!(i, Item::Array(_)));
    // Walk the key, building the view; advanced indices keep their axes whole and
    // are remembered with the view axis they apply to.
    let (mut shape, mut strides, mut offset) = (Vec::new(), Vec::new(), a.offset);
    let mut advanced: Vec<(usize, NdArray)> = Vec::new();
    let mut axis = 0usize;
    for item in items {
        match item {
            Item::Ellipsis => {
                for _ in 0..a.ndim() - consumed {
                    shape.push(a.shape[axis]);
                    strides.push(a.strides[axis]);
                    axis += 1;
                }
            }
            Item::NewAxis => {
                shape.push(1);
                strides.push(0);
            }
            Item::BoolScalar(b) => {
                shape.push(b as usize);
                strides.push(0);
            }
            Item::Int(i) if !has_advanced => {
                let j = normalize(vm, i, a.shape[axis], axis)?;
                offset += j as isize * a.strides[axis];
                axis += 1;
            }
            Item::Int(i) => {
                advanced.push((shape.len(), NdArray::scalar(DType::Int64, Element::Int(i))));
                shape.push(a.shape[axis]);
                strides.push(a.strides[axis]);
                axis += 1;
            }
            Item::Slice(start, stop, step) => {
                let (start, step, count) = slice_range(a.shape[axis], start, stop, step);
                if count > 0 {
                    offset += start as isize * a.strides[axis];
                }
                shape.push(count);
                strides.push(a.strides[axis] * step as isize);
                axis += 1;
            }
            Item::Array(idx) if idx.dtype == DType::Bool => {
                for (k, &n) in idx.shape.iter().enumerate() {
                    if a.shape[axis + k] != n {
                        return Err(vm.new_index_error(format!(
                            "boolean index did not match indexed array along axis {}; size of axis is {} but size of corresponding boolean axis is {}",
                            axis + k,
                            a.shape[axis + k],
                            n
                        )));
                    }
                }
                for coords in nonzero(&idx) {
                    advanced.push((shape.len(), coords));
                    shape.push(a.shape[axis]);
                    strides.push(a.strides[axis]);
                    axis += 1;
                }
            }
            Item::Array(idx) => {
                advanced.push((
                    shape.len(),
                    idx.cast(DType::Int64)
                        .map_err(|e| super::errors::array_error(vm, e))?,
                ));
                shape.push(a.shape[axis]);
                strides.push(a.strides[axis]);
                axis += 1;
            }
        }
    }
    while axis < a.ndim() {
        shape.push(a.shape[axis]);
        strides.push(a.strides[axis]);
        axis += 1;
    }
    let view = a.view(shape, strides, offset);
    if advanced.is_empty() {
        return Ok(Selection::View(view));
    }
    gather_offsets(vm, view, advanced)
}

/// The coordinates of the true elements of a mask, one int64 array per axis.
pub fn nonzero(mask: &NdArray) -> Vec<NdArray> {
    let mut coords: Vec<Vec<i64>> = vec![Vec::new(); mask.ndim().max(1)];
    let values = mask.elements();
    let mut index = vec![0usize; mask.ndim()];
    for v in values {
        if let Element::Bool(true) = v {
            for (k, &i) in index.iter().enumerate() {
                coords[k].push(i as i64);
            }
            if mask.ndim() == 0 {
                coords[0].push(0);
            }
        }
        for k in (0..mask.ndim()).rev() {
            index[k] += 1;
            if index[k] < mask.shape[k] {
                break;
            }
            index[k] = 0;
        }
    }
    coords
        .into_iter()
        .map(|c| {
            let n = c.len();
            NdArray::from_vec(&c, &[n]).expect("index arrays fit")
        })
        .collect()
}

fn gather_offsets(
    vm: &VirtualMachine,
    view: NdArray,
    advanced: Vec<(usize, NdArray)>,
) -> PyResult<Selection> {
    let mut bshape: Vec<usize> = Vec::new();
    for (_, idx) in &advanced {
        bshape = broadcast_shapes(&bshape, &idx.shape).ok_or_else(|| {
            let shapes: Vec<String> = advanced
                .iter()
                .map(|(_, i)| super::errors::shape_text(&i.shape))
                .collect();
            vm.new_index_error(format!(
                "shape mismatch: indexing arrays could not be broadcast together with shapes {}",
                shapes.join(" ")
            ))
        })?;
    }
    let positions: Vec<usize> = advanced.iter().map(|(p, _)| *p).collect();
    let adjacent = positions.windows(2).all(|w| w[1] == w[0] + 1);
    let rest: Vec<usize> = (0..view.ndim())
        .filter(|k| !positions.contains(k))
        .collect();
    let nb = bshape.len();
    let first = positions[0];
    // Result axes: (kind, source) where kind 0 = broadcast axis j, 1 = view axis k.
    let mut axes: Vec<(bool, usize)> = Vec::new();
    if adjacent {
        axes.extend(rest.iter().filter(|&&k| k < first).map(|&k| (false, k)));
        axes.extend((0..nb).map(|j| (true, j)));
        axes.extend(rest.iter().filter(|&&k| k > first).map(|&k| (false, k)));
    } else {
        axes.extend((0..nb).map(|j| (true, j)));
        axes.extend(rest.iter().map(|&k| (false, k)));
    }
    let shape: Vec<usize> = axes
        .iter()
        .map(|&(b, k)| if b { bshape[k] } else { view.shape[k] })
        .collect();
    // Normalised index values, broadcast, in C order over bshape.
    let mut index_values: Vec<Vec<usize>> = Vec::new();
    for (pos, idx) in &advanced {
        let b = idx.broadcast_to(&bshape);
        let len = view.shape[*pos];
        let mut vals = Vec::with_capacity(b.size());
        for e in b.elements() {
            let i = match e {
                Element::Int(v) => v,
                Element::UInt(v) => v as i64,
                _ => 0,
            };
            let n = len as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(vm.new_index_error(format!(
                    "index {i} is out of bounds for axis {pos} with size {len}"
                )));
            }
            vals.push(j as usize);
        }
        index_values.push(vals);
    }
    let bstrides = crate::numpy::multiarray::c_strides(&bshape, 1);
    let total: usize = shape.iter().product();
    let mut offsets = Vec::with_capacity(total);
    let mut index = vec![0usize; shape.len()];
    for _ in 0..total {
        let mut flat_b = 0usize;
        let mut off = 0isize;
        for (r, &(b, k)) in axes.iter().enumerate() {
            if b {
                flat_b += index[r] * bstrides[k] as usize;
            } else {
                off += index[r] as isize * view.strides[k];
            }
        }
        for (m, (pos, _)) in advanced.iter().enumerate() {
            off += index_values[m][flat_b] as isize * view.strides[*pos];
        }
        offsets.push(off);
        for r in (0..shape.len()).rev() {
            index[r] += 1;
            if index[r] < shape[r] {
                break;
            }
            index[r] = 0;
        }
    }
    Ok(Selection::Gather {
        base: view,
        offsets,
        shape,
    })
}

/// The byte offset (from the view's start) of the element a key of one Python int
/// per axis names (`a[i]` of a 1-d array, `a[i, j]` of a 2-d one); `None` for any
/// other key. The common case of element loops, answered without a selection.
fn element_offset(vm: &VirtualMachine, a: &NdArray, key: &PyObject) -> PyResult<Option<isize>> {
    let single = [key];
    let tuple;
    let items: &[&PyObject] = match key.downcast_ref::<PyTuple>() {
        Some(t) => {
            tuple = t.as_slice().iter().map(|o| &**o).collect::<Vec<_>>();
            &tuple
        }
        None => &single,
    };
    if items.len() != a.ndim() || a.ndim() == 0 {
        return Ok(None);
    }
    let mut offset = 0isize;
    for (axis, item) in items.iter().enumerate() {
        let Some(int) = item.downcast_ref::<PyInt>() else {
            return Ok(None);
        };
        // bool is an int, but indexes as a mask.
        if item.class().is(vm.ctx.types.bool_type) {
            return Ok(None);
        }
        let Ok(i) = int.try_to_primitive::<i64>(vm) else {
            return Ok(None);
        };
        offset += normalize(vm, i, a.shape[axis], axis)? as isize * a.strides[axis];
    }
    Ok(Some(offset))
}

/// `a[key]`: a view, a gathered copy, or a numpy scalar for a full integer index.
pub fn getitem(vm: &VirtualMachine, a: &NdArray, key: &PyObject) -> PyResult<PyObjectRef> {
    if let Some(offset) = element_offset(vm, a, key)? {
        return super::convert::scalar_to_py(vm, a.dtype, a.read(offset));
    }
    match select(vm, a, key)? {
        Selection::View(v) if v.ndim() == 0 && !key_makes_array(vm, key) => {
            super::convert::scalar_to_py(vm, v.dtype, v.get(&[]))
        }
        Selection::View(v) => Ok(PyNdArray::from(v).into_py(vm)),
        Selection::Gather {
            base,
            offsets,
            shape,
        } => {
            let out = NdArray::zeros(base.dtype, &shape)
                .map_err(|e| super::errors::array_error(vm, e))?;
            let item = base.itemsize() as isize;
            for (k, off) in offsets.into_iter().enumerate() {
                out.write(k as isize * item, base.read(off));
            }
            Ok(PyNdArray::from(out).into_py(vm))
        }
    }
}

/// `a[...]` and `a[()]` on a 0-d array give arrays, not scalars, only for `...`.
fn key_makes_array(vm: &VirtualMachine, key: &PyObject) -> bool {
    if key.is(&vm.ctx.ellipsis) {
        return true;
    }
    key.downcast_ref::<PyTuple>()
        .is_some_and(|t| t.as_slice().iter().any(|o| o.is(&vm.ctx.ellipsis)))
}

/// `a[key] = value`, with `value` broadcast to the selection and cast to a's dtype.
pub fn setitem(vm: &VirtualMachine, a: &NdArray, key: &PyObject, value: &PyObject) -> PyResult<()> {
    if let Some(offset) = element_offset(vm, a, key)?
        && let Some((e, strength)) = super::convert::scalar_element(vm, value)?
    {
        let e = super::store::stored_element(vm, e, strength, a.dtype)?;
        // The element cast `assign` does, without a 0-d array to carry the value.
        a.write(offset, e);
        return Ok(());
    }
    let selection = select(vm, a, key)?;
    let mut value = value_array(vm, value, a.dtype)?;
    if std::sync::Arc::ptr_eq(&value.buffer, &a.buffer) {
        // Gathered writes would read elements already overwritten.
        value = value
            .to_contiguous()
            .map_err(|e| super::errors::array_error(vm, e))?;
    }
    match selection {
        Selection::View(v) => {
            check_broadcast(vm, &value.shape, &v.shape)?;
            v.assign(&drop_leading_ones(value, v.ndim()));
        }
        Selection::Gather {
            base,
            offsets,
            shape,
        } => {
            check_broadcast(vm, &value.shape, &shape)?;
            let value = drop_leading_ones(value, shape.len()).broadcast_to(&shape);
            let mut k = 0usize;
            walk(&shape, [&value.strides], [0], |[start], len, [step]| {
                for i in 0..len as isize {
                    base.write(offsets[k], value.read(start + i * step));
                    k += 1;
                }
            });
        }
    }
    Ok(())
}

/// `target[...] = value`: broadcast, cast, with numpy's checks.
pub fn assign_value(vm: &VirtualMachine, target: &NdArray, value: &PyObject) -> PyResult<()> {
    let value = value_array(vm, value, target.dtype)?;
    check_broadcast(vm, &value.shape, &target.shape)?;
    target.assign(&drop_leading_ones(value, target.ndim()));
    Ok(())
}

/// `value` without the leading length-1 axes that exceed `ndim`.
fn drop_leading_ones(value: NdArray, ndim: usize) -> NdArray {
    if value.ndim() <= ndim {
        return value;
    }
    let cut = value.ndim() - ndim;
    let (shape, strides) = (value.shape[cut..].to_vec(), value.strides[cut..].to_vec());
    value.view(shape, strides, value.offset)
}

fn value_array(vm: &VirtualMachine, value: &PyObject, dtype: DType) -> PyResult<NdArray> {
    if let Some(v) = value.downcast_ref::<PyNdArray>() {
        return Ok(v.array.clone());
    }
    if let Some((e, strength)) = super::convert::scalar_element(vm, value)? {
        return super::store::stored_scalar(vm, e, strength, dtype);
    }
    array_from_object(vm, value, Some(dtype))
}

fn check_broadcast(vm: &VirtualMachine, from: &[usize], to: &[usize]) -> PyResult<()> {
    let ok = from.len() <= to.len()
        && from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&f, &t)| f == t || f == 1);
    if ok {
        return Ok(());
    }
    // numpy drops leading 1s of the value before reporting.
    let trimmed: Vec<usize> = from.iter().copied().skip_while(|&d| d == 1).collect();
    if trimmed.len() <= to.len()
        && trimmed
            .iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&f, &t)| f == t || f == 1)
    {
        return Ok(());
    }
    use super::errors::shape_text;
    Err(vm.new_value_error(format!(
        "could not broadcast input array from shape {} into shape {}",
        shape_text(from),
        shape_text(to)
    )))
}
