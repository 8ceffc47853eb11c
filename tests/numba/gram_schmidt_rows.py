# gram_schmidt_rows: modified Gram-Schmidt orthonormalisation of the rows of a matrix, then projection of vectors onto the row space.
# Exercises: @njit; np.dot(Q[j], v) row products inside loops; array expressions v -= r * Q[j] and Q[i] = v / norm inside loops; np.sqrt of a scalar; results printed rounded (dot order is BLAS's).
import numpy as np
from numba import njit


@njit
def mgs_rows(A):
    m, n = A.shape
    Q = np.zeros((m, n))
    R = np.zeros((m, m))
    for i in range(m):
        v = A[i].copy()
        for j in range(i):  # hot
            r = np.dot(Q[j], v)
            R[j, i] = r
            v -= r * Q[j]
        norm = np.sqrt(np.dot(v, v))
        R[i, i] = norm
        Q[i] = v / norm
    return Q, R


@njit
def project(Q, x):  # hot
    p = np.zeros_like(x)
    for j in range(Q.shape[0]):  # hot
        p += np.dot(Q[j], x) * Q[j]
    return p


def main():
    m, n = 10, 24
    i = np.arange(m).reshape(m, 1)
    j = np.arange(n).reshape(1, n)
    A = ((i + 1) * (j + 3) % 7 - 3) / 2.0 + np.eye(m, n)
    for shift in (1.5, 0.5, 0.0):
        Q, R = mgs_rows(A + shift * np.eye(m, n))
        print(np.round(np.diag(R), 9))
        print(np.round(Q[0, :6], 9), np.round(Q[m - 1, :6], 9))
    G = Q @ Q.T
    print(round(float(np.abs(G - np.eye(m)).max()), 9))
    res = 0.0
    for k in range(30):
        x = ((np.arange(n) * (k + 2)) % 9 - 4) / 4.0
        p = project(Q, x)
        res = max(res, float(np.abs(project(Q, p) - p).max()))
    print(np.round(p[:6], 9), round(res, 9))


main()
