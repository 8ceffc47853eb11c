# Reductions across the outer loop: a Python int sum splits without any annotation
# (exact, its partial sums overflow-checked: one past 64 bits is the interpreter's to
# compute), while a float sum stays serial unless the loop is a `prange`, the user's
# word that grants reassociating it. Granted, its partial sums are combined over fixed
# blocks, so every thread count gives the same bits (printed as `threads-exact:`
# lines, compared across thread counts only), and the interpreter's value to 1e-12.
import numpy as np
from numba import prange

import kiln


def count_even(a):
    count = 0
    for i in range(a.shape[0]):  # tier2: parallel
        for j in range(a.shape[1]):
            if a[i, j] % 2 == 0:
                count += 1
    return count


def total_of(a):
    total = 0
    for i in range(a.shape[0]):  # tier2: serial(numpy integer)
        for j in range(a.shape[1]):
            total += a[i, j]
    return total


def extremes(n, m):
    best = -(10**6)
    worst = 10**6
    for i in range(n):  # tier2: parallel
        for j in range(m):
            v = (i * 37 + j * 11) % 101 - j
            best = max(best, v)
            worst = min(v, worst)
    return best, worst


def float_peak(x):
    peak = 0.0
    for i in range(x.shape[0]):  # tier2: serial(a NaN meets it)
        peak = max(peak, x[i] * 2.0)
    return peak


def big_product(n):
    p = 1
    for i in range(1, n):  # tier2: undone
        p *= i
    return p


def dot_serial(x, y):
    s = 0.0
    for i in range(x.shape[0]):  # tier2: serial(needs a grant)
        s += x[i] * y[i]
    return s


def dot_granted(x, y):
    s = 0.0
    for i in prange(x.shape[0]):  # tier2: parallel
        s += x[i] * y[i]
    return s


def norms_granted(a, out):
    total = 0.0
    for i in kiln.prange(a.shape[0]):  # tier2: parallel
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j] * a[i, j]
        out[i] = acc
        total += acc
    return total


def dependent_prange(a):
    for i in prange(1, a.shape[0]):  # tier2: serial(distance 1)
        a[i] = a[i - 1] * 0.5 + a[i]
    return a


a = (np.arange(120 * 7).reshape(120, 7) * 13) % 101
for rep in range(3):
    r = count_even(a), total_of(a)
print(r)
for rep in range(3):
    print(big_product(25))
for rep in range(3):
    r = extremes(300, 9)
print(r)
x = np.sin(np.arange(400) * 0.3)
x[200] = np.nan
for rep in range(3):
    r = float_peak(x)
print(r)

x = np.sin(np.arange(5000) * 0.01)
y = np.cos(np.arange(5000) * 0.013)
for rep in range(3):
    s = dot_serial(x, y)
print(s)
for rep in range(3):
    g = dot_granted(x, y)
print(f"{g:.9f}", abs(g - s) <= 1e-12 * abs(s))
print("threads-exact:", g.hex())

m = np.cos(np.arange(300 * 11).reshape(300, 11) * 0.07)
out = np.zeros(300)
for rep in range(3):
    t = norms_granted(m, out)
print(f"{t:.8f}", out[:3])
print("threads-exact:", t.hex())

v = np.arange(100) * 1.0
for rep in range(3):
    dependent_prange(v)
print(v[:4], v.sum())
