# Numba-decorated code as people write it (issue 17): `@njit` helpers are inlined into
# the loops that call them (the decorator returns the function itself; a guard checks
# on entry that the name still holds it), `prange` and `nb.prange` loops compile as
# `range` loops, and a decorator that returns a wrapper leaves the call interpreted,
# never inlining the wrong body. A decorated function's loops are hot at once (Numba
# compiles at the first call): an inner loop runs only as part of its outer one.
import functools

import numba
import numba as nb
import numpy as np
from numba import jit, njit, prange


@njit(fastmath=True)
def kinetic(v, m):
    return 0.5 * m * v * v


@jit(nopython=True, cache=True)
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def energies(v, m):
    out = np.empty(v.shape[0])
    for i in range(v.shape[0]):  # jit: compiled
        out[i] = clamp(kinetic(v[i], m), 0.0, 2.0)
    return out


@njit(parallel=True)
def row_sums(a):  # jit: compiled
    out = np.zeros(a.shape[0])
    for i in prange(a.shape[0]):
        s = 0.0
        for j in prange(a.shape[1]):
            s += a[i, j]
        out[i] = s
    return out


@numba.njit(parallel=True)
def scaled(a, k):  # jit: compiled
    out = np.empty_like(a)
    for i in nb.prange(a.shape[0]):
        for j in numba.prange(a.shape[1]):
            out[i, j] = a[i, j] * k
    return out


def logged(f):
    @functools.wraps(f)
    def wrapper(*args):
        return f(*args)

    return wrapper


@logged
def twice(x):
    return 2.0 * x


def through_wrapper(v):
    s = 0.0
    for i in range(v.shape[0]):
        s += twice(v[i])
    return s


v = np.linspace(-3.0, 3.0, 301)
print(energies(v, 0.5)[::50])
print(energies(v, 1.0)[::60])
a = np.arange(12.0 * 40).reshape(40, 12) / 8
print(row_sums(a)[::7])
print(scaled(a, 0.25)[::13, ::5])
print(through_wrapper(v))
kinetic = njit(lambda v, m: m * v)  # rebinding the name: the guard notices
print(energies(v, 0.5)[::50])
