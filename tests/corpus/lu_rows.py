# lu_rows: in-place Doolittle LU factorisation without pivoting (PolyBench lu style).
# Exercises: A[i, k] /= A[k, k] pivot read, row-slice update A[i, k+1:] -= A[i, k] * A[k, k+1:].
import numpy as np


def make_matrix(n):
    i = np.arange(n, dtype=np.float64).reshape(n, 1)
    j = np.arange(n, dtype=np.float64).reshape(1, n)
    A = 1.0 / (1.0 + np.abs(i - j)) + ((i + 2 * j) % 5) * 0.1
    A += n * np.eye(n)
    return A


def lu(A):
    n = A.shape[0]
    for k in range(n):  # hot
        for i in range(k + 1, n):  # hot
            A[i, k] /= A[k, k]
            A[i, k + 1:] -= A[i, k] * A[k, k + 1:]
    return A


def main():
    n = 60
    A0 = make_matrix(n)
    A = lu(A0.copy())
    print(A[0, :5])
    print(A[1, :5])
    print(A[n - 1, n - 5:])
    print(repr(A[30, 29]), repr(A[59, 59]))


main()
