"""The control for wrong_checksum.py (a fixture of tests/bench_kernels.rs): the same
kernel without the deliberate error, so benches/run.py must accept kiln's checksum
and exit 0. It needs no numpy.
"""

import sys
import time

TINY_N = 50
TABLE_N = 50


def inputs(n):
    return (n,)


def right_checksum(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def checksum(total):
    return float(total)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = right_checksum(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
