"""conv2d: 2-D convolution of an n x n image with a 5 x 5 filter ("valid" output).

ALPyNA's benchmark 2 (16x16 to 16Kx16K there): y[r, c] = sum over u, v of
x[r + u, c + v] * h[M - 1 - u, M - 1 - v]. Four loops: the two output loops are
parallel, the two filter loops accumulate.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 9
TABLE_N = 160
LARGE_N = 768
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 260
FILTER = 5


def inputs(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    image = ((i * 17 + j * 5) % 29) / 29.0
    u = np.arange(FILTER).reshape(FILTER, 1)
    v = np.arange(FILTER).reshape(1, FILTER)
    filt = ((u * 3 + v * 7) % 11) / 11.0 - 0.4
    out = np.zeros((n - FILTER + 1, n - FILTER + 1))
    return image, filt, out


def conv2d(image, filt, out):
    m = filt.shape[0]
    for r in range(out.shape[0]):
        for c in range(out.shape[1]):
            acc = 0.0
            for u in range(m):
                for v in range(m):
                    acc += image[r + u, c + v] * filt[m - 1 - u, m - 1 - v]
            out[r, c] = acc
    return out


def checksum(out):
    return float(out.sum()) + float(out[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = conv2d(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
