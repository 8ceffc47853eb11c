# Reductions where a number is wanted compile (issue 16: `a[i].sum()`, `a.max()`,
# `np.max(...)` kept a tenth of the hot loops of a numeric suite interpreted): of a 1-d
# view or an elementwise expression of them, `sum` and `mean` in numpy's pairwise
# order (bit for bit the interpreter's), `max` and `min` with numpy's NaN rule, an
# empty one raising numpy's ValueError; a sum of comparisons as numpy's int64 count
# (and its mean); the total of a whole C-ordered matrix as one pairwise sum (another
# layout hands back); and `np.minimum`/`np.maximum` elementwise.
import numpy as np
from numba import njit
def sums(a, out):
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = a[i].sum() + np.sum(a[i, ::2]) + a[:, i % a.shape[1]].mean()
    return out
def exprs(a, b, out):
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = (a[i] * b[i]).sum() - np.sum(a[i] - b[i].mean()) 
    return out
def extremes(a, out):
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = a[i].max() - np.min(a[i, 1:]) + abs(a[i] - 0.5).max()
    return out
def positions(a, out):
    # The first largest and smallest, a NaN counting as both (numpy's rule).
    for i in range(a.shape[0]):  # jit: compiled
        out[i] = a[i].argmax() * 1000 + np.argmin(a[i, 1:]) + np.argmax(abs(a[i] - 0.5))
    return out
def ints(a):
    t = 0
    for i in range(a.shape[0]):  # jit: compiled
        t += a[i].max() - a[i].min()
    return t
def mins(d, n):
    for k in range(n):  # jit: compiled
        for i in range(n):
            d[i, :] = np.minimum(d[i, :], d[i, k] + d[k, :])
    return d
def counts(a):
    total = 0
    share = 0.0
    for i in range(a.shape[0]):  # jit: compiled
        total += (a[i] > 0.5).sum() + np.sum(a[i, 1:] <= a[i, :-1])
        share += (a[i] != a[i, 0]).mean()
    return total, share, type(total).__name__
@njit
def total(m):  # jit: compiled, deopts
    return m.sum() + np.mean(m)
def empty(a):
    # a[0, :0] is empty: numpy raises at once (this loop never gets hot).
    s = 0.0
    try:
        for i in range(a.shape[0]):
            s += a[i, :i].max()
    except ValueError as e:
        print("ValueError:", e)
    return s
def cholesky(A):
    n = A.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(i + 1):
            s = A[i, j] - (A[i, :j] * A[j, :j]).sum()
            if i == j:
                A[i, i] = s ** 0.5
            else:
                A[i, j] = s / A[j, j]
    return A
rng = np.random.default_rng(3)
a = rng.standard_normal((40, 300)); b = rng.standard_normal((40, 300))
print(sums(a, np.zeros(40))[:3])
print(exprs(a, b, np.zeros(40))[:3])
a[3, 7] = np.nan
print(extremes(a, np.zeros(40))[:5])
print(positions(a, np.zeros(40))[:6])
print(positions(np.arange(200).reshape(40, 5) % 7, np.zeros(40, np.int64))[:6])
print(ints(np.arange(200).reshape(40, 5) % 7))
d = rng.integers(1, 10, (30, 30)).astype(float)
print(mins(d, 30)[:2, :6])
print(empty(np.arange(50.0).reshape(25, 2)))
n = 30
m = rng.standard_normal((n, n)); spd = m @ m.T + n * np.eye(n)
print(cholesky(spd.copy())[-1, -4:])
f = a.astype(np.float32)
print(sums(f, np.zeros(40, np.float32))[:3])
print(counts(a))
big = rng.standard_normal((60, 70))
print([total(m) for m in [big] * 30 + [big.T, big[:, 1:], big[:1, ::3]]][-5:])
