"""mandelbrot: escape-time counts of an n x n grid over [-2, 1] x [-1.5, 1.5].

ALPyNA's benchmark 8 (8x8 to 1Kx1K there): z <- z^2 + c per pixel for at most 100
iterations, with an early exit (break) and the complex square written as a tuple
assignment of scalars. The pixel loops are parallel; the iteration loop is carried.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 8
TABLE_N = 200
LARGE_N = 640
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 400
MAX_ITER = 100


def inputs(n):
    return np.zeros((n, n), dtype=np.int32), MAX_ITER


def mandelbrot(counts, max_iter):
    h = counts.shape[0]
    w = counts.shape[1]
    for i in range(h):
        ci = -1.5 + 3.0 * i / h
        for j in range(w):
            cr = -2.0 + 3.0 * j / w
            zr = 0.0
            zi = 0.0
            count = 0
            for _ in range(max_iter):
                if zr * zr + zi * zi > 4.0:
                    break
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                count += 1
            counts[i, j] = count
    return counts


def checksum(counts):
    return float(counts.sum()) + 2.0 * float(counts[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = mandelbrot(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
