"""gemver: the Polybench vector-multiply-and-add kernel, four loop nests.

ALPyNA's benchmark 5 (8x8 to 16Kx16K there):
    A = A + u1 v1^T + u2 v2^T;  x = x + beta A^T y;  x = x + z;  w = w + alpha A x.
One 2-D nest is fully parallel, two are reductions along one axis, one is 1-D.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 360
LARGE_N = 1600
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 300


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * j + 3) % 31) / 31.0
    k = np.arange(n)
    u1 = (k % 7) / 7.0
    u2 = ((k + 1) % 11) / 22.0
    v1 = ((k * 3) % 13) / 26.0
    v2 = ((k * 5 + 2) % 17) / 17.0
    y = ((k * 2) % 19) / 19.0
    z = ((k * 7 + 1) % 23) / 23.0
    x = np.zeros(n)
    w = np.zeros(n)
    return 1.5, 1.2, a, u1, v1, u2, v2, w, x, y, z


def gemver(alpha, beta, a, u1, v1, u2, v2, w, x, y, z):
    n = a.shape[0]
    for i in range(n):
        for j in range(n):
            a[i, j] = a[i, j] + u1[i] * v1[j] + u2[i] * v2[j]
    for i in range(n):
        for j in range(n):
            x[i] = x[i] + beta * a[j, i] * y[j]
    for i in range(n):
        x[i] = x[i] + z[i]
    for i in range(n):
        for j in range(n):
            w[i] = w[i] + alpha * a[i, j] * x[j]
    return w, x


def checksum(result):
    w, x = result
    return float(w.sum()) + float(x.sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = gemver(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
