"""transpose: out-of-place matrix transpose, B[j, i] = A[i, j], of an n x n matrix.

Yang et al.'s tp (1Kx1K to 8Kx8K there): a copy whose store walks columns, both
loops parallel. The checksum weights every third row so that a copy that forgot to
transpose does not pass.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 7
TABLE_N = 1100
LARGE_N = 4096
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 200


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = (i * 7 + j * 3) % 101 + 0.5 * (j % 2)
    return a, np.zeros((n, n))


def transpose(a, b):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            b[j, i] = a[i, j]
    return b


def checksum(b):
    return float(b.sum()) + float(b[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = transpose(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
