"""wave_rotate: 1-d wave equation, leapfrog in time over three buffers whose names
rotate each step (`prev, cur, nxt = cur, nxt, prev`).
"""

import sys
import time

import numpy as np

TINY_N = 64
TABLE_N = 250_000
LARGE_N = 1_000_000
STEPS = 200


def inputs(n):
    x = np.linspace(0.0, 1.0, n)
    cur = np.exp(-200.0 * (x - 0.5) ** 2)
    return cur.copy(), cur, np.zeros(n), 0.25


def wave_rotate(prev, cur, nxt, c2):
    for t in range(STEPS):
        nxt[1:-1] = 2.0 * cur[1:-1] - prev[1:-1] + c2 * (cur[2:] - 2.0 * cur[1:-1] + cur[:-2])
        prev, cur, nxt = cur, nxt, prev
    return cur


def checksum(u):
    return float(u.sum()) + float(np.abs(u).sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = wave_rotate(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
