"""reduction: the sum of n float64 values, accumulated left to right in a scalar.

Yang et al.'s rd (1 to 16 million floats there): one loop carrying a scalar sum. The
order of the additions is the program's, so every contender gets the same bits.
"""

import sys
import time

import numpy as np

# Sizes (benches/run.py): TINY_N for the test suite, TABLE_N for the default table
# (about 0.4 s under CPython), LARGE_N for --size large (Numba warm about 10-40 ms).
TINY_N = 10
TABLE_N = 1500000
LARGE_N = 16000000


def inputs(n):
    i = np.arange(n)
    return ((((i * 7) % 1009) / 1009.0 - 0.5),)


def reduction(a):
    total = 0.0
    for i in range(a.shape[0]):
        total += a[i]
    return total


def checksum(total):
    return float(total)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = reduction(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
