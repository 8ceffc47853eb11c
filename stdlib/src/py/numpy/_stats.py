"""numpy's quantiles, covariances, histograms and polynomial fits
(numpy/lib/_function_base_impl.py, _histograms_impl.py, _polynomial_impl.py), on
kiln's ndarray, computed in numpy's order of operations so results carry its bits."""

import builtins as _b
import warnings as _warnings


def _np():
    import numpy

    return numpy


def _lerp(a, b, t):
    # numpy's `_lerp`: from a below the middle, from b at and above it.
    np = _np()
    diff = b - a
    low = a + diff * t
    high = b - diff * (1 - t)
    return np.where(t >= 0.5, high, low)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """The q-th quantiles (q in [0, 1]) along the axis, by linear interpolation."""
    np = _np()
    if method != "linear":
        raise NotImplementedError("kiln's numpy.quantile has only method='linear'")
    if out is not None:
        raise NotImplementedError("kiln's numpy.quantile has no out=")
    q = np.asarray(q, dtype=np.float64)
    if not bool(np.all((q >= 0) & (q <= 1))):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return _quantile(np.asarray(a), q, axis, keepdims)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    """The q-th percentiles (q in [0, 100]) along the axis, by linear interpolation."""
    np = _np()
    if method != "linear":
        raise NotImplementedError("kiln's numpy.percentile has only method='linear'")
    if out is not None:
        raise NotImplementedError("kiln's numpy.percentile has no out=")
    q = np.asarray(np.true_divide(np.asarray(q, dtype=np.float64), 100))
    if not bool(np.all((q >= 0) & (q <= 1))):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return _quantile(np.asarray(a), q, axis, keepdims)


def _quantile(a, q, axis, keepdims):
    np = _np()
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    nd = a.ndim
    if axis is None:
        data = a.ravel()
        ax = 0
    else:
        ax = axis % nd if -nd <= axis < nd else None
        if ax is None:
            raise np.exceptions.AxisError(
                "axis %d is out of bounds for array of dimension %d" % (axis, nd)
            )
        data = np.moveaxis(a, ax, 0)
    n = data.shape[0]
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    s = np.sort(data, axis=0)
    if s.dtype.kind not in "fc":
        s = s.astype(np.float64)
    virtual = np.asarray(q * (n - 1))
    previous = np.asarray(np.floor(virtual))
    gamma = np.asarray(virtual - previous)
    prev_i = previous.astype(np.intp)
    next_i = np.asarray(np.minimum(prev_i + 1, n - 1))
    qs = q.ravel()
    results = []
    for k in range(qs.shape[0]):
        i, j = int(prev_i.ravel()[k]), int(next_i.ravel()[k])
        g = np.asarray(gamma.ravel()[k])
        r = _lerp(s[i], s[j], g)
        # A NaN anywhere along the axis makes the quantile NaN (it sorts last).
        if s.dtype.kind == "f":
            r = np.where(np.isnan(s[n - 1]), s[n - 1], r)
        results.append(np.asarray(r))
    out = np.stack(results) if results else np.zeros((0,) + s.shape[1:])
    out = out.reshape(q.shape + s.shape[1:])
    if keepdims:
        if axis is None:
            out = out.reshape(q.shape + (1,) * nd)
        else:
            shape = list(a.shape)
            shape[ax] = 1
            out = out.reshape(q.shape + tuple(shape))
    if out.ndim == 0:
        return out[()]
    return out


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """The covariance matrix of the variables in m's rows (columns if not rowvar)."""
    np = _np()
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = np.asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    X = np.array(m, ndmin=2, dtype=np.float64 if dtype is None else dtype)
    if not rowvar and m.ndim != 1 and X.shape[0] != 1:
        X = X.T
    if X.shape[0] == 0:
        return np.array([]).reshape(0, 0)
    if y is not None:
        y = np.asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
        y = np.array(y, ndmin=2, dtype=X.dtype)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = np.concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        w = np.asarray(fweights, dtype=np.float64)
    if aweights is not None:
        aw = np.asarray(aweights, dtype=np.float64)
        w = aw if w is None else w * aw
    if w is None:
        avg = X.mean(axis=1)
        w_sum = float(X.shape[1])
        fact = X.shape[1] - ddof
    else:
        w_sum = w.sum()
        avg = (X * w).sum(axis=1) / w_sum
        if ddof == 0:
            fact = w_sum
        elif aweights is None:
            fact = w_sum - ddof
        else:
            fact = w_sum - ddof * (w * aw).sum() / w_sum
    if fact <= 0:
        _warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    X = X - avg[:, None]
    X_T = X.T if w is None else (X * w).T
    c = np.dot(X, X_T.conj())
    c = c * np.true_divide(1, fact)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson's correlation coefficients of the variables in x's rows."""
    np = _np()
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = np.diag(c)
    stddev = np.sqrt(d.real)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    return np.clip(c, -1, 1)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """Counts of a's values in bins (equal ones over range, or the given edges), and
    the edges: numpy's algorithm, so values on an edge land where numpy puts them."""
    np = _np()
    a = np.asarray(a).ravel()
    if weights is not None:
        weights = np.asarray(weights)
        if weights.shape != a.shape and weights.size != a.size:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.ravel()
    if isinstance(bins, str):
        raise NotImplementedError(
            "kiln's numpy.histogram takes a number of bins or their edges, not %r" % bins
        )
    ntype = np.intp if weights is None else weights.dtype
    if np.ndim(bins) == 0:
        n_bins = int(bins)
        if n_bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is not None:
            first, last = range
            if first > last:
                raise ValueError("max must be larger than min in range parameter.")
            if not (np.isfinite(first) and np.isfinite(last)):
                raise ValueError("supplied range of [%s, %s] is not finite" % (first, last))
        elif a.size == 0:
            first, last = 0, 1
        else:
            first, last = a.min(), a.max()
            if not (np.isfinite(first) and np.isfinite(last)):
                raise ValueError(
                    "autodetected range of [%s, %s] is not finite" % (first, last)
                )
        if first == last:
            first = first - 0.5
            last = last + 0.5
        edge_type = np.result_type(first, last, a) if a.dtype.kind == "f" else np.float64
        edges = np.linspace(first, last, n_bins + 1, endpoint=True, dtype=edge_type)
        first, last = edges[0], edges[-1]
        keep = (a >= first) & (a <= last)
        tmp = a[keep].astype(edges.dtype) if not bool(np.all(keep)) else a.astype(edges.dtype)
        tw = None
        if weights is not None:
            tw = weights[keep] if not bool(np.all(keep)) else weights
        f_idx = ((tmp - first) / (last - first)) * n_bins
        idx = f_idx.astype(np.intp)
        idx[idx == n_bins] -= 1
        dec = tmp < edges[idx]
        idx[dec] -= 1
        inc = (tmp >= edges[idx + 1]) & (idx != n_bins - 1)
        idx[inc] += 1
        n = np.bincount(idx, weights=tw, minlength=n_bins).astype(ntype)
    else:
        edges = np.asarray(bins)
        if edges.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        if bool(np.any(edges[:-1] > edges[1:])):
            raise ValueError("`bins` must increase monotonically, when an array")
        order = np.argsort(a)
        sa = a[order]
        left = np.searchsorted(sa, edges[:-1], "left")
        right = np.searchsorted(sa, edges[-1:], "right")
        index = np.concatenate((left, right))
        if weights is None:
            n = np.diff(index).astype(ntype)
        else:
            sw = weights[order]
            cw = np.concatenate((np.zeros(1, sw.dtype), sw.cumsum()))
            n = np.diff(cw[index])
    if density:
        db = np.diff(edges).astype(np.float64)
        return n / db / n.sum(), edges
    return n, edges


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of x: columns x**(N-1) ... x**0 (or increasing)."""
    np = _np()
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = x.shape[0]
    v = np.empty((x.shape[0], N), dtype=np.promote_types(x.dtype, np.int64))
    col = np.ones(x.shape[0], dtype=v.dtype)
    for k in _b.range(N):
        v[:, k if increasing else N - 1 - k] = col
        col = col * x
    return v


def polyval(p, x):
    """The polynomial with coefficients p (highest power first) at x (Horner's rule)."""
    np = _np()
    p = np.asarray(p)
    x = np.asarray(x)
    y = np.zeros_like(x)
    for pv in p:
        y = y * x + pv
    if isinstance(y, np.ndarray) and y.ndim == 0:
        return y[()]
    return y


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """The least-squares polynomial of degree deg through (x, y), highest power first."""
    np = _np()
    order = int(deg) + 1
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if cov:
        raise NotImplementedError("kiln's numpy.polyfit has no cov=True")
    if rcond is None:
        rcond = len(x) * np.finfo(x.dtype).eps
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = np.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * w if rhs.ndim == 1 else rhs * w[:, None]
    scale = np.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = np.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        _warnings.warn(
            "Polyfit may be poorly conditioned", np.exceptions.RankWarning, stacklevel=2
        )
    if full:
        return c, resids, rank, s, rcond
    return c
