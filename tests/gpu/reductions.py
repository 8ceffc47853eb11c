# Reductions on the device: each thread starts from the operation's identity, each
# block's first thread folds its threads' partial results in thread order, and the
# host combines the blocks' in the iterations' order, as tier 2 combines its
# chunks'. Ints exactly (an overflow hands the nest to the CPU, which gives the
# interpreter's big int; numpy's wrapping ints stay serial); floats only under a
# grant (prange, fastmath), printed at a precision the reassociation cannot reach.
import numpy as np
from numba import njit, prange


def int_stats(xs):
    total = 0
    hi = -1
    lo = 10**6
    for i in range(xs.shape[0]):  # gpu: sim
        v = int(xs[i]) * 3 - 7
        total += v
        hi = max(hi, v)
        lo = min(lo, v)
    return total, hi, lo


def big(xs):
    total = 0
    for i in range(xs.shape[0]):  # gpu: failed
        total += int(xs[i]) * 4611686018427387904
    return total


def big_across_blocks(xs):
    # Each block of 128 threads folds its threads' partial results; here each
    # block's fits, and only the host's combining of two blocks overflows.
    total = 0
    for i in range(xs.shape[0]):  # gpu: failed
        total += int(xs[i]) * 4611686018427387904
    return total


@njit(parallel=True)
def dot(a, b):
    s = 0.0
    for i in prange(a.shape[0]):  # gpu: sim
        s += a[i] * b[i]
    return s


@njit(fastmath=True)
def row_norms(m, out):
    total = 0.0
    for i in range(m.shape[0]):  # gpu: sim
        r = 0.0
        for j in range(m.shape[1]):
            r += m[i, j] * m[i, j]
        out[i] = r
        total += r
    return total


xs = np.arange(-500, 700, dtype=np.int64)
for rep in range(3):
    print(int_stats(xs))

ys = np.zeros(300, dtype=np.int64)
for rep in range(3):
    if rep == 2:
        ys[100:110] = 3
    print(big(ys))

zs = np.zeros(300, dtype=np.int64)
for rep in range(3):
    if rep == 2:
        zs[30] = 1
        zs[250] = 1
    print(big_across_blocks(zs))

a = np.linspace(0.0, 1.0, 5000)
b = np.cos(np.arange(5000) * 0.01)
for rep in range(3):
    print(f"{dot(a, b):.9e}")

m = np.arange(600.0).reshape(30, 20) / 100.0
for rep in range(3):
    out = np.zeros(30)
    print(f"{row_norms(m, out):.9e}", out[:3])
