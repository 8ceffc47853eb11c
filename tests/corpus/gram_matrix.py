# gram_matrix: Gram matrix of sample rows filled symmetrically with np.dot, then simple statistics.
# Exercises: G[i, j] = G[j, i] = np.dot(x[i], x[j]) in a triangular loop, np.trace, G.max(), np.max(G, axis=0).
import numpy as np


def gram(x):
    n = x.shape[0]
    G = np.zeros((n, n))
    for i in range(n):  # hot
        for j in range(i, n):  # hot
            G[i, j] = G[j, i] = np.dot(x[i], x[j])
    return G


def main():
    n, d = 60, 10
    t = np.arange(n * d).reshape(n, d)
    x = ((t * 13) % 17 - 8.0) / 4.0
    G = gram(x)
    print(G[0, :6])
    print(repr(np.trace(G)), repr(G.max()), repr(G.min()))
    print(np.max(G, axis=0)[:8])
    print(bool(np.array_equal(G, x @ x.T)))


main()
