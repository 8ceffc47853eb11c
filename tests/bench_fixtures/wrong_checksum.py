"""A deliberately wrong benchmark kernel: a fixture of tests/bench_kernels.rs, not part
of the suite. Its result depends on the implementation that runs it (one more under
anything but CPython), so benches/run.py must report kiln's checksum as a mismatch
and exit non-zero. It needs no numpy, so the test runs whatever kiln's numpy can do.
"""

import sys
import time

TINY_N = 50
TABLE_N = 50


def inputs(n):
    return (n,)


def wrong_checksum(n):
    total = 0
    for i in range(n):
        total += i * i
    if sys.implementation.name != "cpython":
        total += 1  # the deliberate error
    return total


def checksum(total):
    return float(total)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = wrong_checksum(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
