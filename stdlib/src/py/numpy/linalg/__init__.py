"""numpy.linalg: norm, solve, inv and det (LU with partial pivoting, as LAPACK's
getrf does, so well-conditioned systems agree with numpy to rounding)."""

import math as _math

import numpy as _np


class LinAlgError(ValueError):
    pass


def norm(x, ord=None, axis=None, keepdims=False):
    x = _np.asarray(x)
    if x.dtype.kind in "biu":
        x = x.astype(_np.float64)
    if ord is None:
        if x.dtype.kind == "c":
            sq = (x.real * x.real + x.imag * x.imag)
        else:
            sq = x * x
        return _np.sqrt(sq.sum(axis=axis, keepdims=keepdims))
    a = _np.abs(x)
    if ord == _np.inf:
        return a.max(axis=axis) if x.ndim == 1 or axis is not None else a.sum(axis=1).max()
    if ord == 1:
        return a.sum(axis=axis) if x.ndim == 1 or axis is not None else a.sum(axis=0).max()
    if ord == "fro":
        return _np.sqrt((a * a).sum())
    return _np.power(_np.power(a, ord).sum(axis=axis), 1.0 / ord)


def _square(a):
    a = _np.asarray(a)
    if a.ndim != 2:
        raise LinAlgError("%d-dimensional array given. Array must be at least two-dimensional" % a.ndim)
    if a.shape[0] != a.shape[1]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return a


def _lu(a):
    n = a.shape[0]
    m = [[float(v) for v in row] for row in a.tolist()]
    perm = list(range(n))
    sign = 1.0
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(m[i][k]))
        if m[p][k] == 0.0:
            return m, perm, sign, False
        if p != k:
            m[k], m[p] = m[p], m[k]
            perm[k], perm[p] = perm[p], perm[k]
            sign = -sign
        pivot = m[k][k]
        for i in range(k + 1, n):
            f = m[i][k] / pivot
            m[i][k] = f
            if f != 0.0:
                row_i, row_k = m[i], m[k]
                for j in range(k + 1, n):
                    row_i[j] -= f * row_k[j]
    return m, perm, sign, True


def det(a):
    a = _square(a)
    m, _, sign, ok = _lu(a)
    if not ok:
        return _np.float64(0.0)
    # As numpy's umath_linalg: the sign times exp of the summed log-magnitudes.
    logdet = 0.0
    for i in range(len(m)):
        if m[i][i] < 0:
            sign = -sign
        logdet += _math.log(abs(m[i][i]))
    return _np.float64(sign * _math.exp(logdet))


def _solve_lu(m, perm, b):
    n = len(m)
    y = [b[p] for p in perm]
    for i in range(n):
        s = y[i]
        for j in range(i):
            s -= m[i][j] * y[j]
        y[i] = s
    for i in range(n - 1, -1, -1):
        s = y[i]
        for j in range(i + 1, n):
            s -= m[i][j] * y[j]
        y[i] = s / m[i][i]
    return y


def solve(a, b):
    a = _square(a)
    b = _np.asarray(b)
    m, perm, _, ok = _lu(a)
    if not ok:
        raise LinAlgError("Singular matrix")
    if b.ndim == 1:
        return _np.array(_solve_lu(m, perm, [float(v) for v in b.tolist()]))
    cols = [_solve_lu(m, perm, [float(v) for v in col]) for col in b.T.tolist()]
    return _np.array(cols).T.copy()


def inv(a):
    a = _square(a)
    return solve(a, _np.eye(a.shape[0]))


def _jacobi_svd(rows, cols, a):
    """One-sided Jacobi (Hestenes) SVD of the rows x cols matrix `a` (lists, rows >=
    cols): columns of U*S, and V, as lists of columns; converged to rounding."""
    u = [[a[i][j] for i in range(rows)] for j in range(cols)]
    v = [[1.0 if i == j else 0.0 for i in range(cols)] for j in range(cols)]
    for _sweep in range(60):
        rotated = False
        for p in range(cols - 1):
            for q in range(p + 1, cols):
                up, uq = u[p], u[q]
                alpha = sum(x * x for x in up)
                beta = sum(x * x for x in uq)
                gamma = sum(x * y for x, y in zip(up, uq))
                if gamma == 0.0 or abs(gamma) <= 1e-15 * _math.sqrt(alpha * beta):
                    continue
                rotated = True
                zeta = (beta - alpha) / (2.0 * gamma)
                t = _math.copysign(1.0, zeta) / (abs(zeta) + _math.sqrt(1.0 + zeta * zeta))
                c = 1.0 / _math.sqrt(1.0 + t * t)
                s = c * t
                u[p] = [c * x - s * y for x, y in zip(up, uq)]
                u[q] = [s * x + c * y for x, y in zip(up, uq)]
                vp, vq = v[p], v[q]
                v[p] = [c * x - s * y for x, y in zip(vp, vq)]
                v[q] = [s * x + c * y for x, y in zip(vp, vq)]
        if not rotated:
            break
    return u, v


def lstsq(a, b, rcond=None):
    """The least-squares solution x of a @ x = b, the residuals' squared norms, the
    rank of a and its singular values (an SVD, as LAPACK's gelsd: singular values
    below rcond times the largest count as zero)."""
    a = _np.asarray(a)
    b = _np.asarray(b)
    if a.ndim != 2:
        raise LinAlgError("%d-dimensional array given. Array must be two-dimensional" % a.ndim)
    m, n = a.shape
    vector = b.ndim == 1
    bb = b.reshape(m, 1) if vector else b
    if bb.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    if rcond is None:
        rcond = _np.finfo(_np.float64).eps * max(m, n)
    rows = [[float(x) for x in r] for r in a.tolist()]
    # Work on the taller of a and its transpose.
    wide = m < n
    mat = [list(col) for col in zip(*rows)] if wide else rows
    r, c = (n, m) if wide else (m, n)
    us, v = _jacobi_svd(r, c, mat)
    sv = [_math.sqrt(sum(x * x for x in col)) for col in us]
    order = sorted(range(c), key=lambda k: -sv[k])
    smax = sv[order[0]] if c else 0.0
    keep = [k for k in order if sv[k] > rcond * smax and sv[k] > 0.0]
    # a = U S V^T (or its transpose): x = V S^-1 U^T b.
    ucols = {k: [x / sv[k] for x in us[k]] for k in keep}
    xs = []
    for col in bb.T.tolist():
        x = [0.0] * n
        for k in keep:
            if wide:
                # a^T = U S V^T, so a = V S U^T and x = U S^-1 V^T b.
                coef = sum(vi * bi for vi, bi in zip(v[k], col)) / sv[k]
                for i in range(n):
                    x[i] += ucols[k][i] * coef
            else:
                coef = sum(ui * bi for ui, bi in zip(ucols[k], col)) / sv[k]
                for i in range(n):
                    x[i] += v[k][i] * coef
        xs.append(x)
    sol = _np.array(xs).T
    rank = len(keep)
    if rank == n and m > n:
        resid = bb - _np.dot(a.astype(_np.float64), sol)
        resids = (resid * resid).sum(axis=0)
    else:
        resids = _np.zeros(0)
    if vector:
        sol = sol.reshape(n)
    return sol, resids, _np.int64(rank), _np.array([sv[k] for k in order])
