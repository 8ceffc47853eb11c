"""syr2k: symmetric rank-2k update C = alpha A B^T + alpha B A^T + beta C (full matrix).

ALPyNA's benchmark 10, Polybench's syr2k (8x8 to 4Kx4K there): two statements, the
scaling nest (2 parallel loops) and the update nest whose k loop carries the sum.
n is the side of C and the inner dimension of A and B.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 7
TABLE_N = 60
LARGE_N = 160
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 150


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * j + 1) % 17) / 17.0
    b = ((i * j + 2) % 13) / 13.0 - 0.5
    c = ((i * 3 + j) % 11) / 11.0
    return 1.5, 1.2, a, b, c


def syr2k(alpha, beta, a, b, c):
    n = c.shape[0]
    m = a.shape[1]
    for i in range(n):
        for j in range(n):
            c[i, j] *= beta
    for i in range(n):
        for j in range(n):
            for k in range(m):
                c[i, j] += alpha * a[i, k] * b[j, k] + alpha * b[i, k] * a[j, k]
    return c


def checksum(c):
    return float(c.sum()) + float(c[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = syr2k(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
