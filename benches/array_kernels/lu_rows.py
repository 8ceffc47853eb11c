"""lu_rows: Doolittle LU without pivoting through row slices (PolyBench lu, numpy
style): `A[i, k + 1:] -= A[i, k] * A[k, k + 1:]`, row k read while row i is written.
"""

import sys
import time

import numpy as np

TINY_N = 12
TABLE_N = 400
LARGE_N = 1200


def inputs(n):
    i = np.arange(n, dtype=np.float64).reshape(n, 1)
    j = np.arange(n, dtype=np.float64).reshape(1, n)
    A = 1.0 / (1.0 + np.abs(i - j)) + n * np.eye(n)
    return (A,)


def lu_rows(A):
    n = A.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            A[i, k] /= A[k, k]
            A[i, k + 1:] -= A[i, k] * A[k, k + 1:]
    return A


def checksum(A):
    return float(A.sum()) + float(np.diag(A).sum())


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = lu_rows(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
