"""jacobi: one Jacobi sweep for the Poisson equation on an n x n grid, with residual.

ALPyNA's benchmark 7 (4x4 to 2Kx2K there): a perfect 2-deep nest of two statements
with a loop-independent true dependence (the residual reads the new value); both
loops are parallel. The boundary of `new` keeps the old values.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 440
LARGE_N = 2048
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 200


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    u = ((i * 3 + j * 7) % 17) / 17.0
    f = ((i * 11 + j * 5) % 13) / 13.0 - 0.5
    new = u.copy()
    residual = np.zeros((n, n))
    h = 1.0 / (n - 1)
    return u, f, h * h, new, residual


def jacobi(u, f, h2, new, residual):
    for i in range(1, u.shape[0] - 1):
        for j in range(1, u.shape[1] - 1):
            new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - h2 * f[i, j])
            residual[i, j] = new[i, j] - u[i, j]
    return new, residual


def checksum(result):
    new, residual = result
    return float(new.sum()) + float(new[::3].sum()) + float(residual.sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = jacobi(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
