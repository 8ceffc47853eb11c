"""saxpy: y = a * x + y in single precision (float32 arrays, float32 scalar a).

ALPyNA's benchmark 9 (1K to 32M elements there): one parallel loop. Every operand is
float32, so every contender computes in float32.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 10
TABLE_N = 700000
LARGE_N = 16000000
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 100000


def inputs(n):
    i = np.arange(n)
    x = (((i * 7) % 101) / 101.0).astype(np.float32)
    y = (((i * 3) % 37) / 37.0 - 0.5).astype(np.float32)
    return np.float32(2.5), x, y


def saxpy(a, x, y):
    for i in range(x.shape[0]):
        y[i] = a * x[i] + y[i]
    return y


def checksum(y):
    return float(y.astype(np.float64).sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = saxpy(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
