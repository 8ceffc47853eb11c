# Tuples bound to names in compiled loops (issue 17): `best = (i, j)` kept as the loop
# goes and read after it, a tuple assigned and read back in the same iteration (`p[0]`,
# `p[-1]`, `len(p)`), elements of several types (ints, floats, numpy scalars, complex
# numbers), a function compiled whole returning one, a loop that hands back to the
# interpreter half way with a tuple assigned, and a tuple the loop reads before it
# assigns it, which stays interpreted.
import numpy as np
from numba import njit


def argmax2(S):
    best = -1.0
    pair = (0, 0)
    n = S.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(i + 1, n):
            if S[i, j] > best:
                best = S[i, j]
                pair = (i, j)
    return best, pair


def read_back(a):
    s = 0.0
    for i in range(a.shape[0] - 1):  # jit: compiled
        p = (a[i], a[i + 1] * 0.5, i)
        s += p[0] - p[-2] + len(p) + p[2] % 3
    return s, p


def complex_pair(n):
    z = 0j
    for k in range(n):  # jit: compiled
        w = complex(k, -k) * 0.5
        zz = (w, w * w)
        z += zz[1] - zz[0]
    return z, zz


@njit
def closest(x, c):
    hit = (-1, 1e300)
    for i in range(x.shape[0]):
        d = abs(x[i] - c)
        if d < hit[1]:
            hit = (i, d)
    return hit


def with_overflow(n):
    acc = 1
    last = (0, 0)
    for k in range(n):  # jit: compiled, deopts
        acc = acc * 7 + k
        last = (k, acc % 1000)
    return acc, last


def read_first(n):
    t = (0, 1)
    s = 0
    for k in range(n):  # stays interpreted: `t` is read before the loop assigns it
        s += t[0] + t[1]
        t = (t[1], k)
    return s, t


S = np.cos(np.arange(144.0).reshape(12, 12) * 0.37)
print(argmax2(S))
print(read_back(np.linspace(-1.0, 2.0, 50)))
print(complex_pair(40))
for c in (0.25, 1.75, -3.0):
    print(closest(np.linspace(-1.0, 2.0, 60), c))
print(with_overflow(60))
print(read_first(50))
