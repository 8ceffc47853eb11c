# gram_schmidt: modified Gram-Schmidt QR (PolyBench gramschmidt) with column slices and scalar loops.
# Exercises: nrm accumulated in a scalar loop, R[k, k] = np.sqrt(nrm), Q[:, k] = A[:, k] / R[k, k], A[:, j] -= Q[:, k] * R[k, j].
import numpy as np


def mgs(A):
    m, n = A.shape
    Q = np.zeros((m, n))
    R = np.zeros((n, n))
    for k in range(n):
        nrm = 0.0
        for i in range(m):  # hot
            nrm += A[i, k] * A[i, k]
        R[k, k] = np.sqrt(nrm)
        Q[:, k] = A[:, k] / R[k, k]
        for j in range(k + 1, n):  # hot
            r = 0.0
            for i in range(m):  # hot
                r += Q[i, k] * A[i, j]
            R[k, j] = r
            A[:, j] = A[:, j] - Q[:, k] * R[k, j]
    return Q, R


def main():
    m, n = 30, 20
    i = np.arange(m, dtype=np.float64).reshape(m, 1)
    j = np.arange(n, dtype=np.float64).reshape(1, n)
    A = ((i * j) % m) / m * 100.0 + 10.0 * (i == j)
    Q, R = mgs(A.copy())
    print(R[0, :5])
    print(R[n - 1, n - 1], Q[0, :3])
    print(repr(R[5, 9]), repr(Q[29, 19]))


main()
