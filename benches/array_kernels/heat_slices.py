"""heat_slices: explicit 1-d heat equation, numpy style: one slice statement per step
over a double buffer whose names swap (issue 16's heat step).
"""

import sys
import time

import numpy as np

TINY_N = 64
TABLE_N = 250_000
LARGE_N = 1_000_000
STEPS = 200


def inputs(n):
    u = np.sin(np.linspace(0.0, 3.0, n))
    return u, u.copy(), 0.25


def heat_slices(u, new, r):
    for t in range(STEPS):
        new[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        new[0] = 0.0
        new[-1] = 0.0
        u, new = new, u
    return u


def checksum(u):
    return float(u.sum()) + float(u[::7].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = heat_slices(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
