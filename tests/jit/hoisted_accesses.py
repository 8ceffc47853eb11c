# Innermost loops whose subscripts are proven before they run: addresses computed once
# per loop, `c[i, j] op= ...` reading the value it stored on the previous iteration,
# the unit-step increment without an overflow check, and math functions called in the
# C library directly. Each must give exactly what the interpreter gives, also when an
# alias, an inf or a bad argument turns up in the middle of such a loop.
import math

import numpy as np


def gemm(a, b, c):
    for i in range(c.shape[0]):  # jit: compiled
        for j in range(c.shape[1]):
            for k in range(a.shape[1]):
                c[i, j] += a[i, k] * b[k, j]
    return c


n = 12
a = (np.arange(n * n).reshape(n, n) % 7) / 7.0
b = (np.arange(n * n).reshape(n, n) % 5) / 5.0 - 0.5
print(gemm(a, b, np.ones((n, n))).sum())

# c aliases a: every a[i, k] the loop reads after a store to c[i, j] must see it.
c = a.copy()
print(gemm(c, b, c).sum(), c[3, 3], c[7, 1])
c = a.copy()
print(gemm(c.T, b, c).sum())

# The element read by `op=` is also stored by another statement in the loop.
d = np.zeros(8)
for i in range(8):  # jit: compiled
    for k in range(30):
        d[i] += k * 0.5
        d[i] = d[i] * 0.75
print(d)

# An element that becomes inf in the middle of the accumulation: numpy warns, once.
big = np.full(40, 1e307)
total = np.zeros(2)
for r in range(2):  # jit: compiled, deopts
    for k in range(40):
        total[r] += big[k]
print(total)

# The outer variable of a stencil goes out of the proven range on its last rows.
u = np.arange(64.0).reshape(8, 8)
out = np.zeros((8, 8))
try:
    for i in range(1, 9):  # jit: compiled, deopts
        for j in range(1, 7):
            out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1]
except IndexError as e:
    print("IndexError:", e, i, j)
print(out.sum())

# Stepping by one up to the largest stop and down from it.
last = 0
for i in range(2**63 - 50, 2**63 - 1):  # jit: compiled
    last = i
print(last)
for i in range(-(2**63) + 50, -(2**63), -1):  # jit: compiled
    last = i
print(last)


def curve(xs, out):
    for i in range(len(xs)):  # jit: compiled, deopts
        x = xs[i]
        out[i] = math.exp(x) + math.log(x + 2.0) + math.sin(x) * math.cos(x) + math.tanh(x)
    return out


xs = np.linspace(-1.5, 3.0, 200)
print(curve(xs, np.zeros(200)).sum())
for bad in (800.0, -2.0, math.inf, math.nan):
    ys = xs.copy()
    ys[150] = bad
    try:
        print(curve(ys, np.zeros(200))[149:152])
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
