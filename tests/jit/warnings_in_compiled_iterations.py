# numpy's RuntimeWarnings come from every iteration that makes one, compiled or not:
# compiled code hands the statement to the interpreter, which warns, whenever a numpy
# scalar operation would (a NaN from `**`, an integer scalar that wraps, a float
# division by zero, float32 overflow). Recorded with simplefilter("always") and
# counted per message and line. (Outside-tester report: 2 expected, 1 seen.)
import warnings
from collections import Counter

import numpy as np


def powers(x, y):
    s = 0.0
    for i in range(len(x)):  # jit: compiled, deopts
        s += x[i] ** y[i]
    return s


def wrapping(a):
    t = a[0]
    for i in range(len(a)):  # jit: compiled, deopts
        t = t + a[i]
    return t


def dividing(p, q):
    s = 0.0
    for i in range(len(p)):  # jit: compiled, deopts
        s += p[i] / q[i]
    return s


def single(f, g):
    s = f[0] - f[0]
    for i in range(len(f)):  # jit: compiled, deopts
        s = s + f[i] * g[i]
    return s


def recorded(f, *args):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        results = [repr(f(*args)) for _ in range(3)]
    counts = Counter((str(w.message), w.lineno) for w in seen)
    print(f.__name__, results, sorted(counts.items()))


x = np.full(300, 2, dtype=np.int8)
x[150] = -2
x[250] = -3
recorded(powers, x, np.full(300, 0.5))
recorded(wrapping, (np.arange(300) % 5).astype(np.int8))
q = np.ones(300)
q[100] = 0.0
q[200] = -0.0
recorded(dividing, np.arange(300.0), q)
f = np.ones(300, dtype=np.float32)
f[280] = 1e10
recorded(single, f, np.full(300, 1e30, dtype=np.float32))
