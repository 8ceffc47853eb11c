"""stencil: out-of-place 5-point stencil iterated 8 times, swapping the two arrays.

unPython/jit4GPU's 5-point stencil (double precision), the test of several references
to one array: b[i, j] is the average of a[i, j] and its four neighbours; after each
sweep the roles of a and b swap. The border is fixed. n is the side of the grid.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 160
LARGE_N = 768
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 200
STEPS = 8


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    a = ((i * 13 + j * 7) % 31) / 31.0
    return a, a.copy(), STEPS


def stencil(a, b, steps):
    for t in range(steps):
        for i in range(1, a.shape[0] - 1):
            for j in range(1, a.shape[1] - 1):
                b[i, j] = 0.2 * (a[i, j] + a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])
        a, b = b, a
    return a


def checksum(a):
    return float(a.sum()) + float(a[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = stencil(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
