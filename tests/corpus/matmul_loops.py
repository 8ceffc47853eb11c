# matmul_loops: textbook triple-loop matrix multiply (i, j, k order and i, k, j order).
# Exercises: c[i, j] += a[i, k] * b[k, j] on 2-D arrays, hoisted scalar aik = a[i, k], nested range loops.
import numpy as np


def matmul_ijk(a, b):
    n, m = a.shape
    p = b.shape[1]
    c = np.zeros((n, p))
    for i in range(n):
        for j in range(p):  # hot
            for k in range(m):  # hot
                c[i, j] += a[i, k] * b[k, j]
    return c


def matmul_ikj(a, b):
    n, m = a.shape
    p = b.shape[1]
    c = np.zeros((n, p))
    for i in range(n):
        for k in range(m):  # hot
            aik = a[i, k]
            for j in range(p):  # hot
                c[i, j] += aik * b[k, j]
    return c


def main():
    n = 20
    a = np.linspace(-1.0, 1.0, n * n).reshape(n, n)
    b = (np.arange(n * n, dtype=np.float64).reshape(n, n) % 7) / 3.0
    c1 = matmul_ijk(a, b)
    c2 = matmul_ikj(a, b)
    print(c1[0, :5])
    print(c1[n - 1, -3:])
    print(repr(c1[7, 11]), repr(c2[7, 11]))
    print(bool(np.abs(c1 - c2).max() < 1e-12))


main()
