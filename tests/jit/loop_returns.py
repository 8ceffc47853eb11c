# `return` inside compiled loops (issue 17: Numba-style kernels return from inside
# their loops): the nest ends at once, from any depth, and the function returns the
# value (or None) as the interpreter would; a hand-back while computing the returned
# value runs that `return` again in the interpreter, whole.
import numpy as np


def first_above(a, t):
    for i in range(a.shape[0]):  # jit: compiled
        if a[i] > t:
            return i
    return -1


def escape_time(cr, ci, maxit):
    zr = zi = 0.0
    for n in range(maxit):  # jit: compiled
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
        if zr * zr + zi * zi > 4.0:
            return n
    return maxit


def find(a, v):
    for i in range(a.shape[0]):  # jit: compiled
        for j in range(a.shape[1]):
            if a[i, j] == v:
                return i * 100 + j
    return None


def scale_until_negative(a, out):
    for i in range(a.shape[0]):  # jit: compiled
        if a[i] < 0:
            return
        out[i] = a[i] * 2


def half_of_first_big(a):
    i = 0
    while i < a.shape[0]:  # jit: compiled
        if a[i] > 50:
            return a[i] / 2
        i += 1
    return 0


def big_product(a, k):
    for i in range(a.shape[0]):  # jit: compiled, deopts
        if a[i] == k:
            return a[i] * 2**61
    return 0


def converge(x0, roots, tol):
    x = x0
    for it in range(100):  # jit: compiled
        x = x - (x * x * x - 2.0) / (3.0 * x * x)
        for r in range(roots.shape[0]):
            if abs(x - roots[r]) < tol:
                return r, it, x
    return -1, 100, x


a = np.arange(100.0)
print([first_above(a, t) for t in (5.5, 50.0, 98.5, 200.0, -1.0)])
print([escape_time(-2 + 0.05 * k, 0.3, 60) for k in range(0, 60, 7)])
print(sum(escape_time(-2 + 0.05 * k, 0.3, 60) for k in range(60)))
b = np.arange(60).reshape(6, 10)
print([find(b, v) for v in (0, 37, 59, 77)])
out = np.zeros(100)
signal = np.arange(100.0) - 60
signal[:40] = 1.0
for _ in range(3):
    print(scale_until_negative(signal, out), out.sum())
print([half_of_first_big(np.arange(k, 100.0)) for k in (0, 60, 99)], half_of_first_big(a[:10]))
ints = np.arange(40)
print([big_product(ints, k) for k in (1, 3, 39, 50)])
print(big_product(ints, 7) == 7 * 2**61)
roots = np.array([2.0 ** (1 / 3), -5.0])
print([converge(x0, roots, 1e-12) for x0 in (0.5, 1.0, 3.0, 40.0)])
print(converge(1.0, roots, -1.0))
