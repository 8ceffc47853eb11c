"""particles: a particle update of five whole-array statements per step (forces,
accelerations, velocities, positions, damping), as numpy code writes it; compiled, the
statements fuse into one loop nest and allocate nothing.
"""

import sys
import time

import numpy as np

TINY_N = 64
TABLE_N = 250_000
LARGE_N = 1_000_000
STEPS = 200


def inputs(n):
    x = np.linspace(-1.0, 1.0, n)
    return x, np.zeros(n), np.zeros(n), np.zeros(n), 0.01, 2.0, 1.5


def particles(x, v, a, f, dt, k, m):
    for t in range(STEPS):
        f[:] = -k * x
        a[:] = f / m
        v += a * dt
        x += v * dt
        f *= 0.5
    return x, v


def checksum(result):
    x, v = result
    return float(x.sum()) + float(v.sum()) + float(x[::5].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = particles(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
