# Innermost loops that run two iterations at a time: float64 arithmetic of contiguous
# elements and of the loop variable, stores along the loop, sums carried from
# iteration to iteration. Each must
# give what the interpreter gives bit for bit, on odd and even lengths, and hand the
# right pair of iterations back when a value is not finite, a divisor is zero or a
# square root is negative halfway through.
import math

import numpy as np


def sweep(u, f, new, residual, h2):
    for i in range(1, u.shape[0] - 1):  # jit: compiled, vectorised
        for j in range(1, u.shape[1] - 1):
            new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - h2 * f[i, j])
            residual[i, j] = new[i, j] - u[i, j]


for n in (9, 10, 3):
    u = ((np.arange(n * n).reshape(n, n) * 7) % 17) / 17.0
    f = ((np.arange(n * n).reshape(n, n) * 5) % 13) / 13.0 - 0.5
    new, residual = u.copy(), np.zeros((n, n))
    sweep(u, f, new, residual, 0.01)
    print(n, new.sum(), residual.sum(), residual[1, 1:4])


def distances(x, y, out):
    n = x.shape[0]
    for i in range(n):  # jit: compiled, vectorised
        total = 0.0
        for j in range(n):
            dx = x[j] - x[i]
            dy = y[j] - y[i]
            total += math.sqrt(dx * dx + dy * dy)
        out[i] = total
    return out, dx, dy, total, j


x = np.linspace(0.0, 1.0, 37) ** 2
y = np.cos(np.arange(37.0))
print(distances(x, y, np.zeros(37)))


def dot(a, b):
    s = 0.0
    p = 1.0
    for k in range(a.shape[0]):  # jit: compiled, vectorised
        s += a[k] * b[k]
        p *= 1.0 + a[k] / 1024.0
    return s, p


a = np.arange(1001) / 7.0
b = np.sin(np.arange(1001.0)) * 1e3
print(dot(a, b))
print(dot(a[:1000], b[:1000]))


def scaled(a, b, c, d):
    for k in range(a.shape[0]):  # jit: compiled, vectorised, deopts
        c[k] = a[k] / b[k] + d
    return c


b = np.arange(1.0, 41.0)
print(scaled(np.ones(40), b, np.zeros(40), 2).sum())
b[25] = 0.0
try:
    print(scaled(np.ones(40), b, np.zeros(40), 2))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
with np.errstate(divide="ignore"):
    print(scaled(np.ones(40), b, np.zeros(40), 2.5)[24:27])
b[25] = -0.0
with np.errstate(divide="ignore"):
    print(scaled(np.ones(40), b, np.zeros(40), 1)[24:27])


def roots(a, out):
    for k in range(a.shape[0]):  # jit: compiled, vectorised, deopts
        out[k] = math.sqrt(a[k]) * 2.0
    return out


v = np.arange(30.0)
print(roots(v, np.zeros(30)).sum())
v[17] = -1.0
try:
    roots(v, np.zeros(30))
except ValueError as e:
    print("ValueError", e)


def grow(a):
    for k in range(a.shape[0]):  # jit: compiled, vectorised, deopts
        a[k] *= 1e300
        a[k] += 1.0
    return a


print(grow(np.full(20, 1e10))[:4])
print(grow(np.full(21, 1e-10))[-3:])


def from_indices(h, big, out, signs):
    # Python ints of the loop variable and invariants, computed in the lanes exactly:
    # `-(k - 3)` is 0, not -0.0, at k == 3 (so the product is -0.0, as in Python);
    # `big - k` past 2**48 keeps the loop scalar (2**53 + 1 - k is not a double).
    n = h.shape[0]
    for i in range(n):  # jit: compiled, vectorised
        for j in range(h.shape[1]):
            h[i, j] = 1.0 / (i + j + 1) - (j - 2) * 0.125
    for k in range(-5, n):  # jit: compiled, vectorised
        out[k + 5] = -(k - 3) * -1.5 + (big - k) * 0.5
        signs[k + 5] = -(k - 3) * -1.5
    return h, out, signs


for big in (3, 2**53 + 1, 3):
    h, out, signs = from_indices(np.zeros((7, 9)), big, np.zeros(12), np.ones(12))
    print(h.sum(), h[2, :4], out.tolist(), [math.copysign(1.0, x) for x in signs[6:10]])
