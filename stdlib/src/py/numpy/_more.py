"""More of numpy's functions that real code calls (numpy/lib/_nanfunctions_impl.py,
_function_base_impl.py, _shape_base_impl.py, _arraysetops_impl.py), on kiln's ndarray
and computed as numpy computes them."""

import builtins as _b
import warnings as _warnings


def _np():
    import numpy

    return numpy


# --- NaN-ignoring reductions ---------------------------------------------------


def _replace_nan(a, value):
    np = _np()
    a = np.asarray(a)
    if a.dtype.kind not in "fc":
        return a, None
    mask = np.isnan(a)
    return np.where(mask, value, a), mask


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    """The sum with NaNs counted as zero."""
    a, _ = _replace_nan(a, 0)
    return _np().sum(a, axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    """The product with NaNs counted as one."""
    a, _ = _replace_nan(a, 1)
    return _np().prod(a, axis=axis, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    """The mean of the values that are not NaN (NaN, with a warning, where all are)."""
    np = _np()
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.mean(arr, axis=axis, keepdims=keepdims)
    cnt = np.sum(~mask, axis=axis, keepdims=keepdims)
    tot = np.sum(arr, axis=axis, keepdims=keepdims)
    if bool(np.any(cnt == 0)):
        _warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.true_divide(tot, cnt)


def _nan_extreme(a, axis, keepdims, fill, pick):
    np = _np()
    a = np.asarray(a)
    if a.dtype.kind not in "fc":
        return pick(a, axis=axis, keepdims=keepdims)
    mask = np.isnan(a)
    res = pick(np.where(mask, fill, a), axis=axis, keepdims=keepdims)
    allnan = np.all(mask, axis=axis, keepdims=keepdims)
    if bool(np.any(allnan)):
        _warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
        res = np.where(allnan, np.nan, res)
        if np.ndim(res) == 0:
            res = np.float64(res) if a.dtype == np.float64 else res[()]
    return res


def nanmax(a, axis=None, out=None, keepdims=False):
    """The largest value that is not NaN."""
    return _nan_extreme(a, axis, keepdims, -_np().inf, _np().max)


def nanmin(a, axis=None, out=None, keepdims=False):
    """The smallest value that is not NaN."""
    return _nan_extreme(a, axis, keepdims, _np().inf, _np().min)


# --- shapes ----------------------------------------------------------------------


def flatnonzero(a):
    return _np().nonzero(_np().ravel(a))[0]


def ptp(a, axis=None, out=None, keepdims=False):
    """Largest minus smallest value (peak to peak)."""
    np = _np()
    a = np.asarray(a)
    return np.subtract(a.max(axis=axis, keepdims=keepdims), a.min(axis=axis, keepdims=keepdims))


def append(arr, values, axis=None):
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = np.ravel(values)
        axis = arr.ndim - 1
    return np.concatenate((arr, values), axis=axis)


def delete(arr, obj, axis=None):
    """arr without the entries obj names (an index, a slice or indices) along axis."""
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    n = arr.shape[axis]
    if isinstance(obj, slice):
        drop = set(range(n)[obj])
    else:
        idx = np.asarray(obj)
        if idx.dtype.kind == "b":
            drop = set(int(i) for i in np.nonzero(idx)[0])
        else:
            drop = set()
            for i in np.ravel(idx).tolist():
                i = int(i)
                if not -n <= i < n:
                    raise IndexError(
                        "index %d is out of bounds for axis %d with size %d" % (i, axis, n)
                    )
                drop.add(i % n)
    keep = np.array([i for i in range(n) if i not in drop], dtype=np.intp)
    key = [slice(None)] * arr.ndim
    key[axis] = keep
    return arr[tuple(key)]


def insert(arr, obj, values, axis=None):
    """arr with values inserted before the index obj (one index) along axis."""
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    n = arr.shape[axis]
    index = int(obj)
    if not -n <= index <= n:
        raise IndexError("index %d is out of bounds for axis %d with size %d" % (index, axis, n))
    if index < 0:
        index += n
    values = np.asarray(values, dtype=arr.dtype)
    key_before = [slice(None)] * arr.ndim
    key_after = [slice(None)] * arr.ndim
    key_before[axis] = slice(None, index)
    key_after[axis] = slice(index, None)
    shape = list(arr.shape)
    if values.ndim == 0:
        shape[axis] = 1
        part = np.broadcast_to(values, shape)
    else:
        vals = np.moveaxis(values, 0, axis) if values.ndim == arr.ndim else values
        if vals.ndim < arr.ndim:
            shape[axis] = vals.shape[0] if vals.ndim == 1 and arr.ndim == 1 else 1
            part = np.broadcast_to(vals.reshape(shape) if arr.ndim == 1 else vals, shape)
        else:
            part = vals
    return np.concatenate((arr[tuple(key_before)], part, arr[tuple(key_after)]), axis=axis)


def array_split(ary, indices_or_sections, axis=0):
    """ary cut along axis: into n nearly equal parts, or at the given indices."""
    np = _np()
    ary = np.asarray(ary)
    total = ary.shape[axis]
    try:
        n = int(indices_or_sections)
        is_count = not isinstance(indices_or_sections, (list, tuple)) and np.ndim(indices_or_sections) == 0
    except TypeError:
        is_count = False
    if is_count:
        if n <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = divmod(total, n)
        sizes = [0] + extra * [each + 1] + (n - extra) * [each]
        points = []
        acc = 0
        for s in sizes:
            acc += s
            points.append(acc)
    else:
        points = [0] + [int(i) for i in indices_or_sections] + [total]
    out = []
    for start, stop in zip(points[:-1], points[1:]):
        key = [slice(None)] * ary.ndim
        key[axis] = slice(start, stop)
        out.append(ary[tuple(key)])
    return out


def split(ary, indices_or_sections, axis=0):
    np = _np()
    ary = np.asarray(ary)
    if np.ndim(indices_or_sections) == 0 and not isinstance(indices_or_sections, (list, tuple)):
        if ary.shape[axis] % int(indices_or_sections):
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def dstack(tup):
    np = _np()
    arrs = []
    for a in tup:
        a = np.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0], 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape[0], a.shape[1], 1)
        arrs.append(a)
    return np.concatenate(arrs, axis=2)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element is among test_elements."""
    np = _np()
    element = np.asarray(element)
    wanted = set(np.ravel(np.asarray(test_elements)).tolist())
    hit = np.array([x in wanted for x in element.ravel().tolist()], dtype=bool).reshape(element.shape)
    return ~hit if invert else hit


# --- sequences -------------------------------------------------------------------


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    np = _np()
    y = np.linspace(start, stop, num=num, endpoint=endpoint)
    out = np.power(base, y)
    return out if dtype is None else out.astype(dtype)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation of (xp, fp) at x."""
    np = _np()
    if period is not None:
        raise NotImplementedError("kiln's numpy.interp has no period=")
    xp = np.asarray(xp, dtype=np.float64)
    fp = np.asarray(fp, dtype=np.float64)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("object too deep for desired array")
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    xs = np.asarray(x, dtype=np.float64)
    xpl, fpl = xp.tolist(), fp.tolist()
    lv = fpl[0] if left is None else float(left)
    rv = fpl[-1] if right is None else float(right)
    n = len(xpl)
    out = []
    import bisect

    for v in xs.ravel().tolist():
        if v != v:
            out.append(v)
        elif v < xpl[0]:
            out.append(lv)
        elif v > xpl[-1]:
            out.append(rv)
        elif v == xpl[-1]:
            out.append(fpl[-1])
        else:
            j = bisect.bisect_right(xpl, v) - 1
            if j >= n - 1:
                out.append(fpl[-1])
                continue
            slope = (fpl[j + 1] - fpl[j]) / (xpl[j + 1] - xpl[j])
            r = slope * (v - xpl[j]) + fpl[j]
            if r != r:
                r = slope * (v - xpl[j + 1]) + fpl[j + 1]
                if r != r and fpl[j] == fpl[j + 1]:
                    r = fpl[j]
            out.append(r)
    res = np.array(out, dtype=np.float64).reshape(xs.shape)
    return res[()] if res.ndim == 0 else res


def convolve(a, v, mode="full"):
    """The discrete linear convolution of two 1-d sequences."""
    np = _np()
    a = np.ravel(np.asarray(a))
    v = np.ravel(np.asarray(v))
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    n, m = a.shape[0], v.shape[0]
    full = []
    for k in range(n + m - 1):
        # out[k] = sum over i of a[i] * v[k - i], i from lo to hi - 1.
        lo = _b.max(0, k - m + 1)
        hi = _b.min(n, k + 1)
        full.append(np.dot(a[lo:hi], v[k - hi + 1 : k - lo + 1][::-1]))
    out = np.array(full)
    if mode == "full":
        return out
    if mode == "same":
        start = (m - 1) // 2
        return out[start : start + n]
    if mode == "valid":
        return out[m - 1 : n]
    raise ValueError("mode must be one of 'valid', 'same', or 'full' (got %r)" % (mode,))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of y by the trapezoidal rule (over x, or steps of dx)."""
    np = _np()
    y = np.asarray(y)
    nd = y.ndim
    ax = axis % nd
    lo = [slice(None)] * nd
    hi = [slice(None)] * nd
    lo[ax] = slice(None, -1)
    hi[ax] = slice(1, None)
    if x is None:
        d = dx
    else:
        x = np.asarray(x)
        d = np.diff(x) if x.ndim == 1 else np.diff(x, axis=axis)
        if x.ndim == 1 and nd > 1:
            shape = [1] * nd
            shape[ax] = d.shape[0]
            d = d.reshape(shape)
    return (d * (y[tuple(hi)] + y[tuple(lo)]) / 2.0).sum(axis)


def kron(a, b):
    np = _np()
    a = np.asarray(a)
    b = np.asarray(b)
    nd = _b.max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    # Interleave: result[i0*b0 + j0, ...] = a[i0, ...] * b[j0, ...].
    ash = []
    bsh = []
    for k in range(nd):
        ash += [a.shape[k], 1]
        bsh += [1, b.shape[k]]
    out = a.reshape(ash) * b.reshape(bsh)
    return out.reshape(tuple(a.shape[k] * b.shape[k] for k in range(nd)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of vectors of 3 (or 2) components along the last axis."""
    np = _np()
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        _warnings.warn(
            "Arrays of 2-dimensional vectors are deprecated. Use arrays of "
            "3-dimensional vectors instead. (deprecated in NumPy 2.0)",
            DeprecationWarning,
            stacklevel=2,
        )
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    if a2 is None and b2 is None:
        return np.asarray(a0 * b1 - a1 * b0)
    if a2 is None:
        a2 = np.zeros_like(a0)
    if b2 is None:
        b2 = np.zeros_like(b0)
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
