"""gemm: C = alpha * A @ B + beta * C as the naive triple loop of Polybench.

ALPyNA's benchmark 4 (16x16 to 2Kx2K there). n is the side of the square matrices.
The k loop carries the accumulation into c[i, j]; the i and j loops are parallel.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 7
TABLE_N = 80
LARGE_N = 256
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 150


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * 7 + j * 3) % 23) / 23.0
    b = ((i * 5 + j * 11) % 19) / 19.0 - 0.5
    c = ((i + j * 2) % 13) / 13.0
    return 1.5, 1.2, a, b, c


def gemm(alpha, beta, a, b, c):
    for i in range(c.shape[0]):
        for j in range(c.shape[1]):
            c[i, j] *= beta
            for k in range(a.shape[1]):
                c[i, j] += alpha * a[i, k] * b[k, j]
    return c


def checksum(c):
    return float(c.sum()) + float(c[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = gemm(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
