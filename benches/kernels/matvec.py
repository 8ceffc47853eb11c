"""matvec: matrix-vector product y = A x with an n x n matrix.

Yang et al.'s mv (1Kx1K to 4Kx4K there): the row loop is parallel, the column loop a
scalar reduction.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 7
TABLE_N = 900
LARGE_N = 4096
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 300


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * 5 + j * 9) % 37) / 37.0 - 0.5
    x = (np.arange(n) % 11) / 11.0
    return a, x, np.zeros(n)


def matvec(a, x, y):
    for i in range(a.shape[0]):
        s = 0.0
        for j in range(a.shape[1]):
            s += a[i, j] * x[j]
        y[i] = s
    return y


def checksum(y):
    return float(y.sum()) + float(y[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = matvec(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
