# floyd_warshall: all-pairs shortest paths (npbench floyd_warshall style).
# Exercises: row-slice relax dist[i, :] = np.minimum(dist[i, :], dist[i, k] + dist[k, :]) in a k/i double loop.
import numpy as np


def make_graph(n):
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    w = ((i * 7 + j * 3) % 13 + 1).astype(np.float64)
    dist = np.where((i * j + 1) % 7 == 0, 999.0, w)
    for k in range(n):  # hot
        dist[k, k] = 0.0
    return dist


def floyd(dist):
    n = dist.shape[0]
    for k in range(n):  # hot
        for i in range(n):  # hot
            dist[i, :] = np.minimum(dist[i, :], dist[i, k] + dist[k, :])
    return dist


def main():
    n = 60
    d = floyd(make_graph(n))
    print(d[0, :10])
    print(d[17, 40:50])
    print(repr(d.max()), repr(d.sum()))


main()
