"""matmul_rows_at: a matrix product as a loop over rows and columns of `@` products of
a row and a column (`c[i, j] = a[i, :] @ b[:, j]`), as teaching code writes it.
"""

import sys
import time

import numpy as np

TINY_N = 8
TABLE_N = 160
LARGE_N = 500


def inputs(n):
    a = np.arange(n * n, dtype=np.float64).reshape(n, n) % 7 / 8.0
    b = np.arange(n * n, dtype=np.float64).reshape(n, n) % 5 / 4.0
    return a, b, np.zeros((n, n))


def matmul_rows_at(a, b, c):
    n, m = c.shape
    for i in range(n):
        for j in range(m):
            c[i, j] = a[i, :] @ b[:, j]
    return c


def checksum(c):
    return float(c.sum()) + float(c[::3].sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = matmul_rows_at(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
