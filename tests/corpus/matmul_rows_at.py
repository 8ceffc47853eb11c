# matmul_rows_at: matrix product where each entry is a row-by-column dot with the @ operator.
# Exercises: c[i, j] = a[i, :] @ b[:, j] in a double loop, s += a[i, :] @ b[:, j] accumulation; dyadic data so sums are exact.
import numpy as np


def matmul_rows(a, b):
    n = a.shape[0]
    p = b.shape[1]
    c = np.zeros((n, p))
    for i in range(n):  # hot
        for j in range(p):  # hot
            c[i, j] = a[i, :] @ b[:, j]
    return c


def trace_of_product(a, b):
    s = 0.0
    for i in range(a.shape[0]):  # hot
        s += a[i, :] @ b[:, i]
    return s


def main():
    n = 50
    t = np.arange(n * n, dtype=np.float64).reshape(n, n)
    a = (t % 9 - 4.0) / 4.0
    b = ((t * 5) % 11 - 5.0) / 8.0
    c = matmul_rows(a, b)
    print(c[0, :6])
    print(c[n - 1, -4:])
    print(repr(trace_of_product(a, b)), repr(np.trace(c)))
    print(bool(np.array_equal(c, a @ b)))


main()
