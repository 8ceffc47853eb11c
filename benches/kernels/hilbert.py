"""hilbert: fill the n x n Hilbert matrix, H[i, j] = 1 / (i + j + 1).

ALPyNA's benchmark 6 (16x16 to 4Kx4K there): a 2-D nest with stores only, no loads;
both loops are parallel.
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
    return (np.zeros((n, n)),)


def hilbert(h):
    for i in range(h.shape[0]):
        for j in range(h.shape[1]):
            h[i, j] = 1.0 / (i + j + 1)
    return h


def checksum(h):
    return float(h.sum()) + float(h[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = hilbert(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
