# grant: fastmath, partial sums
# cosine_fastmath: cosine similarity of every pair of rows with dot-product and norm reductions compiled with fastmath.
# Exercises: @njit(fastmath=True); three reductions fused in one inner loop; np.sqrt of scalars; symmetric fill of an output matrix; results printed to 9 significant digits.
import numpy as np
from numba import njit


@njit(fastmath=True)
def cosine_matrix(X):
    n, d = X.shape
    S = np.empty((n, n))
    for i in range(n):  # hot
        for j in range(i, n):  # hot
            dot = 0.0
            na = 0.0
            nb = 0.0
            for k in range(d):  # hot
                dot += X[i, k] * X[j, k]
                na += X[i, k] * X[i, k]
                nb += X[j, k] * X[j, k]
            s = dot / (np.sqrt(na) * np.sqrt(nb))
            S[i, j] = s
            S[j, i] = s
    return S


def fmt(values):
    return " ".join("%.9g" % v for v in values)


def main():
    rng = np.random.default_rng(0)
    X = rng.random((30, 16)) - 0.25
    S = cosine_matrix(X)
    print(fmt(S[0, :6]))
    print(fmt(S[29, 24:]))
    best = -2.0
    pair = (0, 0)
    for i in range(30):
        for j in range(i + 1, 30):  # hot
            if S[i, j] > best:
                best = S[i, j]
                pair = (i, j)
    print("%.9g" % best, pair[0], pair[1])
    for width in (4, 8):
        S2 = cosine_matrix(X[:, :width].copy())
        print(fmt(S2[3, :5]))


main()
