# Helpers that take or make arrays, called inside hot loops, compile (issue 17:
# `v += c2dt * laplacian(u)`, `totals[k] = diag_terms(a * s)`, `r.sum()` in a helper):
# an array argument that is an expression or a view is made first, a helper without
# loops that stores only into arrays it makes runs before the calling statement, and
# `y = f(x)` gives the array the helper makes to `y` itself. A check that fails in a
# helper (shapes numpy cannot broadcast, an invalid sqrt) hands the whole calling
# statement back, so the interpreter raises or warns as numpy does.
import warnings

import numpy as np


def laplacian(u):
    lap = np.zeros_like(u)
    lap[1:-1] = u[2:] - 2.0 * u[1:-1] + u[:-2]
    return lap


def wave(u, v, c2dt, steps):
    for step in range(steps):  # jit: compiled, clean
        v += c2dt * laplacian(u)
        u += v
    return u, v


def energy(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * a[i]
    return s


def rowsum(r):
    return r.sum()


def scaled_energies(a, m, n):
    out = np.zeros(n)
    for k in range(n):  # jit: compiled
        out[k] = energy(a * (1.0 + k / 8.0)) + rowsum(m[k % 3, 1:])
    return out


def smooth(u):
    return 0.5 * (u[2:] + u[:-2])


def smoothed(u, steps):
    total = 0.0
    for step in range(steps):  # jit: compiled
        w = smooth(u)
        u[1:-1] = w
        total += w[0]
    return u, total


def diff(a, b):
    return a - b


def diffs(a, bs):
    total = 0.0
    for k in range(bs.shape[0]):  # jit: compiled, deopts
        d = diff(a[: 4 - (k > 25)], bs[k])
        total += d.sum()
    return total


def roots(x):
    return np.sqrt(x - 1.0)


def root_sums(x, n):
    total = 0.0
    for k in range(n):  # jit: compiled, deopts
        total += roots(x + (k > 30) * -5.0).sum()
    return total


u = np.sin(np.linspace(0.0, 3.0, 24))
r = wave(u.copy(), np.zeros(24), 0.1, 60)
print(r[0][:5], r[1][:5])
a = np.linspace(0.0, 1.0, 7)
m = np.arange(12.0).reshape(3, 4)
print(scaled_energies(a, m, 40)[::7])
print(smoothed(u.copy(), 50))
try:
    print(diffs(np.arange(4.0), np.arange(160.0).reshape(40, 4)))
except ValueError as e:
    print("ValueError", e)
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    print(root_sums(np.linspace(2.0, 3.0, 5), 40))
for w in seen:
    print(w.category.__name__, w.message)
