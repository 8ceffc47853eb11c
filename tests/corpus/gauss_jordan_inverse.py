# gauss_jordan_inverse: matrix inverse by Gauss-Jordan elimination on [A | I].
# Exercises: pivot row normalisation M[k, :] /= M[k, k], full-row elimination M[i, :] -= M[i, k] * M[k, :] for i != k.
import numpy as np


def inverse(A):
    n = A.shape[0]
    M = np.zeros((n, 2 * n))
    M[:, :n] = A
    M[:, n:] = np.eye(n)
    for k in range(n):  # hot
        M[k, :] /= M[k, k]
        for i in range(n):  # hot
            if i != k:
                M[i, :] -= M[i, k] * M[k, :]
    return M[:, n:]


def main():
    n = 50
    t = np.arange(n, dtype=np.float64)
    A = 1.0 / (1.0 + (t.reshape(n, 1) - t.reshape(1, n)) ** 2) + n * np.eye(n) / 4.0
    Ainv = inverse(A)
    print(Ainv[0, :5])
    print(Ainv[n // 2, n // 2 - 2:n // 2 + 3])
    print(bool(np.abs(A @ Ainv - np.eye(n)).max() < 1e-12))


main()
