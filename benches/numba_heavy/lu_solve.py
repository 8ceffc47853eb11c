# lu_solve from tests/numba/, at a size where the work outweighs start-up.
# lu_solve: Doolittle LU factorisation without pivoting, then forward and back substitution for several right-hand sides.
# Exercises: @jit(nopython=True), in-place k-i-j update loops, triangular solves with inner reduction loops, a helper jitted function called from jitted code.
import numpy as np
from numba import jit


@jit(nopython=True)
def lu(A):
    n = A.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            A[i, k] /= A[k, k]
            for j in range(k + 1, n):
                A[i, j] -= A[i, k] * A[k, j]


@jit(nopython=True)
def lu_solve(LU, b):
    n = LU.shape[0]
    y = np.empty(n)
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= LU[i, j] * y[j]
        y[i] = s
    x = np.empty(n)
    for i in range(n - 1, -1, -1):
        s = y[i]
        for j in range(i + 1, n):
            s -= LU[i, j] * x[j]
        x[i] = s / LU[i, i]
    return x


@jit(nopython=True)
def solve_many(LU, B):
    X = np.empty_like(B)
    for c in range(B.shape[1]):
        X[:, c] = lu_solve(LU, B[:, c].copy())
    return X


def main():
    n = 300
    i = np.arange(n, dtype=np.float64).reshape(n, 1)
    j = np.arange(n, dtype=np.float64).reshape(1, n)
    B = np.stack([np.arange(n) % 3 - 1.0 + c for c in range(8)], axis=1)
    for diag in (n, n / 2, 4.0):
        A = 1.0 / (1.0 + np.abs(i - j)) + diag * np.eye(n)
        LU = A.copy()
        lu(LU)
        print(LU[0, :4], LU[n - 1, n - 4:])
        X = solve_many(LU, B)
        print(X[:4, 0], X[n - 3:, 7])
        print(round(float(np.abs(A @ X - B).max()), 12))


main()
