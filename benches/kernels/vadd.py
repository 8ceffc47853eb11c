"""vadd: element-wise addition of two float64 vectors, c = a + b.

ALPyNA's benchmark 11 (1K to 16M elements there): one parallel loop, two loads and a
store per iteration; the lightest kernel of the suite.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 10
TABLE_N = 1000000
LARGE_N = 16000000
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 30000


def inputs(n):
    i = np.arange(n)
    a = ((i * 7) % 101) / 101.0
    b = ((i * 11) % 103) / 103.0 - 0.25
    return a, b, np.zeros(n)


def vadd(a, b, c):
    for i in range(a.shape[0]):
        c[i] = a[i] + b[i]
    return c


def checksum(c):
    return float(c.sum()) + float(c[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = vadd(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
