"""rank2k: symmetric rank-2k update of the lower triangle, C = alpha (A B^T + B A^T) + beta C.

unPython/jit4GPU's rank-2k update (BLAS dsyr2k, double precision): a triangular nest,
j runs up to i, with the k sum kept in a scalar (unlike the full-matrix Polybench
syr2k, which accumulates into C). n is the side of C, A and B.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 7
TABLE_N = 88
LARGE_N = 240
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 150


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * 5 + j * 3) % 19) / 19.0 - 0.3
    b = ((i * 7 + j * 2) % 17) / 17.0
    c = ((i * 2 + j * 7) % 23) / 23.0
    return 0.5, 1.2, a, b, c


def rank2k(alpha, beta, a, b, c):
    n = c.shape[0]
    m = a.shape[1]
    for i in range(n):
        for j in range(i + 1):
            s = 0.0
            for k in range(m):
                s += a[i, k] * b[j, k] + b[i, k] * a[j, k]
            c[i, j] = alpha * s + beta * c[i, j]
    return c


def checksum(c):
    return float(c.sum()) + float(c[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = rank2k(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
