"""edges_bellman_ford: single-source shortest paths by Bellman-Ford over an edge list of
(u, v, w) tuples unpacked in the loop (`for u, v, w in edges`), passes until one relaxes
nothing; compiled, each tuple's elements are read in place (sites/unpacked.rs).
"""

import sys
import time

TINY_N = 20
TABLE_N = 2000
LARGE_N = 8000

INF = float("inf")


def inputs(n):
    h = [float((i * 17) % 11) for i in range(n)]
    edges = []
    for k in range(4 * n):
        u = (k * 7 + 3) % n
        v = (u + 1 + (k * 5) % 3 + 9 * (k % 11 == 0)) % n
        if u == v:
            v = (v + 1) % n
        edges.append((u, v, 0.5 * ((k * 29) % 23) + h[u] - h[v]))
    return (n, edges)


def edges_bellman_ford(n, edges):
    dist = [INF] * n
    dist[0] = 0.0
    passes = 0
    for _ in range(n - 1):
        changed = False
        for u, v, w in edges:
            du = dist[u]
            if du != INF and du + w < dist[v]:
                dist[v] = du + w
                changed = True
        passes += 1
        if not changed:
            break
    return dist, passes


def checksum(result):
    dist, passes = result
    return sum(d for d in dist if d != INF) + passes


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = edges_bellman_ford(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
