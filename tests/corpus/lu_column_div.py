# lu_column_div: right-looking LU where the multipliers are formed by dividing a column slice by the pivot.
# Exercises: A[k+1:, k] /= A[k, k], then per-row trailing update A[i, k+1:] -= A[i, k] * A[k, k+1:]; solves L U x = b.
import numpy as np


def factor(A):
    n = A.shape[0]
    for k in range(n - 1):  # hot
        A[k + 1:, k] /= A[k, k]
        for i in range(k + 1, n):  # hot
            A[i, k + 1:] -= A[i, k] * A[k, k + 1:]
    return A


def solve(LU, b):
    n = LU.shape[0]
    y = b.copy()
    for i in range(1, n):  # hot
        for j in range(i):  # hot
            y[i] -= LU[i, j] * y[j]
    x = y.copy()
    for i in range(n - 1, -1, -1):  # hot
        for j in range(i + 1, n):  # hot
            x[i] -= LU[i, j] * x[j]
        x[i] /= LU[i, i]
    return x


def main():
    n = 52
    t = np.arange(n, dtype=np.float64)
    A = (t.reshape(n, 1) * 3.0 + t.reshape(1, n) * 5.0) % 7.0 - 3.0
    A += 4.0 * n * np.eye(n)
    b = (t % 4) - 1.5
    LU = factor(A.copy())
    x = solve(LU, b)
    print(LU[1:6, 0])
    print(LU[n - 1, -4:])
    print(x[:6])
    print(bool(np.abs(A @ x - b).max() < 1e-12))


main()
