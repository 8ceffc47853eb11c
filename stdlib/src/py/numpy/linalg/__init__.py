"""numpy.linalg: norm, solve, inv and det (LU with partial pivoting, as LAPACK's
getrf does, so well-conditioned systems agree with numpy to rounding)."""

import math

import numpy as np


class LinAlgError(ValueError):
    pass


def norm(x, ord=None, axis=None, keepdims=False):
    x = np.asarray(x)
    if x.dtype.kind in "biu":
        x = x.astype(np.float64)
    if ord is None:
        if x.dtype.kind == "c":
            sq = (x.real * x.real + x.imag * x.imag)
        else:
            sq = x * x
        return np.sqrt(sq.sum(axis=axis, keepdims=keepdims))
    a = np.abs(x)
    if ord == np.inf:
        return a.max(axis=axis) if x.ndim == 1 or axis is not None else a.sum(axis=1).max()
    if ord == 1:
        return a.sum(axis=axis) if x.ndim == 1 or axis is not None else a.sum(axis=0).max()
    if ord == "fro":
        return np.sqrt((a * a).sum())
    return np.power(np.power(a, ord).sum(axis=axis), 1.0 / ord)


def _square(a):
    a = np.asarray(a)
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
        return np.float64(0.0)
    # As numpy's umath_linalg: the sign times exp of the summed log-magnitudes.
    logdet = 0.0
    for i in range(len(m)):
        if m[i][i] < 0:
            sign = -sign
        logdet += math.log(abs(m[i][i]))
    return np.float64(sign * math.exp(logdet))


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
    b = np.asarray(b)
    m, perm, _, ok = _lu(a)
    if not ok:
        raise LinAlgError("Singular matrix")
    if b.ndim == 1:
        return np.array(_solve_lu(m, perm, [float(v) for v in b.tolist()]))
    cols = [_solve_lu(m, perm, [float(v) for v in col]) for col in b.T.tolist()]
    return np.array(cols).T.copy()


def inv(a):
    a = _square(a)
    return solve(a, np.eye(a.shape[0]))
