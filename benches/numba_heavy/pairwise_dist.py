# pairwise_dist from tests/numba/, at a size where the work outweighs start-up.
# pairwise_dist: Euclidean distance matrix of random 3-D points and each point's nearest neighbour.
# Exercises: @jit(nopython=True), nested loops with an inner coordinate loop, math.sqrt on scalars, np.empty in jitted code, argmin-by-hand with an int index.
import math
import numpy as np
from numba import jit


@jit(nopython=True)
def pairwise(X):
    n, d = X.shape
    D = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(d):
                diff = X[i, k] - X[j, k]
                s += diff * diff
            D[i, j] = math.sqrt(s)
    return D


@jit(nopython=True)
def nearest(D):
    n = D.shape[0]
    idx = np.zeros(n, dtype=np.int64)
    for i in range(n):
        best = np.inf
        for j in range(n):
            if j != i and D[i, j] < best:
                best = D[i, j]
                idx[i] = j
    return idx


def main():
    rng = np.random.default_rng(0)
    X = rng.random((1500, 3))
    for rep in range(3):
        D = pairwise(X + rep)
        nn = nearest(D)
    print(D[0, :4])
    print(D[59, 55:60])
    print(D.max(), D[17, 42])
    print(nn[:20])
    print(int(nn.sum()))


main()
