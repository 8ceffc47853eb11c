# `@` and `np.dot` of two 1-d views inside loops compile (issue 16: a quarter of the
# hot loops of a numeric suite stayed interpreted on them): the product is computed by
# the matrix product the interpreter's `@` calls, so its bits are the interpreter's.
# Lengths that differ hand the statement back, and the interpreter raises numpy's
# error; products of other shapes stay interpreted.
import numpy as np


def mm(a, b, c):
    n, m = c.shape
    for i in range(n):  # jit: compiled
        for j in range(m):
            c[i, j] = a[i, :] @ b[:, j]
    return c


def norms(a, out):
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = np.dot(a[i], a[i])
    return out


def strided(x, w, s):
    for i in range(x.shape[0]):  # jit: compiled
        s += x[i, ::2] @ w[1::2] * 0.5 + x[i, -3:] @ w[:3] - x[i, ::-1] @ w
    return s


def lengths(x, w):
    s = 0.0
    try:
        for i in range(x.shape[0]):  # jit: compiled, deopts
            s += x[i, : 4 + (i > 30)] @ w[:4]
    except ValueError as e:
        print("ValueError:", e)
    return s


def empty(x, w):
    s = 0.0
    for i in range(x.shape[0]):  # jit: compiled
        s += x[i, 8:] @ w[:0] + x[i, :0] @ w[3:3]
    return s


def ints(a):
    t = 0
    for i in range(a.shape[0]):  # jit: compiled
        t += a[i] @ a[i]
    return t


rng = np.random.default_rng(1)
a = rng.standard_normal((30, 17))
b = rng.standard_normal((17, 25))
c = mm(a, b, np.zeros((30, 25)))
print(repr(c[3, 4]), repr(c.sum()), repr(c[-1, -1]))
print(norms(a, np.zeros(30))[:4])
print(repr(strided(rng.standard_normal((50, 8)), rng.standard_normal(8), 0.0)))
print(repr(lengths(rng.standard_normal((40, 8)), rng.standard_normal(8))))
print(repr(empty(rng.standard_normal((40, 8)), rng.standard_normal(8))))
print(norms(a.astype(np.float32), np.zeros(30, np.float32))[:4])
print(ints(np.arange(60).reshape(30, 2)))
big = rng.standard_normal((25, 700))
print(norms(big, np.zeros(25))[:3])


def gram(x, G):
    # Chained assignment to elements: the value once, then each target in order.
    n = x.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(i + 1):
            G[i, j] = G[j, i] = np.dot(x[i], x[j])
    return G


def int_products(v):
    # Integer vectors: summed in order; an overflow (wrapped silently by numpy's
    # product) hands the statement back.
    t = 0
    for i in range(v.shape[0]):  # jit: compiled
        t += v[i] @ v[(i + 1) % v.shape[0]]
    return t


print(gram(np.arange(60.0).reshape(12, 5) % 7 / 4, np.zeros((12, 12)))[3:5, :6])
print(int_products(np.arange(120).reshape(40, 3) % 11))
print(int_products((np.arange(120).reshape(40, 3) % 11).astype(np.int32)))
print(int_products(np.full((40, 3), 2**40)))
