# numpy's functions and scalar types on numbers inside loops, as numeric code calls
# them (issue 17): `np.tanh(a[i, i])`, `from numpy import exp`, a name bound to math's
# function instead, `np.float64(i)`, `np.int32(x)`. A bare name is compiled as what it
# is bound to when the loop gets hot (numpy's ufunc or math's function), and checked on
# every entry: rebinding it gives the loop another specialisation. A conversion numpy
# would warn or raise for (float32 overflow, an int32 out of range) hands back.
import math
import warnings

import numpy as np
from numpy import exp, sqrt

warnings.simplefilter("always")


def diagonal(a, n):
    s = 0.0
    for i in range(n):  # jit: compiled
        s += np.tanh(a[i, i]) + np.sqrt(abs(a[i, i])) + exp(-a[i, i] * 0.5)
    return s


def bare_names(x, n):
    s = np.float64(0.0)
    for i in range(n):  # jit: compiled
        s += sqrt(x[i]) + exp(x[i] * 0.01)
    return s


def casts(n):
    s = 0.0
    t = 0
    for i in range(n):  # jit: compiled
        s += np.float64(i) / 7 + np.float32(i * 0.1)
        t += np.int32(i * 2.5) + np.int64(-i / 3)
    return s, t


def cast_overflow(n):
    s = 0.0
    for i in range(n):  # jit: compiled, deopts
        s += np.float32(10.0 ** (i - 10)) + np.int8(i)
    return s


a = np.linspace(-2.0, 2.0, 1600).reshape(40, 40) @ np.ones((40, 40)) / 40
print(diagonal(a, 40))
x = np.linspace(-1.0, 4.0, 300)
print(bare_names(x, 300))
print(casts(300))
try:
    print(cast_overflow(140))
except OverflowError as e:
    print("OverflowError:", e)
# The same names bound to math's functions: Python's rules (a ValueError for
# sqrt(-1), which numpy's gives as nan with a warning).
exp, sqrt = math.exp, math.sqrt
print(bare_names(np.linspace(0.0, 4.0, 300), 300))
try:
    print(bare_names(x, 300))
except ValueError:
    print("ValueError")


# A numpy function in the condition of a conditional expression: its warning (sqrt of
# a negative) is numpy's whichever branch runs (the differential tester found it lost
# when the condition was false).
def branch_on_sqrt(m, n):
    x = 0.0
    for i in range(n):  # jit: compiled, deopts
        x += 1.0 if 0 <= np.sqrt(m[i % 5]) else 2.0
    return x


print(branch_on_sqrt(np.arange(-2, 3), 40))


# `np.sign` of floats: +0.0 for both zeros, NaN for NaN (handed back: not finite).
def signs(v, n):
    s = 0.0
    t = 0.0
    for i in range(n):  # jit: compiled
        s += np.sign(v[i % 7]) * (i + 1)
        t += np.sign(v[i % 7] * 1e300) + np.sign(-0.0 * v[i % 7])
    return s, t


print(signs(np.array([-2.5, -0.0, 0.0, 3.0, 1e-320, -7.0, 0.5]), 60))
print(signs(np.array([-2.5, -0.0, np.nan, 3.0, 1e-320, -7.0, 0.5]), 60))


# `np.abs` of integers is an integer (numpy's int64 loop): past 2**53 a float64 would
# lose the last digits (the differential tester found an int64 array statement off by 3).
def int_abs(a, r):
    for t in range(40):
        r[1:3] = np.abs(a[1:3] * a[0:2])
        r[0] = np.abs(a[t % 3] * 3037000499)
    return r


print(int_abs(np.array([-3037000499, 3037000493, -7], dtype=np.int64), np.zeros(3, dtype=np.int64)))
