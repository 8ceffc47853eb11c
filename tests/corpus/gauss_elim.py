# gauss_elim: Gaussian elimination with partial pivoting on an augmented matrix, then back substitution.
# Exercises: np.argmax(np.abs(M[k:, k])) pivot search, row swap via fancy index M[[k, p]] = M[[p, k]], row-slice elimination.
import numpy as np


def build(n):
    t = np.arange(n, dtype=np.float64)
    A = (t.reshape(n, 1) * 5.0 + t.reshape(1, n) * 2.0) % 9.0 - 4.0
    A += np.diag(1.0 + t % 3)
    b = (t * t) % 5.0 - 2.0
    return A, b


def eliminate(M):
    n = M.shape[0]
    for k in range(n):  # hot, interpreted: an index by a list (fancy indexing, `M[[k, p]]`) stays interpreted
        p = k + int(np.argmax(np.abs(M[k:, k])))
        if p != k:
            M[[k, p]] = M[[p, k]]
        for i in range(k + 1, n):  # hot
            f = M[i, k] / M[k, k]
            M[i, k:] = M[i, k:] - f * M[k, k:]
    return M


def back_substitute(M):
    n = M.shape[0]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):  # hot
        s = M[i, n]
        for j in range(i + 1, n):  # hot
            s -= M[i, j] * x[j]
        x[i] = s / M[i, i]
    return x


def main():
    n = 50
    A, b = build(n)
    M = np.zeros((n, n + 1))
    M[:, :n] = A
    M[:, n] = b
    M = eliminate(M)
    x = back_substitute(M)
    print(x[:6])
    print(x[-4:])
    print(bool(np.abs(A @ x - b).max() < 1e-9))
    print(repr(M[n - 1, n - 1]))


main()
