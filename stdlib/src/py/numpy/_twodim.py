"""numpy's triangles, diagonals, flips, repeats and grids (numpy/lib/_twodim_base_impl.py,
_index_tricks_impl.py and parts of _function_base_impl.py), on kiln's ndarray."""

import bisect as _bisect
import builtins as _b
import operator as _operator

from _kiln_numpy import ndarray


def _np():
    import numpy

    return numpy


def _axis(axis, ndim):
    try:
        axis = _operator.index(axis)
    except TypeError:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(axis).__name__)
    if not -ndim <= axis < ndim:
        raise _np().exceptions.AxisError(
            "axis %d is out of bounds for array of dimension %d" % (axis, ndim)
        )
    return axis % ndim


def tri(N, M=None, k=0, dtype=float):
    """Ones at and below the k-th diagonal of an N x M array, zeros elsewhere."""
    np = _np()
    if M is None:
        M = N
    m = np.arange(N)[:, None] >= np.arange(-k, M - k)[None, :]
    return m.astype(dtype)


def triu(m, k=0):
    """The array with the elements below the k-th diagonal zeroed."""
    np = _np()
    m = np.asarray(m)
    if m.ndim == 0:
        raise ValueError("input array must be at least 1-d")
    rows, cols = m.shape[-2:] if m.ndim >= 2 else (m.shape[0], m.shape[0])
    mask = tri(rows, cols, k=k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, m.dtype), m)


def tril(m, k=0):
    """The array with the elements above the k-th diagonal zeroed."""
    np = _np()
    m = np.asarray(m)
    if m.ndim == 0:
        raise ValueError("input array must be at least 1-d")
    rows, cols = m.shape[-2:] if m.ndim >= 2 else (m.shape[0], m.shape[0])
    mask = tri(rows, cols, k=k, dtype=bool)
    return np.where(mask, m, np.zeros(1, m.dtype))


def triu_indices(n, k=0, m=None):
    """The row and column indices of the upper triangle of an n x m array."""
    np = _np()
    return np.nonzero(~tri(n, m, k=k - 1, dtype=bool))


def tril_indices(n, k=0, m=None):
    """The row and column indices of the lower triangle of an n x m array."""
    np = _np()
    return np.nonzero(tri(n, m, k=k, dtype=bool))


def _square(arr, what):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return arr.shape


def triu_indices_from(arr, k=0):
    rows, cols = _square(_np().asarray(arr), "triu")
    return triu_indices(rows, k=k, m=cols)


def tril_indices_from(arr, k=0):
    rows, cols = _square(_np().asarray(arr), "tril")
    return tril_indices(rows, k=k, m=cols)


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x n x ... array of ndim dimensions."""
    idx = _np().arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    arr = _np().asarray(arr)
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def flip(m, axis=None):
    """A view of m with the order of its elements reversed along the axes."""
    m = _np().asarray(m)
    if axis is None:
        return m[(slice(None, None, -1),) * m.ndim]
    axes = axis if isinstance(axis, tuple) else (axis,)
    key = [slice(None)] * m.ndim
    for a in axes:
        key[_axis(a, m.ndim)] = slice(None, None, -1)
    return m[tuple(key)]


def fliplr(m):
    m = _np().asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = _np().asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1, ...]


def repeat(a, repeats, axis=None):
    """Each element of a (along the axis, or of a flattened) repeated."""
    np = _np()
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    counts = np.asarray(repeats)
    if counts.ndim == 0:
        counts = [int(counts)] * n
    else:
        counts = [int(c) for c in counts.ravel()]
        if len(counts) == 1:
            counts = counts * n
        elif len(counts) != n:
            raise ValueError(
                "operands could not be broadcast together with shape (%d,) (%d,)"
                % (n, len(counts))
            )
    if any(c < 0 for c in counts):
        raise ValueError("repeats may not contain negative values.")
    index = []
    for i, c in enumerate(counts):
        index.extend([i] * c)
    key = [slice(None)] * a.ndim
    key[axis] = np.array(index, dtype=np.intp)
    return a[tuple(key)]


def tile(A, reps):
    """A repeated reps times along each axis (numpy's rules for unequal ranks)."""
    np = _np()
    try:
        tup = tuple(reps)
    except TypeError:
        tup = (reps,)
    d = len(tup)
    c = np.array(A, copy=True, ndmin=d)
    if d < c.ndim:
        tup = (1,) * (c.ndim - d) + tup
    shape_out = tuple(s * t for s, t in zip(c.shape, tup))
    n = c.size
    if n > 0:
        for dim_in, nrep in zip(c.shape, tup):
            if nrep != 1:
                c = repeat(c.reshape(-1, n), nrep, 0)
            n //= dim_in
    return c.reshape(shape_out)


def moveaxis(a, source, destination):
    """a with the axes at source moved to destination, the others in their order."""
    a = _np().asarray(a)
    src = source if isinstance(source, (tuple, list)) else [source]
    dst = destination if isinstance(destination, (tuple, list)) else [destination]
    src = [_axis(s, a.ndim) for s in src]
    dst = [_axis(d, a.ndim) for d in dst]
    if len(src) != len(dst):
        raise ValueError(
            "`source` and `destination` arguments must have the same number of elements"
        )
    order = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return a.transpose(order)


def searchsorted(a, v, side="left", sorter=None):
    """Where each of v would go into the sorted a to keep it sorted."""
    np = _np()
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if sorter is not None:
        a = a[np.asarray(sorter)]
    if side not in ("left", "right"):
        raise ValueError(
            "side must be 'left' or 'right' (got %r)" % (side,)
        )
    find = _bisect.bisect_left if side == "left" else _bisect.bisect_right
    keys = a.tolist()
    vv = np.asarray(v)
    if vv.ndim == 0:
        return np.intp(find(keys, vv.item()))
    out = [find(keys, x) for x in vv.ravel().tolist()]
    return np.array(out, dtype=np.intp).reshape(vv.shape)


def bincount(x, weights=None, minlength=0):
    """How often each non-negative int occurs in x (or the sum of its weights)."""
    np = _np()
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1 else "object of too small depth for desired array")
    if x.size and x.dtype.kind not in "iub":
        raise TypeError(
            "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'"
            % x.dtype
        )
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    xs = [int(v) for v in x.tolist()]
    if xs and _b.min(xs) < 0:
        raise ValueError("'list' argument must have no negative elements")
    n = _b.max(_b.max(xs) + 1 if xs else 0, minlength)
    if weights is None:
        counts = [0] * n
        for v in xs:
            counts[v] += 1
        return np.array(counts, dtype=np.intp)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != x.shape:
        raise ValueError("The weights and list don't have the same length.")
    sums = [0.0] * n
    for v, wt in zip(xs, w.tolist()):
        sums[v] += wt
    return np.array(sums, dtype=np.float64)


class _Grid:
    """`mgrid[...]` (dense, `sparse=False`) and `ogrid[...]` (open): slices as ranges,
    a complex step (`5j`) as a number of points from start to stop included."""

    def __init__(self, sparse):
        self.sparse = sparse

    @staticmethod
    def _axis_values(s):
        np = _np()
        start = 0 if s.start is None else s.start
        step = 1 if s.step is None else s.step
        stop = s.stop
        if isinstance(step, complex):
            num = int(_b.abs(step))
            return np.linspace(start, stop, num)
        floats = any(isinstance(v, float) for v in (start, stop, step))
        out = np.arange(start, stop, step)
        return out.astype(np.float64) if floats else out

    def __getitem__(self, key):
        np = _np()
        if isinstance(key, slice):
            return self._axis_values(key)
        values = [self._axis_values(s) for s in key]
        floats = any(v.dtype.kind == "f" for v in values)
        if floats:
            values = [v.astype(np.float64) for v in values]
        n = len(values)
        if self.sparse:
            out = []
            for k, v in enumerate(values):
                shape = [1] * n
                shape[k] = v.shape[0]
                out.append(v.reshape(shape))
            return tuple(out)
        grids = np.meshgrid(*values, indexing="ij")
        return np.stack(grids)

    def __len__(self):
        return 0


mgrid = _Grid(False)
ogrid = _Grid(True)
