"""monte_carlo_pi: the fraction of random points in the unit circle, drawn with
`random.random()` from the standard library's generator; compiled, each draw is a call
of kiln's `_random` on the interpreter's own generator, so the sequence is Python's.
"""

import random
import sys
import time

TINY_N = 1000
TABLE_N = 400_000
LARGE_N = 4_000_000


def inputs(n):
    return (n,)


def monte_carlo_pi(n):
    random.seed(12345)
    hits = 0
    for i in range(n):
        x = random.random()
        y = random.random()
        if x * x + y * y < 1.0:
            hits += 1
    return 4.0 * hits / n


def checksum(result):
    return result


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = monte_carlo_pi(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
