"""brownian_gauss: paths of geometric Brownian motion drawn with `random.gauss(0.0,
sqrt(dt))`, the running maximum and a barrier count; compiled, each draw is the
standard library's `gauss` on the interpreter's own generator (its `gauss_next` kept
between calls), so the sequence is Python's.
"""

import math
import random
import sys
import time

TINY_N = 20
TABLE_N = 2000
LARGE_N = 20000
STEPS = 250


def inputs(n):
    return (n, STEPS)


def brownian_gauss(paths, steps):
    random.seed(7)
    dt = 1.0 / steps
    sd = math.sqrt(dt)
    mu, sigma = 0.05, 0.2
    total = 0.0
    hit = 0
    for k in range(paths):
        s = 100.0
        top = s
        for t in range(steps):
            dw = random.gauss(0.0, sd)
            s = s * math.exp((mu - 0.5 * sigma * sigma) * dt + sigma * dw)
            if s > top:
                top = s
        total += top
        if top > 130.0:
            hit += 1
    return total / paths, hit


def checksum(result):
    return result[0] + result[1]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = brownian_gauss(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
