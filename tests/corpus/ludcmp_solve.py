# ludcmp_solve: PolyBench ludcmp: Crout-like LU with scalar inner products, then forward/back substitution.
# Exercises: w = A[i, j]; for k in range(j): w -= A[i, k] * A[k, j]; A[i, j] = w / A[j, j]; triple nested scalar loops.
import numpy as np


def ludcmp(A, b):
    n = A.shape[0]
    for i in range(n):  # hot
        for j in range(i):  # hot
            w = A[i, j]
            for k in range(j):  # hot
                w -= A[i, k] * A[k, j]
            A[i, j] = w / A[j, j]
        for j in range(i, n):  # hot
            w = A[i, j]
            for k in range(i):  # hot
                w -= A[i, k] * A[k, j]
            A[i, j] = w
    y = np.zeros(n)
    for i in range(n):  # hot
        w = b[i]
        for j in range(i):  # hot
            w -= A[i, j] * y[j]
        y[i] = w
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):  # hot
        w = y[i]
        for j in range(i + 1, n):  # hot
            w -= A[i, j] * x[j]
        x[i] = w / A[i, i]
    return x


def main():
    n = 50
    fn = float(n)
    t = np.arange(n, dtype=np.float64)
    A = ((-t.reshape(1, n)) % n) / fn + 1.0 + np.zeros((n, 1))
    A = A + n * np.eye(n)
    b = (t + 1) / fn / 2.0 + 4.0
    x = ludcmp(A.copy(), b)
    print(x[:5])
    print(x[-3:])
    print(repr(x[25]))


main()
