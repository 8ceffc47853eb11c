# matmul_triple from tests/numba/, at a size where the work outweighs start-up.
# matmul_triple: naive i-k-j triple-loop matrix product on dyadic data, checked against a no-loop A @ B.
# Exercises: bare @njit, np.zeros inside a jitted function, C[i, j] += A[i, k] * B[k, j], shape unpacking, A @ B in nopython mode.
import numpy as np
from numba import njit


@njit
def matmul(A, B):
    n, m = A.shape
    p = B.shape[1]
    C = np.zeros((n, p))
    for i in range(n):
        for k in range(m):
            a = A[i, k]
            for j in range(p):
                C[i, j] += a * B[k, j]
    return C


@njit
def matmul_at(A, B):
    return A @ B


def main():
    n = 200
    A = ((np.arange(n * n).reshape(n, n) * 7) % 13 - 6) / 8.0
    B = ((np.arange(n * n).reshape(n, n).T * 5) % 11 - 5) / 4.0
    C = np.zeros((n, n))
    for rep in range(4):
        C = matmul(A, B + rep)
    for rep in range(3):
        D = matmul_at(A, B + rep + 1)
    print(C[0, :6])
    print(C[n - 1, n - 6:])
    print(C.sum(), np.abs(C - D).max())
    print(C[5, 7], C[17, 2])


main()
