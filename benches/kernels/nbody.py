"""nbody: the synthetic N-body kernel of unPython/jit4GPU, in double precision.

For each of n bodies, the sum of its distances to every body; the coordinates live in
three separate arrays (x, y, z), as in the paper. The i loop is parallel, the j loop
is a scalar reduction with a square root per pair.
"""

import math
import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 9
TABLE_N = 480
LARGE_N = 2560
# TILED_N: tests/gpu.rs runs it there on a simulated device of 1 MiB (TILED_CAP),
# which its footprint does not fit: in tiles.
TILED_N = 1500
TILED_CAP = "80K"


def inputs(n):
    i = np.arange(n)
    x = ((i * 7) % 101) / 10.1
    y = ((i * 13) % 103) / 10.3
    z = ((i * 29) % 107) / 10.7
    return x, y, z, np.zeros(n)


def nbody(x, y, z, dist):
    n = x.shape[0]
    for i in range(n):
        total = 0.0
        for j in range(n):
            dx = x[j] - x[i]
            dy = y[j] - y[i]
            dz = z[j] - z[i]
            total += math.sqrt(dx * dx + dy * dy + dz * dz)
        dist[i] = total
    return dist


def checksum(dist):
    return float(dist.sum()) + float(dist[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = nbody(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
