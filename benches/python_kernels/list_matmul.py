"""list_matmul: a matrix product over lists of lists of Python floats, the triple loop
of pure-Python benchmark suites (`C[i][j] = s` with `s += A[i][k] * B[k][j]`); compiled,
the items are read in place and the stores go through the VM's helpers.
"""

import sys
import time

TINY_N = 8
TABLE_N = 120
LARGE_N = 200


def inputs(n):
    A = [[float((i * n + j) % 13) - 6.0 for j in range(n)] for i in range(n)]
    B = [[float((i + 2 * j) % 7) * 0.5 for j in range(n)] for i in range(n)]
    return A, B, n


def list_matmul(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(n):
                s += A[i][k] * B[k][j]
            C[i][j] = s
    return C


def checksum(result):
    return float(sum(sum(row) for row in result) + sum(r[0] for r in result))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = list_matmul(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
