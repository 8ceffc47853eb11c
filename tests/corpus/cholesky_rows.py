# cholesky_rows: npbench-style in-place Cholesky factorisation of an SPD matrix.
# Exercises: A[i, j] -= (A[i, :j] * A[j, :j]).sum(), A[i, j] /= A[j, j], A[i, i] = np.sqrt(A[i, i]) in a triangular loop.
import numpy as np


def spd(n):
    i = np.arange(n, dtype=np.float64).reshape(n, 1)
    j = np.arange(n, dtype=np.float64).reshape(1, n)
    B = ((i * 3 + j * 7) % 11 - 5.0) / 8.0
    return B @ B.T + n * np.eye(n)


def cholesky(A):
    n = A.shape[0]
    A[0, 0] = np.sqrt(A[0, 0])
    for i in range(1, n):  # hot
        for j in range(i):  # hot
            A[i, j] -= (A[i, :j] * A[j, :j]).sum()
            A[i, j] /= A[j, j]
        A[i, i] -= (A[i, :i] * A[i, :i]).sum()
        A[i, i] = np.sqrt(A[i, i])
    for i in range(n):  # hot
        A[i, i + 1:] = 0.0
    return A


def main():
    n = 55
    A = spd(n)
    L = cholesky(A.copy())
    print(L[:4, :4])
    print(L[n - 1, -5:])
    print(repr(L[20, 10]), repr(np.diag(L).max()))


main()
