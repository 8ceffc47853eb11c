# Functions and loops that make their own arrays compile (issue 17: `out =
# np.zeros_like(u)` kept ~24 decorated kernels interpreted): `np.zeros`, `np.empty`,
# `np.ones`, their `_like` forms, `np.zeros(a.shape)`, with `dtype=` named as numpy,
# a builtin or a string does, are made in compiled code's own memory, and `return out`
# (or `return a, b`) gives the caller ndarrays of those values. A negative length hands
# the statement back (numpy raises ValueError); a name given arrays of two kinds stays
# interpreted.
import numpy as np
from numba import njit


@njit
def distances(X):  # jit: compiled
    # The array the loop fills is handed to the caller as it is (no copy): each
    # call's result must be its own, unchanged by the calls after it.
    n = X.shape[0]
    D = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            D[i, j] = abs(X[i] - X[j])
    return D


@njit
def laplacian(u):  # jit: compiled
    lap = np.zeros_like(u)
    lap[1:-1] = u[2:] - 2.0 * u[1:-1] + u[:-2]
    return lap


@njit
def cumulative(x):  # jit: compiled
    out = np.empty(x.shape[0] + 1, dtype=np.float64)
    out[0] = 0.0
    for i in range(x.shape[0]):
        out[i + 1] = out[i] + x[i]
    return out


@njit
def sieve(n):  # jit: compiled
    mask = np.ones(n + 1, dtype=np.bool_)
    mask[:2] = False
    for p in range(2, int(n**0.5) + 1):
        if mask[p]:
            for q in range(p * p, n + 1, p):
                mask[q] = False
    return mask


@njit
def row_norms(a):  # jit: compiled
    n, m = a.shape
    out = np.empty(n)
    for i in range(n):
        row = np.zeros(m)
        for j in range(m):
            row[j] = a[i, j] * a[i, j]
        out[i] = np.sqrt(row.sum())
    return out


@njit
def histogram2(x, nb):  # jit: compiled, deopts
    h = np.zeros((nb, 2), dtype="int64")
    for v in x:
        k = int(v * nb)
        h[k, 0] += 1
        h[k, 1] += k
    return h


@njit
def counts(n):  # jit: compiled, deopts
    z = np.zeros(n + 1, np.int32)
    for i in range(3):
        z[0] += i
    return z


@njit
def pair(x):  # jit: compiled
    a = x * 2.0
    b = np.zeros_like(x)
    for i in range(x.shape[0]):
        b[i] = a[i] + 1.0
    return a, b, b


def smooth_all(g, steps):
    for t in range(steps):  # jit: compiled
        acc = np.zeros(g.shape)
        acc[1:-1, 1:-1] = 0.25 * (g[2:, 1:-1] + g[:-2, 1:-1] + g[1:-1, 2:] + g[1:-1, :-2])
        g[1:-1, 1:-1] = acc[1:-1, 1:-1]
        w = np.ones_like(g[0], dtype=np.float32)
    return g, acc.shape, w


def kinds(n):
    total = 0.0
    for i in range(40):  # stays interpreted: `a` holds arrays of two dtypes
        if i % 2:
            a = np.zeros(n)
        else:
            a = np.zeros(n, dtype=np.int64)
        total += a.sum()
    return total


x = np.linspace(0.0, 0.99, 11)
u = x**2
A = np.arange(12.0).reshape(3, 4)
for k in range(30):
    lap = laplacian(u)
    c = cumulative(x)
    s = sieve(40)
    r = row_norms(A)
    h = histogram2(x, 4)
    z = counts(3)
print(lap, lap.dtype, lap is laplacian(u))
for k in range(30):
    p = pair(x[:4])
print(p, p[1] is p[2], p[0] is p[1])
print(c)
print(np.nonzero(s)[0], s.dtype)
print(r)
print(h, h.dtype)
print(z, z.dtype)
print(histogram2(x[:3], 2))
try:
    print(histogram2(np.array([0.25, 1.25]), 2))
except IndexError as e:
    print("IndexError", e)
for k in range(5):
    try:
        print(counts(2 - 2 * k))
    except ValueError as e:
        print("ValueError", e)
g = np.zeros((6, 7))
g[0] = 1.0
out = smooth_all(g, 40)
print(out[0][1:3, :4], out[1], out[2], out[2].dtype)
print(kinds(4))
kept = [distances(x[:5] * k) for k in range(1, 40)]
print(kept[0], kept[1][4], kept[-1][3])
kept[0][0, 0] = -1.0
print(distances(x[:5])[0, 0], kept[0][0, 0], kept[0] is kept[1], kept[0].strides)
