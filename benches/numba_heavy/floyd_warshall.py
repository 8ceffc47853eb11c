# floyd_warshall from tests/numba/, at a size where the work outweighs start-up.
# floyd_warshall: all-pairs shortest paths on an integer-weighted graph, plus reachability counts.
# Exercises: @njit, triple k-i-j loop with min-update on an int64 matrix, a large-int "infinity", a boolean reduction loop.
import numpy as np
from numba import njit


@njit
def floyd_warshall(dist):
    n = dist.shape[0]
    for k in range(n):
        for i in range(n):
            dik = dist[i, k]
            for j in range(n):
                alt = dik + dist[k, j]
                if alt < dist[i, j]:
                    dist[i, j] = alt


@njit
def reach_counts(dist, inf):
    n = dist.shape[0]
    counts = np.zeros(n, dtype=np.int64)
    for i in range(n):
        for j in range(n):
            if dist[i, j] < inf:
                counts[i] += 1
    return counts


def main():
    n = 300
    inf = 10 ** 9
    i = np.arange(n).reshape(n, 1)
    j = np.arange(n).reshape(1, n)
    w = (i * 7 + j * 3) % 11 + 1
    dist = np.where(((i * j + i) % 5 == 0) | (j == i + 1), w, inf).astype(np.int64)
    np.fill_diagonal(dist, 0)
    dist[n - 1, :] = inf
    dist[n - 1, n - 1] = 0
    base = dist.copy()
    for extra in (0, 2, 5):
        dist = base + extra * (base < inf) * (base > 0)
        floyd_warshall(dist)
        print(dist[0, :10])
        print(dist[13, 10:20])
        print(reach_counts(dist, inf))
        d2 = np.minimum(dist, 100)
        print(int(d2.sum()), int(dist[dist < inf].max()))


main()
