"""list_rows_matmul: matrix product of lists of lists with the rows hoisted into names,
as hand-tuned pure Python writes it (`Ai = A[i]`, `Ci[j] += aik * Bk[j]`); compiled,
each name is its row's index, and items are read in place.
"""

import sys
import time

TINY_N = 6
TABLE_N = 120
LARGE_N = 200


def inputs(n):
    A = [[(i * 7 + j * 3) % 11 * 0.25 for j in range(n)] for i in range(n)]
    B = [[(i + 2 * j) % 5 - 2.0 for j in range(n)] for i in range(n)]
    return A, B, n


def list_rows_matmul(A, B, n):
    C = [[0.0] * n for _ in range(n)]
    for i in range(n):
        Ai = A[i]
        Ci = C[i]
        for k in range(n):
            aik = Ai[k]
            Bk = B[k]
            for j in range(n):
                Ci[j] += aik * Bk[j]
    return C


def checksum(result):
    return sum(sum(row) for row in result) + result[-1][-1]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = list_rows_matmul(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
